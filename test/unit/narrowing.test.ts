/**
 * Batch narrowing as a pure algorithm: a recorded `send` answers like the service would (no HTTP
 * here; the engine suites in test/node send the same batches to the sandbox).
 */
import type { IDataObject } from 'n8n-workflow';

import { ApiFailure } from '../../nodes/shared/errors';
import type { BatchGroup, BatchRunOptions } from '../../nodes/PrintStore/orderRun/batches';
import { messagesAbout, namedPositions, sendInBatches } from '../../nodes/PrintStore/orderRun/batches';
import { API } from '../helpers/api-operations';

const rejection = (messages: string[], status = 400) =>
	new ApiFailure(API['order.create'], { status, serviceMessages: messages, reason: String(status) }, 1, false);

function group(count: number, bad: number[] = []): BatchGroup {
	return {
		storeId: 'store_main',
		settings: {},
		entries: Array.from({ length: count }, (_, itemIndex) => ({
			itemIndex,
			orderItem: { PartnerOrderReference: `ref-${itemIndex}`, bad: bad.includes(itemIndex) } as IDataObject,
		})),
	};
}

/** A service that refuses a whole batch with 400 when it holds a bad item, naming it only when `hints`. */
function service(hints: boolean) {
	const sent: string[][] = [];
	const send = async (_group: BatchGroup, items: IDataObject[]) => {
		sent.push(items.map((item) => String(item.PartnerOrderReference)));
		const badAt = items.map((item, position) => (item.bad ? position : -1)).filter((position) => position >= 0);
		if (badAt.length > 0) {
			throw rejection(hints ? badAt.map((position) => `Items[${position}].Recipient is required`) : ['The request is invalid.']);
		}
		return items.map((item) => ({ PartnerOrderReference: item.PartnerOrderReference, ID: `ord-${String(item.PartnerOrderReference)}` }));
	};
	return { sent, send };
}

const options = (overrides: Partial<BatchRunOptions> = {}): BatchRunOptions => ({
	batchSize: 10,
	parallelBatches: 1,
	stopOnError: false,
	narrowRejectedBatches: true,
	creates: true,
	...overrides,
});

test('with Items[k] hints: the named items are set aside at once, the rest sent again once', async () => {
	const { sent, send } = service(true);
	const { outcomes } = await sendInBatches([group(10, [2, 7])], send, options());
	expect(sent).toHaveLength(2);
	expect(sent[1]).toEqual(['ref-0', 'ref-1', 'ref-3', 'ref-4', 'ref-5', 'ref-6', 'ref-8', 'ref-9']);
	const failure = (outcomes.get(7) as { error: ApiFailure }).error;
	expect(failure.rejectedItem).toBe(true);
	expect(failure.facts.serviceMessages).toEqual(['Recipient is required']);
	expect([...outcomes.values()].filter((outcome) => 'result' in outcome)).toHaveLength(8);
});

test('without hints: halves until the bad item is alone, every good item created exactly once', async () => {
	const { sent, send } = service(false);
	const { outcomes } = await sendInBatches([group(8, [5])], send, options());
	const results = [...outcomes.entries()].filter(([, outcome]) => 'result' in outcome).map(([index]) => index).sort((a, b) => a - b);
	expect(results).toEqual([0, 1, 2, 3, 4, 6, 7]);
	// Halving 8 → 4+4 → 2+2 → 1+1: the good halves are sent once each.
	const accepted = sent.filter((batch) => !batch.includes('ref-5'));
	expect(accepted.flat().sort()).toEqual(['ref-0', 'ref-1', 'ref-2', 'ref-3', 'ref-4', 'ref-6', 'ref-7']);
	expect((outcomes.get(5) as { error: ApiFailure }).error.status).toBe(400);
});

test('a batch-wide refusal (both halves fail alike, nothing named) stops splitting', async () => {
	const sent: number[] = [];
	const send = async (_group: BatchGroup, items: IDataObject[]) => {
		sent.push(items.length);
		throw rejection(['Invalid store']);
	};
	const { outcomes } = await sendInBatches([group(8)], send, options());
	expect(sent).toEqual([8, 4, 4]);
	expect([...outcomes.values()].every((outcome) => 'error' in outcome)).toBe(true);
});

test('narrowing switched off: the whole batch fails with the service error, nothing is sent again', async () => {
	const { sent, send } = service(true);
	const { outcomes } = await sendInBatches([group(6, [1])], send, options({ narrowRejectedBatches: false }));
	expect(sent).toHaveLength(1);
	expect(outcomes.size).toBe(6);
	expect([...outcomes.values()].every((outcome) => 'error' in outcome)).toBe(true);
	// The item the service named still gets the words about it.
	expect((outcomes.get(1) as { error: ApiFailure }).error.rejectedItem).toBe(true);
	expect((outcomes.get(0) as { error: ApiFailure }).error.rejectedItem).toBe(false);
});

test('stop on error: the first failing batch stops the run; later batches are never sent', async () => {
	const { sent, send } = service(false);
	const { stopped } = await sendInBatches([group(30, [12])], send, options({ stopOnError: true, batchSize: 10 }));
	expect(stopped).toBe(true);
	expect(sent.flat()).not.toContain('ref-29');
});

test('results in another order than sent are paired by Partner Order Reference when every item has its own', async () => {
	const send = async (_group: BatchGroup, items: IDataObject[]) => [...items].reverse().map((item) => ({ PartnerOrderReference: item.PartnerOrderReference, ID: `ord-${String(item.PartnerOrderReference)}` }));
	const { outcomes } = await sendInBatches([group(3)], send, options());
	expect([0, 1, 2].map((index) => (outcomes.get(index) as { result: IDataObject }).result.ID)).toEqual(['ord-ref-0', 'ord-ref-1', 'ord-ref-2']);
	// References as numbers in the answer match the same text.
	const numeric = await sendInBatches(
		[{ ...group(2), entries: [0, 1].map((itemIndex) => ({ itemIndex, orderItem: { PartnerOrderReference: String(10 + itemIndex) } })) }],
		async () => [{ PartnerOrderReference: 11, ID: 'b' }, { PartnerOrderReference: 10, ID: 'a' }],
		options(),
	);
	expect([0, 1].map((index) => (numeric.outcomes.get(index) as { result: IDataObject }).result.ID)).toEqual(['a', 'b']);
});

const mismatchOf = (outcome: unknown) => {
	const error = (outcome as { error: Error & { description: string } }).error;
	return [error.message, error.description];
};

test('a result that carries a reference that was not sent fails the batch instead of pairing wrongly', async () => {
	const send = async (_group: BatchGroup, items: IDataObject[]) => items.map((_, position) => ({ PartnerOrderReference: position === 1 ? 'someone-else' : `ref-${position}` }));
	const { outcomes } = await sendInBatches([group(3)], send, options());
	expect([0, 1, 2].map((index) => mismatchOf(outcomes.get(index)))).toEqual(
		Array(3).fill([
			'The service answered with results the node cannot match to the input items',
			'Result 1 carries Partner Order Reference "someone-else" where "ref-1" was sent, and the items cannot be matched by reference (give every item its own Partner Order Reference). Orders may have been created: check the store before running these items again.',
		]),
	);
});

test('results out of order cannot be paired when an item has no reference, or two share one: the batch fails', async () => {
	const reversed = async (_group: BatchGroup, items: IDataObject[]) => [...items].reverse().map((item) => ({ PartnerOrderReference: item.PartnerOrderReference ?? null }));
	for (const references of [['a', undefined, 'c'], ['a', '', 'c'], ['a', 'a', 'c']]) {
		const batch = { ...group(3), entries: references.map((PartnerOrderReference, itemIndex) => ({ itemIndex, orderItem: { PartnerOrderReference } as IDataObject })) };
		const { outcomes } = await sendInBatches([batch], reversed, options({ creates: false }));
		expect([0, 1, 2].map((index) => mismatchOf(outcomes.get(index))[0])).toEqual(Array(3).fill('The service answered with results the node cannot match to the input items'));
	}
	// Two items, the second without a reference, answered in reverse: the first item's reference came back on the other result.
	const pairBatch = { ...group(2), entries: ['a', undefined].map((PartnerOrderReference, itemIndex) => ({ itemIndex, orderItem: { PartnerOrderReference } as IDataObject })) };
	const swapped = await sendInBatches([pairBatch], reversed, options({ creates: false }));
	expect([0, 1].map((index) => mismatchOf(swapped.outcomes.get(index)))).toEqual(
		Array(2).fill([
			'The service answered with results the node cannot match to the input items',
			'Result 0 carries no Partner Order Reference where "a" was sent, and the items cannot be matched by reference (give every item its own Partner Order Reference).',
		]),
	);
	// In order, results without a reference (or null) pair by position.
	const inOrder = async (_group: BatchGroup, items: IDataObject[]) => items.map((item, position) => ({ PartnerOrderReference: position === 0 ? null : item.PartnerOrderReference, at: position }));
	const batch = { ...group(3), entries: ['a', undefined, 'c'].map((PartnerOrderReference, itemIndex) => ({ itemIndex, orderItem: { PartnerOrderReference } as IDataObject })) };
	const { outcomes } = await sendInBatches([batch], inOrder, options());
	expect([0, 1, 2].map((index) => (outcomes.get(index) as { result: IDataObject }).result.at)).toEqual([0, 1, 2]);
});

test('fewer results than items fails every item of the batch; only a create warns that orders may exist', async () => {
	const send = async (_group: BatchGroup, items: IDataObject[]) => items.slice(1).map((item) => ({ PartnerOrderReference: item.PartnerOrderReference }));
	const description = (outcome: unknown) => ((outcome as { error: { description: string } }).error.description);
	const created = await sendInBatches([group(3)], send, options());
	expect([...created.outcomes.keys()].sort()).toEqual([0, 1, 2]);
	expect([...created.outcomes.values()].map(description)).toEqual(
		Array(3).fill('It returned 2 results for 3 order items. Orders may have been created: check the store before running these items again.'),
	);
	const quoted = await sendInBatches([group(2)], send, options({ creates: false }));
	expect([...quoted.outcomes.values()].map(description)).toEqual(Array(2).fill('It returned 1 results for 2 order items.'));
});

test('batch size cuts batches in input order', async () => {
	const sizes: number[] = [];
	const send = async (_group: BatchGroup, items: IDataObject[]) => {
		sizes.push(items.length);
		return items.map((item) => ({ PartnerOrderReference: item.PartnerOrderReference }));
	};
	await sendInBatches([group(23)], send, options({ batchSize: 10 }));
	expect(sizes).toEqual([10, 10, 3]);
});

test('Items[k] references: positions inside the batch only, and the words about one item', () => {
	expect(namedPositions(['Items[3].Recipient: is required', 'Items[0] bad', 'Items[12] outside'], 5)).toEqual([0, 3]);
	// The last position of a batch of 5 is 4: Items[5] is one past it.
	expect(namedPositions(['Items[5] outside', 'Items[4] last'], 5)).toEqual([4]);
	expect(messagesAbout(['Items[3].Recipient: is required', 'Items[1] is bad', 'Items[3] is too long'], 3)).toEqual([
		'Recipient: is required',
		'the order item is too long',
	]);
});

test('one message listing several items (a gateway joins them) is cut into the part about each item', () => {
	const joined = "Items[1].Product.ID 'x' is unknown; Items[3].Product.DeliveryMethod 'Teleport' is not supported; use one of Standard, Mail";
	expect(messagesAbout([joined], 1)).toEqual(["Product.ID 'x' is unknown"]);
	expect(messagesAbout([joined], 3)).toEqual(["Product.DeliveryMethod 'Teleport' is not supported; use one of Standard, Mail"]);
	expect(messagesAbout(['Validation failed: Items[0].Quantity must be positive, Items[2].Recipient is required and Items[0].ID is empty.'], 0)).toEqual([
		'Validation failed: Quantity must be positive',
		'Validation failed: ID is empty.',
	]);
	// A reference inside a sentence does not cut it.
	expect(messagesAbout(['Items[2] duplicates Items[0]'], 2)).toEqual(['the order item duplicates Items[0]']);
});

test('batches in parallel: never more in flight than allowed, every item paired to its own result', async () => {
	let inFlight = 0;
	let most = 0;
	const send = async (_group: BatchGroup, items: IDataObject[]) => {
		inFlight++;
		most = Math.max(most, inFlight);
		await new Promise((resolve) => setTimeout(resolve, 5 + (items.length % 3)));
		inFlight--;
		return items.map((item) => ({ PartnerOrderReference: item.PartnerOrderReference }));
	};
	const { outcomes } = await sendInBatches([group(100)], send, options({ batchSize: 7, parallelBatches: 4 }));
	expect(most).toBe(4);
	for (let itemIndex = 0; itemIndex < 100; itemIndex++) {
		expect((outcomes.get(itemIndex) as { result: IDataObject }).result.PartnerOrderReference).toBe(`ref-${itemIndex}`);
	}
});

test('batches in parallel with narrowing: each good item sent to success exactly once', async () => {
	const { sent, send } = service(false);
	const { outcomes } = await sendInBatches([group(40, [3, 17, 31])], send, options({ batchSize: 8, parallelBatches: 3 }));
	const accepted = sent.filter((batch) => !batch.some((ref) => ['ref-3', 'ref-17', 'ref-31'].includes(ref))).flat();
	expect(accepted.length).toBe(37);
	expect(new Set(accepted).size).toBe(37);
	expect([...outcomes.values()].filter((outcome) => 'error' in outcome)).toHaveLength(3);
});

test('a batch that fails with anything but 400 (a 500 may have created orders) is never split or sent again', async () => {
	for (const status of [500, 502, 409, 422]) {
		const sent: number[] = [];
		const send = async (_group: BatchGroup, items: IDataObject[]) => {
			sent.push(items.length);
			throw rejection(['Items[1].Recipient is required'], status);
		};
		const { outcomes } = await sendInBatches([group(4)], send, options());
		expect([status, sent]).toEqual([status, [4]]);
		expect([...outcomes.values()].map((outcome) => ((outcome as { error: ApiFailure }).error.status))).toEqual([status, status, status, status]);
	}
});

test('every item of a batch named by the service: nothing is sent again', async () => {
	const { sent, send } = service(true);
	const { outcomes } = await sendInBatches([group(3, [0, 1, 2])], send, options());
	expect(sent).toHaveLength(1);
	expect([...outcomes.values()].every((outcome) => 'error' in outcome)).toBe(true);
});

test('halves that fail with other words than the whole batch are narrowed further', async () => {
	const sent: string[][] = [];
	const send = async (_group: BatchGroup, items: IDataObject[]) => {
		sent.push(items.map((item) => String(item.PartnerOrderReference)));
		if (items.some((item) => item.PartnerOrderReference === 'ref-3')) throw rejection([items.length === 4 ? 'The request is invalid.' : 'One order is invalid.']);
		return items.map((item) => ({ PartnerOrderReference: item.PartnerOrderReference }));
	};
	const { outcomes } = await sendInBatches([group(4)], send, options());
	expect(sent).toEqual([['ref-0', 'ref-1', 'ref-2', 'ref-3'], ['ref-0', 'ref-1'], ['ref-2', 'ref-3'], ['ref-2'], ['ref-3']]);
	expect([0, 1, 2, 3].map((index) => ('result' in outcomes.get(index)! ? 'created' : 'failed'))).toEqual(['created', 'created', 'created', 'failed']);
	// Both halves failing alike but in other words than the whole: still narrowed.
	const alike: number[] = [];
	const allBad = async (_group: BatchGroup, items: IDataObject[]) => {
		alike.push(items.length);
		throw rejection([items.length === 4 ? 'The request is invalid.' : 'Half refused.']);
	};
	await sendInBatches([group(4)], allBad, options());
	expect(alike).toEqual([4, 2, 2, 1, 1, 1, 1]);
	// The same message but other service messages: not the same failure either.
	const sameText: string[][] = [];
	const differentMessages = async (_group: BatchGroup, items: IDataObject[]) => {
		sameText.push(items.map((item) => String(item.PartnerOrderReference)));
		throw rejection(items.length === 4 ? ['Invalid batch', 'first'] : ['Invalid batch', 'second']);
	};
	await sendInBatches([group(4)], differentMessages, options());
	expect(sameText).toHaveLength(7);
});

test('stop on error while narrowing: a half that fails for good stops the run; the other half is never sent', async () => {
	const sent: number[] = [];
	const send = async (_group: BatchGroup, items: IDataObject[]) => {
		sent.push(items.length);
		throw items.length === 8 ? rejection(['The request is invalid.']) : rejection(['Server error'], 500);
	};
	const { stopped, outcomes } = await sendInBatches([group(8)], send, options({ stopOnError: true }));
	expect(stopped).toBe(true);
	expect(sent).toEqual([8, 4]);
	expect([...outcomes.keys()].sort()).toEqual([0, 1, 2, 3]);
	// Without stop on error, the other half is sent.
	sent.length = 0;
	await sendInBatches([group(8)], send, options());
	expect(sent).toEqual([8, 4, 4]);
});

test('the words about one item: a part about another item that mentions it stays with that item', () => {
	const message = 'Items[1].Product.ID is unknown; Items[2].Recipient duplicates Items[1].Recipient';
	expect(messagesAbout([message], 1)).toEqual(['Product.ID is unknown']);
	expect(messagesAbout([message], 2)).toEqual(['Recipient duplicates Items[1].Recipient']);
});
