/** The seven endpoints with the spec's methods, paths, fields and every documented status code. */
import type { AxiosInstance } from 'axios';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { apiClient, clientFor, controlClient, messages, orderItem } from './support';

let sandbox: Sandbox;
let api: AxiosInstance;

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0, control: true });
	api = apiClient(sandbox);
});
beforeEach(() => controlClient(sandbox).post('/reset'));
afterAll(() => sandbox.close());

describe('POST /store/invite', () => {
	it('200: joins the store, returns the Store, makes the caller its administrator', async () => {
		const bob = await clientFor(sandbox, 'bob');
		const response = await bob.post('/store/invite', { InviteKey: sandbox.inviteKey });
		expect(response.status).toBe(200);
		expect(response.data).toEqual({
			StoreID: 'store_joinable',
			BudgetEnabled: true,
			BudgetTypes: [
				{ Value: 'Department', Description: 'One budget per department' },
				{ Value: 'User', Description: 'One budget per user' },
			],
			BudgetDuration: [
				{ Value: 'Monthly', Description: 'Budgets reset on the first day of each month' },
				{ Value: 'Quarterly', Description: 'Budgets reset at the start of each quarter' },
			],
			CompanyName: 'Join Me Print Shop',
		});
		// The calling application is now associated with the store, so pricing there works at once.
		const price = await bob.post('/store/store_joinable/order/price', { Items: [orderItem()] });
		expect(price.status).toBe(200);
	});

	it('400: an invite key already used (by someone else, or just now by the caller)', async () => {
		const seeded = await api.post('/store/invite', { InviteKey: 'INVITE-USED-0001' });
		expect(seeded.status).toBe(400);
		expect(messages(seeded.data)).toEqual(['This invite key has already been used']);
		expect((await api.post('/store/invite', { InviteKey: 'INVITE-JOIN-0002' })).status).toBe(200);
		const again = await api.post('/store/invite', { InviteKey: 'INVITE-JOIN-0002' });
		expect(again.status).toBe(400);
		expect(messages(again.data)).toEqual(['This invite key has already been used']);
	});

	it('404: store unavailable, for an unknown key and for a closed store; the key is never echoed', async () => {
		const unknown = await api.post('/store/invite', { InviteKey: 'INVITE-NOPE-9999' });
		expect(unknown.status).toBe(404);
		expect(messages(unknown.data)).toEqual(['Store unavailable: no store accepts this invite key']);
		expect(JSON.stringify(unknown.data)).not.toContain('INVITE-NOPE-9999');
		const closed = await api.post('/store/invite', { InviteKey: 'INVITE-CLOSED-0001' });
		expect(closed.status).toBe(404);
		expect(messages(closed.data)).toEqual(['Store unavailable: the store of this invite key is closed']);
	});

	it('400: InviteKey missing or not a string', async () => {
		const missing = await api.post('/store/invite', {});
		expect(missing.status).toBe(400);
		expect(messages(missing.data)).toEqual(['InviteKey is required']);
		const wrongType = await api.post('/store/invite', { InviteKey: 42 });
		expect(messages(wrongType.data)).toEqual(['InviteKey must be a string']);
	});
});

describe('POST /store/{storeID}/order/price', () => {
	it('200: one quote per item with every item-price and order-price field', async () => {
		const response = await api.post(`/store/${sandbox.storeId}/order/price`, {
			Items: [orderItem({ PartnerOrderReference: 'p-1' }), orderItem({ PartnerOrderReference: 'p-2' }, { ID: 'letter-1-sheet', Quantity: 10 })],
		});
		expect(response.status).toBe(200);
		expect(response.data).toHaveLength(2);
		expect(response.data.map((q: { PartnerOrderReference: string }) => q.PartnerOrderReference)).toEqual(['p-1', 'p-2']);
		const quote = response.data[1];
		expect(quote.items).toHaveLength(1);
		expect(quote.items[0].ProductID).toBe('letter-1-sheet');
		expect(quote.items[0].Quantity).toBe(10);
		expect(Object.keys(quote.items[0].itemPrice).sort()).toEqual(
			[
				'EnvelopePrice', 'MailingPrice', 'PrintingCostEach', 'PrintPrice', 'PromotionalDiscount', 'RetailFulfillmentPrice',
				'RetailPrintPrice', 'RetailReimbursementPrice', 'RetailRushPrice', 'RetailShippingPrice', 'RushPrice',
				'SecondSheetPrice', 'ShipPrice', 'TotalPrice', 'TotalPrintingPrice',
			].sort(),
		);
		expect(Object.keys(quote.orderPrices).sort()).toEqual(
			['BundleCouponAmount', 'EnvelopeTotalPrice', 'MailingPriceTotal', 'OrderTotalPrice', 'PrintPriceTotal', 'RushTotalPrice', 'SecondSheetTotal', 'ShipPriceTotal'].sort(),
		);
		// Pricing creates nothing.
		expect((await controlClient(sandbox).get('/counts')).data.total).toBe(0);
	});

	it('400 invalid store: unknown store, and a store not associated with the calling application', async () => {
		const unknown = await api.post('/store/store_nope/order/price', { Items: [orderItem()] });
		expect(unknown.status).toBe(400);
		expect(messages(unknown.data)).toEqual(["Invalid store 'store_nope': no such store"]);
		const unassociated = await api.post('/store/store_unassociated/order/price', { Items: [orderItem()] });
		expect(unassociated.status).toBe(400);
		expect(messages(unassociated.data)).toEqual(["Invalid store 'store_unassociated': the calling application is not associated with this store"]);
	});
});

describe('POST /store/{storeID}/order', () => {
	it('200: one Order per item, in order, with every field of the spec', async () => {
		const items = [orderItem({ PartnerOrderReference: 'c-1' }), orderItem({ PartnerOrderReference: 'c-2' }, { ID: 'flyer-a5' })];
		const response = await api.post(`/store/${sandbox.storeId}/order`, { Items: items, MaxRetries: 3, TestMode: true });
		expect(response.status).toBe(200);
		expect(response.data).toHaveLength(2);
		const [first, second] = response.data;
		expect(Object.keys(first).sort()).toEqual(
			['Completed', 'Created', 'ID', 'OrderDetails', 'OrderNumber', 'PartnerOrderReference', 'StatusDescription', 'StatusID', 'StoreID', 'Updated', '_meta'].sort(),
		);
		expect(first).toMatchObject({
			PartnerOrderReference: 'c-1',
			StoreID: sandbox.storeId,
			StatusID: 1,
			StatusDescription: 'Received',
			Completed: false,
			_meta: { Messages: [], ChangeType: 'Created' },
		});
		expect(first.ID).toMatch(/^ord_[0-9a-f]{16}$/);
		expect(first.OrderNumber).toMatch(/^PS-\d{6}$/);
		expect(second.PartnerOrderReference).toBe('c-2');
		expect(second.OrderDetails.Product.ID).toBe('flyer-a5');
		expect(new Date(first.Created).toISOString()).toBe(first.Created);
		expect(first.Updated).toBe(first.Created);
		// The create response echoes the item as submitted, RecipientKey included.
		expect(first.OrderDetails).toEqual(items[0]);
		expect(new Set(response.data.map((o: { ID: string }) => o.ID)).size).toBe(2);
		const counts = (await controlClient(sandbox).get('/counts')).data;
		expect(counts).toEqual({ total: 2, byStore: { store_main: 2 }, byPartnerOrderReference: { 'c-1': 1, 'c-2': 1 } });
	});

	it('400 invalid store for an unknown or unassociated store, creating nothing', async () => {
		for (const store of ['store_nope', 'store_unassociated']) {
			const response = await api.post(`/store/${store}/order`, { Items: [orderItem()] });
			expect(response.status).toBe(400);
			expect(messages(response.data)[0]).toMatch(new RegExp(`^Invalid store '${store}'`));
		}
		expect((await controlClient(sandbox).get('/counts')).data.total).toBe(0);
	});
});

describe('GET /store/{storeID}/order/{orderID}', () => {
	let order: { ID: string; OrderNumber: string };
	beforeEach(async () => {
		order = (await api.post(`/store/${sandbox.storeId}/order`, { Items: [orderItem({ PartnerOrderReference: 'g-1' })] })).data[0];
	});

	it('200 by ID and by OrderNumber; RecipientKey omitted; no ChangeType', async () => {
		for (const id of [order.ID, order.OrderNumber]) {
			const response = await api.get(`/store/${sandbox.storeId}/order/${id}`);
			expect(response.status).toBe(200);
			expect(response.data.ID).toBe(order.ID);
			expect(response.data.OrderNumber).toBe(order.OrderNumber);
			expect(response.data.PartnerOrderReference).toBe('g-1');
			expect(response.data.OrderDetails.Recipient).not.toHaveProperty('RecipientKey');
			expect(response.data.OrderDetails.Recipient.NameLast).toBe('Doe');
			expect(response.data._meta).toEqual({ Messages: [] });
		}
	});

	it('404 for an order that does not exist, or exists in another store', async () => {
		const missing = await api.get(`/store/${sandbox.storeId}/order/ord_0000000000000000`);
		expect(missing.status).toBe(404);
		expect(messages(missing.data)).toEqual(["Order 'ord_0000000000000000' does not exist in store 'store_main'"]);
		const elsewhere = await api.get(`/store/store_unassociated/order/${order.ID}`);
		expect(elsewhere.status).toBe(404);
	});

	it('404 (not a route miss) for an encoded slash inside the order id, logged exactly as sent', async () => {
		await controlClient(sandbox).delete('/requests');
		const response = await api.get(`/store/${sandbox.storeId}/order/${encodeURIComponent('a/b')}`);
		expect(response.status).toBe(404);
		expect(messages(response.data)).toEqual(["Order 'a/b' does not exist in store 'store_main'"]);
		const log = (await controlClient(sandbox).get('/requests')).data.requests;
		expect(log.map((r: { rawPath: string }) => r.rawPath)).toEqual(['/api/v1/store/store_main/order/a%2Fb']);
	});

	it('400 invalid store when the store is unknown or the user is not related to it', async () => {
		const unknown = await api.get(`/store/store_nope/order/${order.ID}`);
		expect(unknown.status).toBe(400);
		expect(messages(unknown.data)).toEqual(["Invalid store 'store_nope': no such store"]);
		const dave = await clientFor(sandbox, 'dave');
		const unrelated = await dave.get(`/store/${sandbox.storeId}/order/${order.ID}`);
		expect(unrelated.status).toBe(400);
		expect(messages(unrelated.data)).toEqual(["Invalid store 'store_main': you are not related to this store"]);
	});
});

describe('GET /store/{storeID}/order/{orderID}/status', () => {
	it('200: the history oldest first, starting with the Received record of the create', async () => {
		const order = (await api.post(`/store/${sandbox.storeId}/order`, { Items: [orderItem()] })).data[0];
		await controlClient(sandbox).post(`/orders/${order.ID}/advance`);
		const response = await api.get(`/store/${sandbox.storeId}/order/${order.OrderNumber}/status`);
		expect(response.status).toBe(200);
		expect(response.data.map((r: { StatusID: number }) => r.StatusID)).toEqual([1, 2]);
		expect(response.data[0]._meta).toEqual({ Messages: ['Order received'], ChangeType: 'Created' });
		expect(response.data[1]._meta.ChangeType).toBe('StatusChanged');
	});

	it('404 for an unknown order; 400 for an unknown or unassociated store', async () => {
		expect((await api.get(`/store/${sandbox.storeId}/order/PS-999999/status`)).status).toBe(404);
		const unknown = await api.get('/store/store_nope/order/PS-999999/status');
		expect(unknown.status).toBe(400);
		const unassociated = await api.get('/store/store_unassociated/order/PS-999999/status');
		expect(unassociated.status).toBe(400);
		expect(messages(unassociated.data)).toEqual(["Invalid store 'store_unassociated': the calling application is not associated with this store"]);
	});
});

describe('GET /user', () => {
	it('200: the current user with every field of the spec', async () => {
		const response = await api.get('/user');
		expect(response.status).toBe(200);
		expect(response.data).toEqual({
			ID: 'usr_alice',
			Username: 'alice',
			UsernameWithDomain: 'alice@print-store.test',
			FirstName: 'Alice',
			LastName: 'Anders',
			Email: 'alice@example.com',
			Phone: '+1-555-0101',
			IsServiceUser: false,
			_meta: { Messages: [] },
		});
		const svc = await clientFor(sandbox, 'svc-automation');
		expect((await svc.get('/user')).data.IsServiceUser).toBe(true);
	});

	it('login naming the current user (Username or UsernameWithDomain, any case) returns it', async () => {
		const bob = await clientFor(sandbox, 'bob');
		for (const login of ['bob', 'bob@print-store.test', 'BOB@Print-Store.test']) {
			const response = await bob.get('/user', { params: { login } });
			expect(response.status).toBe(200);
			expect(response.data.Username).toBe('bob');
		}
	});

	it('login naming another user: returned to administrators and service users, 404 to others', async () => {
		const byAlice = await api.get('/user', { params: { login: 'carol' } });
		expect(byAlice.status).toBe(200);
		expect(byAlice.data.Username).toBe('carol');
		const svc = await clientFor(sandbox, 'svc-automation');
		expect((await svc.get('/user', { params: { login: 'bob@print-store.test' } })).data.Username).toBe('bob');
		const bob = await clientFor(sandbox, 'bob');
		const hidden = await bob.get('/user', { params: { login: 'carol' } });
		expect(hidden.status).toBe(404);
		expect(messages(hidden.data)).toEqual(["No user with login 'carol' is visible to you"]);
		const unknown = await api.get('/user', { params: { login: 'zed' } });
		expect(unknown.status).toBe(404);
	});
});

describe('DELETE /application/{applicationID}/store/{storeID}', () => {
	it('200 {}: removes the association, after which the store is invalid for that application', async () => {
		const response = await api.delete(`/application/${sandbox.applicationId}/store/${sandbox.storeId}`);
		expect(response.status).toBe(200);
		expect(response.data).toEqual({});
		const price = await api.post(`/store/${sandbox.storeId}/order/price`, { Items: [orderItem()] });
		expect(price.status).toBe(400);
		expect(messages(price.data)).toEqual(["Invalid store 'store_main': the calling application is not associated with this store"]);
	});

	it('400 when no association exists (twice, unknown store, unknown application)', async () => {
		expect((await api.delete(`/application/${sandbox.applicationId}/store/${sandbox.storeId}`)).status).toBe(200);
		const again = await api.delete(`/application/${sandbox.applicationId}/store/${sandbox.storeId}`);
		expect(again.status).toBe(400);
		expect(messages(again.data)).toEqual([`No association exists between application '${sandbox.applicationId}' and store 'store_main'`]);
		expect((await api.delete(`/application/${sandbox.applicationId}/store/store_nope`)).status).toBe(400);
		expect((await api.delete('/application/app_nope/store/store_main')).status).toBe(400);
	});

	it('400 insufficient privileges without the application and store permissions', async () => {
		const bob = await clientFor(sandbox, 'bob');
		const response = await bob.delete(`/application/${sandbox.applicationId}/store/${sandbox.storeId}`);
		expect(response.status).toBe(400);
		expect(messages(response.data)[0]).toMatch(/^Insufficient privileges/);
	});
});

describe('routing', () => {
	it('answers unknown paths and methods with 404 in the error shape', async () => {
		const response = await api.get('/store/store_main/orders');
		expect(response.status).toBe(404);
		expect(messages(response.data)).toEqual(['No endpoint GET /api/v1/store/store_main/orders']);
		expect((await api.put('/user')).status).toBe(404);
	});
});
