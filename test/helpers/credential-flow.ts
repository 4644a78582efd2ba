/**
 * The credential as n8n reads it and signs in with it, outside the n8n server:
 * - `ResolvingCredentials` resolves the credential's expressions (its hidden fields compute from
 *   `$self`) the way n8n's CredentialsHelper does before every use, so n8n-core's OAuth2 requests
 *   (client credentials, refresh) see what they would see in n8n;
 * - `connectLikeN8n` is "Connect my account" as n8n's OAuth2 controller does it, with n8n's own
 *   OAuth2 client (@n8n/client-oauth2): the authorization URL from the credential's options and Auth
 *   URI Query Parameters, the sign-in form filled in, and the code exchanged with Additional Body
 *   Properties. Line '1.x' builds the options as n8n 1.123 does (no `resource` option: it knows no
 *   such field), '2.x' as n8n 2.41 does (it sends the credential's `resource` itself too).
 * The real controller runs in the end-to-end suite (test/e2e/sign-in.test.ts, on n8n 2.41.1 and 1.123.81).
 */
import { ClientOAuth2, type ClientOAuth2Options } from '@n8n/client-oauth2';
import type { ICredentialDataDecryptedObject, IDataObject, INode, INodeCredentialsDetails, INodeParameters, INodeTypes, IWorkflowExecuteAdditionalData } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { parseLoginForm } from '../../scripts/n8n/oauth';
import { StoredCredentials } from './engine';

const mockNode: INode = { id: 'credential', name: 'credential', type: 'mock', typeVersion: 1, position: [0, 0], parameters: {} };
const mockNodeTypes = {
	getByName: () => ({ description: { properties: [] } }),
	getByNameAndVersion: () => ({ description: { properties: [] } }),
	getKnownTypes: () => ({}),
} as unknown as INodeTypes;

/** The credential's data with its expressions resolved, `$self` being the data itself (as n8n does). */
export async function resolveCredentialExpressions(data: ICredentialDataDecryptedObject): Promise<ICredentialDataDecryptedObject> {
	const workflow = new Workflow({ nodes: [mockNode], connections: {}, active: false, nodeTypes: mockNodeTypes });
	const expression = workflow.expression as unknown as { acquireIsolate?: () => Promise<void>; releaseIsolate?: () => Promise<void> };
	await expression.acquireIsolate?.();
	try {
		return workflow.expression.getComplexParameterValue(mockNode, data as INodeParameters, 'manual', {}, undefined, undefined, data) as ICredentialDataDecryptedObject;
	} finally {
		await expression.releaseIsolate?.();
	}
}

export class ResolvingCredentials extends StoredCredentials {
	async getDecrypted(additionalData: IWorkflowExecuteAdditionalData, nodeCredentials: INodeCredentialsDetails, type: string): Promise<ICredentialDataDecryptedObject> {
		return await resolveCredentialExpressions(await super.getDecrypted(additionalData, nodeCredentials, type));
	}

	/** What n8n would use now: defaults, the stored data and the expressions resolved. */
	async resolved(id = 'cred-1'): Promise<ICredentialDataDecryptedObject> {
		return await this.getDecrypted({} as IWorkflowExecuteAdditionalData, { id, name: 'Print Store account' }, 'printStoreOAuth2Api');
	}
}

export type N8nLine = '1.x' | '2.x';

/** The options n8n's OAuth2 controller builds from a credential (convertCredentialToOptions). */
function clientOptions(credential: ICredentialDataDecryptedObject, line: N8nLine, redirectUri: string): ClientOAuth2Options {
	const scope = String(credential.scope ?? 'openid');
	const options: ClientOAuth2Options = {
		clientId: String(credential.clientId),
		clientSecret: String(credential.clientSecret ?? ''),
		accessTokenUri: String(credential.accessTokenUrl ?? ''),
		authorizationUri: String(credential.authUrl ?? ''),
		authentication: (credential.authentication as 'header' | 'body') ?? 'header',
		redirectUri,
		scopes: scope.split(scope.includes(',') ? ',' : ' ').filter((entry) => entry !== ''),
		scopesSeparator: scope.includes(',') ? ',' : ' ',
		ignoreSSLIssues: false,
	};
	if (line === '2.x' && typeof credential.resource === 'string' && credential.resource !== '') options.resource = credential.resource;
	if (typeof credential.additionalBodyProperties === 'string' && credential.additionalBodyProperties !== '') {
		options.body = JSON.parse(credential.additionalBodyProperties) as Record<string, string>;
	}
	if (typeof credential.authQueryParameters === 'string' && credential.authQueryParameters !== '') {
		options.query = Object.fromEntries(new URLSearchParams(credential.authQueryParameters));
	}
	return options;
}

/**
 * "Connect my account" for the stored credential `id`, as n8n of `line` does it; stores the tokens in
 * its oauthTokenData. Returns the authorization URL n8n would have opened.
 */
export async function connectLikeN8n(
	credentials: ResolvingCredentials,
	line: N8nLine,
	login: { username: string; password: string },
	id = 'cred-1',
): Promise<{ authorizationUrl: string }> {
	const credential = await credentials.resolved(id);
	const redirectUri = 'http://localhost:5678/rest/oauth2-credential/callback';
	const options = clientOptions(credential, line, redirectUri);
	const client = new ClientOAuth2({ ...options, state: 'n8n-state' });
	const authorizationUrl = client.code.getUri();
	const page = await fetch(authorizationUrl, { redirect: 'manual' });
	const html = await page.text();
	if (!page.ok) throw new Error(`The authorization page answered ${page.status}: ${html.replace(/<style[\s\S]*?<\/style>/gi, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').slice(0, 300)}`);
	const form = parseLoginForm(html, authorizationUrl);
	const consent = await fetch(form.action, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({ ...form.fields, ...login, allowed: 'true' }),
		redirect: 'manual',
	});
	const location = consent.headers.get('location');
	if (!location) throw new Error(`Signing in did not redirect back (${consent.status})`);
	// As the controller: body authentication sends the client in the body, beside Additional Body Properties.
	const body = options.authentication === 'body' ? { ...(options.body ?? {}), client_id: options.clientId, client_secret: options.clientSecret } : undefined;
	const exchanging = body ? new ClientOAuth2({ ...options, clientSecret: undefined }) : client;
	const token = await exchanging.code.getToken(location, body ? { body } : {});
	const stored = credentials.get(id) ?? {};
	credentials.set(id, { ...stored, oauthTokenData: token.data as unknown as IDataObject });
	return { authorizationUrl };
}
