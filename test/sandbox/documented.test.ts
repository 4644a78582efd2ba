/**
 * What the provider's public documentation describes, as the sandbox answers it by default: the
 * store list (GET /store, `verbose`) and the status history's `latest` and `pricing` under every
 * profile; the order list's documented shape with configurable, case-insensitive query names bound
 * as ASP.NET binds them, the documented product fields, and the extra status record fields, with no
 * profile (profile `sandbox-shapes` gives the sandbox's own shapes instead: lists.test.ts). Real
 * HTTP against started sandboxes, the command line included.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { AxiosInstance } from 'axios';
import { documentedListQuery } from '../../sandbox/domain/documented-list';
import { DEFAULT_LIST_QUERY_NAMES } from '../../sandbox/domain/list-query-names';
import { bindBool, bindDateTime, bindInt, bindIntArray, queryPairs } from '../../sandbox/domain/query-binding';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { apiClient, CallbackReceiver, clientFor, controlClient, eventually, http as plain, messages, orderItem } from './support';

let sandbox: Sandbox;
let api: AxiosInstance;
let control: AxiosInstance;

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0, control: true, callbackBaseDelayMs: 10 });
	api = apiClient(sandbox);
	control = controlClient(sandbox);
});
beforeEach(() => control.post('/reset'));
afterAll(() => sandbox.close());

const use = async (...profiles: string[]) => {
	const answer = await control.put('/profile', { profiles });
	expect(answer.status).toBe(200);
};

interface Order {
	ID: string;
	OrderNumber: string;
	Created: string;
	[field: string]: unknown;
}

const storePath = (target = sandbox) => `/store/${target.storeId}`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const numbers = (orders: Order[]) => orders.map((order) => order.OrderNumber);

/** Creates `count` orders in one request; returns their numbers newest first, as the lists answer them. */
async function create(count: number, client = api, prefix = 'd'): Promise<string[]> {
	const items = Array.from({ length: count }, (_, index) => orderItem({ PartnerOrderReference: `${prefix}-${index}` }));
	const response = await client.post(`${storePath()}/order`, { Items: items });
	expect(response.status).toBe(200);
	return numbers(response.data as Order[]).reverse();
}

async function createOne(prefix: string): Promise<Order> {
	const response = await api.post(`${storePath()}/order`, { Items: [orderItem({ PartnerOrderReference: prefix })] });
	expect(response.status).toBe(200);
	return response.data[0] as Order;
}

const list = async (query = '', client = api) => {
	const response = await client.get(`${storePath()}/order${query}`);
	expect([query, response.status]).toEqual([query, 200]);
	return response.data as {
		PageIndex: number;
		PageSize: number;
		TotalCount: number;
		TotalPageCount: number;
		HasNextPage: boolean;
		HasPrevPage: boolean;
		Items: Order[];
	};
};

/** [PageIndex, PageSize, TotalCount, TotalPageCount, HasNextPage, HasPrevPage, Items.length] */
const paging = (page: Awaited<ReturnType<typeof list>>) => [
	page.PageIndex,
	page.PageSize,
	page.TotalCount,
	page.TotalPageCount,
	page.HasNextPage,
	page.HasPrevPage,
	page.Items.length,
];

describe('GET /store (every profile)', () => {
	it('lists the stores the caller is related to: StoreID only, the full Store with verbose=true (any case)', async () => {
		const plainList = await api.get('/store');
		expect([plainList.status, plainList.data]).toEqual([200, [{ StoreID: 'store_main' }, { StoreID: 'store_unassociated' }]]);
		const full = [
			{ StoreID: 'store_main', CompanyName: 'Sandbox Print Co.', BudgetEnabled: false, BudgetTypes: [], BudgetDuration: [] },
			{ StoreID: 'store_unassociated', CompanyName: 'Elsewhere Printing Ltd.', BudgetEnabled: false, BudgetTypes: [], BudgetDuration: [] },
		];
		for (const query of ['?verbose=true', '?Verbose=TRUE', '?VERBOSE=True&x=1']) {
			const verbose = await api.get(`/store${query}`);
			expect([query, verbose.status, verbose.data]).toEqual([query, 200, full]);
			expect(Object.keys(verbose.data[0])).toEqual(['StoreID', 'BudgetEnabled', 'BudgetTypes', 'BudgetDuration', 'CompanyName']);
		}
		// A value that does not bind as a bool is no flag.
		for (const query of ['?verbose=1', '?verbose=yes', '?verbose=', '?verbose=false']) {
			expect([query, (await api.get(`/store${query}`)).data]).toEqual([query, [{ StoreID: 'store_main' }, { StoreID: 'store_unassociated' }]]);
		}
	});

	it('follows the relation get order uses: each user sees their own stores, a joined store appears as the invite answered it', async () => {
		const ids = async (client: AxiosInstance) => ((await client.get('/store')).data as Array<{ StoreID: string }>).map((store) => store.StoreID);
		expect(await ids(await clientFor(sandbox, 'bob'))).toEqual(['store_main']);
		expect(await ids(await clientFor(sandbox, 'carol'))).toEqual(['store_main']);
		expect(await ids(await clientFor(sandbox, 'dave'))).toEqual(['store_unassociated']);
		const joined = await api.post('/store/invite', { InviteKey: sandbox.inviteKey });
		expect(joined.status).toBe(200);
		const verbose = (await api.get('/store?verbose=true')).data as Array<{ StoreID: string }>;
		expect(verbose.map((store) => store.StoreID)).toEqual(['store_main', 'store_unassociated', 'store_joinable']);
		expect(verbose[2]).toEqual(joined.data);
		expect(verbose[2]).toMatchObject({ CompanyName: 'Join Me Print Shop', BudgetEnabled: true });
	});

	it('401 without the subscription key or the token, as every endpoint', async () => {
		const noKey = await plain.get(`${sandbox.apiUrl}/store`, { headers: { Authorization: `Bearer ${sandbox.tokens.accessToken}` } });
		expect([noKey.status, messages(noKey.data)]).toEqual([401, ['Missing subscription key: send it in the Ocp-Apim-Subscription-Key header']]);
		const noToken = await plain.get(`${sandbox.apiUrl}/store?verbose=true`, { headers: { 'Ocp-Apim-Subscription-Key': sandbox.subscriptionKey } });
		expect([noToken.status, messages(noToken.data)]).toEqual([401, ['Missing access token: send it as "Authorization: Bearer <access token>"']]);
		const wrongToken = await apiClient(sandbox, 'not-a-token').get('/store');
		expect([wrongToken.status, messages(wrongToken.data)]).toEqual([401, ['Invalid access token']]);
	});

	it('stays a bare array under every list profile except list-camel ({items, totalCount}); no-list-endpoints keeps it', async () => {
		const bare = [{ StoreID: 'store_main' }, { StoreID: 'store_unassociated' }];
		for (const profile of ['list-bare', 'list-unpaged', 'no-list-endpoints', 'sandbox-shapes', 'no-meta']) {
			await use(profile);
			const answer = await api.get('/store');
			expect([profile, answer.status, answer.data]).toEqual([profile, 200, bare]);
		}
		await use('list-camel');
		expect((await api.get('/store')).data).toEqual({ items: bare, totalCount: 2 });
	});
});

describe('GET .../order/{orderID}/status: latest and pricing (every profile)', () => {
	async function orderAt(statusId: number, item = orderItem({ PartnerOrderReference: 'hist-1' })) {
		const created = await api.post(`${storePath()}/order`, { Items: [item] });
		expect(created.status).toBe(200);
		const order = created.data[0] as Order;
		if (statusId > 1) expect((await control.post(`/orders/${order.ID}/advance`, { toStatusId: statusId })).status).toBe(200);
		return order;
	}
	const history = async (order: Order, query = '') => {
		const response = await api.get(`${storePath()}/order/${order.OrderNumber}/status${query}`);
		expect([query, response.status]).toEqual([query, 200]);
		return response.data as Array<Record<string, unknown>>;
	};
	const PRICING = ['TotalQuantity', 'ItemTotal', 'ShippingTotal', 'RushTotal', 'TotalPrice'];

	it('latest=true (names and values in any case) answers only the newest record; without it, or with a value that does not bind, all', async () => {
		const order = await orderAt(3);
		const all = await history(order);
		expect(all.map((record) => record.StatusID)).toEqual([1, 2, 3]);
		for (const query of ['?latest=true', '?LATEST=TRUE', '?Latest=True&pricing=false']) {
			expect([query, await history(order, query)]).toEqual([query, [all[2]]]);
		}
		for (const query of ['?latest=false', '?latest=1', '?latest=', '?newest=true']) {
			expect([query, (await history(order, query)).length]).toEqual([query, 3]);
		}
		await use('history-newest-first');
		expect((await history(order, '?latest=true')).map((record) => record.StatusDescription)).toEqual(['Printed']);
	});

	it('pricing=true adds TotalQuantity, ItemTotal, ShippingTotal, RushTotal and TotalPrice from the order\'s price; without it they are absent', async () => {
		const order = await orderAt(2);
		const without = await history(order);
		for (const record of without) for (const field of PRICING) expect(record).not.toHaveProperty(field);
		const priced = await history(order, '?Pricing=TRUE');
		expect(priced.map((record) => PRICING.map((field) => record[field]))).toEqual([
			[100, 49, 4.95, 0, 53.95],
			[100, 49, 4.95, 0, 53.95],
		]);
		// Nothing else changes, and _meta stays last.
		expect(priced.map((record) => Object.fromEntries(Object.entries(record).filter(([key]) => !PRICING.includes(key))))).toEqual(without);
		expect(Object.keys(priced[0]).slice(-6)).toEqual([...PRICING, '_meta']);
		expect(await history(order, '?pricing=true&latest=true')).toEqual([priced[1]]);
	});

	it('the pricing fields agree with price for an order of several lines, rush and postage', async () => {
		const item = orderItem(
			{ PartnerOrderReference: 'multi', Products: [{ ID: 'letter-2-sheet', Quantity: 200, DeliveryMethod: 'Express', ProductionSpeedDays: 2 }] },
			{ ID: 'postcard-6x9', Quantity: 1500, DeliveryMethod: 'Mail', ProductionSpeedDays: 1 },
		);
		const quote = (await api.post(`${storePath()}/order/price`, { Items: [item] })).data[0].orderPrices;
		const [record] = await history(await orderAt(1, item), '?pricing=true');
		const round = (value: number) => Math.round(value * 100) / 100;
		expect(record).toMatchObject({
			TotalQuantity: 1700,
			ShippingTotal: round(quote.ShipPriceTotal + quote.MailingPriceTotal),
			RushTotal: quote.RushTotalPrice,
			TotalPrice: quote.OrderTotalPrice,
		});
		expect(round((record.ItemTotal as number) + (record.ShippingTotal as number) + (record.RushTotal as number))).toBe(record.TotalPrice);
		expect(record.RushTotal).toBeGreaterThan(0);
		expect(record.ShippingTotal).toBeGreaterThan(12.95);
	});

	it('every record carries PartnerOrderReference and PFLLinkStatus (the description without spaces), except under sandbox-shapes; callbacks are unchanged', async () => {
		const receiver = new CallbackReceiver();
		await receiver.start();
		try {
			const order = await orderAt(1, orderItem({ PartnerOrderReference: 'crm-7', StatusCallbackUrl: `${receiver.url}/status` }));
			await control.post(`/orders/${order.ID}/advance`, { toStatusId: 5 });
			await use('sandbox-shapes');
			expect((await history(order)).some((record) => 'PFLLinkStatus' in record || 'PartnerOrderReference' in record)).toBe(false);
			await use();
			const records = await history(order);
			expect(records.map((record) => [record.PartnerOrderReference, record.PFLLinkStatus, record.StatusDescription])).toEqual([
				['crm-7', 'Received', 'Received'],
				['crm-7', 'InProduction', 'In Production'],
				['crm-7', 'Printed', 'Printed'],
				['crm-7', 'Shipped', 'Shipped'],
				['crm-7', 'Delivered', 'Delivered'],
			]);
			const both = await history(order, '?latest=true&pricing=true');
			expect(both).toHaveLength(1);
			expect(both[0]).toMatchObject({ StatusID: 5, PFLLinkStatus: 'Delivered', PartnerOrderReference: 'crm-7', TotalPrice: 53.95 });
			// Without a reference the field is still there, null.
			const anonymous = await orderAt(2, orderItem({ PartnerOrderReference: undefined }));
			expect((await history(anonymous)).map((record) => [record.PartnerOrderReference, record.PFLLinkStatus])).toEqual([
				[null, 'Received'],
				[null, 'InProduction'],
			]);
			await eventually(async () => (receiver.received.length >= 5 ? true : undefined));
			expect(receiver.received.some((call) => 'PFLLinkStatus' in call.body)).toBe(false);
		} finally {
			await receiver.stop();
		}
	});
});

describe('the order list (no profile: as the provider documents it)', () => {
	it('pages by pageNumber and pageSize (names in any case), 1-based, default size 10, and answers exactly the documented fields', async () => {
		const newest = await create(25);
		const first = await list();
		expect(Object.keys(first)).toEqual(['PageIndex', 'PageSize', 'TotalCount', 'TotalPageCount', 'HasNextPage', 'HasPrevPage', 'Items']);
		expect(paging(first)).toEqual([1, 10, 25, 3, true, false, 10]);
		expect(numbers(first.Items)).toEqual(newest.slice(0, 10));
		const second = await list('?pageNumber=2&pageSize=10');
		expect(paging(second)).toEqual([2, 10, 25, 3, true, true, 10]);
		expect(numbers(second.Items)).toEqual(newest.slice(10, 20));
		const third = await list('?PAGENUMBER=3&pagesize=10');
		expect(paging(third)).toEqual([3, 10, 25, 3, false, true, 5]);
		expect(numbers(third.Items)).toEqual(newest.slice(20));
		const small = await list('?PageNumber=4&PageSize=7');
		expect(paging(small)).toEqual([4, 7, 25, 4, false, true, 4]);
		expect(numbers(small.Items)).toEqual(newest.slice(21));
		// A page past the end: no orders, the page asked for.
		expect(paging(await list('?pageNumber=9'))).toEqual([9, 10, 25, 3, false, true, 0]);
	});

	it('clamps a size above 100 to 100; ignores what does not bind or is not a known name (page 1 again, size 10)', async () => {
		const newest = await create(120);
		const clamped = await list('?pageSize=500');
		expect(paging(clamped)).toEqual([1, 100, 120, 2, true, false, 100]);
		expect(paging(await list('?pageSize=500&pageNumber=2'))).toEqual([2, 100, 120, 2, false, true, 20]);
		// The names of other services: not bound, so page 1 of 10 again.
		for (const query of ['?page=2&size=5', '?page_number=2&per_page=5', '?pageIndex=2&limit=5', '?status=1&createdFrom=2999-01-01T00:00:00Z']) {
			const page = await list(query);
			expect([query, ...paging(page)]).toEqual([query, 1, 10, 120, 12, true, false, 10]);
			expect(numbers(page.Items)).toEqual(newest.slice(0, 10));
		}
		// Values that do not bind as an int count as absent; a page below 1 serves page 1, a size below 1 the default.
		for (const query of ['?pageNumber=abc&pageSize=2.5', '?pageNumber=&pageSize=', '?pageNumber=0&pageSize=0', '?pageNumber=-3&pageSize=-1', '?pageNumber=99999999999']) {
			expect([query, ...paging(await list(query))]).toEqual([query, 1, 10, 120, 12, true, false, 10]);
		}
		// A scalar takes the first value given; a sign and spaces bind.
		expect(paging(await list('?pageNumber=2&pageNumber=3&pageSize=%2B50'))).toEqual([2, 50, 120, 3, true, true, 50]);
		expect(paging(await list('?pageNumber=%202%20&PAGESIZE=60&pagesize=5'))).toEqual([2, 60, 120, 2, false, true, 60]);
	});

	it('statuses binds from repeated keys only: 4 and 5 filter, a comma list does not bind (no filter)', async () => {
		const [delivered, shipped, printed, received] = await create(4);
		await control.post(`/orders/${printed}/advance`, { toStatusId: 3 });
		await control.post(`/orders/${shipped}/advance`, { toStatusId: 4 });
		await control.post(`/orders/${delivered}/advance`, { toStatusId: 5 });
		const both = await list('?statuses=4&statuses=5');
		expect([both.TotalCount, numbers(both.Items)]).toEqual([2, [delivered, shipped]]);
		expect(both.Items.map((order) => order.StatusID)).toEqual([5, 4]);
		expect(numbers((await list('?STATUSES=3')).Items)).toEqual([printed]);
		expect(numbers((await list('?statuses=1&Statuses=3&pageSize=1')).Items)).toEqual([printed]);
		expect((await list('?statuses=1&Statuses=3&pageSize=1')).TotalCount).toBe(2);
		expect((await list('?statuses=9')).TotalCount).toBe(0);
		// Not bound: the whole filter is absent and every order is listed.
		for (const query of ['?statuses=4,5', `?statuses=${encodeURIComponent('4, 5')}`, '?statuses=4&statuses=x', '?statuses=Shipped', '?statuses=', '?status=4']) {
			const page = await list(query);
			expect([query, page.TotalCount, numbers(page.Items)]).toEqual([query, 4, [delivered, shipped, printed, received]]);
		}
	});

	it('createdAfter and createdBefore bound Created, both inclusive, UTC when no zone; a value that does not bind is ignored', async () => {
		const first = await createOne('first');
		await pause(5);
		const middle = await createOne('middle');
		await pause(5);
		const last = await createOne('last');
		const at = encodeURIComponent(middle.Created);
		expect(numbers((await list(`?createdAfter=${at}&createdBefore=${at}`)).Items)).toEqual([middle.OrderNumber]);
		expect(numbers((await list(`?CreatedAfter=${at}`)).Items)).toEqual([last.OrderNumber, middle.OrderNumber]);
		expect(numbers((await list(`?CREATEDBEFORE=${at}`)).Items)).toEqual([middle.OrderNumber, first.OrderNumber]);
		const zoneless = middle.Created.replace('Z', '');
		expect(numbers((await list(`?createdAfter=${zoneless}&createdBefore=${zoneless}`)).Items)).toEqual([middle.OrderNumber]);
		const east = new Date(Date.parse(middle.Created) + 2 * 3600000).toISOString().replace('Z', '+02:00');
		expect(numbers((await list(`?createdAfter=${encodeURIComponent(east)}&createdBefore=${encodeURIComponent(east)}`)).Items)).toEqual([middle.OrderNumber]);
		// One millisecond either side excludes it.
		const plus = encodeURIComponent(new Date(Date.parse(middle.Created) + 1).toISOString());
		expect(numbers((await list(`?createdAfter=${plus}`)).Items)).toEqual([last.OrderNumber]);
		// A date alone is its midnight, UTC.
		const day = first.Created.slice(0, 10);
		expect((await list(`?createdAfter=${day}`)).TotalCount).toBe(3);
		expect((await list(`?createdBefore=${day}`)).TotalCount).toBe(0);
		// Values that do not bind: no bound at all.
		for (const query of ['?createdAfter=yesterday', '?createdBefore=2024-02-30T00:00:00Z', '?createdAfter=', '?createdFrom=2999-01-01T00:00:00Z']) {
			expect([query, (await list(query)).TotalCount]).toEqual([query, 3]);
		}
	});

	it('orders carry OrderDetails only with includeDetails=true (any case); otherwise exactly the documented order fields', async () => {
		await create(2);
		const fields = ['ID', 'OrderNumber', 'PartnerOrderReference', 'StoreID', 'StatusID', 'StatusDescription', 'Completed', 'Created', 'Updated', '_meta'];
		for (const query of ['', '?includeDetails=false', '?includeDetails=1', '?includeDetails=yes', '?details=true', '?includeDetails=']) {
			const page = await list(query);
			expect([query, page.Items.map((order) => Object.keys(order))]).toEqual([query, [fields, fields]]);
		}
		for (const query of ['?includeDetails=true', '?INCLUDEDETAILS=TRUE', '?IncludeDetails=True&pageSize=1']) {
			const page = await list(query);
			for (const order of page.Items) {
				const read = (await api.get(`${storePath()}/order/${order.ID}`)).data;
				expect([query, order]).toEqual([query, read]);
			}
			expect(JSON.stringify(page.Items)).not.toContain('RecipientKey');
		}
	});

	it('visibility and store checks are those of get order; no-meta strips _meta from each order', async () => {
		const bob = await clientFor(sandbox, 'bob');
		const bobs = await create(2, bob, 'bob');
		await create(3);
		expect(numbers((await list('', bob)).Items)).toEqual(bobs);
		expect((await list('', await clientFor(sandbox, 'carol'))).TotalCount).toBe(0);
		expect((await list()).TotalCount).toBe(5);
		const unknown = await api.get('/store/store_nope/order?pageSize=abc');
		expect([unknown.status, messages(unknown.data)]).toEqual([400, ["Invalid store 'store_nope': no such store"]]);
		await use('no-meta');
		const page = await list('?pageSize=2');
		expect(Object.keys(page)).toEqual(['PageIndex', 'PageSize', 'TotalCount', 'TotalPageCount', 'HasNextPage', 'HasPrevPage', 'Items']);
		expect(page.Items.map((order) => '_meta' in order)).toEqual([false, false]);
	});

	it('price, create, get order and errors answer as under sandbox-shapes (the list profile changes only the lists and status records)', async () => {
		const body = { Items: [orderItem({ PartnerOrderReference: 'same' })] };
		const quoted = (await api.post(`${storePath()}/order/price`, body)).data;
		const [number] = await create(1);
		const read = (await api.get(`${storePath()}/order/${number}`)).data;
		const missing = await api.get(`${storePath()}/order/ord_nope`);
		const refused = await api.post(`${storePath()}/order`, { Items: [{ Recipient: {} }] });
		await use('sandbox-shapes');
		expect((await api.post(`${storePath()}/order/price`, body)).data).toEqual(quoted);
		expect((await api.get(`${storePath()}/order/${number}`)).data).toEqual(read);
		expect((await api.get(`${storePath()}/order/ord_nope`)).data).toEqual(missing.data);
		expect([missing.status, refused.status, refused.data]).toEqual([404, 400, (await api.post(`${storePath()}/order`, { Items: [{ Recipient: {} }] })).data]);
	});
});

describe('the product list (no profile: as the provider documents it)', () => {
	const FIELDS = ['ID', 'APIKey', 'DefaultQty', 'MinimumQty', 'MaximumQty', 'IncrementQty', 'Name', 'Description', 'ImageURL', 'HasTemplate', 'DeliveryMethod', 'TemplateFields', 'DeliveredPrices'];
	interface DocumentedProduct {
		ID: string;
		DefaultQty: number;
		ImageURL: string;
		TemplateFields: Array<{ Required: boolean; Type: string; SubType: string; FieldName: string; Prompt: string; DefaultValue: string | null; OrgValue: string | null }>;
		DeliveredPrices: Array<{ DeliveryMethodCode: string; Price: number; IsDefault: boolean }>;
		[field: string]: unknown;
	}

	it('answers a bare array of the catalogue with exactly the documented fields, derived from the same catalogue as the list of sandbox-shapes', async () => {
		await use('sandbox-shapes');
		const ownShapes = (await api.get(`${storePath()}/product`)).data as Array<Record<string, unknown> & { TemplateFields: Record<string, string>; DeliveryMethods: string[] }>;
		await use();
		const products = (await api.get(`${storePath()}/product`)).data as DocumentedProduct[];
		expect(products.map((product) => product.ID)).toEqual(ownShapes.map((product) => product.ID));
		for (const [index, product] of products.entries()) {
			const other = ownShapes[index];
			expect(Object.keys(product)).toEqual(FIELDS);
			expect([product.MinimumQty, product.MaximumQty, product.IncrementQty, product.Name, product.Description]).toEqual([
				other.MinQuantity,
				other.MaxQuantity,
				other.QuantityStep,
				other.Name,
				other.Description,
			]);
			expect(product.TemplateFields.map((field) => field.FieldName)).toEqual(Object.keys(other.TemplateFields));
			expect(product.DeliveredPrices.map((price) => price.DeliveryMethodCode)).toEqual(other.DeliveryMethods);
			expect(product.DeliveredPrices.filter((price) => price.IsDefault).map((price) => price.DeliveryMethodCode)).toEqual([product.DeliveryMethod]);
			expect(product.HasTemplate).toBe(true);
		}
		expect(new Set(products.map((product) => product.APIKey)).size).toBe(8);
		expect(products[0]).toMatchObject({
			ID: 'postcard-4x6',
			APIKey: 'PSK-1001',
			DefaultQty: 100,
			ImageURL: `${sandbox.baseUrl}/files/products/postcard-4x6.png`,
			DeliveryMethod: 'Standard',
			TemplateFields: [
				{ Required: true, Type: 'Text', SubType: 'SingleLine', FieldName: 'Headline', Prompt: 'Headline', DefaultValue: null, OrgValue: null },
				{ Required: true, Type: 'Text', SubType: 'MultiLine', FieldName: 'Message', Prompt: 'Message on the back', DefaultValue: null, OrgValue: null },
				{ Required: false, Type: 'Text', SubType: 'SingleLine', FieldName: 'SignOff', Prompt: 'Sign-off line', DefaultValue: 'Warm regards', OrgValue: null },
			],
		});
		expect(products[0].DeliveredPrices[0]).toEqual({
			DeliveryMethodCode: 'Standard',
			Description: 'Ground shipping, 3 to 5 business days',
			Price: 53.95,
			Country: 'United States',
			CountryCode: 'US',
			Created: '2024-01-01T00:00:00.000Z',
			LocationType: 'Residential',
			IsDefault: true,
		});
		// verbose is accepted and changes nothing.
		expect((await api.get(`${storePath()}/product?verbose=true`)).data).toEqual(products);
		// The image resolves, without credentials.
		const image = await plain.get(products[7].ImageURL, { responseType: 'arraybuffer' });
		expect([image.status, image.headers['content-type']]).toEqual([200, 'image/png']);
		expect((await plain.get(`${sandbox.baseUrl}/files/products/nope.png`)).status).toBe(404);
	});

	it('each delivered price is what price quotes for DefaultQty by that method', async () => {
		const products = (await api.get(`${storePath()}/product`)).data as DocumentedProduct[];
		const eddm = { EddmDeliveryAreas: [{ PostalCode: '62701', CarrierRoute: 'C001', TargetAudience: 'All' }] };
		for (const product of products) {
			for (const price of product.DeliveredPrices) {
				const quote = await api.post(`${storePath()}/order/price`, {
					Items: [orderItem(price.DeliveryMethodCode === 'EDDM' ? eddm : {}, { ID: product.ID, Quantity: product.DefaultQty, DeliveryMethod: price.DeliveryMethodCode })],
				});
				expect([product.ID, price.DeliveryMethodCode, price.Price]).toEqual([product.ID, price.DeliveryMethodCode, quote.data[0].orderPrices.OrderTotalPrice]);
			}
		}
	});

	it('template fields prompt differently from their names, some required and some not, some with a default value', async () => {
		const fields = ((await api.get(`${storePath()}/product`)).data as DocumentedProduct[]).flatMap((product) => product.TemplateFields);
		expect(fields.some((field) => field.Prompt !== field.FieldName)).toBe(true);
		expect(new Set(fields.map((field) => field.Required))).toEqual(new Set([true, false]));
		expect(fields.filter((field) => field.DefaultValue !== null).map((field) => field.DefaultValue)).toEqual(
			expect.arrayContaining(['Warm regards', 'Dear customer,', 'Visit us today']),
		);
		expect(new Set(fields.map((field) => field.SubType))).toEqual(new Set(['SingleLine', 'MultiLine', 'Email', 'Phone', 'Url', 'Date']));
	});
});

describe('the order list\'s query names', () => {
	const NAMES = { page: 'pg', size: 'per', statuses: 'st', createdAfter: 'from', createdBefore: 'to', details: 'full' };
	const DEFAULTS = { page: 'pageNumber', size: 'pageSize', statuses: 'statuses', createdAfter: 'createdAfter', createdBefore: 'createdBefore', details: 'includeDetails' };

	it('the startSandbox option renames every role (case-insensitive); the default names then bind nothing; reset restores the option', async () => {
		const other = await startSandbox({ port: 0, control: true, listQueryNames: NAMES });
		try {
			expect(other.listQueryNames).toEqual(NAMES);
			const client = apiClient(other);
			const otherControl = controlClient(other);
			const items = Array.from({ length: 12 }, (_, index) => orderItem({ PartnerOrderReference: `o-${index}` }));
			const created = (await client.post(`${storePath(other)}/order`, { Items: items })).data as Order[];
			await otherControl.post(`/orders/${created[0].ID}/advance`, { toStatusId: 4 });
			const get = async (query: string) => (await client.get(`${storePath(other)}/order${query}`)).data;
			expect(paging(await get('?PG=2&Per=5'))).toEqual([2, 5, 12, 3, true, true, 5]);
			expect(paging(await get('?pageNumber=2&pageSize=5'))).toEqual([1, 10, 12, 2, true, false, 10]);
			expect((await get('?st=4')).TotalCount).toBe(1);
			expect((await get('?statuses=4')).TotalCount).toBe(12);
			expect((await get(`?from=${encodeURIComponent(created[0].Created)}&TO=${encodeURIComponent(created[0].Created)}`)).TotalCount).toBe(12);
			expect((await get('?to=2000-01-01T00:00:00Z')).TotalCount).toBe(0);
			expect((await get('?createdBefore=2000-01-01T00:00:00Z')).TotalCount).toBe(12);
			expect((await get('?full=true&per=1')).Items[0]).toHaveProperty('OrderDetails');
			expect((await get('?includeDetails=true&per=1')).Items[0]).not.toHaveProperty('OrderDetails');
			expect((await otherControl.put('/list-query-names', {})).data.names).toEqual(DEFAULTS);
			await otherControl.post('/reset');
			expect((await otherControl.get('/list-query-names')).data).toEqual({ names: NAMES, defaults: DEFAULTS });
		} finally {
			await other.close();
		}
		const partial = await startSandbox({ port: 0, listQueryNames: { page: 'p' } });
		expect(partial.listQueryNames).toEqual({ ...DEFAULTS, page: 'p' });
		await partial.close();
		await expect(startSandbox({ port: 0, listQueryNames: { page: 'x', size: 'X' } })).rejects.toThrow("'page' and 'size' cannot both be named 'X'");
		await expect(startSandbox({ port: 0, listQueryNames: { pages: 'x' } as never })).rejects.toThrow(/Unknown list query role 'pages'/);
	});

	it('the control API reads, sets (roles left out take their defaults), refuses bad names, turns them back to the defaults, and reset restores the start', async () => {
		await create(3);
		expect((await control.get('/list-query-names')).data).toEqual({ names: DEFAULTS, defaults: DEFAULTS });
		expect((await control.get('/')).data.endpoints).toContain('GET|PUT|DELETE /_sandbox/list-query-names {page?, size?, statuses?, createdAfter?, createdBefore?, details?}');
		const set = await control.put('/list-query-names', { page: 'page', size: 'limit' });
		expect([set.status, set.data.names]).toEqual([200, { ...DEFAULTS, page: 'page', size: 'limit' }]);
		expect(paging(await list('?Page=2&LIMIT=2'))).toEqual([2, 2, 3, 2, false, true, 1]);
		expect(paging(await list('?pageNumber=2&pageSize=2'))).toEqual([1, 10, 3, 1, false, false, 3]);
		// A PUT replaces the whole set.
		expect((await control.put('/list-query-names', { details: 'expand' })).data.names).toEqual({ ...DEFAULTS, details: 'expand' });
		expect(paging(await list('?pageNumber=2&pageSize=2'))).toEqual([2, 2, 3, 2, false, true, 1]);
		const refused: Array<[unknown, string]> = [
			[{ pager: 'x' }, "Unknown list query role 'pager'; use page, size, statuses, createdAfter, createdBefore, details"],
			[{ page: '' }, 'The name of \'page\' must be letters, digits or _ . - $ [ ], got ""'],
			[{ page: 'a b' }, 'The name of \'page\' must be letters, digits or _ . - $ [ ], got "a b"'],
			[{ page: 5 }, "The name of 'page' must be letters, digits or _ . - $ [ ], got 5"],
			[{ statuses: 'PAGESIZE' }, "'size' and 'statuses' cannot both be named 'PAGESIZE'"],
			[['page'], 'list query names must be an object with some of page, size, statuses, createdAfter, createdBefore, details'],
		];
		for (const [body, expected] of refused) {
			const answer = await control.put('/list-query-names', body);
			expect([body, answer.status, messages(answer.data)]).toEqual([body, 400, [expected]]);
		}
		// A refused change leaves the names as they were.
		expect((await control.get('/list-query-names')).data.names).toEqual({ ...DEFAULTS, details: 'expand' });
		expect((await control.delete('/list-query-names')).data.names).toEqual(DEFAULTS);
		await control.put('/list-query-names', { page: 'p' });
		await control.post('/reset');
		expect((await control.get('/list-query-names')).data.names).toEqual(DEFAULTS);
	});

	it('the --list-query-names flag (repeatable) sets them on the command line; bad pairs exit 2', async () => {
		const cli = path.join(__dirname, '../../sandbox/cli.ts');
		const tsx = path.join(__dirname, '../../node_modules/.bin/tsx');
		const run = (args: string[]) =>
			new Promise<{ code: number | null; stdout: string; stderr: string; child: ReturnType<typeof spawn> }>((resolve) => {
				const child = spawn(tsx, [cli, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
				let stdout = '';
				let stderr = '';
				child.stdout.on('data', (chunk) => {
					stdout += chunk;
					if (stdout.includes('\n')) resolve({ code: null, stdout, stderr, child });
				});
				child.stderr.on('data', (chunk) => (stderr += chunk));
				child.on('exit', (code) => resolve({ code, stdout, stderr, child }));
			});

		for (const [flag, expected] of [
			['pag=x', "--list-query-names: Unknown list query role 'pag'"],
			['page=pg,size=PG', "--list-query-names: 'page' and 'size' cannot both be named 'PG'"],
			['page', '--list-query-names: expected role=name pairs such as page=pg,size=per, got \'page\''],
		]) {
			const refused = await run(['--list-query-names', flag]);
			expect([flag, refused.code, refused.stderr.split('\n')[0]]).toEqual([flag, 2, expect.stringContaining(expected)]);
		}

		const started = await run(['--json', '--control', '--list-query-names', 'page=pg, size=per', '--list-query-names', 'details=full,page=p']);
		try {
			const details = JSON.parse(started.stdout) as { baseUrl: string; apiUrl: string; storeId: string; tokens: { accessToken: string }; subscriptionKey: string; listQueryNames: Record<string, string> };
			const expected = { ...DEFAULTS, page: 'p', size: 'per', details: 'full' };
			expect(details.listQueryNames).toEqual(expected);
			expect((await plain.get(`${details.baseUrl}/_sandbox/list-query-names`)).data.names).toEqual(expected);
			const headers = { 'Ocp-Apim-Subscription-Key': details.subscriptionKey, Authorization: `Bearer ${details.tokens.accessToken}` };
			const items = Array.from({ length: 3 }, () => orderItem());
			expect((await plain.post(`${details.apiUrl}/store/${details.storeId}/order`, { Items: items }, { headers })).status).toBe(200);
			const page = (await plain.get(`${details.apiUrl}/store/${details.storeId}/order?P=2&PER=2&full=true`, { headers })).data;
			expect(paging(page)).toEqual([2, 2, 3, 2, false, true, 1]);
			expect(page.Items[0]).toHaveProperty('OrderDetails');
		} finally {
			started.child.kill('SIGTERM');
		}
	});
});

describe('binding as ASP.NET Web API binds (pure)', () => {
	const q = (text: string) => queryPairs(`/api/v1/store/s/order?${text}`);

	it('reads the raw query in order, repeated names kept, decoded as a form', () => {
		expect(queryPairs('/api/v1/store')).toEqual([]);
		expect(q('a=1&A=2&b=x+y&c=%2B1&d')).toEqual([['a', '1'], ['A', '2'], ['b', 'x y'], ['c', '+1'], ['d', '']]);
	});

	it('ints: the first value, whole, within int32; anything else unbound', () => {
		expect([bindInt(q('n=12'), 'N'), bindInt(q('N=%20-3%20'), 'n'), bindInt(q('n=%2B7&n=9'), 'n'), bindInt(q('n=2147483647'), 'n')]).toEqual([12, -3, 7, 2147483647]);
		for (const text of ['n=abc', 'n=2.5', 'n=', 'n=1e3', 'n=2147483648', 'n=x&n=2', 'm=1', 'n=0x10']) expect([text, bindInt(q(text), 'n')]).toEqual([text, undefined]);
	});

	it('bools: true or false in any case; 1, yes and empty unbound', () => {
		expect([bindBool(q('f=TRUE'), 'F'), bindBool(q('f=False'), 'f'), bindBool(q('f=%20true%20'), 'f')]).toEqual([true, false, true]);
		for (const text of ['f=1', 'f=yes', 'f=', 'f=on', 'g=true']) expect([text, bindBool(q(text), 'f')]).toEqual([text, undefined]);
	});

	it('int arrays: repeated keys (any case) only; one value that does not bind unbinds them all', () => {
		expect([bindIntArray(q('s=4&S=5&x=1&s=4'), 's'), bindIntArray(q('s=9'), 's')]).toEqual([[4, 5, 4], [9]]);
		for (const text of ['s=4,5', 's=4&s=x', 's=', 't=4']) expect([text, bindIntArray(q(text), 's')]).toEqual([text, undefined]);
	});

	it('date-times: ISO 8601, UTC without a zone, a date alone at its midnight UTC; anything else unbound', () => {
		expect(bindDateTime(q('d=2024-05-01T12:30:00Z'), 'D')).toBe(Date.UTC(2024, 4, 1, 12, 30));
		expect(bindDateTime(q('d=2024-05-01T12:30:00'), 'd')).toBe(Date.UTC(2024, 4, 1, 12, 30));
		expect(bindDateTime(q('d=2024-05-01T12:30:00%2B02:00'), 'd')).toBe(Date.UTC(2024, 4, 1, 10, 30));
		expect(bindDateTime(q('d=2024-05-01'), 'd')).toBe(Date.UTC(2024, 4, 1));
		for (const text of ['d=yesterday', 'd=2024-02-30', 'd=2024-05-01T12:00:00+02:00', 'd=']) expect([text, bindDateTime(q(text), 'd')]).toEqual([text, undefined]);
	});

	it('the documented list query: defaults page 1 of 10, size clamped to 100, the configured names only', () => {
		const names = DEFAULT_LIST_QUERY_NAMES;
		expect(documentedListQuery(q(''), names)).toEqual({ pageIndex: 1, pageSize: 10, filter: {}, includeDetails: false });
		expect(documentedListQuery(q('PAGENUMBER=3&pagesize=250&Statuses=1&statuses=3&createdafter=2024-05-01&CreatedBefore=2024-05-02T00:00:00Z&includedetails=TRUE'), names)).toEqual({
			pageIndex: 3,
			pageSize: 100,
			filter: { statusIds: new Set([1, 3]), createdFromMs: Date.UTC(2024, 4, 1), createdToMs: Date.UTC(2024, 4, 2) },
			includeDetails: true,
		});
		expect(documentedListQuery(q('pageNumber=3&pg=2'), { ...names, page: 'pg' }).pageIndex).toBe(2);
	});
});
