/** The control API, the raw request log, fault injection, and isolation between sandboxes. */
import type { AxiosInstance } from 'axios';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { apiClient, controlClient, http, messages, orderItem } from './support';

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

describe('when the control API is off', () => {
	it('answers 404 on every /_sandbox path and method', async () => {
		const off = await startSandbox({ port: 0 });
		try {
			expect(off.control).toBe(false);
			for (const [method, path] of [
				['post', '/_sandbox/reset'],
				['get', '/_sandbox/counts'],
				['get', '/_sandbox/requests'],
				['post', '/_sandbox/tokens'],
				['post', '/_sandbox/faults'],
				['post', '/_sandbox/orders/x/advance'],
				['get', '/_sandbox'],
			]) {
				const response = await http.request({ method, url: `${off.baseUrl}${path}`, data: {} });
				expect(response.status).toBe(404);
				expect(messages(response.data)[0]).toMatch(/^No endpoint/);
			}
			// The API itself works as usual.
			expect((await apiClient(off).get('/user')).status).toBe(200);
		} finally {
			await off.close();
		}
	});
});

describe('seed and tokens', () => {
	it('exposes the seed in-process and over HTTP', async () => {
		expect(sandbox.seed.users.map((u) => u.username)).toEqual(['alice', 'bob', 'carol', 'dave', 'svc-automation']);
		expect(sandbox.seed.users.find((u) => u.username === 'dave')!.permissions).toEqual(['Order.Self.Write']);
		expect(sandbox).toMatchObject({
			clientId: 'app_sandbox_main',
			applicationId: 'app_sandbox_main',
			clientSecret: 'sandbox-client-secret-main-7c1e4f2a9b',
			subscriptionKey: 'sandbox-subscription-key-0001',
			storeId: 'store_main',
			inviteKey: 'INVITE-JOIN-0001',
			apiUrl: `${sandbox.baseUrl}/api/v1`,
			authorizationUrl: `${sandbox.baseUrl}/oauth/authorize`,
			tokenUrl: `${sandbox.baseUrl}/oauth/token`,
		});
		const seed = (await control.get('/seed')).data;
		expect(seed.subscriptionKey).toBe(sandbox.subscriptionKey);
		expect(seed.stores.map((s: { id: string }) => s.id)).toEqual(['store_main', 'store_unassociated', 'store_joinable', 'store_closed']);
	});

	it('issues tokens for a user and client; 404 for unknown ones; 400 without a username', async () => {
		const issued = await control.post('/tokens', { username: 'carol' });
		expect(issued.status).toBe(200);
		expect(issued.data.expiresIn).toBe(3600);
		expect((await apiClient(sandbox, issued.data.accessToken).get('/user')).data.Username).toBe('carol');
		const viaOther = await control.post('/tokens', { username: 'alice', clientId: 'app_sandbox_other' });
		expect((await apiClient(sandbox, viaOther.data.accessToken).post(`/store/${sandbox.storeId}/order/price`, { Items: [orderItem()] })).status).toBe(400);
		expect((await control.post('/tokens', { username: 'zed' })).status).toBe(404);
		expect((await control.post('/tokens', { username: 'bob', clientId: 'app_nope' })).status).toBe(404);
		expect((await control.post('/tokens', {})).status).toBe(400);
		const inProcess = await sandbox.issueTokens('bob');
		expect((await apiClient(sandbox, inProcess.accessToken).get('/user')).data.Username).toBe('bob');
	});
});

describe('reset and counts', () => {
	it('counts orders created per store and per PartnerOrderReference; reset returns to the seed', async () => {
		await api.post(`/store/${sandbox.storeId}/order`, { Items: [orderItem({ PartnerOrderReference: 'a' }), orderItem({ PartnerOrderReference: 'a' }), orderItem({ PartnerOrderReference: 'b' })] });
		await api.post('/store/invite', { InviteKey: 'INVITE-JOIN-0001' });
		await api.post('/store/store_joinable/order', { Items: [orderItem({ PartnerOrderReference: undefined })] });
		await api.delete(`/application/${sandbox.applicationId}/store/${sandbox.storeId}`);
		expect((await control.get('/counts')).data).toEqual({ total: 4, byStore: { store_main: 3, store_joinable: 1 }, byPartnerOrderReference: { a: 2, b: 1 } });
		const listed = (await control.get('/orders', { params: { storeId: 'store_main' } })).data.orders;
		expect(listed).toHaveLength(3);
		expect(listed[0].CreatedBy).toBe('usr_alice');

		expect((await control.post('/reset')).data).toEqual({ reset: true });
		expect((await control.get('/counts')).data).toEqual({ total: 0, byStore: {}, byPartnerOrderReference: {} });
		// Invite keys, associations and the printed token pair are back.
		expect((await api.post('/store/invite', { InviteKey: 'INVITE-JOIN-0001' })).status).toBe(200);
		expect((await api.post(`/store/${sandbox.storeId}/order/price`, { Items: [orderItem()] })).status).toBe(200);
		expect((await control.get('/requests')).data.requests.length).toBe(2);
	});
});

describe('raw request log', () => {
	it('records method, the raw undecoded path with query, headers present, key status and answer', async () => {
		await control.delete('/requests');
		await api.get(`/store/${sandbox.storeId}/order/${encodeURIComponent('x/y z')}`, { params: { a: 'b c' } });
		await http.get(`${sandbox.apiUrl}/user`, { headers: { 'Ocp-Apim-Subscription-Key': 'wrong', 'X-Extra': '1' } });
		await http.get(`${sandbox.apiUrl}/user`);
		await http.post(sandbox.tokenUrl, 'grant_type=refresh_token&refresh_token=nope', {
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		});
		await control.get('/counts'); // control calls are not logged
		const log = (await control.get('/requests')).data.requests;
		expect(log.map((r: Record<string, unknown>) => [r.method, r.rawPath, r.path, r.hasSubscriptionKey, r.subscriptionKeyValid, r.status])).toEqual([
			['GET', '/api/v1/store/store_main/order/x%2Fy%20z?a=b+c', '/api/v1/store/store_main/order/x%2Fy%20z', true, true, 404],
			['GET', '/api/v1/user', '/api/v1/user', true, false, 401],
			['GET', '/api/v1/user', '/api/v1/user', false, false, 401],
			['POST', '/oauth/token', '/oauth/token', false, false, 400],
		]);
		expect(log[0].headersPresent).toEqual(expect.arrayContaining(['authorization', 'ocp-apim-subscription-key', 'host']));
		expect(log[1].headersPresent).toContain('x-extra');
		expect(log[1].headersPresent).not.toContain('authorization');
		expect(log[0].seq).toBeLessThan(log[1].seq);
		expect(new Date(log[0].at).toISOString()).toBe(log[0].at);
	});
});

describe('fault injection', () => {
	afterEach(() => control.delete('/faults'));

	it('validates, returns and clears the configuration', async () => {
		expect((await control.post('/faults', { rate429: 2 })).status).toBe(400);
		expect((await control.post('/faults', { rate429: 0.6, rate500: 0.6 })).status).toBe(400);
		expect((await control.post('/faults', { bogus: 1 })).status).toBe(400);
		expect((await control.post('/faults', { rate503: 0.5, seed: 7 })).data).toEqual({ rate503: 0.5, seed: 7 });
		expect((await control.get('/faults')).data).toEqual({ rate503: 0.5, seed: 7 });
		expect((await control.delete('/faults')).data).toEqual({});
	});

	it('listTotalCountExtra takes a whole number >= 0, like the other settings, and a reset clears it', async () => {
		for (const value of [-1, 2.5, '10', null]) {
			const refused = await control.post('/faults', { listTotalCountExtra: value });
			expect([refused.status, messages(refused.data)]).toEqual([400, ['listTotalCountExtra must be a whole number >= 0']]);
		}
		expect((await control.post('/faults', { listTotalCountExtra: -1, rate500: 2 })).data._meta.Messages).toEqual([
			'rate500 must be a number from 0 to 1',
			'listTotalCountExtra must be a whole number >= 0',
		]);
		expect((await control.get('/faults')).data).toEqual({});
		expect((await control.post('/faults', { listTotalCountExtra: 0 })).data).toEqual({ listTotalCountExtra: 0 });
		expect((await control.post('/faults', { listTotalCountExtra: 25, rate503: 0.5 })).data).toEqual({ listTotalCountExtra: 25, rate503: 0.5 });
		await control.post('/faults', { listTotalCountExtra: 25 });
		// It fails no request.
		const page = await api.get(`/store/${sandbox.storeId}/order`);
		expect([page.status, page.headers['x-sandbox-fault'], page.data.TotalCount]).toEqual([200, undefined, 25]);
		await control.post('/reset');
		expect((await control.get('/faults')).data).toEqual({});
		expect((await api.get(`/store/${sandbox.storeId}/order`)).data.TotalCount).toBe(0);
	});

	it('429 carries Retry-After, and a faulted create creates nothing', async () => {
		await control.post('/faults', { rate429: 1, retryAfterSeconds: 7 });
		const response = await api.post(`/store/${sandbox.storeId}/order`, { Items: [orderItem({ PartnerOrderReference: 'faulted' })] });
		expect(response.status).toBe(429);
		expect(response.headers['retry-after']).toBe('7');
		expect(response.headers['x-sandbox-fault']).toBe('429');
		expect(messages(response.data)).toEqual(['Too many requests (injected fault); retry after the Retry-After delay']);
		expect((await control.get('/counts')).data.total).toBe(0);
		const log = (await control.get('/requests')).data.requests;
		expect(log[log.length - 1]).toMatchObject({ status: 429, fault: '429' });
		await control.delete('/faults');
		expect((await api.post(`/store/${sandbox.storeId}/order`, { Items: [orderItem({ PartnerOrderReference: 'faulted' })] })).status).toBe(200);
		expect((await control.get('/counts')).data.byPartnerOrderReference).toEqual({ faulted: 1 });
	});

	it('500 and 503 (with Retry-After) before any handler runs', async () => {
		await control.post('/faults', { rate500: 1 });
		const e500 = await api.post(`/store/${sandbox.storeId}/order`, { Items: [orderItem()] });
		expect(e500.status).toBe(500);
		expect(messages(e500.data)).toEqual(['Internal server error (injected fault)']);
		await control.post('/faults', { rate503: 1, retryAfterSeconds: 2 });
		const e503 = await api.get('/user');
		expect(e503.status).toBe(503);
		expect(e503.headers['retry-after']).toBe('2');
		expect((await control.get('/counts')).data.total).toBe(0);
	});

	it('drops connections without an answer, and logs them', async () => {
		await control.post('/faults', { dropRate: 1 });
		const error = await api.post(`/store/${sandbox.storeId}/order`, { Items: [orderItem()] }).then(
			() => undefined,
			(e: { code?: string }) => e,
		);
		expect(error).toBeDefined();
		expect(['ECONNRESET', 'ERR_BAD_RESPONSE', 'ECONNABORTED', 'EPIPE']).toContain(error!.code);
		const log = (await control.get('/requests')).data.requests;
		expect(log[log.length - 1]).toMatchObject({ status: 0, fault: 'drop' });
		expect((await control.get('/counts')).data.total).toBe(0);
	});

	it('adds latency without changing answers: every answer waits at least the set delay, spikes on top', async () => {
		const plain = await api.get('/user');
		// A lower bound only: a sleep never ends early (1 ms of timer rounding allowed), whatever the load.
		const timed = async () => {
			const started = performance.now();
			const response = await api.get('/user');
			return { response, ms: performance.now() - started };
		};
		await control.post('/faults', { latencyMs: 150 });
		for (let i = 0; i < 3; i++) {
			const { response, ms } = await timed();
			expect(response.status).toBe(200);
			expect(response.data).toEqual(plain.data);
			expect(ms).toBeGreaterThanOrEqual(149);
		}
		// Spikes on every request (rate 1): the spike adds to the base delay.
		await control.post('/faults', { latencyMs: 50, latencySpikeMs: 200, latencySpikeRate: 1 });
		const { response, ms } = await timed();
		expect(response.data).toEqual(plain.data);
		expect(ms).toBeGreaterThanOrEqual(249);
	});

	it('is reproducible: the same seed gives the same sequence of answers', async () => {
		const run = async () => {
			await control.post('/faults', { rate429: 0.3, rate503: 0.2, seed: 42 });
			const statuses: number[] = [];
			for (let i = 0; i < 30; i++) statuses.push((await api.get('/user')).status);
			return statuses;
		};
		const first = await run();
		const second = await run();
		expect(first).toEqual(second);
		expect(new Set(first)).toEqual(new Set([200, 429, 503]));
	});

	it('applies to the API only, not to the token endpoint or the control API', async () => {
		await control.post('/faults', { rate503: 1 });
		expect((await control.get('/counts')).status).toBe(200);
		const token = await http.post(sandbox.tokenUrl, 'grant_type=refresh_token', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
		expect(token.status).not.toBe(503);
	});
});

describe('isolation', () => {
	it('two sandboxes in one process share no state', async () => {
		const second = await startSandbox({ port: 0, control: true });
		try {
			expect(second.baseUrl).not.toBe(sandbox.baseUrl);
			await apiClient(second).post(`/store/${second.storeId}/order`, { Items: [orderItem()] });
			await apiClient(second).post('/store/invite', { InviteKey: 'INVITE-JOIN-0002' });
			await controlClient(second).post('/faults', { rate503: 1 });
			expect((await control.get('/counts')).data.total).toBe(0);
			expect((await api.post('/store/invite', { InviteKey: 'INVITE-JOIN-0002' })).status).toBe(200);
			expect((await api.get('/user')).status).toBe(200);
			// Tokens of one sandbox mean nothing to the other.
			expect((await apiClient(second, sandbox.tokens.accessToken).get('/user')).status).toBe(503);
			await controlClient(second).delete('/faults');
			expect((await apiClient(second, sandbox.tokens.accessToken).get('/user')).status).toBe(401);
		} finally {
			await second.close();
		}
	});
});

describe('the request log keeps what was sent, never a secret', () => {
	it('keeps the parsed body, the headers that matter as markers, and the sandbox’s own receive time', async () => {
		await control.delete('/requests');
		const before = Date.now();
		const body = { Items: [orderItem()], TestMode: true };
		expect((await api.post(`/store/${sandbox.storeId}/order/price`, body)).status).toBe(200);
		await http.post(`${sandbox.apiUrl}/user`, { a: 1 }, { headers: { 'Ocp-Apim-Subscription-Key': 'not-the-key', Authorization: 'Bearer made-up' } });
		const [priced, forged] = (await control.get('/requests')).data.requests as Array<Record<string, unknown>>;
		expect(priced.body).toEqual(body);
		expect(priced.headers).toEqual({ authorization: 'Bearer [issued token]', 'ocp-apim-subscription-key': '[valid key]', 'content-type': 'application/json' });
		expect(priced.receivedAtMs).toBeGreaterThanOrEqual(before);
		expect(forged.headers).toMatchObject({ authorization: 'Bearer [unknown token]', 'ocp-apim-subscription-key': '[wrong key]' });
		const log = JSON.stringify((await control.get('/requests')).data);
		for (const secret of [sandbox.subscriptionKey, sandbox.tokens.accessToken]) expect(log).not.toContain(secret);
	});

	it('keeps only the grant type of token requests, and cuts bodies over 64 KiB', async () => {
		await control.delete('/requests');
		await http.post(`${sandbox.baseUrl}/oauth/token`, new URLSearchParams({ grant_type: 'refresh_token', refresh_token: sandbox.tokens.refreshToken, client_id: sandbox.clientId, client_secret: sandbox.clientSecret }));
		const big = { Items: [orderItem({ PartnerOrderReference: 'x'.repeat(70 * 1024) })] };
		await api.post(`/store/${sandbox.storeId}/order/price`, big);
		const [token, large] = (await control.get('/requests')).data.requests as Array<Record<string, unknown>>;
		expect(token.body).toEqual({ grant_type: 'refresh_token', refresh_token: '[hidden]', client_id: '[hidden]', client_secret: '[hidden]' });
		expect(large.body).toEqual({ truncated: true, bytes: expect.any(Number) });
		const log = JSON.stringify((await control.get('/requests')).data);
		for (const secret of [sandbox.clientSecret, sandbox.tokens.refreshToken]) expect(log).not.toContain(secret);
	});
});

describe('faults after acting', () => {
	it('dropAfterRate: the order is created, then the connection dropped; rate500After: created, then a 500', async () => {
		await control.delete('/requests');
		await control.post('/faults', { dropAfterRate: 1 });
		const dropped = await api.post(`/store/${sandbox.storeId}/order`, { Items: [orderItem({ PartnerOrderReference: 'after-drop' })] }).catch((error: { code?: string }) => error);
		await control.post('/faults', { rate500After: 1 });
		const failed = await api.post(`/store/${sandbox.storeId}/order`, { Items: [orderItem({ PartnerOrderReference: 'after-500' })] });
		await control.delete('/faults');
		expect((dropped as { code?: string }).code).toMatch(/ECONNRESET|ERR_BAD_RESPONSE|ECONNABORTED|socket hang up/i);
		expect(failed.status).toBe(500);
		expect(failed.headers['x-sandbox-fault']).toBe('500-after');
		const counts = (await control.get('/counts')).data as { byPartnerOrderReference: Record<string, number> };
		expect(counts.byPartnerOrderReference).toEqual({ 'after-drop': 1, 'after-500': 1 });
		const faults = ((await control.get('/requests')).data.requests as Array<{ fault?: string }>).map((entry) => entry.fault);
		expect(faults).toEqual(['drop-after', '500-after']);
	});

	it('refuses after-rates that add up to more than 1', async () => {
		const response = await control.post('/faults', { dropAfterRate: 0.6, rate500After: 0.6 });
		expect(response.status).toBe(400);
	});
});
