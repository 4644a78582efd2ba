/** Status callbacks: at-least-once delivery with retries, order per URL, every attempt logged. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { AxiosInstance } from 'axios';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { apiClient, CallbackReceiver as Receiver, controlClient, eventually, orderItem } from './support';

let sandbox: Sandbox;
let api: AxiosInstance;
let control: AxiosInstance;
let receiver: Receiver;

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0, control: true, callbackBaseDelayMs: 10, callbackAttempts: 5, callbackTimeoutMs: 1000 });
	api = apiClient(sandbox);
	control = controlClient(sandbox);
	receiver = new Receiver();
	await receiver.start();
});
beforeEach(async () => {
	await control.post('/reset');
	receiver.received.length = 0;
	receiver.plan = () => 200;
});
afterAll(async () => {
	await sandbox.close();
	await receiver.stop();
});

interface Delivery {
	orderId: string;
	url: string;
	kind: string;
	attempt: number;
	outcome: string;
	httpStatus?: number;
	error?: string;
	body: Record<string, unknown>;
}

const deliveries = async (): Promise<Delivery[]> => (await control.get('/callbacks')).data.deliveries;

async function createWith(urls: { status?: string; details?: string }, reference = 'cb-1') {
	const response = await api.post(`/store/${sandbox.storeId}/order`, {
		Items: [orderItem({ PartnerOrderReference: reference, StatusCallbackUrl: urls.status, StatusDetailsCallbackUrl: urls.details })],
	});
	expect(response.status).toBe(200);
	return response.data[0] as { ID: string; OrderNumber: string };
}

it('retries a receiver that fails twice: delivered on the third attempt, logged three times', async () => {
	receiver.plan = (_path, hit) => (hit <= 2 ? 500 : 204);
	const url = `${receiver.url}/flaky-${Date.now()}`;
	const order = await createWith({ status: url });
	const log = await eventually(async () => {
		const list = (await deliveries()).filter((d) => d.url === url);
		return list.some((d) => d.outcome === 'delivered') ? list : undefined;
	});
	expect(log.map((d) => [d.attempt, d.outcome, d.httpStatus, d.kind, d.orderId])).toEqual([
		[1, 'failed', 500, 'status', order.ID],
		[2, 'failed', 500, 'status', order.ID],
		[3, 'delivered', 204, 'status', order.ID],
	]);
	expect(log[0].error).toBe('HTTP 500');
	const hits = receiver.received.filter((r) => url.endsWith(r.path));
	expect(hits.map((h) => h.attempt)).toEqual(['1', '2', '3']);
	expect(hits.every((h) => h.event === 'order.status')).toBe(true);
	// The same status record each time: the Received record of the create.
	expect(hits.map((h) => h.body.StatusID)).toEqual([1, 1, 1]);
	expect(hits[2].body).toEqual((await api.get(`/store/${sandbox.storeId}/order/${order.ID}/status`)).data[0]);
});

it('posts the status record to StatusCallbackUrl and a detailed record to StatusDetailsCallbackUrl', async () => {
	const order = await createWith({ status: `${receiver.url}/status`, details: `${receiver.url}/details` }, 'detailed');
	await control.post(`/orders/${order.ID}/advance`);
	await eventually(async () => (receiver.received.length >= 4 ? true : undefined));
	const status = receiver.received.filter((r) => r.path === '/status');
	const details = receiver.received.filter((r) => r.path === '/details');
	expect(status.map((r) => r.body.StatusID)).toEqual([1, 2]);
	expect(details.map((r) => r.body.StatusID)).toEqual([1, 2]);
	expect(details[0].event).toBe('order.status.details');
	const detail = details[1].body;
	expect(detail).toMatchObject({
		OrderID: order.ID,
		OrderNumber: order.OrderNumber,
		PartnerOrderReference: 'detailed',
		StoreID: sandbox.storeId,
		Completed: false,
		StatusID: 2,
		StatusDescription: 'In Production',
		_meta: { ChangeType: 'StatusChanged' },
	});
	const embedded = detail.Order as Record<string, unknown>;
	expect(embedded).toMatchObject({ ID: order.ID, OrderNumber: order.OrderNumber, StatusID: 2, Completed: false });
	expect((embedded.OrderDetails as { Recipient: Record<string, unknown> }).Recipient).not.toHaveProperty('RecipientKey');
	// Everything a status record has is in the detailed record too.
	for (const key of Object.keys(status[1].body)) expect(detail).toHaveProperty(key, status[1].body[key]);
});

it('keeps the order of records per URL: N+1 is not sent before N is delivered', async () => {
	// Every record fails on its first attempt.
	const seen = new Set<number>();
	receiver.plan = (_path, _hit, body) => {
		const id = body.StatusID as number;
		if (seen.has(id)) return 200;
		seen.add(id);
		return 503;
	};
	const url = `${receiver.url}/ordered`;
	const order = await createWith({ status: url });
	await control.post(`/orders/${order.ID}/advance`, { toStatusId: 5 });
	await eventually(async () => ((await deliveries()).filter((d) => d.outcome === 'delivered').length === 5 ? true : undefined));
	expect(receiver.received.map((r) => r.body.StatusID)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
	const log = (await deliveries()).map((d) => [(d.body as { StatusID: number }).StatusID, d.attempt, d.outcome]);
	expect(log).toEqual([
		[1, 1, 'failed'], [1, 2, 'delivered'],
		[2, 1, 'failed'], [2, 2, 'delivered'],
		[3, 1, 'failed'], [3, 2, 'delivered'],
		[4, 1, 'failed'], [4, 2, 'delivered'],
		[5, 1, 'failed'], [5, 2, 'delivered'],
	]);
});

it('logs timeouts and connection errors as failed attempts', async () => {
	receiver.plan = (_path, hit) => (hit === 1 ? 'hang' : 200);
	const hanging = `${receiver.url}/hang-once`;
	await createWith({ status: hanging });
	const log = await eventually(async () => {
		const list = (await deliveries()).filter((d) => d.url === hanging);
		return list.some((d) => d.outcome === 'delivered') ? list : undefined;
	});
	expect(log.map((d) => [d.attempt, d.outcome, d.error])).toEqual([
		[1, 'failed', 'timeout after 1000 ms'],
		[2, 'delivered', undefined],
	]);

	const closedPort = await new Promise<number>((resolve) => {
		const probe = http.createServer().listen(0, '127.0.0.1', () => {
			const port = (probe.address() as AddressInfo).port;
			probe.close(() => resolve(port));
		});
	});
	const refused = `http://127.0.0.1:${closedPort}/nobody`;
	await createWith({ status: refused });
	const refusedLog = await eventually(async () => {
		const list = (await deliveries()).filter((d) => d.url === refused);
		return list.length === 5 ? list : undefined;
	});
	expect(refusedLog.map((d) => d.outcome)).toEqual(['failed', 'failed', 'failed', 'failed', 'gave-up']);
	expect(refusedLog.every((d) => d.error === 'ECONNREFUSED')).toBe(true);
});

describe('giving up', () => {
	let strict: Sandbox;
	beforeAll(async () => {
		strict = await startSandbox({ port: 0, control: true, callbackAttempts: 2, callbackBaseDelayMs: 5 });
	});
	afterAll(() => strict.close());

	it('stops after the configured attempts, logs gave-up, and moves on to the next record', async () => {
		receiver.plan = (_path, _hit, body) => (body.StatusID === 1 ? 500 : 200);
		const url = `${receiver.url}/gives-up`;
		const created = await apiClient(strict).post(`/store/${strict.storeId}/order`, { Items: [orderItem({ StatusCallbackUrl: url })] });
		await controlClient(strict).post(`/orders/${created.data[0].ID}/advance`);
		const log = await eventually(async () => {
			const list = (await controlClient(strict).get('/callbacks')).data.deliveries as Delivery[];
			return list.length === 3 ? list : undefined;
		});
		expect(log.map((d) => [(d.body as { StatusID: number }).StatusID, d.attempt, d.outcome])).toEqual([
			[1, 1, 'failed'],
			[1, 2, 'gave-up'],
			[2, 1, 'delivered'],
		]);
	});
});

it('reset clears the delivery log; orders without callback URLs send nothing', async () => {
	await createWith({});
	await createWith({ status: `${receiver.url}/x` });
	await eventually(async () => ((await deliveries()).length === 1 ? true : undefined));
	await control.post('/reset');
	expect(await deliveries()).toEqual([]);
});
