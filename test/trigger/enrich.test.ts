/**
 * "Fetch From the API" in the trigger: which store the lookup goes to (the trigger's Store ID before
 * the event's StoreID), the status history form, and the note on an event that names no order.
 * Real sandbox, real HTTP; the trigger runs through n8n-core's contexts (test/helpers/trigger.ts).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPrintStore } from '../helpers/engine';
import { credentialsFor, useSandbox } from '../helpers/sandbox';
import { runTriggerExecution, startTrigger, useTriggerHosts } from '../helpers/trigger';

const env = useSandbox();

const hosts = useTriggerHosts();

/** One order created in the sandbox's main store (no callbacks), and an active trigger on the same account. */
async function orderAndTrigger(parameters: INodeParameters, typeVersion?: number) {
	const credentials = await credentialsFor(env.sandbox);
	const order = { Product: { ID: 'postcard-4x6', Quantity: 5 }, Recipient: { NameFirst: 'Ada', AddressLine1: '1 Way', City: 'London', Country: 'GB' } };
	const created = await runPrintStore({
		parameters: { resource: 'order', operation: 'create', storeId: env.sandbox.storeId, inputMode: 'json', orderItemJson: JSON.stringify(order) },
		credentials,
	});
	expect(created.error).toBeUndefined();
	const orderId = String(created.json[0].ID);
	const host = await startTrigger({ parameters, credentials, typeVersion });
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

describe('version 2: read in the execution, as its first step', () => {
	async function runTrigger(parameters: INodeParameters, events: IDataObject[], continueOnFail = false) {
		return await runTriggerExecution({ parameters, events, credentials: await credentialsFor(env.sandbox), continueOnFail });
	}

	test('the webhook emits at once, with the store of the URL; the execution reads the order', async () => {
		const { host, orderId } = await orderAndTrigger({ enrich: 'order', catchUp: 'off' }, 2);
		await env.api.clearRequests();
		const delivery = await host.post('status', JSON.stringify({ OrderID: orderId, StatusID: 1 }), { query: `/${host.secret()}/${env.sandbox.storeId}` });
		const [event] = delivery.emitted!;
		expect(event).toMatchObject({ OrderID: orderId, StoreID: env.sandbox.storeId });
		expect(event.order).toBeUndefined();
		expect((await env.api.requests()).filter((request) => String(request.path).includes('/order/'))).toEqual([]);
		const run = await runTrigger({ enrich: 'order' }, [event]);
		expect(run.error).toBeUndefined();
		expect((run.json[0].order as IDataObject).ID).toBe(orderId);
		expect(run.items[0].pairedItem).toEqual({ item: 0 });
	});

	test('a read that fails fails the item, naming it; with On Error continuing, the event goes on with enrichmentError', async () => {
		const events = [{ OrderID: 'no-such-order', StoreID: env.sandbox.storeId, StatusID: 4 }];
		const failed = await runTrigger({ enrich: 'statusHistory' }, events);
		expect(failed.json).toEqual([]);
		expect(failed.error?.message).toBe('The requested order does not exist');
		const continued = await runTrigger({ enrich: 'statusHistory' }, events, true);
		expect(continued.error).toBeUndefined();
		expect(continued.json).toEqual([expect.objectContaining({ OrderID: 'no-such-order', enrichmentError: failed.error?.message })]);
	});

	test('without Fetch From the API the events pass as they came, paired with theirs', async () => {
		const run = await runTrigger({}, [{ OrderID: 'a', StatusID: 1 }, { OrderID: 'b', StatusID: 2 }]);
		expect(run.json).toEqual([{ OrderID: 'a', StatusID: 1 }, { OrderID: 'b', StatusID: 2 }]);
	});
});
