/**
 * The resume webhook of Order > Wait Until Status, called as n8n calls it for an execution waiting
 * at the node (n8n-core's WebhookContext, the sandbox's API): what resumes the execution, what is
 * refused, what changes nothing, and that it never throws. The same in a real n8n:
 * test/e2e/wait-for-status.test.ts.
 */

import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { pendingItem, type WaitPlan } from '../../nodes/PrintStore/wait/plan';
import { runPrintStore } from '../helpers/engine';
import { credentialsFor, crmOrderItem, useSandbox } from '../helpers/sandbox';
import { derivedWaitSecret } from '../helpers/secrets';
import { startWaitHost, type WaitHost } from '../helpers/wait';

const env = useSandbox();
const hosts: WaitHost[] = [];
afterEach(async () => {
	await Promise.all(hosts.splice(0).map((host) => host.close()));
});

async function createOrders(count: number): Promise<string[]> {
	const result = await runPrintStore({
		parameters: { resource: 'order', operation: 'create', storeId: env.sandbox.storeId, inputMode: 'json', orderItemJson: '={{ JSON.stringify($json.order) }}' },
		items: Array.from({ length: count }, (_, index) => ({ order: crmOrderItem(index) })),
		credentials: await credentialsFor(env.sandbox),
	});
	return result.json.map((order) => String(order.ID));
}

const planFor = (order: string, extra: Partial<WaitPlan> = {}): WaitPlan => ({
	storeId: env.sandbox.storeId,
	order,
	orderBy: 'id',
	waitFor: ['Delivered'],
	failOn: ['Failed', 'Cancelled'],
	timeLimit: new Date(Date.now() + 3_600_000).toISOString(),
	...extra,
});

/** An execution waiting for these orders (and any other pending items), and the node's secret for it. */
async function waitingFor(pending: INodeExecutionData[]) {
	const host = await startWaitHost({ pending, credentials: await credentialsFor(env.sandbox) });
	hosts.push(host);
	const secret = derivedWaitSecret(env.sandbox, host.executionId);
	return { host, query: `?secret=${secret}` };
}

const statusReads = async () => (await env.api.requests()).filter((entry) => entry.method === 'GET' && entry.path.endsWith('/status'));
const callback = (OrderID: string, StatusID: number, StatusDescription: string) => ({ OrderID, StatusID, StatusDescription, Timestamp: new Date().toISOString() });

test('without the secret, or with a wrong one, a call is refused and reads nothing, whatever it says', async () => {
	const [id] = await createOrders(1);
	await env.api.advance(id, { toStatusId: 5 });
	const { host, query } = await waitingFor([pendingItem(planFor(id), [], 0)]);
	await env.api.clearRequests();
	const missing = await host.post('', callback(id, 5, 'Delivered'));
	const empty = await host.post('?secret=', { printStoreCheck: true });
	const wrong = await host.post(`?secret=${'a'.repeat(64)}`, callback(id, 5, 'Delivered'));
	const otherExecution = await host.post(query.replace(/.$/, (last) => (last === '0' ? '1' : '0')), { printStoreCheck: true });
	expect([missing, empty, wrong, otherExecution].map((call) => [call.status, call.answer, call.resumedWith])).toEqual([
		[401, { received: false, error: 'Missing secret' }, undefined],
		[401, { received: false, error: 'Missing secret' }, undefined],
		[403, { received: false, error: 'Wrong secret' }, undefined],
		[403, { received: false, error: 'Wrong secret' }, undefined],
	]);
	expect(await statusReads()).toEqual([]);
	// The node's own check, signed: with another secret, or older than five minutes, it is refused too.
	const forged = await host.check({ secret: 'f'.repeat(64) });
	const stale = await host.check({ time: Date.now() - 6 * 60_000 });
	expect([forged, stale].map((call) => [call.status, call.answer, call.resumedWith])).toEqual([
		[403, { received: false, error: 'Wrong signature' }, undefined],
		[403, { received: false, error: 'Wrong signature' }, undefined],
	]);
	expect(await statusReads()).toEqual([]);
	// The right secret resumes it: the order is delivered.
	expect((await host.post(query, callback(id, 5, 'Delivered'))).resumedWith).toHaveLength(1);
});

test("the node's own check is answered with its proof (only the node can give it), and the failures it carries reach the output", async () => {
	const [id] = await createOrders(1);
	const { host } = await waitingFor([pendingItem(planFor(id), [], 0)]);
	const waiting = await host.check();
	expect(waiting.answer).toEqual({ received: true, resumed: false, waitingFor: 1, waiting: true, proof: expect.stringMatching(/^[0-9a-f]{64}$/) });
	await env.api.advance(id, { toStatusId: 5 });
	const failures = { count: 2, last: 'no n8n process answered as this wait: http://n8n.invalid/webhook-waiting/1/print-store-status (no answer (ENOTFOUND))', lastAt: '2026-11-28T10:00:00.000Z' };
	const resumed = await host.check({ failures });
	expect(resumed.resumedWith!.map((item) => [item.json.outcome, item.json.resumedBy, item.json.checkFailures])).toEqual([['reached', 'check', failures]]);
});

test('a callback of another order, or of a status that settles nothing, is acknowledged and reads nothing', async () => {
	const [id] = await createOrders(1);
	// An error item of Continue On Fail waits for nothing and makes no callback relevant.
	const { host, query } = await waitingFor([pendingItem(planFor(id), [], 0), { json: { error: 'The service answered 404' }, pairedItem: { item: 1 } }]);
	await env.api.clearRequests();
	const other = await host.post(query, callback('ord_someone_else', 5, 'Delivered'));
	const printed = await host.post(query, callback(id, 3, 'Printed'));
	expect([other.status, other.answer, other.resumedWith]).toEqual([200, { received: true, resumed: false }, undefined]);
	expect([printed.status, printed.answer, printed.resumedWith]).toEqual([200, { received: true, resumed: false }, undefined]);
	expect(await statusReads()).toEqual([]);
	// A body that is not a status callback at all is refused as the trigger refuses it.
	const broken = await host.post(query, '{"OrderID": ');
	expect([broken.status, broken.answer, broken.resumedWith]).toEqual([400, { received: false, error: 'Body is not valid JSON' }, undefined]);
});

test('a settling callback reads the histories in item order and stops at the first order still waited for', async () => {
	const ids = await createOrders(3);
	await env.api.advance(ids[0], { toStatusId: 5 });
	const { host, query } = await waitingFor(ids.map((id, index) => pendingItem(planFor(id), [], index)));
	await env.api.clearRequests();
	const first = await host.post(query, callback(ids[0], 5, 'Delivered'));
	expect([first.status, first.answer, first.resumedWith]).toEqual([200, { received: true, resumed: false, waitingFor: 3 }, undefined]);
	expect((await statusReads()).map((entry) => entry.path.split('/')[6])).toEqual([ids[0], ids[1]]);
});

test('when every order is settled the execution resumes once: one item per pending item, in order, paired, error items passed through', async () => {
	const ids = await createOrders(3);
	await env.api.advance(ids[0], { toStatusId: 5 });
	await env.api.advance(ids[1], { fail: true });
	const errorItem: INodeExecutionData = { json: { error: 'Invalid "Store ID" in item 1' }, pairedItem: { item: 1 } };
	const pending = [pendingItem(planFor(ids[0]), [], 0), errorItem, pendingItem(planFor(ids[1]), [], 2), pendingItem(planFor(ids[2]), [], 3)];
	const { host, query } = await waitingFor(pending);
	expect((await host.check()).resumedWith).toBeUndefined();
	await env.api.advance(ids[2], { toStatusId: 5 });

	const resumed = await host.post(query, callback(ids[2], 5, 'Delivered'));
	expect([resumed.status, resumed.answer]).toEqual([200, { received: true, resumed: true, timedOut: false }]);
	const items = resumed.resumedWith!;
	expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }]);
	expect(items[1]).toEqual(errorItem);
	expect([0, 2, 3].map((index) => [items[index].json.orderId, items[index].json.outcome, items[index].json.resumedBy])).toEqual([
		[ids[0], 'reached', 'callback'],
		[ids[1], 'failed', 'callback'],
		[ids[2], 'reached', 'callback'],
	]);
	expect(items.every((item) => !('waitPlan' in item.json))).toBe(true);
	expect((items[3].json.statusHistory as IDataObject[]).map((record) => record.StatusDescription)).toEqual(['Received', 'In Production', 'Printed', 'Shipped', 'Delivered']);

	// Resumed: later calls to this execution resume nothing more.
	const again = await host.post(query, callback(ids[2], 5, 'Delivered'));
	expect([again.status, again.answer, again.resumedWith]).toEqual([409, { received: true, resumed: false, error: 'This wait has resumed already' }, undefined]);
});

/*
 * An execution waits more than once: Create → Wait (Shipped) → Wait (Delivered), a wait inside a
 * loop, or the same wait again after an n8n restart. Each wait is resumed by its own calls: what
 * a call decides rests on the wait the execution is at, never on a memory of this process that
 * the execution "has resumed". (Keyed by the execution alone, every call of the second wait was
 * answered 409 and only n8n's timer ended it, days later, with the orders timed out.)
 */
describe('an execution that waits again', () => {
	test('a second wait at another node is resumed by its own callbacks after the first resumed', async () => {
		const [id] = await createOrders(1);
		await env.api.advance(id, { toStatusId: 4 });
		const { host, query } = await waitingFor([pendingItem(planFor(id, { waitFor: ['Shipped'] }), [], 0)]);
		const first = await host.post(query, callback(id, 4, 'Shipped'));
		expect([first.status, first.answer]).toEqual([200, { received: true, resumed: true, timedOut: false }]);

		// The execution went on to the next wait, which waits for Delivered (same resume address, same secret).
		host.waitAgain([pendingItem(planFor(id), [], 0)], 'Wait Until Delivered');
		const early = await host.post(query, callback(id, 4, 'Shipped'));
		expect([early.status, early.answer]).toEqual([200, { received: true, resumed: false }]);
		await env.api.advance(id, { toStatusId: 5 });
		const second = await host.post(query, callback(id, 5, 'Delivered'));
		expect([second.status, second.answer]).toEqual([200, { received: true, resumed: true, timedOut: false }]);
		expect(second.resumedWith!.map((item) => [item.json.outcome, (item.json.status as IDataObject).StatusDescription, item.json.waitedFor])).toEqual([['reached', 'Delivered', ['Delivered']]]);
		const replay = await host.post(query, callback(id, 5, 'Delivered'));
		expect([replay.status, replay.answer]).toEqual([409, { received: true, resumed: false, error: 'This wait has resumed already' }]);
	});

	test('a copy of the execution loaded at the first wait, deciding after another process resumed that wait and the execution waits at the next one, resumes nothing: 409', async () => {
		const [id] = await createOrders(1);
		await env.api.advance(id, { toStatusId: 4 });
		const { host, query } = await waitingFor([pendingItem(planFor(id, { waitFor: ['Shipped'] }), [], 0)]);
		// The call's copy still waits for Shipped; meanwhile another webhook process resumed that wait
		// and the execution waits for Delivered. n8n would let this call claim it (it is waiting).
		host.loadThenMoveOn([pendingItem(planFor(id), [], 0)], 'Wait Until Delivered');
		const stale = await host.post(query, callback(id, 4, 'Shipped'));
		expect([stale.status, stale.answer, stale.resumedWith]).toEqual([409, { received: true, resumed: false, error: 'This wait has resumed already' }, undefined]);
		// The wait it is at now is resumed by its own callback.
		await env.api.advance(id, { toStatusId: 5 });
		const second = await host.post(query, callback(id, 5, 'Delivered'));
		expect([second.status, second.answer]).toEqual([200, { received: true, resumed: true, timedOut: false }]);
	});

	test('the same node waiting again (a loop, or a restart between two runs) is resumed again, by a callback and by a check', async () => {
		const ids = await createOrders(3);
		const { host, query } = await waitingFor([pendingItem(planFor(ids[0]), [], 0)]);
		for (const [round, id] of ids.entries()) {
			// Each round waits for its own order, with a time limit set when it began.
			if (round > 0) host.waitAgain([pendingItem(planFor(id, { timeLimit: new Date(Date.now() + 3_600_000 + round).toISOString() }), [], 0)]);
			await env.api.advance(id, { toStatusId: 5 });
			const call = round === 1 ? await host.check() : await host.post(query, callback(id, 5, 'Delivered'));
			expect([round, call.status, call.answer]).toEqual([round, 200, { received: true, resumed: true, timedOut: false, ...(round === 1 ? { waiting: false, proof: expect.any(String) } : {}) }]);
			expect(call.resumedWith!.map((item) => [item.json.orderId, item.json.resumedBy])).toEqual([[id, round === 1 ? 'check' : 'callback']]);
		}
	});

	test('the same node waiting again for the same order (a loop back, its time limit set anew) is resumed again', async () => {
		const [id] = await createOrders(1);
		await env.api.advance(id, { toStatusId: 5 });
		const { host, query } = await waitingFor([pendingItem(planFor(id), [], 0)]);
		expect((await host.post(query, callback(id, 5, 'Delivered'))).answer).toEqual({ received: true, resumed: true, timedOut: false });
		host.waitAgain([pendingItem(planFor(id, { timeLimit: new Date(Date.now() + 7_200_000).toISOString() }), [], 0)]);
		const again = await host.post(query, callback(id, 5, 'Delivered'));
		expect([again.status, again.answer]).toEqual([200, { received: true, resumed: true, timedOut: false }]);
		expect(again.resumedWith!.map((item) => [item.json.orderId, item.json.outcome])).toEqual([[id, 'reached']]);
	});
});

test("the node's check past the time limit resumes with the orders not there timed out, and the others as they are", async () => {
	const ids = await createOrders(2);
	await env.api.advance(ids[0], { toStatusId: 5 });
	await env.api.advance(ids[1], { toStatusId: 2 });
	const past = new Date(Date.now() - 1000).toISOString();
	const { host } = await waitingFor([pendingItem(planFor(ids[0], { timeLimit: past }), [], 0), pendingItem(planFor(ids[1], { timeLimit: past }), [], 1)]);
	const resumed = await host.check();
	expect(resumed.answer).toEqual({ received: true, resumed: true, timedOut: true, waiting: false, proof: expect.any(String) });
	expect(resumed.resumedWith!.map((item) => [item.json.outcome, item.json.resumedBy, (item.json.status as IDataObject).StatusDescription])).toEqual([
		['reached', 'check', 'Delivered'],
		['timedOut', 'timeLimit', 'In Production'],
	]);
});

test('a history that cannot be read answers 503 (the service retries), resumes nothing, and throws nothing', async () => {
	const { host, query } = await waitingFor([pendingItem(planFor('ord_missing'), [], 0)]);
	const failed = await host.post(query, callback('ord_missing', 5, 'Delivered'));
	expect(failed.status).toBe(503);
	expect(failed.answer).toMatchObject({ received: false, resumed: false });
	expect(String(failed.answer?.error)).toMatch(/does not exist/);
	expect(failed.resumedWith).toBeUndefined();
});

test('an execution whose stack holds no wait (another node, or a damaged plan) is answered 409 and not resumed', async () => {
	const damaged = { ...pendingItem(planFor('ord_1'), [], 1).json, waitedFor: 'Delivered' };
	const { host } = await waitingFor([{ json: { some: 'item' } }, { json: damaged }]);
	const call = await host.check();
	expect([call.status, call.answer, call.resumedWith]).toEqual([409, { received: true, resumed: false, error: 'This execution is not waiting for order statuses', waiting: false, proof: expect.any(String) }, undefined]);
});

test('a wait by order number is settled by a callback that names only the order number, also inside a list of events', async () => {
	const ids = await createOrders(2);
	await env.api.advance(ids[0], { toStatusId: 5 });
	const number = String((await env.api.orders()).find((order) => order.ID === ids[0])?.OrderNumber);
	const { host, query } = await waitingFor([{ ...pendingItem(planFor(number, { orderBy: 'orderNumber' }), [], 0), pairedItem: undefined }]);
	const { OrderID: _id, ...byNumber } = { ...callback(ids[0], 5, 'Delivered'), OrderNumber: number };
	const otherOrder = { ...callback(ids[1], 5, 'Delivered'), OrderNumber: 'PS-other' };
	const resumed = await host.post(query, [otherOrder, byNumber]);
	expect([resumed.status, resumed.answer]).toEqual([200, { received: true, resumed: true, timedOut: false }]);
	expect(resumed.resumedWith!.map((item) => [item.json.orderNumber, item.json.outcome, item.json.resumedBy])).toEqual([[number, 'reached', 'callback']]);
	// A pending item that lost its pairing is paired with its position.
	expect(resumed.resumedWith![0].pairedItem).toEqual({ item: 0 });
});

test('calls that arrive together are taken one at a time: the execution resumes once', async () => {
	const ids = await createOrders(2);
	for (const id of ids) await env.api.advance(id, { toStatusId: 5 });
	const { host, query } = await waitingFor(ids.map((id, index) => pendingItem(planFor(id), [], index)));
	const calls = await Promise.all([...ids.map((id) => host.post(query, callback(id, 5, 'Delivered'))), host.check()]);
	expect(calls.filter((call) => call.resumedWith !== undefined)).toHaveLength(1);
	expect(calls.map((call) => call.status).sort()).toEqual([200, 409, 409]);
});
