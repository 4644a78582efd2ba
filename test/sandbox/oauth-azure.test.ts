/**
 * The sign-in the provider documents (Azure AD), as the sandbox plays it: profile oauth-resource wants
 * v1's `resource` on the authorize and token requests, profile client-credentials issues tokens to a
 * client signing in as itself. Without them the server is unchanged (authorization code only, no
 * resource needed).
 */
import { APP_ID_URI } from '../../sandbox/domain/profiles';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { apiClient, browserLogin, exchangeCode, http, refresh } from './support';

function clientCredentials(sandbox: Sandbox, form: Record<string, string> = {}, via: 'basic' | 'body' = 'basic') {
	const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
	const body: Record<string, string> = { grant_type: 'client_credentials', ...form };
	if (via === 'basic') headers.Authorization = `Basic ${Buffer.from(`${sandbox.clientId}:${sandbox.clientSecret}`).toString('base64')}`;
	else Object.assign(body, { client_id: sandbox.clientId, client_secret: sandbox.clientSecret });
	return http.post(sandbox.tokenUrl, new URLSearchParams(body).toString(), { headers });
}

describe('profile oauth-resource (Azure AD v1)', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, profiles: ['oauth-resource', 'client-credentials'] });
	});
	afterAll(() => sandbox.close());

	it('refuses an authorize request without resource, or with another one, with an error page', async () => {
		const missing = await browserLogin(sandbox);
		expect(missing.status).toBe(400);
		expect(missing.html).toContain('must contain the parameter');
		const other = await browserLogin(sandbox, { extraQuery: { resource: 'api://someone-else' } });
		expect(other.status).toBe(400);
		expect(other.html).toContain('is not registered');
	});

	it('carries resource through the login form, and exchanges the code only with resource again', async () => {
		const login = await browserLogin(sandbox, { extraQuery: { resource: APP_ID_URI } });
		expect(login.status).toBe(302);
		const without = await exchangeCode(sandbox, login.code!);
		expect(without.status).toBe(400);
		expect(without.data).toMatchObject({ error: 'invalid_request' });
		expect(without.data.error_description).toContain("'resource'");
		// The refused request used nothing up: the code still works with resource.
		const exchanged = await exchangeCode(sandbox, login.code!, { extra: { resource: APP_ID_URI } });
		expect(exchanged.status).toBe(200);
		expect(exchanged.data.access_token).toBeTruthy();
		expect((await apiClient(sandbox, exchanged.data.access_token).get('/user')).status).toBe(200);
		// A refresh may leave resource out, or give the same one; never another.
		expect((await refresh(sandbox, exchanged.data.refresh_token)).status).toBe(200);
		const wrong = await http.post(
			sandbox.tokenUrl,
			new URLSearchParams({
				grant_type: 'refresh_token',
				refresh_token: exchanged.data.refresh_token,
				client_id: sandbox.clientId,
				client_secret: sandbox.clientSecret,
				resource: 'api://someone-else',
			}).toString(),
			{ headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
		);
		expect(wrong.status).toBe(400);
	});

	it('wants resource on a client-credentials token request too', async () => {
		expect((await clientCredentials(sandbox)).status).toBe(400);
		const issued = await clientCredentials(sandbox, { resource: APP_ID_URI });
		expect(issued.status).toBe(200);
	});
});

describe('profile client-credentials', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, control: true });
	});
	afterAll(() => sandbox.close());

	it('is off by default: the spec names the authorization code grant only', async () => {
		const refused = await clientCredentials(sandbox);
		expect(refused.status).toBe(400);
		expect(refused.data.error).toBe('unauthorized_client');
	});

	it.each(['basic', 'body'] as const)('issues an access token (no refresh token) with the client secret in %s, acting as the service user', async (via) => {
		await http.put(`${sandbox.baseUrl}/_sandbox/profile`, { profiles: ['client-credentials'] });
		try {
			const issued = await clientCredentials(sandbox, {}, via);
			expect(issued.status).toBe(200);
			expect(issued.data).toMatchObject({ token_type: 'Bearer' });
			expect(issued.data.refresh_token).toBeUndefined();
			const user = await apiClient(sandbox, issued.data.access_token).get('/user');
			expect(user.status).toBe(200);
			expect(user.data).toMatchObject({ IsServiceUser: true });
			// A wrong secret gets nothing.
			const wrong = await http.post(
				sandbox.tokenUrl,
				new URLSearchParams({ grant_type: 'client_credentials', client_id: sandbox.clientId, client_secret: 'wrong' }).toString(),
				{ headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
			);
			// In the body, as OAuth2 says: 400 invalid_client.
			expect(wrong.status).toBe(400);
			expect(wrong.data.error).toBe('invalid_client');
		} finally {
			await http.put(`${sandbox.baseUrl}/_sandbox/profile`, { profiles: [] });
		}
	});

	it('needs no resource without profile oauth-resource', async () => {
		const login = await browserLogin(sandbox);
		expect(login.status).toBe(302);
		expect((await exchangeCode(sandbox, login.code!)).status).toBe(200);
	});
});
