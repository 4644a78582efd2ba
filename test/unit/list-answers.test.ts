/**
 * Reading the answers of the order and product lists, which the API names without showing: every
 * plausible shape gives the same entries, paging fields are found where they plausibly sit, and an
 * answer with no list is an error, not "nothing there". Also the filters the node applies itself,
 * and dates from the editor turned into UTC.
 */
import { readListAnswer } from '../../nodes/PrintStore/lists/listAnswer';
import { matchesOrder, NO_FILTERS, orderSummary, toUtcInstant } from '../../nodes/PrintStore/lists/orders';
import { matchesProduct, productHint } from '../../nodes/PrintStore/lists/products';

const orders = [{ ID: 'a' }, { ID: 'b' }];

describe('readListAnswer', () => {
	test.each([
		['a bare list', orders, {}],
		['Orders with PascalCase paging', { Orders: orders, HasNextPage: true, TotalCount: 9 }, { hasNextPage: true, totalCount: 9 }],
		['data with camelCase paging', { data: orders, hasNextPage: false, totalCount: 2 }, { hasNextPage: false, totalCount: 2 }],
		['items with hasMore and total', { items: orders, hasMore: 'true', total: '12' }, { hasNextPage: true, totalCount: 12 }],
		['results with paging under "paging"', { results: orders, paging: { hasNextPage: true, totalCount: 40 } }, { hasNextPage: true, totalCount: 40 }],
		['value (OData)', { value: orders }, {}],
		['any case of the resource key', { orders }, {}],
		['the one list under an unknown key', { PrintOrders: orders, Page: 1 }, {}],
	])('%s', (_name, body, paging) => {
		expect(readListAnswer(body, 'Orders', 'order list')).toEqual({ entries: orders, ...paging });
	});

	test('entries that are no object are left out', () => {
		expect(readListAnswer([{ ID: 'a' }, 'x', null, 3], 'Orders', 'order list').entries).toEqual([{ ID: 'a' }]);
	});

	test.each([
		['an object without a list', { ID: 'a' }, /got an object with ID/],
		['two lists under unknown keys', { A: orders, B: orders }, /got an object with A, B/],
		['text', 'Not found', /got string/],
		['null', null, /got null/],
	])('%s is an error that says what came', (_name, body, got) => {
		expect(() => readListAnswer(body, 'Products', 'product list')).toThrow('The service answered the product list with no list in it');
		try {
			readListAnswer(body, 'Products', 'product list');
		} catch (error) {
			expect((error as { description: string }).description).toMatch(got);
			expect((error as { description: string }).description).toMatch(/^Expected a list of products/);
		}
	});
});

describe('the filters the node applies', () => {
	const order = {
		ID: 'ord_1',
		OrderNumber: 'PS-100001',
		PartnerOrderReference: 'crm-42',
		StatusID: 4,
		StatusDescription: 'Shipped',
		Completed: false,
		Created: '2026-11-20T10:00:00.000Z',
		OrderDetails: {
			Product: { ID: 'postcard-4x6', Quantity: 100 },
			Recipient: { NameFirst: 'Grace', NameLast: 'Hopper', City: 'Arlington', Email: 'grace@navy.test' },
			Customer: { CompanyName: 'Acme Corp' },
		},
	};
	const matches = (filters: Partial<typeof NO_FILTERS> & Record<string, unknown>) => matchesOrder(order, { ...NO_FILTERS, ...filters });

	test('statuses by ID or description, any case', () => {
		expect(matches({ statuses: ['4'] })).toBe(true);
		expect(matches({ statuses: ['5', 'SHIPPED'] })).toBe(true);
		expect(matches({ statuses: ['5', 'Delivered'] })).toBe(false);
	});
	test('created between, both ends included', () => {
		expect(matches({ createdFrom: '2026-11-20T10:00:00.000Z', createdTo: '2026-11-20T10:00:00.000Z' })).toBe(true);
		expect(matches({ createdFrom: '2026-11-20T10:00:00.001Z' })).toBe(false);
		expect(matches({ createdTo: '2026-11-20T09:59:59.999Z' })).toBe(false);
	});
	test('open or completed by the Completed flag', () => {
		expect(matches({ state: 'open' })).toBe(true);
		expect(matches({ state: 'completed' })).toBe(false);
		expect(matchesOrder({ ...order, Completed: 'true' } as never, { ...NO_FILTERS, state: 'open' })).toBe(false);
	});
	test('search: every word, in number, reference, recipient or customer', () => {
		for (const search of ['grace hopper', 'HOPPER arlington', 'crm-42', 'PS-100001', 'navy.test', 'acme']) expect(matches({ search })).toBe(true);
		expect(matches({ search: 'grace lovelace' })).toBe(false);
	});
	test('a model reads a summary of each order', () => {
		expect(orderSummary(order)).toEqual({
			orderNumber: 'PS-100001',
			orderId: 'ord_1',
			reference: 'crm-42',
			status: 'Shipped',
			statusId: 4,
			completed: false,
			created: '2026-11-20T10:00:00.000Z',
			recipient: 'Grace Hopper, Arlington',
			product: 'postcard-4x6 x 100',
		});
	});
	test('products by name or ID, and their quantities in words', () => {
		const product = { ID: 'poster-18x24', Name: 'Poster 18x24 in', MinQuantity: 1, MaxQuantity: 500, QuantityStep: 5 };
		expect(matchesProduct(product, 'POSTER 18x24')).toBe(true);
		expect(matchesProduct(product, 'postcard')).toBe(false);
		expect(productHint(product)).toBe('Quantity 1 to 500 in steps of 5');
	});
});

describe('toUtcInstant', () => {
	test('a value with its own zone keeps it', () => {
		expect(toUtcInstant('2026-11-01T09:30:00+01:00', 'America/New_York', 'F')).toBe('2026-11-01T08:30:00.000Z');
		expect(toUtcInstant('2026-11-01T09:30:00Z', 'Asia/Tokyo', 'F')).toBe('2026-11-01T09:30:00.000Z');
	});
	test("a value without one is the workflow's wall clock, across daylight saving changes", () => {
		expect(toUtcInstant('2026-07-01T12:00:00', 'Europe/Berlin', 'F')).toBe('2026-07-01T10:00:00.000Z');
		expect(toUtcInstant('2026-12-01T12:00:00', 'Europe/Berlin', 'F')).toBe('2026-12-01T11:00:00.000Z');
		expect(toUtcInstant('2026-11-01', 'America/New_York', 'F')).toBe('2026-11-01T04:00:00.000Z');
		expect(toUtcInstant('2026-11-01T12:00:00', 'UTC', 'F')).toBe('2026-11-01T12:00:00.000Z');
	});
	test('not a date: an error naming the field', () => {
		expect(() => toUtcInstant('soon', 'UTC', 'Filters > Created After')).toThrow('Filters > Created After: must be a date and time such as 2026-11-01T00:00:00, got "soon"');
	});
});
