/**
 * The product in n8n's queue mode (jest.e2e.queue.config.js): main (`n8n start`), one worker and two
 * webhook processes on PostgreSQL and Redis. Create "From Print Store Trigger" derives the trigger's
 * URLs wherever it runs: in editor runs (on main, n8n's default) and in production executions on the
 * worker, where Custom URLs, Get and Get Status History work too; n8n's database holds no secret of
 * the trigger (its static data and the executions are read); the sandbox's callbacks reach both
 * webhook processes and each status change starts one execution,
 * on the worker, enriched there; deactivation makes both webhook processes refuse; a retried delivery
 * that reaches the other webhook process starts nothing new; with examples/act-once-per-event-in-
 * queue-mode.json, events sent to both webhook processes at the same moment are acted on exactly
 * once each. Simultaneous duplicates are measured and written to test-artifacts.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { queryN8nDatabase } from '../../scripts/n8n/backends';
import type { Execution, WorkflowNode } from '../../scripts/n8n/client';
import { assertSucceeded, nodeOutput } from '../../scripts/n8n/executions';
import { waitFor } from '../../scripts/n8n/process';
import { ARTIFACTS_DIR } from '../../scripts/n8n/runtime';
import { CREDENTIAL_TYPE, findNode, loadExample, PACKAGE_NODE_PREFIX, PRINT_STORE_TYPE, printStoreTestWorkflow, withCredential } from '../../scripts/n8n/workflows';
import { derivedTriggerSecret } from '../helpers/secrets';
import { longRunTest, sized } from '../helpers/long-run';
import { describeE2E, e2e, expectSuccess } from './helpers/harness';

const TRIGGER = 'Print Store Trigger';
// The full counts in the long runs (npm run test:long, the weekly canary); a tenth of the orders and an eighth of the duplicated events in npm test (two Create runs of CHUNK orders: one for each webhook process).
const ORDERS = sized(20, 200);
/** Orders per Create run, and orders moved through their lifecycle at once. */
const CHUNK = sized(10, 25);
const DUPLICATED_EVENTS = sized(12, 100);
const STATUSES = ['', 'Received', 'In Production', 'Printed', 'Shipped', 'Delivered'];
const measurements: Record<string, unknown> = {};

function triggerNode(parameters: Record<string, unknown>): WorkflowNode {
	return {
		id: randomUUID(),
		name: TRIGGER,
		type: `${PACKAGE_NODE_PREFIX}printStoreTrigger`,
		typeVersion: 1,
		position: [0, 300],
		webhookId: randomUUID(),
		parameters: { events: ['status', 'details'], options: {}, ...parameters },
	};
}

/** The worker's and webhook processes' coordinates; fails unless this run is in queue mode. */
function queue() {
	const { state } = e2e();
	if (state.mode !== 'queue' || !state.queue) throw new Error('These tests need the queue-mode stack: run them with jest.e2e.queue.config.js');
	return state.queue;
}

/** Execution IDs the worker's log says it ran ("Worker started execution N"). */
function workerExecutionIds(): Set<string> {
	const log = readFileSync(queue().worker.logFile, 'utf8');
	return new Set([...log.matchAll(/Worker started execution (\d+)/g)].map((match) => match[1]));
}

/** Same URL, on another n8n process's port. */
function onPort(url: string, port: number): string {
	const moved = new URL(url);
	moved.port = String(port);
	return moved.toString();
}

/** Rows of n8n's PostgreSQL database, read with n8n's own `pg` client. */
async function query(sql: string, values: unknown[]): Promise<Array<Record<string, unknown>>> {
	return await queryN8nDatabase(e2e().state.runtimeDir, queue().database, sql, values);
}

const webhookExecutions = (executions: Execution[]) => executions.filter((execution) => execution.mode === 'webhook');

/** Finished webhook executions of a workflow once their number has stopped growing for `quietMs`. */
async function settledExecutions(workflowId: string, atLeast: number, quietMs = 3000, timeoutMs = 600_000): Promise<Execution[]> {
	const { client } = e2e();
	let last = -1;
	let stableSince = Date.now();
	return await waitFor(
		`the executions of workflow ${workflowId} to settle (at least ${atLeast})`,
		async () => {
			const all = await client.listExecutions(workflowId, { includeData: false });
			const finished = all.filter((execution) => execution.stoppedAt && !['new', 'running', 'waiting'].includes(execution.status));
			if (all.length !== last || finished.length !== all.length) {
				last = all.length;
				stableSince = Date.now();
				return undefined;
			}
			return all.length >= atLeast && Date.now() - stableSince >= quietMs ? webhookExecutions(all) : undefined;
		},
		{ timeoutMs, intervalMs: 1000 },
	);
}

/** A workflow with only the trigger, active, with a fixed secret; returns its URLs on each webhook process. */
async function activeListener(title: string, options: Record<string, unknown>, credential?: { id: string; name: string }) {
	const { client } = e2e();
	const secret = `fixed-${randomUUID()}`;
	const { enrich, ...rest } = options;
	const trigger = {
		...triggerNode({ options: { callbackSecret: secret, ...rest }, ...(enrich ? { enrich } : {}) }),
		...(credential ? { credentials: { printStoreOAuth2Api: credential } } : {}),
	};
	const saved = await client.createWorkflow({ name: `e2e queue: ${title}`, nodes: [trigger], connections: {}, settings: { executionOrder: 'v1' } });
	await client.activateWorkflow(saved.id);
	const urls = (kind: 'status' | 'details') =>
		queue().webhooks.map((process) => `${process.url}/webhook/${trigger.webhookId}/${kind}?secret=${secret}`);
	return { id: saved.id, urls };
}

/**
 * A production workflow, active: n8n's Webhook node → one item per entry of the posted `items` → a
 * Print Store node with `parameters`. Each `run` posts to a webhook process and starts an execution
 * that the worker runs, as executions started by a CRM's webhook or a schedule are; it returns the
 * finished execution.
 */
async function productionWorkflow(title: string, parameters: Record<string, unknown>, otherNodes: WorkflowNode[] = []) {
	const { client, state } = e2e();
	const webhookPath = `print-store-${randomUUID()}`;
	const nodeName = 'Print Store';
	const nodes: WorkflowNode[] = [
		{
			id: randomUUID(),
			name: 'Webhook',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			position: [0, 0],
			webhookId: randomUUID(),
			parameters: { httpMethod: 'POST', path: webhookPath, responseMode: 'lastNode', responseData: 'allEntries', options: {} },
		},
		{
			id: randomUUID(),
			name: 'One item each',
			type: 'n8n-nodes-base.splitOut',
			typeVersion: 1,
			position: [220, 0],
			parameters: { fieldToSplitOut: 'body.items', include: 'noOtherFields', options: {} },
		},
		{
			id: randomUUID(),
			name: nodeName,
			type: PRINT_STORE_TYPE,
			typeVersion: 1,
			position: [440, 0],
			parameters,
			credentials: { [CREDENTIAL_TYPE]: state.credential },
		},
		...otherNodes,
	];
	const link = (node: string) => ({ main: [[{ node, type: 'main', index: 0 }]] });
	const connections = { Webhook: link('One item each'), 'One item each': link(nodeName) };
	const saved = await client.createWorkflow({ name: `e2e queue, on the worker: ${title}`, nodes, connections, settings: { executionOrder: 'v1' } });
	await client.activateWorkflow(saved.id);
	let runs = 0;
	return {
		id: saved.id,
		nodeName,
		/** Posts the items and returns what the workflow answered (the Print Store node's output), without waiting for anything else. */
		async post(items: unknown[], webhookProcess = 0): Promise<unknown> {
			const answer = await fetch(`${queue().webhooks[webhookProcess].url}/webhook/${webhookPath}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ items }),
			});
			runs += 1;
			return await answer.json().catch(() => undefined);
		},
		async run(items: unknown[], webhookProcess = 0): Promise<Execution> {
			await this.post(items, webhookProcess);
			const newest = (await client.waitForExecutions(saved.id, runs, 300_000)).at(-1)!;
			return await client.getExecution(newest.id);
		},
	};
}

async function post(url: string, body: unknown) {
	const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
	return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

const statusRecord = (orderId: string, statusId: number) => ({
	OrderID: orderId,
	OrderNumber: `PS-${orderId}`,
	StatusID: statusId,
	StatusDescription: STATUSES[statusId],
	Timestamp: `2026-11-2${statusId}T10:00:00Z`,
});

/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T>(items: T[], width: number, work: (item: T, index: number) => Promise<void>) {
	let next = 0;
	await Promise.all(
		Array.from({ length: width }, async () => {
			while (next < items.length) {
				const index = next++;
				await work(items[index], index);
			}
		}),
	);
}

const order = (reference: string) => ({
	order: {
		Product: { ID: 'postcard-4x6', Quantity: 50 },
		Recipient: { NameFirst: 'Queue', NameLast: 'Test', AddressLine1: '1 Worker Lane', City: 'Springfield', Country: 'US' },
		PartnerOrderReference: reference,
	},
});

function createParameters(extra: Record<string, unknown>) {
	const { state } = e2e();
	return {
		resource: 'order',
		operation: 'create',
		storeId: state.sandbox.storeId,
		inputMode: 'json',
		orderItemJson: '={{ JSON.stringify($json.order) }}',
		...extra,
	};
}

afterAll(() => {
	if (Object.keys(measurements).length === 0) return;
	mkdirSync(ARTIFACTS_DIR, { recursive: true });
	writeFileSync(path.join(ARTIFACTS_DIR, 'queue-mode-measurements.json'), `${JSON.stringify(measurements, null, 2)}\n`);
	process.stderr.write(`\nqueue-mode measurements: ${JSON.stringify(measurements)}\n`);
});

describeE2E('Queue mode: main, worker and two webhook processes on PostgreSQL and Redis', () => {
	test('Create "From Print Store Trigger" derives the URLs in an editor run (main) and on the worker; n8n\'s database holds no secret; Custom URLs, Get and Get Status History work on the worker', async () => {
		const { client, state, sandbox } = e2e();
		const trigger = { ...triggerNode({ enrich: 'statusHistory' }), credentials: { printStoreOAuth2Api: state.credential } };
		const built = printStoreTestWorkflow({
			name: 'e2e queue: derived URLs',
			credential: state.credential,
			items: [order('queue-registered')],
			nodeName: 'Create orders',
			parameters: createParameters({ statusCallbacks: 'trigger' }),
		});
		built.workflow.nodes.push(trigger);
		const saved = await client.createWorkflow(built.workflow);
		await client.activateWorkflow(saved.id);

		// "Execute workflow" in the editor: main runs it (n8n's default in queue mode).
		const run = await client.runManually(saved.id, built.triggerName);
		expectSuccess({ execution: run, error: run.data?.resultData.error } as never);
		expect(workerExecutionIds().has(run.id)).toBe(false);
		const [created] = nodeOutput(run, built.nodeName);
		const stored = (await sandbox.orders()).find((entry) => entry.ID === created.ID)!;
		const statusUrl = String(stored.OrderDetails.StatusCallbackUrl);
		expect(statusUrl).toMatch(new RegExp(`^${client.webhookUrl(`${trigger.webhookId}/${trigger.webhookId}/status`)}/[0-9a-f]{64}/store_`));
		const secret = statusUrl.split('/').at(-2)!;

		// A production execution, on the worker: the same workflow shape (Create and its trigger), and
		// Create derives the trigger's URLs there too. The sandbox's Received callback starts the
		// workflow's trigger, enriched through the API, on the worker.
		const workerTrigger = { ...triggerNode({ enrich: 'statusHistory' }), credentials: { printStoreOAuth2Api: state.credential } };
		const fromTrigger = await productionWorkflow('create from the trigger', createParameters({ statusCallbacks: 'trigger' }), [workerTrigger]);
		await fromTrigger.post([order('queue-worker-trigger')], 1);
		const [createRun, triggerRun] = await Promise.all(
			(await settledExecutions(fromTrigger.id, 2)).map(async (execution) => await client.getExecution(execution.id)),
		).then((executions) => [executions.find((e) => e.data?.resultData?.runData?.[fromTrigger.nodeName]), executions.find((e) => e.data?.resultData?.runData?.[TRIGGER])]);
		expect([createRun?.status, workerExecutionIds().has(String(createRun?.id))]).toEqual(['success', true]);
		const [createdOnWorker] = nodeOutput(createRun!, fromTrigger.nodeName);
		const workerUrl = String((await sandbox.orders()).find((entry) => entry.ID === createdOnWorker.ID)!.OrderDetails.StatusCallbackUrl);
		expect(workerUrl).toMatch(new RegExp(`^${client.webhookUrl(`${workerTrigger.webhookId}/${workerTrigger.webhookId}/status`)}/[0-9a-f]{64}/store_`));
		expect([triggerRun?.status, workerExecutionIds().has(String(triggerRun?.id))]).toEqual(['success', true]);
		const [receivedOnWorker] = nodeOutput(triggerRun!, TRIGGER);
		expect([receivedOnWorker.OrderID, (receivedOnWorker.statusHistory as unknown[]).length]).toEqual([createdOnWorker.ID, 1]);
		await client.deactivateWorkflow(fromTrigger.id);

		// n8n's database: no workflow's static data holds a secret, and no saved execution shows one.
		const workerSecret = workerUrl.split('/').at(-2)!;
		const workflows = await query('SELECT id, "staticData" FROM workflow_entity WHERE id = ANY($1)', [[saved.id, fromTrigger.id]]);
		expect(workflows).toHaveLength(2);
		for (const row of workflows) {
			const staticData = JSON.stringify(row.staticData ?? null);
			expect([row.id, staticData.includes(secret), staticData.includes(workerSecret), /registration|printStoreTriggerCallbacks/.test(staticData)]).toEqual([row.id, false, false, false]);
		}
		const executionRows = await query(
			'SELECT d.data || d."workflowData"::text AS saved FROM execution_data d JOIN execution_entity e ON e.id = d."executionId" WHERE e."workflowId" = ANY($1)',
			[[saved.id, fromTrigger.id]],
		);
		expect(executionRows.length).toBeGreaterThanOrEqual(3);
		expect(executionRows.filter((row) => String(row.saved).includes(secret) || String(row.saved).includes(workerSecret))).toEqual([]);

		// Custom URLs work on the worker: the production URL of a trigger with a fixed Callback Secret (with the store added, for the trigger's Fetch From the API).
		const listener = await activeListener('custom URLs from the worker', { enrich: 'statusHistory' }, state.credential);
		const customUrl = `${listener.urls('status')[0]}&store=${state.sandbox.storeId}`;
		const custom = await productionWorkflow('create with custom URLs', createParameters({ statusCallbacks: 'custom', statusCallbackUrl: customUrl, statusDetailsCallbackUrl: '' }));
		const onWorker = await custom.run([order('queue-worker-custom')], 1);
		expect([onWorker.status, workerExecutionIds().has(onWorker.id)]).toEqual(['success', true]);
		const [createdWithCustom] = nodeOutput(onWorker, custom.nodeName);
		const storedOnWorker = (await sandbox.orders()).find((entry) => entry.ID === createdWithCustom.ID)!;
		expect(storedOnWorker.PartnerOrderReference).toBe('queue-worker-custom');
		expect(String(storedOnWorker.OrderDetails.StatusCallbackUrl)).toBe(customUrl);
		await client.deactivateWorkflow(custom.id);
		// Its Received callback started the listener, enriched through the API.
		const [received] = await settledExecutions(listener.id, 1);
		const [event] = nodeOutput(await client.getExecution(received.id), TRIGGER);
		expect([event.OrderID, (event.statusHistory as Array<Record<string, unknown>>).length]).toEqual([createdWithCustom.ID, 1]);
		await client.deactivateWorkflow(listener.id);

		// Get (by order number) and Get Status History, on the worker.
		const get = await productionWorkflow('get by number', {
			resource: 'order',
			operation: 'get',
			storeId: state.sandbox.storeId,
			orderId: { __rl: true, mode: 'orderNumber', value: '={{ $json.number }}' },
		});
		const byNumber = await get.run([{ number: created.OrderNumber }]);
		expect([byNumber.status, workerExecutionIds().has(byNumber.id)]).toEqual(['success', true]);
		expect(nodeOutput(byNumber, get.nodeName).map((entry) => entry.ID)).toEqual([created.ID]);
		await sandbox.advance(String(created.ID), { toStatusId: 3 });
		const statusHistory = await productionWorkflow('status history', {
			resource: 'order',
			operation: 'getStatusHistory',
			storeId: state.sandbox.storeId,
			orderId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
		});
		const history = await statusHistory.run([{ id: created.ID }], 1);
		expect([history.status, workerExecutionIds().has(history.id)]).toEqual(['success', true]);
		expect(nodeOutput(history, statusHistory.nodeName).map((record) => record.StatusDescription)).toEqual(['Received', 'In Production', 'Printed']);
		await client.deactivateWorkflow(get.id);
		await client.deactivateWorkflow(statusHistory.id);

		// The sandbox's callbacks went to the derived URLs; one of them posted again to each webhook
		// process: every process takes it (each derives the same secret) and reads the status history
		// through the API (Fetch From the API); the executions run on the worker. Each post has a time
		// of its own (else the second is the first's duplicate) and a marker (`m`) that names it: the
		// trigger keeps the payload under `raw`, so the posts are told from the sandbox's own callbacks
		// by what they carry, never by a date (the sandbox stamps its records with today's).
		const webhookProcesses = queue().webhooks;
		const marker = (index: number) => `posted again to webhook process ${index}`;
		const answers = await Promise.all(
			webhookProcesses.map((process, index) =>
				post(onPort(statusUrl, process.port), { ...statusRecord(String(created.ID), 3), Timestamp: `2026-12-0${index + 1}T10:00:00Z`, m: marker(index) }),
			),
		);
		expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
		// Received, In Production and Printed of the order, and the two posts.
		const settled = await settledExecutions(saved.id, 3 + webhookProcesses.length);
		const executions = await Promise.all(settled.map(async (execution) => await client.getExecution(execution.id)));
		const markerOf = (execution: Execution) => (nodeOutput(execution, TRIGGER)[0]?.raw as { m?: unknown } | undefined)?.m;
		const fromWebhookProcesses = executions.filter((execution) => markerOf(execution) !== undefined);
		expect(fromWebhookProcesses.map(markerOf).sort()).toEqual(webhookProcesses.map((_, index) => marker(index)));
		for (const execution of executions) {
			expect(execution.status).toBe('success');
			expect(workerExecutionIds().has(execution.id)).toBe(true);
		}
		for (const execution of fromWebhookProcesses.map((e) => e.id)) {
			const [event] = nodeOutput(await client.getExecution(execution), TRIGGER);
			expect((event.statusHistory as Array<Record<string, unknown>>).map((record) => record.StatusDescription)).toEqual(['Received', 'In Production', 'Printed']);
		}

		// Deactivation on main retires the webhooks on every process: both refuse the next callback.
		await client.deactivateWorkflow(saved.id);
		for (const process of webhookProcesses) {
			const refused = await waitFor(
				`webhook process ${process.url} to refuse the retired URL`,
				async () => {
					const answer = await post(onPort(statusUrl, process.port), statusRecord(String(created.ID), 4));
					return answer.status >= 400 ? answer.status : undefined;
				},
				{ timeoutMs: 30_000, intervalMs: 250 },
			);
			expect(refused).toBe(404);
		}
	});

	test(`${ORDERS} orders, callbacks split over both webhook processes: one execution per status change, all on the worker, none lost`, async () => {
		const { client, sandbox } = e2e();
		const [first, second] = queue().webhooks;
		const listener = await activeListener(`${ORDERS} orders`, {});
		const [statusOnFirst, statusOnSecond] = listener.urls('status');
		const started = Date.now();
		const createdIds: string[] = [];
		// Create runs on the worker (production executions), CHUNK orders each: alternately reporting to
		// one webhook process and to the other (the sandbox posts "Received" for every order as it is created).
		const ours = new Set<string>();
		const delivered = async () => (await sandbox.callbacks()).filter((d) => ours.has(String(d.orderId)) && d.outcome === 'delivered');
		const creators = await Promise.all(
			[statusOnFirst, statusOnSecond].map((url, index) =>
				productionWorkflow(`create ${index}`, createParameters({ statusCallbacks: 'custom', statusCallbackUrl: url, statusDetailsCallbackUrl: '' })),
			),
		);
		for (let run = 0; run < ORDERS / CHUNK; run++) {
			const creator = creators[run % 2];
			const created = await creator.run(Array.from({ length: CHUNK }, (_, index) => order(`queue-${run}-${index}`)), run % 2);
			expect([created.status, workerExecutionIds().has(created.id)]).toEqual(['success', true]);
			const ids = nodeOutput(created, creator.nodeName).map((entry) => String(entry.ID));
			expect(ids).toHaveLength(CHUNK);
			createdIds.push(...ids);
			for (const id of ids) ours.add(id);
		}
		for (const creator of creators) await client.deactivateWorkflow(creator.id);
		expect(new Set(createdIds).size).toBe(ORDERS);
		// Every order to Delivered, CHUNK orders at a time (4 callbacks each, one after the other).
		for (let start = 0; start < ORDERS; start += CHUNK) {
			const chunk = createdIds.slice(start, start + CHUNK);
			await inParallel(chunk, 8, async (orderId) => {
				await sandbox.advance(orderId, { toStatusId: 5 });
			});
			const target = (start + CHUNK) * 5 + (ORDERS - start - CHUNK);
			await waitFor(`${target} delivered callbacks`, async () => ((await delivered()).length >= target ? true : undefined), { timeoutMs: 300_000, intervalMs: 1000 });
		}
		const expected = ORDERS * 5;
		const deliveries = await delivered();
		expect(deliveries).toHaveLength(expected);
		const perProcess = [first, second].map((process) => deliveries.filter((d) => new URL(String(d.url)).port === String(process.port)).length);
		expect(perProcess).toEqual([expected / 2, expected / 2]);

		const executions = await settledExecutions(listener.id, expected);
		const seconds = (Date.now() - started) / 1000;
		expect(executions).toHaveLength(expected);
		expect(executions.every((execution) => execution.status === 'success')).toBe(true);
		// None ran on main: the worker's log names every one.
		const ranOnWorker = workerExecutionIds();
		expect(executions.filter((execution) => !ranOnWorker.has(execution.id)).map((execution) => execution.id)).toEqual([]);
		// Exactly one execution per (order, status): read what each one emitted.
		const seen = new Map<string, number>();
		await inParallel(executions, 4, async (execution) => {
			for (const event of nodeOutput(await client.getExecution(execution.id), TRIGGER)) {
				const key = `${String(event.OrderID)}|${String(event.StatusID)}`;
				seen.set(key, (seen.get(key) ?? 0) + 1);
			}
		});
		const missing: string[] = [];
		for (const orderId of createdIds) for (let status = 1; status <= 5; status++) if (seen.get(`${orderId}|${status}`) !== 1) missing.push(`${orderId}|${status}: ${seen.get(`${orderId}|${status}`) ?? 0}`);
		expect(missing).toEqual([]);
		measurements.lifecycle = { orders: ORDERS, statusChanges: expected, executions: executions.length, deliveriesPerWebhookProcess: perProcess, lost: 0, seconds };
		await client.deactivateWorkflow(listener.id);
		const refusedBy = await Promise.all(listener.urls('status').map(async (url) => (await post(url, statusRecord(createdIds[0], 5))).status));
		expect(refusedBy).toEqual([404, 404]);
	}, 900_000);

	/**
	 * Each event delivered to one webhook process and, once answered, delivered again to the other,
	 * `inFlight` events at a time, the repeat `retryAfterMs` after the answer. Returns the executions
	 * and how many repeats the trigger's answer counted as duplicates.
	 */
	async function repeatOnOtherProcess(title: string, inFlight: number, retryAfterMs: number) {
		const listener = await activeListener(title, { acrossProcesses: true });
		const [onFirst, onSecond] = listener.urls('status');
		const run = randomUUID().slice(0, 8);
		let recognised = 0;
		await inParallel(Array.from({ length: DUPLICATED_EVENTS }, (_, index) => index), inFlight, async (index) => {
			const event = statusRecord(`ord_retry_${run}_${index}`, 4);
			const [firstUrl, retryUrl] = index % 2 === 0 ? [onFirst, onSecond] : [onSecond, onFirst];
			const first = await post(firstUrl, event);
			expect([first.status, first.body.emitted]).toEqual([200, 1]);
			if (retryAfterMs > 0) await new Promise((resolve) => setTimeout(resolve, retryAfterMs));
			const retry = await post(retryUrl, event);
			expect(retry.status).toBe(200);
			if (retry.body.duplicates === 1) recognised += 1;
		});
		const executions = await settledExecutions(listener.id, DUPLICATED_EVENTS);
		await e2e().client.deactivateWorkflow(listener.id);
		return { events: DUPLICATED_EVENTS, deliveries: DUPLICATED_EVENTS * 2, inFlight, retryAfterMs, executions: executions.length, retriesRecognised: recognised };
	}

	test(`${DUPLICATED_EVENTS} deliveries, each repeated once on the other webhook process after the service's retry delay, start ${DUPLICATED_EVENTS} executions`, async () => {
		// One event at a time, the repeat half a second after the answer (the sandbox's first retry delay here).
		const result = await repeatOnOtherProcess('sequential retries', 1, 500);
		measurements.sequentialRetryAcrossProcesses = result;
		expect([result.executions, result.retriesRecognised]).toEqual([DUPLICATED_EVENTS, DUPLICATED_EVENTS]);
	}, 600_000);

	longRunTest('measured: repeats sent the moment the answer arrives, and repeats while other events of the workflow are in flight', async () => {
		const results: Record<string, unknown> = {};
		for (const [name, inFlight, retryAfterMs] of [
			['immediately', 1, 0],
			['fiveEventsInFlight', 5, 500],
		] as const) {
			const result = await repeatOnOtherProcess(`retries ${name}`, inFlight, retryAfterMs);
			results[name] = result;
			// Never fewer executions than events, never more than deliveries; each repeat that the
			// answer called a duplicate started nothing.
			expect(result.executions).toBeGreaterThanOrEqual(DUPLICATED_EVENTS);
			expect(result.executions).toBe(result.deliveries - result.retriesRecognised);
		}
		measurements.retriesUnderLoad = results;
	}, 600_000);

	test(`examples/act-once-per-event-in-queue-mode.json: ${DUPLICATED_EVENTS} events, each sent at the same moment to both webhook processes, are acted on ${DUPLICATED_EVENTS} times`, async () => {
		const { client, state } = e2e();
		const source = withCredential(loadExample('act-once-per-event-in-queue-mode.json'), state.credential);
		// Its Postgres nodes use n8n's own database, which every worker reaches.
		const postgres = await client.createCredential({
			name: 'e2e queue: n8n database',
			type: 'postgres',
			data: { ...queue().database, ssl: 'disable', allowUnauthorizedCerts: false, maxConnections: 10 },
		});
		for (const node of source.nodes) if (node.credentials?.postgres) node.credentials = { postgres: { id: postgres.id, name: postgres.name } };
		const trigger = findNode(source, 'Print Store Trigger');
		const saved = await client.createWorkflow({ ...source, name: `${source.name} (e2e)` });
		// What the user runs once first: the table, from the example's own branch (on main).
		assertSucceeded(await client.runManually(saved.id, 'Run once: create the events table'));
		await client.activateWorkflow(saved.id);
		const events = Array.from({ length: DUPLICATED_EVENTS }, (_, index) => statusRecord(`ord_once_${randomUUID().slice(0, 8)}_${index}`, 4));
		// The trigger's secret as Create derives it (README: an HMAC keyed with the credential's
		// subscription key and client secret), restated here; the service would post to both processes.
		const secret = derivedTriggerSecret(state.sandbox, saved.id, trigger.webhookId);
		const urls = queue().webhooks.map((process) => `${process.url}/webhook/${String(trigger.webhookId)}/status?secret=${secret}`);
		await inParallel(events, 5, async (event) => {
			const answers = await Promise.all(urls.map((url) => post(url, event)));
			expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
		});
		const executions = await settledExecutions(saved.id, DUPLICATED_EVENTS);
		const actedOn: string[] = [];
		await inParallel(executions, 4, async (execution) => {
			const full = await client.getExecution(execution.id);
			expect(full.status).toBe('success');
			actedOn.push(...nodeOutput(full, 'Act on the event').map((item) => String(item.actedOn)));
		});
		await client.deactivateWorkflow(saved.id);
		const result = { events: DUPLICATED_EVENTS, deliveries: DUPLICATED_EVENTS * 2, executionsStarted: executions.length, executionsThatActed: actedOn.length, distinctEventsActedOn: new Set(actedOn).size };
		measurements.actOncePerEvent = result;
		process.stderr.write(`\nact once per event: ${JSON.stringify(result)}\n`);
		expect([result.executionsThatActed, result.distinctEventsActedOn]).toEqual([DUPLICATED_EVENTS, DUPLICATED_EVENTS]);
	}, 600_000);

	longRunTest('measured: the same event sent at the same moment to both webhook processes', async () => {
		const results: Record<string, unknown> = {};
		for (const [name, options] of [
			['withAcrossProcesses', { acrossProcesses: true }],
			['withoutAcrossProcesses', {}],
		] as const) {
			const listener = await activeListener(`simultaneous ${name}`, options);
			const urls = listener.urls('status');
			const run = randomUUID().slice(0, 8);
			await inParallel(Array.from({ length: DUPLICATED_EVENTS }, (_, index) => index), 5, async (index) => {
				const event = statusRecord(`ord_same_moment_${run}_${index}`, 2);
				const answers = await Promise.all(urls.map((url) => post(url, event)));
				expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
			});
			const executions = await settledExecutions(listener.id, DUPLICATED_EVENTS);
			results[name] = { events: DUPLICATED_EVENTS, deliveries: DUPLICATED_EVENTS * 2, executions: executions.length, extraExecutions: executions.length - DUPLICATED_EVENTS };
			await e2e().client.deactivateWorkflow(listener.id);
			expect(executions.length).toBeGreaterThanOrEqual(DUPLICATED_EVENTS);
			expect(executions.length).toBeLessThanOrEqual(DUPLICATED_EVENTS * 2);
		}
		measurements.simultaneousDuplicates = results;
	}, 300_000);
});
