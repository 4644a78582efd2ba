/** Starts a sandbox for a test file and talks to its control API. */
import { SandboxControl } from '../../scripts/n8n/sandbox-control';
import type { Sandbox, SandboxOptions } from '../../sandbox/server';
import { startSandbox } from '../../sandbox/server';
import { StoredCredentials } from './engine';

export type { Sandbox };

export async function startTestSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	return await startSandbox({ port: 0, control: true, callbackBaseDelayMs: 50, ...options });
}

export function control(sandbox: Sandbox): SandboxControl {
	return new SandboxControl({
		baseUrl: sandbox.baseUrl,
		subscriptionKey: sandbox.subscriptionKey,
		accessToken: sandbox.tokens.accessToken,
	});
}

/**
 * One sandbox for a test file: started before its tests, reset to the seed before each, closed
 * after. Read `.sandbox` and `.api` inside tests.
 */
export function useSandbox(options: SandboxOptions = {}, { resetEach = true } = {}) {
	const context = {} as { sandbox: Sandbox; api: SandboxControl };
	beforeAll(async () => {
		context.sandbox = await startTestSandbox(options);
		context.api = control(context.sandbox);
	});
	afterAll(async () => await context.sandbox?.close());
	if (resetEach) beforeEach(async () => await context.api.reset());
	return context;
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

/** Price or Create parameters reading each input item's `storeId` and `order` (an order item, as JSON). */
export const fromItems = (operation: string, options: Record<string, unknown> = {}) => ({
	resource: 'order',
	operation,
	storeId: '={{ $json.storeId }}',
	inputMode: 'json',
	orderItemJson: '={{ JSON.stringify($json.order) }}',
	options,
});

/**
 * Create (or Get Price Quote) parameters for one order item as JSON per input item: a fixed order
 * item, or by default each input item's `order` field.
 */
export const jsonOrders = (storeId: string, options: Record<string, unknown> = {}, orderItem?: unknown, operation = 'create') => ({
	resource: 'order',
	operation,
	storeId,
	inputMode: 'json',
	orderItemJson: orderItem === undefined ? '={{ JSON.stringify($json.order) }}' : JSON.stringify(orderItem),
	...(Object.keys(options).length > 0 ? { options } : {}),
});
