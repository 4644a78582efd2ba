/** Order > Wait Until Status: how a status history settles a wait, what each item comes out as, and the plan a pending item carries (nodes/PrintStore/wait/plan.ts). */
import type { IDataObject } from 'n8n-workflow';

import { orderNames, pendingItem, planOf, resultJson, settle, type WaitPlan } from '../../nodes/PrintStore/wait/plan';
import { chronological, latestRecord } from '../../nodes/shared/reads/orders';
import { isRecord } from '../../nodes/shared/json';
import { hideSecretsInText, SECRET_MARKER } from '../../nodes/shared/hideSecrets';

const record = (StatusID: number, StatusDescription: string, extra: IDataObject = {}): IDataObject => ({
	OrderID: 'ord_1',
	OrderNumber: 'PS-1',
	StatusID,
	StatusDescription,
	Timestamp: `2026-11-2${StatusID}T10:00:00Z`,
	...extra,
});
const lifecycle = ['Received', 'In Production', 'Printed', 'Shipped', 'Delivered'].map((name, index) => record(index + 1, name));
const plan: WaitPlan = { storeId: 'store_1', order: 'ord_1', orderBy: 'id', waitFor: ['Delivered'], failOn: ['Failed', 'Cancelled'], timeLimit: '2026-12-01T00:00:00.000Z' };

describe('isRecord and chronological', () => {
	test('a record is an object that is no list', () => {
		expect([{}, { StatusID: 1 }].map(isRecord)).toEqual([true, true]);
		expect([null, undefined, 'x', 5, [], [{}]].map(isRecord)).toEqual([false, false, false, false, false, false]);
	});

	test('a history listed newest first is read oldest first, ties included', () => {
		const tie = '2026-11-22T10:00:00Z';
		const history = [record(4, 'Shipped', { Timestamp: tie }), record(3, 'Printed', { Timestamp: tie }), record(2, 'In Production', { Timestamp: tie }), lifecycle[0]];
		expect(chronological(history).map((entry) => entry.StatusID)).toEqual([1, 2, 3, 4]);
		expect(chronological([...lifecycle].reverse())).toEqual(lifecycle);
		expect(chronological([lifecycle[2], lifecycle[0], lifecycle[1]])).toEqual(lifecycle.slice(0, 3));
	});

	test('all at once (first and last with the same Timestamp): a higher StatusID first is read as newest first', () => {
		const tie = '2026-11-22T10:00:00Z';
		const newestFirst = [record(5, 'Delivered', { Timestamp: tie }), record(4, 'Shipped', { Timestamp: tie }), record(1, 'Received', { Timestamp: tie })];
		expect(chronological(newestFirst).map((entry) => entry.StatusID)).toEqual([1, 4, 5]);
		const oldestFirst = [...newestFirst].reverse();
		expect(chronological(oldestFirst)).toEqual(oldestFirst);
	});

	test('oldest first with records recorded together inside: they keep their listed order, whatever the StatusIDs at the ends', () => {
		// First and last differ in time (oldest first) while the first has the higher StatusID: still oldest first.
		const tie = '2026-11-22T10:00:00Z';
		const backwards = [record(5, 'Delivered', { Timestamp: '2026-11-21T10:00:00Z' }), record(3, 'Printed', { Timestamp: tie }), record(4, 'Shipped', { Timestamp: tie }), record(1, 'Received', { Timestamp: '2026-11-23T10:00:00Z' })];
		expect(chronological(backwards).map((entry) => entry.StatusID)).toEqual([5, 3, 4, 1]);
		// All at once, with the same status at both ends (a status sent twice): as listed.
		const repeated = [record(3, 'Printed', { Timestamp: tie, Note: 'first' }), record(4, 'Shipped', { Timestamp: tie }), record(3, 'Printed', { Timestamp: tie, Note: 'again' })];
		expect(chronological(repeated)).toEqual(repeated);
	});

	test('oldest first, or no way to tell (a record without a usable Timestamp): as listed', () => {
		const oneWithout = [lifecycle[3], record(1, 'Received', { Timestamp: 'yesterday' }), lifecycle[2]];
		expect(chronological(oneWithout)).toEqual(oneWithout);
		expect(chronological(lifecycle)).toEqual(lifecycle);
		expect(chronological([])).toEqual([]);
	});
});

describe('settle', () => {
	test('nothing waited for in the history yet: not settled', () => {
		expect(settle(lifecycle.slice(0, 4), plan)).toBeUndefined();
		expect(settle([], plan)).toBeUndefined();
	});

	test('the first record with a status waited for releases it', () => {
		expect(settle(lifecycle, { ...plan, waitFor: ['Shipped', 'Delivered'] })).toEqual({ outcome: 'reached', record: lifecycle[3] });
	});

	test('a status of Fail On before one waited for ends it failed; after it, the wait had already ended', () => {
		const cancelled = record(8, 'Cancelled', { Timestamp: '2026-11-22T12:00:00Z' });
		expect(settle([lifecycle[0], cancelled, lifecycle[4]], plan)).toEqual({ outcome: 'failed', record: cancelled });
		expect(settle([...lifecycle, record(8, 'Cancelled')], plan)).toEqual({ outcome: 'reached', record: lifecycle[4] });
	});

	test('a record flagged StatusUpdateFailed never counts as reached, but does as failed', () => {
		const flaggedDelivered = record(5, 'Delivered', { StatusUpdateFailed: true });
		expect(settle([lifecycle[0], flaggedDelivered], plan)).toBeUndefined();
		const flaggedFailed = record(9, 'Failed', { StatusUpdateFailed: true });
		expect(settle([lifecycle[0], flaggedFailed], plan)).toEqual({ outcome: 'failed', record: flaggedFailed });
	});

	test('read oldest first whatever the order of the list: the first status reached in time releases it', () => {
		const newestFirst = [...lifecycle].reverse();
		expect(settle(newestFirst, { ...plan, waitFor: ['Shipped', 'Delivered'] })).toEqual({ outcome: 'reached', record: lifecycle[3] });
		const cancelledAfterDelivery = [record(8, 'Cancelled'), ...newestFirst];
		expect(settle(cancelledAfterDelivery, plan)).toEqual({ outcome: 'reached', record: lifecycle[4] });
	});
});

describe('latestRecord', () => {
	test('by Timestamp, else the last one', () => {
		expect(latestRecord([lifecycle[2], lifecycle[0], lifecycle[1]])).toBe(lifecycle[2]);
		expect(latestRecord([{ StatusID: 1 }, { StatusID: 2 }])).toEqual({ StatusID: 2 });
		expect(latestRecord([])).toBeNull();
	});

	test('a history listed newest first: its first record', () => {
		expect(latestRecord([...lifecycle].reverse())).toBe(lifecycle[4]);
		const tie = '2026-11-22T10:00:00Z';
		const shipped = record(4, 'Shipped', { Timestamp: tie });
		expect(latestRecord([shipped, record(3, 'Printed', { Timestamp: tie }), lifecycle[0]])).toBe(shipped);
	});
});

describe('resultJson', () => {
	test('reached: the order, the record that released it, the whole history, no error', () => {
		const json = resultJson(plan, lifecycle, 'callback', settle(lifecycle, plan));
		expect(json).toEqual({
			orderId: 'ord_1',
			orderNumber: 'PS-1',
			storeId: 'store_1',
			outcome: 'reached',
			status: lifecycle[4],
			statusHistory: lifecycle,
			waitedFor: ['Delivered'],
			failOn: ['Failed', 'Cancelled'],
			timeLimit: plan.timeLimit,
			resumedBy: 'callback',
		});
	});

	test('failed: the record that ended it, and an error that names the order and both statuses', () => {
		const json = resultJson(plan, [lifecycle[0], record(9, 'Failed')], 'check', settle([lifecycle[0], record(9, 'Failed')], plan));
		expect(json.outcome).toBe('failed');
		expect(json.error).toBe('Order PS-1 reached "Failed" while waiting for Delivered');
	});

	test('timed out: the latest record, and an error with the time limit', () => {
		const json = resultJson({ ...plan, waitFor: ['Shipped', 'Delivered'] }, lifecycle.slice(0, 3), 'timeLimit', undefined);
		expect([json.outcome, json.status, json.resumedBy]).toEqual(['timedOut', lifecycle[2], 'timeLimit']);
		expect(json.error).toBe(`Order PS-1 did not reach Shipped or Delivered before the time limit (${plan.timeLimit})`);
	});

	test('no history at all: the order as it was given (by ID or by number)', () => {
		expect(resultJson(plan, [], 'timeLimit', undefined)).toMatchObject({ orderId: 'ord_1', orderNumber: null, status: null, statusHistory: [] });
		const byNumber = resultJson({ ...plan, order: 'PS-7', orderBy: 'orderNumber' }, [], 'timeLimit', undefined);
		expect(byNumber).toMatchObject({ orderId: null, orderNumber: 'PS-7' });
		expect(byNumber.error).toMatch(/^Order PS-7 did not reach Delivered/);
	});
});

describe('pendingItem and planOf', () => {
	const DOCUMENTED = ['error', 'failOn', 'orderId', 'orderNumber', 'outcome', 'resumedBy', 'status', 'statusHistory', 'statusReadAt', 'storeId', 'timeLimit', 'waitedFor'];

	test("a pending item says what it is if n8n's own timer ends the wait (unchecked, the status as read and when), paired with its input item; its plan is read back from it", () => {
		const readAt = new Date('2026-11-28T10:00:00.000Z');
		const item = pendingItem(plan, lifecycle.slice(0, 2), 3, readAt);
		expect(item.pairedItem).toEqual({ item: 3 });
		expect(item.json).toMatchObject({ outcome: 'unchecked', resumedBy: 'n8nTimer', status: lifecycle[1], statusReadAt: '2026-11-28T10:00:00.000Z' });
		expect(item.json.error).toBe(
			`No check ran when the wait ended: n8n's own timer ended it after the time limit (${plan.timeLimit}). ` +
				'Order PS-1 was "In Production" when its status was last read, at 2026-11-28T10:00:00.000Z; it may have moved on since. Read its status again (Order > Get Status History) before acting on it.',
		);
		// What n8n outputs when its own timer ends the wait: the documented fields only.
		expect(Object.keys(item.json).sort()).toEqual(DOCUMENTED);
		expect(Object.keys(item)).toEqual(['json', 'pairedItem']);
		expect(planOf(item.json)).toEqual(plan);
	});

	test('a pending item left by a version before 0.3 (outcome "timedOut", resumedBy "timeLimit") is read back too: its wait resumes after an upgrade', () => {
		const earlier = { ...pendingItem(plan, lifecycle.slice(0, 2), 0).json, outcome: 'timedOut', resumedBy: 'timeLimit' };
		expect(planOf(earlier)).toEqual(plan);
	});

	test('anything other than an item left waiting carries no plan', () => {
		const pending = pendingItem(plan, [], 0).json;
		const broken = [
			undefined,
			null,
			'x',
			5,
			{},
			[pending],
			// settled before the wait began, or an error item of Continue On Fail
			resultJson(plan, lifecycle, 'alreadyThere', settle(lifecycle, plan)),
			{ error: 'The service answered 404' },
			{ ...pending, outcome: 'reached' },
			{ ...pending, resumedBy: 'check' },
			{ ...pending, outcome: 'timedOut' },
			resultJson(plan, lifecycle.slice(0, 2), 'check', undefined),
			{ ...pending, storeId: 5 },
			{ ...pending, storeId: '' },
			{ ...pending, orderId: null, orderNumber: null },
			{ ...pending, orderId: '', orderNumber: true },
			{ ...pending, waitedFor: 'Delivered' },
			{ ...pending, waitedFor: [4] },
			{ ...pending, waitedFor: ['Delivered', 4] },
			{ ...pending, failOn: ['Failed', null] },
			{ ...pending, orderId: Number.NaN, orderNumber: null },
			{ ...pending, orderId: Number.POSITIVE_INFINITY, orderNumber: undefined },
			{ ...pending, failOn: 'Failed' },
			{ ...pending, timeLimit: 5 },
		];
		for (const json of broken) expect(planOf(json)).toBeUndefined();
	});

	test('a plan by order number is one; an order known by both is read by its ID and answers to both', () => {
		const byNumber: WaitPlan = { ...plan, order: 'PS-1', orderBy: 'orderNumber' };
		expect(planOf(pendingItem(byNumber, [], 0).json)).toEqual(byNumber);
		const known = pendingItem(byNumber, lifecycle.slice(0, 1), 0).json;
		expect(planOf(known)).toEqual({ ...plan, order: 'ord_1', orderBy: 'id' });
		expect(orderNames(known)).toEqual(['ord_1', 'PS-1']);
		expect(orderNames({ orderId: 17, orderNumber: null })).toStrictEqual(['17']);
		expect(orderNames({ orderId: Number.NaN, orderNumber: 'PS-1' })).toStrictEqual(['PS-1']);
		expect(orderNames({})).toStrictEqual([]);
		expect(planOf({ ...known, orderId: 17 })).toMatchObject({ order: '17', orderBy: 'id' });
	});
});

test("n8n's resume token (signature=) is hidden like the node's secret", () => {
	const url = 'https://n8n.example.com/webhook-waiting/42/print-store-status?signature=0123abcd&secret=4567ef89';
	expect(hideSecretsInText(url)).toBe(`https://n8n.example.com/webhook-waiting/42/print-store-status?signature=${SECRET_MARKER}&secret=${SECRET_MARKER}`);
});
