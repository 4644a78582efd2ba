/**
 * The Print Store node under every sandbox profile: each of the seven operations gives the right
 * output, and each error the service's words, whichever of the plausible answers the service gives
 * where the spec is silent (error body shape, 200 {} or 204 on DELETE, _meta or not, callback
 * shape, query strings dropped). Run by n8n's engine against a sandbox started with the profile.
 */
import type { IDataObject } from 'n8n-workflow';

import { runPrintStore } from '../helpers/engine';
import { credentialsFor, crmOrderItem, useSandbox } from '../helpers/sandbox';

const PROFILE_SETS: string[][] = [
	[],
	['callback-shape-alt'],
	['strip-query'],
	['gateway-errors'],
	['aspnet-errors'],
	['delete-204'],
	['no-meta'],
	['history-newest-first'],
	['results-reordered'],
	// Profiles combine: everything that can be on at once.
	['callback-shape-alt', 'strip-query', 'gateway-errors', 'delete-204', 'no-meta', 'history-newest-first', 'results-reordered'],
];

const locator = (value: string, mode = 'id') => ({ __rl: true, mode, value });

describe.each(PROFILE_SETS.map((profiles) => [profiles.join(', ') || 'no profile', profiles] as const))('under %s', (_label, profiles) => {
	const env = useSandbox({ profiles });
	const withMeta = !profiles.includes('no-meta');
	const newestFirst = profiles.includes('history-newest-first');

	const orders = (operation: string, extra: Record<string, unknown> = {}) => ({
		resource: 'order',
		operation,
		storeId: env.sandbox.storeId,
		inputMode: 'json',
		orderItemJson: '={{ JSON.stringify($json.order) }}',
		...extra,
	});
	const records = (count: number, bad: Record<number, Record<string, unknown>> = {}) =>
		Array.from({ length: count }, (_, index) => ({ order: crmOrderItem(index, bad[index] ?? {}) }));

	async function createOne(): Promise<IDataObject> {
		const result = await runPrintStore({ parameters: orders('create'), items: records(1), credentials: await credentialsFor(env.sandbox) });
		expect(result.error).toBeUndefined();
		return result.json[0];
	}

	/** The error as the user sees it: the item's output with Continue On Fail. */
	async function failing(parameters: Record<string, unknown>, username?: string, overrides: Record<string, unknown> = {}) {
		const result = await runPrintStore({ parameters, credentials: await credentialsFor(env.sandbox, username, overrides), continueOnFail: true });
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(1);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		return result.json[0] as { error: string; description: string; httpCode: string };
	}

	describe('the seven operations', () => {
		test('Join With Invite Key returns the store', async () => {
			const result = await runPrintStore({
				parameters: { resource: 'store', operation: 'joinWithInviteKey', inviteKey: env.sandbox.inviteKey },
				credentials: await credentialsFor(env.sandbox),
			});
			expect(result.error).toBeUndefined();
			expect(result.json).toEqual([
				expect.objectContaining({ StoreID: 'store_joinable', CompanyName: 'Join Me Print Shop', BudgetEnabled: true }),
			]);
		});

		test('Get Price Quote gives one quote per item', async () => {
			const result = await runPrintStore({ parameters: orders('getPriceQuote'), items: records(2), credentials: await credentialsFor(env.sandbox) });
			expect(result.error).toBeUndefined();
			const quotes = result.json as Array<{ PartnerOrderReference: string; items: Array<{ Quantity: number; itemPrice: { PrintPrice: number } }> }>;
			expect(quotes.map((q) => [q.PartnerOrderReference, q.items[0].Quantity, q.items[0].itemPrice.PrintPrice])).toEqual([
				['crm-0', 100, 49],
				['crm-1', 101, 49.49],
			]);
			expect((await env.api.counts()).total).toBe(0);
		});

		test('Create, single: the order, with _meta exactly when the service sends it', async () => {
			const order = await createOne();
			expect(order).toMatchObject({ PartnerOrderReference: 'crm-0', StoreID: 'store_main', StatusID: 1, StatusDescription: 'Received', Completed: false });
			expect(order.ID).toMatch(/^ord_[0-9a-f]{16}$/);
			expect(order.OrderNumber).toMatch(/^PS-\d+$/);
			expect('_meta' in order).toBe(withMeta);
			if (withMeta) expect(order._meta).toEqual({ Messages: [], ChangeType: 'Created' });
		});

		test('Create, batched: 5 items in batches of 2, each created once and paired', async () => {
			const result = await runPrintStore({
				parameters: orders('create', { options: { batchSize: 2 } }),
				items: records(5),
				credentials: await credentialsFor(env.sandbox),
			});
			expect(result.error).toBeUndefined();
			expect(result.json.map((order) => order.PartnerOrderReference)).toEqual(['crm-0', 'crm-1', 'crm-2', 'crm-3', 'crm-4']);
			expect(result.items.map((item) => item.pairedItem)).toEqual([0, 1, 2, 3, 4].map((item) => ({ item })));
			const creates = (await env.api.requests()).filter((entry) => entry.method === 'POST' && entry.path.endsWith('/order'));
			expect(creates).toHaveLength(3);
			const counts = await env.api.counts();
			expect(counts.total).toBe(5);
			expect(Object.values(counts.byPartnerOrderReference)).toEqual([1, 1, 1, 1, 1]);
		});

		test('Get, by ID and by order number', async () => {
			const created = await createOne();
			const credentials = await credentialsFor(env.sandbox);
			for (const [mode, value] of [['id', created.ID], ['orderNumber', created.OrderNumber]] as const) {
				const result = await runPrintStore({
					parameters: { resource: 'order', operation: 'get', storeId: env.sandbox.storeId, orderId: locator(String(value), mode) },
					credentials,
				});
				expect(result.error).toBeUndefined();
				expect(result.json).toHaveLength(1);
				expect(result.json[0]).toMatchObject({ ID: created.ID, OrderNumber: created.OrderNumber, PartnerOrderReference: 'crm-0', StatusDescription: 'Received' });
				expect((result.json[0].OrderDetails as { Recipient: IDataObject }).Recipient.Postalcode).toBe('62701');
				expect('_meta' in result.json[0]).toBe(withMeta);
			}
		});

		test('Get Status History: every record, or the latest only', async () => {
			const created = await createOne();
			await env.api.advance(String(created.ID), { toStatusId: 4 });
			const credentials = await credentialsFor(env.sandbox);
			const parameters = { resource: 'order', operation: 'getStatusHistory', storeId: env.sandbox.storeId, orderId: locator(String(created.OrderNumber), 'orderNumber') };
			const all = await runPrintStore({ parameters, credentials });
			expect(all.error).toBeUndefined();
			// One item per record, in the order the service lists them.
			const listed = [
				[1, 'Received'],
				[2, 'In Production'],
				[3, 'Printed'],
				[4, 'Shipped'],
			];
			expect(all.json.map((record) => [record.StatusID, record.StatusDescription])).toEqual(newestFirst ? listed.reverse() : listed);
			expect(all.json.every((record) => '_meta' in record === withMeta)).toBe(true);
			const latest = await runPrintStore({ parameters: { ...parameters, statusOptions: { latestOnly: true } }, credentials });
			expect(latest.json).toHaveLength(1);
			expect(latest.json[0]).toMatchObject({ OrderID: created.ID, StatusDescription: 'Shipped', TrackingNumber: expect.stringMatching(/^1ZPS\d{10}$/) });
		});

		test('Wait Until Status: an order already past the statuses waited for is released by the first of them it reached', async () => {
			const created = await createOne();
			await env.api.advance(String(created.ID), { toStatusId: 5 });
			const result = await runPrintStore({
				parameters: {
					resource: 'order',
					operation: 'waitForStatus',
					storeId: env.sandbox.storeId,
					orderId: locator(String(created.ID)),
					waitFor: ['Printed', 'Delivered'],
					timeLimit: 1,
					timeLimitUnit: 'hours',
				},
				credentials: await credentialsFor(env.sandbox),
			});
			expect(result.error).toBeUndefined();
			expect(result.run.waitTill).toBeUndefined();
			expect(result.json[0]).toMatchObject({ orderId: created.ID, outcome: 'reached', resumedBy: 'alreadyThere' });
			expect((result.json[0].status as IDataObject).StatusDescription).toBe('Printed');
			// The history as the service listed it.
			const listed = ['Received', 'In Production', 'Printed', 'Shipped', 'Delivered'];
			expect((result.json[0].statusHistory as IDataObject[]).map((record) => record.StatusDescription)).toEqual(newestFirst ? listed.reverse() : listed);
		});

		test('Get Current user', async () => {
			const result = await runPrintStore({ parameters: { resource: 'user', operation: 'getCurrent' }, credentials: await credentialsFor(env.sandbox) });
			expect(result.error).toBeUndefined();
			expect(result.json).toHaveLength(1);
			expect(result.json[0]).toMatchObject({ ID: 'usr_alice', Username: 'alice', UsernameWithDomain: 'alice@print-store.test', IsServiceUser: false });
			expect('_meta' in result.json[0]).toBe(withMeta);
		});

		test('Remove Application Association: a success item, and the association is gone', async () => {
			const parameters = { resource: 'store', operation: 'removeApplicationAssociation', applicationId: env.sandbox.applicationId, storeId: env.sandbox.storeId };
			const result = await runPrintStore({ parameters, credentials: await credentialsFor(env.sandbox) });
			expect(result.error).toBeUndefined();
			expect(result.json).toEqual([{ success: true, applicationId: 'app_sandbox_main', storeId: 'store_main' }]);
			const removal = (await env.api.requests()).filter((entry) => entry.method === 'DELETE');
			expect(removal.map((entry) => entry.status)).toEqual([profiles.includes('delete-204') ? 204 : 200]);
			// Pricing there now fails: the service really removed it.
			const price = await failing({ ...orders('getPriceQuote'), orderItemJson: JSON.stringify(crmOrderItem(0)) });
			expect(price.error).toBe('Invalid store');
			expect(price.description).toContain("Service says: Invalid store 'store_main': the calling application is not associated with this store");
		});
	});

	describe('errors in the service words', () => {
		test('a batch with one bad item: that item gets its own error, the others are created', async () => {
			const result = await runPrintStore({
				parameters: orders('create'),
				items: records(3, { 1: { Product: { ID: 'no-such-product', Quantity: 1 } } }),
				credentials: await credentialsFor(env.sandbox),
				continueOnFail: true,
			});
			expect(result.error).toBeUndefined();
			expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
			expect(result.json.map((json) => json.PartnerOrderReference ?? null)).toEqual(['crm-0', null, 'crm-2']);
			expect(result.json[1].error).toMatch(/^The service rejected item 1: Product\.ID: .*'no-such-product' is not a product of the catalogue$|^The service rejected item 1: Product\.ID 'no-such-product' is not a product of the catalogue$/);
			expect(result.json[1].httpCode).toBe('400');
			const counts = await env.api.counts();
			expect(counts.byPartnerOrderReference).toEqual({ 'crm-0': 1, 'crm-2': 1 });
		});

		test('a batch with two bad items: each error names only its own problem', async () => {
			const result = await runPrintStore({
				parameters: orders('create'),
				items: records(4, {
					1: { Product: { ID: 'no-such-product', Quantity: 1 } },
					3: { Product: { ID: 'postcard-4x6', Quantity: 1, DeliveryMethod: 'Teleport' } },
				}),
				credentials: await credentialsFor(env.sandbox),
				continueOnFail: true,
			});
			expect(result.error).toBeUndefined();
			expect(result.json.map((json) => (json.error ? 'error' : json.PartnerOrderReference))).toEqual(['crm-0', 'error', 'crm-2', 'error']);
			const [first, second] = [String(result.json[1].error), String(result.json[3].error)];
			expect(first).toMatch(/^The service rejected item 1: .*'no-such-product' is not a product of the catalogue$/);
			expect(first).not.toMatch(/Teleport|Items\[/);
			expect(second).toMatch(/^The service rejected item 3: .*'Teleport' is not supported; use one of Standard, Express, Overnight, Pickup, Mail, EDDM$/);
			expect(second).not.toMatch(/no-such-product|Items\[/);
			expect((await env.api.counts()).byPartnerOrderReference).toEqual({ 'crm-0': 1, 'crm-2': 1 });
		});

		test('401: invalid credentials, with the service message', async () => {
			const error = await failing({ resource: 'user', operation: 'getCurrent' }, undefined, { subscriptionKey: 'not-the-key' });
			expect([error.error, error.httpCode]).toEqual(['Invalid credentials', '401']);
			expect(error.description).toContain(
				'Service says: Invalid subscription key: the Ocp-Apim-Subscription-Key header does not match any subscription',
			);
			expect(JSON.stringify(error)).not.toContain('not-the-key');
		});

		test('403: insufficient permissions, with the service message', async () => {
			const error = await failing({ ...orders('create'), orderItemJson: JSON.stringify(crmOrderItem(0)) }, 'carol');
			expect([error.error, error.httpCode]).toEqual(['Insufficient permissions', '403']);
			expect(error.description).toContain('Service says: Insufficient privileges: this operation needs Order.Self.Write or Order.All.Write');
			expect((await env.api.counts()).total).toBe(0);
		});

		test('404: order not found, with the service message', async () => {
			const error = await failing({ resource: 'order', operation: 'get', storeId: env.sandbox.storeId, orderId: locator('ord_nope') });
			expect([error.error, error.httpCode]).toEqual(['The requested order does not exist', '404']);
			expect(error.description).toContain("Service says: Order 'ord_nope' does not exist in store 'store_main'");
		});

		test('404 on join: store unavailable, with the service message', async () => {
			const error = await failing({ resource: 'store', operation: 'joinWithInviteKey', inviteKey: 'INVITE-CLOSED-0001' });
			expect([error.error, error.httpCode]).toEqual(['Store unavailable', '404']);
			expect(error.description).toContain('Service says: Store unavailable: the store of this invite key is closed');
		});

		test('400 on create for a store the application is not associated with: invalid store', async () => {
			const error = await failing({ ...orders('create'), storeId: 'store_unassociated', orderItemJson: JSON.stringify(crmOrderItem(0)) });
			expect([error.error, error.httpCode]).toEqual(['Invalid store', '400']);
			expect(error.description).toContain(
				"Service says: Invalid store 'store_unassociated': the calling application is not associated with this store",
			);
		});

		test('400 on join: the invite key has already been used', async () => {
			const error = await failing({ resource: 'store', operation: 'joinWithInviteKey', inviteKey: 'INVITE-USED-0001' });
			expect([error.error, error.httpCode]).toEqual(['The invite key has already been used', '400']);
			expect(error.description).toContain('Service says: This invite key has already been used');
		});

		test('400 on removing an association that does not exist', async () => {
			const error = await failing({ resource: 'store', operation: 'removeApplicationAssociation', applicationId: 'app_sandbox_other', storeId: env.sandbox.storeId });
			expect([error.error, error.httpCode]).toEqual(['Insufficient privileges, or no association exists between the application and the store', '400']);
			expect(error.description).toContain("Service says: No association exists between application 'app_sandbox_other' and store 'store_main'");
		});
	});
});

describe('profiles switched at run time through the control API', () => {
	const env = useSandbox();

	test('the same sandbox answers the node one way, then the other; reset returns to the start set', async () => {
		const credentials = await credentialsFor(env.sandbox);
		const get = { resource: 'order', operation: 'get', storeId: env.sandbox.storeId, orderId: locator('ord_nope') };
		expect(await env.api.setProfiles(['aspnet-errors', 'no-meta'])).toEqual(['aspnet-errors', 'no-meta']);
		const user = await runPrintStore({ parameters: { resource: 'user', operation: 'getCurrent' }, credentials });
		expect([user.json[0].ID, '_meta' in user.json[0]]).toEqual(['usr_alice', false]);
		const notFound = await runPrintStore({ parameters: get, credentials, continueOnFail: true });
		expect(notFound.json[0].error).toBe('The requested order does not exist');
		expect(notFound.json[0].description).toContain("Service says: Order 'ord_nope' does not exist in store 'store_main'");
		await env.api.reset();
		expect(await env.api.profiles()).toEqual([]);
		const again = await runPrintStore({ parameters: { resource: 'user', operation: 'getCurrent' }, credentials });
		expect(again.json[0]._meta).toEqual({ Messages: [] });
	});
});

describe('results in another order than sent (results-reordered)', () => {
	const env = useSandbox({ profiles: ['results-reordered'] });

	test('items without their own Partner Order Reference cannot be paired: they fail with the reason, and nothing is paired wrongly', async () => {
		const items = [0, 1, 2].map((index) => ({ order: crmOrderItem(index, { PartnerOrderReference: index === 1 ? 'crm-0' : `crm-${index}` }) }));
		const result = await runPrintStore({
			parameters: { resource: 'order', operation: 'create', storeId: env.sandbox.storeId, inputMode: 'json', orderItemJson: '={{ JSON.stringify($json.order) }}' },
			items,
			credentials: await credentialsFor(env.sandbox),
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.json.map((item) => item.error)).toEqual(Array(3).fill('The service answered with results the node cannot match to the input items'));
		expect(String(result.json[0].description)).toMatch(/give every item its own Partner Order Reference\). Orders may have been created: check the store before running these items again\.$/);
		expect(result.items.map((item) => item.pairedItem)).toEqual([0, 1, 2].map((item) => ({ item })));
		// The service did create them: the error says so, and nothing was sent twice.
		expect((await env.api.counts()).total).toBe(3);
	});

	test('one item without a Partner Order Reference among referenced ones: no reference is no name to pair by', async () => {
		const items = [{ order: crmOrderItem(0) }, { order: crmOrderItem(1, { PartnerOrderReference: undefined }) }];
		const result = await runPrintStore({
			parameters: { resource: 'order', operation: 'getPriceQuote', storeId: env.sandbox.storeId, inputMode: 'json', orderItemJson: '={{ JSON.stringify($json.order) }}' },
			items,
			credentials: await credentialsFor(env.sandbox),
			continueOnFail: true,
		});
		expect(result.json.map((item) => item.error)).toEqual(Array(2).fill('The service answered with results the node cannot match to the input items'));
	});
});
