/**
 * Version 6: Simplify on Order > Get, Get Many and Get Status History (on for new nodes: each order
 * or status record as a small flat set of its fields, under the API's names), and Store > Remove
 * Application Association answering `{ deleted: true }`. Workflows saved at versions 1 to 5 keep
 * their output: the raw answers, and `{ success, applicationId, storeId }`. Run by n8n's engine
 * against the sandbox; the raw answers are the sandbox's own, read through its API.
 */
import type { IDataObject } from 'n8n-workflow';

import { runPrintStore } from '../helpers/engine';
import { credentialsFor, crmOrderItem, useSandbox } from '../helpers/sandbox';

const env = useSandbox();

/** The store as each version saves it: text up to version 4, a resource locator from version 5. */
const store = (typeVersion: number) => (typeVersion >= 5 ? { __rl: true, mode: 'list', value: env.sandbox.storeId, cachedResultName: 'Sandbox Print Co.' } : env.sandbox.storeId);
const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });

const ORDER_KEYS = ['ID', 'OrderNumber', 'PartnerOrderReference', 'StatusID', 'StatusDescription', 'Completed', 'Created', 'Updated', 'RecipientName', 'RecipientCity'];
const RECORD_KEYS = ['OrderID', 'OrderNumber', 'StatusID', 'StatusDescription', 'Timestamp', 'TrackingNumber', 'ShippedDate', 'DeliveryMethod', 'DeliveryDate', 'DeliverySignedBy', 'StatusUpdateFailed'];

async function createOrders(count: number): Promise<IDataObject[]> {
	const created = await env.api.api<IDataObject[]>('POST', `/store/${env.sandbox.storeId}/order`, { Items: Array.from({ length: count }, (_, index) => crmOrderItem(index)) });
	expect(created.status).toBe(200);
	return created.body;
}

/** What the sandbox itself answers for a GET below /api/v1. */
async function raw<T>(path: string): Promise<T> {
	const answer = await env.api.api<T>('GET', path);
	expect(answer.status).toBe(200);
	return answer.body;
}

async function run(typeVersion: number, parameters: Record<string, unknown>, options: { tool?: boolean } = {}) {
	const result = await runPrintStore({ typeVersion, parameters: { storeId: store(typeVersion), ...parameters }, credentials: await credentialsFor(env.sandbox), ...options });
	expect(result.error).toBeUndefined();
	return result.json;
}

describe('Order > Get', () => {
	test('version 6, as a new node leaves it: the order simplified, its values the order\'s own', async () => {
		const [order] = await createOrders(1);
		await env.api.advance(String(order.ID), { toStatusId: 4 });
		const whole = await raw<IDataObject>(`/store/${env.sandbox.storeId}/order/${String(order.ID)}`);
		const [simplified] = await run(6, { resource: 'order', operation: 'get', orderId: byId(String(order.ID)) });
		expect(Object.keys(simplified)).toEqual(ORDER_KEYS);
		expect(simplified).toEqual({
			ID: whole.ID,
			OrderNumber: whole.OrderNumber,
			PartnerOrderReference: 'crm-0',
			StatusID: 4,
			StatusDescription: 'Shipped',
			Completed: false,
			Created: whole.Created,
			Updated: whole.Updated,
			RecipientName: 'Customer0 Example',
			RecipientCity: 'Springfield',
		});
	});

	test('version 6 with Simplify off, and versions 1 and 5 as saved: the order as the service answers it', async () => {
		const [order] = await createOrders(1);
		const whole = await raw<IDataObject>(`/store/${env.sandbox.storeId}/order/${String(order.ID)}`);
		expect(whole).toHaveProperty('OrderDetails');
		expect(await run(6, { resource: 'order', operation: 'get', orderId: byId(String(order.ID)), simplify: false })).toEqual([whole]);
		expect(await run(5, { resource: 'order', operation: 'get', orderId: byId(String(order.ID)) })).toEqual([whole]);
		expect(await run(1, { resource: 'order', operation: 'get', orderId: byId(String(order.ID)) })).toEqual([whole]);
		// A Simplify a version 5 node cannot have (n8n drops what its display rules hide) changes nothing.
		expect(await run(5, { resource: 'order', operation: 'get', orderId: byId(String(order.ID)), simplify: true })).toEqual([whole]);
	});

	test('version 6 with Download Proof and Pages: the simplified order keeps the file URLs, the files attached', async () => {
		const [order] = await createOrders(1);
		await env.api.advance(String(order.ID), { toStatusId: 3 });
		const result = await runPrintStore({
			typeVersion: 6,
			parameters: { resource: 'order', operation: 'get', storeId: store(6), orderId: byId(String(order.ID)), downloadFiles: 'proof' },
			credentials: await credentialsFor(env.sandbox),
		});
		expect(result.error).toBeUndefined();
		// Pages were not asked for, so only the proof's URL was added to the order.
		expect(Object.keys(result.json[0])).toEqual([...ORDER_KEYS, 'ProofUrl']);
		expect(result.json[0].ProofUrl).toEqual(expect.stringContaining(`/files/proofs/${String(order.ID)}`));
		expect(result.items[0].binary?.proof?.mimeType).toBe('application/pdf');
	});

	test('as an AI tool (version 6), which has no Simplify: the whole order, as the model reads what an order contains', async () => {
		const [order] = await createOrders(1);
		const whole = await raw<IDataObject>(`/store/${env.sandbox.storeId}/order/${String(order.ID)}`);
		expect(await run(6, { resource: 'order', operation: 'get', orderId: byId(String(order.ID)) }, { tool: true })).toEqual([whole]);
	});
});

describe('Order > Get Many', () => {
	const list = (typeVersion: number, extra: Record<string, unknown> = {}) => run(typeVersion, { resource: 'order', operation: 'getAll', returnAll: true, ...extra });

	test('version 6, as a new node leaves it: each order simplified, with its recipient, which the node asks the list for', async () => {
		const created = await createOrders(3);
		const before = (await env.api.requests()).length;
		const orders = await list(6);
		expect(orders.map((order) => order.ID)).toEqual(created.map((order) => order.ID).reverse());
		for (const order of orders) expect(Object.keys(order)).toEqual(ORDER_KEYS);
		expect(orders.map((order) => [order.PartnerOrderReference, order.RecipientName, order.RecipientCity, order.StatusDescription])).toEqual([
			['crm-2', 'Customer2 Example', 'Springfield', 'Received'],
			['crm-1', 'Customer1 Example', 'Springfield', 'Received'],
			['crm-0', 'Customer0 Example', 'Springfield', 'Received'],
		]);
		const [sent] = (await env.api.requests()).slice(before).filter((entry) => entry.method === 'GET' && entry.path === `/api/v1/store/${env.sandbox.storeId}/order`);
		expect(Object.fromEntries(new URL(`http://x${sent.rawPath}`).searchParams)).toMatchObject({ includeDetails: 'true', includeOrderDetails: 'true', details: 'true', verbose: 'true' });
	});

	test('version 6 with Simplify off, and versions 1 and 5 as saved: the list\'s entries as the service answers them, without asking for details', async () => {
		await createOrders(2);
		const listed = await raw<{ Items: IDataObject[] }>(`/store/${env.sandbox.storeId}/order?pageNumber=1&pageSize=100`);
		expect(listed.Items[0]).not.toHaveProperty('OrderDetails');
		const before = (await env.api.requests()).length;
		expect(await list(6, { simplify: false })).toEqual(listed.Items);
		expect(await list(5)).toEqual(listed.Items);
		expect(await list(1)).toEqual(listed.Items);
		const sent = (await env.api.requests()).slice(before).filter((entry) => entry.method === 'GET' && entry.path === `/api/v1/store/${env.sandbox.storeId}/order`);
		expect(sent).toHaveLength(3);
		for (const entry of sent) expect(entry.rawPath).not.toMatch(/Details|verbose/);
	});

	test('as an AI tool (version 6): the summaries written for a model, as before', async () => {
		await createOrders(1);
		const [tool] = await run(6, { resource: 'order', operation: 'getAll', toolLimit: 5 }, { tool: true });
		expect(Object.keys(tool)).toEqual(['orderNumber', 'orderId', 'reference', 'status', 'statusId', 'completed', 'created', 'recipient', 'product']);
		expect(tool.recipient).toBe('Customer0 Example, Springfield');
	});
});

describe('Order > Get Status History', () => {
	const history = (typeVersion: number, orderId: string, extra: Record<string, unknown> = {}, options: { tool?: boolean } = {}) =>
		run(typeVersion, { resource: 'order', operation: 'getStatusHistory', orderId: byId(orderId), ...extra }, options);

	test('version 6, as a new node leaves it: each record simplified, its values the record\'s own', async () => {
		const [order] = await createOrders(1);
		await env.api.advance(String(order.ID), { toStatusId: 5 });
		const records = await raw<IDataObject[]>(`/store/${env.sandbox.storeId}/order/${String(order.ID)}/status`);
		const simplified = await history(6, String(order.ID));
		expect(simplified).toHaveLength(5);
		const shippedAt = records.findIndex((record) => record.StatusID === 4);
		for (const [index, record] of simplified.entries()) {
			// Kept when the record has them: the order's reference (the provider's records carry it) and, from Printed on, its files.
			const files = ['ProofUrl', 'RenderedPageUrls'].filter((key) => records[index][key] !== undefined && records[index][key] !== null);
			expect(Object.keys(record)).toEqual([...RECORD_KEYS, 'PartnerOrderReference', ...files]);
			for (const key of RECORD_KEYS) expect({ index, key, value: record[key] }).toEqual({ index, key, value: records[index][key] ?? null });
			for (const key of ['PartnerOrderReference', ...files]) expect(record[key]).toEqual(records[index][key]);
		}
		expect(simplified[2]).toHaveProperty('ProofUrl');
		expect(simplified.map((record) => record.StatusDescription)).toEqual(['Received', 'In Production', 'Printed', 'Shipped', 'Delivered']);
		expect(typeof simplified[shippedAt].TrackingNumber).toBe('string');
		expect(simplified[0].TrackingNumber).toBeNull();
		expect(typeof simplified[4].DeliverySignedBy).toBe('string');
		expect(simplified[4]).not.toHaveProperty('Packages');
	});

	test('version 6 with Include Pricing and Latest Record Only: the newest record simplified, with its price fields', async () => {
		const [order] = await createOrders(1);
		await env.api.advance(String(order.ID), { toStatusId: 4 });
		const [latest] = await history(6, String(order.ID), { statusOptions: { latestOnly: true, pricing: true } });
		expect(Object.keys(latest)).toEqual([...RECORD_KEYS, 'PartnerOrderReference', 'ProofUrl', 'RenderedPageUrls', 'TotalQuantity', 'ItemTotal', 'ShippingTotal', 'RushTotal', 'TotalPrice']);
		expect(latest.StatusDescription).toBe('Shipped');
		expect(latest.TotalPrice).toBeGreaterThan(0);
	});

	test('version 6 with Simplify off, and versions 1 and 5 as saved: the records as the service answers them', async () => {
		const [order] = await createOrders(1);
		await env.api.advance(String(order.ID), { toStatusId: 5 });
		const records = await raw<IDataObject[]>(`/store/${env.sandbox.storeId}/order/${String(order.ID)}/status`);
		expect(records[3]).toHaveProperty('Packages');
		expect(await history(6, String(order.ID), { simplify: false })).toEqual(records);
		expect(await history(5, String(order.ID))).toEqual(records);
		expect(await history(1, String(order.ID))).toEqual(records);
	});

	test('as an AI tool (version 6): the summary of Detail, as before', async () => {
		const [order] = await createOrders(1);
		await env.api.advance(String(order.ID), { toStatusId: 4 });
		const [summary] = await history(6, String(order.ID), {}, { tool: true });
		expect(summary).toMatchObject({ status: 'Shipped', statusCount: 4 });
		expect(summary.history).toHaveLength(4);
	});
});

describe('Store > Remove Application Association', () => {
	const remove = (typeVersion: number) => run(typeVersion, { resource: 'store', operation: 'removeApplicationAssociation', applicationId: env.sandbox.applicationId });

	test('version 6 answers as n8n\'s delete operations do: { deleted: true }, and the association is gone', async () => {
		expect(await remove(6)).toEqual([{ deleted: true }]);
		const after = await runPrintStore({
			typeVersion: 6,
			parameters: { resource: 'order', operation: 'getPriceQuote', storeId: store(6), inputMode: 'json', orderItemJson: JSON.stringify(crmOrderItem(0)) },
			credentials: await credentialsFor(env.sandbox),
		});
		expect(after.error?.message).toBe('Invalid store');
	});

	test.each([1, 5])('version %s as saved: { success, applicationId, storeId }, as its workflows read it', async (typeVersion) => {
		expect(await remove(typeVersion)).toEqual([{ success: true, applicationId: env.sandbox.applicationId, storeId: env.sandbox.storeId }]);
	});
});
