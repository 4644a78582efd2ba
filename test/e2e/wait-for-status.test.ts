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
import { describeE2E, e2e } from './helpers/harness';

type Json = Record<string, unknown>;
const CREATE = 'Create orders';
const WAIT = 'Wait until delivered';
const STATUSES = ['Received', 'In Production', 'Printed', 'Shipped', 'Delivered'];

const order = (reference: string) => ({
	order: {
		Product: { ID: 'postcard-4x6', Quantity: 25 },
		Recipient: { NameFirst: 'Wait', NameLast: 'Test', AddressLine1: '1 Resume Road', City: 'Springfield', Country: 'US' },
		PartnerOrderReference: reference,
	},
});

/** Manual trigger → items → Create (resume address as callback) → Wait Until Status. */
async function createAndWaitWorkflow(title: string, count: number, wait: Json) {
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
	built.workflow.nodes.push({
		id: randomUUID(),
		name: WAIT,
		type: PRINT_STORE_TYPE,
		typeVersion: 1,
		position: [880, 0],
		parameters: {
			resource: 'order',
			operation: 'waitForStatus',
			storeId: state.sandbox.storeId,
			orderId: { __rl: true, mode: 'id', value: '={{ $json.ID }}' },
			waitFor: ['Delivered'],
			...wait,
		},
		credentials: { [CREDENTIAL_TYPE]: state.credential },
	});
	(built.workflow.connections as Record<string, unknown>)[CREATE] = { main: [[{ node: WAIT, type: 'main', index: 0 }]] };
	const saved = await client.createWorkflow(built.workflow);
	const executionId = await client.startManualRun(saved.id, built.triggerName);
	return { workflowId: saved.id, executionId, references };
}

async function executionStatus(id: string): Promise<Execution> {
	return await e2e().client.getExecution(id);
}

/** Waits until the execution is waiting at the node, and returns the orders Create made (input order). */
async function untilWaiting(executionId: string): Promise<Json[]> {
	const waiting = await waitFor(
		`execution ${executionId} to wait`,
		async () => {
			const execution = await executionStatus(executionId);
			if (execution.status === 'error' || execution.status === 'success') throw new Error(`execution ${executionId} ended "${execution.status}" instead of waiting`);
			return execution.status === 'waiting' ? execution : undefined;
		},
		{ timeoutMs: 120_000, intervalMs: 250 },
	);
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
		expect(item).not.toHaveProperty('waitPlan');
	}
}

describeE2E('Order > Wait Until Status in a real n8n', () => {
	afterEach(async () => {
		await e2e().sandbox.setProfiles([]);
	});

	test('20 orders created and waited on until Delivered: the execution waits, resumes once from the callbacks, 20 items in input order', async () => {
		const { workflowId, executionId } = await createAndWaitWorkflow('callbacks', 20, { timeLimit: 10, timeLimitUnit: 'minutes', checkEvery: 1, checkEveryUnit: 'hours' });
		const created = await untilWaiting(executionId);
		expect(created).toHaveLength(20);
		// Create sent the resume address, its secrets hidden in the output.
		expect(String((created[0].OrderDetails as Json).StatusCallbackUrl)).toMatch(new RegExp(`/webhook-waiting/${executionId}/print-store-status\\?(signature=SECRET-HIDDEN&)?secret=SECRET-HIDDEN$`));

		const ids = created.map((entry) => String(entry.ID));
		await advanceAtDifferentSpeeds(ids.slice(1), 5, 150);
		// All but one delivered: still waiting (the callbacks so far released nothing).
		await waitFor('the callbacks of 19 delivered orders', async () => {
			const delivered = (await e2e().sandbox.callbacks()).filter((d) => d.orderId !== ids[0] && d.kind === 'status' && (d.body as Json).StatusID === 5 && d.outcome === 'delivered');
			return delivered.length >= 19 ? true : undefined;
		}, { timeoutMs: 120_000 });
		expect((await executionStatus(executionId)).status).toBe('waiting');
		await advanceAtDifferentSpeeds([ids[0]], 5, 100);

		const execution = await finished(executionId);
		expectDelivered(execution, created, 'callback');
		expect(await e2e().client.listExecutions(workflowId, { includeData: false })).toHaveLength(1);
	}, 300_000);

	test('the sandbox drops every callback: the node\'s own checks resume the execution once every order is delivered', async () => {
		await e2e().sandbox.setProfiles(['drop-callbacks']);
		const { executionId } = await createAndWaitWorkflow('checks', 6, { timeLimit: 10, timeLimitUnit: 'minutes', checkEvery: 3, checkEveryUnit: 'seconds' });
		const created = await untilWaiting(executionId);
		const ids = created.map((entry) => String(entry.ID));
		await advanceAtDifferentSpeeds(ids, 5, 200);
		const deliveredAt = Date.now();
		const execution = await finished(executionId);
		expectDelivered(execution, created, 'check');
		const callbacks = (await e2e().sandbox.callbacks()).filter((d) => ids.includes(String(d.orderId)));
		expect(callbacks.length).toBeGreaterThan(0);
		expect(callbacks.every((d) => d.outcome === 'dropped')).toBe(true);
		// Measured, not asserted (shared machines): how long after the last delivery the wait ended.
		process.stdout.write(`\nwait with dropped callbacks ended ${Date.parse(String(execution.stoppedAt)) - deliveredAt} ms after the last delivery (checks every 3 s)\n`);
	}, 300_000);

	test('a time limit shorter than the lifecycle: the items come out timed out, with the status they reached, and the execution goes on', async () => {
		const { executionId } = await createAndWaitWorkflow('time limit', 3, { timeLimit: 0.25, timeLimitUnit: 'minutes', checkEvery: 5, checkEveryUnit: 'seconds' });
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

	test('a status that ends the wait with an error: that item comes out failed, the others as they stand', async () => {
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
});
