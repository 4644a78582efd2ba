/**
 * The permission matrix: Self/All x Read/Write x own/others' orders, application-store association
 * present/absent, store administrators, and the association-removal permissions.
 */
import type { AxiosInstance } from 'axios';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { clientFor, controlClient, messages, orderItem } from './support';

let sandbox: Sandbox;
const as: Record<string, AxiosInstance> = {};
const orders: Record<string, string> = {};
const OTHER_APP = 'app_sandbox_other';

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0, control: true });
	for (const user of ['alice', 'bob', 'carol', 'dave', 'svc-automation']) as[user] = await clientFor(sandbox, user);
	as['alice@other-app'] = await clientFor(sandbox, 'alice', OTHER_APP);
	for (const user of ['alice', 'bob', 'dave']) {
		const response = await as[user].post(`/store/${sandbox.storeId}/order`, { Items: [orderItem({ PartnerOrderReference: `by-${user}` })] });
		expect(response.status).toBe(200);
		orders[user] = response.data[0].ID;
	}
});
afterAll(() => sandbox.close());

const FORBIDDEN_WRITE = 'Insufficient privileges: this operation needs Order.Self.Write or Order.All.Write';
const FORBIDDEN_READ = 'Insufficient privileges: this operation needs Order.Self.Read or Order.All.Read';
const NOT_ASSOCIATED = "Invalid store 'store_main': the calling application is not associated with this store";

describe('price and create (Order.Self.Write or Order.All.Write, plus the association)', () => {
	it.each([
		['alice', 'Order.All.Write', 200, undefined],
		['bob', 'Order.Self.Write', 200, undefined],
		['dave', 'Order.Self.Write, not related to the store (the spec asks only for the association)', 200, undefined],
		['svc-automation', 'Order.All.Write', 200, undefined],
		['carol', 'no permission', 403, FORBIDDEN_WRITE],
		['alice@other-app', 'All.Write but the application is not associated', 400, NOT_ASSOCIATED],
	])('%s (%s) -> %i', async (who, _why, status, message) => {
		const before = (await controlClient(sandbox).get('/counts')).data.total;
		for (const path of ['/order/price', '/order']) {
			const response = await as[who].post(`/store/${sandbox.storeId}${path}`, { Items: [orderItem()] });
			expect(response.status).toBe(status);
			if (message) expect(messages(response.data)).toEqual([message]);
		}
		const after = (await controlClient(sandbox).get('/counts')).data.total;
		expect(after - before).toBe(status === 200 ? 1 : 0);
	});
});

describe('get one order (relationship to the store; only own orders without Order.All.Read)', () => {
	it.each([
		['alice', 'alice', 'own, All.Read', 200],
		['alice', 'bob', "others', All.Read", 200],
		['svc-automation', 'bob', "others', All.Read", 200],
		['bob', 'bob', 'own, Self.Read', 200],
		['bob', 'alice', "others', Self.Read only", 404],
		['carol', 'bob', "others', no permission", 404],
		['dave', 'dave', 'own, but not related to the store', 400],
		['alice@other-app', 'bob', 'the association is not a precondition of this endpoint', 200],
	])('%s reading the order of %s (%s) -> %i', async (who, owner, _why, status) => {
		const response = await as[who].get(`/store/${sandbox.storeId}/order/${orders[owner]}`);
		expect(response.status).toBe(status);
		if (status === 200) expect(response.data.ID).toBe(orders[owner]);
		if (status === 404) expect(messages(response.data)).toEqual([`Order '${orders[owner]}' does not exist in store 'store_main'`]);
	});
});

describe('status history (Order.Self.Read for own, Order.All.Read for any, plus the association)', () => {
	it.each([
		['alice', 'alice', 'own, All.Read', 200, undefined],
		['alice', 'bob', "others', All.Read", 200, undefined],
		['svc-automation', 'dave', "others', All.Read", 200, undefined],
		['bob', 'bob', 'own, Self.Read', 200, undefined],
		['bob', 'alice', "others', Self.Read only", 404, undefined],
		['carol', 'bob', 'no read permission', 403, FORBIDDEN_READ],
		['dave', 'dave', 'own, Self.Write but no read permission', 403, FORBIDDEN_READ],
		['alice@other-app', 'alice', 'application not associated', 400, NOT_ASSOCIATED],
	])('%s reading the history of the order of %s (%s) -> %i', async (who, owner, _why, status, message) => {
		const response = await as[who].get(`/store/${sandbox.storeId}/order/${orders[owner]}/status`);
		expect(response.status).toBe(status);
		if (status === 200) expect(response.data[0].OrderID).toBe(orders[owner]);
		if (message) expect(messages(response.data)).toEqual([message]);
	});
});

describe('store administrators made by an invite', () => {
	it('act with Order.All.* inside the joined store only', async () => {
		const carol = as.carol;
		expect((await carol.post('/store/invite', { InviteKey: 'INVITE-JOIN-0003' })).status).toBe(200);
		const created = await carol.post('/store/store_joinable/order', { Items: [orderItem({ PartnerOrderReference: 'carol-joined' })] });
		expect(created.status).toBe(200);
		const history = await carol.get(`/store/store_joinable/order/${created.data[0].ID}/status`);
		expect(history.status).toBe(200);
		// Still no permission in the main store.
		expect((await carol.post(`/store/${sandbox.storeId}/order`, { Items: [orderItem()] })).status).toBe(403);
	});
});

describe('removing an application-store association', () => {
	beforeEach(() => controlClient(sandbox).post('/reset'));
	const INSUFFICIENT = /^Insufficient privileges: removing an association needs/;

	it('Application.All.Write + Store.All.Write (alice) may remove any association', async () => {
		// Associate the second application with the joinable store by joining through it.
		const bobOther = await clientFor(sandbox, 'bob', OTHER_APP);
		expect((await bobOther.post('/store/invite', { InviteKey: 'INVITE-JOIN-0004' })).status).toBe(200);
		const alice = await clientFor(sandbox, 'alice');
		expect((await alice.delete(`/application/${OTHER_APP}/store/store_joinable`)).status).toBe(200);
		expect((await bobOther.post('/store/store_joinable/order/price', { Items: [orderItem()] })).status).toBe(400);
	});

	it('Application.Self.Write + Store.Self.Write (svc-automation) may remove its own application from a store it administers', async () => {
		const svc = await clientFor(sandbox, 'svc-automation');
		const response = await svc.delete(`/application/${sandbox.applicationId}/store/${sandbox.storeId}`);
		expect(response.status).toBe(200);
		expect(response.data).toEqual({});
	});

	it('Application.Self.Write does not reach another application', async () => {
		const svc = await clientFor(sandbox, 'svc-automation');
		const response = await svc.delete(`/application/${OTHER_APP}/store/${sandbox.storeId}`);
		expect(response.status).toBe(400);
		expect(messages(response.data)[0]).toMatch(INSUFFICIENT);
	});

	it('Store.Self.Write does not reach a store the caller does not administer', async () => {
		const bob = await clientFor(sandbox, 'bob');
		expect((await bob.post('/store/invite', { InviteKey: 'INVITE-JOIN-0005' })).status).toBe(200); // app_main now associated
		const svc = await clientFor(sandbox, 'svc-automation');
		const response = await svc.delete(`/application/${sandbox.applicationId}/store/store_joinable`);
		expect(response.status).toBe(400);
		expect(messages(response.data)[0]).toMatch(INSUFFICIENT);
	});

	it.each([
		['bob', 'order permissions only'],
		['carol', 'no permission'],
		['dave', 'order permissions only'],
	])('%s (%s) gets 400 insufficient privileges', async (who) => {
		const client = await clientFor(sandbox, who);
		const response = await client.delete(`/application/${sandbox.applicationId}/store/${sandbox.storeId}`);
		expect(response.status).toBe(400);
		expect(messages(response.data)[0]).toMatch(INSUFFICIENT);
	});
});
