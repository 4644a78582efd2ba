/**
 * Version 3 of the Print Store Trigger starts once per status change: the status and details
 * callbacks of one change are one event, whose item carries what both brought; Create gives the
 * service only the URLs of the kinds the trigger starts for. Earlier versions keep one execution per
 * callback. Real sandbox (its callbacks go to both URLs an order carries), real HTTP; the trigger
 * runs through n8n-core's contexts (test/helpers/trigger.ts), Create through n8n's engine.
 * test/e2e/once-per-change.test.ts shows the same in a real n8n.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPrintStore, type StoredCredentials } from '../helpers/engine';
import { credentialsFor, useSandbox } from '../helpers/sandbox';
import { startTrigger, statusRecord, useTriggerHosts, type TriggerHost } from '../helpers/trigger';

const env = useSandbox();
const hosts = useTriggerHosts();

async function trigger(parameters: INodeParameters, typeVersion = 3, credentials?: StoredCredentials): Promise<TriggerHost> {
	// startTrigger's own defaults pick both kinds; a trigger added with its declared defaults has them too.
	const host = await startTrigger({ credentials, typeVersion, parameters: { enrichStoreId: env.sandbox.storeId, ...parameters } });
	hosts.push(host);
	await host.activate();
	return host;
}

/** Orders created by Print Store > Create (its newest version, Test Mode as it defaults) with Status Callbacks "From Print Store Trigger in This Workflow". */
async function createOrders(credentials: StoredCredentials, host: TriggerHost, references: string[]): Promise<IDataObject[]> {
	const created = await runPrintStore({
		typeVersion: 5,
		parameters: {
			resource: 'order',
			operation: 'create',
			storeId: { __rl: true, mode: 'list', value: env.sandbox.storeId },
			inputMode: 'json',
			orderItemJson: '={{ JSON.stringify($json.order) }}',
			statusCallbacks: 'trigger',
		},
		items: references.map((reference) => ({
			order: { Product: { ID: 'postcard-4x6', Quantity: 5 }, Recipient: { NameFirst: 'Ada', AddressLine1: '1 Way', City: 'London', Country: 'GB' }, PartnerOrderReference: reference },
		})),
		credentials,
		staticData: {},
		workflow: host.workflow(),
	});
	expect(created.error).toBeUndefined();
	return created.json;
}

async function delivered(count: number): Promise<IDataObject[]> {
	let deliveries: IDataObject[] = [];
	for (let waited = 0; waited < 30_000; waited += 100) {
		deliveries = (await env.api.callbacks()).filter((entry) => entry.outcome === 'delivered') as IDataObject[];
		if (deliveries.length >= count) break;
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	expect(deliveries).toHaveLength(count);
	return deliveries;
}

/** Waits until the trigger has started the workflow with `count` items, and a moment more for any it should not have. */
async function emittedItems(host: TriggerHost, count: number): Promise<IDataObject[]> {
	for (let waited = 0; waited < 30_000 && host.emittedItems().length < count; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
	await new Promise((resolve) => setTimeout(resolve, 300));
	return host.emittedItems();
}

const record = statusRecord;
const detailsOf = (order: string, statusId: number) => record(order, statusId, { PartnerOrderReference: `crm-${order}`, StoreID: 'store_main', Completed: statusId === 5, Order: { ID: order, Recipient: 'Ada' } });

describe('version 3: one execution per status change', () => {
	test('with its declared defaults and Create "From Print Store Trigger": 3 orders, 12 changes reported to both URLs, 12 executions, each with what both callbacks carried', async () => {
		const credentials = await credentialsFor(env.sandbox);
		const host = await trigger({}, 3, credentials);
		const orders = await createOrders(credentials, host, ['crm-a', 'crm-b', 'crm-c']);
		for (const order of orders) {
			expect(Object.keys(order.OrderDetails as IDataObject)).toEqual(expect.arrayContaining(['StatusCallbackUrl', 'StatusDetailsCallbackUrl']));
			await env.api.advance(String(order.ID), { toStatusId: 4 });
		}
		// Received, In Production, Printed, Shipped: each to both URLs.
		await delivered(3 * 4 * 2);
		const items = await emittedItems(host, 12);
		const changes = items.map((item) => `${String(item.PartnerOrderReference)}:${String(item.StatusDescription)}`);
		expect(changes.sort()).toEqual(['crm-a', 'crm-b', 'crm-c'].flatMap((reference) => ['Received', 'In Production', 'Printed', 'Shipped'].map((status) => `${reference}:${status}`)).sort());
		for (const item of items) {
			// Each item has both callbacks' records: the details one adds the order.
			expect([...(item.callbacks as string[])].sort()).toEqual(['details', 'status']);
			expect(item.raw).toMatchObject({ OrderID: item.OrderID, StatusID: item.StatusID });
			expect((item.rawDetails as IDataObject).Order).toMatchObject({ ID: item.OrderID });
			expect(item.eventKey).not.toMatch(/^(status|details)\|/);
		}
		expect(host.failures).toEqual([]);
	}, 60_000);

	test.each([
		['the status callback first', 'status', 'details'],
		['the details callback first', 'details', 'status'],
	] as const)('%s: one item with the fields of both; the other callback starts nothing and is answered at once', async (_title, first, second) => {
		const host = await trigger({ catchUp: 'off' });
		const bodies = { status: JSON.stringify(record('p1', 4)), details: JSON.stringify(detailsOf('p1', 4)) };
		const query = { query: `?secret=${host.secret()}` };
		const sending = host.post(first, bodies[first], query);
		await new Promise((resolve) => setTimeout(resolve, 100));
		const other = await host.post(second, bodies[second], query);
		const started = await sending;
		expect([other.status, other.emitted, other.answer]).toEqual([200, undefined, { received: true, events: 1, emitted: 0, duplicates: 1, filtered: 0, paired: 1 }]);
		expect([started.status, started.answer]).toEqual([200, { received: true, events: 1, emitted: 1, duplicates: 0, filtered: 0, paired: 0 }]);
		expect(started.emitted).toHaveLength(1);
		const [item] = started.emitted!;
		expect(item).toMatchObject({ event: first, callbacks: [first, second], OrderID: 'p1', StatusID: 4, PartnerOrderReference: 'crm-p1', StoreID: 'store_main', Completed: false });
		expect(item.raw).toEqual(JSON.parse(bodies[first]));
		expect(item.rawDetails).toEqual(JSON.parse(bodies.details));
		expect(host.emittedItems()).toHaveLength(1);
	});

	test("the first callback's sender is answered once the other callback came: a service that sends each URL's records in order keeps the two in step", async () => {
		const host = await trigger({ catchUp: 'off' });
		const answered: string[] = [];
		const send = async (kind: 'status' | 'details', body: IDataObject) => {
			const response = await fetch(`${host.url(kind)}?secret=${host.secret()}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
			answered.push(`${kind} ${response.status}`);
		};
		const first = send('status', record('p4', 4));
		await new Promise((resolve) => setTimeout(resolve, 200));
		expect(answered).toEqual([]);
		await send('details', detailsOf('p4', 4));
		await first;
		expect(answered).toEqual(['details 200', 'status 200']);
	});

	test('a change whose other callback does not come: its sender is answered while the event still waits, the event goes on alone after the wait, and the other callback then starts nothing', async () => {
		const host = await trigger({ catchUp: 'off' });
		const query = { query: `?secret=${host.secret()}` };
		const response = await fetch(`${host.url('status')}?secret=${host.secret()}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(record('p2', 2)) });
		expect([response.status, await response.json(), host.emittedItems()]).toEqual([200, { received: true, events: 1, emitted: 1, duplicates: 0, filtered: 0, paired: 0 }, []]);
		for (let waited = 0; waited < 20_000 && host.emittedItems().length === 0; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
		expect(host.emittedItems()).toEqual([expect.objectContaining({ OrderID: 'p2', StatusID: 2, callbacks: ['status'], PartnerOrderReference: null })]);
		expect(host.emittedItems()[0]).not.toHaveProperty('rawDetails');
		const late = await host.post('details', JSON.stringify(detailsOf('p2', 2)), query);
		expect([late.emitted, late.answer]).toEqual([undefined, { received: true, events: 1, emitted: 0, duplicates: 1, filtered: 0, paired: 0 }]);
		// A later change of the same order is a change of its own.
		const next = host.post('details', JSON.stringify(detailsOf('p2', 3)), query);
		await new Promise((resolve) => setTimeout(resolve, 100));
		await host.post('status', JSON.stringify(record('p2', 3)), query);
		expect((await next).emitted).toEqual([expect.objectContaining({ StatusID: 3, event: 'details', callbacks: ['details', 'status'] })]);
	}, 40_000);

	test('a catch-up that reads past a change while it waits for its other callback: the other callback still joins it', async () => {
		await env.api.setProfiles(['drop-callbacks']);
		const credentials = await credentialsFor(env.sandbox);
		const host = await trigger({}, 3, credentials);
		// The first catch-up after the publish records the store as it is.
		expect((await host.catchUp(true)).status).toBe(200);
		const [order] = await createOrders(credentials, host, ['crm-watch']);
		await env.api.advance(String(order.ID), { toStatusId: 2 });
		const history = (await env.api.api<IDataObject[]>('GET', `/store/${env.sandbox.storeId}/order/${String(order.ID)}/status`)).body;
		const query = { query: `?secret=${host.secret()}` };
		const status = host.post('status', JSON.stringify(history[1]), query);
		await new Promise((resolve) => setTimeout(resolve, 200));
		// The catch-up reads the order's history meanwhile: Received is new to it, In Production was passed on.
		const caught = await host.catchUp(true);
		expect((caught.emitted ?? []).map((event) => event.StatusDescription)).toEqual(['Received']);
		const details = await host.post('details', JSON.stringify({ ...history[1], PartnerOrderReference: 'crm-watch', Order: { ID: order.ID } }), query);
		expect([details.emitted, details.answer?.paired]).toEqual([undefined, 1]);
		expect((await status).emitted).toEqual([expect.objectContaining({ StatusDescription: 'In Production', callbacks: ['status', 'details'], rawDetails: expect.objectContaining({ Order: { ID: order.ID } }) })]);
		expect(host.failures).toEqual([]);
		await host.deactivate();
	}, 60_000);

	test('Ignore Duplicate Events off: the service delivering a change again starts the workflow again, its two callbacks still once', async () => {
		const host = await trigger({ catchUp: 'off', options: { ignoreDuplicates: false } });
		const query = { query: `?secret=${host.secret()}` };
		for (let delivery = 1; delivery <= 2; delivery++) {
			const first = host.post('status', JSON.stringify(record('p3', 4)), query);
			await new Promise((resolve) => setTimeout(resolve, 100));
			expect((await host.post('details', JSON.stringify(detailsOf('p3', 4)), query)).emitted).toBeUndefined();
			expect((await first).emitted).toEqual([expect.objectContaining({ StatusID: 4, callbacks: ['status', 'details'] })]);
		}
		expect(host.emittedItems()).toHaveLength(2);
	}, 30_000);

	test('a trigger that starts for one kind: Create gives the service only that URL, and each change starts the workflow once', async () => {
		const credentials = await credentialsFor(env.sandbox);
		const host = await trigger({ events: ['details'] }, 3, credentials);
		const [order] = await createOrders(credentials, host, ['crm-one']);
		expect(order.OrderDetails).not.toHaveProperty('StatusCallbackUrl');
		expect(String((order.OrderDetails as IDataObject).StatusDetailsCallbackUrl)).toMatch(/\/details\?secret=SECRET-HIDDEN&store=/);
		await env.api.advance(String(order.ID), { toStatusId: 3 });
		await delivered(3);
		const items = await emittedItems(host, 3);
		expect(items.map((item) => [item.StatusDescription, item.callbacks])).toEqual([
			['Received', ['details']],
			['In Production', ['details']],
			['Printed', ['details']],
		]);
	}, 60_000);
});

describe('versions before 3 keep what their workflows were built for', () => {
	test('version 2.1 with both kinds: one execution per callback, and Create gives both URLs even to a trigger that starts for one kind', async () => {
		const credentials = await credentialsFor(env.sandbox);
		const both = await trigger({}, 2.1, credentials);
		const [order] = await createOrders(credentials, both, ['crm-old']);
		await env.api.advance(String(order.ID), { toStatusId: 2 });
		await delivered(4);
		const items = await emittedItems(both, 4);
		expect(items.map((item) => `${String(item.event)}:${String(item.StatusDescription)}`).sort()).toEqual(['details:In Production', 'details:Received', 'status:In Production', 'status:Received']);
		expect(items.every((item) => item.callbacks === undefined && String(item.eventKey).startsWith(`${String(item.event)}|`))).toBe(true);

		await env.api.reset();
		const statusOnly = await trigger({ events: ['status'] }, 2.1, credentials);
		const [another] = await createOrders(credentials, statusOnly, ['crm-old-2']);
		expect(Object.keys(another.OrderDetails as IDataObject)).toEqual(expect.arrayContaining(['StatusCallbackUrl', 'StatusDetailsCallbackUrl']));
	}, 60_000);
});
