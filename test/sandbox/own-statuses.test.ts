/**
 * Profile own-statuses: a service that names its statuses its own way. Every answer and callback
 * carries the store's names for the same status IDs; the order list still filters by ID.
 */
import { OWN_STATUS_NAMES } from '../../sandbox/domain/profiles';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { apiClient, CallbackReceiver, controlClient, eventually, orderItem } from './support';

let sandbox: Sandbox;
let receiver: CallbackReceiver;
beforeAll(async () => {
	sandbox = await startSandbox({ port: 0, control: true, callbackBaseDelayMs: 10, profiles: ['own-statuses'] });
	receiver = new CallbackReceiver();
	await receiver.start();
});
afterAll(async () => {
	await sandbox.close();
	await receiver.stop();
});

test('the order, its history, the order list and the callbacks all carry the store\'s own names; IDs are unchanged', async () => {
	const api = apiClient(sandbox);
	const created = await api.post(`/store/${sandbox.storeId}/order`, { Items: [orderItem({ StatusCallbackUrl: `${receiver.url}/own` })] });
	expect(created.data[0]).toMatchObject({ StatusID: 1, StatusDescription: 'Submitted' });
	const id = created.data[0].ID as string;
	await controlClient(sandbox).post(`/orders/${id}/advance`, { toStatusId: 4 });

	expect((await api.get(`/store/${sandbox.storeId}/order/${id}`)).data).toMatchObject({ StatusID: 4, StatusDescription: 'Dispatched' });
	const history = (await api.get(`/store/${sandbox.storeId}/order/${id}/status`)).data as Array<{ StatusID: number; StatusDescription: string }>;
	expect(history.map((record) => [record.StatusID, record.StatusDescription])).toEqual([1, 2, 3, 4].map((n) => [n, OWN_STATUS_NAMES[n]]));
	const list = (await api.get(`/store/${sandbox.storeId}/order`, { params: { status: 4 } })).data;
	expect(JSON.stringify(list)).toContain('"StatusDescription":"Dispatched"');
	expect(JSON.stringify(list)).not.toMatch(/"StatusDescription":"(Received|In Production|Printed|Shipped|Delivered)"/);

	const received = await eventually(async () => (receiver.received.filter((entry) => entry.path === '/own').length >= 4 ? receiver.received : undefined));
	const names = received.filter((entry) => entry.path === '/own').map((entry) => (entry.body as { StatusDescription: string }).StatusDescription);
	expect(names).toEqual(['Submitted', 'InProcess', 'PrintComplete', 'Dispatched']);
});

test('no name is a default name in any spelling', () => {
	const squash = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, '');
	const defaults = ['Received', 'In Production', 'Printed', 'Shipped', 'Delivered', 'Failed', 'Cancelled'].map(squash);
	expect(Object.values(OWN_STATUS_NAMES).filter((name) => defaults.includes(squash(name)))).toEqual([]);
});
