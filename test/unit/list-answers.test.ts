/**
 * Reading the answers of the order and product lists, which the API names without showing: every
 * plausible shape gives the same entries, paging fields are found where they plausibly sit, and an
 * answer with no list is an error, not "nothing there". Also the filters the node applies itself,
 * and dates from the editor turned into UTC.
 */
import { readListAnswer } from '../../nodes/shared/lists/listAnswer';
import { matchesOrder, NO_FILTERS, orderSummary, toUtcInstant } from '../../nodes/shared/lists/orderList';
import { entryKey, mayHaveMore, saysMore } from '../../nodes/shared/lists/pages';
import { matchesProduct, productHint, productId, productListSource, productName, quantityTag } from '../../nodes/PrintStore/lookups/products';

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
		['the one list under an unknown key', { PrintOrders: orders, Page: 1 }, { pageIndex: 1 }],
		[
			'as the provider documents it',
			{ PageIndex: 2, PageSize: 10, TotalCount: 130, TotalPageCount: 13, HasNextPage: true, HasPrevPage: true, Items: orders },
			{ pageIndex: 2, pageSize: 10, totalCount: 130, totalPageCount: 13, hasNextPage: true },
		],
		['camelCase page fields', { data: orders, pageNumber: '3', perPage: 25, totalPages: 4 }, { pageIndex: 3, pageSize: 25, totalPageCount: 4 }],
	])('%s', (_name, body, paging) => {
		expect(readListAnswer(body, 'Orders', 'order list')).toEqual({ entries: orders, ...paging });
	});

	test.each(['items', 'data', 'results', 'value', 'values', 'records', 'list', 'entries', 'content', 'ITEMS', 'Products'])('the list under "%s"', (key) => {
		expect(readListAnswer({ [key]: orders, other: [{ ID: 'x' }] }, 'Products', 'product list').entries).toEqual(orders);
	});

	test.each([
		[{ hasNextPage: true }, true],
		[{ HasMore: false }, false],
		[{ more: true }, true],
		[{ hasNext: 'true' }, true],
		[{ hasNext: 'false' }, false],
		[{ hasNext: 'yes' }, undefined],
	])('next page flag %j', (paging, hasNextPage) => {
		expect(readListAnswer({ items: orders, ...paging }, 'Orders', 'order list').hasNextPage).toBe(hasNextPage);
	});

	test.each([
		[{ totalCount: 7 }, 7],
		[{ Total: '8' }, 8],
		[{ totalItems: 9 }, 9],
		[{ totalRecords: 0 }, 0],
		[{ count: 3 }, 3],
		[{ total: -1 }, undefined],
		[{ total: 2.5 }, undefined],
		[{ total: ' ' }, undefined],
		[{ total: 'many' }, undefined],
	])('total %j', (paging, totalCount) => {
		expect(readListAnswer({ items: orders, ...paging }, 'Orders', 'order list').totalCount).toBe(totalCount);
	});

	test.each(['paging', 'pagination', 'page', 'meta', '_meta', 'Paging'])('paging fields under "%s"', (holder) => {
		expect(readListAnswer({ items: orders, [holder]: { hasMore: true, total: 40 } }, 'Orders', 'order list')).toEqual({ entries: orders, hasNextPage: true, totalCount: 40 });
	});

	test('paging fields beside the list win over those under a holder', () => {
		expect(readListAnswer({ items: orders, hasMore: false, paging: { hasMore: true } }, 'Orders', 'order list').hasNextPage).toBe(false);
	});

	test('an unknown key holding a list of entries is found, _meta and lists of text are not', () => {
		expect(readListAnswer({ _meta: { Messages: ['hi'] }, Tags: ['a', 'b'], Found: orders }, 'Orders', 'order list').entries).toEqual(orders);
		expect(() => readListAnswer({ _meta: [{ Messages: 'x' }] }, 'Orders', 'order list')).toThrow('no list in it');
	});

	test('entries that are no object are left out', () => {
		expect(readListAnswer([{ ID: 'a' }, 'x', null, 3], 'Orders', 'order list').entries).toEqual([{ ID: 'a' }]);
	});

	test.each([
		['an object without a list', { ID: 'a' }, /got an object with ID/],
		['two lists under unknown keys', { A: orders, B: orders }, /got an object with A, B/],
		['text', 'Not found', /got string/],
		['null', null, /got null/],
		['a list-less object', {}, /got an object with no fields/],
		['a number', 3, /got number/],
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
	test("the provider's documented quantity fields: minimum, maximum, step and default; a maximum of 0 is no maximum", () => {
		expect(productHint({ ID: 'p', MinimumQty: 100, MaximumQty: 10000, IncrementQty: 50, DefaultQty: 250 })).toBe('Quantity 100 to 10000 in steps of 50, default 250');
		expect(productHint({ ID: 'p', MinimumQty: '25', MaximumQty: 0, IncrementQty: 1 })).toBe('Quantity 25 to any');
		expect(productHint({ ID: 'p', DefaultQty: 10 })).toBe('Default quantity 10');
		expect(productHint({ ID: 'p' })).toBe('');
	});
	test('the same rule in short, for the entry of the editor list (cut to the panel width)', () => {
		expect(quantityTag({ MinimumQty: 100, MaximumQty: 10000, IncrementQty: 50, DefaultQty: 250 })).toBe('qty 100–10000 step 50');
		expect(quantityTag({ MinQuantity: 1, MaxQuantity: 500, QuantityStep: 1 })).toBe('qty 1–500');
		expect(quantityTag({ MinimumQty: 25, MaximumQty: 0 })).toBe('qty 25+');
		expect(quantityTag({ DefaultQty: 10 })).toBe('');
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

describe('paging', () => {
	const read = (fresh: number, seen: number, paged = true, fromFirstPage = true) => ({ fresh, seen, paged, fromFirstPage });
	test('a page with nothing new is the last, whatever it says', () => {
		expect(mayHaveMore({ entries: [], hasNextPage: true }, read(0, 10))).toBe(false);
	});
	test('a next-page flag decides', () => {
		expect(mayHaveMore({ entries: [], hasNextPage: true, totalCount: 5 }, read(5, 5))).toBe(true);
		expect(mayHaveMore({ entries: [], hasNextPage: false, totalCount: 50 }, read(5, 5))).toBe(false);
	});
	test('else the total, counted from the first page', () => {
		expect(mayHaveMore({ entries: [], totalCount: 50 }, read(20, 20))).toBe(true);
		expect(mayHaveMore({ entries: [], totalCount: 50 }, read(10, 50))).toBe(false);
		expect(mayHaveMore({ entries: [], totalCount: 50 }, read(10, 49))).toBe(true);
		// From a later page (the editor scrolling) the count is not from the first: ask until an empty page.
		expect(mayHaveMore({ entries: [], totalCount: 5 }, read(10, 10, true, false))).toBe(true);
	});
	test('else a list asked for by page goes on, one that was not is whole', () => {
		expect(mayHaveMore({ entries: [] }, read(3, 3, true))).toBe(true);
		expect(mayHaveMore({ entries: [] }, read(3, 3, false))).toBe(false);
	});
	test('the product list is asked for whole (no page size, no query): by page only when an answer says there is more', () => {
		const source = productListSource('store_main');
		expect(source.query).toBeUndefined();
		expect(source.pageSize).toBeUndefined();
		expect(source.path).toEqual(['store', 'store_main', 'product']);
	});
	test('a page count or the next-page flag says there is more; a page count ends the list at its last page', () => {
		expect(saysMore({ entries: [], totalPageCount: 3 }, { seen: 10, page: 2, fromFirstPage: true })).toBe(true);
		expect(saysMore({ entries: [], totalPageCount: 3 }, { seen: 10, page: 3, fromFirstPage: true })).toBe(false);
		expect(saysMore({ entries: [], hasNextPage: false, totalPageCount: 3 }, { seen: 10, page: 1, fromFirstPage: true })).toBe(false);
		expect(saysMore({ entries: [] }, { seen: 10, page: 1, fromFirstPage: true })).toBeUndefined();
	});
	test('an entry is the same on two pages by its ID, else its order number, whatever else changed', () => {
		expect(entryKey({ ID: 'a', StatusID: 1 })).toBe(entryKey({ ID: 'a', StatusID: 2 }));
		expect(entryKey({ Id: 7 })).toBe(entryKey({ Id: 7, x: 1 }));
		expect(entryKey({ id: 'b' })).toBe('id:b');
		expect(entryKey({ OrderNumber: 'PS-1', StatusID: 1 })).toBe(entryKey({ OrderNumber: 'PS-1', StatusID: 4 }));
		expect(entryKey({ ID: '', OrderNumber: 'PS-1' })).toBe('OrderNumber:PS-1');
		expect(entryKey({ ID: 'a' })).not.toBe(entryKey({ ID: 'b' }));
		expect(entryKey({ Name: 'x' })).not.toBe(entryKey({ Name: 'y' }));
		expect(entryKey({ ID: null, Name: 'x' })).toBe(JSON.stringify({ ID: null, Name: 'x' }));
	});
});

describe('product entries', () => {
	test.each([
		[{ ID: 'p1' }, 'p1'],
		[{ Id: 'p2' }, 'p2'],
		[{ id: 3 }, '3'],
		[{ ProductID: 'p4' }, 'p4'],
		[{ ProductId: 'p5' }, 'p5'],
		[{ productId: 'p6' }, 'p6'],
		[{ ID: '', productId: 'p7' }, 'p7'],
		[{ Name: 'no id' }, ''],
	])('the ID of %j', (product, id) => {
		expect(productId(product)).toBe(id);
	});
	test.each([
		[{ Name: 'A' }, 'A'],
		[{ name: 'B' }, 'B'],
		[{ ProductName: 'C' }, 'C'],
		[{ productName: 'D' }, 'D'],
		[{ Title: 'E' }, 'E'],
		[{ title: 'F' }, 'F'],
		[{ Description: 'G' }, 'G'],
		[{ description: 'H' }, 'H'],
		[{ Name: '', title: 'I' }, 'I'],
	])('the name of %j', (product, name) => {
		expect(productName(product)).toBe(name);
	});
	test.each([
		[{ MinQuantity: 25, MaxQuantity: 25000, QuantityStep: 25 }, 'Quantity 25 to 25000 in steps of 25'],
		[{ MinimumQuantity: 2, MaximumQuantity: 9 }, 'Quantity 2 to 9'],
		[{ minQuantity: 1, quantityStep: 1 }, 'Quantity 1 to any'],
		[{ maxQuantity: 100 }, 'Quantity 1 to 100'],
		[{ QuantityStep: 10 }, 'in steps of 10'],
		[{}, ''],
	])('the quantities of %j', (product, hint) => {
		expect(productHint(product)).toBe(hint);
	});
	test('search: every word, any amount of space', () => {
		expect(matchesProduct({ ID: 'letter-2-sheet', Name: 'Letter, 2 sheets' }, '  letter   2 ')).toBe(true);
		expect(matchesProduct({ ID: 'letter-2-sheet', Name: 'Letter, 2 sheets' }, '')).toBe(true);
	});
});
