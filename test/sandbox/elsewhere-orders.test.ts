/**
 * Orders made elsewhere (POST /_sandbox/orders): orders another system created, in bulk, with a
 * past, and no callback URLs. Their times and status histories, how the API's order list, get order
 * and status history show them, advance on them, the request's validation, and paging through 10,000.
 */
import type { AxiosInstance } from 'axios';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { apiClient, clientFor, controlClient, messages, orderItem } from './support';

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

const DAY = 86_400_000;

interface Made {
	ID: string;
	OrderNumber: string;
	Created: string;
	StatusID: number;
}

interface StatusRecord {
	StatusID: number;
	Timestamp: string;
	_meta: { ChangeType: string };
	[field: string]: unknown;
}

/** POSTs the body, expects 200, and returns the answer with the time around the call. */
async function make(body: Record<string, unknown>) {
	const before = Date.now();
	const response = await control.post('/orders', { storeId: sandbox.storeId, ...body });
	const after = Date.now();
	expect(response.status).toBe(200);
	return { ...(response.data as { created: number; orders?: Made[] }), before, after };
}

const ms = (iso: string) => Date.parse(iso);
const differences = (values: number[]) => values.slice(1).map((value, index) => value - values[index]);
const storePath = () => `/store/${sandbox.storeId}`;

describe('POST /_sandbox/orders', () => {
	it('makes count orders with Created evenly spread from createdOverDays ago, oldest first; no callbacks, not counted', async () => {
		const made = await make({ count: 5, createdOverDays: 4, toStatusId: 5 });
		expect(made.created).toBe(5);
		const orders = made.orders!;
		expect(orders.map((o) => o.StatusID)).toEqual([5, 5, 5, 5, 5]);
		const numbers = orders.map((o) => Number(o.OrderNumber.slice(3)));
		expect(differences(numbers)).toEqual([1, 1, 1, 1]);
		// Exactly a day apart; the newest 5 ms before the moment they were made, the oldest four days before that.
		const created = orders.map((o) => ms(o.Created));
		expect(differences(created)).toEqual([DAY, DAY, DAY, DAY]);
		expect(created[4]).toBeGreaterThanOrEqual(made.before - 5);
		expect(created[4]).toBeLessThanOrEqual(made.after - 5);
		expect(created[0]).toBe(created[4] - 4 * DAY);

		const all = (await control.get('/orders', { params: { storeId: sandbox.storeId } })).data.orders;
		expect(all).toHaveLength(5);
		expect(all[0]).toMatchObject({
			ID: orders[0].ID,
			CreatedBy: 'usr_alice',
			ApplicationID: 'app_sandbox_other',
			PartnerOrderReference: `elsewhere-${numbers[0]}`,
			StatusID: 5,
			StatusDescription: 'Delivered',
			Completed: true,
		});
		expect(all[0].OrderDetails.Product).toEqual({ ID: 'postcard-4x6', Quantity: 100 });
		expect(all[0].OrderDetails).not.toHaveProperty('StatusCallbackUrl');
		expect(all[0].OrderDetails).not.toHaveProperty('StatusDetailsCallbackUrl');
		expect((await control.get('/callbacks')).data.deliveries).toEqual([]);
		expect((await control.get('/counts')).data).toEqual({ total: 0, byStore: {}, byPartnerOrderReference: {} });
	});

	it('gives each order its whole status history: Received first, Timestamps strictly increasing from Created, none in the future', async () => {
		const made = await make({ createdOverDays: 2, statusMix: { '1': 1, '2': 1, '3': 1, '4': 1, '5': 1, '9': 1 } });
		expect(made.created).toBe(6);
		// The oldest are the furthest along: blocks in descending StatusID.
		expect(made.orders!.map((o) => o.StatusID)).toEqual([9, 5, 4, 3, 2, 1]);
		const paths: number[][] = [];
		for (const one of made.orders!) {
			const history = (await api.get(`${storePath()}/order/${one.ID}/status`)).data as StatusRecord[];
			const order = (await api.get(`${storePath()}/order/${one.ID}`)).data;
			paths.push(history.map((r) => r.StatusID));
			const times = history.map((r) => ms(r.Timestamp));
			expect(history[0].Timestamp).toBe(one.Created);
			expect(differences(times).every((d) => d > 0)).toBe(true);
			expect(times[times.length - 1]).toBeLessThan(made.after);
			expect(history.map((r) => r._meta.ChangeType)).toEqual(['Created', ...Array(history.length - 1).fill('StatusChanged')]);
			expect(order).toMatchObject({ StatusID: one.StatusID, Created: one.Created, Updated: history[history.length - 1].Timestamp });
			expect(order.Completed).toBe(one.StatusID === 5 || one.StatusID === 9);
		}
		expect(paths).toEqual([[1, 9], [1, 2, 3, 4, 5], [1, 2, 3, 4], [1, 2, 3], [1, 2], [1]]);

		// Six orders over two days: Created 2/5 of two days apart. The Delivered one (the second) was made
		// 5 ms + 2 days - 2/5 of 2 days = 138,240,005 ms before now; its five records are a fifth of that apart.
		expect(differences(made.orders!.map((o) => ms(o.Created)))).toEqual(Array(5).fill((2 * DAY) / 5));
		const delivered = (await api.get(`${storePath()}/order/${made.orders![1].ID}/status`)).data as StatusRecord[];
		expect(differences(delivered.map((r) => ms(r.Timestamp)))).toEqual(Array(4).fill(27_648_001));
		expect(delivered[3]).toMatchObject({ StatusDescription: 'Shipped', ShippedDate: delivered[3].Timestamp });
		expect(delivered[4]).toMatchObject({ StatusDescription: 'Delivered', DeliveryDate: delivered[4].Timestamp, DeliverySignedBy: 'Sam Elsewhere' });
		const failed = (await api.get(`${storePath()}/order/${made.orders![0].ID}/status`)).data as StatusRecord[];
		expect(failed[1]).toMatchObject({ StatusDescription: 'Failed', StatusUpdateFailed: true });
	});

	it('spaces an old order\'s records a day apart at most, and gives many orders made "now" a millisecond each', async () => {
		const old = await make({ createdOverDays: 30, toStatusId: 5 });
		const history = (await api.get(`${storePath()}/order/${old.orders![0].ID}/status`)).data as StatusRecord[];
		expect(differences(history.map((r) => ms(r.Timestamp)))).toEqual([DAY, DAY, DAY, DAY]);

		await control.post('/reset');
		const now = await make({ count: 1000, toStatusId: 5 });
		expect(now.orders).toBeUndefined();
		const listed = (await control.get('/orders', { params: { storeId: sandbox.storeId } })).data.orders as Made[];
		const created = listed.map((o) => ms(o.Created));
		expect(differences(created)).toEqual(Array(999).fill(1));
		expect(created[999]).toBeGreaterThanOrEqual(now.before - 5);
		expect(created[999]).toBeLessThanOrEqual(now.after - 5);
		// The newest: its five records a millisecond apart, all before the answer.
		const newest = (await api.get(`${storePath()}/order/${listed[999].ID}/status`)).data as StatusRecord[];
		expect(newest.map((r) => ms(r.Timestamp) - created[999])).toEqual([0, 1, 2, 3, 4]);
	});

	it('takes the creator, application, product and reference prefix given; null makes orders without a reference', async () => {
		const made = await make({ count: 2, username: 'bob@print-store.test', applicationId: 'app_sandbox_main', product: 'letter-2-sheet', referencePrefix: 'crm-' });
		const all = (await control.get('/orders')).data.orders;
		expect(all.map((o: Record<string, unknown>) => [o.CreatedBy, o.ApplicationID, (o.OrderDetails as { Product: { ID: string } }).Product.ID])).toEqual([
			['usr_bob', 'app_sandbox_main', 'letter-2-sheet'],
			['usr_bob', 'app_sandbox_main', 'letter-2-sheet'],
		]);
		expect(all.map((o: { PartnerOrderReference: string }) => o.PartnerOrderReference)).toEqual(made.orders!.map((o) => `crm-${o.OrderNumber.slice(3)}`));
		await make({ referencePrefix: null, storeId: 'store_unassociated' });
		const other = (await control.get('/orders', { params: { storeId: 'store_unassociated' } })).data.orders;
		expect(other).toHaveLength(1);
		expect(other[0].PartnerOrderReference).toBeNull();
		expect(other[0].OrderDetails).not.toHaveProperty('PartnerOrderReference');
	});

	it('answers the orders made only up to 100 of them; created always', async () => {
		const hundred = (await control.post('/orders', { storeId: sandbox.storeId, count: 100 })).data;
		expect(hundred.created).toBe(100);
		expect(hundred.orders).toHaveLength(100);
		expect(Object.keys(hundred.orders[0]).sort()).toEqual(['Created', 'ID', 'OrderNumber', 'StatusID']);
		expect((await control.post('/orders', { storeId: sandbox.storeId, count: 101 })).data).toEqual({ created: 101 });
	});

	it('refuses a malformed request with 400 naming each problem, and an unknown store, user or application with 404', async () => {
		const refused = async (body: unknown) => {
			const response = await control.post('/orders', body);
			expect(response.status).toBe(400);
			return messages(response.data);
		};
		expect(await refused({})).toEqual(['storeId is required: the ID of the store the orders are made in']);
		expect(await refused({ storeId: 'store_main', count: 0, createdOverDays: -1, toStatusId: 6, product: 'mug', referencePrefix: 7, colour: 'red' })).toEqual([
			'colour is not a field of this request',
			'count must be a whole number from 1 to 20000',
			'createdOverDays must be a number of days from 0 to 3650',
			'toStatusId must be one of 1, 2, 3, 4, 5, 9',
			'product must be a product ID of the catalogue, e.g. postcard-4x6',
			'referencePrefix must be a string, or null for orders without a PartnerOrderReference',
		]);
		expect(await refused({ storeId: 'store_main', count: 20001 })).toEqual(['count must be a whole number from 1 to 20000']);
		expect(await refused({ storeId: 'store_main', count: 2.5 })).toEqual(['count must be a whole number from 1 to 20000']);
		expect(await refused({ storeId: 'store_main', toStatusId: 5, statusMix: { '5': 1 } })).toEqual(['give toStatusId or statusMix, not both']);
		expect(await refused({ storeId: 'store_main', statusMix: { '2': -1, '6': 1, x: 1 } })).toEqual([
			'statusMix["2"] must be a whole number >= 0',
			"statusMix key '6' is not a StatusID; use 1, 2, 3, 4, 5, 9",
			"statusMix key 'x' is not a StatusID; use 1, 2, 3, 4, 5, 9",
		]);
		expect(await refused({ storeId: 'store_main', statusMix: [1, 2] })).toEqual(['statusMix must be an object of counts by StatusID, e.g. {"1": 10, "5": 90}']);
		expect(await refused({ storeId: 'store_main', count: 0, statusMix: { '1': 0 } })).toEqual([
			'count must be a whole number from 1 to 20000',
			'statusMix must add up to from 1 to 20000 orders, got 0',
		]);
		expect(await refused({ storeId: 'store_main', statusMix: { '1': 0 } })).toEqual(['statusMix must add up to from 1 to 20000 orders, got 0']);
		expect(await refused({ storeId: 'store_main', statusMix: { '1': 15000, '5': 5001 } })).toEqual(['statusMix must add up to from 1 to 20000 orders, got 20001']);
		expect(await refused({ storeId: 'store_main', count: 3, statusMix: { '1': 1, '5': 1 } })).toEqual([
			'count (3) differs from the orders statusMix adds up to (2); leave count out',
		]);
		for (const [body, message] of [
			[{ storeId: 'store_nowhere' }, "No store 'store_nowhere'"],
			[{ storeId: 'store_main', username: 'mallory' }, "No user 'mallory'"],
			[{ storeId: 'store_main', applicationId: 'app_unknown' }, "No application 'app_unknown'"],
		] as const) {
			const response = await control.post('/orders', body);
			expect([response.status, messages(response.data)]).toEqual([404, [message]]);
		}
		expect((await control.get('/orders')).data.orders).toEqual([]);
	});

	it('statusMix with a matching count is accepted; the mix is laid out in descending StatusID, oldest first', async () => {
		const made = await make({ count: 5, statusMix: { '1': 3, '5': 2 } });
		expect(made.orders!.map((o) => o.StatusID)).toEqual([5, 5, 1, 1, 1]);
	});
});

describe('orders made elsewhere through the API', () => {
	it('are listed newest first among the others, with the createdAfter/createdBefore bounds inclusive; each caller sees what it may', async () => {
		const alice = (await make({ count: 3, createdOverDays: 2 })).orders!;
		// Each batch's newest order is made "now": a later millisecond for bob's, so the bounds below tell them apart.
		await new Promise((resolve) => setTimeout(resolve, 5));
		const bob = (await make({ count: 2, createdOverDays: 0.5, username: 'bob' })).orders!;
		const viaApi = (await api.post(`${storePath()}/order`, { Items: [orderItem({ PartnerOrderReference: 'a1' }), orderItem({ PartnerOrderReference: 'a2' })] })).data as Made[];
		const page = (await api.get(`${storePath()}/order`, { params: { pageSize: 100 } })).data;
		expect(page.TotalCount).toBe(7);
		expect(page.Items.map((o: Made) => o.ID)).toEqual([viaApi[1], viaApi[0], bob[1], alice[2], bob[0], alice[1], alice[0]].map((o) => o.ID));

		const from = (await api.get(`${storePath()}/order`, { params: { pageSize: 100, createdAfter: alice[1].Created } })).data;
		expect(from.Items.map((o: Made) => o.ID)).toEqual([viaApi[1], viaApi[0], bob[1], alice[2], bob[0], alice[1]].map((o) => o.ID));
		const to = (await api.get(`${storePath()}/order`, { params: { createdBefore: alice[1].Created } })).data;
		expect(to.Items.map((o: Made) => o.ID)).toEqual([alice[1].ID, alice[0].ID]);
		const between = (await api.get(`${storePath()}/order`, { params: { createdAfter: bob[0].Created, createdBefore: alice[2].Created, statuses: '1' } })).data;
		expect([between.TotalCount, between.Items.map((o: Made) => o.ID)]).toEqual([2, [alice[2].ID, bob[0].ID]]);

		// bob (Order.Self.Read) sees his own only, and reads them; alice's are as if they did not exist.
		const asBob = await clientFor(sandbox, 'bob');
		const bobsList = (await asBob.get(`${storePath()}/order`)).data;
		expect([bobsList.TotalCount, bobsList.Items.map((o: Made) => o.ID)]).toEqual([2, [bob[1].ID, bob[0].ID]]);
		expect((await asBob.get(`${storePath()}/order/${bob[0].OrderNumber}`)).data).toMatchObject({ ID: bob[0].ID, Created: bob[0].Created });
		expect((await asBob.get(`${storePath()}/order/${bob[0].ID}/status`)).data.map((r: StatusRecord) => r.StatusID)).toEqual([1]);
		expect((await asBob.get(`${storePath()}/order/${alice[0].ID}`)).status).toBe(404);
		expect((await asBob.get(`${storePath()}/order/${alice[0].ID}/status`)).status).toBe(404);
	});

	it('advance moves them on with records after their past, and sends no callbacks', async () => {
		const [order] = (await make({ createdOverDays: 1, toStatusId: 2 })).orders!;
		const before = (await api.get(`${storePath()}/order/${order.ID}/status`)).data as StatusRecord[];
		const advanced = await control.post(`/orders/${order.OrderNumber}/advance`, { toStatusId: 4 });
		expect(advanced.status).toBe(200);
		expect(advanced.data.map((r: StatusRecord) => r.StatusID)).toEqual([3, 4]);
		const history = (await api.get(`${storePath()}/order/${order.ID}/status`)).data as StatusRecord[];
		expect(history.map((r) => r.StatusID)).toEqual([1, 2, 3, 4]);
		expect(ms(history[2].Timestamp)).toBeGreaterThan(ms(before[1].Timestamp));
		expect((await api.get(`${storePath()}/order/${order.ID}`)).data).toMatchObject({ StatusID: 4, Completed: false, Updated: history[3].Timestamp });
		expect((await control.post(`/orders/${order.ID}/advance`, { fail: true })).data.map((r: StatusRecord) => r.StatusID)).toEqual([9]);
		expect((await control.post(`/orders/${order.ID}/advance`)).status).toBe(409);
		expect((await control.get('/callbacks')).data.deliveries).toEqual([]);
	});

	it('pages through 10,000 of them, 100 pages of 100: each once, newest first, TotalCount 10000', async () => {
		const made = await make({ createdOverDays: 30, statusMix: { '1': 2000, '2': 1000, '3': 1000, '4': 1000, '5': 4000, '9': 1000 } });
		expect(made).toMatchObject({ created: 10000 });
		expect(made.orders).toBeUndefined();
		const seen: Made[] = [];
		for (let pageNumber = 1; pageNumber <= 101; pageNumber++) {
			const page = (await api.get(`${storePath()}/order`, { params: { pageNumber, pageSize: 100 } })).data;
			expect([page.PageIndex, page.TotalCount, page.TotalPageCount, page.HasNextPage, page.Items.length]).toEqual([pageNumber, 10000, 100, pageNumber < 100, pageNumber <= 100 ? 100 : 0]);
			seen.push(...page.Items);
		}
		expect(new Set(seen.map((o) => o.ID)).size).toBe(10000);
		const created = seen.map((o) => ms(o.Created));
		expect(differences(created).every((d) => d < 0)).toBe(true);
		// Newest first: the Received block first, the Failed block (the oldest) last.
		expect([seen[0].StatusID, seen[1999].StatusID, seen[2000].StatusID, seen[8999].StatusID, seen[9000].StatusID]).toEqual([1, 1, 2, 5, 9]);
		const open = (await api.get(`${storePath()}/order?statuses=1&statuses=2&statuses=3&statuses=4&pageSize=1`)).data;
		expect(open.TotalCount).toBe(5000);
	});
});
