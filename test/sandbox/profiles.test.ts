/**
 * Profiles: each is selectable by startSandbox option, by the control API and by the command-line
 * flag, and changes the answer as documented; with none the sandbox answers as before.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { AxiosInstance } from 'axios';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { apiClient, CallbackReceiver as Receiver, controlClient, eventually, http as plain, messages, orderItem } from './support';

let sandbox: Sandbox;
let api: AxiosInstance;
let control: AxiosInstance;
let receiver: Receiver;

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0, control: true, callbackBaseDelayMs: 10 });
	api = apiClient(sandbox);
	control = controlClient(sandbox);
	receiver = new Receiver();
	await receiver.start();
});
beforeEach(async () => {
	await control.post('/reset');
	receiver.received.length = 0;
});
afterAll(async () => {
	await sandbox.close();
	await receiver.stop();
});

const use = async (...profiles: string[]) => {
	const answer = await control.put('/profile', { profiles });
	expect(answer.status).toBe(200);
	return answer.data as { profiles: string[] };
};

const badBatch = () => ({
	Items: [orderItem({ PartnerOrderReference: 'good' }), orderItem({ PartnerOrderReference: 'bad' }, { ID: 'no-such-product' })],
});

async function createWithCallbacks(query: string) {
	const response = await api.post(`/store/${sandbox.storeId}/order`, {
		Items: [
			orderItem({
				PartnerOrderReference: 'cb-1',
				StatusCallbackUrl: `${receiver.url}/status${query}`,
				StatusDetailsCallbackUrl: `${receiver.url}/details${query}`,
			}),
		],
	});
	expect(response.status).toBe(200);
	return response.data[0] as { ID: string; OrderNumber: string };
}

describe('selecting profiles', () => {
	it('the control API sets, lists, refuses unknown names and combinations, and reset restores the start set', async () => {
		expect((await control.get('/profile')).data.profiles).toEqual([]);
		expect((await control.get('/profile')).data.available.map((p: { name: string }) => p.name)).toEqual([
			'callback-shape-alt',
			'strip-query',
			'drop-callbacks',
			'gateway-errors',
			'aspnet-errors',
			'delete-204',
			'no-meta',
			'history-newest-first',
			'results-reordered',
			'echo-credentials',
			'sandbox-shapes',
			'list-bare',
			'list-camel',
			'list-unpaged',
			'no-list-endpoints',
			'oauth-resource',
			'client-credentials',
			'own-statuses',
		]);
		// Comma-separated and repeated names combine, in a fixed order.
		expect((await use('no-meta,delete-204', 'strip-query', 'no-meta')).profiles).toEqual(['strip-query', 'delete-204', 'no-meta']);
		expect((await control.get('/profile')).data.profiles).toEqual(['strip-query', 'delete-204', 'no-meta']);

		const unknown = await control.put('/profile', { profiles: ['gateway-errors', 'teapot'] });
		expect(unknown.status).toBe(400);
		expect(messages(unknown.data)[0]).toMatch(/^Unknown profile 'teapot'; use one of callback-shape-alt, /);
		const both = await control.put('/profile', { profiles: ['gateway-errors', 'aspnet-errors'] });
		expect(both.status).toBe(400);
		expect(messages(both.data)[0]).toMatch(/cannot be combined/);
		// The list envelopes change the same answers: at most one of them.
		const listShapes = ['list-bare', 'list-camel', 'list-unpaged', 'no-list-endpoints'];
		for (const [index, first] of listShapes.entries()) {
			for (const second of listShapes.slice(index + 1)) {
				const refused = await control.put('/profile', { profiles: [second, first] });
				expect([first, second, refused.status, messages(refused.data)[0]]).toEqual([
					first,
					second,
					400,
					expect.stringMatching(new RegExp(`^Profiles '${first}' and '${second}' cannot be combined: a list`)),
				]);
			}
		}
		const contradiction = await control.put('/profile', { profiles: ['documented', 'sandbox-shapes'] });
		expect([contradiction.status, messages(contradiction.data)]).toEqual([
			400,
			["Profiles 'documented' and 'sandbox-shapes' cannot be combined: 'documented' (the default) asks for the provider's shapes, 'sandbox-shapes' for the sandbox's own"],
		]);
		expect((await control.put('/profile', {})).status).toBe(400);
		// A refused change leaves the profiles as they were.
		expect((await control.get('/profile')).data.profiles).toEqual(['strip-query', 'delete-204', 'no-meta']);

		// sandbox-shapes changes what the lists hold, not how they are wrapped: it goes with each of them.
		for (const shape of listShapes) expect((await use(shape, 'sandbox-shapes')).profiles).toEqual(['sandbox-shapes', shape]);
		// documented, the default, is accepted and selects nothing.
		expect((await use('documented', 'list-bare', 'documented')).profiles).toEqual(['list-bare']);
		expect((await use('documented')).profiles).toEqual([]);

		await control.post('/reset');
		expect((await control.get('/profile')).data.profiles).toEqual([]);
		await use('no-meta');
		expect((await control.delete('/profile')).data.profiles).toEqual([]);
	});

	it('the startSandbox option sets the profiles from the start and after every reset', async () => {
		const other = await startSandbox({ port: 0, control: true, profiles: ['gateway-errors,delete-204'] });
		try {
			expect(other.profiles).toEqual(['gateway-errors', 'delete-204']);
			const otherControl = controlClient(other);
			expect((await otherControl.get('/profile')).data.profiles).toEqual(['gateway-errors', 'delete-204']);
			const notFound = await apiClient(other).get(`/store/${other.storeId}/order/ord_nope`);
			expect(notFound.data).toEqual({ statusCode: 404, message: "Order 'ord_nope' does not exist in store 'store_main'" });
			await otherControl.put('/profile', { profiles: [] });
			expect((await apiClient(other).get(`/store/${other.storeId}/order/ord_nope`)).data).toEqual({
				_meta: { Messages: ["Order 'ord_nope' does not exist in store 'store_main'"] },
			});
			await otherControl.post('/reset');
			expect((await otherControl.get('/profile')).data.profiles).toEqual(['gateway-errors', 'delete-204']);
		} finally {
			await other.close();
		}
		await expect(startSandbox({ port: 0, profiles: ['nope'] })).rejects.toThrow(/Unknown profile 'nope'/);
		const aliased = await startSandbox({ port: 0, profiles: ['documented'] });
		expect(aliased.profiles).toEqual([]);
		await aliased.close();
		await expect(startSandbox({ port: 0, profiles: ['documented', 'sandbox-shapes'] })).rejects.toThrow(/'documented' and 'sandbox-shapes' cannot be combined/);
	});

	it('the --profile flag (repeatable, comma-separated) selects them on the command line; an unknown name exits 2', async () => {
		const cli = path.join(__dirname, '../../sandbox/cli.ts');
		const tsx = path.join(__dirname, '../../node_modules/.bin/tsx');
		const run = (args: string[]) =>
			new Promise<{ code: number | null; stdout: string; stderr: string; child: ReturnType<typeof spawn> }>((resolve) => {
				const child = spawn(tsx, [cli, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
				let stdout = '';
				let stderr = '';
				child.stdout.on('data', (chunk) => {
					stdout += chunk;
					// --json prints one line once listening; the test then talks to it and stops it.
					if (stdout.includes('\n')) resolve({ code: null, stdout, stderr, child });
				});
				child.stderr.on('data', (chunk) => (stderr += chunk));
				child.on('exit', (code) => resolve({ code, stdout, stderr, child }));
			});

		const refused = await run(['--profile', 'teapot']);
		expect(refused.code).toBe(2);
		expect(refused.stderr).toMatch(/--profile: Unknown profile 'teapot'/);

		const started = await run(['--json', '--control', '--profile', 'delete-204', '--profile', 'no-meta,aspnet-errors']);
		try {
			const details = JSON.parse(started.stdout) as { baseUrl: string; apiUrl: string; profiles: string[]; applicationId: string; storeId: string; tokens: { accessToken: string }; subscriptionKey: string };
			expect(details.profiles).toEqual(['aspnet-errors', 'delete-204', 'no-meta']);
			expect((await plain.get(`${details.baseUrl}/_sandbox/profile`)).data.profiles).toEqual(['aspnet-errors', 'delete-204', 'no-meta']);
			const headers = { 'Ocp-Apim-Subscription-Key': details.subscriptionKey, Authorization: `Bearer ${details.tokens.accessToken}` };
			const removed = await plain.delete(`${details.apiUrl}/application/${details.applicationId}/store/${details.storeId}`, { headers });
			expect(removed.status).toBe(204);
			const user = await plain.get(`${details.apiUrl}/user`, { headers });
			expect(user.data.ID).toBe('usr_alice');
			expect(user.data).not.toHaveProperty('_meta');
		} finally {
			started.child.kill('SIGTERM');
		}
	});
});

describe('with no profile (the documented answers)', () => {
	it('keeps _meta error bodies, 200 {} on DELETE, _meta on success, and spec-shaped callbacks to the URLs as given', async () => {
		const rejected = await api.post(`/store/${sandbox.storeId}/order`, badBatch());
		expect(rejected.data).toEqual({ _meta: { Messages: ["Items[1].Product.ID 'no-such-product' is not a product of the catalogue"] } });
		const order = await createWithCallbacks('?secret=s3&store=store_main');
		expect((await api.get(`/store/${sandbox.storeId}/order/${order.ID}`)).data._meta).toEqual({ Messages: [] });
		await eventually(async () => (receiver.received.length >= 2 ? true : undefined));
		const status = receiver.received.find((r) => r.path.startsWith('/status'))!;
		expect(status.path).toBe('/status?secret=s3&store=store_main');
		expect(status.body).toMatchObject({ OrderID: order.ID, OrderNumber: order.OrderNumber, StatusID: 1, StatusDescription: 'Received' });
		const removed = await api.delete(`/application/${sandbox.applicationId}/store/${sandbox.storeId}`);
		expect([removed.status, removed.data]).toEqual([200, {}]);
	});
});

describe('callback-shape-alt', () => {
	it('sends {event, data} with camelCase fields to both URLs, the detailed one with its order', async () => {
		await use('callback-shape-alt');
		const order = await createWithCallbacks('');
		await control.post(`/orders/${order.ID}/advance`, { toStatusId: 4 });
		await eventually(async () => (receiver.received.length >= 8 ? true : undefined));
		const statuses = receiver.received.filter((r) => r.path === '/status').map((r) => r.body);
		expect(statuses.map((b) => b.event)).toEqual(['order.status', 'order.status', 'order.status', 'order.status']);
		const shipped = statuses[3].data as Record<string, unknown>;
		expect(shipped).toMatchObject({
			orderId: order.ID,
			orderNumber: order.OrderNumber,
			status: 'Shipped',
			statusId: 4,
			trackingNumber: expect.stringMatching(/^1ZPS\d{10}$/),
			_meta: { messages: ['Order shipped (Standard)'], changeType: 'StatusChanged' },
		});
		expect(typeof shipped.timestamp).toBe('string');
		expect(shipped).not.toHaveProperty('StatusID');
		expect(shipped).not.toHaveProperty('StatusDescription');
		const details = receiver.received.filter((r) => r.path === '/details').map((r) => r.body);
		expect(details[3].event).toBe('order.status.details');
		expect(details[3].data).toMatchObject({
			orderId: order.ID,
			partnerOrderReference: 'cb-1',
			storeId: 'store_main',
			completed: false,
			order: { id: order.ID, orderNumber: order.OrderNumber, statusId: 4, status: 'Shipped' },
		});
		// The API itself is unchanged.
		expect((await api.get(`/store/${sandbox.storeId}/order/${order.ID}/status`)).data[3]).toMatchObject({ StatusID: 4, StatusDescription: 'Shipped' });
	});
});

describe('strip-query', () => {
	it('calls the callback URLs without their query string; the order still carries them as given', async () => {
		await use('strip-query');
		const order = await createWithCallbacks('?secret=s3&store=store_main');
		await eventually(async () => (receiver.received.length >= 2 ? true : undefined));
		expect(receiver.received.map((r) => r.path).sort()).toEqual(['/details', '/status']);
		const deliveries = (await control.get('/callbacks')).data.deliveries as Array<{ url: string }>;
		expect(deliveries.map((d) => d.url).sort()).toEqual([`${receiver.url}/details`, `${receiver.url}/status`]);
		const stored = (await api.get(`/store/${sandbox.storeId}/order/${order.ID}`)).data.OrderDetails;
		expect(stored.StatusCallbackUrl).toBe(`${receiver.url}/status?secret=s3&store=store_main`);
	});

	it('combines with callback-shape-alt', async () => {
		await use('strip-query,callback-shape-alt');
		await createWithCallbacks('?secret=s3');
		await eventually(async () => (receiver.received.length >= 2 ? true : undefined));
		const status = receiver.received.find((r) => r.path.startsWith('/status'))!;
		expect(status.path).toBe('/status');
		expect(status.body).toMatchObject({ event: 'order.status', data: { status: 'Received', statusId: 1 } });
	});
});

describe('drop-callbacks', () => {
	it('sends no status event, logs each as dropped, and changes nothing else', async () => {
		await use('drop-callbacks');
		const order = await createWithCallbacks('?secret=s4');
		const advanced = await control.post(`/orders/${order.ID}/advance`, { toStatusId: 5 });
		expect(advanced.status).toBe(200);
		const deliveries = (await control.get('/callbacks')).data.deliveries as Array<{ url: string; kind: string; outcome: string; body: { StatusID: number } }>;
		// 5 statuses, each for the status URL and the details URL, none sent.
		expect(deliveries).toHaveLength(10);
		expect(new Set(deliveries.map((d) => d.outcome))).toEqual(new Set(['dropped']));
		expect(deliveries.filter((d) => d.kind === 'status').map((d) => d.body.StatusID)).toEqual([1, 2, 3, 4, 5]);
		// Dropped when queued: nothing is left to be sent later.
		expect(receiver.received).toEqual([]);
		// The API itself is unchanged: the order went through its lifecycle.
		expect((await api.get(`/store/${sandbox.storeId}/order/${order.ID}/status`)).data.map((r: { StatusDescription: string }) => r.StatusDescription)).toEqual([
			'Received',
			'In Production',
			'Printed',
			'Shipped',
			'Delivered',
		]);
	});
});

describe('gateway-errors', () => {
	it('every error body is {statusCode, message} in the service words, Items[k] hints kept', async () => {
		await use('gateway-errors');
		expect((await api.post(`/store/${sandbox.storeId}/order`, badBatch())).data).toEqual({
			statusCode: 400,
			message: "Items[1].Product.ID 'no-such-product' is not a product of the catalogue",
		});
		const twoBad = await api.post(`/store/${sandbox.storeId}/order`, { Items: [orderItem(), { Recipient: {} }, orderItem({}, { Quantity: 0 })] });
		expect(twoBad.data).toEqual({
			statusCode: 400,
			message: 'Items[1].Product is required; Items[2].Product.Quantity must be an integer >= 1',
		});
		const badKey = await apiClient(sandbox).get('/user', { headers: { 'Ocp-Apim-Subscription-Key': 'wrong' } });
		expect(badKey.status).toBe(401);
		expect(badKey.data).toEqual({ statusCode: 401, message: 'Invalid subscription key: the Ocp-Apim-Subscription-Key header does not match any subscription' });
		const carol = apiClient(sandbox, (await sandbox.issueTokens('carol')).accessToken);
		expect((await carol.post(`/store/${sandbox.storeId}/order`, { Items: [orderItem()] })).data).toEqual({
			statusCode: 403,
			message: 'Insufficient privileges: this operation needs Order.Self.Write or Order.All.Write',
		});
		// Injected faults and unknown endpoints too.
		await control.post('/faults', { rate503: 1 });
		expect((await api.get('/user')).data).toEqual({ statusCode: 503, message: 'Service unavailable (injected fault); retry later' });
		await control.delete('/faults');
		expect((await api.get('/nothing')).data).toEqual({ statusCode: 404, message: 'No endpoint GET /api/v1/nothing' });
		// Success bodies are untouched.
		expect((await api.get('/user')).data._meta).toEqual({ Messages: [] });
	});
});

describe('aspnet-errors', () => {
	it('validation errors are {Message, ModelState} keyed by field; other errors {Message}', async () => {
		await use('aspnet-errors');
		expect((await api.post(`/store/${sandbox.storeId}/order`, badBatch())).data).toEqual({
			Message: 'The request is invalid.',
			ModelState: { 'Items[1].Product.ID': ["ID 'no-such-product' is not a product of the catalogue"] },
		});
		const schema = await api.post(`/store/${sandbox.storeId}/order`, {
			Items: [orderItem(), { Recipient: {} }, orderItem({ Recipient: { PostalCode: '1' } }, { Quantity: 0 })],
		});
		expect(schema.data).toEqual({
			Message: 'The request is invalid.',
			ModelState: {
				'Items[1].Product': ['The Product field is required.'],
				'Items[2].Product.Quantity': ['The field Quantity must be an integer >= 1.'],
				'Items[2].Recipient.PostalCode': ['PostalCode is not a field of Recipient'],
			},
		});
		expect((await api.post(`/store/${sandbox.storeId}/order`, {})).data).toEqual({
			Message: 'The request is invalid.',
			ModelState: { Items: ['The Items field is required.'] },
		});
		expect((await api.post('/store/store_unassociated/order', { Items: [orderItem()] })).data).toEqual({
			Message: "Invalid store 'store_unassociated': the calling application is not associated with this store",
		});
		expect((await api.post('/store/invite', { InviteKey: 'INVITE-USED-0001' })).data).toEqual({ Message: 'This invite key has already been used' });
		expect((await api.get(`/store/${sandbox.storeId}/order/ord_nope`)).data).toEqual({
			Message: "Order 'ord_nope' does not exist in store 'store_main'",
		});
		const badKey = await apiClient(sandbox).get('/user', { headers: { 'Ocp-Apim-Subscription-Key': 'wrong' } });
		expect([badKey.status, badKey.data]).toEqual([
			401,
			{ Message: 'Invalid subscription key: the Ocp-Apim-Subscription-Key header does not match any subscription' },
		]);
	});
});

describe('delete-204', () => {
	it('a successful DELETE answers 204 with no body; a refused one keeps its 400 and body', async () => {
		await use('delete-204');
		const removed = await api.delete(`/application/${sandbox.applicationId}/store/${sandbox.storeId}`, { responseType: 'text' });
		expect(removed.status).toBe(204);
		expect(removed.data).toBe('');
		expect(removed.headers['content-type']).toBeUndefined();
		// The association is really gone.
		expect((await api.post(`/store/${sandbox.storeId}/order/price`, { Items: [orderItem()] })).status).toBe(400);
		const again = await api.delete(`/application/${sandbox.applicationId}/store/${sandbox.storeId}`);
		expect(again.status).toBe(400);
		expect(messages(again.data)[0]).toMatch(/^No association exists/);
		const log = (await control.get('/requests')).data.requests as Array<{ method: string; status: number }>;
		expect(log.filter((entry) => entry.method === 'DELETE').map((entry) => entry.status)).toEqual([204, 400]);
	});
});

describe('no-meta', () => {
	it('success bodies carry no _meta; the rest of each body and the error bodies are unchanged', async () => {
		await use('no-meta');
		const created = await api.post(`/store/${sandbox.storeId}/order`, { Items: [orderItem({ PartnerOrderReference: 'm-1' }), orderItem({ PartnerOrderReference: 'm-2' })] });
		expect(created.status).toBe(200);
		expect(created.data.map((o: Record<string, unknown>) => [o.PartnerOrderReference, o.StatusID, '_meta' in o])).toEqual([
			['m-1', 1, false],
			['m-2', 1, false],
		]);
		const id = created.data[0].ID as string;
		const read = (await api.get(`/store/${sandbox.storeId}/order/${id}`)).data;
		expect(read.ID).toBe(id);
		expect(read).not.toHaveProperty('_meta');
		const history = (await api.get(`/store/${sandbox.storeId}/order/${id}/status`)).data as Array<Record<string, unknown>>;
		expect(history.map((r) => [r.StatusDescription, '_meta' in r])).toEqual([['Received', false]]);
		const user = (await api.get('/user')).data;
		expect([user.ID, '_meta' in user]).toEqual(['usr_alice', false]);
		expect(messages((await api.get(`/store/${sandbox.storeId}/order/ord_nope`)).data)).toEqual(["Order 'ord_nope' does not exist in store 'store_main'"]);
	});
});

describe('history-newest-first', () => {
	it('status histories list the newest record first; the order, its other answers and the callbacks are unchanged', async () => {
		await use('history-newest-first');
		const created = await api.post(`/store/${sandbox.storeId}/order`, {
			Items: [orderItem({ PartnerOrderReference: 'h-1', StatusCallbackUrl: `${receiver.url}/status` })],
		});
		const id = created.data[0].ID as string;
		expect((await control.post(`/orders/${id}/advance`, { toStatusId: 3 })).status).toBe(200);
		const history = (await api.get(`/store/${sandbox.storeId}/order/${id}/status`)).data as Array<Record<string, unknown>>;
		expect(history.map((r) => r.StatusDescription)).toEqual(['Printed', 'In Production', 'Received']);
		const byNumber = (await api.get(`/store/${sandbox.storeId}/order/${created.data[0].OrderNumber}/status?x=1`)).data as Array<Record<string, unknown>>;
		expect(byNumber.map((r) => r.StatusID)).toEqual([3, 2, 1]);
		expect((await api.get(`/store/${sandbox.storeId}/order/${id}`)).data.StatusDescription).toBe('Printed');
		await eventually(async () => (receiver.received.length >= 3 ? true : undefined));
		expect(receiver.received.map((call) => call.body.StatusDescription)).toEqual(['Received', 'In Production', 'Printed']);
		await use();
		expect(((await api.get(`/store/${sandbox.storeId}/order/${id}/status`)).data as Array<Record<string, unknown>>).map((r) => r.StatusID)).toEqual([1, 2, 3]);
	});
});

describe('results-reordered', () => {
	it('price and create answers list their results in reverse order; each result is still the one of its item', async () => {
		await use('results-reordered');
		const body = { Items: [orderItem({ PartnerOrderReference: 'r-1' }), orderItem({ PartnerOrderReference: 'r-2' }), orderItem({ PartnerOrderReference: 'r-3' })] };
		const quotes = await api.post(`/store/${sandbox.storeId}/order/price`, body);
		expect(quotes.data.map((quote: Record<string, unknown>) => quote.PartnerOrderReference)).toEqual(['r-3', 'r-2', 'r-1']);
		const created = await api.post(`/store/${sandbox.storeId}/order`, body);
		expect(created.data.map((order: Record<string, unknown>) => order.PartnerOrderReference)).toEqual(['r-3', 'r-2', 'r-1']);
		// Other lists keep their order.
		await control.post(`/orders/${created.data[0].ID}/advance`, { toStatusId: 2 });
		const history = (await api.get(`/store/${sandbox.storeId}/order/${created.data[0].ID}/status`)).data as Array<Record<string, unknown>>;
		expect(history.map((record) => record.StatusID)).toEqual([1, 2]);
		await use();
		const inOrder = await api.post(`/store/${sandbox.storeId}/order/price`, body);
		expect(inOrder.data.map((quote: Record<string, unknown>) => quote.PartnerOrderReference)).toEqual(['r-1', 'r-2', 'r-3']);
	});
});

describe('the list profiles', () => {
	/** Orders `count` orders in one request as `client`; returns them newest first, as the lists answer them. */
	async function created(count: number, client = api, prefix = 'p') {
		const items = Array.from({ length: count }, (_, index) => orderItem({ PartnerOrderReference: `${prefix}-${index}` }));
		const response = await client.post(`/store/${sandbox.storeId}/order`, { Items: items });
		expect(response.status).toBe(200);
		return (response.data as Array<{ ID: string; OrderNumber: string }>).map((order) => order.OrderNumber).reverse();
	}
	const numbers = (orders: Array<{ OrderNumber: string }>) => orders.map((order) => order.OrderNumber);
	const orderList = (query = '') => api.get(`/store/${sandbox.storeId}/order${query}`);
	const productList = () => api.get(`/store/${sandbox.storeId}/product`);

	it('list-bare: the order list is a bare array of the provider\'s page (its parameters bound, never refused); the product list {Products} of documented products', async () => {
		await use('list-bare');
		const newest = await created(5);
		const page = await orderList('?pageNumber=2&pageSize=2');
		expect(page.status).toBe(200);
		expect(numbers(page.data)).toEqual(newest.slice(2, 4));
		expect(page.data[0]._meta).toEqual({ Messages: [] });
		expect(page.data[0]).not.toHaveProperty('OrderDetails');
		expect((await orderList('?pageSize=1&includeDetails=true')).data[0]).toHaveProperty('OrderDetails');
		expect((await orderList('?statuses=2')).data).toEqual([]);
		// status is not its name; a size below 1 is the default size, 10.
		expect(numbers((await orderList('?status=2&pageSize=0')).data)).toEqual(newest);
		const products = (await productList()).data;
		expect(Object.keys(products)).toEqual(['Products']);
		expect(products.Products.map((product: { ID: string }) => product.ID)).toHaveLength(8);
		expect(products.Products[0]).toMatchObject({ ID: 'postcard-4x6', MinimumQty: 1, MaximumQty: 50000, IncrementQty: 1, DefaultQty: 100 });
	});

	it('list-bare with sandbox-shapes: a bare array of its own page (paging and filters honoured, checked); the product list {Products} with price tiers', async () => {
		await use('sandbox-shapes', 'list-bare');
		const newest = await created(5);
		const page = await orderList('?pageNumber=2&pageSize=2');
		expect(page.status).toBe(200);
		expect(numbers(page.data)).toEqual(newest.slice(2, 4));
		expect(page.data[0]._meta).toEqual({ Messages: [] });
		expect((await orderList('?status=2')).data).toEqual([]);
		expect(messages((await orderList('?pageSize=0')).data)).toEqual(['pageSize must be >= 1']);
		const products = (await productList()).data;
		expect(Object.keys(products)).toEqual(['Products']);
		expect(products.Products.map((product: { ID: string }) => product.ID)).toHaveLength(8);
		expect(products.Products[0]).toMatchObject({ ID: 'postcard-4x6', Prices: [{ MinQuantity: 1, UnitPrice: 0.49 }, expect.anything(), expect.anything()] });
	});

	it.each([
		['no other profile', [], 'MinimumQty'],
		['sandbox-shapes', ['sandbox-shapes'], 'MinQuantity'],
	])('list-camel with %s: {data, hasNextPage, totalCount} with PascalCase orders; the product list {items, totalCount}', async (_label, base, quantityField) => {
		await use(...base, 'list-camel');
		const newest = await created(3);
		const page = (await orderList('?pageSize=2')).data;
		expect(Object.keys(page)).toEqual(['data', 'hasNextPage', 'totalCount']);
		expect([numbers(page.data), page.hasNextPage, page.totalCount]).toEqual([newest.slice(0, 2), true, 3]);
		expect(page.data[0]).toMatchObject({ StatusID: 1, StatusDescription: 'Received', StoreID: 'store_main', _meta: { Messages: [] } });
		expect((await orderList('?pageNumber=2&pageSize=2')).data).toMatchObject({ hasNextPage: false, totalCount: 3 });
		const products = (await productList()).data;
		expect(Object.keys(products)).toEqual(['items', 'totalCount']);
		expect([products.items.length, products.totalCount, products.items[0].ID, products.items[0][quantityField]]).toEqual([8, 8, 'postcard-4x6', 1]);
	});

	it('list-unpaged: every visible order as {Orders}, neither paged nor filtered (the details flag still counts); products unchanged', async () => {
		await use('list-unpaged');
		const bob = apiClient(sandbox, (await sandbox.issueTokens('bob')).accessToken);
		const bobs = await created(2, bob, 'bob');
		const newest = [...(await created(23)), ...bobs];
		const everything = (await orderList('?pageNumber=3&pageSize=1&statuses=4&createdAfter=2999-01-01T00:00:00Z')).data;
		expect(Object.keys(everything)).toEqual(['Orders']);
		expect(numbers(everything.Orders)).toEqual(newest);
		expect(everything.Orders[0]).not.toHaveProperty('OrderDetails');
		const detailed = (await orderList('?pageSize=1&includeDetails=true')).data.Orders;
		expect([detailed.length, detailed.every((order: object) => 'OrderDetails' in order)]).toEqual([25, true]);
		// Visibility still applies.
		expect(numbers((await bob.get(`/store/${sandbox.storeId}/order`)).data.Orders)).toEqual(bobs);
		const products = (await productList()).data;
		expect(Array.isArray(products)).toBe(true);
		expect(products).toHaveLength(8);
		expect(products[0]).toHaveProperty('DeliveredPrices');
	});

	it('list-unpaged with sandbox-shapes: every visible order as {Orders}, paging and filters (even invalid ones) not read; products unchanged', async () => {
		await use('sandbox-shapes', 'list-unpaged');
		const bob = apiClient(sandbox, (await sandbox.issueTokens('bob')).accessToken);
		const bobs = await created(2, bob, 'bob');
		const newest = [...(await created(23)), ...bobs];
		const everything = (await orderList('?pageNumber=3&pageSize=1&status=4&createdFrom=2999-01-01T00:00:00Z')).data;
		expect(Object.keys(everything)).toEqual(['Orders']);
		expect(numbers(everything.Orders)).toEqual(newest);
		const unchecked = await orderList('?pageSize=0&status=abc&createdTo=never');
		expect([unchecked.status, unchecked.data.Orders.length]).toEqual([200, 25]);
		// Visibility still applies.
		expect(numbers((await bob.get(`/store/${sandbox.storeId}/order`)).data.Orders)).toEqual(bobs);
		const products = (await productList()).data;
		expect(Array.isArray(products)).toBe(true);
		expect(products).toHaveLength(8);
		expect(products[0]).toHaveProperty('Prices');
	});

	it('no-list-endpoints: the order list 404 and the product list 405 in the error shape of the moment; the rest still works', async () => {
		await use('no-list-endpoints');
		const [number] = await created(1);
		const orders = await orderList('?pageSize=0');
		expect([orders.status, orders.data]).toEqual([404, { _meta: { Messages: ['No endpoint GET /api/v1/store/store_main/order'] } }]);
		const products = await productList();
		expect([products.status, products.data]).toEqual([405, { _meta: { Messages: ['Method GET is not allowed on /api/v1/store/store_main/product'] } }]);
		expect(products.headers.allow).toBe('');
		// Get one order (and create, on the same path as the list) keep working.
		const one = await api.get(`/store/${sandbox.storeId}/order/${number}`);
		expect([one.status, one.data.OrderNumber]).toEqual([200, number]);
		expect((await api.get(`/store/${sandbox.storeId}/order/${number}/status`)).status).toBe(200);
		// Authentication still comes first.
		expect((await apiClient(sandbox, 'wrong-token').get(`/store/${sandbox.storeId}/order`)).status).toBe(401);

		await use('no-list-endpoints', 'gateway-errors');
		expect((await orderList()).data).toEqual({ statusCode: 404, message: 'No endpoint GET /api/v1/store/store_main/order' });
		expect((await productList()).data).toEqual({ statusCode: 405, message: 'Method GET is not allowed on /api/v1/store/store_main/product' });
		await use('no-list-endpoints', 'aspnet-errors');
		expect((await orderList()).data).toEqual({ Message: 'No endpoint GET /api/v1/store/store_main/order' });
		// Whatever the lists would hold: with sandbox-shapes they are missing all the same.
		await use('no-list-endpoints', 'sandbox-shapes');
		expect([(await orderList('?pageSize=0')).status, (await productList()).status]).toEqual([404, 405]);
	});

	it('no-meta strips _meta from the order list and from each order in it, under every list shape', async () => {
		await created(2);
		await use('no-meta');
		const documented = (await orderList()).data;
		expect(Object.keys(documented)).toEqual(['PageIndex', 'PageSize', 'TotalCount', 'TotalPageCount', 'HasNextPage', 'HasPrevPage', 'Items']);
		expect(documented.Items.map((order: object) => '_meta' in order)).toEqual([false, false]);
		await use('no-meta', 'sandbox-shapes');
		const page = (await orderList()).data;
		expect(Object.keys(page)).toEqual(['Orders', 'PageNumber', 'PageSize', 'TotalCount', 'HasNextPage']);
		expect(page.Orders.map((order: object) => '_meta' in order)).toEqual([false, false]);
		for (const base of [[], ['sandbox-shapes']]) {
			for (const shape of ['list-bare', 'list-camel', 'list-unpaged']) {
				await use('no-meta', ...base, shape);
				const body = (await orderList()).data;
				const listed = (Array.isArray(body) ? body : (body.data ?? body.Orders)) as object[];
				expect([base, shape, listed.length, listed.some((order) => '_meta' in order)]).toEqual([base, shape, 2, false]);
			}
		}
	});

	it('results-reordered leaves the order list in its own order (only price and create are reversed)', async () => {
		const newest = await created(3);
		await use('results-reordered', 'list-bare');
		expect(numbers((await orderList()).data)).toEqual(newest);
	});
});
