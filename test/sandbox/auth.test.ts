/** Every /api/v1 endpoint needs the subscription key and a valid bearer token: 401 otherwise. */
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { http, messages, orderItem } from './support';

let sandbox: Sandbox;
let orderId: string;

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0, control: true });
	const created = await http.post(`${sandbox.apiUrl}/store/${sandbox.storeId}/order`, { Items: [orderItem()] }, { headers: headers() });
	orderId = created.data[0].ID;
});
afterAll(() => sandbox.close());

function headers(overrides: { key?: string | null; auth?: string | null } = {}): Record<string, string> {
	const result: Record<string, string> = {};
	const key = overrides.key === undefined ? sandbox.subscriptionKey : overrides.key;
	const auth = overrides.auth === undefined ? `Bearer ${sandbox.tokens.accessToken}` : overrides.auth;
	if (key !== null) result['Ocp-Apim-Subscription-Key'] = key;
	if (auth !== null) result.Authorization = auth;
	return result;
}

const ENDPOINT_NAMES = ['invite', 'price', 'create', 'get order', 'status', 'user', 'remove association'];

const endpoints = () => [
	{ name: 'invite', method: 'post', path: '/store/invite', body: { InviteKey: 'INVITE-JOIN-0001' } },
	{ name: 'price', method: 'post', path: `/store/${sandbox.storeId}/order/price`, body: { Items: [orderItem()] } },
	{ name: 'create', method: 'post', path: `/store/${sandbox.storeId}/order`, body: { Items: [orderItem({ PartnerOrderReference: 'auth-test' })] } },
	{ name: 'get order', method: 'get', path: `/store/${sandbox.storeId}/order/${orderId}` },
	{ name: 'status', method: 'get', path: `/store/${sandbox.storeId}/order/${orderId}/status` },
	{ name: 'user', method: 'get', path: '/user' },
	{ name: 'remove association', method: 'delete', path: `/application/${sandbox.applicationId}/store/${sandbox.storeId}` },
];

async function call(endpoint: ReturnType<typeof endpoints>[number], h: Record<string, string>) {
	return http.request({ method: endpoint.method, url: `${sandbox.apiUrl}${endpoint.path}`, data: endpoint.body, headers: h });
}

const cases: Array<{ what: string; headers: () => Record<string, string>; message: string }> = [
	{
		what: 'no subscription key',
		headers: () => headers({ key: null }),
		message: 'Missing subscription key: send it in the Ocp-Apim-Subscription-Key header',
	},
	{
		what: 'a wrong subscription key',
		headers: () => headers({ key: 'wrong-key-123' }),
		message: 'Invalid subscription key: the Ocp-Apim-Subscription-Key header does not match any subscription',
	},
	{
		what: 'neither key nor token (the key is checked first)',
		headers: () => headers({ key: null, auth: null }),
		message: 'Missing subscription key: send it in the Ocp-Apim-Subscription-Key header',
	},
	{ what: 'no access token', headers: () => headers({ auth: null }), message: 'Missing access token: send it as "Authorization: Bearer <access token>"' },
	{ what: 'an unknown access token', headers: () => headers({ auth: 'Bearer at_not-a-real-token' }), message: 'Invalid access token' },
	{
		what: 'a malformed Authorization header',
		headers: () => headers({ auth: 'Token abc' }),
		message: 'Malformed Authorization header: expected "Bearer <access token>" in the header only',
	},
];

describe.each(cases)('with $what', ({ headers: make, message }) => {
	it.each(ENDPOINT_NAMES)('%s answers 401 and changes nothing', async (name) => {
		const before = (await http.get(`${sandbox.baseUrl}/_sandbox/counts`)).data.total;
		const endpoint = endpoints().find((e) => e.name === name)!;
		const response = await call(endpoint, make());
		expect(response.status).toBe(401);
		expect(response.data).toEqual({ _meta: { Messages: [message] } });
		expect((await http.get(`${sandbox.baseUrl}/_sandbox/counts`)).data.total).toBe(before);
	});
});

describe('expired access tokens', () => {
	it('answer 401 naming expiry, with a Bearer challenge, on every endpoint; refresh tokens stay valid', async () => {
		const pair = await sandbox.issueTokens('alice');
		await http.post(`${sandbox.baseUrl}/_sandbox/tokens/expire`);
		for (const endpoint of endpoints()) {
			const response = await call(endpoint, headers({ auth: `Bearer ${pair.accessToken}` }));
			expect(response.status).toBe(401);
			expect(messages(response.data)).toEqual(['Expired access token: refresh it with the refresh token']);
			expect(response.headers['www-authenticate']).toBe('Bearer realm="print-store-sandbox", error="invalid_token"');
		}
		const renewed = await http.post(
			sandbox.tokenUrl,
			new URLSearchParams({ grant_type: 'refresh_token', refresh_token: pair.refreshToken, client_id: sandbox.clientId, client_secret: sandbox.clientSecret }).toString(),
			{ headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
		);
		expect(renewed.status).toBe(200);
		await http.post(`${sandbox.baseUrl}/_sandbox/reset`);
	});

	it('a forced token lifetime (fault) expires older tokens and shortens new ones', async () => {
		await http.post(`${sandbox.baseUrl}/_sandbox/reset`);
		const fresh = await http.post(`${sandbox.baseUrl}/_sandbox/tokens`, { username: 'bob' });
		expect(fresh.data.expiresIn).toBe(3600);
		await new Promise((resolve) => setTimeout(resolve, 50));
		const set = await http.post(`${sandbox.baseUrl}/_sandbox/faults`, { tokenLifetimeSeconds: 0.01 });
		expect(set.status).toBe(200);
		const response = await http.get(`${sandbox.apiUrl}/user`, { headers: headers({ auth: `Bearer ${fresh.data.accessToken}` }) });
		expect(response.status).toBe(401);
		expect(messages(response.data)).toEqual(['Expired access token: refresh it with the refresh token']);
		const shortened = await http.post(`${sandbox.baseUrl}/_sandbox/tokens`, { username: 'bob' });
		expect(shortened.data.expiresIn).toBe(0.01);
		await http.delete(`${sandbox.baseUrl}/_sandbox/faults`);
		expect((await http.get(`${sandbox.apiUrl}/user`, { headers: headers({ auth: `Bearer ${fresh.data.accessToken}` }) })).status).toBe(200);
	});
});

describe('messages never echo secrets', () => {
	it('does not repeat a wrong key or token in the answer', async () => {
		const wrongKey = await http.get(`${sandbox.apiUrl}/user`, { headers: headers({ key: 'secret-key-guess-42' }) });
		const wrongToken = await http.get(`${sandbox.apiUrl}/user`, { headers: headers({ auth: 'Bearer secret-token-guess-42' }) });
		expect(JSON.stringify(wrongKey.data)).not.toContain('secret-key-guess-42');
		expect(JSON.stringify(wrongToken.data)).not.toContain('secret-token-guess-42');
		expect(JSON.stringify(wrongToken.data)).not.toContain(sandbox.subscriptionKey);
	});

	it('accepts the headers in any letter case (HTTP header names are case-insensitive)', async () => {
		const response = await http.get(`${sandbox.apiUrl}/user`, {
			headers: { 'ocp-apim-subscription-key': sandbox.subscriptionKey, authorization: `Bearer ${sandbox.tokens.accessToken}` },
		});
		expect(response.status).toBe(200);
	});
});

describe('a subscription key of its own (SandboxOptions.subscriptionKey)', () => {
	it("accepts only its own key, says it in the seed, and keeps it across a reset", async () => {
		const own = await startSandbox({ port: 0, control: true, subscriptionKey: 'own-key-for-this-sandbox-1' });
		try {
			const call = (key: string) => http.get(`${own.apiUrl}/user`, { headers: { 'Ocp-Apim-Subscription-Key': key, Authorization: `Bearer ${own.tokens.accessToken}` } });
			expect([own.subscriptionKey, own.seed.subscriptionKey]).toEqual(['own-key-for-this-sandbox-1', 'own-key-for-this-sandbox-1']);
			expect((await call('own-key-for-this-sandbox-1')).status).toBe(200);
			expect((await call(sandbox.subscriptionKey)).status).toBe(401);
			expect((await http.post(`${own.baseUrl}/_sandbox/reset`)).status).toBe(200);
			expect((await call('own-key-for-this-sandbox-1')).status).toBe(200);
		} finally {
			await own.close();
		}
		await expect(startSandbox({ subscriptionKey: 'short' })).rejects.toThrow('subscriptionKey must be at least 8 printable characters without spaces');
	});
});
