/**
 * The stop message of a Create in the cases a sandbox run cannot set up on demand: a batch in
 * flight beside the refused one whose request failed without an answer (its orders may exist).
 */
import { describeCreated } from '../../nodes/PrintStore/orderRun/runOrders';
import type { Outcome } from '../../nodes/PrintStore/orderRun/batches';
import { ApiFailure } from '../../nodes/shared/errors';
import { API } from '../helpers/api-operations';

const refused = new ApiFailure(API['order.create'], { status: 400, serviceMessages: ['Items[0].Product.ID: unknown'], reason: '400' }, 1, false, true);
const dropped = new ApiFailure(API['order.create'], { code: 'ECONNRESET', serviceMessages: [], reason: 'ECONNRESET' }, 1, true);
const order = (n: number): Outcome => ({ result: { ID: `ord_${n}`, OrderNumber: `PS-${n}` } });

test('orders that may exist are named apart from those that do, and never called "not created"', () => {
	// Item 1 refused (the stop); items 2 and 3 were in flight and their connection dropped; 4 and 5 never sent.
	const outcomes = new Map<number, Outcome>([[3, { error: dropped }], [0, order(1)], [1, { error: refused }], [2, { error: dropped }]]);
	expect(describeCreated(outcomes, 1, 6)).toBe(
		'1 order(s) were created before the run stopped at item 1: item 0 (PS-1). Remove those items before running again, or they will be ordered twice. ' +
			'Turn on "Continue On Fail" to get one output item per input item instead. ' +
			'The service may have created the orders of item(s) 2, 3: their request failed without an answer. Look for them in the store before running them again. ' +
			'2 other item(s) were not created.',
	);
});

test('with no order created but some that may exist, it does not say "No order was created"', () => {
	const outcomes = new Map<number, Outcome>([[0, { error: refused }], [1, { error: dropped }]]);
	expect(describeCreated(outcomes, 0, 2)).toBe(
		'The service may have created the orders of item(s) 1: their request failed without an answer. Look for them in the store before running them again.',
	);
});

test('the item the run stopped at is not listed again when its own request dropped (its error says so), and "No order was created" is not claimed', () => {
	const outcomes = new Map<number, Outcome>([[0, { error: dropped }], [1, { error: refused }]]);
	expect(describeCreated(outcomes, 0, 3)).toBe('1 other item(s) were not created.');
	expect(describeCreated(new Map<number, Outcome>([[0, { error: refused }]]), 0, 3)).toBe('No order was created. 2 other item(s) were not created.');
});

test('an order without an order number is named by its ID, or as "order"', () => {
	const outcomes = new Map<number, Outcome>([[0, { result: { ID: 'ord_9' } }], [1, { result: {} }], [2, { error: refused }]]);
	expect(describeCreated(outcomes, 2, 3)).toMatch(/^2 order\(s\) were created before the run stopped at item 2: item 0 \(ord_9\), item 1 \(order\)\. /);
});
