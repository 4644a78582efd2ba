/** The authorization server: HTML login + consent, code exchange, refresh, expiry, OAuth2 errors. */
import { createHash, randomBytes } from 'node:crypto';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { apiClient, browserLogin, exchangeCode, http, messages, REDIRECT_URI, refresh } from './support';

let sandbox: Sandbox;

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0, control: true, redirectUris: ['https://n8n.example.test/rest/oauth2-credential/callback'] });
});
afterAll(() => sandbox.close());

describe('login and consent page', () => {
	it('serves an HTML form with username, password and an Allow button, carrying the request in hidden fields', async () => {
		const query = new URLSearchParams({ response_type: 'code', client_id: sandbox.clientId, redirect_uri: REDIRECT_URI, state: 'abc' });
		const page = await http.get(`${sandbox.authorizationUrl}?${query}`, { responseType: 'text' });
		expect(page.status).toBe(200);
		expect(page.headers['content-type']).toMatch(/^text\/html/);
		const html = page.data as string;
		expect(html).toContain('<form method="post" action="/oauth/authorize">');
		expect(html).toMatch(/<input type="text" id="username" name="username"/);
		expect(html).toMatch(/<input type="password" id="password" name="password"/);
		expect(html).toMatch(/<button class="allow" type="submit" name="allowed" value="true">Allow<\/button>/);
		expect(html).toContain(`name="redirect_uri" value="${REDIRECT_URI}"`);
		expect(html).toContain('name="state" value="abc"');
		expect(html).not.toContain('<script');
	});

	it('escapes what it echoes', async () => {
		const query = new URLSearchParams({ response_type: 'code', client_id: sandbox.clientId, state: '"><script>x</script>' });
		const page = await http.get(`${sandbox.authorizationUrl}?${query}`, { responseType: 'text' });
		expect(page.status).toBe(200);
		expect(page.data).not.toContain('<script>x');
		expect(page.data).toContain('&quot;&gt;&lt;script&gt;');
	});

	it('redirects to the redirect URI with a code and the state after Allow', async () => {
		const result = await browserLogin(sandbox, { state: 'xyz-1' });
		expect(result.status).toBe(302);
		expect(result.location!.startsWith(`${REDIRECT_URI}?`)).toBe(true);
		expect(result.code).toBeTruthy();
		expect(result.state).toBe('xyz-1');
	});

	it('re-renders the page with 401 on a wrong password, and issues no code', async () => {
		const result = await browserLogin(sandbox, { password: 'wrong' });
		expect(result.status).toBe(401);
		expect(result.html).toContain('Incorrect username or password.');
		expect(result.html).toContain('value="alice"');
	});

	it('redirects with error=access_denied when the user denies', async () => {
		const result = await browserLogin(sandbox, { allowed: 'false', state: 's-deny' });
		expect(result.status).toBe(302);
		expect(result.error).toBe('access_denied');
		expect(result.state).toBe('s-deny');
		expect(result.code).toBeUndefined();
	});

	it('refuses an unregistered redirect_uri with an error page and no redirect', async () => {
		const result = await browserLogin(sandbox, { redirectUri: 'https://evil.example.com/callback' });
		expect(result.status).toBe(400);
		expect(result.html).toContain('The redirect_uri is not registered for this client.');
	});

	it('refuses an unknown client_id with an error page', async () => {
		const result = await browserLogin(sandbox, { clientId: 'app_nobody' });
		expect(result.status).toBe(400);
		expect(result.html).toContain('Unknown client_id');
	});

	it('accepts the configured extra redirect URI and any loopback n8n callback port', async () => {
		for (const redirectUri of ['https://n8n.example.test/rest/oauth2-credential/callback', 'http://localhost:45678/rest/oauth2-credential/callback']) {
			const result = await browserLogin(sandbox, { redirectUri });
			expect(result.status).toBe(302);
			expect(result.location!.startsWith(redirectUri)).toBe(true);
		}
	});

	it('accepts an empty scope (n8n sends scope= when none is configured) and any scope', async () => {
		for (const scope of ['', 'orders stores']) {
			const result = await browserLogin(sandbox, { extraQuery: { scope } });
			expect(result.status).toBe(302);
			expect(result.code).toBeTruthy();
		}
	});
});

describe('token endpoint', () => {
	it('exchanges a code with client credentials in HTTP Basic, and the token works on the API', async () => {
		const { code } = await browserLogin(sandbox, { username: 'bob', password: 'bob-password' });
		const response = await exchangeCode(sandbox, code!, { via: 'basic' });
		expect(response.status).toBe(200);
		expect(response.data).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
		expect(typeof response.data.access_token).toBe('string');
		expect(typeof response.data.refresh_token).toBe('string');
		const user = await apiClient(sandbox, response.data.access_token).get('/user');
		expect(user.status).toBe(200);
		expect(user.data.Username).toBe('bob');
	});

	it('exchanges a code with client credentials in the body', async () => {
		const { code } = await browserLogin(sandbox);
		const response = await exchangeCode(sandbox, code!, { via: 'body' });
		expect(response.status).toBe(200);
		expect(response.data.access_token).toBeTruthy();
	});

	it('uses each code once: the second exchange is invalid_grant', async () => {
		const { code } = await browserLogin(sandbox);
		expect((await exchangeCode(sandbox, code!)).status).toBe(200);
		const again = await exchangeCode(sandbox, code!);
		expect(again.status).toBe(400);
		expect(again.data.error).toBe('invalid_grant');
	});

	it('answers invalid_client for a wrong secret: 401 with Basic, 400 in the body; never echoing it', async () => {
		const { code } = await browserLogin(sandbox);
		const basic = await exchangeCode(sandbox, code!, { secret: 'not-the-secret', via: 'basic' });
		expect(basic.status).toBe(401);
		expect(basic.data.error).toBe('invalid_client');
		expect(basic.headers['www-authenticate']).toMatch(/^Basic/);
		expect(JSON.stringify(basic.data)).not.toContain('not-the-secret');
		const body = await exchangeCode(sandbox, code!, { secret: 'not-the-secret', via: 'body' });
		expect(body.status).toBe(400);
		expect(body.data.error).toBe('invalid_client');
	});

	it('rejects a code presented with another redirect_uri', async () => {
		const { code } = await browserLogin(sandbox);
		const response = await exchangeCode(sandbox, code!, { redirectUri: 'http://127.0.0.1:5678/rest/oauth2-credential/callback' });
		expect(response.status).toBe(400);
		expect(response.data.error).toBe('invalid_request');
		expect(response.data.error_description).toMatch(/redirect_uri/);
	});

	it('rejects a code issued to another client', async () => {
		const { code } = await browserLogin(sandbox);
		const other = sandbox.seed.applications[1];
		const response = await exchangeCode(sandbox, code!, { clientId: other.clientId, secret: other.clientSecret });
		expect(response.status).toBe(400);
		expect(response.data.error).toBe('invalid_grant');
	});

	it('answers unsupported_grant_type and invalid_request in OAuth2 shape', async () => {
		const basic = `Basic ${Buffer.from(`${sandbox.clientId}:${sandbox.clientSecret}`).toString('base64')}`;
		const password = await http.post(sandbox.tokenUrl, 'grant_type=password&username=alice&password=alice-password', {
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: basic },
		});
		expect(password.status).toBe(400);
		expect(password.data.error).toBe('unauthorized_client');
		const json = await http.post(sandbox.tokenUrl, { grant_type: 'authorization_code' }, { headers: { Authorization: basic } });
		expect(json.status).toBe(400);
		expect(json.data.error).toBe('invalid_request');
		const missingCode = await http.post(sandbox.tokenUrl, 'grant_type=authorization_code', {
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: basic },
		});
		expect(missingCode.status).toBe(400);
		expect(missingCode.data).toEqual({ error: 'invalid_request', error_description: 'Missing parameter: `code`' });
	});

	it('supports PKCE (S256) on top of the client secret', async () => {
		const verifier = randomBytes(32).toString('base64url');
		const challenge = createHash('sha256').update(verifier).digest('base64url');
		const { code } = await browserLogin(sandbox, { extraQuery: { code_challenge: challenge, code_challenge_method: 'S256' } });
		const wrong = await exchangeCode(sandbox, code!, { extra: { code_verifier: randomBytes(32).toString('base64url') } });
		expect(wrong.data.error).toBe('invalid_grant');
		const { code: code2 } = await browserLogin(sandbox, { extraQuery: { code_challenge: challenge, code_challenge_method: 'S256' } });
		const right = await exchangeCode(sandbox, code2!, { extra: { code_verifier: verifier } });
		expect(right.status).toBe(200);
	});
});

describe('refresh', () => {
	it('issues a new working pair for a refresh token; the old refresh token stays usable', async () => {
		const { code } = await browserLogin(sandbox);
		const first = (await exchangeCode(sandbox, code!)).data;
		const refreshed = await refresh(sandbox, first.refresh_token);
		expect(refreshed.status).toBe(200);
		expect(refreshed.data.access_token).not.toBe(first.access_token);
		expect(refreshed.data.refresh_token).toBeTruthy();
		expect((await apiClient(sandbox, refreshed.data.access_token).get('/user')).data.Username).toBe('alice');
		// Concurrent refreshes (two n8n executions at once) must both succeed.
		expect((await refresh(sandbox, first.refresh_token)).status).toBe(200);
	});

	it('rejects an unknown refresh token and one issued to another client with invalid_grant', async () => {
		const unknown = await refresh(sandbox, 'rt_unknown');
		expect(unknown.status).toBe(400);
		expect(unknown.data.error).toBe('invalid_grant');
		const other = sandbox.seed.applications[1];
		const foreign = await refresh(sandbox, sandbox.tokens.refreshToken, other.clientId, other.clientSecret);
		expect(foreign.status).toBe(400);
		expect(foreign.data.error).toBe('invalid_grant');
	});

	it('refreshes after the control API expired every access token', async () => {
		const pair = await sandbox.issueTokens('bob');
		const api = apiClient(sandbox, pair.accessToken);
		expect((await api.get('/user')).status).toBe(200);
		const expired = await http.post(`${sandbox.baseUrl}/_sandbox/tokens/expire`);
		expect(expired.status).toBe(200);
		expect(expired.data.expired).toBeGreaterThan(0);
		const rejected = await api.get('/user');
		expect(rejected.status).toBe(401);
		expect(messages(rejected.data)).toEqual(['Expired access token: refresh it with the refresh token']);
		const renewed = await refresh(sandbox, pair.refreshToken);
		expect(renewed.status).toBe(200);
		expect((await apiClient(sandbox, renewed.data.access_token).get('/user')).data.Username).toBe('bob');
		await http.post(`${sandbox.baseUrl}/_sandbox/reset`); // the printed pair is valid again after a reset
		expect((await apiClient(sandbox).get('/user')).status).toBe(200);
	});
});

describe('access-token lifetime', () => {
	let short: Sandbox;
	beforeAll(async () => {
		short = await startSandbox({ port: 0, accessTokenLifetimeSeconds: 1 });
	});
	afterAll(() => short.close());

	it('expires tokens after the configured lifetime, mid-run, and the refresh token renews them', async () => {
		const { code } = await browserLogin(short);
		const tokens = (await exchangeCode(short, code!)).data;
		expect(tokens.expires_in).toBe(1);
		const api = apiClient(short, tokens.access_token);
		expect((await api.get('/user')).status).toBe(200);
		await new Promise((resolve) => setTimeout(resolve, 1200));
		const expired = await api.get('/user');
		expect(expired.status).toBe(401);
		expect(messages(expired.data)).toEqual(['Expired access token: refresh it with the refresh token']);
		expect(expired.headers['www-authenticate']).toContain('error="invalid_token"');
		const renewed = await refresh(short, tokens.refresh_token);
		expect(renewed.status).toBe(200);
		expect((await apiClient(short, renewed.data.access_token).get('/user')).status).toBe(200);
	});
});

describe('discovery', () => {
	it('publishes the authorization server metadata', async () => {
		const response = await http.get(`${sandbox.baseUrl}/.well-known/oauth-authorization-server`);
		expect(response.data).toMatchObject({
			authorization_endpoint: sandbox.authorizationUrl,
			token_endpoint: sandbox.tokenUrl,
			grant_types_supported: ['authorization_code', 'refresh_token'],
		});
	});
});
