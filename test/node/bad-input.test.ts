/**
 * Bad parameters and item values: each gives an error naming the field and the item, before any
 * request is sent (checked in the sandbox's request log), and with continue-on-fail the other
 * items still go through.
 */
import { runPrintStore } from '../helpers/engine';
import { credentialsFor, crmOrderItem, useSandbox } from '../helpers/sandbox';

const env = useSandbox();

const good = crmOrderItem(1);
const json = (operation: string, orderItem: unknown, extra: Record<string, unknown> = {}) => ({
	resource: 'order',
	operation,
	storeId: 'store_main',
	inputMode: 'json',
	orderItemJson: typeof orderItem === 'string' ? orderItem : JSON.stringify(orderItem),
	...extra,
});
const fields = (extra: Record<string, unknown>) => ({
	resource: 'order',
	operation: 'create',
	storeId: 'store_main',
	inputMode: 'fields',
	productId: 'postcard-4x6',
	quantity: 10,
	recipient: { NameFirst: 'Ada', AddressLine1: '1 Way', City: 'London' },
	...extra,
});
const getOrder = (operation: string, value: string, mode = 'id', storeId = 'store_main') => ({
	resource: 'order',
	operation,
	storeId,
	orderId: { __rl: true, mode, value },
});
const withProduct = (product: object) => ({ ...good, Product: product });
// A required field left literally empty is refused by n8n itself before the node runs; in
// workflows an empty value comes from an expression over a record that lacks the field.
const EMPTY = '={{ $json.missing ?? "" }}';

type Case = [name: string, parameters: Record<string, unknown>, field: string, problem: RegExp];

const cases: Case[] = [
	['missing Product', json('create', { Recipient: good.Recipient }), 'Order Item (JSON).Product', /is required/],
	['missing product ID', json('create', withProduct({ Quantity: 1 })), 'Order Item (JSON).Product.ID', /is required/],
	['empty product ID', json('getPriceQuote', withProduct({ ID: ' ', Quantity: 1 })), 'Order Item (JSON).Product.ID', /is required/],
	['quantity 0', json('create', withProduct({ ID: 'postcard-4x6', Quantity: 0 })), 'Order Item (JSON).Product.Quantity', /whole number of at least 1, got 0/],
	['quantity -1', json('create', withProduct({ ID: 'postcard-4x6', Quantity: -1 })), 'Order Item (JSON).Product.Quantity', /got -1/],
	['quantity "abc"', json('create', withProduct({ ID: 'postcard-4x6', Quantity: 'abc' })), 'Order Item (JSON).Product.Quantity', /got "abc"/],
	['quantity 1.5', json('getPriceQuote', withProduct({ ID: 'postcard-4x6', Quantity: 1.5 })), 'Order Item (JSON).Product.Quantity', /got 1\.5/],
	['quantity missing', json('create', withProduct({ ID: 'postcard-4x6' })), 'Order Item (JSON).Product.Quantity', /is required/],
	['quantity empty text', json('create', withProduct({ ID: 'postcard-4x6', Quantity: '' })), 'Order Item (JSON).Product.Quantity', /whole number/],
	['malformed JSON', json('create', '{"Product": {"ID": '), 'Order Item (JSON)', /is not valid JSON/],
	['JSON list instead of object', json('create', '[1, 2]'), 'Order Item (JSON)', /must be a JSON object/],
	['JSON number', json('getPriceQuote', '42'), 'Order Item (JSON)', /must be a JSON object, got 42/],
	['missing Recipient', json('create', { Product: good.Product }), 'Order Item (JSON).Recipient', /is required/],
	['empty Recipient', json('create', { ...good, Recipient: {} }), 'Order Item (JSON).Recipient', /at least a name/],
	['Recipient as text', json('create', { ...good, Recipient: 'Ada' }), 'Order Item (JSON).Recipient', /must be an object/],
	['misspelt top-level field', json('create', { ...good, product: good.Product }), 'Order Item (JSON).product', /did you mean "Product"/],
	['Customer field name in Recipient', json('create', { ...good, Recipient: { NameFirst: 'A', PostalCode: '1' } }), 'Order Item (JSON).Recipient.PostalCode', /did you mean "Postalcode"/],
	['Products not a list', json('create', { ...good, Products: { ID: 'x' } }), 'Order Item (JSON).Products', /must be a list/],
	['additional product quantity 0', json('create', { ...good, Products: [good.Product, { ID: 'flyer-a5', Quantity: 0 }] }), 'Order Item (JSON).Products[1].Quantity', /at least 1/],
	['file URL not a URL', json('create', withProduct({ ...good.Product, FileURL: 'artwork.pdf' })), 'Order Item (JSON).Product.FileURL', /http\(s\) URL/],
	['callback URL with another scheme', json('create', { ...good, StatusCallbackUrl: 'ftp://example.com/x' }), 'Order Item (JSON).StatusCallbackUrl', /http\(s\) URL/],
	['payment amount not a number', json('create', { ...good, Payments: [{ ExpectedAmount: 'lots' }] }), 'Order Item (JSON).Payments[0].ExpectedAmount', /must be a number/],
	['prototype key in template fields', json('create', '{"Product": {"ID": "postcard-4x6", "Quantity": 1, "TemplateFields": {"__proto__": {"x": "1"}}}, "Recipient": {"NameFirst": "A"}}'), 'Order Item (JSON).Product.TemplateFields.__proto__', /not allowed/],
	['billing variables not a list', json('create', { ...good, BillingVariables: 'a=b' }), 'Order Item (JSON).BillingVariables', /must be a list/],
	['product-recipient quantity -3', json('create', { ...good, ProductRecipients: [{ ProductID: 'p', Quantity: -3 }] }), 'Order Item (JSON).ProductRecipients[0].Quantity', /at least 1/],
	['empty store ID', json('create', good, { storeId: EMPTY }), 'Store ID', /is required/],
	['store ID with a slash', json('getPriceQuote', good, { storeId: 'store/main' }), 'Store ID', /contains "\/"/],
	['store ID ..', json('create', good, { storeId: '..' }), 'Store ID', /"\.\." is not allowed/],
	['order ID with a slash', getOrder('get', 'ord/1'), 'Order (By ID)', /contains "\/"/],
	['order ID ..', getOrder('get', '..'), 'Order (By ID)', /"\.\." is not allowed/],
	['order ID with ?', getOrder('getStatusHistory', 'ord?x=1'), 'Order (By ID)', /contains "\?"/],
	['order ID with #', getOrder('get', 'ord#1'), 'Order (By ID)', /contains "#"/],
	['empty order number', getOrder('get', '  ', 'orderNumber'), 'Order (By Number)', /is required/],
	['order number climbing up', getOrder('getStatusHistory', 'a/../b', 'orderNumber'), 'Order (By Number)', /not allowed/],
	['order lookup in an empty store ID', getOrder('get', 'ord_1', 'id', EMPTY), 'Store ID', /is required/],
	['fields: empty product ID', fields({ productId: EMPTY }), 'Product ID', /is required/],
	['fields: quantity 0 from an expression', fields({ quantity: '={{ 0 }}' }), 'Quantity', /at least 1, got 0/],
	['fields: no recipient', fields({ recipient: {} }), 'Recipient', /at least a name/],
	['fields: template field without a name', fields({ productOptions: { templateFields: { field: [{ name: '', value: 'x' }] } } }), 'Product Options.Template Fields[0].Name', /is required/],
	['fields: template field twice', fields({ productOptions: { templateFields: { field: [{ name: 'a', value: '1' }, { name: 'a', value: '2' }] } } }), 'Product Options.Template Fields[1].Name', /given twice/],
	['fields: bad file URL', fields({ productOptions: { FileURL: 'not a url' } }), 'Product Options.FileURL', /http\(s\) URL/],
	['batch size 0', json('create', good, { options: { batchSize: 0 } }), 'Options.Batch Size', /from 1 to 500, got 0/],
	['batch size 501', json('getPriceQuote', good, { options: { batchSize: 501 } }), 'Options.Batch Size', /got 501/],
	['max retries -1', json('create', good, { options: { maxRetries: -1 } }), 'Options.Max Retries', /at least 0/],
	['empty invite key', { resource: 'store', operation: 'joinWithInviteKey', inviteKey: EMPTY }, 'Invite Key', /is required/],
	['empty application ID', { resource: 'store', operation: 'removeApplicationAssociation', applicationId: EMPTY, storeId: 'store_main' }, 'Application ID', /is required/],
	['application ID with a slash', { resource: 'store', operation: 'removeApplicationAssociation', applicationId: 'app/1', storeId: 'store_main' }, 'Application ID', /contains "\/"/],
	['association store ID with #', { resource: 'store', operation: 'removeApplicationAssociation', applicationId: 'app_1', storeId: 'store#1' }, 'Store ID', /contains "#"/],
	['custom callbacks without URLs', fields({ statusCallbacks: 'custom' }), 'Status Callback URL', /at least one callback URL/],
	['custom callback URL not a URL', fields({ statusCallbacks: 'custom', statusCallbackUrl: 'not a url' }), 'Status Callback URL', /http\(s\) URL/],
];

const apiRequests = async () => (await env.api.requests()).filter((entry) => entry.path.startsWith('/api/v1/'));

test(`there are at least 50 cases (${cases.length})`, () => {
	expect(cases.length).toBeGreaterThanOrEqual(50);
});

test.each(cases)('%s: stops before sending, naming field and item', async (_name, parameters, field, problem) => {
	const result = await runPrintStore({
		parameters,
		items: [{}, {}, {}],
		credentials: await credentialsFor(env.sandbox),
	});
	expect(result.error).toBeDefined();
	expect(result.error!.message.startsWith(`Invalid "${field}" in item 0: `)).toBe(true);
	expect(result.error!.message).toMatch(problem);
	expect(result.error!.context?.itemIndex).toBe(0);
	expect(result.error!.description).toMatch(/Nothing was sent/);
	expect(await apiRequests()).toEqual([]);
});

test('with continue-on-fail a bad item gets its error and the good items are created', async () => {
	const items = [crmOrderItem(0), withProduct({ ID: 'postcard-4x6', Quantity: 0 }), crmOrderItem(2), '{oops', crmOrderItem(4)].map(
		(order) => ({ order: typeof order === 'string' ? order : JSON.stringify(order) }),
	);
	const result = await runPrintStore({
		parameters: json('create', '', { orderItemJson: '={{ $json.order }}' }),
		items,
		credentials: await credentialsFor(env.sandbox),
		continueOnFail: true,
	});
	expect(result.error).toBeUndefined();
	expect(result.json.map((entry) => entry.PartnerOrderReference ?? entry.error)).toEqual([
		'crm-0',
		'Invalid "Order Item (JSON).Product.Quantity" in item 1: must be a whole number of at least 1, got 0',
		'crm-2',
		expect.stringMatching(/^Invalid "Order Item \(JSON\)" in item 3: is not valid JSON/),
		'crm-4',
	]);
	expect(result.items.map((item) => item.pairedItem)).toEqual([0, 1, 2, 3, 4].map((item) => ({ item })));
	const creates = (await apiRequests()).filter((entry) => entry.method === 'POST');
	expect(creates).toHaveLength(1);
	expect((await env.api.counts()).byPartnerOrderReference).toEqual({ 'crm-0': 1, 'crm-2': 1, 'crm-4': 1 });
});

test('with continue-on-fail a bad order ID fails alone; the other lookups are sent', async () => {
	const result = await runPrintStore({
		parameters: getOrder('get', '={{ $json.id }}'),
		items: [{ id: 'ord_missing_1' }, { id: '../etc' }, { id: 'ord_missing_2' }],
		credentials: await credentialsFor(env.sandbox),
		continueOnFail: true,
	});
	expect(result.json.map((entry) => entry.error)).toEqual([
		'The requested order does not exist',
		'Invalid "Order (By ID)" in item 1: "../etc" is not a valid ID: ".." is not allowed',
		'The requested order does not exist',
	]);
	const gets = (await apiRequests()).map((entry) => entry.rawPath);
	expect(gets).toEqual(['/api/v1/store/store_main/order/ord_missing_1', '/api/v1/store/store_main/order/ord_missing_2']);
});
