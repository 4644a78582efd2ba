/** Order > Wait Until Status: how a status history settles a wait, what each item comes out as, and the plan a pending item carries (nodes/PrintStore/wait/plan.ts). */
import type { IDataObject } from 'n8n-workflow';

import { latestRecord, matchesStatus, pendingItem, planOf, resultJson, settle, type WaitPlan } from '../../nodes/PrintStore/wait/plan';
import { hideSecretsInText, SECRET_MARKER } from '../../nodes/shared/callbackUrls';

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

describe('matchesStatus', () => {
	test('by name in any case and spacing, or by numeric ID', () => {
		expect(matchesStatus(record(2, 'In Production'), ['in production'])).toBe(true);
		expect(matchesStatus(record(2, 'In Production'), ['InProduction'])).toBe(true);
		expect(matchesStatus(record(2, 'In Production'), ['2'])).toBe(true);
		expect(matchesStatus(record(2, 'In Production'), [' 2 '])).toBe(true);
		expect(matchesStatus(record(2, 'In Production'), ['3', 'Printed'])).toBe(false);
	});

	test('an empty name matches nothing, not even a record without a description', () => {
		expect(matchesStatus({ StatusID: 1 }, [''])).toBe(false);
		expect(matchesStatus({ StatusID: 1 }, ['  '])).toBe(false);
		expect(matchesStatus({}, ['1'])).toBe(false);
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
		const cancelled = record(8, 'Cancelled');
		expect(settle([lifecycle[0], cancelled, lifecycle[4]], plan)).toEqual({ outcome: 'failed', record: cancelled });
		expect(settle([...lifecycle, cancelled], plan)).toEqual({ outcome: 'reached', record: lifecycle[4] });
	});

	test('a record flagged StatusUpdateFailed never counts as reached, but does as failed', () => {
		const flaggedDelivered = record(5, 'Delivered', { StatusUpdateFailed: true });
		expect(settle([lifecycle[0], flaggedDelivered], plan)).toBeUndefined();
		const flaggedFailed = record(9, 'Failed', { StatusUpdateFailed: true });
		expect(settle([lifecycle[0], flaggedFailed], plan)).toEqual({ outcome: 'failed', record: flaggedFailed });
	});

	test('entries that are not records are skipped', () => {
		expect(settle([null as unknown as IDataObject, 'x' as unknown as IDataObject, lifecycle[4]], plan)).toEqual({ outcome: 'reached', record: lifecycle[4] });
	});
});

describe('latestRecord', () => {
	test('by Timestamp, else the last one', () => {
		expect(latestRecord([lifecycle[2], lifecycle[0], lifecycle[1]])).toBe(lifecycle[2]);
		expect(latestRecord([{ StatusID: 1 }, { StatusID: 2 }])).toEqual({ StatusID: 2 });
		expect(latestRecord([])).toBeNull();
	});
});

describe('resultJson', () => {
	test('reached: the order, the record that released it, the whole history, no error', () => {
		const json = resultJson(plan, lifecycle, 'callback');
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
		const json = resultJson(plan, [lifecycle[0], record(9, 'Failed')], 'check');
		expect(json.outcome).toBe('failed');
		expect(json.error).toBe('Order PS-1 reached "Failed" while waiting for Delivered');
	});

	test('timed out: the latest record, and an error with the time limit', () => {
		const json = resultJson({ ...plan, waitFor: ['Shipped', 'Delivered'] }, lifecycle.slice(0, 3), 'timeLimit');
		expect([json.outcome, json.status, json.resumedBy]).toEqual(['timedOut', lifecycle[2], 'timeLimit']);
		expect(json.error).toBe(`Order PS-1 did not reach Shipped or Delivered before the time limit (${plan.timeLimit})`);
	});

	test('no history at all: the order as it was given (by ID or by number)', () => {
		expect(resultJson(plan, [], 'timeLimit')).toMatchObject({ orderId: 'ord_1', orderNumber: null, status: null, statusHistory: [] });
		const byNumber = resultJson({ ...plan, order: 'PS-7', orderBy: 'orderNumber' }, [], 'timeLimit');
		expect(byNumber).toMatchObject({ orderId: null, orderNumber: 'PS-7' });
		expect(byNumber.error).toMatch(/^Order PS-7 did not reach Delivered/);
	});
});

describe('pendingItem and planOf', () => {
	test('a pending item is the timed-out result with its plan, paired with its input item', () => {
		const item = pendingItem(plan, lifecycle.slice(0, 2), 3);
		expect(item.pairedItem).toEqual({ item: 3 });
		expect(item.json).toMatchObject({ outcome: 'timedOut', resumedBy: 'timeLimit', status: lifecycle[1] });
		expect(planOf(item.json)).toEqual(plan);
	});

	test('anything else carries no plan', () => {
		for (const json of [undefined, null, 'x', {}, { waitPlan: null }, { waitPlan: { ...plan, orderBy: 'other' } }, { waitPlan: { ...plan, waitFor: 'Delivered' } }, { waitPlan: { ...plan, timeLimit: 5 } }]) {
			expect(planOf(json)).toBeUndefined();
		}
	});
});

test("n8n's resume token (signature=) is hidden like the node's secret", () => {
	const url = 'https://n8n.example.com/webhook-waiting/42/print-store-status?signature=0123abcd&secret=4567ef89';
	expect(hideSecretsInText(url)).toBe(`https://n8n.example.com/webhook-waiting/42/print-store-status?signature=${SECRET_MARKER}&secret=${SECRET_MARKER}`);
});
