/**
 * "Fetch From the API" in the trigger: which store the lookup goes to (the trigger's Store ID before
 * the event's StoreID), the status history form, and the note on an event that names no order.
 * Real sandbox, real HTTP; the trigger runs through n8n-core's contexts (test/helpers/trigger.ts).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPrintStore } from '../helpers/engine';
import { credentialsFor, useSandbox } from '../helpers/sandbox';
import { startTrigger, useTriggerHosts } from '../helpers/trigger';

const env = useSandbox();

const hosts = useTriggerHosts();

/** One order created in the sandbox's main store (no callbacks), and an active trigger on the same account. */
async function orderAndTrigger(parameters: INodeParameters) {
	const credentials = await credentialsFor(env.sandbox);
	const order = { Product: { ID: 'postcard-4x6', Quantity: 5 }, Recipient: { NameFirst: 'Ada', AddressLine1: '1 Way', City: 'London', Country: 'GB' } };
	const created = await runPrintStore({
		parameters: { resource: 'order', operation: 'create', storeId: env.sandbox.storeId, inputMode: 'json', orderItemJson: JSON.stringify(order) },
		credentials,
	});
	expect(created.error).toBeUndefined();
	const orderId = String(created.json[0].ID);
	const host = await startTrigger({ parameters, credentials });
	hosts.push(host);
	await host.activate();
	return { host, orderId, q: `?secret=${host.secret()}` };
}

test("the trigger's Store ID comes before the StoreID the event carries", async () => {
	const { host, orderId, q } = await orderAndTrigger({ enrich: 'order', enrichStoreId: env.sandbox.storeId });
	const delivery = await host.post('status', JSON.stringify({ OrderID: orderId, StoreID: 'store_elsewhere', StatusID: 1 }), { query: q });
	const [event] = delivery.emitted!;
	expect(event.enrichmentError).toBeUndefined();
	expect((event.order as IDataObject).ID).toBe(orderId);
});

test("Status History: the order's records are added; a blank Store ID leaves the event's StoreID to serve", async () => {
	const { host, orderId, q } = await orderAndTrigger({ enrich: 'statusHistory', enrichStoreId: '   ' });
	await env.api.advance(orderId, { toStatusId: 3 });
	const delivery = await host.post('status', JSON.stringify({ OrderID: orderId, StoreID: env.sandbox.storeId, StatusID: 3 }), { query: q });
	const [event] = delivery.emitted!;
	expect(event.enrichmentError).toBeUndefined();
	expect(event.order).toBeUndefined();
	const history = event.statusHistory as IDataObject[];
	expect(history.map((record) => record.StatusID)).toEqual([1, 2, 3]);
	expect(history.map((record) => record.StatusDescription)).toEqual(['Received', 'In Production', 'Printed']);
});

test('an event that names no order gets a note, and no lookup is made', async () => {
	const { host, q } = await orderAndTrigger({ enrich: 'order', enrichStoreId: env.sandbox.storeId });
	await env.api.clearRequests();
	const delivery = await host.post('status', JSON.stringify({ StatusID: 4, StatusDescription: 'Shipped' }), { query: q });
	expect(delivery.emitted![0]).toMatchObject({ OrderID: null, OrderNumber: null, enrichmentError: 'Order ID: is required' });
	expect((await env.api.requests()).filter((request) => String(request.path).includes('/order/'))).toEqual([]);
});

test("a Store ID that cannot go into a URL path is noted on the event, naming the field", async () => {
	const { host, orderId, q } = await orderAndTrigger({ enrich: 'order', enrichStoreId: 'store/../admin' });
	const delivery = await host.post('status', JSON.stringify({ OrderID: orderId, StatusID: 1 }), { query: q });
	expect(delivery.emitted![0]).toMatchObject({ OrderID: orderId, enrichmentError: 'Store ID: "store/../admin" is not a valid ID: ".." is not allowed' });
	expect(delivery.emitted![0].order).toBeUndefined();
});
