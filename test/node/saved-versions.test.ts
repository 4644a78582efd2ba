/**
 * Create's versions as saved workflows hold them: n8n saves no parameter left at its default, so a
 * version 1 or 2 node in JSON mode saved with the example untouched, and without Test Mode, must send
 * what it sent before. Version 3 (new nodes) starts JSON empty, sends in test mode unless told
 * otherwise, and marks the output of test orders.
 */
import { runPrintStore } from '../helpers/engine';
import { credentialsFor, useSandbox } from '../helpers/sandbox';

const env = useSandbox();

/** The example order versions 1 and 2 have as their JSON default, written out here as saved workflows depend on it. */
const EARLIER_JSON_DEFAULT = {
	Product: { ID: 'postcard-4x6', Quantity: 100, DeliveryMethod: 'Standard' },
	Recipient: { NameFirst: 'Ada', NameLast: 'Lovelace', AddressLine1: '12 Analytical Way', City: 'London', Postalcode: 'N1 9GU', Country: 'GB' },
	PartnerOrderReference: 'crm-1001',
};

async function createRequests() {
	return (await env.api.requests()).filter((entry) => entry.method === 'POST' && entry.path.endsWith('/order'));
}

const saved = () => ({ resource: 'order', operation: 'create', storeId: env.sandbox.storeId });

test.each([1, 2])('version %s in JSON mode as saved (example untouched, no Test Mode): the same request as before', async (typeVersion) => {
	const result = await runPrintStore({ typeVersion, parameters: { ...saved(), inputMode: 'json' }, credentials: await credentialsFor(env.sandbox) });
	expect(result.error).toBeUndefined();
	const sent = await createRequests();
	expect(sent).toHaveLength(1);
	expect(sent[0].body).toEqual({ Items: [EARLIER_JSON_DEFAULT] });
	expect(result.json[0]).not.toHaveProperty('testMode');
});

test.each([1, 2])('version %s with Options > Test Mode: TestMode sent as before, output unchanged', async (typeVersion) => {
	const parameters = { ...saved(), inputMode: 'fields', productId: 'postcard-4x6', quantity: 2, recipient: { NameFirst: 'Ada', AddressLine1: '1 Main St', City: 'Springfield', Postalcode: '62701', Country: 'US' }, options: { testMode: true } };
	const result = await runPrintStore({ typeVersion, parameters, credentials: await credentialsFor(env.sandbox) });
	expect(result.error).toBeUndefined();
	expect((await createRequests())[0].body).toEqual({
		Items: [{ Product: { ID: 'postcard-4x6', Quantity: 2 }, Recipient: parameters.recipient }],
		TestMode: true,
	});
	expect(result.json[0]).not.toHaveProperty('testMode');
});

test('version 3 in JSON mode with only a Store ID: nothing is sent, and the error says what the order needs', async () => {
	const result = await runPrintStore({ typeVersion: 3, parameters: { ...saved(), inputMode: 'json' }, credentials: await credentialsFor(env.sandbox) });
	expect(result.error?.message).toMatch(/^Invalid "Order Item \(JSON\)" in item 0: is empty: give one order item with Product/);
	expect(await createRequests()).toHaveLength(0);
});

test('version 3, new node: sends in test mode and every output item says it was a test order', async () => {
	const recipient = { NameFirst: 'Ada', AddressLine1: '1 Main St', City: 'Springfield', Postalcode: '62701', Country: 'US' };
	const orderItem = { Product: { ID: 'postcard-4x6', Quantity: 1 }, Recipient: recipient };
	const result = await runPrintStore({
		typeVersion: 3,
		parameters: { ...saved(), inputMode: 'json', orderItemJson: JSON.stringify(orderItem) },
		items: [{}, {}],
		credentials: await credentialsFor(env.sandbox),
	});
	expect(result.error).toBeUndefined();
	expect((await createRequests())[0].body).toEqual({ Items: [orderItem, orderItem], TestMode: true });
	expect(result.json.map((json) => json.testMode)).toEqual([true, true]);
});

test('version 3 with Test Mode off: a real order, sent with TestMode false and not marked', async () => {
	const parameters = { ...saved(), testMode: false, inputMode: 'fields', productId: 'postcard-4x6', quantity: 1, recipient: { NameFirst: 'Ada', AddressLine1: '1 Main St', City: 'Springfield', Postalcode: '62701', Country: 'US' } };
	const result = await runPrintStore({ typeVersion: 3, parameters, credentials: await credentialsFor(env.sandbox) });
	expect(result.error).toBeUndefined();
	expect((await createRequests())[0].body).toMatchObject({ TestMode: false });
	expect(result.json[0]).not.toHaveProperty('testMode');
});

describe('Product: a text field up to version 3, picked from the list (or typed By ID) from version 4', () => {
	const fields = (productId: unknown) => ({
		...saved(),
		inputMode: 'fields',
		productId,
		quantity: 2,
		recipient: { NameFirst: 'Ada', AddressLine1: '1 Main St', City: 'Springfield', Postalcode: '62701', Country: 'US' },
	});
	const sentProduct = async () => ((await createRequests()).at(-1)!.body as { Items: Array<{ Product: unknown }> }).Items[0].Product;

	test.each([1, 2, 3])('version %s as saved, with a plain Product ID: the same request as before', async (typeVersion) => {
		const result = await runPrintStore({ typeVersion, parameters: { ...fields('letter-1-sheet'), options: { testMode: true } }, credentials: await credentialsFor(env.sandbox) });
		expect(result.error).toBeUndefined();
		expect(await sentProduct()).toEqual({ ID: 'letter-1-sheet', Quantity: 2 });
	});

	test.each([
		['From List', { __rl: true, mode: 'list', value: 'flyer-a5', cachedResultName: 'Flyer A5 (flyer-a5)' }],
		['By ID', { __rl: true, mode: 'id', value: 'flyer-a5' }],
	])('version 4, %s: the ID is sent', async (_mode, productId) => {
		const result = await runPrintStore({ typeVersion: 4, parameters: { ...fields(productId), testMode: true }, credentials: await credentialsFor(env.sandbox) });
		expect(result.error).toBeUndefined();
		expect(await sentProduct()).toEqual({ ID: 'flyer-a5', Quantity: 2 });
	});

	test('version 4 with no product chosen: n8n itself refuses to run the node, naming the field', async () => {
		const result = await runPrintStore({ typeVersion: 4, parameters: fields({ __rl: true, mode: 'list', value: '' }), credentials: await credentialsFor(env.sandbox) }).catch((error: Error) => ({ thrown: error.message }));
		expect(JSON.stringify(result)).toMatch(/Parameter \\"?Product\\"? is required|Parameter "Product" is required/);
		expect(await createRequests()).toHaveLength(0);
	});
});
