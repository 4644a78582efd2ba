/**
 * PUT /_sandbox/list-pages: what the order list does at given pages (a delay, an error status for a
 * number of requests, orders made as the page is asked for), under the default profile and as
 * documented, and the request log's answer time the tests of clients read it with.
 */
import type { AxiosInstance } from 'axios';
import type { RequestLogEntry } from '../../sandbox/domain/request-log';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { apiClient, controlClient, messages } from './support';

let sandbox: Sandbox;
let api: AxiosInstance;
let control: AxiosInstance;

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0, control: true });
	api = apiClient(sandbox);
	control = controlClient(sandbox);
});
beforeEach(() => control.post('/reset'));
afterAll(() => sandbox.close());

interface ListedOrder {
	ID: string;
	OrderNumber: string;
	Created: string;
}

const orderList = (query: string) => api.get(`/store/${sandbox.storeId}/order?${query}`);
const ids = (orders: ListedOrder[]) => orders.map((order) => order.ID);

async function fill(count: number): Promise<void> {
	expect((await control.post('/orders', { storeId: sandbox.storeId, count, createdOverDays: 1 })).status).toBe(200);
}

async function logged(): Promise<RequestLogEntry[]> {
	return ((await control.get('/requests')).data as { requests: RequestLogEntry[] }).requests.filter((entry) => entry.path.endsWith('/order'));
}

describe('PUT /_sandbox/list-pages', () => {
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
});

describe('the order list at the pages set', () => {
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

	it('as documented: the page is the one served under the configured page name', async () => {
		await fill(30);
		await control.put('/profile', { profiles: ['documented'] });
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
