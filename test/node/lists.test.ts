/**
 * Order > Get Many, Product > Get Many and the editor's "From List" modes, run by n8n's engine (and
 * n8n-core's LoadOptionsContext for the lists) against a live sandbox: paging to the last page,
 * limits, filters sent and applied, each plausible answer shape (sandbox profiles), and a service
 * without the lists.
 */
import type { SandboxRequest } from '../../scripts/n8n/sandbox-control';
import { runPrintStore, searchList } from '../helpers/engine';
import { credentialsFor, crmOrderItem, useSandbox } from '../helpers/sandbox';

const env = useSandbox();

type Json = Record<string, unknown>;

const getMany = (extra: Json = {}) => ({ resource: 'order', operation: 'getAll', storeId: env.sandbox.storeId, ...extra });

/** Creates `count` orders in the main store (one request), `crm-<first>` to `crm-<first+count-1>`, with recipients as given. */
async function createOrders(count: number, first = 0, recipient?: (index: number) => Json): Promise<Array<{ ID: string; OrderNumber: string; Created: string }>> {
	const Items = Array.from({ length: count }, (_, offset) => {
		const index = first + offset;
		const item = crmOrderItem(index);
		return recipient ? { ...item, Recipient: { ...item.Recipient, ...recipient(index) } } : item;
	});
	const answer = await env.api.api<Array<{ ID: string; OrderNumber: string; Created: string }>>('POST', `/store/${env.sandbox.storeId}/order`, { Items });
	expect(answer.status).toBe(200);
	return answer.body;
}

/** The order list requests the sandbox received, as `pageNumber/pageSize` and the filters sent (a repeated key as a list). */
async function listRequests(path = 'order'): Promise<Array<Record<string, string | string[]>>> {
	const requests: SandboxRequest[] = await env.api.requests();
	return requests
		.filter((request) => request.method === 'GET' && request.path === `/api/v1/store/${env.sandbox.storeId}/${path}`)
		.map((request) => {
			const query: Record<string, string | string[]> = {};
			for (const [key, value] of new URL(`http://x${request.rawPath}`).searchParams) {
				const before = query[key];
				query[key] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
			}
			return query;
		});
}

/** The flags that ask the list for each order's details, as the node sends them. */
const DETAILS = { includeDetails: 'true', includeOrderDetails: 'true', details: 'true', verbose: 'true' };

async function run(parameters: Json, extra: Partial<Parameters<typeof runPrintStore>[0]> = {}) {
	return await runPrintStore({ parameters, credentials: await credentialsFor(env.sandbox), typeVersion: 4, ...extra });
}

describe('Order > Get Many', () => {
	test('Return All reads every page until the last: 205 orders in three pages of 100, newest first, none twice', async () => {
		const created = await createOrders(205);
		await env.api.clearRequests();
		const result = await run(getMany({ returnAll: true }));
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(205);
		// Newest first: the last created comes first.
		expect(result.json[0].PartnerOrderReference).toBe('crm-204');
		expect(result.json.at(-1)!.PartnerOrderReference).toBe('crm-0');
		expect(new Set(result.json.map((order) => order.ID)).size).toBe(205);
		expect(new Set(result.json.map((order) => order.ID))).toEqual(new Set(created.map((order) => order.ID)));
		// One output item per order, each paired with the input item, with the order's fields as the
		// list gives them: the documented list leaves each order's details out unless asked.
		expect(result.items.every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);
		expect(Object.keys(result.json[0])).toEqual(['ID', 'OrderNumber', 'PartnerOrderReference', 'StoreID', 'StatusID', 'StatusDescription', 'Completed', 'Created', 'Updated', '_meta']);
		expect(await listRequests()).toEqual([
			{ pageNumber: '1', pageSize: '100' },
			{ pageNumber: '2', pageSize: '100' },
			{ pageNumber: '3', pageSize: '100' },
		]);
	});

	test('Return All fails with the counts when the last page leaves the list short of its own total (100 + 40 of 150): never a short list taken for the whole', async () => {
		await env.api.ordersElsewhere({ storeId: env.sandbox.storeId, count: 140 });
		await env.api.faults({ listTotalCountExtra: 10 });
		const result = await run(getMany({ returnAll: true }));
		expect(result.json).toEqual([]);
		expect(result.error?.message).toBe('The order list could not be read to its end: the service reports 150 orders, the node could read 140');
		expect(result.error?.description).toMatch(/^The last page came before the total was reached\. Nothing was output for this item/);
	});

	test('Limit: the newest orders up to the limit, asked for in one page of that size', async () => {
		await createOrders(30);
		await env.api.clearRequests();
		const result = await run(getMany({ limit: 7 }));
		expect(result.error).toBeUndefined();
		expect(result.json.map((order) => order.PartnerOrderReference)).toEqual(['crm-29', 'crm-28', 'crm-27', 'crm-26', 'crm-25', 'crm-24', 'crm-23']);
		expect(await listRequests()).toEqual([{ pageNumber: '1', pageSize: '7' }]);
	});

	test('the default limit is 50 (n8n\'s usual), and each input item gets its own list', async () => {
		await createOrders(60);
		const result = await runPrintStore({ parameters: getMany(), items: [{}, {}], credentials: await credentialsFor(env.sandbox), typeVersion: 4 });
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(100);
		expect(result.items.filter((item) => JSON.stringify(item.pairedItem) === '{"item":1}')).toHaveLength(50);
	});

	test('Statuses as IDs are sent to the service; as descriptions they are applied by the node', async () => {
		const orders = await createOrders(12);
		for (const order of orders.slice(0, 3)) await env.api.advance(order.ID, { toStatusId: 4 });
		await env.api.advance(orders[5].ID, { toStatusId: 5 });
		await env.api.clearRequests();

		const byId = await run(getMany({ returnAll: true, filters: { statuses: '4, 5' } }));
		expect(byId.json.map((order) => order.PartnerOrderReference)).toEqual(['crm-5', 'crm-2', 'crm-1', 'crm-0']);
		expect((await listRequests())[0]).toEqual({ pageNumber: '1', pageSize: '100', status: ['4', '5'], statuses: ['4', '5'] });

		await env.api.clearRequests();
		const byName = await run(getMany({ returnAll: true, filters: { statuses: 'shipped' } }));
		expect(byName.json.map((order) => order.StatusDescription)).toEqual(['Shipped', 'Shipped', 'Shipped']);
		expect((await listRequests())[0]).toEqual({ pageNumber: '1', pageSize: '100' });
	});

	test('Created After / Created Before are sent in UTC and both ends are included', async () => {
		const early = await createOrders(3, 0);
		await new Promise((resolve) => setTimeout(resolve, 30));
		const late = await createOrders(3, 3);
		await env.api.clearRequests();
		const from = late[0].Created;
		const result = await run(getMany({ returnAll: true, filters: { createdFrom: from, createdTo: late[2].Created } }));
		expect(result.json.map((order) => order.PartnerOrderReference)).toEqual(['crm-5', 'crm-4', 'crm-3']);
		const [fromSent, toSent] = [new Date(from).toISOString(), new Date(late[2].Created).toISOString()];
		expect((await listRequests())[0]).toMatchObject({ createdFrom: fromSent, createdAfter: fromSent, createdTo: toSent, createdBefore: toSent });

		const before = await run(getMany({ returnAll: true, filters: { createdTo: early[2].Created } }));
		expect(before.json.map((order) => order.PartnerOrderReference)).toEqual(['crm-2', 'crm-1', 'crm-0']);
	});

	test('Completed: Open Only leaves out delivered orders; Search finds a recipient across pages', async () => {
		const names = (index: number) => (index % 40 === 7 ? { NameFirst: 'Grace', NameLast: 'Hopper' } : {});
		const orders = await createOrders(150, 0, names);
		// Grace Hopper's orders: crm-7, crm-47, crm-87, crm-127; crm-47 is delivered.
		await env.api.advance(orders[47].ID, { toStatusId: 5 });
		await env.api.clearRequests();
		const result = await run(getMany({ limit: 10, filters: { search: 'grace HOPPER', state: 'open' } }));
		expect(result.error).toBeUndefined();
		expect(result.json.map((order) => order.PartnerOrderReference)).toEqual(['crm-127', 'crm-87', 'crm-7']);
		// Filters only the node applies: full pages, until the last, with each order's details asked for.
		expect(await listRequests()).toEqual([
			{ ...DETAILS, pageNumber: '1', pageSize: '100' },
			{ ...DETAILS, pageNumber: '2', pageSize: '100' },
		]);
		const completed = await run(getMany({ returnAll: true, filters: { search: 'Hopper', state: 'completed' } }));
		expect(completed.json.map((order) => order.PartnerOrderReference)).toEqual(['crm-47']);
	});

	test('a store with no orders gives no items', async () => {
		const result = await run(getMany({ returnAll: true }));
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([]);
	});

	describe.each([
		['sandbox-shapes', '{Orders, PageNumber, PageSize, TotalCount, HasNextPage, _meta}, each order whole'],
		['list-bare', 'a bare list, paged, without paging fields'],
		['sandbox-shapes, list-bare', 'a bare list of whole orders under the sandbox\'s own parameters'],
		['list-camel', '{data, hasNextPage, totalCount}'],
		['sandbox-shapes, list-camel', '{data, hasNextPage, totalCount} of whole orders under the sandbox\'s own parameters'],
		['list-unpaged', 'every order at once, neither paged nor filtered'],
		['sandbox-shapes, list-unpaged', 'every whole order at once, neither paged nor filtered'],
	])('answered as %s (%s)', (profileList) => {
		const profiles = profileList.split(', ');
		test('Return All, Limit and filters give the same orders', async () => {
			const orders = await createOrders(205);
			for (const order of orders.slice(0, 4)) await env.api.advance(order.ID, { toStatusId: 2 });
			await env.api.setProfiles(profiles);

			const all = await run(getMany({ returnAll: true }));
			expect(all.error).toBeUndefined();
			expect(all.json).toHaveLength(205);
			expect(new Set(all.json.map((order) => order.ID)).size).toBe(205);
			// Each order as the list gives it: whole under sandbox-shapes, without its details otherwise.
			expect(all.json.every((order) => 'OrderDetails' in order)).toBe(profiles.includes('sandbox-shapes'));

			const limited = await run(getMany({ limit: 3 }));
			expect(limited.json.map((order) => order.PartnerOrderReference)).toEqual(['crm-204', 'crm-203', 'crm-202']);

			const filtered = await run(getMany({ returnAll: true, filters: { statuses: '2' } }));
			expect(filtered.json.map((order) => order.PartnerOrderReference)).toEqual(['crm-3', 'crm-2', 'crm-1', 'crm-0']);
		});
	});

	test('a service that answers every order on every page is asked for page 2 under each page name the node knows, then taken as whole', async () => {
		await createOrders(30);
		await env.api.setProfiles(['list-unpaged']);
		await env.api.clearRequests();
		const result = await run(getMany({ returnAll: true }));
		expect(result.json).toHaveLength(30);
		expect(await listRequests()).toHaveLength(7);
	});

	test('a service without an order list: an error that says so and points to Custom API Call; Continue On Fail gives it as an item', async () => {
		await env.api.setProfiles(['no-list-endpoints']);
		const result = await run(getMany({ returnAll: true }));
		expect(result.error?.message).toBe('This service has no order list (it answered that the address does not exist)');
		expect(result.error?.description).toMatch(/Custom API Call/);
		expect((result.error as { httpCode?: string }).httpCode).toBe('404');

		const continued = await run(getMany({ returnAll: true }), { continueOnFail: true, items: [{}, {}] });
		expect(continued.json.map((item) => item.error)).toEqual([
			'This service has no order list (it answered that the address does not exist)',
			'This service has no order list (it answered that the address does not exist)',
		]);
		expect(continued.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	test('a store the application is not associated with, and bad input, name what is wrong and the item', async () => {
		const wrongStore = await run({ ...getMany({ returnAll: true }), storeId: 'store_closed_not_there' });
		expect(wrongStore.error?.message).toBe('Invalid store');

		const badLimit = await run(getMany({ limit: 0 }));
		expect(badLimit.error?.message).toBe('Invalid "Limit" in item 0: must be a whole number of at least 1, got 0');
		const badDate = await run(getMany({ returnAll: true, filters: { createdFrom: 'last tuesday' } }));
		expect(badDate.error?.message).toMatch(/^Invalid "Filters > Created After" in item 0: must be a date and time/);
		const badStore = await run({ ...getMany(), storeId: '../user' });
		expect(badStore.error?.message).toMatch(/^Invalid "Store ID" in item 0/);
		// Nothing was asked of the service for the bad input.
		expect(await listRequests()).toEqual([]);
	});

	test('as an AI tool: a summary per order, at most 10 by default, found by recipient', async () => {
		const names = (index: number) => (index < 14 ? { NameFirst: 'Ada', NameLast: 'Lovelace', City: 'London' } : {});
		await createOrders(20, 0, names);
		const result = await run(getMany({ filters: { search: 'Lovelace' } }), { tool: true });
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(10);
		expect(result.json[0]).toEqual({
			orderNumber: expect.any(String),
			orderId: expect.any(String),
			reference: 'crm-13',
			status: 'Received',
			statusId: 1,
			completed: false,
			created: expect.any(String),
			recipient: 'Ada Lovelace, London',
			product: 'postcard-4x6 x 113',
		});
		const none = await run(getMany({ filters: { search: 'Babbage' } }), { tool: true });
		expect(none.json).toEqual([{ found: 0, note: expect.stringMatching(/^No order of this store matches/) }]);
	});
});

describe('Product > Get Many', () => {
	const products = (extra: Json = {}) => ({ resource: 'product', operation: 'getAll', storeId: env.sandbox.storeId, ...extra });

	test('one item per product with the documented fields: ID, name, template fields, delivered prices and allowed quantities', async () => {
		const result = await run(products({ returnAll: true }));
		expect(result.error).toBeUndefined();
		expect(result.json.length).toBeGreaterThanOrEqual(8);
		const postcard = result.json.find((product) => product.ID === 'postcard-4x6');
		expect(postcard).toMatchObject({
			Name: 'Postcard 4x6 in',
			DefaultQty: expect.any(Number),
			MinimumQty: expect.any(Number),
			MaximumQty: expect.any(Number),
			IncrementQty: expect.any(Number),
		});
		expect(postcard!.DeliveredPrices).toEqual(expect.arrayContaining([expect.objectContaining({ DeliveryMethodCode: 'Standard', Price: expect.any(Number) })]));
		expect(postcard!.TemplateFields).toEqual(expect.arrayContaining([expect.objectContaining({ FieldName: 'Headline', Prompt: expect.any(String) })]));
		expect(await listRequests('product')).toEqual([{}]);
	});

	test('under sandbox-shapes: one item per product with its ID, name, template fields, price tiers and allowed quantities', async () => {
		await env.api.setProfiles(['sandbox-shapes']);
		const result = await run(products({ returnAll: true }));
		expect(result.error).toBeUndefined();
		expect(result.json.length).toBeGreaterThanOrEqual(8);
		const postcard = result.json.find((product) => product.ID === 'postcard-4x6');
		expect(postcard).toMatchObject({ Name: 'Postcard 4x6 in', MinQuantity: expect.any(Number), MaxQuantity: expect.any(Number), QuantityStep: expect.any(Number) });
		expect(Array.isArray(postcard!.Prices)).toBe(true);
		expect(typeof postcard!.TemplateFields).toBe('object');
		expect(await listRequests('product')).toEqual([{}]);
	});

	test('Limit and Search', async () => {
		const limited = await run(products({ limit: 2 }));
		expect(limited.json).toHaveLength(2);
		const search = await run(products({ returnAll: true, filters: { search: 'LETTER sheet' } }));
		expect(search.json.map((product) => product.ID).sort()).toEqual(['letter-1-sheet', 'letter-2-sheet']);
	});

	test.each(['list-bare', 'list-camel', 'sandbox-shapes', 'sandbox-shapes, list-bare', 'sandbox-shapes, list-camel'])('answered as %s: the same products', async (profileList) => {
		const plain = await run(products({ returnAll: true }));
		await env.api.setProfiles(profileList.split(', '));
		const other = await run(products({ returnAll: true }));
		expect(other.error).toBeUndefined();
		expect(other.json.map((product) => product.ID)).toEqual(plain.json.map((product) => product.ID));
	});

	test('an unknown store: "Invalid store"', async () => {
		const result = await run({ ...products({ returnAll: true }), storeId: 'store_does_not_exist' });
		expect(result.error?.message).toBe('Invalid store');
		expect((result.error as { httpCode?: string }).httpCode).toBe('400');
	});

	test('a service without a product list (405): an error that says so', async () => {
		await env.api.setProfiles(['no-list-endpoints']);
		const result = await run(products({ returnAll: true }));
		expect(result.error?.message).toBe('This service has no product list (it answered that the address does not exist)');
		expect((result.error as { httpCode?: string }).httpCode).toBe('405');
	});
});

describe('From List: picking an order or a product in the editor', () => {
	const lookup = async (method: 'searchOrders' | 'searchProducts', parameters: Json, filter?: string, paginationToken?: string) =>
		await searchList({ method, parameters, credentials: await credentialsFor(env.sandbox), filter, paginationToken });

	test('orders: number, recipient and status, searchable, paged as the user scrolls', async () => {
		const orders = await createOrders(260, 0, (index) => (index === 3 ? { NameFirst: 'Grace', NameLast: 'Hopper' } : {}));
		const first = await lookup('searchOrders', { storeId: env.sandbox.storeId });
		expect(first.results).toHaveLength(50);
		expect(first.results[0]).toEqual({ name: `${orders[259].OrderNumber} · Customer259 Example, Springfield · Received`, value: orders[259].ID });
		expect(first.paginationToken).toBe('2');
		const second = await lookup('searchOrders', { storeId: env.sandbox.storeId }, undefined, first.paginationToken);
		expect(second.results[0].value).toBe(orders[209].ID);

		const found = await lookup('searchOrders', { storeId: env.sandbox.storeId }, 'hopper');
		expect(found.results).toEqual([{ name: `${orders[3].OrderNumber} · Grace Hopper, Springfield · Received`, value: orders[3].ID }]);
		expect(found.paginationToken).toBeUndefined();
		const byNumber = await lookup('searchOrders', { storeId: env.sandbox.storeId }, orders[120].OrderNumber);
		expect(byNumber.results.map((result) => result.value)).toEqual([orders[120].ID]);
	});

	test.each([['no profile', []], ['sandbox-shapes', ['sandbox-shapes']]])('products (%s): name and ID, with the allowed quantities, searchable', async (_label, profiles) => {
		await env.api.setProfiles(profiles);
		const all = await lookup('searchProducts', { storeId: env.sandbox.storeId });
		const postcard = all.results.find((result) => result.value === 'postcard-4x6');
		expect(postcard).toEqual({ name: expect.stringMatching(/^Postcard 4x6 in \(postcard-4x6\) · qty \d+–\d+/), value: 'postcard-4x6', description: expect.stringMatching(/^Quantity \d+ to \d+/) });
		const found = await lookup('searchProducts', { storeId: env.sandbox.storeId }, 'poster');
		expect(found.results.map((result) => result.value)).toEqual(['poster-18x24']);
	});

	test('without a fixed Store ID, or from a service without the lists, the list says why instead of failing', async () => {
		expect((await lookup('searchProducts', {})).results).toEqual([{ name: 'Set the Store ID above first, then open this list again', value: '' }]);
		expect((await lookup('searchOrders', { storeId: '={{ $json.store }}' })).results[0].name).toMatch(/^The Store ID is an expression/);
		await env.api.setProfiles(['no-list-endpoints']);
		expect((await lookup('searchOrders', { storeId: env.sandbox.storeId })).results).toEqual([
			{ name: 'List unavailable: this service has no order list (HTTP 404). Choose By ID or By Number and type the order.', value: '' },
		]);
		expect((await lookup('searchProducts', { storeId: env.sandbox.storeId })).results).toEqual([
			{ name: 'List unavailable: this service has no product list (HTTP 405). Choose By ID and type the product ID.', value: '' },
		]);
	});

	test('a Store ID typed with spaces around it lists that store', async () => {
		await createOrders(2);
		expect((await lookup('searchOrders', { storeId: `  ${env.sandbox.storeId} ` })).results).toHaveLength(2);
		expect((await lookup('searchProducts', { storeId: ` ${env.sandbox.storeId}` })).results.length).toBeGreaterThanOrEqual(8);
		expect((await lookup('searchProducts', { storeId: '   ' })).results[0].name).toBe('Set the Store ID above first, then open this list again');
	});

	test('other failures are errors the panel shows (invalid store)', async () => {
		await expect(lookup('searchOrders', { storeId: 'store_does_not_exist' })).rejects.toThrow('Invalid store');
	});

	test('a product picked from the list, and an order picked from the list, are what Create and Get use', async () => {
		const created = await run({
			resource: 'order',
			operation: 'create',
			storeId: env.sandbox.storeId,
			inputMode: 'fields',
			productId: { __rl: true, mode: 'list', value: 'letter-2-sheet', cachedResultName: 'Letter, 2 sheets, in envelope (letter-2-sheet)' },
			quantity: 3,
			recipient: { NameFirst: 'Ada', AddressLine1: '1 Main St', City: 'Springfield', Postalcode: '62701', Country: 'US' },
			options: { testMode: true },
		});
		expect(created.error).toBeUndefined();
		const order = created.json[0] as { ID: string; OrderDetails: { Product: Json } };
		expect(order.OrderDetails.Product).toMatchObject({ ID: 'letter-2-sheet', Quantity: 3 });

		const read = await run({ resource: 'order', operation: 'get', storeId: env.sandbox.storeId, orderId: { __rl: true, mode: 'list', value: order.ID } });
		expect(read.json[0].ID).toBe(order.ID);
		// A value given by an expression that comes out empty is named by its mode.
		const empty = await run({ resource: 'order', operation: 'get', storeId: env.sandbox.storeId, orderId: { __rl: true, mode: 'list', value: '={{ "" }}' } });
		expect(empty.error?.message).toBe('Invalid "Order (From List)" in item 0: is required');
	});
});
