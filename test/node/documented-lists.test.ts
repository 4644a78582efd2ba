/**
 * The order list, the product list and the status history as the provider documents them (the
 * sandbox's default: `{PageIndex, PageSize, TotalCount, TotalPageCount, HasNextPage, Items}`, a
 * default page of 10, details only when asked, query names configurable), run by n8n's engine against
 * a live sandbox. The provider does not publish the query names, so the sandbox is set to names the
 * node tries after its first guess, and to names it does not know at all: Return All then gives every
 * order or fails with the counts, never a short list.
 */
import type { SandboxRequest } from '../../scripts/n8n/sandbox-control';
import { MAX_DETAIL_READS } from '../../nodes/PrintStore/actions/order/getAll.operation';
import { runPrintStore, searchList } from '../helpers/engine';
import { credentialsFor, crmOrderItem, useSandbox } from '../helpers/sandbox';

const env = useSandbox();

type Json = Record<string, unknown>;

const getMany = (extra: Json = {}) => ({ resource: 'order', operation: 'getAll', storeId: env.sandbox.storeId, ...extra });

async function run(parameters: Json, extra: Partial<Parameters<typeof runPrintStore>[0]> = {}) {
	return await runPrintStore({ parameters, credentials: await credentialsFor(env.sandbox), typeVersion: 4, ...extra });
}

/** Creates `count` orders (`crm-<index>`), recipients as given, in batches of 100. */
async function createOrders(count: number, recipient?: (index: number) => Json): Promise<Array<{ ID: string; OrderNumber: string }>> {
	const created: Array<{ ID: string; OrderNumber: string }> = [];
	for (let first = 0; first < count; first += 100) {
		const Items = Array.from({ length: Math.min(100, count - first) }, (_, offset) => {
			const item = crmOrderItem(first + offset);
			return recipient ? { ...item, Recipient: { ...item.Recipient, ...recipient(first + offset) } } : item;
		});
		const answer = await env.api.api<Array<{ ID: string; OrderNumber: string }>>('POST', `/store/${env.sandbox.storeId}/order`, { Items });
		expect(answer.status).toBe(200);
		created.push(...answer.body);
	}
	return created;
}

/** The query strings of the requests the sandbox received on a path below the store, in order. */
async function queries(path = 'order'): Promise<string[]> {
	const requests: SandboxRequest[] = await env.api.requests();
	return requests
		.filter((request) => request.method === 'GET' && request.path === `/api/v1/store/${env.sandbox.storeId}/${path}`)
		.map((request) => request.rawPath.split('?')[1] ?? '');
}

const sortedIds = (orders: Array<{ ID?: unknown }>) => orders.map((order) => String(order.ID)).sort();

describe('Order > Get Many against the documented order list', () => {
	test('page and size under names the node tries later: Return All gives all 130 orders, and says which names it asked with', async () => {
		const created = await createOrders(130);
		await env.api.setListQueryNames({ page: 'PAGE', size: 'perPage' });
		await env.api.clearRequests();
		const result = await run(getMany({ returnAll: true }));
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(130);
		expect(sortedIds(result.json)).toEqual(sortedIds(created));
		// Page 1 came in the default 10: the size was asked again under the next names until it held 100;
		// page 2 came back as page 1 (PageIndex 1): the page was asked again under the next names.
		expect(await queries()).toEqual([
			'pageNumber=1&pageSize=100',
			'pageNumber=1&size=100',
			'pageNumber=1&perPage=100',
			'pageNumber=2&perPage=100',
			'page=2&perPage=100',
		]);
	});

	test('names the node does not know: Return All fails with how many the service has and how many were read; Limit still works', async () => {
		await createOrders(130);
		await env.api.setListQueryNames({ page: 'pg', size: 'per' });
		const all = await run(getMany({ returnAll: true }));
		expect(all.json).toEqual([]);
		expect(all.error?.message).toBe("The order list could not be read to its end: the service reports 130 orders, the node could read 10");
		expect(all.error?.description).toMatch(/Asked for page 2, the service answered page 1 again \(page parameter tried: pageNumber, page, pageIndex, pageNo, pageNum, currentPage\)/);
		expect(all.error?.description).toMatch(/Nothing was output for this item/);

		const kept = await run(getMany({ returnAll: true }), { continueOnFail: true, items: [{}, {}] });
		expect(kept.json).toHaveLength(2);
		expect(kept.json.every((item) => String(item.error).startsWith('The order list could not be read to its end'))).toBe(true);

		const limited = await run(getMany({ limit: 5 }));
		expect(limited.error).toBeUndefined();
		expect(limited.json.map((order) => order.PartnerOrderReference)).toEqual(['crm-129', 'crm-128', 'crm-127', 'crm-126', 'crm-125']);
	});

	test('Statuses are sent as repeated keys; a service that ignores them still gives every match', async () => {
		const orders = await createOrders(130);
		const shipped = orders.filter((_, index) => index % 3 === 0);
		for (const order of shipped) await env.api.advance(order.ID, { toStatusId: 4 });
		await env.api.advance(orders[1].ID, { toStatusId: 5 });
		const expected = sortedIds([...shipped, orders[1]]);

		// The service's own name for statuses is one the node sends: it filters.
		await env.api.clearRequests();
		const filtered = await run(getMany({ returnAll: true, filters: { statuses: '4, 5' } }));
		expect(filtered.error).toBeUndefined();
		expect(sortedIds(filtered.json)).toEqual(expected);
		expect((await queries())[0]).toBe('status=4&status=5&statuses=4&statuses=5&pageNumber=1&pageSize=100');

		// A name the node does not send: the service answers every order, and the node filters all 130.
		await env.api.setListQueryNames({ statuses: 'statusIds' });
		const unfiltered = await run(getMany({ returnAll: true, filters: { statuses: '4, 5' } }));
		expect(unfiltered.error).toBeUndefined();
		expect(sortedIds(unfiltered.json)).toEqual(expected);
	});

	test('Search by a recipient asks for the details; when the list still leaves them out, the node reads the orders that may match', async () => {
		const hopper = (index: number) => (index % 5 === 2 ? { NameFirst: 'Grace', NameLast: 'Hopper' } : {});
		const orders = await createOrders(130, hopper);
		const expected = sortedIds(orders.filter((_, index) => index % 5 === 2));
		expect(expected).toHaveLength(26);

		await env.api.clearRequests();
		const withDetails = await run(getMany({ returnAll: true, filters: { search: 'grace hopper' } }));
		expect(withDetails.error).toBeUndefined();
		expect(sortedIds(withDetails.json)).toEqual(expected);
		expect((await queries())[0]).toBe('includeDetails=true&includeOrderDetails=true&details=true&verbose=true&pageNumber=1&pageSize=100');
		const reads = async () => (await env.api.requests()).filter((request) => /\/order\/[^/]+$/.test(request.path) && request.method === 'GET').length;
		expect(await reads()).toBe(0);

		// The service's flag has a name the node does not send: each order is read on its own.
		await env.api.setListQueryNames({ details: 'withOrderDetails' });
		await env.api.clearRequests();
		const read = await run(getMany({ returnAll: true, filters: { search: 'grace hopper' } }));
		expect(read.error).toBeUndefined();
		expect(sortedIds(read.json)).toEqual(expected);
		expect(read.json.every((order) => (order.OrderDetails as Json | undefined)?.Recipient !== undefined)).toBe(true);
		expect(await reads()).toBe(130);

		// A reference is in the list itself: the order it names is not read, the others are (their
		// recipients could hold the words too).
		await env.api.clearRequests();
		const byReference = await run(getMany({ returnAll: true, filters: { search: 'crm-42' } }));
		expect(byReference.json.map((order) => order.PartnerOrderReference)).toEqual(['crm-42']);
		expect(await reads()).toBe(129);
	});

	test(`Search over more orders than the node reads one by one (${MAX_DETAIL_READS}) fails saying why, instead of answering fewer`, async () => {
		await createOrders(MAX_DETAIL_READS + 10);
		await env.api.setListQueryNames({ details: 'withOrderDetails' });
		const result = await run(getMany({ returnAll: true, filters: { search: 'Customer3 Example' } }));
		expect(result.json).toEqual([]);
		expect(result.error?.message).toBe("Search needs the orders' details, which this service's order list leaves out");
		expect(result.error?.description).toMatch(/Narrow the list with Created After, Created Before or Statuses/);
	});
});

describe('From List, products and status history as documented', () => {
	test("the editor's order list goes on with the names that got its pages, and fails where the node cannot page", async () => {
		const orders = await createOrders(120);
		await env.api.setListQueryNames({ page: 'pageIndex' });
		const credentials = await credentialsFor(env.sandbox);
		const first = await searchList({ method: 'searchOrders', parameters: { storeId: env.sandbox.storeId }, credentials, typeVersion: 4 });
		expect(first.results).toHaveLength(50);
		expect(first.results[0].value).toBe(orders[119].ID);
		// The recipient is in the label: the list was asked for the orders' details.
		expect(first.results[0].name).toBe(`${orders[119].OrderNumber} · Customer119 Example, Springfield · Received`);
		// Only page 1 was read: the page's name is not known yet, so the token is the page alone.
		expect(first.paginationToken).toBe('2');
		const second = await searchList({ method: 'searchOrders', parameters: { storeId: env.sandbox.storeId }, credentials, typeVersion: 4, paginationToken: first.paginationToken });
		expect(second.results.map((entry) => entry.value)).toEqual(orders.slice(20, 70).reverse().map((order) => order.ID));
		// Found by then: page 3 is asked for under its name at once.
		expect(second.paginationToken).toBe('3.2.0.0');
		await env.api.clearRequests();
		const third = await searchList({ method: 'searchOrders', parameters: { storeId: env.sandbox.storeId }, credentials, typeVersion: 4, paginationToken: second.paginationToken });
		expect(third.results.map((entry) => entry.value)).toEqual(orders.slice(0, 20).reverse().map((order) => order.ID));
		expect((await queries()).map((query) => query.replace(/^.*verbose=true&/, ''))).toEqual(['pageIndex=3&pageSize=50']);

		// A page name the node does not know: the first look is page 1; scrolling on fails with the counts.
		await env.api.setListQueryNames({ page: 'pg' });
		const look = await searchList({ method: 'searchOrders', parameters: { storeId: env.sandbox.storeId }, credentials, typeVersion: 4 });
		expect(look.paginationToken).toBe('2');
		await expect(
			searchList({ method: 'searchOrders', parameters: { storeId: env.sandbox.storeId }, credentials, typeVersion: 4, paginationToken: look.paginationToken }),
		).rejects.toThrow('The order list could not be read to its end');
	});

	test("the product list's quantity rules are the hint under each product in the editor's list", async () => {
		const credentials = await credentialsFor(env.sandbox);
		const listed = await searchList({ method: 'searchProducts', parameters: { storeId: env.sandbox.storeId }, credentials, typeVersion: 4 });
		const products = (await env.api.api<Json[]>('GET', `/store/${env.sandbox.storeId}/product`)).body;
		expect(listed.results).toHaveLength(products.length);
		for (const product of products) {
			const entry = listed.results.find((result) => result.value === product.ID);
			const step = Number(product.IncrementQty) > 1 ? ` in steps of ${String(product.IncrementQty)}` : '';
			expect(entry?.description).toBe(`Quantity ${String(product.MinimumQty)} to ${String(product.MaximumQty)}${step}, default ${String(product.DefaultQty)}`);
		}
	});

	test('Get Status History: Latest Record Only asks for latest=true, Include Pricing for pricing=true, and the documented fields come through', async () => {
		const [order] = await createOrders(1);
		await env.api.advance(order.ID, { toStatusId: 4 });
		await env.api.clearRequests();
		const history = (options: Json) =>
			run({ resource: 'order', operation: 'getStatusHistory', storeId: env.sandbox.storeId, orderId: { __rl: true, mode: 'id', value: order.ID }, statusOptions: options });

		const latest = await history({ latestOnly: true, pricing: true });
		expect(latest.error).toBeUndefined();
		expect(latest.json).toHaveLength(1);
		expect(latest.json[0]).toMatchObject({ StatusID: 4, PartnerOrderReference: 'crm-0', PFLLinkStatus: 'Shipped' });
		expect(typeof latest.json[0].TotalPrice).toBe('number');
		const all = await history({});
		expect(all.json.length).toBeGreaterThan(1);
		expect(all.json[0].TotalPrice).toBeUndefined();
		const sent = (await env.api.requests()).filter((request) => request.path.endsWith('/status')).map((request) => request.rawPath.split('?')[1] ?? '');
		expect(sent).toEqual(['latest=true&pricing=true', '']);
	});
});
