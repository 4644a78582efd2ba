/**
 * Signing in as the provider documents it (Azure AD), through n8n's OAuth2 client and n8n-core's
 * signing and refresh, against the sandbox's profiles that play it:
 * - oauth-resource (v1): the credential's Resource reaches the authorize request (through Auth URI
 *   Query Parameters) and the code exchange (through Additional Body Properties) as n8n 1.123 builds
 *   them, and as n8n 2.41 builds them (which also sends the field itself, and on refreshes);
 * - client-credentials: the credential's Client Credentials grant gets its token unattended, with
 *   resource, and Create runs as the application's service user.
 */
import { APP_ID_URI } from '../../sandbox/domain/profiles';
import { runPrintStore } from '../helpers/engine';
import { connectLikeN8n, ResolvingCredentials } from '../helpers/credential-flow';
import { crmOrderItem, useSandbox, type Sandbox } from '../helpers/sandbox';

const env = useSandbox({ profiles: ['oauth-resource', 'client-credentials'] });

function signInData(sandbox: Sandbox, extra: Record<string, unknown> = {}) {
	return {
		baseUrl: sandbox.baseUrl,
		authUrl: sandbox.authorizationUrl,
		accessTokenUrl: sandbox.tokenUrl,
		clientId: sandbox.clientId,
		clientSecret: sandbox.clientSecret,
		subscriptionKey: sandbox.subscriptionKey,
		...extra,
	};
}

const createOne = (storeId: string, reference: string) => ({
	resource: 'order',
	operation: 'create',
	storeId,
	inputMode: 'json',
	orderItemJson: JSON.stringify(crmOrderItem(1, { PartnerOrderReference: reference })),
});

async function tokenRequests() {
	return (await env.api.requests()).filter((entry) => entry.path.startsWith('/oauth/token')).map((entry) => entry.body as Record<string, string>);
}

describe('a user signs in through Azure AD v1 (Resource)', () => {
	test.each(['1.x', '2.x'] as const)('as n8n %s connects it: resource on the authorize URL and the code exchange, then Create end to end and a refresh', async (line) => {
		const credentials = new ResolvingCredentials();
		credentials.set('cred-1', signInData(env.sandbox, { resource: APP_ID_URI }));
		const { authorizationUrl } = await connectLikeN8n(credentials, line, { username: 'alice', password: 'alice-password' });
		expect(new URL(authorizationUrl).searchParams.getAll('resource')).toEqual([APP_ID_URI]);
		expect(await tokenRequests()).toEqual([expect.objectContaining({ grant_type: 'authorization_code', resource: APP_ID_URI })]);

		const created = await runPrintStore({ parameters: createOne(env.sandbox.storeId, `azure-v1-${line}`), credentials });
		expect(created.error).toBeUndefined();
		expect(created.json[0]).toMatchObject({ PartnerOrderReference: `azure-v1-${line}`, StatusDescription: 'Received' });

		// n8n-core refreshes an expired token; the sandbox takes a refresh with or without resource.
		await env.api.clearRequests();
		await env.api.expireTokens();
		const again = await runPrintStore({ parameters: { resource: 'user', operation: 'getCurrent' }, credentials });
		expect(again.error).toBeUndefined();
		const refreshes = (await tokenRequests()).filter((body) => body.grant_type === 'refresh_token');
		expect(refreshes).toHaveLength(1);
		// n8n 2.x sends the credential's own resource field on refreshes; n8n-core here is 2.41.
		expect(refreshes[0].resource).toBe(APP_ID_URI);
	});

	test('without Resource the sandbox playing Azure AD v1 refuses the sign-in, as Azure AD would', async () => {
		const credentials = new ResolvingCredentials();
		credentials.set('cred-1', signInData(env.sandbox));
		await expect(connectLikeN8n(credentials, '1.x', { username: 'alice', password: 'alice-password' })).rejects.toThrow(/authorization page answered 400.*resource/);
	});

	test('with body authentication, resource goes in the body beside the client', async () => {
		const credentials = new ResolvingCredentials();
		credentials.set('cred-1', signInData(env.sandbox, { resource: APP_ID_URI, authentication: 'body' }));
		await connectLikeN8n(credentials, '1.x', { username: 'bob', password: 'bob-password' });
		expect(await tokenRequests()).toEqual([expect.objectContaining({ grant_type: 'authorization_code', resource: APP_ID_URI, client_id: '[hidden]' })]);
	});
});

describe('a service signs in as itself (Client Credentials)', () => {
	test.each(['header', 'body'])('n8n gets a token unattended (client secret in the %s), with resource, and Create runs as the service user', async (authentication) => {
		const credentials = new ResolvingCredentials();
		credentials.set('cred-1', signInData(env.sandbox, { grantType: 'clientCredentials', authentication, resource: APP_ID_URI, authUrl: '' }));
		const created = await runPrintStore({ parameters: createOne(env.sandbox.storeId, `service-${authentication}`), credentials });
		expect(created.error).toBeUndefined();
		expect(created.json[0]).toMatchObject({ PartnerOrderReference: `service-${authentication}`, StatusDescription: 'Received' });
		expect(await tokenRequests()).toEqual([expect.objectContaining({ grant_type: 'client_credentials', resource: APP_ID_URI })]);

		const user = await runPrintStore({ parameters: { resource: 'user', operation: 'getCurrent' }, credentials });
		expect(user.json[0]).toMatchObject({ IsServiceUser: true });
		// The token n8n stored is used again: no second token request.
		expect(await tokenRequests()).toHaveLength(1);

		// Expired: n8n asks for a new one with the same grant (client credentials have no refresh token).
		await env.api.expireTokens();
		const later = await runPrintStore({ parameters: { resource: 'user', operation: 'getCurrent' }, credentials });
		expect(later.error).toBeUndefined();
		expect((await tokenRequests()).map((body) => body.grant_type)).toEqual(['client_credentials', 'client_credentials']);
	});

	test('a service credential without Resource is refused by the sandbox playing Azure AD v1, with a clear error', async () => {
		const credentials = new ResolvingCredentials();
		credentials.set('cred-1', signInData(env.sandbox, { grantType: 'clientCredentials' }));
		const result = await runPrintStore({ parameters: { resource: 'user', operation: 'getCurrent' }, credentials });
		expect(result.error?.message).toMatch(/^The Print Store credential could not be used: Failed to acquire OAuth2 access token/);
		// The token endpoint's own words, which n8n's message leaves out.
		expect(result.error?.description).toContain("Service says: The request must contain the parameter 'resource'");
	});
});
