/**
 * "Define Order Using: Input Item Fields" through n8n's engine against the sandbox: flat CRM records
 * through a mapping set once, records already in the API's shape, the same checks and errors as the
 * other modes, and batches sent in parallel with results paired back in input order.
 */
import type { IDataObject } from 'n8n-workflow';

import { runPrintStore } from '../helpers/engine';
import { credentialsFor, crmOrderItem, useSandbox } from '../helpers/sandbox';

const env = useSandbox();

/** CRM contacts as a CRM node outputs them: flat, its own field names, numbers where it has them. */
const contacts = (count: number, override: (index: number) => IDataObject = () => ({})) =>
	Array.from({ length: count }, (_, index) => ({
		id: `crm-${index}`,
		firstName: `Customer${index}`,
		lastName: 'Example',
		address: { street: `${index} Main Street`, city: 'Springfield', zip: 62701 },
		state: 'IL',
		country: 'US',
		qty: 100 + index,
		headline: `Hello ${index}`,
		...override(index),
	}));

const field = (orderField: string, inputField: string, extra: IDataObject = {}) => ({ orderField, source: 'field', inputField, ...extra });
const fixed = (orderField: string, value: string) => ({ orderField, source: 'value', value });

const MAPPING = [
	fixed('Product.ID', 'postcard-4x6'),
	field('Product.Quantity', 'qty'),
	fixed('Product.DeliveryMethod', 'Standard'),
	{ ...field('Product.TemplateFields.*', 'headline'), templateFieldName: 'headline' },
	field('Recipient.NameFirst', 'firstName'),
	field('Recipient.NameLast', 'lastName'),
	field('Recipient.AddressLine1', 'address.street'),
	field('Recipient.City', 'address.city'),
	field('Recipient.Province', 'state'),
	field('Recipient.Postalcode', 'address.zip'),
	field('Recipient.Country', 'country'),
	field('PartnerOrderReference', 'id'),
];

const mapped = (operation: string, options: IDataObject = {}, mapping: IDataObject[] = MAPPING) => ({
	resource: 'order',
	operation,
	storeId: env.sandbox.storeId,
	inputMode: 'inputItem',
	itemShape: 'mapped',
	fieldMapping: { field: mapping },
	options,
});

/** Input items that are order items in the API's shape (whole, or under `orderItemField`). */
const apiShape = (operation: string, extra: IDataObject = {}) => ({
	resource: 'order',
	operation,
	storeId: env.sandbox.storeId,
	inputMode: 'inputItem',
	itemShape: 'apiShape',
	...extra,
});

const createRequests = async () =>
	(await env.api.requests()).filter((entry) => entry.method === 'POST' && entry.path === `/api/v1/store/${env.sandbox.storeId}/order`);

test('flat CRM records through the mapping: every mapped field arrives in the spec’s shape, paired in input order', async () => {
	const result = await runPrintStore({ parameters: mapped('create', { batchSize: 50 }), items: contacts(120), credentials: await credentialsFor(env.sandbox) });
	expect(result.error).toBeUndefined();
	expect(await createRequests()).toHaveLength(3);
	expect(result.json).toHaveLength(120);
	result.items.forEach((item, index) => {
		expect(item.pairedItem).toEqual({ item: index });
		expect(item.json.PartnerOrderReference).toBe(`crm-${index}`);
		// The mapped contact gives the same order item as the expression mapping users write (zip: a number in the CRM, text in the API).
		const expected = crmOrderItem(index);
		expect(item.json.OrderDetails).toMatchObject({
			Product: { ...expected.Product, TemplateFields: { headline: `Hello ${index}` } },
			Recipient: expected.Recipient,
		});
	});
	const counts = await env.api.counts();
	expect(counts.total).toBe(120);
	expect(Object.values(counts.byPartnerOrderReference).every((n) => n === 1)).toBe(true);
});

test('records already in the API’s shape: the whole item, or one field of it', async () => {
	const credentials = await credentialsFor(env.sandbox);
	const whole = await runPrintStore({
		parameters: apiShape('getPriceQuote'),
		items: [0, 1, 2].map((index) => crmOrderItem(index)),
		credentials,
	});
	expect(whole.error).toBeUndefined();
	expect(whole.json.map((quote) => quote.PartnerOrderReference)).toEqual(['crm-0', 'crm-1', 'crm-2']);
	const nested = await runPrintStore({
		parameters: apiShape('create', { orderItemField: 'payload.order' }),
		items: [3, 4].map((index) => ({ crmId: index, payload: { order: crmOrderItem(index) } })),
		credentials,
	});
	expect(nested.error).toBeUndefined();
	expect(nested.json.map((order) => (order.OrderDetails as IDataObject).Recipient)).toEqual([
		crmOrderItem(3).Recipient,
		crmOrderItem(4).Recipient,
	]);
});

test('records in the API’s shape with Custom URLs: a bad Status Callback URL is named by its own field, not by the input field', async () => {
	const result = await runPrintStore({
		parameters: apiShape('create', { orderItemField: 'order', statusCallbacks: 'custom', statusCallbackUrl: 'not a url' }),
		items: [{ order: crmOrderItem(0) }],
		credentials: await credentialsFor(env.sandbox),
	});
	expect(result.error?.message).toMatch(/^Invalid "Status Callback URL" in item 0: /);
	expect((await env.api.requests()).filter((entry) => entry.path.startsWith('/api/v1/'))).toEqual([]);
});

test('Status Callbacks set while the input items map their own callback URL: the error names the input item and where to remove it, not the JSON', async () => {
	const credentials = await credentialsFor(env.sandbox);
	const withOwnUrl = (index: number) => ({ ...crmOrderItem(index), StatusCallbackUrl: 'https://crm.example.com/hooks/print' });
	const shaped = await runPrintStore({
		parameters: apiShape('create', { statusCallbacks: 'custom', statusCallbackUrl: 'https://n8n.example.com/webhook/ours' }),
		items: [withOwnUrl(0)],
		credentials,
	});
	expect(shaped.error?.message).toBe(
		'Invalid "Input Item.StatusCallbackUrl" in item 0: is given in the order item while Status Callbacks is "Custom URLs". Remove it from the input items (or from the Field Mapping), or set Status Callbacks to "None" to send the order item\'s own URLs.',
	);
	const viaMapping = await runPrintStore({
		parameters: { ...mapped('create', {}, [...MAPPING, field('StatusCallbackUrl', 'hook')]), statusCallbacks: 'custom', statusCallbackUrl: 'https://n8n.example.com/webhook/ours' },
		items: contacts(1, () => ({ hook: 'https://crm.example.com/hooks/print' })),
		credentials,
	});
	expect(viaMapping.error?.message).toBe(
		'Invalid "Input Item.StatusCallbackUrl" in item 0: is given in the order item while Status Callbacks is "Custom URLs". Remove it from the input items (or from the Field Mapping), or set Status Callbacks to "None" to send the order item\'s own URLs.',
	);
	expect((await env.api.requests()).filter((entry) => entry.path.startsWith('/api/v1/'))).toEqual([]);
});

test('records in the API’s shape under one field: the field name trimmed; an item whose field holds no order item, or a bad value in it, named by the field', async () => {
	const result = await runPrintStore({
		parameters: apiShape('create', { orderItemField: '  payload.order ' }),
		items: [{ payload: { order: crmOrderItem(0) } }, { payload: { order: 'crm-1' } }, { payload: {} }, { payload: { order: crmOrderItem(3, { Product: { ID: 'p', Quantity: 0 } }) } }],
		credentials: await credentialsFor(env.sandbox),
		continueOnFail: true,
	});
	expect(result.error).toBeUndefined();
	expect(result.json.map((entry) => entry.PartnerOrderReference ?? entry.error)).toEqual([
		'crm-0',
		'Invalid "payload.order (input field)" in item 1: must be a JSON object, got "crm-1"',
		'Invalid "payload.order (input field)" in item 2: must be a JSON object, got undefined',
		'Invalid "payload.order (input field).Product.Quantity" in item 3: must be a whole number of at least 1, got 0',
	]);
});

test('a bad value names the input field, the order field and the item; with Continue On Fail the others are created', async () => {
	const items = contacts(5, (index) => (index === 2 ? { qty: 'lots' } : index === 4 ? { qty: null } : {}));
	const result = await runPrintStore({ parameters: mapped('create'), items, credentials: await credentialsFor(env.sandbox), continueOnFail: true });
	expect(result.error).toBeUndefined();
	expect(result.json.map((entry) => entry.PartnerOrderReference ?? entry.error)).toEqual([
		'crm-0',
		'crm-1',
		'Invalid "qty → Product.Quantity" in item 2: must be a whole number of at least 1, got "lots"',
		'crm-3',
		'Invalid "qty → Product.Quantity" in item 4: is required',
	]);
	expect((await env.api.counts()).total).toBe(3);
});

test('without Continue On Fail, a bad value stops the run before anything is sent', async () => {
	const result = await runPrintStore({ parameters: mapped('create'), items: contacts(3, (index) => (index === 1 ? { address: { zip: { nested: true } } } : {})), credentials: await credentialsFor(env.sandbox) });
	expect(result.error?.message).toBe('Invalid "address.zip → Recipient.Postalcode" in item 1: must be text, got {"nested":true}');
	expect(await createRequests()).toEqual([]);
});

test('errors name what the user set: a fixed value, a list mapped whole (by entry), a part no entry fills (by the input item)', async () => {
	const credentials = await credentialsFor(env.sandbox);
	const run = async (mapping: IDataObject[], items: IDataObject[]) =>
		(await runPrintStore({ parameters: mapped('getPriceQuote', {}, mapping), items, credentials, continueOnFail: true })).json.map((entry) => entry.error ?? entry.PartnerOrderReference);
	const withoutQuantity = MAPPING.filter((entry) => entry.orderField !== 'Product.Quantity');
	expect(await run([...withoutQuantity, fixed('Product.Quantity', 'lots')], contacts(1))).toEqual([
		'Invalid "fixed value for Product.Quantity" in item 0: must be a whole number of at least 1, got "lots"',
	]);
	const others = (index: number) => ({ others: index === 1 ? [{ NameFirst: 'Bo' }, { Nickname: 'Al' }] : [{ NameFirst: 'Bo' }] });
	expect(await run([...MAPPING, field('Recipients', 'others')], contacts(2, others))).toEqual([
		'crm-0',
		expect.stringMatching(/^Invalid "others → Recipients\[1\]\.Nickname" in item 1: is not a field of /),
	]);
	const noRecipient = MAPPING.filter((entry) => !entry.orderField.startsWith('Recipient.'));
	expect(await run(noRecipient, contacts(1))).toEqual(['Invalid "Input Item.Recipient" in item 0: is required']);
});

test('an Input Field typed with spaces around it is read', async () => {
	const mapping = MAPPING.map((entry) => (entry.orderField === 'Recipient.NameFirst' ? field('Recipient.NameFirst', '  firstName ') : entry));
	const result = await runPrintStore({ parameters: mapped('create', {}, mapping), items: contacts(2), credentials: await credentialsFor(env.sandbox) });
	expect(result.error).toBeUndefined();
	const sent = (await createRequests())[0].body as { Items: Array<{ Recipient: { NameFirst: string } }> };
	expect(sent.Items.map((entry) => entry.Recipient.NameFirst)).toEqual(['Customer0', 'Customer1']);
});

test('a mapping entry without an input field is reported before anything is sent', async () => {
	const result = await runPrintStore({ parameters: mapped('create', {}, [...MAPPING, field('Customer.Email', '')]), items: contacts(2), credentials: await credentialsFor(env.sandbox) });
	expect(result.error?.message).toBe('Invalid "Field Mapping[12].Input Field" in item 0: is required (it fills Customer.Email)');
	expect(await createRequests()).toEqual([]);
});

test('mapping entries that cannot work are reported before anything is sent: Template Field Name missing, blank or not allowed, no Order Field', async () => {
	const credentials = await credentialsFor(env.sandbox);
	const templateField = (name: unknown) => ({ ...field('Product.TemplateFields.*', 'headline'), templateFieldName: name });
	const cases: Array<[IDataObject, string]> = [
		[templateField(undefined), 'Invalid "Field Mapping[12].Template Field Name" in item 0: is required'],
		[templateField('   '), 'Invalid "Field Mapping[12].Template Field Name" in item 0: is required'],
		[templateField('__proto__'), 'Invalid "Field Mapping[12].Template Field Name" in item 0: "__proto__" is not allowed'],
		[templateField(' constructor '), 'Invalid "Field Mapping[12].Template Field Name" in item 0: "constructor" is not allowed'],
		[field('', 'id'), 'Invalid "Field Mapping[12].Order Field" in item 0: is required'],
		[field('Customer..Email', 'id'), 'Invalid "Field Mapping[12].Order Field" in item 0: is required'],
	];
	for (const [entry, message] of cases) {
		const result = await runPrintStore({ parameters: mapped('create', {}, [...MAPPING, entry]), items: contacts(1), credentials });
		expect(result.error?.message).toBe(message);
	}
	expect(await createRequests()).toEqual([]);
});

test('how input fields are read: a Template Field Name trimmed, an exact key with dots before a path, only objects followed, empty values not sent', async () => {
	const mapping = [
		...MAPPING.filter((entry) => entry.orderField !== 'Product.TemplateFields.*' && entry.orderField !== 'Recipient.Postalcode'),
		{ ...field('Product.TemplateFields.*', 'headline'), templateFieldName: '  greeting ' },
		field('Recipient.Postalcode', 'address.zip'),
		field('Recipient.AddressLine2', 'firstName.length'),
		field('Recipient.Company', 'nothing.here'),
		fixed('Customer.Email', ''),
	];
	const items = contacts(2, (index) => (index === 0 ? { 'address.zip': '10001' } : { address: null, 'address.street': undefined }));
	// Item 1's address is null: nothing is read through it (and the API does not require an address).
	const result = await runPrintStore({ parameters: mapped('create', {}, mapping), items, credentials: await credentialsFor(env.sandbox), continueOnFail: true });
	expect(result.error).toBeUndefined();
	const [first, second] = result.json;
	const details = first.OrderDetails as IDataObject;
	expect((details.Product as IDataObject).TemplateFields).toEqual({ greeting: 'Hello 0' });
	expect(details.Recipient).toMatchObject({ Postalcode: '10001', AddressLine1: '0 Main Street' });
	expect(details.Recipient).not.toHaveProperty('AddressLine2');
	expect(details.Recipient).not.toHaveProperty('Company');
	expect(details).not.toHaveProperty('Customer');
	expect(second.error).toBeUndefined();
	expect((second.OrderDetails as IDataObject).Recipient).toEqual({ NameFirst: 'Customer1', NameLast: 'Example', Province: 'IL', Country: 'US' });
});

test('batches in parallel: 200 items, 4 requests in flight, each order created once and paired in order', async () => {
	await env.api.faults({ latencyMs: 40 });
	const result = await runPrintStore({ parameters: mapped('create', { batchSize: 10, parallelBatches: 4 }), items: contacts(200), credentials: await credentialsFor(env.sandbox) });
	await env.api.clearFaults();
	expect(result.error).toBeUndefined();
	expect(await createRequests()).toHaveLength(20);
	expect(result.json.map((order) => order.PartnerOrderReference)).toEqual(contacts(200).map((contact) => contact.id));
	const counts = await env.api.counts();
	expect(counts.total).toBe(200);
	expect(Object.values(counts.byPartnerOrderReference).every((n) => n === 1)).toBe(true);
});

test('batches in parallel under rate limits: every order created exactly once, none lost', async () => {
	await env.api.faults({ rate429: 0.1, retryAfterSeconds: 1 });
	const result = await runPrintStore({ parameters: mapped('create', { batchSize: 10, parallelBatches: 4 }), items: contacts(200), credentials: await credentialsFor(env.sandbox) });
	await env.api.clearFaults();
	expect(result.error).toBeUndefined();
	expect(result.json.map((order) => order.PartnerOrderReference)).toEqual(contacts(200).map((contact) => contact.id));
	const counts = await env.api.counts();
	expect(counts.total).toBe(200);
	expect(Object.values(counts.byPartnerOrderReference).every((n) => n === 1)).toBe(true);
	// Some requests were turned away, and retried.
	expect((await createRequests()).filter((entry) => entry.status === 429).length).toBeGreaterThan(0);
});
