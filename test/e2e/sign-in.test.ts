/**
 * Signing in as the provider documents it (Azure AD), in a real n8n, against the sandbox's profiles
 * that play it: a credential with a Resource connected through n8n's own OAuth2 flow while the
 * sandbox wants resource on the authorize and token requests (oauth-resource), and a credential with
 * the Client Credentials grant, which n8n signs in with unattended (client-credentials). Each runs
 * Create end to end.
 */
import { randomUUID } from 'node:crypto';

import { connectOAuth2Credential } from '../../scripts/n8n/oauth';
import { CREDENTIAL_TYPE } from '../../scripts/n8n/workflows';
import { APP_ID_URI } from '../../sandbox/domain/profiles';
import { describeE2E, e2e, expectSuccess, runPrintStore } from './helpers/harness';

const create = (reference: string) => ({
	resource: 'order',
	operation: 'create',
	storeId: e2e().state.sandbox.storeId,
	inputMode: 'json',
	orderItemJson: JSON.stringify({
		Product: { ID: 'postcard-4x6', Quantity: 25 },
		Recipient: { NameFirst: 'Sign', NameLast: 'In', AddressLine1: '1 Token Lane', City: 'Springfield', Country: 'US' },
		PartnerOrderReference: reference,
	}),
});

async function tokenRequests() {
	return (await e2e().sandbox.requests()).filter((entry) => entry.path.startsWith('/oauth/token')).map((entry) => entry.body as Record<string, string>);
}

function credentialData(extra: Record<string, unknown>) {
	const { sandbox } = e2e().state;
	return {
		baseUrl: sandbox.baseUrl,
		authUrl: sandbox.authorizationUrl,
		accessTokenUrl: sandbox.tokenUrl,
		clientId: sandbox.clientId,
		clientSecret: sandbox.clientSecret,
		scope: '',
		subscriptionKey: sandbox.subscriptionKey,
		...extra,
	};
}

describeE2E('signing in through Azure AD, in a real n8n', () => {
	beforeAll(async () => {
		await e2e().sandbox.setProfiles(['oauth-resource', 'client-credentials']);
	});
	afterAll(async () => {
		await e2e().sandbox.setProfiles([]);
	});

	test('a user: "Connect my account" with a Resource sends it on the authorize URL and the code exchange, then Create runs', async () => {
		const { client, sandbox, state } = e2e();
		const created = (await client.createCredential({
			name: `Print Store via Azure AD v1 ${randomUUID().slice(0, 6)}`,
			type: CREDENTIAL_TYPE,
			data: credentialData({ authentication: 'header', resource: APP_ID_URI }),
		})) as { id: string; name: string };
		const authorizationUrl = await client.rest<string>('GET', `/oauth2-credential/auth?id=${encodeURIComponent(created.id)}`);
		expect(new URL(authorizationUrl).searchParams.getAll('resource')).toEqual([APP_ID_URI]);
		await sandbox.clearRequests();
		await connectOAuth2Credential(client, created.id, state.sandboxUser);
		expect(await tokenRequests()).toEqual([expect.objectContaining({ grant_type: 'authorization_code', resource: APP_ID_URI })]);

		const run = await runPrintStore({ title: 'Create, signed in through Azure AD v1', parameters: create('azure-user'), credential: created });
		expectSuccess(run);
		expect(run.json[0]).toMatchObject({ PartnerOrderReference: 'azure-user', StatusID: 1 });
	});

	test('a service: Client Credentials signs in unattended, with the Resource, and Create runs as the service user', async () => {
		const { client, sandbox } = e2e();
		const created = (await client.createCredential({
			name: `Print Store service ${randomUUID().slice(0, 6)}`,
			type: CREDENTIAL_TYPE,
			data: credentialData({ grantType: 'clientCredentials', authentication: 'body', resource: APP_ID_URI }),
		})) as { id: string; name: string };
		await sandbox.clearRequests();
		const run = await runPrintStore({ title: 'Create, signed in as a service', parameters: create('azure-service'), credential: created });
		expectSuccess(run);
		expect(run.json[0]).toMatchObject({ PartnerOrderReference: 'azure-service', StatusID: 1 });
		expect(await tokenRequests()).toEqual([expect.objectContaining({ grant_type: 'client_credentials', resource: APP_ID_URI, client_secret: '[hidden]' })]);
		const user = await runPrintStore({ title: 'the service user', parameters: { resource: 'user', operation: 'getCurrent' }, credential: created });
		expectSuccess(user);
		expect(user.json[0]).toMatchObject({ IsServiceUser: true });
	});
});
