/**
 * The package's calls to n8n itself where n8n cannot reach its own public address: N8N_WEBHOOK_URL
 * (1.x: WEBHOOK_URL) and the editor's address are a name nothing resolves, as behind a reverse proxy
 * without hairpin routing or with split DNS, on every n8n process.
 *
 * - Order > Wait Until Status, the service never sending its callbacks: a published workflow
 *   (Webhook → Create with Status Callbacks "Resume This Execution" → Wait Until Status, Check Every
 *   5 s) is called a few times; its orders are delivered one after the other. Every order's outcome
 *   comes from the checks, each wait ended by the first check after its last order's status.
 * - The Print Store Trigger's catch-up: n8n stopped while orders change; once it is back, the clock
 *   reaches the trigger and emits every change once and in order (the service reaches n8n through
 *   its route to the public name).
 * - How the package finds n8n: one process (2.41.1, 1.123.81), nothing set: the checks and the
 *   clock find n8n where it listens, its default port 5678 (the e2e stack runs n8n there). In queue
 *   mode the checks run on the worker, which serves no webhooks, and main serves no production
 *   webhooks here: the documented setting, the credential's n8n Internal URL (the load balancer in
 *   front of the webhook processes), reaches them; without it the wait fails as it begins and the
 *   catch-up soon after the publish, each saying what it tried and what to set, as n8n's REST API
 *   shows.
 * - Status Checks off: n8n's own timer ends the wait at its time limit, and its items say that no
 *   check ran at the end, with the status as read and when (started first, it waits while the other
 *   tests run).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';

import type { Execution, WorkflowNode } from '../../scripts/n8n/client';
import { isFinishedWithData } from '../../scripts/n8n/client';
import { nodeOutput } from '../../scripts/n8n/executions';
import { connectOAuth2Credential } from '../../scripts/n8n/oauth';
import { waitFor } from '../../scripts/n8n/process';
import { CREDENTIAL_TYPE, PRINT_STORE_TYPE, type CredentialRef } from '../../scripts/n8n/workflows';
import { callbacksSettled, publishAndCreate, statusesOf, triggerNode, untilItems } from './helpers/catch-up';
import { describeE2E, e2e, keepsItsOwnSettings, restartAllOfN8n, setupList, startCreateThenWait, stopOrStartN8n, testOnce, testOnlyIn, untilExecutionWaits } from './helpers/harness';

type Json = Record<string, unknown>;
const CREATE = 'Create orders';
const WAIT = 'Wait until delivered';
const EXECUTIONS = 3;
const ORDERS_PER_EXECUTION = 2;

/** A name nothing resolves, on n8n's port: n8n cannot reach it; the test reaches n8n directly. */
const publicOrigin = () => `http://n8n-public.invalid:${e2e().state.n8n.port}`;
const queueMode = () => e2e().state.mode === 'queue';
/** Where the service's callbacks reach n8n: in queue mode the load balancer in front of the webhook processes. */
const n8nAsServiceReachesIt = () => (queueMode() ? e2e().state.queue!.proxy.url : e2e().state.n8n.url);

const node = (name: string, x: number, type: string, typeVersion: number, parameters: Json, more: Partial<WorkflowNode> = {}): WorkflowNode => ({
	id: randomUUID(),
	name,
	type,
	typeVersion,
	position: [x, 0],
	parameters,
	...more,
});

/** A second credential for the sandbox account, with an n8n Internal URL: the documented setting for queue mode. */
async function credentialWithInternalUrl(n8nInternalUrl: string): Promise<CredentialRef> {
	const { client, state } = e2e();
	const created = await client.createCredential({
		name: `Print Store sandbox, n8n at ${n8nInternalUrl} ${randomUUID().slice(0, 6)}`,
		type: CREDENTIAL_TYPE,
		data: {
			baseUrl: state.sandbox.baseUrl,
			authUrl: state.sandbox.authorizationUrl,
			accessTokenUrl: state.sandbox.tokenUrl,
			clientId: state.sandbox.clientId,
			clientSecret: state.sandbox.clientSecret,
			scope: '',
			authentication: 'header',
			subscriptionKey: state.sandbox.subscriptionKey,
			n8nInternalUrl,
		},
	});
	await connectOAuth2Credential(client, created.id, state.sandboxUser);
	return { id: created.id, name: created.name };
}

/** Webhook → one item per order → Create (the resume address as callback) → Wait Until Status; published. Its production URL, as the test reaches it. */
async function publishedWaitWorkflow(title: string, credential: CredentialRef) {
	const { client, state } = e2e();
	const path = `out-of-reach-${randomUUID()}`;
	const nodes: WorkflowNode[] = [
		node('Webhook', 0, 'n8n-nodes-base.webhook', 2, { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} }, { webhookId: randomUUID() }),
		node('One item each', 220, 'n8n-nodes-base.splitOut', 1, { fieldToSplitOut: 'body.orders', include: 'noOtherFields', options: {} }),
		node(
			CREATE,
			440,
			PRINT_STORE_TYPE,
			1,
			{ resource: 'order', operation: 'create', storeId: state.sandbox.storeId, inputMode: 'json', orderItemJson: '={{ JSON.stringify($json) }}', statusCallbacks: 'wait' },
			{ credentials: { [CREDENTIAL_TYPE]: credential } },
		),
		node(
			WAIT,
			660,
			PRINT_STORE_TYPE,
			1,
			{
				resource: 'order',
				operation: 'waitForStatus',
				storeId: state.sandbox.storeId,
				orderId: { __rl: true, mode: 'id', value: '={{ $json.ID }}' },
				waitFor: ['Delivered'],
				timeLimit: 3,
				timeLimitUnit: 'minutes',
				checkEvery: 5,
				checkEveryUnit: 'seconds',
			},
			{ credentials: { [CREDENTIAL_TYPE]: credential } },
		),
	];
	const chain = ['Webhook', 'One item each', CREATE, WAIT];
	const connections = Object.fromEntries(chain.slice(0, -1).map((from, index) => [from, { main: [[{ node: chain[index + 1], type: 'main', index: 0 }]] }]));
	const saved = await client.createWorkflow({ name: `e2e out of reach: ${title}`, nodes, connections, settings: { executionOrder: 'v1' } });
	await client.activateWorkflow(saved.id);
	// Queue mode: main serves no production webhooks here; the webhook processes do, behind the load balancer.
	const base = queueMode() ? state.queue!.proxy.url : state.n8n.url;
	return { id: saved.id, webhookUrl: `${base}/webhook/${path}` };
}

const order = (reference: string) => ({
	Product: { ID: 'postcard-4x6', Quantity: 25 },
	Recipient: { NameFirst: 'Out', NameLast: 'Of Reach', AddressLine1: '1 Proxy Road', City: 'Springfield', Country: 'US' },
	PartnerOrderReference: reference,
});

/** Calls the workflow's webhook once per execution, each with its orders. */
async function callWorkflow(webhookUrl: string, run: string, executions: number): Promise<void> {
	for (let execution = 0; execution < executions; execution++) {
		const orders = Array.from({ length: ORDERS_PER_EXECUTION }, (_, index) => order(`${run}-${execution}-${index}`));
		const answer = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ orders }) });
		expect(answer.status).toBe(200);
	}
}

async function executionsWhere(workflowId: string, count: number, what: string, ready: (execution: Execution) => boolean, timeoutMs = 120_000): Promise<Execution[]> {
	return await waitFor(
		`${count} executions ${what}`,
		async () => {
			const executions = await e2e().client.listExecutions(workflowId);
			return executions.length >= count && executions.every(ready) ? executions : undefined;
		},
		{ timeoutMs, intervalMs: 500 },
	);
}

/** Status-history reads of an order the sandbox received after request `afterSeq`. */
async function historyReadsAfter(orderId: string, afterSeq: number): Promise<number> {
	const reads = (await e2e().sandbox.requests()).filter((request) => request.seq > afterSeq && request.method === 'GET' && request.path.endsWith(`/order/${orderId}/status`));
	return reads.length;
}

// It restarts n8n its own way before its first test.
keepsItsOwnSettings();

describeE2E("n8n's public address out of its own reach: Wait Until Status, the catch-up", () => {
	/**
	 * The credential the checks and the clock use: in one process the stack's, with nothing set (n8n
	 * runs on its default port); in queue mode one with the n8n Internal URL, as docs/queue-mode.md
	 * says (connected while n8n's editor address is still the one the OAuth2 redirect goes to).
	 */
	let credential: CredentialRef;
	/** Where every test runs: a wait that n8n's own timer ends, started first (it takes up to a minute), awaited last. */
	let timerWait: Promise<string> | undefined;
	/**
	 * Queue mode: a catch-up trigger published with the stack's credential (no n8n Internal URL) as the
	 * file begins; its clock's second try, 35 s later, comes while the tests before its own run.
	 */
	let triggerWithoutSetting: Promise<{ workflowId: string; webhookId: string }> | undefined;

	beforeAll(async () => {
		credential = queueMode() ? await credentialWithInternalUrl(n8nAsServiceReachesIt()) : e2e().state.credential;
		const out = `${publicOrigin()}/`;
		// Queue mode as documented for main without production webhooks: nothing on main answers for a waiting execution.
		await restartAllOfN8n({ N8N_WEBHOOK_URL: out, WEBHOOK_URL: out, N8N_EDITOR_BASE_URL: out }, queueMode() ? { N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true' } : {});
		if (queueMode()) {
			triggerWithoutSetting = publishTriggerWithoutSetting();
			triggerWithoutSetting.catch(() => undefined);
		}
		if (setupList === 'every') {
			timerWait = startTimerWait();
			// Handled where it is awaited; not an unhandled rejection meanwhile.
			timerWait.catch(() => undefined);
		}
	}, 300_000);

	afterEach(async () => {
		await e2e().sandbox.setProfiles([]);
		await e2e().sandbox.clearCallbackRoutes();
		await e2e().sandbox.resetCallbackPolicy();
	});

	// n8n stays out of its own reach for the files after this one, which restore the suite's settings (test/e2e/setup/settings.ts).
	afterAll(async () => {
		await timerWait?.catch(() => undefined);
	}, 300_000);

	test("callbacks never sent: every order's outcome comes from the checks, each wait ended by the first check after its last order's status", async () => {
		const { sandbox, state } = e2e();
		if (!queueMode()) expect(`n8n's port: ${state.n8n.port}`).toBe("n8n's port: 5678");
		await sandbox.setProfiles(['drop-callbacks']);
		const { id, webhookUrl } = await publishedWaitWorkflow('checks', credential);
		const run = randomUUID().slice(0, 8);
		await callWorkflow(webhookUrl, run, EXECUTIONS);
		// Waiting, with what Create made: on a busy machine n8n 1.x was seen listing an execution as waiting before its run data was there.
		const waiting = await executionsWhere(id, EXECUTIONS, 'waiting', (execution) => execution.status === 'waiting' && nodeOutput(execution, CREATE).length === ORDERS_PER_EXECUTION);
		const created = waiting.map((execution) => nodeOutput(execution, CREATE).map((entry) => String(entry.ID)));
		expect(created.flat()).toHaveLength(EXECUTIONS * ORDERS_PER_EXECUTION);
		// Resume URLs on n8n's public address, which n8n cannot reach itself.
		const stored = (await sandbox.orders()).find((entry) => entry.ID === created[0][0])!;
		expect(String(stored.OrderDetails.StatusCallbackUrl).startsWith(`${publicOrigin()}/`)).toBe(true);

		// Each execution's orders delivered one after the other, half a second apart (all within one check interval); where the requests stood when its last one was.
		const lastDelivered = new Map<string, number>();
		for (const [index, orders] of created.entries()) {
			for (const orderId of orders) {
				await sandbox.advance(orderId, { toStatusId: 5 });
				lastDelivered.set(waiting[index].id, (await sandbox.requests()).at(-1)?.seq ?? 0);
				await new Promise((resolve) => setTimeout(resolve, 500));
			}
		}
		const done = await executionsWhere(id, EXECUTIONS, 'finished', (execution) => execution.status === 'success' && isFinishedWithData(execution));
		for (const [index, execution] of done.entries()) {
			const orders = created[waiting.findIndex((entry) => entry.id === execution.id)];
			expect(nodeOutput(execution, WAIT).map((item) => [item.orderId, item.outcome, item.resumedBy, (item.status as Json).StatusDescription])).toEqual(
				orders.map((orderId) => [orderId, 'reached', 'check', 'Delivered']),
			);
			// The check that ended it read the last order's history once after its status: the first check after it.
			expect([index, await historyReadsAfter(orders.at(-1)!, lastDelivered.get(execution.id)!)]).toEqual([index, 1]);
		}
		await e2e().client.deactivateWorkflow(id);
	}, 300_000);

	// The worker serves no webhooks and main none in production: only the documented setting reaches n8n.
	testOnlyIn('queue')('without the n8n Internal URL in queue mode: the wait fails as it begins, saying what it tried and what to set, and nothing waits', async () => {
		const { id, webhookUrl } = await publishedWaitWorkflow('no setting', e2e().state.credential);
		await callWorkflow(webhookUrl, randomUUID().slice(0, 8), 1);
		const [failed] = await executionsWhere(id, 1, 'failed', (execution) => execution.status === 'error' && isFinishedWithData(execution));
		const error = failed.data?.resultData?.error as { message?: string; description?: string; node?: { name?: string } } | undefined;
		expect(error?.message).toBe("Wait Until Status cannot reach this execution in n8n to check the orders' statuses: no address of n8n answered");
		expect(error?.description).toContain(`${publicOrigin()}/webhook-waiting/${failed.id}/print-store-status (no answer (`);
		expect(error?.description).toContain('Set "n8n Internal URL" in the Print Store credential');
		expect(failed.data?.resultData?.lastNodeExecuted).toBe(WAIT);
		expect(JSON.stringify(failed)).not.toContain(e2e().state.sandbox.subscriptionKey);
		await e2e().client.deactivateWorkflow(id);
	}, 300_000);

	// Only in queue mode does no process answer: one process answers where it listens.
	testOnlyIn('queue')('the catch-up without the n8n Internal URL in queue mode (main serves no production webhooks): soon after the publish, a failed execution says no process answered, what was tried and what to set', async () => {
		const { workflowId, webhookId } = await triggerWithoutSetting!;
		// The clock's first try 5 s after the publish, its second 30 s later: the failed execution then.
		const [failed] = await executionsWhere(workflowId, 1, 'failed', (execution) => execution.status === 'error' && isFinishedWithData(execution), 120_000);
		const error = failed.data?.resultData?.error as { message?: string; description?: string } | undefined;
		expect(error?.message).toBe('The catch-up cannot reach this trigger: no n8n process answered at its own addresses');
		expect(error?.description).toContain(`${publicOrigin()}/webhook/${webhookId}/status (no answer (`);
		expect(error?.description).toContain('Set "n8n Internal URL" in the Print Store credential');
		await e2e().client.deactivateWorkflow(workflowId);
	}, 180_000);

	// It stops n8n: after the tests that need it running since the file began.
	test('the catch-up: n8n stopped while orders change; once it is back, the clock reaches the trigger, every change is emitted once and in order, and the late retry of one starts nothing', async () => {
		const { client, sandbox } = e2e();
		// The service reaches n8n through its route to the public name; n8n cannot.
		await sandbox.callbackRoute(publicOrigin(), n8nAsServiceReachesIt());
		// Two orders where one process takes both Received callbacks. In queue mode one: two callbacks at
		// once on two webhook processes each save the trigger's memory whole, the later save drops the
		// other's record, and a restart of both before either saves again loses it, so the catch-up
		// emits that Received again (docs/queue-mode.md, "The catch-up in queue mode").
		const firstReadsBefore = firstCatchUpsLogged();
		const { saved, orders } = await publishAndCreate('e2e out of reach: catch-up', queueMode() ? ['out-a'] : ['out-a', 'out-b'], credential);
		const [a, b] = orders;
		const stored = (await sandbox.orders()).find((entry) => entry.ID === a.ID) as unknown as { OrderDetails: { StatusCallbackUrl: string } };
		expect(stored.OrderDetails.StatusCallbackUrl.startsWith(`${publicOrigin()}/`)).toBe(true);
		await expect(fetch(stored.OrderDetails.StatusCallbackUrl, { method: 'POST' })).rejects.toThrow();
		// The creations' Received records come by callback, one execution each.
		const received = await untilItems(saved.id, orders.length);
		expect(orders.map((order) => statusesOf(received, order.ID))).toEqual(orders.map(() => ['Received/callback']));

		// n8n is stopped once the trigger's first catch-up has read the store and saved where it read to
		// (5 s after the publish; main's log says so as the clock has its answer): the stop this test is
		// about, not one within seconds of the publish, before that save. (Then the catch-up after the
		// start is a first read: it leaves what changed since the publish in the last minute to the next
		// one. In queue mode such a stop has been seen to lose the publish's record: docs/queue-mode.md,
		// "The catch-up in queue mode".)
		await waitFor('the first catch-up to read the store and answer', async () => (firstCatchUpsLogged() > firstReadsBefore ? true : undefined), { timeoutMs: 60_000 });
		// A service that gives up after two attempts, while n8n is down.
		await sandbox.callbackPolicy({ attempts: 2, baseDelayMs: 100 });
		await stopOrStartN8n('stop');
		try {
			await sandbox.advance(String(a.ID), { toStatusId: 4 });
			if (b) await sandbox.advance(String(b.ID), { toStatusId: 3 });
			// Three new records of a and two of b, each given up on both of the order's URLs (and each Received delivered on both).
			await callbacksSettled(orders.map((order) => String(order.ID)), b ? 14 : 8);
		} finally {
			await stopOrStartN8n('start');
		}
		// The catch-up after the start: every missed status, in order, once.
		const items = await untilItems(saved.id, b ? 7 : 4);
		expect(statusesOf(items, a.ID)).toEqual(['Received/callback', 'In Production/catchUp', 'Printed/catchUp', 'Shipped/catchUp']);
		if (b) expect(statusesOf(items, b.ID)).toEqual(['Received/callback', 'In Production/catchUp', 'Printed/catchUp']);

		// The service's late retry of a's Shipped record, sent its way (in queue mode to any webhook process): answered, nothing started.
		const [shipped] = (await sandbox.api<Array<Record<string, unknown>>>('GET', `/store/${e2e().state.sandbox.storeId}/order/${String(a.ID)}/status`)).body.slice(-1);
		const late = await fetch(stored.OrderDetails.StatusCallbackUrl.replace(publicOrigin(), n8nAsServiceReachesIt()), {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(shipped),
		});
		expect(late.status).toBe(200);
		expect(await late.json()).toMatchObject({ duplicates: 1, emitted: 0 });

		// And n8n up again, a new status comes by callback, once.
		await sandbox.advance(String(a.ID), { toStatusId: 5 });
		const after = await untilItems(saved.id, b ? 8 : 5);
		expect(statusesOf(after, a.ID)).toEqual(['Received/callback', 'In Production/catchUp', 'Printed/catchUp', 'Shipped/catchUp', 'Delivered/callback']);
		await client.deactivateWorkflow(saved.id);
	}, 300_000);

	// n8n's timer ends every wait the same way in every setup: once.
	testOnce("Status Checks off: n8n's own timer ends the wait at its time limit, and each item says no check ran at the end, with its status as read and when", async () => {
		const execution = await e2e().client.waitForExecution(await timerWait!, 150_000);
		expect(execution.status).toBe('success');
		const [item] = nodeOutput(execution, WAIT);
		expect(item).toMatchObject({ outcome: 'unchecked', resumedBy: 'n8nTimer', status: { StatusDescription: 'Received' } });
		expect(String(item.error)).toMatch(/^No check ran when the wait ended: n8n's own timer ended it after the time limit/);
		expect(Date.parse(String(item.statusReadAt))).toBeLessThan(Date.parse(String(item.timeLimit)));
	}, 200_000);
});

/** How many first catch-ups after a publish main's log shows answered (the clock logs each answer at debug level, which the suite's n8n runs at). */
function firstCatchUpsLogged(): number {
	return readFileSync(e2e().state.n8n.logFile, 'utf8')
		.split('\n')
		.filter((line) => line.includes(': catch-up at ') && line.includes('"firstActivation":true')).length;
}

/** A new catch-up trigger with the stack's credential, published: no callback has come, so no process was seen serving it. */
async function publishTriggerWithoutSetting(): Promise<{ workflowId: string; webhookId: string }> {
	const { client } = e2e();
	const trigger = triggerNode({ catchUp: 'storeOrders' });
	const saved = await client.createWorkflow({ name: 'e2e out of reach: catch-up without the setting', nodes: [trigger], connections: {}, settings: {} });
	await client.activateWorkflow(saved.id);
	return { workflowId: saved.id, webhookId: String(trigger.webhookId) };
}

/** Create → Wait Until Status (Status Checks off, a 12 s time limit), run manually until it waits: its execution's ID. */
async function startTimerWait(): Promise<string> {
	const { state } = e2e();
	const { executionId } = await startCreateThenWait({
		name: 'e2e out of reach: n8n timer',
		credential: state.credential,
		storeId: state.sandbox.storeId,
		items: [{ order: order('timer-0') }],
		wait: { timeLimit: 0.2, timeLimitUnit: 'minutes', statusChecks: 'off' },
	});
	await untilExecutionWaits(executionId);
	return executionId;
}
