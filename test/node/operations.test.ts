/**
 * Every operation of the Print Store node, run by n8n's engine against a live env.sandbox, checked field
 * by field, plus the subscription key on every call and a token refreshed when it expires.
 */
import { runPrintStore } from '../helpers/engine';
import { control, credentialsFor, crmOrderItem, startTestSandbox, useSandbox } from '../helpers/sandbox';

const env = useSandbox();

const jsonOrder = (storeId: string, orderItem: object, extra: object = {}) => ({
	resource: 'order',
	storeId,
	inputMode: 'json',
	orderItemJson: JSON.stringify(orderItem),
	...extra,
});

async function createOrders(count: number) {
	const result = await runPrintStore({
		parameters: { ...jsonOrder(env.sandbox.storeId, {}), operation: 'create', orderItemJson: '={{ JSON.stringify($json.order) }}' },
		items: Array.from({ length: count }, (_, index) => ({ order: crmOrderItem(index) })),
		credentials: await credentialsFor(env.sandbox),
	});
	expect(result.error).toBeUndefined();
	return result.json;
}

describe('Store > Join With Invite Key', () => {
	test('returns the store the user joined, with every field of the spec', async () => {
		const result = await runPrintStore({
			parameters: { resource: 'store', operation: 'joinWithInviteKey', inviteKey: env.sandbox.inviteKey },
			credentials: await credentialsFor(env.sandbox),
		});
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(1);
		const store = result.json[0];
		expect(Object.keys(store).sort()).toEqual(['BudgetDuration', 'BudgetEnabled', 'BudgetTypes', 'CompanyName', 'StoreID'].sort());
		expect(typeof store.StoreID).toBe('string');
		expect(store.StoreID).not.toBe('');
		expect(typeof store.CompanyName).toBe('string');
		expect(typeof store.BudgetEnabled).toBe('boolean');
		for (const list of [store.BudgetTypes, store.BudgetDuration] as Array<Array<Record<string, unknown>>>) {
			expect(Array.isArray(list)).toBe(true);
			for (const entry of list) expect(Object.keys(entry).sort()).toEqual(['Description', 'Value']);
		}
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});
});

describe('Order > Get Price Quote', () => {
	test('one quote per item, every item-price and order-price field, paired in order', async () => {
		const result = await runPrintStore({
			parameters: { ...jsonOrder(env.sandbox.storeId, {}), operation: 'getPriceQuote', orderItemJson: '={{ JSON.stringify($json.order) }}' },
			items: [0, 1, 2].map((index) => ({ order: crmOrderItem(index) })),
			credentials: await credentialsFor(env.sandbox),
		});
		expect(result.error).toBeUndefined();
		expect(result.json.map((quote) => quote.PartnerOrderReference)).toEqual(['crm-0', 'crm-1', 'crm-2']);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		const quote = result.json[1] as { items: Array<{ itemPrice: Record<string, number> } & Record<string, unknown>>; orderPrices: Record<string, number> };
		expect(quote.items).toHaveLength(1);
		expect(String(quote.items[0].ProductID)).toBe('postcard-4x6');
		expect(quote.items[0].Quantity).toBe(101);
		const itemPriceFields = [
			'EnvelopePrice', 'MailingPrice', 'PrintingCostEach', 'PrintPrice', 'PromotionalDiscount',
			'RetailFulfillmentPrice', 'RetailPrintPrice', 'RetailReimbursementPrice', 'RetailRushPrice',
			'RetailShippingPrice', 'RushPrice', 'SecondSheetPrice', 'ShipPrice', 'TotalPrice', 'TotalPrintingPrice',
		];
		for (const name of itemPriceFields) expect(typeof quote.items[0].itemPrice[name]).toBe('number');
		const orderPriceFields = [
			'BundleCouponAmount', 'EnvelopeTotalPrice', 'MailingPriceTotal', 'OrderTotalPrice', 'PrintPriceTotal',
			'RushTotalPrice', 'SecondSheetTotal', 'ShipPriceTotal',
		];
		for (const name of orderPriceFields) expect(typeof quote.orderPrices[name]).toBe('number');
		// 101 postcards at the catalogue's 0.49 each.
		expect(quote.items[0].itemPrice.PrintPrice).toBeCloseTo(49.49, 2);
		expect(quote.orderPrices.OrderTotalPrice).toBeGreaterThan(quote.orderPrices.PrintPriceTotal - 0.001);
		// Pricing creates nothing.
		expect((await env.api.counts()).total).toBe(0);
	});

	test('builds the order item from the editor fields, template fields and collections included', async () => {
		const result = await runPrintStore({
			parameters: {
				resource: 'order',
				operation: 'getPriceQuote',
				storeId: env.sandbox.storeId,
				inputMode: 'fields',
				productId: 'letter-2-sheet',
				quantity: 3,
				productOptions: {
					DeliveryMethod: 'Standard',
					templateFields: { field: [{ name: 'headline', value: 'Spring sale' }] },
				},
				recipient: { NameFirst: 'Ada', NameLast: 'Lovelace', AddressLine1: '1 Way', City: 'London', Postalcode: 'N1', Country: 'GB' },
				partnerOrderReference: 'fields-1',
				additionalFields: {
					billingVariables: { variable: [{ key: 'costCenter', value: 'MKT-7' }] },
					customer: { details: { NameFirst: 'Grace', Email: 'grace@example.com' } },
					payments: { payment: [{ ExpectedAmount: 12.5, ID: 'pay-1', Method: 'CreditCard' }] },
				},
			},
			credentials: await credentialsFor(env.sandbox),
		});
		expect(result.error).toBeUndefined();
		const quote = result.json[0] as { PartnerOrderReference: string; items: Array<{ itemPrice: Record<string, number> } & Record<string, unknown>> };
		expect(quote.PartnerOrderReference).toBe('fields-1');
		expect(String(quote.items[0].ProductID)).toBe('letter-2-sheet');
		expect(quote.items[0].Quantity).toBe(3);
		expect(quote.items[0].itemPrice.SecondSheetPrice).toBeGreaterThan(0);
		expect(quote.items[0].itemPrice.EnvelopePrice).toBeGreaterThan(0);
		const logged = (await env.api.requests()).filter((entry) => entry.path.endsWith('/order/price'));
		expect(logged).toHaveLength(1);
	});

	test('Create sends every field given in the editor, in the spec’s names: template fields, customer, payments, billing variables', async () => {
		const result = await runPrintStore({
			parameters: {
				resource: 'order',
				operation: 'create',
				storeId: env.sandbox.storeId,
				inputMode: 'fields',
				productId: 'letter-2-sheet',
				quantity: 3,
				productOptions: { DeliveryMethod: 'Standard', templateFields: { field: [{ name: 'headline', value: 'Spring sale' }] } },
				recipient: { NameFirst: 'Ada', NameLast: 'Lovelace', AddressLine1: '1 Way', City: 'London', Postalcode: 'N1', Country: 'GB' },
				partnerOrderReference: 'fields-2',
				additionalFields: {
					billingVariables: { variable: [{ key: 'costCenter', value: 'MKT-7' }] },
					customer: { details: { NameFirst: 'Grace', Email: 'grace@example.com', PostalCode: 'W1' } },
					payments: { payment: [{ ExpectedAmount: 12.5, ID: 'pay-1', Method: 'CreditCard' }] },
				},
			},
			credentials: await credentialsFor(env.sandbox),
		});
		expect(result.error).toBeUndefined();
		// What the service stored, as it received it.
		const stored = (await env.api.orders()).find((order) => order.ID === result.json[0].ID)!;
		expect(stored.OrderDetails).toMatchObject({
			Product: { ID: 'letter-2-sheet', Quantity: 3, DeliveryMethod: 'Standard', TemplateFields: { headline: 'Spring sale' } },
			Recipient: { NameFirst: 'Ada', NameLast: 'Lovelace', AddressLine1: '1 Way', City: 'London', Postalcode: 'N1', Country: 'GB' },
			Customer: { NameFirst: 'Grace', Email: 'grace@example.com', PostalCode: 'W1' },
			Payments: [{ ExpectedAmount: 12.5, ID: 'pay-1', Method: 'CreditCard' }],
			BillingVariables: [{ key: 'costCenter', value: 'MKT-7' }],
			PartnerOrderReference: 'fields-2',
		});
	});
});

describe('Order > Create', () => {
	test('one order per item with every field of the spec, PartnerOrderReference echoed', async () => {
		const orders = await createOrders(2);
		expect(orders).toHaveLength(2);
		for (const [index, order] of orders.entries()) {
			expect(typeof order.ID).toBe('string');
			expect(typeof order.OrderNumber).toBe('string');
			expect(order.PartnerOrderReference).toBe(`crm-${index}`);
			expect(order.StoreID).toBe(env.sandbox.storeId);
			expect(typeof order.StatusID).toBe('number');
			expect(typeof order.StatusDescription).toBe('string');
			expect(order.Completed).toBe(false);
			expect(Number.isNaN(Date.parse(String(order.Created)))).toBe(false);
			expect(Number.isNaN(Date.parse(String(order.Updated)))).toBe(false);
			const details = order.OrderDetails as Record<string, Record<string, unknown>>;
			expect(details.Product).toEqual({ ID: 'postcard-4x6', Quantity: 100 + index, DeliveryMethod: 'Standard' });
			expect(details.Recipient.NameFirst).toBe(`Customer${index}`);
			expect((order._meta as Record<string, unknown>).ChangeType).toBe('Created');
		}
		expect(new Set(orders.map((order) => order.ID)).size).toBe(2);
		const counts = await env.api.counts();
		expect(counts.byPartnerOrderReference).toEqual({ 'crm-0': 1, 'crm-1': 1 });
	});

	test('custom callback URLs are sent with the order', async () => {
		const result = await runPrintStore({
			parameters: {
				...jsonOrder(env.sandbox.storeId, crmOrderItem(7)),
				operation: 'create',
				statusCallbacks: 'custom',
				statusCallbackUrl: 'http://127.0.0.1:9/status',
				statusDetailsCallbackUrl: 'http://127.0.0.1:9/details',
			},
			credentials: await credentialsFor(env.sandbox),
		});
		expect(result.error).toBeUndefined();
		const details = result.json[0].OrderDetails as Record<string, unknown>;
		expect(details.StatusCallbackUrl).toBe('http://127.0.0.1:9/status');
		expect(details.StatusDetailsCallbackUrl).toBe('http://127.0.0.1:9/details');
	});
});

describe('Order > Get', () => {
	test('by ID and by order number return the same order', async () => {
		const [created] = await createOrders(1);
		const credentials = await credentialsFor(env.sandbox);
		const byId = await runPrintStore({
			parameters: { resource: 'order', operation: 'get', storeId: env.sandbox.storeId, orderId: { __rl: true, mode: 'id', value: created.ID } },
			credentials,
		});
		const byNumber = await runPrintStore({
			parameters: {
				resource: 'order',
				operation: 'get',
				storeId: env.sandbox.storeId,
				orderId: { __rl: true, mode: 'orderNumber', value: created.OrderNumber },
			},
			credentials,
		});
		expect(byId.error).toBeUndefined();
		expect(byNumber.error).toBeUndefined();
		expect(byId.json[0].ID).toBe(created.ID);
		expect(byId.json[0].OrderNumber).toBe(created.OrderNumber);
		expect(byId.json[0].PartnerOrderReference).toBe('crm-0');
		expect(byNumber.json[0]).toEqual(byId.json[0]);
		// The single-order read omits RecipientKey (spec); the rest of the recipient comes back.
		expect((byId.json[0].OrderDetails as { Recipient: { City: string } }).Recipient.City).toBe('Springfield');
		const paths = (await env.api.requests()).filter((entry) => entry.method === 'GET').map((entry) => entry.rawPath);
		expect(paths).toContain(`/api/v1/store/${env.sandbox.storeId}/order/${created.ID}`);
		expect(paths).toContain(`/api/v1/store/${env.sandbox.storeId}/order/${created.OrderNumber}`);
	});
});

describe('Order > Get Status History', () => {
	test('one item per status record, oldest first; Latest Record Only gives the newest', async () => {
		const [created] = await createOrders(1);
		await env.api.advance(String(created.ID), { toStatusId: 5 });
		const credentials = await credentialsFor(env.sandbox);
		const parameters = {
			resource: 'order',
			operation: 'getStatusHistory',
			storeId: env.sandbox.storeId,
			orderId: { __rl: true, mode: 'orderNumber', value: created.OrderNumber },
		};
		const all = await runPrintStore({ parameters, credentials });
		expect(all.error).toBeUndefined();
		expect(all.json.map((record) => record.StatusDescription)).toEqual([
			'Received', 'In Production', 'Printed', 'Shipped', 'Delivered',
		]);
		expect(all.items.every((item) => JSON.stringify(item.pairedItem) === JSON.stringify({ item: 0 }))).toBe(true);
		const shipped = all.json[3];
		expect(shipped.OrderID).toBe(created.ID);
		expect(shipped.OrderNumber).toBe(created.OrderNumber);
		expect(typeof shipped.TrackingNumber).toBe('string');
		expect(Array.isArray(shipped.Packages)).toBe(true);
		const delivered = all.json[4];
		expect(typeof delivered.DeliverySignedBy).toBe('string');
		expect(Number.isNaN(Date.parse(String(delivered.DeliveryDate)))).toBe(false);

		const latest = await runPrintStore({ parameters: { ...parameters, statusOptions: { latestOnly: true } }, credentials });
		expect(latest.json).toHaveLength(1);
		expect(latest.json[0].StatusDescription).toBe('Delivered');
		expect(latest.json[0].StatusID).toBe(5);
	});
});

describe('User > Get Current', () => {
	test('returns the connected user with every field of the spec', async () => {
		const result = await runPrintStore({
			parameters: { resource: 'user', operation: 'getCurrent' },
			credentials: await credentialsFor(env.sandbox),
		});
		expect(result.error).toBeUndefined();
		const user = result.json[0];
		expect(user.Username).toBe('alice');
		expect(user.UsernameWithDomain).toBe('alice@print-store.test');
		for (const name of ['ID', 'FirstName', 'LastName', 'Email', 'Phone']) expect(typeof user[name]).toBe('string');
		expect(user.IsServiceUser).toBe(false);
		expect(Array.isArray((user._meta as Record<string, unknown>).Messages)).toBe(true);
	});

	test('passes the optional login', async () => {
		const result = await runPrintStore({
			parameters: { resource: 'user', operation: 'getCurrent', userOptions: { login: 'alice@print-store.test' } },
			credentials: await credentialsFor(env.sandbox),
		});
		expect(result.json[0].Username).toBe('alice');
		const [logged] = (await env.api.requests()).filter((entry) => entry.path.startsWith('/api/v1/user'));
		expect(logged.rawPath).toBe('/api/v1/user?login=alice%40print-store.test');
	});
});

describe('Store > Remove Application Association', () => {
	test('removes the association: success output, and the store is no longer usable', async () => {
		const credentials = await credentialsFor(env.sandbox);
		const result = await runPrintStore({
			parameters: {
				resource: 'store',
				operation: 'removeApplicationAssociation',
				applicationId: env.sandbox.applicationId,
				storeId: env.sandbox.storeId,
			},
			credentials,
		});
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ success: true, applicationId: env.sandbox.applicationId, storeId: env.sandbox.storeId }]);
		const after = await runPrintStore({
			parameters: { ...jsonOrder(env.sandbox.storeId, crmOrderItem(1)), operation: 'getPriceQuote' },
			credentials,
		});
		expect(after.error?.message).toBe('Invalid store');
	});
});

describe('Every request', () => {
	test('carries the subscription key and a bearer token, on all seven operations', async () => {
		const credentials = await credentialsFor(env.sandbox);
		const [created] = await createOrders(1);
		const locator = { __rl: true, mode: 'id', value: created.ID };
		const runs = [
			{ resource: 'store', operation: 'joinWithInviteKey', inviteKey: env.sandbox.inviteKey },
			{ ...jsonOrder(env.sandbox.storeId, crmOrderItem(1)), operation: 'getPriceQuote' },
			{ resource: 'order', operation: 'get', storeId: env.sandbox.storeId, orderId: locator },
			{ resource: 'order', operation: 'getStatusHistory', storeId: env.sandbox.storeId, orderId: locator },
			{ resource: 'user', operation: 'getCurrent' },
			{ resource: 'store', operation: 'removeApplicationAssociation', applicationId: env.sandbox.applicationId, storeId: env.sandbox.storeId },
		];
		for (const parameters of runs) {
			const result = await runPrintStore({ parameters, credentials });
			expect(result.error).toBeUndefined();
		}
		const logged = (await env.api.requests()).filter((entry) => entry.path.startsWith('/api/v1/'));
		const operations = new Set(logged.map((entry) => `${entry.method} ${entry.path.replace(/\/order\/[^/]+/, '/order/:id')}`));
		expect(operations.size).toBe(7);
		for (const entry of logged) {
			expect(entry.hasSubscriptionKey).toBe(true);
			expect(entry.subscriptionKeyValid).toBe(true);
			expect(entry.headersPresent).toContain('authorization');
		}
	});

	test('an access token that expires mid-run is refreshed and the run completes', async () => {
		const sandboxWithShortTokens = await startTestSandbox({ accessTokenLifetimeSeconds: 1 });
		try {
			const shortApi = control(sandboxWithShortTokens);
			// Each request takes ~400 ms, so tokens run out every few requests during this run.
			await shortApi.faults({ latencyMs: 400 });
			const credentials = await credentialsFor(sandboxWithShortTokens);
			const result = await runPrintStore({
				parameters: { resource: 'user', operation: 'getCurrent' },
				items: Array.from({ length: 8 }, () => ({})),
				credentials,
			});
			expect(result.error).toBeUndefined();
			expect(result.json).toHaveLength(8);
			expect(result.json.every((user) => user.Username === 'alice')).toBe(true);
			expect(credentials.tokenUpdates.length).toBeGreaterThan(0);
			const stored = credentials.get('cred-1')!.oauthTokenData as Record<string, string>;
			expect(stored.access_token).toBe(credentials.tokenUpdates[credentials.tokenUpdates.length - 1].accessToken);
			const logged = await shortApi.requests();
			expect(logged.filter((entry) => entry.path === '/oauth/token').length).toBe(credentials.tokenUpdates.length);
			// Two 401s per refresh: the node reads error answers itself (n8n 1.x's error wrapper drops
			// their body), then sends a 401 again the usual way so that n8n refreshes the token.
			expect(logged.filter((entry) => entry.path.startsWith('/api/v1/user') && entry.status === 401).length).toBe(
				2 * credentials.tokenUpdates.length,
			);
		} finally {
			await sandboxWithShortTokens.close();
		}
	});
});
