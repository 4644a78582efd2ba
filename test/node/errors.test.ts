/**
 * Every documented error of every operation, as the node reports it: the spec's meaning in the
 * message, what to do in the description, the service's messages, and never a secret.
 */
import type { ExecutionError } from 'n8n-workflow';

import { runPrintStore } from '../helpers/engine';
import { credentialsFor, crmOrderItem, useSandbox } from '../helpers/sandbox';

const env = useSandbox();

const UNASSOCIATED_STORE = 'store_unassociated';

function secretsOf(s: typeof env.sandbox) {
	return [s.subscriptionKey, s.clientSecret, s.tokens.accessToken, s.tokens.refreshToken];
}

function expectError(error: ExecutionError | undefined, message: string, httpCode: string, descriptionPart?: RegExp) {
	expect(error).toBeDefined();
	expect(error!.message).toBe(message);
	expect((error as { httpCode?: string }).httpCode).toBe(httpCode);
	expect(error!.context?.itemIndex).toBe(0);
	if (descriptionPart) expect(error!.description).toMatch(descriptionPart);
	const serialized = JSON.stringify(error);
	for (const secret of secretsOf(env.sandbox)) expect(serialized).not.toContain(secret);
}

const order = (operation: string, storeId: string) => ({
	resource: 'order',
	operation,
	storeId,
	inputMode: 'json',
	orderItemJson: JSON.stringify(crmOrderItem(1)),
});
const locator = (value: string) => ({ __rl: true, mode: 'id', value });

describe('invalid credentials (401) on every operation', () => {
	const operations: Array<[string, () => Record<string, unknown>]> = [
		['join with invite key', () => ({ resource: 'store', operation: 'joinWithInviteKey', inviteKey: env.sandbox.inviteKey })],
		['price', () => order('getPriceQuote', env.sandbox.storeId)],
		['create', () => order('create', env.sandbox.storeId)],
		['get', () => ({ resource: 'order', operation: 'get', storeId: env.sandbox.storeId, orderId: locator('ord_x') })],
		['status history', () => ({ resource: 'order', operation: 'getStatusHistory', storeId: env.sandbox.storeId, orderId: locator('ord_x') })],
		['current user', () => ({ resource: 'user', operation: 'getCurrent' })],
		[
			'remove association',
			() => ({ resource: 'store', operation: 'removeApplicationAssociation', applicationId: env.sandbox.applicationId, storeId: env.sandbox.storeId }),
		],
	];

	test.each(operations)('%s with a wrong subscription key', async (_name, parameters) => {
		const credentials = await credentialsFor(env.sandbox, undefined, { subscriptionKey: 'not-the-key' });
		const result = await runPrintStore({ parameters: parameters(), credentials });
		expectError(result.error, 'Invalid credentials', '401', /Subscription Key/);
		expect(JSON.stringify(result.error)).not.toContain('not-the-key');
		expect((await env.api.counts()).total).toBe(0);
		// A lasting 401 is reported after one token refresh: the request, once more for n8n to refresh
		// the token, once with the new token; never retried as if nothing had happened.
		const logged = await env.api.requests();
		expect(logged.filter((entry) => entry.path === '/oauth/token')).toHaveLength(1);
		expect(credentials.tokenUpdates).toHaveLength(1);
		expect(logged.filter((entry) => entry.path.startsWith('/api/v1/') && entry.status === 401)).toHaveLength(3);
	});

	test.each(operations)('%s with a revoked refresh token and an expired access token', async (_name, parameters) => {
		const credentials = await credentialsFor(env.sandbox, undefined, {
			oauthTokenData: { access_token: 'expired-token', refresh_token: 'revoked-refresh-token', token_type: 'Bearer' },
		});
		const result = await runPrintStore({ parameters: parameters(), credentials });
		expect(result.error).toBeDefined();
		// n8n-core reports a refresh the service refuses as a credential to reconnect.
		expect(result.error!.message).toMatch(/^The Print Store credential could not be used: .*needs to be reconnected/);
		expect(result.error!.description).toMatch(/Connect my account/);
		expect(JSON.stringify(result.error)).not.toContain('revoked-refresh-token');
	});
});

describe('Join With Invite Key', () => {
	test('400: the invite key has already been used', async () => {
		const result = await runPrintStore({
			parameters: { resource: 'store', operation: 'joinWithInviteKey', inviteKey: 'INVITE-USED-0001' },
			credentials: await credentialsFor(env.sandbox),
		});
		expectError(result.error, 'The invite key has already been used', '400', /new invite key/);
	});

	test('the same key twice: joined once, then 400 already used', async () => {
		const credentials = await credentialsFor(env.sandbox);
		const parameters = { resource: 'store', operation: 'joinWithInviteKey', inviteKey: env.sandbox.inviteKey };
		expect((await runPrintStore({ parameters, credentials })).error).toBeUndefined();
		expectError((await runPrintStore({ parameters, credentials })).error, 'The invite key has already been used', '400');
	});

	test.each([['the key of a closed store', 'INVITE-CLOSED-0001'], ['an unknown key', 'NO-SUCH-KEY']])(
		'404 store unavailable for %s',
		async (_name, inviteKey) => {
			const result = await runPrintStore({
				parameters: { resource: 'store', operation: 'joinWithInviteKey', inviteKey },
				credentials: await credentialsFor(env.sandbox),
			});
			expectError(result.error, 'Store unavailable', '404', /invite key/);
		},
	);
});

describe('invalid store (400)', () => {
	test.each([
		['price, store not associated with the application', 'getPriceQuote', UNASSOCIATED_STORE],
		['price, unknown store', 'getPriceQuote', 'store_nope'],
		['create, store not associated with the application', 'create', UNASSOCIATED_STORE],
		['create, unknown store', 'create', 'store_nope'],
	])('%s', async (_name, operation, storeId) => {
		const result = await runPrintStore({ parameters: order(operation, storeId), credentials: await credentialsFor(env.sandbox) });
		expectError(result.error, 'Invalid store', '400', /^Check the store, and that the connected account/);
		expect(result.error!.description).toMatch(/Service says: /);
		expect((await env.api.counts()).total).toBe(0);
	});

	test.each([['get'], ['getStatusHistory']])('%s in a store the user is not related to', async (operation) => {
		const result = await runPrintStore({
			parameters: { resource: 'order', operation, storeId: 'store_nope', orderId: locator('ord_x') },
			credentials: await credentialsFor(env.sandbox),
		});
		expectError(result.error, 'Invalid store', '400');
	});

	test('an invalid store costs three requests for a whole batch, not one per item', async () => {
		const result = await runPrintStore({
			parameters: { ...order('create', UNASSOCIATED_STORE), orderItemJson: '={{ JSON.stringify($json.order) }}' },
			items: Array.from({ length: 40 }, (_, index) => ({ order: crmOrderItem(index) })),
			credentials: await credentialsFor(env.sandbox),
			continueOnFail: true,
		});
		expect(result.json).toHaveLength(40);
		expect(result.json.every((item) => item.error === 'Invalid store')).toBe(true);
		const creates = (await env.api.requests()).filter((entry) => entry.method === 'POST' && entry.path.endsWith('/order'));
		expect(creates).toHaveLength(3);
	});
});

describe('order not found (404)', () => {
	test.each([['get'], ['getStatusHistory']])('%s of an order that does not exist', async (operation) => {
		const result = await runPrintStore({
			parameters: { resource: 'order', operation, storeId: env.sandbox.storeId, orderId: locator('ord_does_not_exist') },
			credentials: await credentialsFor(env.sandbox),
		});
		expectError(result.error, 'The requested order does not exist', '404', /order number/);
	});

	test("without Order.All.Read another user's order is not found", async () => {
		const created = await runPrintStore({ parameters: order('create', env.sandbox.storeId), credentials: await credentialsFor(env.sandbox) });
		const orderId = String(created.json[0].ID);
		const asBob = await credentialsFor(env.sandbox, 'bob');
		for (const operation of ['get', 'getStatusHistory']) {
			const result = await runPrintStore({
				parameters: { resource: 'order', operation, storeId: env.sandbox.storeId, orderId: locator(orderId) },
				credentials: asBob,
			});
			expectError(result.error, 'The requested order does not exist', '404', /Order\.All\.Read/);
		}
	});
});

describe('Remove Application Association', () => {
	const remove = (storeId: string) => ({
		resource: 'store',
		operation: 'removeApplicationAssociation',
		applicationId: env.sandbox.applicationId,
		storeId,
	});

	test('400 when no association exists', async () => {
		const credentials = await credentialsFor(env.sandbox);
		expect((await runPrintStore({ parameters: remove(env.sandbox.storeId), credentials })).error).toBeUndefined();
		const again = await runPrintStore({ parameters: remove(env.sandbox.storeId), credentials });
		expectError(again.error, 'Insufficient privileges, or no association exists between the application and the store', '400');
	});

	test('400 with insufficient privileges', async () => {
		const result = await runPrintStore({ parameters: remove(env.sandbox.storeId), credentials: await credentialsFor(env.sandbox, 'bob') });
		expectError(result.error, 'Insufficient privileges, or no association exists between the application and the store', '400', /permissions/);
	});
});

describe('continue on fail', () => {
	test('an API error becomes that item\'s output; the other items go on', async () => {
		const created = await runPrintStore({ parameters: order('create', env.sandbox.storeId), credentials: await credentialsFor(env.sandbox) });
		const realId = String(created.json[0].ID);
		const result = await runPrintStore({
			parameters: { resource: 'order', operation: 'get', storeId: env.sandbox.storeId, orderId: locator('={{ $json.id }}') },
			items: [{ id: realId }, { id: 'ord_missing' }, { id: realId }],
			credentials: await credentialsFor(env.sandbox),
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.json.map((item) => item.ID ?? item.error)).toEqual([realId, 'The requested order does not exist', realId]);
		expect(result.json[1].httpCode).toBe('404');
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});
});
