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
	// The same status record each time: the Received record of the create, as the status history
	// gives it without the two fields the provider documents there (PartnerOrderReference, PFLLinkStatus).
	expect(hits.map((h) => h.body.StatusID)).toEqual([1, 1, 1]);
	const { PartnerOrderReference, PFLLinkStatus, ...record } = (await api.get(`/store/${sandbox.storeId}/order/${order.ID}/status`)).data[0];
	expect([PartnerOrderReference, PFLLinkStatus]).toEqual(['cb-1', 'Received']);
	expect(hits[2].body).toEqual(record);
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

describe('retry policy', () => {
	it('PUT changes attempts and delay for the next events, reset and DELETE restore the start setting, bad values are refused', async () => {
		expect((await control.get('/callbacks/policy')).data).toEqual({ attempts: 5, baseDelayMs: 10 });
		expect((await control.put('/callbacks/policy', { attempts: 2 })).data).toEqual({ attempts: 2, baseDelayMs: 10 });
		receiver.plan = () => 500;
		const url = `${receiver.url}/failing`;
		const order = await createWith({ status: url });
		const log = await eventually(async () => {
			const list = (await deliveries()).filter((d) => d.url === url);
			return list.some((d) => d.outcome === 'gave-up') ? list : undefined;
		});
		// Two attempts in all for the creation's record, then given up.
		expect(log.map((d) => [d.attempt, d.outcome])).toEqual([
			[1, 'failed'],
			[2, 'gave-up'],
		]);
		expect(order.ID).toBeDefined();
		for (const body of [{ attempts: 0 }, { attempts: 21 }, { baseDelayMs: -1 }, { attempts: 'two' }]) {
			expect((await control.put('/callbacks/policy', body, { validateStatus: () => true })).status).toBe(400);
		}
		expect((await control.delete('/callbacks/policy')).data).toEqual({ attempts: 5, baseDelayMs: 10 });
		await control.put('/callbacks/policy', { attempts: 3, baseDelayMs: 0 });
		await control.post('/reset');
		expect((await control.get('/callbacks/policy')).data).toEqual({ attempts: 5, baseDelayMs: 10 });
	});
});

describe('routes: the service reaches an address another way than its name says', () => {
	it('callbacks to a routed origin go to the other one; the log keeps the address given; reset and DELETE clear the routes; bad values are refused', async () => {
		receiver.plan = () => 200;
		const publicUrl = 'http://n8n-public.invalid:8443/hooks/routed';
		expect((await control.put('/callbacks/routes', { from: 'http://n8n-public.invalid:8443', to: receiver.url })).data).toEqual({ 'http://n8n-public.invalid:8443': receiver.url });
		await createWith({ status: publicUrl });
		const [delivered] = await eventually(async () => {
			const list = (await deliveries()).filter((d) => d.url === publicUrl);
			return list.length > 0 ? list : undefined;
		});
		expect([delivered.outcome, delivered.httpStatus]).toEqual(['delivered', 200]);
		expect(receiver.received.some((hit) => hit.path === '/hooks/routed')).toBe(true);
		for (const body of [{ from: 'n8n-public.invalid', to: receiver.url }, { from: 'http://a.invalid/path', to: receiver.url }, { from: 'http://a.invalid' }]) {
			expect((await control.put('/callbacks/routes', body, { validateStatus: () => true })).status).toBe(400);
		}
		expect((await control.delete('/callbacks/routes')).data).toEqual({});
		await control.put('/callbacks/routes', { from: 'http://n8n-public.invalid:8443', to: receiver.url });
		await control.post('/reset');
		expect((await control.get('/callbacks/routes')).data).toEqual({});
	});
});

describe('callback outage', () => {
	const OUTAGE = 'outage: the receiver could not be reached (simulated)';
	const outcomes = (log: Delivery[]) => log.map((d) => [(d.body as { StatusID: number }).StatusID, d.attempt, d.outcome, d.error, d.httpStatus]);

	it('fails every attempt without sending, retries by the policy, gives up after the last; per-URL order kept; ended, events go out again', async () => {
		expect((await control.post('/callbacks/outage')).data).toEqual({ active: true, until: null });
		expect((await control.get('/callbacks/outage')).data).toEqual({ active: true, until: null });
		const url = `${receiver.url}/down`;
		const order = await createWith({ status: url });
		await control.post(`/orders/${order.ID}/advance`);
		const log = await eventually(async () => {
			const list = (await deliveries()).filter((d) => d.url === url);
			return list.length === 10 ? list : undefined;
		});
		// Record 2 waits for record 1 to be given up (5 attempts, as callbackAttempts says), then goes the same way.
		expect(outcomes(log)).toEqual([
			[1, 1, 'failed', OUTAGE, undefined],
			[1, 2, 'failed', OUTAGE, undefined],
			[1, 3, 'failed', OUTAGE, undefined],
			[1, 4, 'failed', OUTAGE, undefined],
			[1, 5, 'gave-up', OUTAGE, undefined],
			[2, 1, 'failed', OUTAGE, undefined],
			[2, 2, 'failed', OUTAGE, undefined],
			[2, 3, 'failed', OUTAGE, undefined],
			[2, 4, 'failed', OUTAGE, undefined],
			[2, 5, 'gave-up', OUTAGE, undefined],
		]);
		expect(receiver.received).toEqual([]);

		expect((await control.delete('/callbacks/outage')).data).toEqual({ active: false, until: null });
		await control.post(`/orders/${order.ID}/advance`);
		const after = await eventually(async () => {
			const list = (await deliveries()).filter((d) => d.url === url);
			return list.length === 11 ? list : undefined;
		});
		expect(outcomes(after.slice(10))).toEqual([[3, 1, 'delivered', undefined, 200]]);
		expect(receiver.received.map((r) => [r.body.StatusID, r.attempt])).toEqual([[3, '1']]);
	});

	it('reset ends an outage; forMs is validated', async () => {
		for (const body of [{ forMs: 0 }, { forMs: -5 }, { forMs: 1.5 }, { forMs: '100' }]) {
			const refused = await control.post('/callbacks/outage', body);
			expect(refused.status).toBe(400);
			expect(refused.data._meta.Messages).toEqual([
				'forMs must be a whole number of milliseconds from 1 to 31536000000; leave it out for an outage that lasts until ended',
			]);
		}
		expect((await control.post('/callbacks/outage', { forMs: 10, until: 'later' })).data._meta.Messages).toEqual(['until is not a field of this request']);
		expect((await control.get('/callbacks/outage')).data).toEqual({ active: false, until: null });

		const before = Date.now();
		const started = (await control.post('/callbacks/outage', { forMs: 60000 })).data;
		expect(started.active).toBe(true);
		expect(Date.parse(started.until)).toBeGreaterThanOrEqual(before + 60000);
		expect(Date.parse(started.until)).toBeLessThanOrEqual(Date.now() + 60000);
		await control.post('/reset');
		expect((await control.get('/callbacks/outage')).data).toEqual({ active: false, until: null });
		const url = `${receiver.url}/after-reset`;
		await createWith({ status: url });
		const log = await eventually(async () => {
			const list = (await deliveries()).filter((d) => d.url === url);
			return list.length === 1 ? list : undefined;
		});
		expect(outcomes(log)).toEqual([[1, 1, 'delivered', undefined, 200]]);
	});

	describe('ending while retries wait', () => {
		// Retries 400 ms, then 800 ms apart: room to end an outage between two attempts.
		let slow: Sandbox;
		let slowControl: AxiosInstance;
		beforeAll(async () => {
			slow = await startSandbox({ port: 0, control: true, callbackAttempts: 5, callbackBaseDelayMs: 400 });
			slowControl = controlClient(slow);
		});
		beforeEach(() => slowControl.post('/reset'));
		afterAll(() => slow.close());

		const slowLog = async (url: string, length: number) =>
			eventually(async () => {
				const list = ((await slowControl.get('/callbacks')).data.deliveries as Delivery[]).filter((d) => d.url === url);
				return list.length === length ? list : undefined;
			});
		const createIn = async (url: string) => {
			const created = await apiClient(slow).post(`/store/${slow.storeId}/order`, { Items: [orderItem({ StatusCallbackUrl: url })] });
			expect(created.status).toBe(200);
		};

		it('a timed outage: attempts during it fail, the retry after it is sent', async () => {
			const started = (await slowControl.post('/callbacks/outage', { forMs: 1000 })).data;
			expect(started.active).toBe(true);
			const url = `${receiver.url}/timed`;
			await createIn(url);
			// Attempts at about 0 and 400 ms fall in the outage; the third, 1,200 ms in, after it.
			const log = await slowLog(url, 3);
			expect(outcomes(log)).toEqual([
				[1, 1, 'failed', OUTAGE, undefined],
				[1, 2, 'failed', OUTAGE, undefined],
				[1, 3, 'delivered', undefined, 200],
			]);
			expect(receiver.received.filter((r) => r.path === '/timed').map((r) => r.attempt)).toEqual(['3']);
			expect((await slowControl.get('/callbacks/outage')).data).toEqual({ active: false, until: null });
		});

		it('ended by DELETE: the waiting retry is sent normally', async () => {
			await slowControl.post('/callbacks/outage');
			const url = `${receiver.url}/ended`;
			await createIn(url);
			await slowLog(url, 1);
			await slowControl.delete('/callbacks/outage');
			const log = await slowLog(url, 2);
			expect(outcomes(log)).toEqual([
				[1, 1, 'failed', OUTAGE, undefined],
				[1, 2, 'delivered', undefined, 200],
			]);
			expect(receiver.received.filter((r) => r.path === '/ended').map((r) => r.attempt)).toEqual(['2']);
		});
	});
});
