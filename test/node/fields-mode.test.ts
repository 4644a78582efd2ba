/**
 * "Fields Below": what the editor's empty fields and template-field pairs become in the order item
 * sent (read from the sandbox's request log), and the errors for pairs that cannot be sent.
 * Runs through n8n's engine against the sandbox.
 */
import type { IDataObject } from 'n8n-workflow';

import { runPrintStore } from '../helpers/engine';
import { credentialsFor, useSandbox } from '../helpers/sandbox';

const env = useSandbox();

const fields = (extra: IDataObject) => ({
	resource: 'order',
	operation: 'create',
	storeId: env.sandbox.storeId,
	inputMode: 'fields',
	productId: 'postcard-4x6',
	quantity: 2,
	recipient: { NameFirst: 'Ada', AddressLine1: '1 Way', City: 'London' },
	...extra,
});

async function run(parameters: IDataObject) {
	return await runPrintStore({ parameters, items: [{}], credentials: await credentialsFor(env.sandbox) });
}

async function sentItem(parameters: IDataObject) {
	const result = await run(parameters);
	expect(result.error).toBeUndefined();
	const creates = (await env.api.requests()).filter((entry) => entry.method === 'POST' && entry.path.endsWith('/order'));
	expect(creates).toHaveLength(1);
	return ((creates[0].body as IDataObject).Items as IDataObject[])[0];
}

test('fields left empty (or empty from an expression) are not sent', async () => {
	const item = await sentItem(
		fields({
			recipient: { NameFirst: 'Ada', NameLast: '', Company: '={{ null }}', AddressLine1: '1 Way', City: 'London' },
			productOptions: { DeliveryMethod: '', FileURL: '', ProductionSpeedDays: 0 },
			partnerOrderReference: '',
			additionalFields: { customer: { details: { NameFirst: 'Bea', Email: '' } } },
		}),
	);
	expect(item).toEqual({
		Product: { ID: 'postcard-4x6', Quantity: 2 },
		Recipient: { NameFirst: 'Ada', AddressLine1: '1 Way', City: 'London' },
		Customer: { NameFirst: 'Bea' },
	});
});

test('a template field without a value is sent as empty text; names are trimmed', async () => {
	const item = await sentItem(fields({ productOptions: { templateFields: { field: [{ name: 'headline' }, { name: ' footer ', value: 'Bye' }] } } }));
	expect((item.Product as IDataObject).TemplateFields).toEqual({ headline: '', footer: 'Bye' });
});

test('an additional product whose Template Fields JSON is {} is sent without them', async () => {
	const item = await sentItem(
		fields({ additionalFields: { products: { product: [{ ID: 'letter-2-sheet', Quantity: 1, TemplateFields: '{}' }, { ID: 'flyer-a5', Quantity: 3, TemplateFields: '{"a": "1"}' }] } } }),
	);
	expect(item.Products).toEqual([
		{ ID: 'letter-2-sheet', Quantity: 1 },
		{ ID: 'flyer-a5', Quantity: 3, TemplateFields: { a: '1' } },
	]);
});

test.each([
	['a prototype name', [{ name: 'ok', value: '1' }, { name: '__proto__', value: '2' }], 'Product Options.Template Fields[1].Name', '"__proto__" is not allowed'],
	['"constructor"', [{ name: 'constructor', value: '1' }], 'Product Options.Template Fields[0].Name', '"constructor" is not allowed'],
])('a template field with %s is refused before sending', async (_name, pairs, field, problem) => {
	const result = await run(fields({ productOptions: { templateFields: { field: pairs } } }));
	expect(result.error?.message).toBe(`Invalid "${field}" in item 0: ${problem}`);
	expect((await env.api.requests()).filter((entry) => entry.path.startsWith('/api/v1/'))).toEqual([]);
});

test.each([
	['a blank name', [{ name: 'ok', value: '1' }, { name: '  ' }], 'Product Options.Template Fields[1].Name', 'is required'],
	['a name given twice', [{ name: 'a', value: '1' }, { name: ' a', value: '2' }], 'Product Options.Template Fields[1].Name', '"a" is given twice'],
])('a template field with %s is refused before sending', async (_name, pairs, field, problem) => {
	const result = await run(fields({ productOptions: { templateFields: { field: pairs } } }));
	expect(result.error?.message).toBe(`Invalid "${field}" in item 0: ${problem}`);
	expect((await env.api.requests()).filter((entry) => entry.path.startsWith('/api/v1/'))).toEqual([]);
});

test('an additional product’s Template Fields JSON that does not parse is refused naming the product and the parser’s reason', async () => {
	const extra = await run(fields({ additionalFields: { products: { product: [{ ID: 'flyer-a5', Quantity: 1, TemplateFields: '{}' }, { ID: 'flyer-a5', Quantity: 1, TemplateFields: 'headline=Hi' }] } } }));
	expect(extra.error?.message).toMatch(/^Invalid "Products\[1\]\.TemplateFields" in item 0: is not valid JSON \(.+\)$/);
	expect((await env.api.requests()).filter((entry) => entry.path.startsWith('/api/v1/'))).toEqual([]);
});
