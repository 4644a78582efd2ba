/**
 * Order, store and application IDs stay inside their path segment: what the node sends is checked
 * in the sandbox's raw-path log, exactly as it crossed the wire.
 */
import { runPrintStore } from '../helpers/engine';
import { credentialsFor, useSandbox } from '../helpers/sandbox';

const env = useSandbox({}, { resetEach: false });
beforeEach(async () => await env.api.clearRequests());

const sent = [
	['an encoded slash', 'a%2Fb', 'a%252Fb'],
	['a space', 'ord 1', 'ord%201'],
	['an encoded dot-dot', '%2E%2E', '%252E%252E'],
	['a plus and an ampersand', 'a+b&c=d', 'a%2Bb%26c%3Dd'],
	['a semicolon', 'a;b', 'a%3Bb'],
	['unicode', 'bestellung-ü-😀', 'bestellung-%C3%BC-%F0%9F%98%80'],
	['a percent sign', '100%', '100%25'],
	['dots inside', 'a..b', 'a..b'],
] as const;

const refused = [
	['a slash', 'a/b'],
	['dot-dot', '..'],
	['a climbing path', 'x/../../user'],
	['a query', 'a?login=x'],
	['a fragment', 'a#b'],
	['a backslash', 'a\\b'],
] as const;

describe.each(sent)('an ID with %s is sent encoded, inside its segment', (_name, id, encoded) => {
	test('order ID (Get and Get Status History)', async () => {
		const credentials = await credentialsFor(env.sandbox);
		for (const operation of ['get', 'getStatusHistory']) {
			const result = await runPrintStore({
				parameters: { resource: 'order', operation, storeId: env.sandbox.storeId, orderId: { __rl: true, mode: 'id', value: id } },
				credentials,
			});
			// Reached the order handlers and was looked up as one ID: not found, not a route miss.
			expect(result.error?.message).toBe('The requested order does not exist');
		}
		const paths = (await env.api.requests()).map((entry) => entry.rawPath);
		expect(paths).toEqual([
			`/api/v1/store/${env.sandbox.storeId}/order/${encoded}`,
			`/api/v1/store/${env.sandbox.storeId}/order/${encoded}/status`,
		]);
	});

	test('store ID (Get Price Quote) and application ID (Remove Application Association)', async () => {
		const credentials = await credentialsFor(env.sandbox);
		const price = await runPrintStore({
			parameters: {
				resource: 'order',
				operation: 'getPriceQuote',
				storeId: id,
				inputMode: 'json',
				orderItemJson: JSON.stringify({ Product: { ID: 'postcard-4x6', Quantity: 1 }, Recipient: { NameFirst: 'A' } }),
			},
			credentials,
		});
		expect(price.error?.message).toBe('Invalid store');
		const remove = await runPrintStore({
			parameters: { resource: 'store', operation: 'removeApplicationAssociation', applicationId: id, storeId: id },
			credentials,
		});
		expect((remove.error as { httpCode?: string }).httpCode).toBe('400');
		const paths = (await env.api.requests()).map((entry) => entry.rawPath);
		expect(paths).toEqual([`/api/v1/store/${encoded}/order/price`, `/api/v1/application/${encoded}/store/${encoded}`]);
	});
});

test.each(refused)('an ID with %s is refused before anything is sent', async (_name, id) => {
	const credentials = await credentialsFor(env.sandbox);
	const runs = [
		{ resource: 'order', operation: 'get', storeId: env.sandbox.storeId, orderId: { __rl: true, mode: 'orderNumber', value: id } },
		{ resource: 'order', operation: 'getStatusHistory', storeId: id, orderId: { __rl: true, mode: 'id', value: 'ord_1' } },
		{ resource: 'store', operation: 'removeApplicationAssociation', applicationId: id, storeId: env.sandbox.storeId },
	];
	for (const parameters of runs) {
		const result = await runPrintStore({ parameters, credentials });
		expect(result.error?.message).toMatch(/^Invalid "(Order \(By Number\)|Store ID|Application ID)" in item 0: .* is not a valid ID/);
	}
	expect(await env.api.requests()).toEqual([]);
});
