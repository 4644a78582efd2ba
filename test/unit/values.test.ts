/**
 * Checks on what users type: order items. IDs in paths: ids.test.ts; custom API paths:
 * api-path.test.ts; callback secrets: callback-secrets.test.ts.
 */
import { validateOrderItem } from '../../nodes/PrintStore/orderRun/check';
import { problem } from '../helpers/invalid-value';

describe('order item', () => {
	const good = { Product: { ID: 'postcard', Quantity: '3' }, Recipient: { NameFirst: 'Ada', Postalcode: 'N1' } };

	test('coerces and copies only known fields', () => {
		expect(validateOrderItem(good, 'Order Item')).toEqual({ Product: { ID: 'postcard', Quantity: 3 }, Recipient: { NameFirst: 'Ada', Postalcode: 'N1' } });
	});

	test.each([
		['casing of Recipient.Postalcode', { ...good, Recipient: { PostalCode: 'N1' } }, 'Order Item.Recipient.PostalCode: is not a field of Order Item.Recipient; did you mean "Postalcode"?'],
		['casing of Customer.PostalCode', { ...good, Customer: { Postalcode: 'N1' } }, 'Order Item.Customer.Postalcode: is not a field of Order Item.Customer; did you mean "PostalCode"?'],
		['missing product', { Recipient: good.Recipient }, 'Order Item.Product: is required'],
		['quantity 0', { ...good, Product: { ID: 'p', Quantity: 0 } }, 'Order Item.Product.Quantity: must be a whole number of at least 1, got 0'],
		['bad callback URL', { ...good, StatusCallbackUrl: 'ftp://x' }, 'Order Item.StatusCallbackUrl: must be an http(s) URL, got "ftp://x"'],
		['prototype key in template fields', { ...good, Product: { ID: 'p', Quantity: 1, TemplateFields: JSON.parse('{"__proto__": "x"}') as object } }, 'Order Item.Product.TemplateFields.__proto__: is not allowed as a field name'],
		['an unknown field like none known', { ...good, Recipient: { Nickname: 'A' } }, 'Order Item.Recipient.Nickname: is not a field of Order Item.Recipient; known fields: Email, Title, NameFirst, NameLast, CompanyName, AddressLine1, AddressLine2, AddressLine3, City, Province, Postalcode, Country, BusinessPhone, MobilePhone, RecipientKey'],
		['template fields as text', { ...good, Product: { ID: 'p', Quantity: 1, TemplateFields: 'headline=Hi' } }, 'Order Item.Product.TemplateFields: must be an object of text values, got "headline=Hi"'],
		['recipients not a list', { ...good, Recipients: { NameFirst: 'B' } }, 'Order Item.Recipients: must be a list, got {"NameFirst":"B"}'],
		[
			'a long value, cut in the message',
			{ ...good, Recipient: { NameFirst: { first: 'Ada', middle: 'Augusta', last: 'King', title: 'Countess of Lovelace' } } },
			'Order Item.Recipient.NameFirst: must be text, got {"first":"Ada","middle":"Augusta","last":"King","title":"...',
		],
	])('%s', (_name, value, expected) => {
		expect(problem(() => validateOrderItem(value, 'Order Item'))).toBe(expected);
	});
});
