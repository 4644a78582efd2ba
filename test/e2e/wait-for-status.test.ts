/**
 * Order > Wait Until Status in a real n8n: Create sends the execution's resume address with each
 * order, the execution waits in n8n, the sandbox's callbacks (or, when the sandbox drops them, the
 * node's own checks) resume it once, and it goes on with one item per order, in input order. A time
 * limit shorter than the lifecycle ends the wait with timed-out items; forged and replayed resume
 * calls resume nothing.
 */
import { randomUUID } from 'node:crypto';

import type { Execution } from '../../scripts/n8n/client';
import { nodeItems, nodeOutput, nodeRuns } from '../../scripts/n8n/executions';
import { waitFor } from '../../scripts/n8n/process';
import { CREDENTIAL_TYPE, PRINT_STORE_TYPE, printStoreTestWorkflow } from '../../scripts/n8n/workflows';
import { describeE2E, e2e, restartN8n, testIn, testOnce, untilExecutionWaits } from './helpers/harness';

type Json = Record<string, unknown>;
const CREATE = 'Create orders';
const WAIT = 'Wait until delivered';
const THEN = 'Then wait until delivered';
const LOOP = 'Loop over orders';
/** The fields an output item of Wait Until Status has (README, "Waiting until orders ship or arrive"), whichever way the wait ended. */
const DOCUMENTED = ['error', 'failOn', 'orderId', 'orderNumber', 'outcome', 'resumedBy', 'status', 'statusHistory', 'storeId', 'timeLimit', 'waitedFor'];
const STATUSES = ['Received', 'In Production', 'Printed', 'Shipped', 'Delivered'];

const order = (reference: string) => ({
	order: {
		Product: { ID: 'postcard-4x6', Quantity: 25 },
		Recipient: { NameFirst: 'Wait', NameLast: 'Test', AddressLine1: '1 Resume Road', City: 'Springfield', Country: 'US' },
		PartnerOrderReference: reference,
	},
});

const waitNode = (name: string, x: number, parameters: Json) => ({
	id: randomUUID(),
	name,
	type: PRINT_STORE_TYPE,
	typeVersion: 1,
	position: [x, 0],
	parameters: {
		resource: 'order',
		operation: 'waitForStatus',
		storeId: e2e().state.sandbox.storeId,
		orderId: { __rl: true, mode: 'id', value: '={{ $json.orderId ?? $json.ID }}' },
		waitFor: ['Delivered'],
		...parameters,
	},
	credentials: { [CREDENTIAL_TYPE]: e2e().state.credential },
});

const link = (to: string, index = 0) => [{ node: to, type: 'main', index }];

/**
 * Manual trigger → items → Create (resume address as callback) → Wait Until Status, and then, when
 * `shape` says so, a second Wait Until Status after it (`then`), or the wait inside a Loop Over Items
 * of one order per round (`loop`).
 */
async function createAndWaitWorkflow(title: string, count: number, wait: Json, shape: { then?: Json; loop?: boolean } = {}) {
	const { client, state } = e2e();
	const run = randomUUID().slice(0, 8);
	const references = Array.from({ length: count }, (_, index) => `wait-${run}-${index}`);
	const built = printStoreTestWorkflow({
		name: `e2e wait: ${title}`,
		credential: state.credential,
		items: references.map(order),
		nodeName: CREATE,
		parameters: {
			resource: 'order',
			operation: 'create',
			storeId: state.sandbox.storeId,
			inputMode: 'json',
			orderItemJson: '={{ JSON.stringify($json.order) }}',
			statusCallbacks: 'wait',
			options: { batchSize: 10 },
		},
	});
	const nodes = built.workflow.nodes as unknown[];
	const connections = built.workflow.connections as Record<string, unknown>;
	nodes.push(waitNode(WAIT, 1100, wait));
	if (shape.loop) {
		nodes.push(
			{ id: randomUUID(), name: LOOP, type: 'n8n-nodes-base.splitInBatches', typeVersion: 3, position: [880, 0], parameters: { batchSize: 1, options: {} } },
			{ id: randomUUID(), name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [1100, 200], parameters: {} },
		);
		connections[CREATE] = { main: [link(LOOP)] };
		connections[LOOP] = { main: [link('Done'), link(WAIT)] };
		connections[WAIT] = { main: [link(LOOP)] };
	} else {
		connections[CREATE] = { main: [link(WAIT)] };
	}
	if (shape.then) {
		nodes.push(waitNode(THEN, 1320, shape.then));
		connections[WAIT] = { main: [link(THEN)] };
	}
	const saved = await client.createWorkflow(built.workflow);
	const executionId = await client.startManualRun(saved.id, built.triggerName);
	return { workflowId: saved.id, executionId, references };
}

async function executionStatus(id: string): Promise<Execution> {
	return await e2e().client.getExecution(id);
}

/** Waits until the execution is waiting at the node, and returns the orders Create made (input order). */
async function untilWaiting(executionId: string): Promise<Json[]> {
	const waiting = await untilExecutionWaits(executionId);
	return nodeOutput(waiting, CREATE);
}

async function finished(executionId: string, timeoutMs = 180_000): Promise<Execution> {
	return await e2e().client.waitForExecution(executionId, timeoutMs);
}

/** Moves each order one status at a time; order i waits (i % 4 + 1) × stepMs between its steps. */
async function advanceAtDifferentSpeeds(ids: string[], upTo: number, stepMs: number) {
	await Promise.all(
		ids.map(async (id, index) => {
			for (let status = 2; status <= upTo; status++) {
				await new Promise((resolve) => setTimeout(resolve, ((index % 4) + 1) * stepMs));
				await e2e().sandbox.advance(id, { toStatusId: status });
			}
		}),
	);
}

function expectDelivered(execution: Execution, created: Json[], resumedBy: string) {
	expect(execution.status).toBe('success');
	// Resumed once: the node ran once, and its one run has one item per order, in input order.
	expect(nodeRuns(execution, WAIT)).toHaveLength(1);
	const out = nodeOutput(execution, WAIT);
	expect(out.map((item) => item.orderId)).toEqual(created.map((entry) => entry.ID));
	expect(nodeItems(execution, WAIT).map((item) => item.pairedItem)).toEqual(created.map((_, item) => ({ item })));
	for (const item of out) {
		expect(item).toMatchObject({ outcome: 'reached', resumedBy, waitedFor: ['Delivered'] });
		expect((item.status as Json).StatusDescription).toBe('Delivered');
		expect((item.statusHistory as Json[]).map((record) => record.StatusDescription)).toEqual(STATUSES);
		expect(item.error).toBeUndefined();
		expect(Object.keys(item).every((key) => DOCUMENTED.includes(key))).toBe(true);
	}
}

/** Waits until the execution is waiting at `node` for the `run`-th time (1 for its first wait there). */
/** Two waits in a row ended: each ran once, every order reached Shipped, then Delivered, resumed `by`; only documented fields. */
function expectTwoWaitsReached(execution: Execution, ids: string[], by: 'callback' | 'check') {
	expect(execution.status).toBe('success');
	expect([nodeRuns(execution, WAIT).length, nodeRuns(execution, THEN).length]).toEqual([1, 1]);
	const ended = (node: string) => nodeOutput(execution, node).map((item) => [item.orderId, item.outcome, (item.status as Json).StatusDescription, item.resumedBy]);
	expect([ended(WAIT), ended(THEN)]).toEqual([ids.map((id) => [id, 'reached', 'Shipped', by]), ids.map((id) => [id, 'reached', 'Delivered', by])]);
	for (const item of [...nodeOutput(execution, WAIT), ...nodeOutput(execution, THEN)]) expect(Object.keys(item).every((key) => DOCUMENTED.includes(key))).toBe(true);
}

async function untilWaitingAt(executionId: string, node: string, run: number): Promise<Execution> {
	return await waitFor(
		`execution ${executionId} to wait at "${node}" (run ${run})`,
		async () => {
			const execution = await executionStatus(executionId);
			if (execution.status === 'error' || execution.status === 'success') throw new Error(`execution ${executionId} ended "${execution.status}" instead of waiting at "${node}"`);
			return execution.status === 'waiting' && execution.data?.resultData?.lastNodeExecuted === node && nodeRuns(execution, node).length === run ? execution : undefined;
		},
		{ timeoutMs: 120_000, intervalMs: 250 },
	);
}

describeE2E('Order > Wait Until Status in a real n8n', () => {
	afterEach(async () => {
		await e2e().sandbox.setProfiles([]);
	});

	// Each callback has the wait read every order's history again: 8 orders at four speeds are 32 callbacks, 256 reads.
	// In queue mode, waits resumed once through the webhook processes: wait-resume-once.queue.test.ts, and the restart and loop tests below.
	testIn('n8n1')('8 orders created and waited on until Delivered: the execution waits, resumes once from the callbacks, 8 items in input order', async () => {
		const { workflowId, executionId } = await createAndWaitWorkflow('callbacks', 8, { timeLimit: 10, timeLimitUnit: 'minutes', checkEvery: 1, checkEveryUnit: 'hours' });
		const created = await untilWaiting(executionId);
		expect(created).toHaveLength(8);
		// Create sent the resume address, its secrets hidden in the output.
		expect(String((created[0].OrderDetails as Json).StatusCallbackUrl)).toMatch(new RegExp(`/webhook-waiting/${executionId}/print-store-status\\?(signature=SECRET-HIDDEN&)?secret=SECRET-HIDDEN$`));

		const ids = created.map((entry) => String(entry.ID));
		await advanceAtDifferentSpeeds(ids.slice(1), 5, 150);
		// All but one delivered: still waiting (the callbacks so far released nothing).
		await waitFor('the callbacks of 7 delivered orders', async () => {
			const delivered = (await e2e().sandbox.callbacks()).filter((d) => d.orderId !== ids[0] && d.kind === 'status' && (d.body as Json).StatusID === 5 && d.outcome === 'delivered');
			return delivered.length >= 7 ? true : undefined;
		}, { timeoutMs: 120_000 });
		expect((await executionStatus(executionId)).status).toBe('waiting');
		await advanceAtDifferentSpeeds([ids[0]], 5, 100);

		const execution = await finished(executionId);
		expectDelivered(execution, created, 'callback');
		expect(await e2e().client.listExecutions(workflowId, { includeData: false })).toHaveLength(1);
	}, 300_000);

	// The node's check at the time limit ends the wait: in queue mode it runs on the worker and resumes through a webhook process.
	testIn('queue')('a time limit shorter than the lifecycle: the items come out timed out, with the status they reached, and the execution goes on', async () => {
		const { executionId } = await createAndWaitWorkflow('time limit', 3, { timeLimit: 8, timeLimitUnit: 'seconds', checkEvery: 5, checkEveryUnit: 'seconds' });
		const created = await untilWaiting(executionId);
		const ids = created.map((entry) => String(entry.ID));
		for (const id of ids) await e2e().sandbox.advance(id, { toStatusId: 3 });
		const execution = await finished(executionId, 240_000);
		expect(execution.status).toBe('success');
		const out = nodeOutput(execution, WAIT);
		expect(out.map((item) => item.orderId)).toEqual(ids);
		for (const item of out) {
			expect(item).toMatchObject({ outcome: 'timedOut', resumedBy: 'timeLimit' });
			expect((item.status as Json).StatusDescription).toBe('Printed');
			expect(String(item.error)).toMatch(/did not reach Delivered before the time limit/);
		}
	}, 300_000);

	// The node's own judgement of each history, the same in every process (the engine suite's wait-for-status holds it too).
	testOnce('a status that ends the wait with an error: that item comes out failed, the others as they stand', async () => {
		const { executionId } = await createAndWaitWorkflow('failure', 2, { timeLimit: 10, timeLimitUnit: 'minutes', checkEvery: 1, checkEveryUnit: 'hours' });
		const created = await untilWaiting(executionId);
		const [delivered, failing] = created.map((entry) => String(entry.ID));
		await e2e().sandbox.advance(delivered, { toStatusId: 5 });
		await e2e().sandbox.advance(failing, { fail: true });
		const execution = await finished(executionId);
		const out = nodeOutput(execution, WAIT);
		expect(out.map((item) => [item.orderId, item.outcome])).toEqual([
			[delivered, 'reached'],
			[failing, 'failed'],
		]);
		expect(String(out[1].error)).toMatch(/reached "Failed" while waiting for Delivered/);
	}, 300_000);

	test('forged and replayed resume calls resume nothing', async () => {
		const { client, sandbox } = e2e();
		const { executionId } = await createAndWaitWorkflow('forged', 2, { timeLimit: 10, timeLimitUnit: 'minutes', checkEvery: 1, checkEveryUnit: 'hours' });
		const created = await untilWaiting(executionId);
		const ids = created.map((entry) => String(entry.ID));
		// The real address, as the sandbox holds it (n8n's token and the node's secret in clear).
		const stored = (await sandbox.orders()).find((entry) => entry.ID === ids[0])!;
		const real = new URL(String(stored.OrderDetails.StatusCallbackUrl));
		const post = async (url: URL | string, body: Json) =>
			(await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status;
		const delivered = (id: string) => ({ OrderID: id, StatusID: 5, StatusDescription: 'Delivered', Timestamp: new Date().toISOString() });

		const noSecret = new URL(real);
		noSecret.searchParams.delete('secret');
		const wrongSecret = new URL(real);
		wrongSecret.searchParams.set('secret', 'f'.repeat(64));
		const bare = `${client.url}/webhook-waiting/${executionId}/print-store-status`;
		expect(await post(noSecret, delivered(ids[0]))).toBe(401);
		expect(await post(wrongSecret, delivered(ids[0]))).toBe(403);
		// No token and no secret: refused by n8n 2.x (its token) or by the node (n8n 1.x has none).
		expect(await post(bare, delivered(ids[0]))).toBe(401);
		// A made-up secret: n8n 2.x refuses the missing token (401), n8n 1.x lets the node refuse the secret (403).
		expect([401, 403]).toContain(await post(`${bare}?secret=${'0'.repeat(64)}`, delivered(ids[0])));
		// The right address, with made-up "Delivered" records: the histories say otherwise.
		expect(await post(real, delivered(ids[0]))).toBe(200);
		expect(await post(real, { printStoreCheck: true })).toBe(200);
		expect((await executionStatus(executionId)).status).toBe('waiting');

		// Replays of real callbacks once one order is delivered: still waiting for the other.
		await sandbox.advance(ids[0], { toStatusId: 5 });
		const replay = (await sandbox.callbacks()).filter((d) => d.orderId === ids[0] && d.kind === 'status').at(-1)!;
		for (let attempt = 0; attempt < 3; attempt++) expect(await post(real, replay.body as Json)).toBe(200);
		expect((await executionStatus(executionId)).status).toBe('waiting');

		await sandbox.advance(ids[1], { toStatusId: 5 });
		const execution = await finished(executionId);
		expect(nodeRuns(execution, WAIT)).toHaveLength(1);
		expect(nodeOutput(execution, WAIT).map((item) => item.outcome)).toEqual(['reached', 'reached']);
		// After the resume, the address resumes nothing more.
		expect([404, 409]).toContain(await post(real, replay.body as Json));
	}, 300_000);

	// An execution that waits more than once: each wait is resumed by its own checks when the service
	// drops every callback (in queue mode the checks run on the worker and resume through a webhook
	// process; n8n 1.x has no resume token, the node checks its own secret). Each resumed by its own
	// callbacks: the restart test below.
	test('two waits in a row (Shipped, then Delivered), each resumed by its checks, callbacks dropped', async () => {
		await e2e().sandbox.setProfiles(['drop-callbacks']);
		const every = { checkEvery: 3, checkEveryUnit: 'seconds' };
		const { executionId } = await createAndWaitWorkflow('two waits, checks', 3, { waitFor: ['Shipped'], timeLimit: 10, timeLimitUnit: 'minutes', ...every }, {
			then: { waitFor: ['Delivered'], timeLimit: 10, timeLimitUnit: 'minutes', ...every },
		});
		const created = await untilWaiting(executionId);
		const ids = created.map((entry) => String(entry.ID));
		for (const id of ids) await e2e().sandbox.advance(id, { toStatusId: 4 });
		// The first wait resumed; the execution now waits at the second one.
		const between = await untilWaitingAt(executionId, THEN, 1);
		expect(nodeOutput(between, WAIT).map((item) => [item.orderId, item.outcome, (item.status as Json).StatusDescription, item.resumedBy])).toEqual(
			ids.map((id) => [id, 'reached', 'Shipped', 'check']),
		);
		for (const id of ids) await e2e().sandbox.advance(id, { toStatusId: 5 });
		expectTwoWaitsReached(await finished(executionId), ids, 'check');
	}, 300_000);

	// A process that no longer exists remembers nothing: in queue mode main restarts while worker and webhook processes go on.
	testIn('queue')('two waits with an n8n restart between them: the second is resumed by callbacks that arrive after the restart', async () => {
		const { executionId } = await createAndWaitWorkflow('restart between waits', 2, { waitFor: ['Shipped'], timeLimit: 10, timeLimitUnit: 'minutes', checkEvery: 1, checkEveryUnit: 'hours' }, {
			then: { waitFor: ['Delivered'], timeLimit: 10, timeLimitUnit: 'minutes', checkEvery: 1, checkEveryUnit: 'hours' },
		});
		const created = await untilWaiting(executionId);
		const ids = created.map((entry) => String(entry.ID));
		for (const id of ids) await e2e().sandbox.advance(id, { toStatusId: 4 });
		await untilWaitingAt(executionId, THEN, 1);
		// Nothing of the first wait's resume is remembered by a process that no longer exists.
		await restartN8n();
		for (const id of ids) await e2e().sandbox.advance(id, { toStatusId: 5 });
		expectTwoWaitsReached(await finished(executionId), ids, 'callback');
	}, 300_000);

	// Each round's resume routed to its own round: in queue mode through the webhook processes to the worker.
	testIn('queue')('a wait inside Loop Over Items, one order per round: each of 3 rounds waits and is resumed by its order\'s callback', async () => {
		const { executionId } = await createAndWaitWorkflow('loop', 3, { timeLimit: 10, timeLimitUnit: 'minutes', checkEvery: 1, checkEveryUnit: 'hours' }, { loop: true });
		const created = await untilWaiting(executionId);
		const ids = created.map((entry) => String(entry.ID));
		for (const [round, id] of ids.entries()) {
			await untilWaitingAt(executionId, WAIT, round + 1);
			await e2e().sandbox.advance(id, { toStatusId: 5 });
		}
		const execution = await finished(executionId);
		expect(execution.status).toBe('success');
		const rounds = nodeRuns(execution, WAIT);
		expect(rounds).toHaveLength(3);
		expect(rounds.map((run) => (run.data?.main?.[0] ?? []).map((item) => [item.json.orderId, item.json.outcome, item.json.resumedBy]))).toEqual(
			ids.map((id) => [[id, 'reached', 'callback']]),
		);
		expect(nodeOutput(execution, 'Done').map((item) => item.orderId)).toEqual(ids);
	}, 300_000);
});
