/**
 * The two lists the spec names without showing, in the sandbox's own shapes (profile
 * `sandbox-shapes`, which the tests use to prove the node reads every plausible answer):
 * GET /store/{storeID}/order (paging, status and date filters checked, visibility, newest first) and
 * GET /store/{storeID}/product (the catalogue with its price tiers and delivery methods), as
 * sandbox/README.md documents them; and what the order list does at the pages PUT
 * /_sandbox/list-pages sets (a delay, an error status for a number of requests, orders made as a page
 * is asked for), with the request log's answer time. The lists' default answers, as the provider
 * documents them, are in documented.test.ts.
 */
import type { AxiosInstance } from 'axios';
import { parseDateTime } from '../../sandbox/domain/order-list';
import type { RequestLogEntry } from '../../sandbox/domain/request-log';
import type { SandboxShapesProduct } from '../../sandbox/domain/views';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { apiClient, clientFor, controlClient, messages, orderItem } from './support';

let sandbox: Sandbox;
let api: AxiosInstance;
let control: AxiosInstance;

beforeAll(async () => {
	// Reset returns to the profiles a sandbox was started with.
	sandbox = await startSandbox({ port: 0, control: true, profiles: ['sandbox-shapes'] });
	api = apiClient(sandbox);
	control = controlClient(sandbox);
});
beforeEach(() => control.post('/reset'));
afterAll(() => sandbox.close());

interface ListedOrder {
	ID: string;
	OrderNumber: string;
	StatusID: number;
	Created: string;
	PartnerOrderReference: string | null;
}

const storePath = () => `/store/${sandbox.storeId}`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Creates `count` orders in one request as `client`; returns them as created. */
async function create(client: AxiosInstance, count: number, prefix = 'l'): Promise<ListedOrder[]> {
	const items = Array.from({ length: count }, (_, index) => orderItem({ PartnerOrderReference: `${prefix}-${index}` }));
	const response = await client.post(`${storePath()}/order`, { Items: items });
	expect(response.status).toBe(200);
	return response.data as ListedOrder[];
}

async function list(query = '', client = api) {
	const response = await client.get(`${storePath()}/order${query}`);
	return response;
}

const numbers = (orders: ListedOrder[]) => orders.map((order) => order.OrderNumber);
/** Newest first is creation order reversed: order numbers count up as orders are created. */
const newestFirst = (orders: ListedOrder[]) => numbers(orders).reverse();

describe('GET /store/{storeID}/order: paging', () => {
	it('pages through 45 orders, newest first, with TotalCount and HasNextPage, no order twice', async () => {
		const created: ListedOrder[] = [];
		for (const batch of ['a', 'b', 'c']) {
			created.push(...(await create(api, 15, batch)));
			await pause(3);
		}
		const pages = [];
		for (const pageNumber of [1, 2, 3, 4]) {
			const response = await list(`?pageNumber=${pageNumber}&pageSize=20`);
			expect(response.status).toBe(200);
			pages.push(response.data);
		}
		expect(pages.map((page) => [page.PageNumber, page.PageSize, page.TotalCount, page.HasNextPage, page.Orders.length])).toEqual([
			[1, 20, 45, true, 20],
			[2, 20, 45, true, 20],
			[3, 20, 45, false, 5],
			[4, 20, 45, false, 0],
		]);
		const listed = pages.flatMap((page) => numbers(page.Orders));
		expect(new Set(listed).size).toBe(45);
		expect(listed).toEqual(newestFirst(created));
		// Created never increases down the list.
		const createdTimes = pages.flatMap((page) => page.Orders.map((order: ListedOrder) => order.Created));
		expect([...createdTimes].sort().reverse()).toEqual(createdTimes);
	});

	it('defaults to page 1 of 20 and answers exactly its own fields', async () => {
		const created = await create(api, 21);
		const response = await list();
		expect(Object.keys(response.data)).toEqual(['Orders', 'PageNumber', 'PageSize', 'TotalCount', 'HasNextPage', '_meta']);
		expect(response.data).toMatchObject({ PageNumber: 1, PageSize: 20, TotalCount: 21, HasNextPage: true, _meta: { Messages: [] } });
		// One batch shares Created: the later-created first.
		expect(numbers(response.data.Orders)).toEqual(newestFirst(created).slice(0, 20));
		// An empty value counts as absent; unknown parameters are ignored.
		const blank = await list('?pageNumber=&pageSize=&status=&createdFrom=&createdTo=&sort=asc');
		expect(blank.status).toBe(200);
		expect([blank.data.PageNumber, blank.data.PageSize, blank.data.TotalCount]).toEqual([1, 20, 21]);
	});

	it('each listed order is exactly the single-order read (RecipientKey omitted, no ChangeType)', async () => {
		await create(api, 2);
		const listed = (await list()).data.Orders as ListedOrder[];
		for (const order of listed) {
			expect(order).toEqual((await api.get(`${storePath()}/order/${order.ID}`)).data);
		}
		expect(JSON.stringify(listed)).not.toContain('RecipientKey');
		expect(JSON.stringify(listed)).not.toContain('ChangeType');
	});

	it('pageSize runs from 1 to 100; pageNumber from 1; other values answer 400 naming the parameter', async () => {
		await create(api, 45);
		expect((await list('?pageSize=1')).data).toMatchObject({ PageSize: 1, TotalCount: 45, HasNextPage: true });
		expect((await list('?pageSize=1')).data.Orders).toHaveLength(1);
		const all = await list('?pageSize=100');
		expect([all.data.Orders.length, all.data.HasNextPage]).toEqual([45, false]);
		expect((await list('?pageSize=45')).data.HasNextPage).toBe(false);
		expect((await list('?pageSize=44')).data.HasNextPage).toBe(true);
		const refused: Array<[string, string[]]> = [
			['?pageSize=0', ['pageSize must be >= 1']],
			['?pageSize=101', ['pageSize must be <= 100']],
			['?pageSize=abc', ['pageSize must be an integer']],
			['?pageSize=2.5', ['pageSize must be an integer']],
			['?pageNumber=0', ['pageNumber must be >= 1']],
			['?pageNumber=-1&pageSize=0', ['pageNumber must be >= 1', 'pageSize must be >= 1']],
		];
		for (const [query, expected] of refused) {
			const response = await list(query);
			expect([query, response.status, messages(response.data)]).toEqual([query, 400, expected]);
		}
	});
});

describe('GET /store/{storeID}/order: its parameter names', () => {
	it('are its own: the names configured for the default list (PUT /_sandbox/list-query-names) do not apply', async () => {
		await create(api, 3);
		expect((await control.put('/list-query-names', { page: 'pg', size: 'per', statuses: 'st' })).status).toBe(200);
		expect((await list('?pageNumber=2&pageSize=2')).data).toMatchObject({ PageNumber: 2, PageSize: 2, TotalCount: 3, HasNextPage: false });
		expect((await list('?pg=2&per=2&st=9')).data).toMatchObject({ PageNumber: 1, PageSize: 20, TotalCount: 3 });
		expect((await list('?status=9')).data.TotalCount).toBe(0);
	});
});

describe('GET /store/{storeID}/order: filters', () => {
	it('status takes one StatusID or a comma-separated list; TotalCount counts what matches', async () => {
		const [received, printed, shipped, delivered] = await create(api, 4);
		await control.post(`/orders/${printed.ID}/advance`, { toStatusId: 3 });
		await control.post(`/orders/${shipped.ID}/advance`, { toStatusId: 4 });
		await control.post(`/orders/${delivered.ID}/advance`, { toStatusId: 5 });
		const single = await list('?status=4');
		expect([single.data.TotalCount, numbers(single.data.Orders)]).toEqual([1, [shipped.OrderNumber]]);
		expect(single.data.Orders[0]).toMatchObject({ StatusID: 4, StatusDescription: 'Shipped' });
		const several = await list(`?status=${encodeURIComponent('1, 5,3')}`);
		expect([several.data.TotalCount, numbers(several.data.Orders)]).toEqual([3, [delivered.OrderNumber, printed.OrderNumber, received.OrderNumber]]);
		expect((await list('?status=9')).data).toMatchObject({ Orders: [], TotalCount: 0, HasNextPage: false });
		// Filters and paging combine.
		const paged = await list('?status=1,3,4,5&pageSize=3&pageNumber=2');
		expect([paged.data.TotalCount, paged.data.HasNextPage, numbers(paged.data.Orders)]).toEqual([4, false, [received.OrderNumber]]);
	});

	it('createdFrom and createdTo bound Created, both inclusive, in any zone offset', async () => {
		const [first] = await create(api, 1, 'first');
		await pause(5);
		const [middle] = await create(api, 1, 'middle');
		await pause(5);
		const [last] = await create(api, 1, 'last');
		const at = encodeURIComponent(middle.Created);
		expect(numbers((await list(`?createdFrom=${at}&createdTo=${at}`)).data.Orders)).toEqual([middle.OrderNumber]);
		expect(numbers((await list(`?createdFrom=${at}`)).data.Orders)).toEqual([last.OrderNumber, middle.OrderNumber]);
		expect(numbers((await list(`?createdTo=${at}`)).data.Orders)).toEqual([middle.OrderNumber, first.OrderNumber]);
		// The same instant two hours east of UTC, and without a zone (read as UTC).
		const ms = Date.parse(middle.Created);
		const east = new Date(ms + 2 * 3600000).toISOString().replace('Z', '+02:00');
		expect(numbers((await list(`?createdFrom=${encodeURIComponent(east)}&createdTo=${encodeURIComponent(east)}`)).data.Orders)).toEqual([middle.OrderNumber]);
		const zoneless = middle.Created.replace('Z', '');
		expect((await list(`?createdFrom=${zoneless}&createdTo=${zoneless}`)).data.TotalCount).toBe(1);
		// Half a millisecond later excludes it: the bound is not rounded.
		const later = middle.Created.replace('Z', '5Z');
		expect(numbers((await list(`?createdFrom=${later}&createdTo=${encodeURIComponent(last.Created)}`)).data.Orders)).toEqual([last.OrderNumber]);
		// A range that ends before it starts matches nothing.
		expect((await list(`?createdFrom=${encodeURIComponent(last.Created)}&createdTo=${encodeURIComponent(first.Created)}`)).data.TotalCount).toBe(0);
	});

	it('a value that is not a status list or not an ISO 8601 date-time answers 400 naming the parameter', async () => {
		const refused: Array<[string, string]> = [
			['?status=abc', "status must be a StatusID or a comma-separated list of them (e.g. 1,2,3), got 'abc'"],
			['?status=1,,2', "status must be a StatusID or a comma-separated list of them (e.g. 1,2,3), got '1,,2'"],
			['?status=Shipped', "status must be a StatusID or a comma-separated list of them (e.g. 1,2,3), got 'Shipped'"],
			['?createdFrom=yesterday', "createdFrom must be an ISO 8601 date-time such as 2024-05-01T00:00:00Z, got 'yesterday'"],
			['?createdTo=2024-05-01', "createdTo must be an ISO 8601 date-time such as 2024-05-01T00:00:00Z, got '2024-05-01'"],
			['?createdTo=2024-02-30T00:00:00Z', "createdTo must be an ISO 8601 date-time such as 2024-05-01T00:00:00Z, got '2024-02-30T00:00:00Z'"],
			[
				'?createdFrom=2024-05-01T00:00:00+02:00',
				"createdFrom must be an ISO 8601 date-time such as 2024-05-01T00:00:00Z, got '2024-05-01T00:00:00 02:00'; send the '+' of a time zone offset as %2B",
			],
		];
		for (const [query, expected] of refused) {
			const response = await list(query);
			expect([query, response.status, messages(response.data)]).toEqual([query, 400, [expected]]);
		}
		const both = await list('?status=x&createdFrom=y&createdTo=z');
		expect(messages(both.data).map((message) => message.split(' ')[0])).toEqual(['status', 'createdFrom', 'createdTo']);
	});

	it('parseDateTime reads ISO 8601 date-times and nothing else', () => {
		expect(parseDateTime('2024-05-01T12:30:00Z')).toBe(Date.UTC(2024, 4, 1, 12, 30));
		expect(parseDateTime('2024-05-01T12:30Z')).toBe(Date.UTC(2024, 4, 1, 12, 30));
		expect(parseDateTime('2024-05-01T12:30:00.250-05:30')).toBe(Date.UTC(2024, 4, 1, 18, 0, 0, 250));
		expect(parseDateTime('2024-05-01T12:30:00+0200')).toBe(Date.UTC(2024, 4, 1, 10, 30));
		expect(parseDateTime('2024-02-29T00:00:00')).toBe(Date.UTC(2024, 1, 29));
		for (const text of ['2023-02-29T00:00:00Z', '2024-13-01T00:00:00Z', '2024-05-01T24:00:00Z', '2024-05-01 12:00:00Z', '1714560000', '', '2024-05-01T12:00:00+25:00']) {
			expect([text, parseDateTime(text)]).toEqual([text, undefined]);
		}
	});
});

describe('GET /store/{storeID}/order: store and visibility', () => {
	it('400 invalid store for an unknown store and for a user not related to the store', async () => {
		const unknown = await api.get('/store/store_nope/order');
		expect([unknown.status, messages(unknown.data)]).toEqual([400, ["Invalid store 'store_nope': no such store"]]);
		const dave = await clientFor(sandbox, 'dave');
		const unrelated = await list('', dave);
		expect([unrelated.status, messages(unrelated.data)]).toEqual([400, ["Invalid store 'store_main': you are not related to this store"]]);
		expect(messages((await api.get('/store/store_nope/order?pageSize=5&status=1')).data)).toEqual(["Invalid store 'store_nope': no such store"]);
	});

	it('without Order.All.Read only the caller\'s own orders; with it (or as admin) every order of the store', async () => {
		const bob = await clientFor(sandbox, 'bob');
		const carol = await clientFor(sandbox, 'carol');
		const service = await clientFor(sandbox, 'svc-automation');
		const alices = await create(api, 2, 'alice');
		const bobs = await create(bob, 3, 'bob');
		// dave may create in store_main (the application is associated) but is not related to it.
		await create(await clientFor(sandbox, 'dave'), 1, 'dave');
		const bobsList = (await list('', bob)).data;
		expect([bobsList.TotalCount, numbers(bobsList.Orders)]).toEqual([3, newestFirst(bobs)]);
		expect((await list('', carol)).data).toMatchObject({ Orders: [], TotalCount: 0, HasNextPage: false });
		for (const client of [api, service]) {
			const everything = (await list('', client)).data;
			expect(everything.TotalCount).toBe(6);
			expect(everything.Orders[0].PartnerOrderReference).toBe('dave-0');
			expect(numbers(everything.Orders).slice(1)).toEqual(newestFirst([...alices, ...bobs]));
		}
		// Orders of another store never appear.
		const other = (await api.get('/store/store_unassociated/order')).data;
		expect([other.TotalCount, other.Orders]).toEqual([0, []]);
	});
});

describe('GET /store/{storeID}/order: fault listTotalCountExtra', () => {
	afterEach(() => control.delete('/faults'));
	const setProfiles = async (...profiles: string[]) => expect((await control.put('/profile', { profiles })).status).toBe(200);

	it('reports TotalCount that many above the orders that match; the pages and HasNextPage keep the true number', async () => {
		const created = await create(api, 140);
		expect((await control.post('/faults', { listTotalCountExtra: 10 })).data).toEqual({ listTotalCountExtra: 10 });
		const pages = [];
		for (const pageNumber of [1, 2, 3]) pages.push((await list(`?pageSize=100&pageNumber=${pageNumber}`)).data);
		expect(pages.map((page) => [page.PageNumber, page.Orders.length, page.HasNextPage, page.TotalCount])).toEqual([
			[1, 100, true, 150],
			[2, 40, false, 150],
			[3, 0, false, 150],
		]);
		expect(pages.flatMap((page) => numbers(page.Orders))).toEqual(newestFirst(created));
		// The extra is added to whatever matches, nothing included.
		expect((await list('?status=9')).data).toMatchObject({ Orders: [], TotalCount: 10, HasNextPage: false });
		// An extra that reaches past the last page changes no flag: page 2 is still the last.
		await control.post('/faults', { listTotalCountExtra: 100 });
		const last = (await list('?pageSize=100&pageNumber=2')).data;
		expect([last.Orders.length, last.HasNextPage, last.TotalCount]).toEqual([40, false, 240]);
		// Only the order list's total: the product list under list-camel still counts its products.
		await setProfiles('sandbox-shapes', 'list-camel');
		expect((await api.get(`${storePath()}/product`)).data.totalCount).toBe(8);
		await control.delete('/faults');
		await setProfiles('sandbox-shapes');
		expect((await list('?pageSize=100')).data.TotalCount).toBe(140);
	});

	it('list-camel reports it in totalCount, the default (documented) list in TotalCount with TotalPageCount from the true number; the shapes without a total are unchanged', async () => {
		await create(api, 140);
		await control.post('/faults', { listTotalCountExtra: 10 });
		await setProfiles('sandbox-shapes', 'list-camel');
		const camel = [];
		for (const pageNumber of [1, 2]) camel.push((await list(`?pageSize=100&pageNumber=${pageNumber}`)).data);
		expect(camel.map((page) => [page.data.length, page.hasNextPage, page.totalCount])).toEqual([
			[100, true, 150],
			[40, false, 150],
		]);
		await control.post('/faults', { listTotalCountExtra: 100 });
		expect((await list('?pageSize=100&pageNumber=2')).data).toMatchObject({ hasNextPage: false, totalCount: 240 });
		await control.post('/faults', { listTotalCountExtra: 10 });

		// No profile: the order list as the provider documents it.
		await setProfiles();
		const documented = [];
		for (const pageNumber of [1, 2]) documented.push((await list(`?pageSize=100&pageNumber=${pageNumber}`)).data);
		expect(documented.map((page) => [page.PageIndex, page.Items.length, page.TotalCount, page.TotalPageCount, page.HasNextPage, page.HasPrevPage])).toEqual([
			[1, 100, 150, 2, true, false],
			[2, 40, 150, 2, false, true],
		]);
		await control.post('/faults', { listTotalCountExtra: 100 });
		const last = (await list('?pageSize=100&pageNumber=2')).data;
		expect([last.Items.length, last.TotalCount, last.TotalPageCount, last.HasNextPage]).toEqual([40, 240, 2, false]);
		await control.post('/faults', { listTotalCountExtra: 10 });

		await setProfiles('sandbox-shapes', 'list-bare');
		expect([(await list('?pageSize=100')).data.length, (await list('?pageSize=100&pageNumber=2')).data.length]).toEqual([100, 40]);
		await setProfiles('sandbox-shapes', 'list-unpaged');
		expect(Object.keys((await list()).data)).toEqual(['Orders']);
		expect((await list()).data.Orders).toHaveLength(140);
	});
});

const orderList = (query: string) => api.get(`${storePath()}/order?${query}`);
const ids = (orders: ListedOrder[]) => orders.map((order) => order.ID);

async function fill(count: number): Promise<void> {
	expect((await control.post('/orders', { storeId: sandbox.storeId, count, createdOverDays: 1 })).status).toBe(200);
}

async function logged(): Promise<RequestLogEntry[]> {
	return ((await control.get('/requests')).data as { requests: RequestLogEntry[] }).requests.filter((entry) => entry.path.endsWith('/order'));
}

describe('GET /store/{storeID}/order: the pages set by PUT /_sandbox/list-pages', () => {
	it('sets, reads and clears the pages; reset clears them too', async () => {
		const pages = { '2': { delayMs: 50 }, '3': { status: 429, retryAfterSeconds: 2, times: 1 }, '4': { addOrders: { count: 2, where: 'oldest' } } };
		expect((await control.put('/list-pages', pages)).data).toEqual({ pages });
		expect((await control.get('/list-pages')).data).toEqual({ pages });
		expect((await control.delete('/list-pages')).data).toEqual({ pages: {} });
		await control.put('/list-pages', pages);
		await control.post('/reset');
		expect((await control.get('/list-pages')).data).toEqual({ pages: {} });
	});

	it('refuses what is not a page setting, naming each problem, and changes nothing', async () => {
		await control.put('/list-pages', { '1': { delayMs: 10 } });
		const refused = await control.put('/list-pages', {
			'0': { delayMs: 1 },
			x: {},
			'2': { delayMs: -1, status: 404, colour: 'red' },
			'3': { times: 2 },
			'4': { addOrders: { count: 0, where: 'middle' } },
		});
		expect(refused.status).toBe(400);
		expect(messages(refused.data)).toEqual([
			"'0' is not a page number from 1 to 100000",
			'page 2: colour is not a setting of a page',
			'page 2: delayMs must be a whole number from 0 to 60000',
			'page 2: status must be one of 429, 500, 503',
			'page 3: retryAfterSeconds and times go with a status',
			'page 4: addOrders must be {"count": 1 to 1000, "where": "newest" or "oldest"}',
			"'x' is not a page number from 1 to 100000",
		]);
		expect((await control.get('/list-pages')).data).toEqual({ pages: { '1': { delayMs: 10 } } });
	});

	it('a delayed page is answered that much later; the log has when each request was answered', async () => {
		await fill(30);
		await control.put('/list-pages', { '2': { delayMs: 300 } });
		await control.delete('/requests');
		expect((await orderList('pageNumber=1&pageSize=10')).status).toBe(200);
		expect((await orderList('pageNumber=2&pageSize=10')).status).toBe(200);
		const [first, second] = await logged();
		expect(first.answeredAtMs! - first.receivedAtMs).toBeLessThan(300);
		expect(second.answeredAtMs! - second.receivedAtMs).toBeGreaterThanOrEqual(300);
	});

	it('a status for a number of requests: 429 with its Retry-After the first time, then the page; 500 every time', async () => {
		await fill(30);
		await control.put('/list-pages', { '2': { status: 429, retryAfterSeconds: 2, times: 1 }, '3': { status: 500 } });
		const limited = await orderList('pageNumber=2&pageSize=10');
		expect(limited.status).toBe(429);
		expect(limited.headers['retry-after']).toBe('2');
		expect(messages(limited.data)).toEqual(['Page 2 of the order list answers 429 (set by PUT /_sandbox/list-pages)']);
		expect((await orderList('pageNumber=2&pageSize=10')).data.Orders).toHaveLength(10);
		for (let attempt = 0; attempt < 2; attempt++) {
			const failed = await orderList('pageNumber=3&pageSize=10');
			expect(failed.status).toBe(500);
			expect(failed.headers['retry-after']).toBeUndefined();
		}
		expect((await orderList('pageNumber=1&pageSize=10')).status).toBe(200);
		expect((await logged()).map((entry) => [entry.status, entry.fault])).toEqual([
			[429, '429'],
			[200, undefined],
			[500, '500'],
			[500, '500'],
			[200, undefined],
		]);
	});

	it('orders made as a page is first asked for: newest before it is answered (the pages after shift on), oldest at the end', async () => {
		await fill(25);
		const before = (await orderList('pageNumber=1&pageSize=10')).data.Orders as ListedOrder[];
		await control.put('/list-pages', { '2': { addOrders: { count: 3, where: 'newest' } }, '3': { addOrders: { count: 2, where: 'oldest' } } });
		const second = (await orderList('pageNumber=2&pageSize=10')).data;
		expect(second.TotalCount).toBe(28);
		// Three new orders in front: page 2 starts with the last three of page 1 as it was.
		expect(ids(second.Orders.slice(0, 3))).toEqual(ids(before.slice(7)));
		const firstAgain = (await orderList('pageNumber=1&pageSize=10')).data.Orders as ListedOrder[];
		expect(ids(firstAgain.slice(3))).toEqual(ids(before.slice(0, 7)));
		expect(firstAgain.slice(0, 3).every((order) => Date.parse(order.Created) > Date.parse(before[0].Created))).toBe(true);
		const third = (await orderList('pageNumber=3&pageSize=10')).data;
		expect(third.TotalCount).toBe(30);
		const oldest = (await orderList('pageNumber=3&pageSize=10')).data.Orders as ListedOrder[];
		expect(oldest.slice(-2).every((order) => order.OrderNumber > before[0].OrderNumber)).toBe(true);
		// Only the first request of a page makes orders.
		expect((await orderList('pageNumber=2&pageSize=10')).data.TotalCount).toBe(30);
	});

	it('by default (no profile): the page is the one served under the configured page name', async () => {
		await fill(30);
		await control.put('/profile', { profiles: [] });
		await control.put('/list-query-names', { page: 'pg' });
		await control.put('/list-pages', { '3': { status: 503, retryAfterSeconds: 0 } });
		expect((await orderList('pg=2')).status).toBe(200);
		const refused = await orderList('pg=3');
		expect(refused.status).toBe(503);
		expect(refused.headers['retry-after']).toBe('0');
		// pageNumber is not the page's name here: page 1 is served.
		expect((await orderList('pageNumber=3')).status).toBe(200);
	});
});

describe('GET /store/{storeID}/product', () => {
	type Product = SandboxShapesProduct;

	const products = async (client = api, query = ''): Promise<Product[]> => {
		const response = await client.get(`${storePath()}/product${query}`);
		expect(response.status).toBe(200);
		return response.data as Product[];
	};

	it('answers the catalogue as a bare array with every documented field', async () => {
		const list = await products();
		expect(list.map((product) => product.ID)).toEqual([
			'postcard-4x6',
			'postcard-6x9',
			'letter-1-sheet',
			'letter-2-sheet',
			'flyer-a5',
			'brochure-trifold',
			'poster-18x24',
			'business-cards-250',
		]);
		expect(list[0]).toEqual({
			ID: 'postcard-4x6',
			Name: 'Postcard 4x6 in',
			Description: 'Full-colour postcard, 4 x 6 in, printed both sides',
			TemplateFields: { Headline: '', Message: '', SignOff: '' },
			Prices: [
				{ MinQuantity: 1, UnitPrice: 0.49 },
				{ MinQuantity: 1000, UnitPrice: 0.4655 },
				{ MinQuantity: 5000, UnitPrice: 0.441 },
			],
			MinQuantity: 1,
			MaxQuantity: 50000,
			QuantityStep: 1,
			DeliveryMethods: ['Standard', 'Express', 'Overnight', 'Pickup', 'Mail', 'EDDM'],
		});
		for (const product of list) {
			expect(Object.keys(product)).toEqual(['ID', 'Name', 'Description', 'TemplateFields', 'Prices', 'MinQuantity', 'MaxQuantity', 'QuantityStep', 'DeliveryMethods']);
			expect(product.Description.length).toBeGreaterThan(0);
			expect(Object.keys(product.TemplateFields).length).toBeGreaterThan(0);
			expect(Object.values(product.TemplateFields).every((value) => value === '')).toBe(true);
			expect(product.Prices[0].MinQuantity).toBe(product.MinQuantity);
		}
		// Unknown query parameters are ignored; every store offers the same catalogue.
		expect(await products(api, '?pageSize=1&x=y')).toEqual(list);
		expect((await api.get('/store/store_unassociated/product')).data).toEqual(list);
	});

	it('tiers stop at MaxQuantity, non-mailable products offer no Mail or EDDM, and the limits are the documented ones', async () => {
		const byId = new Map((await products()).map((product) => [product.ID, product]));
		expect(byId.get('poster-18x24')).toMatchObject({
			Prices: [{ MinQuantity: 1, UnitPrice: 7.5 }],
			MinQuantity: 1,
			MaxQuantity: 500,
			QuantityStep: 1,
			DeliveryMethods: ['Standard', 'Express', 'Overnight', 'Pickup'],
		});
		expect(byId.get('business-cards-250')).toMatchObject({
			Prices: [{ MinQuantity: 1, UnitPrice: 24 }],
			MaxQuantity: 100,
			DeliveryMethods: ['Standard', 'Express', 'Overnight', 'Pickup'],
		});
		expect(byId.get('brochure-trifold')).toMatchObject({
			Prices: [
				{ MinQuantity: 25, UnitPrice: 1.15 },
				{ MinQuantity: 1000, UnitPrice: 1.0925 },
				{ MinQuantity: 5000, UnitPrice: 1.035 },
			],
			MinQuantity: 25,
			MaxQuantity: 25000,
			QuantityStep: 25,
		});
		expect(byId.get('letter-2-sheet')!.TemplateFields).toEqual({ Salutation: '', Body: '', SignOff: '', PageTwoBody: '' });
	});

	it('agrees with pricing: a tier\'s UnitPrice x quantity is PrintPrice less the discount, and every method listed is accepted', async () => {
		for (const product of await products()) {
			for (const tier of product.Prices) {
				const quote = await api.post(`${storePath()}/order/price`, { Items: [orderItem({}, { ID: product.ID, Quantity: tier.MinQuantity })] });
				const price = quote.data[0].items[0].itemPrice;
				expect([product.ID, tier.MinQuantity, Math.round((price.PrintPrice - price.PromotionalDiscount) * 100) / 100]).toEqual([
					product.ID,
					tier.MinQuantity,
					Math.round(tier.UnitPrice * tier.MinQuantity * 100) / 100,
				]);
			}
			const eddm = { EddmDeliveryAreas: [{ PostalCode: '62701', CarrierRoute: 'C001', TargetAudience: 'All' }] };
			for (const method of ['Standard', 'Express', 'Overnight', 'Pickup', 'Mail', 'EDDM']) {
				const quote = await api.post(`${storePath()}/order/price`, { Items: [orderItem(eddm, { ID: product.ID, Quantity: product.MinQuantity, DeliveryMethod: method })] });
				expect([product.ID, method, quote.status]).toEqual([product.ID, method, product.DeliveryMethods.includes(method) ? 200 : 400]);
			}
		}
	});

	it('400 invalid store for an unknown store and for a user not related to it; any related user may read it', async () => {
		const unknown = await api.get('/store/store_nope/product');
		expect([unknown.status, messages(unknown.data)]).toEqual([400, ["Invalid store 'store_nope': no such store"]]);
		const unrelated = await (await clientFor(sandbox, 'dave')).get(`${storePath()}/product`);
		expect([unrelated.status, messages(unrelated.data)]).toEqual([400, ["Invalid store 'store_main': you are not related to this store"]]);
		expect(await products(await clientFor(sandbox, 'carol'))).toHaveLength(8);
	});
});
