/**
 * Callbacks of any method, with or without a body: the provider's webhook settings let a service call
 * with another method than POST and without a payload, and a refused callback may make it disable the
 * webhook. A GET or an empty POST says at most which order changed (its query); the trigger reads the
 * order's status from the API and starts once per status. Only a callback that is not authentic is
 * refused. Real sandbox, real HTTP; the trigger runs through n8n-core's contexts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPrintStore } from '../helpers/engine';
import { credentialsFor, useSandbox } from '../helpers/sandbox';
import { startTrigger, useTriggerHosts } from '../helpers/trigger';

const env = useSandbox();
const hosts = useTriggerHosts();

/** Orders created in the sandbox's main store (no callbacks of their own), and an active trigger on the same account. */
async function ordersAndTrigger(count: number, parameters: INodeParameters = {}) {
	const credentials = await credentialsFor(env.sandbox);
	const orderItem = { Product: { ID: 'postcard-4x6', Quantity: 5 }, Recipient: { NameFirst: 'Ada', AddressLine1: '1 Way', City: 'London', Country: 'GB' } };
	const created = await runPrintStore({
		parameters: { resource: 'order', operation: 'create', storeId: env.sandbox.storeId, inputMode: 'json', orderItemJson: '={{ JSON.stringify($json.order) }}' },
		items: Array.from({ length: count }, () => ({ order: orderItem })),
		credentials,
	});
	expect(created.error).toBeUndefined();
	const host = await startTrigger({ parameters: { enrichStoreId: env.sandbox.storeId, ...parameters }, credentials });
	hosts.push(host);
	await host.activate();
	return { host, orders: created.json.map((order) => ({ id: String(order.ID), number: String(order.OrderNumber) })) };
}

describe('a callback without a body', () => {
	test('a GET naming the order by number starts the workflow once, with the status read from the API; a repeat starts nothing', async () => {
		const { host, orders } = await ordersAndTrigger(1);
		await env.api.advance(orders[0].id, { toStatusId: 4 });
		const url = `${host.pathUrl('status')}/${host.secret()}?OrderNumber=${orders[0].number}`;
		const delivery = await host.send(url, 'GET');
		expect(delivery.status).toBe(200);
		expect(delivery.answer).toMatchObject({ received: true, emitted: 1 });
		expect(delivery.emitted).toHaveLength(1);
		expect(delivery.emitted![0]).toMatchObject({
			event: 'status',
			OrderID: orders[0].id,
			OrderNumber: orders[0].number,
			StatusID: 4,
			StatusDescription: 'Shipped',
			statusFrom: 'api',
			StoreID: env.sandbox.storeId,
			raw: { OrderNumber: orders[0].number },
		});
		const again = await host.send(url, 'GET');
		expect(again.answer).toMatchObject({ received: true, emitted: 0, duplicates: 1 });
		// The status changes: the same GET is a new event.
		await env.api.advance(orders[0].id, { toStatusId: 5 });
		expect((await host.send(url, 'GET')).emitted![0]).toMatchObject({ StatusDescription: 'Delivered', statusFrom: 'api' });
		expect(host.emittedItems()).toHaveLength(2);
	});

	test('an empty POST and a PUT without a body, each naming its order by ID in the query, start the workflow once each', async () => {
		const { host, orders } = await ordersAndTrigger(2);
		await env.api.advance(orders[1].id, { toStatusId: 3 });
		const post = await host.send(`${host.url('status')}?secret=${host.secret()}&OrderID=${orders[0].id}`, 'POST', '');
		expect(post.emitted).toEqual([expect.objectContaining({ OrderID: orders[0].id, StatusDescription: 'Received', statusFrom: 'api' })]);
		const put = await host.send(`${host.url('details')}?secret=${host.secret()}&orderId=${orders[1].id}`, 'PUT');
		expect(put.emitted).toEqual([expect.objectContaining({ event: 'details', OrderID: orders[1].id, StatusDescription: 'Printed', statusFrom: 'api' })]);
		expect(host.emittedItems()).toHaveLength(2);
	});

	test('the status read from the API is what the status filters see', async () => {
		const { host, orders } = await ordersAndTrigger(2, { statuses: ['Shipped'] });
		await env.api.advance(orders[0].id, { toStatusId: 4 });
		await env.api.advance(orders[1].id, { toStatusId: 3 });
		const shipped = await host.send(`${host.pathUrl('status')}/${host.secret()}?OrderID=${orders[0].id}`, 'GET');
		const printed = await host.send(`${host.pathUrl('status')}/${host.secret()}?OrderID=${orders[1].id}`, 'GET');
		expect(shipped.answer).toMatchObject({ emitted: 1 });
		expect(printed.answer).toMatchObject({ emitted: 0, filtered: 1 });
	});

	test('a GET naming no order, or an order the API does not know, still starts the workflow, saying why it has no status', async () => {
		const { host } = await ordersAndTrigger(1);
		const bare = `${host.pathUrl('status')}/${host.secret()}`;
		const first = await host.send(bare, 'GET');
		const second = await host.send(bare, 'GET');
		// Nothing tells two such callbacks apart: each starts the workflow.
		expect([first.answer, second.answer]).toEqual([expect.objectContaining({ emitted: 1 }), expect.objectContaining({ emitted: 1 })]);
		expect(first.emitted![0]).toMatchObject({ OrderID: null, StatusID: null, statusError: expect.stringContaining('names no order') });
		const unknown = await host.send(`${bare}?OrderID=ord_does_not_exist`, 'GET');
		expect(unknown.status).toBe(200);
		expect(unknown.emitted![0]).toMatchObject({ OrderID: 'ord_does_not_exist', StatusID: null, statusError: expect.stringMatching(/not found|does not exist/i) });
	});
});

describe('a callback of another method with a body', () => {
	test('a PUT with a status record is read as a POST is, and the API is not asked', async () => {
		const { host, orders } = await ordersAndTrigger(1);
		await env.api.clearRequests();
		const delivery = await host.send(
			`${host.pathUrl('status')}/${host.secret()}`,
			'PUT',
			JSON.stringify({ OrderID: orders[0].id, StatusID: 2, StatusDescription: 'In Production' }),
		);
		expect(delivery.emitted).toEqual([expect.objectContaining({ OrderID: orders[0].id, StatusDescription: 'In Production' })]);
		expect(delivery.emitted![0].statusFrom).toBeUndefined();
		expect((await env.api.requests()).filter((request) => String(request.path).includes('/order/'))).toEqual([]);
	});
});

describe('a callback that is not authentic is refused, whatever its method, and reads nothing', () => {
	test.each([
		['GET without a secret', 'GET', (url: string) => `${url}?OrderID=x`, 401],
		['GET with a wrong secret', 'GET', (url: string) => `${url}?secret=forged&OrderID=x`, 403],
		['empty POST with a wrong secret', 'POST', (url: string) => `${url}?secret=forged`, 403],
		['PUT with a wrong secret', 'PUT', (url: string) => `${url}?secret=forged`, 403],
	])('%s: %s', async (_name, method, address, status) => {
		const { host, orders } = await ordersAndTrigger(1);
		await env.api.clearRequests();
		const delivery = await host.send(address(host.url('status')).replace('=x', `=${orders[0].id}`), method);
		expect(delivery.status).toBe(status);
		expect(delivery.emitted).toBeUndefined();
		expect((await env.api.requests()).filter((request) => String(request.path).includes('/order/'))).toEqual([]);
		expect(host.emittedItems()).toEqual([] as IDataObject[]);
	});
});
