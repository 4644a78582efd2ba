/** Checks on what users type: order items, IDs in paths, custom API paths, callback secrets. */
import { pathFormUrl, triggerCallbackUrl, withSecretQuery, withStore } from '../../nodes/shared/callbacks/urls';
import { hideCallbackSecrets, SECRET_MARKER } from '../../nodes/shared/hideSecrets';
import { checkPathId } from '../../nodes/shared/ids';
import { parseApiPath } from '../../nodes/PrintStore/actions/custom/customApiCall.operation';
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

describe('IDs in paths', () => {
	test.each([
		['../x', '".." is not allowed'],
		['a/b', 'contains "/"'],
		['a?b', 'contains "?"'],
		['a\u0007b', 'contains a control character'],
		['', 'is required'],
	])('%j', (value, expected) => {
		expect(problem(() => checkPathId(value, 'Store ID'))).toContain(expected);
	});

	test('numbers and spaces around are fine', () => {
		expect(checkPathId(42, 'Store ID')).toBe('42');
		expect(checkPathId('  store_1 ', 'Store ID')).toBe('store_1');
	});
});

describe('custom API call paths', () => {
	test.each([
		['/user', ['user']],
		['user', ['user']],
		['/api/v1/store/s1/order/PS-1/status', ['store', 's1', 'order', 'PS-1', 'status']],
		['/store/a%20b/order', ['store', 'a b', 'order']],
	])('%s', (path, segments) => {
		expect(parseApiPath(path)).toEqual(segments);
	});

	test.each([
		['https://evil.example/api/v1/user', 'not a full URL'],
		['//evil.example/user', 'not a full URL'],
		['/store/../user', '".." segments are not allowed'],
		['/store/%2e%2e/user', '".." segments are not allowed'],
		['/store/a%2Fb', 'encoded slashes'],
		['/store/a%5Cb', 'encoded slashes'],
		['/user?login=x', 'Query Parameters'],
		['/', 'must name an endpoint'],
		['', 'is required'],
	])('%s is refused', (path, expected) => {
		expect(problem(() => parseApiPath(path))).toContain(expected);
	});
});

describe('callback secrets', () => {
	const base = 'https://n8n.example.com/webhook/0b9f2c84-6f1e-4f57-9a3e-2d4c7b1e8a90/status';

	test('hidden in the query form and the path form, the rest of the URL kept', () => {
		expect(hideCallbackSecrets(withSecretQuery(base, 'abc123'))).toBe(`${base}?secret=${SECRET_MARKER}`);
		const id = '0b9f2c84-6f1e-4f57-9a3e-2d4c7b1e8a90';
		const pathForm = pathFormUrl(base, id, 'abc123');
		expect(pathForm).toBe(`https://n8n.example.com/webhook/${id}/${id}/status/abc123`);
		expect(hideCallbackSecrets(pathForm)).toBe(`https://n8n.example.com/webhook/${id}/${id}/status/${SECRET_MARKER}`);
		expect(hideCallbackSecrets(withStore(pathForm, 'store_1'))).toBe(`https://n8n.example.com/webhook/${id}/${id}/status/${SECRET_MARKER}/store_1`);
		expect(hideCallbackSecrets(withStore(withSecretQuery(base, 'abc123'), 'store_1'))).toBe(`${base}?secret=${SECRET_MARKER}&store=store_1`);
	});

	test("a trigger's addresses: path form by default, query form when asked, for odd secrets, or without a webhook ID", () => {
		const id = '0b9f2c84-6f1e-4f57-9a3e-2d4c7b1e8a90';
		const node = { name: 'Print Store Trigger', webhookId: id };
		const root = 'https://n8n.example.com/webhook';
		expect(triggerCallbackUrl(`${root}/`, 'wf1', node, 'status', 'abc123', undefined)).toBe(`${root}/${id}/${id}/status/abc123`);
		expect(triggerCallbackUrl(root, 'wf1', node, 'details', 'abc123', 'path')).toBe(`${root}/${id}/${id}/details/abc123`);
		expect(triggerCallbackUrl(root, 'wf1', node, 'details', 'abc123', 'query')).toBe(`${root}/${id}/details?secret=abc123`);
		expect(triggerCallbackUrl(root, 'wf1', node, 'status', 'a/b c', 'path')).toBe(`${root}/${id}/status?secret=a%2Fb%20c`);
		expect(triggerCallbackUrl(root, 'wf1', { name: 'My Trigger' }, 'status', 'abc123', 'path')).toBe(`${root}/wf1/my%20trigger/status?secret=abc123`);
	});

	test('deep in an order, without copying what has nothing to hide', () => {
		const untouched = { OrderDetails: { Recipient: { NameFirst: 'Ada' } } };
		expect(hideCallbackSecrets(untouched)).toBe(untouched);
		const order = { ID: 'ord_1', OrderDetails: { StatusCallbackUrl: withSecretQuery(base, 'abc123'), Products: [{ FileURL: 'https://x/y.pdf?secret=zzz' }] } };
		const hidden = hideCallbackSecrets(order);
		expect(JSON.stringify(hidden)).not.toMatch(/abc123|zzz/);
		expect(order.OrderDetails.StatusCallbackUrl).toContain('abc123');
	});
});
