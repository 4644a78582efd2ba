/**
 * The order item check field kind by field kind, at the edges where a lenient reading would send
 * something the user did not mean (a boolean as a quantity, "0x10" as 16, blanks as 0) or refuse
 * what a CRM export really holds (numbers as text, URLs with spaces around them).
 */
import { validateOrderItem } from '../../nodes/PrintStore/orderRun/check';
import { problem } from '../helpers/invalid-value';

const product = { ID: 'postcard', Quantity: 1 };
const recipient = { NameFirst: 'Ada', Postalcode: 'N1' };
const item = (extra: Record<string, unknown>) => ({ Product: product, Recipient: recipient, ...extra });
const check = (value: unknown) => validateOrderItem(value, 'Order Item');
const refusal = (value: unknown) => problem(() => check(value));

describe('text fields', () => {
	test('numbers and booleans become text; nothing else does', () => {
		const out = check(item({ PartnerOrderReference: 42, Recipient: { NameFirst: 'Ada', NameLast: false, CompanyName: true } }));
		expect(out.PartnerOrderReference).toBe('42');
		expect(out.Recipient).toEqual({ NameFirst: 'Ada', NameLast: 'false', CompanyName: 'true' });
		expect(refusal(item({ PartnerOrderReference: ['a'] }))).toBe('Order Item.PartnerOrderReference: must be text, got ["a"]');
	});

	test('a null or absent value is left out, not refused', () => {
		const out = check(item({ PartnerOrderReference: null, Recipient: { NameFirst: 'Ada', NameLast: null, City: undefined } }));
		expect(out).toEqual({ Product: product, Recipient: { NameFirst: 'Ada' } });
		expect('PartnerOrderReference' in out).toBe(false);
	});

	test('a refused text value is quoted as typed, quotes and all', () => {
		expect(refusal(item({ StatusCallbackUrl: 'say "hi"' }))).toBe('Order Item.StatusCallbackUrl: must be an http(s) URL, got "say "hi""');
	});
});

describe('URL fields', () => {
	test('spaces around a URL are trimmed, and the trimmed URL is sent', () => {
		const out = check(item({ StatusCallbackUrl: '  https://hooks.example/status?a=1  ', Product: { ...product, FileURL: '\thttp://files.example/art.pdf\n' } }));
		expect(out.StatusCallbackUrl).toBe('https://hooks.example/status?a=1');
		expect((out.Product as { FileURL: string }).FileURL).toBe('http://files.example/art.pdf');
	});

	test.each([
		['text before the URL', 'see https://hooks.example/status'],
		['a space inside it', 'https://hooks.example/a b'],
		['no host', 'https:///status'],
		['another scheme', 'ftp://files.example/x'],
	])('refused: %s', (_name, url) => {
		expect(refusal(item({ StatusDetailsCallbackUrl: url }))).toBe(`Order Item.StatusDetailsCallbackUrl: must be an http(s) URL, got "${url}"`);
	});
});

describe('number fields (Payments[].ExpectedAmount)', () => {
	const amount = (value: unknown) => item({ Payments: [{ ID: 'p1', ExpectedAmount: value }] });

	test('a number given as text is sent as a number', () => {
		expect(check(amount('12.50')).Payments).toEqual([{ ID: 'p1', ExpectedAmount: 12.5 }]);
		expect(check(amount(' 7 ')).Payments).toEqual([{ ID: 'p1', ExpectedAmount: 7 }]);
		expect(check(amount(0)).Payments).toEqual([{ ID: 'p1', ExpectedAmount: 0 }]);
	});

	test.each([
		['empty text', '', '""'],
		['spaces only', '   ', '"   "'],
		['a boolean', true, 'true'],
		['not a number', '12,50', '"12,50"'],
		['infinite', 'Infinity', '"Infinity"'],
	])('refused, not read as 0 or 1: %s', (_name, value, shown) => {
		expect(refusal(amount(value))).toBe(`Order Item.Payments[0].ExpectedAmount: must be a number, got ${shown}`);
	});
});

describe('whole-number fields', () => {
	test('digits as text are read as a number, spaces around them allowed', () => {
		expect(check(item({ Product: { ...product, Quantity: '12' } })).Product).toEqual({ ...product, Quantity: 12 });
		expect(check(item({ Product: { ...product, Quantity: ' 250 ' } })).Product).toEqual({ ...product, Quantity: 250 });
	});

	test('Production Speed Days may be 0; Quantity may not', () => {
		expect(check(item({ Product: { ...product, ProductionSpeedDays: 0 } })).Product).toEqual({ ...product, ProductionSpeedDays: 0 });
		expect(check(item({ Product: { ...product, ProductionSpeedDays: '0' } })).Product).toEqual({ ...product, ProductionSpeedDays: 0 });
		expect(refusal(item({ Product: { ...product, Quantity: '0' } }))).toBe('Order Item.Product.Quantity: must be a whole number of at least 1, got "0"');
		expect(refusal(item({ Product: { ...product, ProductionSpeedDays: -1 } }))).toBe('Order Item.Product.ProductionSpeedDays: must be a whole number of at least 0, got -1');
	});

	test.each([
		['a sign', '+5', '"+5"'],
		['hexadecimal', '0x10', '"0x10"'],
		['an exponent', '1e3', '"1e3"'],
		['a decimal point', '5.0', '"5.0"'],
		['digits then text', '5 boxes', '"5 boxes"'],
		['a boolean', true, 'true'],
		['a fraction', 2.5, '2.5'],
	])('Quantity refused, never guessed: %s', (_name, value, shown) => {
		expect(refusal(item({ Product: { ...product, Quantity: value } }))).toBe(`Order Item.Product.Quantity: must be a whole number of at least 1, got ${shown}`);
	});

	test('a Product Recipients quantity follows the same rule', () => {
		expect(refusal(item({ ProductRecipients: [{ ProductID: 'p', RecipientID: 'r', Quantity: '0x2' }] }))).toBe(
			'Order Item.ProductRecipients[0].Quantity: must be a whole number of at least 1, got "0x2"',
		);
	});
});

describe('required parts', () => {
	test('a null Product or Recipient is missing, not a wrong type', () => {
		expect(refusal({ Product: null, Recipient: recipient })).toBe('Order Item.Product: is required');
		expect(refusal({ Product: product, Recipient: null })).toBe('Order Item.Recipient: is required');
	});

	test.each([
		['no fields', {}],
		['blank fields only', { NameFirst: '  ', City: '' }],
		['nulls only', { NameFirst: null }],
	])('a recipient with %s is refused', (_name, value) => {
		expect(refusal(item({ Recipient: value }))).toBe('Order Item.Recipient: is required: give at least a name or company and an address');
	});

	test('each extra recipient is checked and named by its place in the list', () => {
		expect(refusal(item({ Recipients: [{ NameFirst: 'Bo' }, { City: ' ' }] }))).toBe(
			'Order Item.Recipients[1]: is required: give at least a name or company and an address',
		);
		expect(check(item({ Recipients: [{ NameFirst: 'Bo' }, { CompanyName: 'Acme' }] })).Recipients).toEqual([{ NameFirst: 'Bo' }, { CompanyName: 'Acme' }]);
	});

	test('delivery areas are named in errors by their list and place', () => {
		expect(refusal(item({ EddmDeliveryAreas: [{ PostalCode: '10001' }, { Zip: '10002' }] }))).toBe(
			'Order Item.EddmDeliveryAreas[1].Zip: is not a field of Order Item.EddmDeliveryAreas[1]; known fields: PostalCode, CarrierRoute, TargetAudience',
		);
	});
});
