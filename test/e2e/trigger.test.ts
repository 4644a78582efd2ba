/**
 * The Print Store Trigger in the real n8n: Create in the same workflow derives its production URLs
 * (the secret from the credential both nodes use) and sends them, the sandbox posts real callbacks to them, and each status change
 * starts exactly one execution. Forged and malformed callbacks start nothing. A trigger n8n cannot
 * publish (no credential and no Callback Secret, or a catch-up that does not know its store) is not
 * published, and n8n says why.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { isFinishedWithData } from '../../scripts/n8n/client';
import type { Execution, WorkflowJson, WorkflowNode } from '../../scripts/n8n/client';
import { nodeOutput } from '../../scripts/n8n/executions';
import { waitFor } from '../../scripts/n8n/process';
import { PACKAGE_NODE_PREFIX, printStoreTestWorkflow } from '../../scripts/n8n/workflows';
import { callbackSecretOf, executionJsonWithoutN8nCopies } from '../helpers/secrets';
import { triggerNode as catchUpTrigger } from './helpers/catch-up';
import { describeE2E, describeIn, e2e, expectSuccess, setupList, testIn, testOnce } from './helpers/harness';

const TRIGGER = 'Print Store Trigger';
const TRIGGER_TYPE = `${PACKAGE_NODE_PREFIX}printStoreTrigger`;

/** The trigger with the run's credential, as a user sets it up (the same credential as Create's). */
function triggerNode(parameters: Record<string, unknown> = {}): WorkflowNode {
	return {
		id: randomUUID(),
		name: TRIGGER,
		type: TRIGGER_TYPE,
		typeVersion: 1,
		position: [0, 300],
		webhookId: randomUUID(),
		parameters: { events: ['status', 'details'], options: {}, ...parameters },
		credentials: { printStoreOAuth2Api: e2e().state.credential },
	};
}

/** Manual Trigger → items → Print Store > Create (callbacks from the trigger), plus the trigger itself. */
function orderingWorkflow(title: string, items: Array<Record<string, unknown>>, trigger: WorkflowNode | undefined, createParameters: Record<string, unknown> = {}) {
	const { state } = e2e();
	const built = printStoreTestWorkflow({
		name: `e2e trigger: ${title}`,
		credential: state.credential,
		items,
		nodeName: 'Create orders',
		parameters: {
			resource: 'order',
			operation: 'create',
			storeId: state.sandbox.storeId,
			inputMode: 'json',
			orderItemJson: '={{ JSON.stringify($json.order) }}',
			statusCallbacks: 'trigger',
			...createParameters,
		},
	});
	if (trigger) built.workflow.nodes.push(trigger);
	return built;
}

const order = (reference: string) => ({
	order: {
		Product: { ID: 'postcard-4x6', Quantity: 50 },
		Recipient: { NameFirst: 'Trigger', NameLast: 'Test', AddressLine1: '1 Callback Road', City: 'Springfield', Country: 'US' },
		PartnerOrderReference: reference,
	},
});

const webhookExecutions = (executions: Execution[]) => executions.filter((execution) => execution.mode === 'webhook');

async function triggerItems(workflowId: string, count: number) {
	const { client } = e2e();
	const executions = webhookExecutions(await client.waitForExecutions(workflowId, count + 1));
	return executions.map((execution) => {
		expect(execution.status).toBe('success');
		return nodeOutput(execution, TRIGGER);
	});
}

/** The trigger's item of each of `count` webhook executions, checking each carried exactly one. */
async function oneItemEach(workflowId: string, count: number) {
	return (await triggerItems(workflowId, count)).map((items) => {
		expect(items).toHaveLength(1);
		return items[0];
	});
}

/** Waits until the sandbox has no callback left to deliver for these orders. */
async function callbacksSettled(orderIds: string[], expected: number) {
	const { sandbox } = e2e();
	const deadline = Date.now() + 60_000;
	for (;;) {
		const deliveries = (await sandbox.callbacks()).filter((d) => orderIds.includes(String(d.orderId)) && d.outcome === 'delivered');
		if (deliveries.length >= expected) return deliveries;
		if (Date.now() > deadline) throw new Error(`only ${deliveries.length} of ${expected} callbacks delivered`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

/**
 * Sends one more valid callback (a sentinel) and waits, with a deadline, until its execution has
 * finished, and every execution started before it too: every request sent before it has been
 * answered by then, and anything they started is listed. Returns the finished webhook executions
 * other than the sentinel's. Unlike a fixed quiet window, a late extra execution cannot slip past:
 * it is listed before the sentinel's, or it was never started.
 */
async function executionsBeforeSentinel(workflowId: string, callbackUrl: string): Promise<Execution[]> {
	const { client } = e2e();
	const sentinel = `sentinel-${randomUUID()}`;
	const answer = await fetch(callbackUrl, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ OrderID: sentinel, StatusID: 1, StatusDescription: 'Received' }),
	});
	expect(answer.status).toBe(200);
	const orderIds = (execution: Execution) => nodeOutput(execution, TRIGGER).map((item) => String(item.OrderID));
	const deadline = Date.now() + 60_000;
	for (;;) {
		const executions = webhookExecutions(await client.listExecutions(workflowId));
		const finished = executions.filter(isFinishedWithData);
		const sentinelRun = finished.find((execution) => orderIds(execution).includes(sentinel));
		// An execution started before the sentinel's can finish after it (seen on n8n 2.35.7): wait for those too.
		const earlierRunning = executions.some((execution) => sentinelRun && Number(execution.id) < Number(sentinelRun.id) && !finished.includes(execution));
		// Earlier sentinels (of earlier tests on the same workflow) are left out too.
		if (sentinelRun && !earlierRunning) {
			return finished.filter((execution) => !orderIds(execution).some((id) => id.startsWith('sentinel-'))).reverse();
		}
		if (Date.now() > deadline) throw new Error(`the sentinel callback's execution did not finish within 60 s`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

/**
 * Publishes two triggers n8n must refuse (no credential and no Callback Secret; a catch-up that does not
 * know its store) and returns what n8n answered to each. n8n 1.x on SQLite fails writes of two
 * workflows at once ("no such savepoint") and answers at once: one after the other there.
 */
async function refusedPublishes(): Promise<string[]> {
	const { client } = e2e();
	const { credentials: _none, ...withoutCredential } = triggerNode();
	// None picked, and the sandbox account has several stores.
	const withoutStore = catchUpTrigger({ enrichStoreId: { __rl: true, mode: 'list', value: '' } });
	const saved = [];
	for (const [name, node] of [
		['e2e trigger: no credential', withoutCredential],
		['e2e trigger: catch-up without a store', withoutStore],
	] as const) {
		saved.push(await client.createWorkflow({ name, nodes: [node], connections: {}, settings: { executionOrder: 'v1' } }));
	}
	const refused = async (id: string) => {
		const outcome = await client.activateWorkflow(id).then(
			() => 'published',
			(error: Error) => error.message,
		);
		await client.deactivateWorkflow(id).catch(() => undefined);
		return outcome;
	};
	if (e2e().state.n8n.version.startsWith('1.')) return [await refused(saved[0].id), await refused(saved[1].id)];
	return await Promise.all(saved.map((workflow) => refused(workflow.id)));
}

describeE2E('Print Store Trigger in the real n8n', () => {
	/** n8n 2.x: the refused publishes of "a trigger n8n cannot publish", started as the file begins (15 s of n8n's retries). */
	let refusing: Promise<string[]> | undefined;
	beforeAll(() => {
		if ((setupList === 'every' || setupList === 'n8n1') && !e2e().state.n8n.version.startsWith('1.')) {
			refusing = refusedPublishes();
			// Handled where it is awaited; not an unhandled rejection meanwhile.
			refusing.catch(() => undefined);
		}
	});

	// Create derives its URLs from the workflow n8n gives it (n8nInternals/workflow.ts), which 1.x may give otherwise. In queue mode:
	// queue-mode.queue.test.ts (derived URLs on main and on the worker, every order's status changes over both webhook processes).
	testIn('n8n1')('same workflow: Create sends the derived URLs; each status change starts one execution, in order', async () => {
		const { client, sandbox } = e2e();
		const { workflow, triggerName, nodeName } = orderingWorkflow('lifecycle', [order('trigger-a')], triggerNode());
		const saved = await client.createWorkflow(workflow);
		await client.activateWorkflow(saved.id);

		const run = await client.runManually(saved.id, triggerName);
		expect(run.status).toBe('success');
		const [created] = nodeOutput(run, nodeName);
		const details = created.OrderDetails as Record<string, string>;
		const webhookId = (workflow.nodes.find((node) => node.name === TRIGGER) as WorkflowNode).webhookId;
		// The output shows which trigger the order reports to, never the secret the URLs carry.
		// The secret is a path segment (it survives services that drop query strings), then the store.
		const store = e2e().state.sandbox.storeId;
		expect(details.StatusCallbackUrl).toBe(`${client.webhookUrl(`${webhookId}/${webhookId}/status`)}/SECRET-HIDDEN/${store}`);
		expect(details.StatusDetailsCallbackUrl).toBe(`${client.webhookUrl(`${webhookId}/${webhookId}/details`)}/SECRET-HIDDEN/${store}`);
		// The service got the real URLs: the order the sandbox stored carries the trigger's secret.
		const stored = (await sandbox.orders()).find((entry) => entry.ID === created.ID) as unknown as { OrderDetails: Record<string, string> };
		expect(stored.OrderDetails.StatusCallbackUrl).toMatch(new RegExp(`^${client.webhookUrl(`${webhookId}/${webhookId}/status`)}/[0-9a-f]{64}/${store}$`));
		expect(stored.OrderDetails.StatusDetailsCallbackUrl).toMatch(new RegExp(`^${client.webhookUrl(`${webhookId}/${webhookId}/details`)}/[0-9a-f]{64}/${store}$`));

		await sandbox.advance(String(created.ID), { toStatusId: 5 });
		// Received on creation, then In Production, Printed, Shipped, Delivered: five records, two URLs each.
		await callbacksSettled([String(created.ID)], 10);
		const emitted = await oneItemEach(saved.id, 10);
		expect(emitted).toHaveLength(10);
		for (const kind of ['status', 'details']) {
			const events = emitted.filter((item) => item.event === kind);
			expect(events.map((item) => item.StatusDescription)).toEqual(['Received', 'In Production', 'Printed', 'Shipped', 'Delivered']);
			expect(events.map((item) => item.StatusID)).toEqual([1, 2, 3, 4, 5]);
			for (const item of events) {
				expect(item.OrderID).toBe(created.ID);
				expect(item.OrderNumber).toBe(created.OrderNumber);
				expect(Number.isNaN(Date.parse(String(item.Timestamp)))).toBe(false);
				expect(item.raw).toBeDefined();
			}
			const shipped = events[3];
			expect(typeof shipped.TrackingNumber).toBe('string');
			expect(Array.isArray(shipped.Packages)).toBe(true);
			const delivered = events[4];
			expect(typeof delivered.DeliverySignedBy).toBe('string');
		}
		const detailEvents = emitted.filter((item) => item.event === 'details');
		expect(detailEvents.every((item) => item.PartnerOrderReference === 'trigger-a' && item.StoreID === created.StoreID)).toBe(true);
		expect(detailEvents[4].Completed).toBe(true);

		// Deactivation retires the URLs: the service's next callback finds nothing there.
		await client.deactivateWorkflow(saved.id);
		const after = await fetch(details.StatusCallbackUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"StatusID": 5}' });
		expect(after.status).toBe(404);
	});

	// The trigger is found in the workflow n8n gives the node (n8nInternals/workflow.ts), which 1.x may give otherwise.
	testIn('n8n1')('Create with callbacks from the trigger fails clearly when the workflow has no trigger', async () => {
		const { client, sandbox } = e2e();
		const { workflow, triggerName, nodeName } = orderingWorkflow('no trigger', [order('trigger-b')], undefined);
		const saved = await client.createWorkflow(workflow);
		const before = (await sandbox.orders()).length;
		const run = await client.runManually(saved.id, triggerName);
		expect(run.status).toBe('error');
		const error = run.data?.resultData?.runData?.[nodeName]?.[0]?.error as { message?: string; description?: string } | undefined;
		expect(error?.message).toBe('No Print Store Trigger in this workflow');
		expect(error?.description).toMatch(/Add a Print Store Trigger.*Nothing was sent/);
		expect((await sandbox.orders()).length).toBe(before);
	});

	// In queue mode: queue-mode.queue.test.ts (custom URLs from the worker to a listener; deliveries repeated on the other webhook process).
	testOnce('another workflow: custom URLs with a fixed secret; a retried delivery starts one execution', async () => {
		const { client, sandbox, state } = e2e();
		const secret = `fixed-${randomUUID()}`;
		const trigger = triggerNode({ options: { callbackSecret: secret } });
		const listener: WorkflowJson = { name: 'e2e trigger: listener', nodes: [trigger], connections: {}, settings: { executionOrder: 'v1' } };
		const saved = await client.createWorkflow(listener);
		await client.activateWorkflow(saved.id);

		// A relay in front of n8n that reports the first delivery as failed after n8n took it,
		// as a lost acknowledgement would: the sandbox then delivers the same event again.
		const seen = new Map<string, number>();
		const relay = http.createServer((request, response) => {
			const chunks: Buffer[] = [];
			request.on('data', (chunk: Buffer) => chunks.push(chunk));
			request.on('end', async () => {
				const target = new URL(request.url ?? '/', state.n8n.url);
				const answer = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) });
				const delivery = String(request.headers['x-print-store-delivery']);
				const attempt = (seen.get(delivery) ?? 0) + 1;
				seen.set(delivery, attempt);
				response.writeHead(attempt === 1 ? 502 : answer.status, { 'content-type': 'application/json' });
				response.end(await answer.text());
			});
		});
		await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
		try {
			const relayBase = `http://127.0.0.1:${(relay.address() as AddressInfo).port}/webhook/${trigger.webhookId}`;
			const { workflow, triggerName, nodeName } = orderingWorkflow('creator', [order('trigger-c')], undefined, {
				statusCallbacks: 'custom',
				statusCallbackUrl: `${relayBase}/status?secret=${secret}`,
				statusDetailsCallbackUrl: '',
			});
			const creator = await client.createWorkflow(workflow);
			const run = await client.runManually(creator.id, triggerName);
			expectSuccess({ execution: run } as never);
			const [created] = nodeOutput(run, nodeName);
			await sandbox.advance(String(created.ID), { toStatusId: 2 });
			await callbacksSettled([String(created.ID)], 2);
			const attempts = (await sandbox.callbacks()).filter((d) => d.orderId === created.ID);
			expect(attempts.filter((d) => d.outcome === 'failed')).toHaveLength(2);
			expect(attempts.filter((d) => d.outcome === 'delivered')).toHaveLength(2);

			// Every execution the retried deliveries could start is listed before the sentinel's.
			const executions = await executionsBeforeSentinel(saved.id, `${client.webhookUrl(`${trigger.webhookId}/status`)}?secret=${secret}`);
			expect(executions.map((execution) => nodeOutput(execution, TRIGGER)[0].StatusDescription)).toEqual(['Received', 'In Production']);
		} finally {
			relay.close();
			await client.deactivateWorkflow(saved.id);
		}
	});

	// Test URLs are main's in every setup.
	testOnce('"Listen for test event": a sample posted by hand to the test URL, without a secret, is emitted', async () => {
		const { client } = e2e();
		const trigger = triggerNode();
		const saved = await client.createWorkflow({ name: 'e2e trigger: listen', nodes: [trigger], connections: {}, settings: { executionOrder: 'v1' } });
		// What the editor's "Listen for test event" sends.
		const listening = await client.runFromTrigger(saved.id, TRIGGER);
		expect(listening.waitingForWebhook).toBe(true);
		const sample = { OrderID: 'ord_sample', OrderNumber: 'PS-SAMPLE', StatusID: 4, StatusDescription: 'Shipped', TrackingNumber: '1Z999', Timestamp: '2026-11-22T10:00:00Z' };
		const testUrl = `${e2e().state.n8n.url}/webhook-test/${trigger.webhookId}/status`;
		const answer = await fetch(testUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(sample) });
		expect(answer.status).toBe(200);
		const [execution] = await client.waitForExecutions(saved.id, 1);
		expect(execution.mode).toBe('manual');
		expect(nodeOutput(execution, TRIGGER)[0]).toMatchObject({ event: 'status', OrderNumber: 'PS-SAMPLE', StatusID: 4, TrackingNumber: '1Z999' });
	});

	// The node's own hiding, the same in every process (test/node/callback-secrets-in-output.test.ts holds every operation).
	testOnce('the callback secret is hidden from every output, while the callbacks it guards still authenticate', async () => {
		const { client, state, sandbox } = e2e();
		// No Store ID in the trigger: Create puts the order's store in the URLs, enrichment reads it there.
		const trigger = { ...triggerNode({ enrich: 'order' }), credentials: { printStoreOAuth2Api: state.credential } };
		const { workflow, triggerName, nodeName } = orderingWorkflow('secret hidden', [order('secret-a'), order('secret-b')], trigger);
		const saved = await client.createWorkflow(workflow);
		await client.activateWorkflow(saved.id);
		const run = await client.runManually(saved.id, triggerName);
		expect(run.status).toBe('success');
		const created = nodeOutput(run, nodeName);
		expect(created).toHaveLength(2);

		// The trigger's secret, as only the service knows it: from the orders the sandbox stored.
		const stored = (await sandbox.orders()).filter((entry) => created.some((item) => item.ID === entry.ID));
		const secrets = new Set(stored.map((entry) => callbackSecretOf(String((entry.OrderDetails as Record<string, unknown>).StatusCallbackUrl))));
		expect(secrets.size).toBe(1);
		const [secret] = [...secrets] as string[];
		expect(secret).toMatch(/^[0-9a-f]{64}$/);

		// Get returns the order as the service echoes it: URLs kept recognisable, secret hidden.
		const got = await client.runManually(
			(await client.createWorkflow(printStoreTestWorkflow({
				name: 'e2e trigger: secret hidden, get',
				credential: state.credential,
				items: created.map((item) => ({ id: item.ID })),
				nodeName: 'Get order',
				parameters: { resource: 'order', operation: 'get', storeId: state.sandbox.storeId, orderId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
			}).workflow)).id,
			'Start',
		);
		const gotOrders = nodeOutput(got, 'Get order');
		expect(gotOrders.map((item) => (item.OrderDetails as Record<string, unknown>).StatusCallbackUrl)).toEqual([
			expect.stringMatching(/\/status\/SECRET-HIDDEN\/store_/),
			expect.stringMatching(/\/status\/SECRET-HIDDEN\/store_/),
		]);

		// The sandbox posts the real URLs: the trigger accepts them, and its enriched events hide the secret too.
		await sandbox.advance(String(created[0].ID), { toStatusId: 2 });
		const executions = webhookExecutions(await client.waitForExecutions(saved.id, 1 + 6));
		const events = executions.flatMap((execution) => nodeOutput(execution, TRIGGER));
		expect(events.filter((event) => event.OrderID === created[0].ID).length).toBeGreaterThanOrEqual(4);
		const enriched = events.find((event) => event.OrderID === created[0].ID && event.order)!.order as Record<string, Record<string, unknown>>;
		expect(enriched.OrderDetails.StatusCallbackUrl).toMatch(/\/status\/SECRET-HIDDEN\/store_/);
		for (const execution of [run, got, ...executions]) expect(executionJsonWithoutN8nCopies(execution)).not.toContain(secret);
		await client.deactivateWorkflow(saved.id);
	});

	// In queue mode: queue-mode.queue.test.ts (each webhook process reads the status history through the API).
	testOnce('Fetch From the API adds the order, or its status history, through the credential', async () => {
		const { client, state, sandbox } = e2e();
		const { workflow, triggerName, nodeName } = orderingWorkflow('to enrich', [order('trigger-e')], undefined, { statusCallbacks: 'none' });
		const run = await client.runManually((await client.createWorkflow(workflow)).id, triggerName);
		const [created] = nodeOutput(run, nodeName);
		await sandbox.advance(String(created.ID), { toStatusId: 3 });
		const secret = `fixed-${randomUUID()}`;
		const results: Record<string, Record<string, unknown>> = {};
		for (const what of ['order', 'statusHistory']) {
			const trigger = { ...triggerNode({ enrich: what, enrichStoreId: state.sandbox.storeId, options: { callbackSecret: secret } }), credentials: { printStoreOAuth2Api: state.credential } };
			const saved = await client.createWorkflow({ name: `e2e trigger: enrich ${what}`, nodes: [trigger], connections: {}, settings: { executionOrder: 'v1' } });
			await client.activateWorkflow(saved.id);
			const answer = await fetch(`${client.webhookUrl(`${trigger.webhookId}/status`)}?secret=${secret}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ OrderID: created.ID, OrderNumber: created.OrderNumber, StatusID: 3, StatusDescription: 'Printed' }),
			});
			expect(answer.status).toBe(200);
			const [execution] = webhookExecutions(await client.waitForExecutions(saved.id, 1));
			results[what] = nodeOutput(execution, TRIGGER)[0];
			await client.deactivateWorkflow(saved.id);
		}
		expect((results.order.order as Record<string, unknown>).ID).toBe(created.ID);
		expect((results.order.order as Record<string, unknown>).StatusDescription).toBe('Printed');
		expect((results.statusHistory.statusHistory as Array<Record<string, unknown>>).map((record) => record.StatusDescription)).toEqual([
			'Received', 'In Production', 'Printed',
		]);
		expect(results.order.enrichmentError).toBeUndefined();
	});

	// n8n 1.x runs neither test of this block: the node's own checks, the same code.
	describeIn('queue')('callbacks posted straight to the production URLs', () => {
		let workflowId: string;
		let statusUrl: string;
		let detailsUrl: string;
		const secret = `fixed-${randomUUID()}`;
		const post = async (url: string, body: string | Buffer, contentType = 'application/json') =>
			await fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body });

		beforeAll(async () => {
			const { client } = e2e();
			const trigger = triggerNode({ options: { callbackSecret: secret, ignoreDuplicates: true } });
			const saved = await client.createWorkflow({ name: 'e2e trigger: direct', nodes: [trigger], connections: {}, settings: { executionOrder: 'v1' } });
			await client.activateWorkflow(saved.id);
			workflowId = saved.id;
			statusUrl = client.webhookUrl(`${trigger.webhookId}/status`);
			detailsUrl = client.webhookUrl(`${trigger.webhookId}/details`);
		});
		afterAll(async () => await e2e().client.deactivateWorkflow(workflowId));

		const record = (orderId: string, statusId: number) => ({
			OrderID: orderId,
			OrderNumber: `PS-${orderId}`,
			StatusID: statusId,
			StatusDescription: ['', 'Received', 'In Production', 'Printed', 'Shipped', 'Delivered'][statusId],
			Timestamp: `2026-11-2${statusId}T10:00:00Z`,
		});

		// In queue mode the webhook process derives the secret from the credential on its own.
		testIn('queue')('forged callbacks are refused and start nothing', async () => {
			const before = webhookExecutions(await e2e().client.listExecutions(workflowId)).length;
			const body = JSON.stringify(record('forged', 4));
			expect((await post(statusUrl, body)).status).toBe(401);
			expect((await post(`${statusUrl}?secret=wrong`, body)).status).toBe(403);
			expect((await post(`${detailsUrl}?secret=${secret.slice(0, -1)}`, body)).status).toBe(403);
			expect((await post(`${statusUrl}?token=${secret}`, body)).status).toBe(401);
			expect(await executionsBeforeSentinel(workflowId, `${statusUrl}?secret=${secret}`)).toHaveLength(before);
		});

		// The node's own reading of a body, the same in every process (the engine suite's trigger tests hold each shape).
		testOnce('every accepted shape normalizes, an empty body too; duplicates and bad bodies start nothing', async () => {
			const url = `${statusUrl}?secret=${secret}`;
			const answers: Array<[string, number, unknown]> = [];
			const send = async (name: string, body: string | Buffer, contentType?: string) => {
				const response = await post(url, body, contentType);
				answers.push([name, response.status, await response.json().catch(() => null)]);
			};
			await send('record', JSON.stringify(record('shape-1', 1)));
			await send('list', JSON.stringify([record('shape-2', 1), record('shape-2', 2)]));
			await send('order', JSON.stringify({ ID: 'shape-3', OrderNumber: 'PS-3', StatusID: 4, StatusDescription: 'Shipped', Completed: false }));
			await send('wrapper', JSON.stringify({ data: { records: [record('shape-4', 3)] } }));
			await send('form', `payload=${encodeURIComponent(JSON.stringify(record('shape-5', 5)))}`, 'application/x-www-form-urlencoded');
			await send('duplicate', JSON.stringify(record('shape-1', 1)));
			await send('malformed', '{"StatusID": 4,', 'application/json');
			await send('empty', '', 'application/json');
			await send('no record', JSON.stringify({ hello: 'world' }));
			await send('xml', '<StatusID>4</StatusID>', 'application/xml');
			await send('prototype key', '{"StatusID": 4, "__proto__": {"polluted": true}}');
			await send('over 1 MiB', JSON.stringify({ ...record('big', 1), padding: 'x'.repeat(1024 * 1024) }));

			const status = Object.fromEntries(answers.map(([name, code]) => [name, code]));
			// A prototype key is dropped and its event kept (a refused callback is a lost event).
			// No body is no reason to refuse (the service may send none): its status would be read from the API.
			expect(status).toMatchObject({ record: 200, list: 200, order: 200, wrapper: 200, form: 200, duplicate: 200, empty: 200, 'no record': 200, 'prototype key': 200 });
			for (const name of ['malformed', 'xml', 'over 1 MiB']) {
				expect([name, status[name] >= 400 && status[name] < 500]).toEqual([name, true]);
			}
			expect(answers.find(([name]) => name === 'duplicate')?.[2]).toMatchObject({ received: true, emitted: 0, duplicates: 1 });
			// A callback that starts the workflow is answered with the acknowledgement too (n8n's own
			// fallback would be the text "firstEntryJson").
			expect(answers.find(([name]) => name === 'list')?.[2]).toEqual({ received: true, events: 2, emitted: 2, duplicates: 0, filtered: 0 });

			const finished = await executionsBeforeSentinel(workflowId, url);
			expect(finished).toHaveLength(8);
			const executions = finished;
			const emitted = executions.map((execution) => nodeOutput(execution, TRIGGER));
			expect(emitted.map((items) => items.map((item) => `${item.OrderID}:${item.StatusID}`))).toEqual([
				['shape-1:1'],
				['shape-2:1', 'shape-2:2'],
				['shape-3:4'],
				['shape-4:3'],
				['shape-5:5'],
				['null:null'],
				['null:null'],
				['null:4'],
			]);
			expect(JSON.stringify(emitted[7])).not.toMatch(/__proto__|polluted/);
			// The empty body names no order whose status could be read, and says so.
			expect(emitted[5][0]).toMatchObject({ raw: {}, statusError: expect.stringContaining('names no order') });
			// A payload the trigger cannot read is still an event: what is missing is named, the rest kept.
			expect(emitted[6][0]).toMatchObject({ raw: { hello: 'world' }, missingFields: ['OrderID', 'OrderNumber', 'StatusID', 'StatusDescription', 'Timestamp'] });
			expect(emitted[0][0]).toMatchObject({ event: 'status', OrderNumber: 'PS-shape-1', StatusDescription: 'Received', Timestamp: '2026-11-21T10:00:00.000Z' });
			expect(({} as Record<string, unknown>).polluted).toBeUndefined();
		});
	});

	// Activation is main's, the same in queue mode; n8n 1.x activates workflows its own way. n8n 2.x retries a
	// trigger's activation after 1, 2, 4 and 8 s before it reports the error: there the two refusals are
	// published side by side, from when the file begins (refusedPublishes), while the tests before this one, last in the block, run.
	testIn('n8n1')('a trigger n8n cannot publish is not published, and n8n says why: neither a credential nor a Callback Secret; a catch-up that does not know its store', async () => {
		const refusals = await (refusing ?? refusedPublishes());
		expect(refusals[0]).toMatch(/no credential to derive its callback secret from/);
		expect(refusals[1]).toMatch(/The catch-up does not know which store to read: your account has \d+ stores/);
	});
});

/**
 * The callbacks the API does not show, played by the sandbox's profiles: another payload shape, and a
 * service that drops the callback URLs' query strings. The whole lifecycle of one order under each:
 * one execution per status change, with what that profile sent.
 */
// The node's own reading of a body and of its path, the same in every process and on 1.x (path-form
// webhooks on webhook processes and on 1.x: webhooks.test.ts): run once.
describeIn()('Print Store Trigger under the sandbox callback profiles', () => {
	afterEach(async () => {
		await e2e().sandbox.setProfiles([]);
	});

	const active: string[] = [];
	afterEach(async () => {
		// A failed test must not leave its trigger's URLs taken for the next.
		for (const id of active.splice(0)) await e2e().client.deactivateWorkflow(id).catch(() => undefined);
	});

	async function lifecycle(title: string, profiles: string[], trigger: WorkflowNode) {
		const { client, sandbox } = e2e();
		await sandbox.setProfiles(profiles);
		const { workflow, triggerName, nodeName } = orderingWorkflow(title, [order(`profile-${title}`)], trigger);
		const saved = await client.createWorkflow(workflow);
		await client.activateWorkflow(saved.id);
		active.push(saved.id);
		const run = await client.runManually(saved.id, triggerName);
		expect(run.status).toBe('success');
		const [created] = nodeOutput(run, nodeName);
		await sandbox.advance(String(created.ID), { toStatusId: 5 });
		return { saved, created };
	}

	test('callback-shape-alt: camelCase records in a data envelope, each status change one execution with its fields read', async () => {
		const { saved, created } = await lifecycle('shape-alt', ['callback-shape-alt'], triggerNode());
		await callbacksSettled([String(created.ID)], 10);
		const emitted = await oneItemEach(saved.id, 10);
		for (const kind of ['status', 'details']) {
			const events = emitted.filter((item) => item.event === kind);
			expect(events.map((item) => item.StatusDescription)).toEqual(['Received', 'In Production', 'Printed', 'Shipped', 'Delivered']);
			expect(events.map((item) => item.StatusID)).toEqual([1, 2, 3, 4, 5]);
			for (const item of events) {
				expect(item.OrderID).toBe(created.ID);
				expect(item.OrderNumber).toBe(created.OrderNumber);
				// The payload as the service sent it, intact: the other shape, not the spec-like record.
				const raw = item.raw as Record<string, unknown>;
				expect(raw.event).toBe(kind === 'status' ? 'order.status' : 'order.status.details');
				expect((raw.data as Record<string, unknown>).orderId).toBe(created.ID);
			}
			expect(typeof events[3].TrackingNumber).toBe('string');
		}
		const details = emitted.filter((item) => item.event === 'details');
		expect(details.every((item) => item.PartnerOrderReference === 'profile-shape-alt' && item.StoreID === created.StoreID)).toBe(true);
		expect(details[4].Completed).toBe(true);
		await e2e().client.deactivateWorkflow(saved.id);
	});

	test('strip-query: the secret and store in the path survive; every status change still arrives, enriched through the API', async () => {
		const { state } = e2e();
		const trigger = { ...triggerNode({ enrich: 'statusHistory' }), credentials: { printStoreOAuth2Api: state.credential } };
		const { saved, created } = await lifecycle('strip-query', ['strip-query'], trigger);
		const deliveries = await callbacksSettled([String(created.ID)], 10);
		// The service called the URLs without their query string.
		expect(deliveries.every((delivery) => !String(delivery.url).includes('?'))).toBe(true);
		const emitted = (await triggerItems(saved.id, 10)).map((items) => items[0]);
		// Lookups finish in any order: the executions are compared as a set, by status.
		for (const kind of ['status', 'details']) {
			const events = emitted.filter((item) => item.event === kind).sort((a, b) => Number(a.StatusID) - Number(b.StatusID));
			expect(events.map((item) => item.StatusDescription)).toEqual(['Received', 'In Production', 'Printed', 'Shipped', 'Delivered']);
		}
		// The store came from the path: the history was read without a Store ID in the trigger.
		for (const item of emitted) {
			expect(item.enrichmentError).toBeUndefined();
			expect((item.statusHistory as unknown[]).length).toBeGreaterThanOrEqual(1);
		}
		await e2e().client.deactivateWorkflow(saved.id);
	});

	test('strip-query with the secret set to the query form: the service\'s callbacks are refused, nothing starts', async () => {
		const { client, sandbox } = e2e();
		const { saved, created } = await lifecycle('strip-query-query-form', ['strip-query'], triggerNode({ options: { secretPlacement: 'query' } }));
		// The service sends an order's events to each URL one after the other, retrying each until it
		// gives up (9 attempts over minutes in queue mode): wait until the first event of both URLs has
		// been refused and retried. Every attempt so far was refused for the missing secret.
		const attempts = await waitFor(
			'two refused attempts at the status URL and at the details URL',
			async () => {
				const own = (await sandbox.callbacks()).filter((d) => d.orderId === created.ID);
				const count = (kind: string) => own.filter((d) => d.kind === kind).length;
				return count('status') >= 2 && count('details') >= 2 ? own : undefined;
			},
			{ timeoutMs: 90_000, intervalMs: 500 },
		);
		expect(attempts.map((delivery) => [delivery.outcome, delivery.httpStatus])).toEqual(
			attempts.map((delivery) => [delivery.outcome === 'gave-up' ? 'gave-up' : 'failed', 401]),
		);
		expect((await client.listExecutions(saved.id)).filter((execution) => execution.mode === 'webhook')).toHaveLength(0);
		await client.deactivateWorkflow(saved.id);
	});
});
