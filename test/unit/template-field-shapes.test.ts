/**
 * What the store list and a product's template fields may look like (lists/stores.ts,
 * lists/templateFields.ts), and the resource locator values the node reads (shared/ids.ts): each
 * plausible shape, read the same way.
 */
import { checkPathId, locatorValue } from '../../nodes/shared/ids';
import { mapperField, templateFieldsOf } from '../../nodes/PrintStore/lookups/templateFields';
import { matchesStore, storeEntry, storeLabel } from '../../nodes/shared/lists/stores';

describe('a product\'s TemplateFields', () => {
	test('as the provider documents them: [{Required, Type, SubType, FieldName, Prompt, DefaultValue, OrgValue}]', () => {
		const product = {
			ID: 'p',
			TemplateFields: [
				{ Required: true, Type: 'Text', SubType: 'SingleLine', FieldName: 'Headline', Prompt: 'Your headline', DefaultValue: null, OrgValue: null },
				{ Required: false, Type: 'Text', SubType: 'MultiLine', FieldName: 'SignOff', Prompt: '', DefaultValue: 'Warm regards', OrgValue: 'x' },
			],
		};
		expect(templateFieldsOf(product)).toEqual([
			{ name: 'Headline', prompt: 'Your headline', required: true, defaultValue: '' },
			{ name: 'SignOff', prompt: '', required: false, defaultValue: 'Warm regards' },
		]);
	});

	test.each([
		['an object of name → default value (the sandbox by default)', { Headline: '', SignOff: 'Bye' }],
		['a list of names', ['Headline', 'SignOff']],
		['an object of name → details', { Headline: { Prompt: 'Your headline' }, SignOff: { DefaultValue: 'Bye' } }],
		['documented fields in other cases', [{ fieldName: 'Headline', prompt: 'Your headline' }, { FIELDNAME: 'SignOff', defaultvalue: 'Bye' }]],
		['under "templateFields"', undefined],
	])('as %s', (_shape, fields) => {
		const product = fields === undefined ? { templateFields: ['Headline', 'SignOff'] } : { TemplateFields: fields };
		expect(templateFieldsOf(product).map((field) => field.name)).toEqual(['Headline', 'SignOff']);
	});

	test('Required as text or a number; a number or boolean default as text', () => {
		const fields = templateFieldsOf({ TemplateFields: [{ FieldName: 'A', Required: 'true', DefaultValue: 5 }, { FieldName: 'B', Required: 1, DefaultValue: false }, { FieldName: 'C', Required: 'no' }] });
		expect(fields.map((field) => [field.name, field.required, field.defaultValue])).toEqual([['A', true, '5'], ['B', true, 'false'], ['C', false, '']]);
	});

	test('none, and nothing unusable: no list, an empty one, nameless or repeated fields, names that would reach an object\'s prototype', () => {
		expect(templateFieldsOf({ ID: 'p' })).toEqual([]);
		expect(templateFieldsOf({ TemplateFields: null })).toEqual([]);
		expect(templateFieldsOf({ TemplateFields: [] })).toEqual([]);
		expect(templateFieldsOf({ TemplateFields: 'Headline' })).toEqual([]);
		const fields = templateFieldsOf({ TemplateFields: [{ Prompt: 'no name' }, '', 'A', { FieldName: 'A' }, '__proto__', 'constructor', 7] });
		expect(fields.map((field) => field.name)).toEqual(['A', '7']);
	});

	test('as the resource mapper shows them: the prompt (else the name), required, a string, the default when there is one', () => {
		expect(mapperField({ name: 'SignOff', prompt: 'Sign-off line', required: false, defaultValue: 'Bye' })).toEqual({
			id: 'SignOff',
			displayName: 'Sign-off line',
			required: false,
			type: 'string',
			display: true,
			defaultMatch: false,
			canBeUsedToMatch: false,
			defaultValue: 'Bye',
		});
		expect(mapperField({ name: 'Headline', prompt: '', required: true, defaultValue: '' })).toEqual({
			id: 'Headline',
			displayName: 'Headline',
			required: true,
			type: 'string',
			display: true,
			defaultMatch: false,
			canBeUsedToMatch: false,
		});
	});
});

describe('a store of the store list', () => {
	test.each([
		['verbose (the whole Store)', { StoreID: 'store_1', CompanyName: 'Acme Print', BudgetEnabled: false }, 'Acme Print (store_1)'],
		['StoreID only (not verbose)', { StoreID: 'store_1' }, 'store_1'],
		['other cases', { storeId: 'store_1', companyName: 'Acme Print' }, 'Acme Print (store_1)'],
		['a numeric ID', { StoreID: 1001, CompanyName: 'Acme Print' }, 'Acme Print (1001)'],
		['ID instead of StoreID', { ID: 'store_1', Name: 'Acme Print' }, 'Acme Print (store_1)'],
		['a company name that is the ID', { StoreID: 'store_1', CompanyName: 'store_1' }, 'store_1'],
		['an empty company name', { StoreID: 'store_1', CompanyName: '  ' }, 'store_1'],
	])('%s', (_shape, entry, label) => {
		const store = storeEntry(entry);
		expect(store && storeLabel(store)).toBe(label);
	});

	test('without an ID it is not listed', () => {
		expect(storeEntry({ CompanyName: 'Acme Print' })).toBeUndefined();
		expect(storeEntry({ StoreID: '' })).toBeUndefined();
		expect(storeEntry({ StoreID: { nested: true } })).toBeUndefined();
	});

	test('search: every word in the company name or ID, any case', () => {
		const store = { id: 'store_1', companyName: 'Acme Print Co.' };
		expect(matchesStore(store, '')).toBe(true);
		expect(matchesStore(store, 'acme STORE_1')).toBe(true);
		expect(matchesStore(store, 'print')).toBe(true);
		expect(matchesStore(store, 'acme other')).toBe(false);
	});
});

describe('a value saved as text or as a resource locator', () => {
	test.each([
		['text', 'store_1', 'store_1'],
		['a locator picked From List', { __rl: true, mode: 'list', value: 'store_1', cachedResultName: 'Acme (store_1)' }, 'store_1'],
		['a locator typed By ID', { __rl: true, mode: 'id', value: 'store_1' }, 'store_1'],
		['mode and value without the marker', { mode: 'id', value: 'store_1' }, 'store_1'],
		['a locator with nothing picked', { __rl: true, mode: 'list', value: '' }, ''],
		['a locator without a value', { __rl: true, mode: 'list' }, ''],
		['another object', { id: 'store_1' }, { id: 'store_1' }],
		['a number', 5, 5],
	])('%s', (_name, value, expected) => {
		expect(locatorValue(value)).toEqual(expected);
	});

	test('as a path ID: the locator\'s value, checked like text', () => {
		expect(checkPathId({ __rl: true, mode: 'list', value: ' store_1 ' }, 'Store ID')).toBe('store_1');
		expect(() => checkPathId({ __rl: true, mode: 'id', value: '../user' }, 'Store ID')).toThrow('"../user" is not a valid ID');
		expect(() => checkPathId({ __rl: true, mode: 'list', value: '' }, 'Store ID')).toThrow('is required');
	});
});
