/**
 * The wait's resume webhook takes callbacks of any method, with or without a body: a GET or an empty
 * POST carries no status, so the node reads the histories from the API and resumes when they settle.
 * Without the node's secret, any method is refused and reads nothing. Through n8n-core's
 * WebhookContext against the sandbox; the same in a real n8n: test/e2e/callback-methods.test.ts.
 */
import type { INodeExecutionData } from 'n8n-workflow';

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

async function createOrders(count: number): Promise<Array<{ id: string; number: string }>> {
	const result = await runPrintStore({
		parameters: { resource: 'order', operation: 'create', storeId: env.sandbox.storeId, inputMode: 'json', orderItemJson: '={{ JSON.stringify($json.order) }}' },
		items: Array.from({ length: count }, (_, index) => ({ order: crmOrderItem(index) })),
		credentials: await credentialsFor(env.sandbox),
	});
	return result.json.map((order) => ({ id: String(order.ID), number: String(order.OrderNumber) }));
}

const planFor = (order: string): WaitPlan => ({
	storeId: env.sandbox.storeId,
	order,
	orderBy: 'id',
	waitFor: ['Delivered'],
	failOn: ['Failed'],
	timeLimit: new Date(Date.now() + 3_600_000).toISOString(),
});

async function waitingFor(pending: INodeExecutionData[]) {
	const host = await startWaitHost({ pending, credentials: await credentialsFor(env.sandbox) });
	hosts.push(host);
	return { host, query: `?secret=${derivedWaitSecret(env.sandbox, host.executionId)}` };
}

const statusReads = async () => (await env.api.requests()).filter((entry) => entry.method === 'GET' && entry.path.endsWith('/status'));

test.each([
	['a GET', 'GET', undefined],
	['an empty POST', 'POST', ''],
	['a PUT without a body', 'PUT', undefined],
])('%s reads the history from the API and resumes the wait once the order is delivered', async (_name, method, body) => {
	const [order] = await createOrders(1);
	const { host, query } = await waitingFor([pendingItem(planFor(order.id), [], 0)]);
	const early = await host.send(`${query}&OrderID=${order.id}`, method, body);
	expect(early.status).toBe(200);
	expect(early.answer).toMatchObject({ received: true, resumed: false });
	await env.api.advance(order.id, { toStatusId: 5 });
	await env.api.clearRequests();
	const settled = await host.send(`${query}&OrderID=${order.id}`, method, body);
	expect(settled.answer).toMatchObject({ received: true, resumed: true });
	expect(settled.resumedWith?.[0].json).toMatchObject({ orderId: order.id, outcome: 'reached', resumedBy: 'callback', status: { StatusDescription: 'Delivered' } });
	expect(await statusReads()).toHaveLength(1);
});

test('a GET naming no order reads the histories too; one naming another order reads nothing', async () => {
	const [order, other] = await createOrders(2);
	await env.api.advance(order.id, { toStatusId: 5 });
	const { host, query } = await waitingFor([pendingItem(planFor(order.id), [], 0)]);
	await env.api.clearRequests();
	const elsewhere = await host.send(`${query}&OrderNumber=${other.number}`, 'GET');
	expect(elsewhere.answer).toEqual({ received: true, resumed: false });
	expect(await statusReads()).toEqual([]);
	const bare = await host.send(query, 'GET');
	expect(bare.answer).toMatchObject({ resumed: true });
});

test.each(['GET', 'PUT', 'POST'])('%s without the secret, or with a wrong one, is refused and reads nothing', async (method) => {
	const [order] = await createOrders(1);
	await env.api.advance(order.id, { toStatusId: 5 });
	const { host } = await waitingFor([pendingItem(planFor(order.id), [], 0)]);
	await env.api.clearRequests();
	expect((await host.send(`?OrderID=${order.id}`, method)).status).toBe(401);
	expect((await host.send(`?secret=${'a'.repeat(64)}&OrderID=${order.id}`, method)).status).toBe(403);
	expect(await statusReads()).toEqual([]);
});
