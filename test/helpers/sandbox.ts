/** Starts a sandbox for a test file and talks to its control API. */
import axios from 'axios';

import type { Sandbox, SandboxOptions } from '../../sandbox/server';
import { startSandbox } from '../../sandbox/server';
import { StoredCredentials } from './engine';

export type { Sandbox };

export interface LoggedRequest {
	seq: number;
	method: string;
	rawPath: string;
	path: string;
	headersPresent: string[];
	hasSubscriptionKey: boolean;
	subscriptionKeyValid: boolean;
	status: number;
}

export async function startTestSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	return await startSandbox({ port: 0, control: true, callbackBaseDelayMs: 50, ...options });
}

export function control(sandbox: Sandbox) {
	const http = axios.create({ baseURL: `${sandbox.baseUrl}/_sandbox`, validateStatus: () => true });
	// eslint-disable-next-line @typescript-eslint/no-explicit-any -- control API answers are JSON
	const ok = (response: { status: number; data: any }) => {
		if (response.status >= 300) throw new Error(`control API answered ${response.status}: ${JSON.stringify(response.data)}`);
		return response.data;
	};
	return {
		reset: async () => ok(await http.post('/reset', {})),
		requests: async (): Promise<LoggedRequest[]> => ok(await http.get('/requests')).requests,
		clearRequests: async () => ok(await http.delete('/requests')),
		counts: async (): Promise<{ total: number; byStore: Record<string, number>; byPartnerOrderReference: Record<string, number> }> =>
			ok(await http.get('/counts')),
		advance: async (orderId: string, body: { toStatusId?: number; fail?: boolean } = {}) =>
			ok(await http.post(`/orders/${encodeURIComponent(orderId)}/advance`, body)),
		expireTokens: async () => ok(await http.post('/tokens/expire', {})),
		faults: async (config: Record<string, number>) => ok(await http.post('/faults', config)),
		clearFaults: async () => ok(await http.delete('/faults')),
		callbacks: async (): Promise<Array<Record<string, unknown>>> => ok(await http.get('/callbacks')).deliveries,
		tokens: async (username: string) => ok(await http.post('/tokens', { username })),
	};
}

/** A credential as n8n stores it after "Connect my account" against the sandbox. */
export function credentialData(sandbox: Sandbox, tokens = sandbox.tokens, overrides: Record<string, unknown> = {}) {
	return {
		baseUrl: `${sandbox.baseUrl}/`,
		authUrl: sandbox.authorizationUrl,
		accessTokenUrl: sandbox.tokenUrl,
		clientId: sandbox.clientId,
		clientSecret: sandbox.clientSecret,
		subscriptionKey: sandbox.subscriptionKey,
		oauthTokenData: { access_token: tokens.accessToken, refresh_token: tokens.refreshToken, token_type: 'Bearer' },
		...overrides,
	};
}

export async function credentialsFor(sandbox: Sandbox, username?: string, overrides: Record<string, unknown> = {}) {
	const credentials = new StoredCredentials();
	const tokens = username ? await sandbox.issueTokens(username) : sandbox.tokens;
	credentials.set('cred-1', credentialData(sandbox, tokens, overrides));
	return credentials;
}

/** A CRM-style record turned into an order item, as users map them. */
export function crmOrderItem(index: number, overrides: Record<string, unknown> = {}) {
	return {
		Product: { ID: 'postcard-4x6', Quantity: 100 + index, DeliveryMethod: 'Standard' },
		Recipient: {
			NameFirst: `Customer${index}`,
			NameLast: 'Example',
			AddressLine1: `${index} Main Street`,
			City: 'Springfield',
			Province: 'IL',
			Postalcode: '62701',
			Country: 'US',
		},
		PartnerOrderReference: `crm-${index}`,
		...overrides,
	};
}
