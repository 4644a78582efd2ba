/**
 * The trigger's one memory (nodes/PrintStoreTrigger/memory/), as pure functions: what makes two
 * events the same, how long an event is remembered, what a process keeps and restores, and its
 * bounds. The engine suite (test/trigger/) shows the same through requests; these are the edges.
 */
import type { IDataObject } from 'n8n-workflow';

import { normalizeEvents, type NormalizedEvent } from '../../nodes/shared/callbacks/normalize';
import { forgetStoredMemory, keepWhole, loadMemory, saveMemory, type MemoryPlace } from '../../nodes/PrintStoreTrigger/memory/copies';
import { handled, rememberEvent } from '../../nodes/PrintStoreTrigger/memory/events';
import { KIND } from '../../nodes/PrintStoreTrigger/memory/shape';

const received = new Date('2026-11-28T10:00:00.000Z');

function event(fields: IDataObject, kind: 'status' | 'details' = 'status'): NormalizedEvent {
	return normalizeEvents(fields, kind, received)[0];
}

const shipped = { OrderID: 'ord_1', OrderNumber: 'PS-1', StatusID: 4, StatusDescription: 'Shipped', Timestamp: '2026-11-28T09:00:00.000Z' };

/** Records an event in a memory place as the pipeline does (load, remember, save), and says whether it was new. */
function pass(place: MemoryPlace, fields: IDataObject, { until = 60_000, now = 1_000, kind = 'status' as 'status' | 'details' } = {}): boolean {
	const memory = loadMemory(place, now);
	const one = event(fields, kind);
	if (handled(memory, one, KIND[kind])) return false;
	rememberEvent(memory, one, KIND[kind], now + until);
	saveMemory(place, memory, now);
	return true;
}

describe('what makes two events the same', () => {
	test.each([
		['the same record again', true, shipped],
		['the order by its number only', true, { OrderNumber: 'PS-1', StatusID: 4, Timestamp: shipped.Timestamp }],
		['the status by its name only (any case, punctuation)', true, { OrderID: 'ord_1', StatusDescription: 'SHIPPED', Timestamp: shipped.Timestamp }],
		['the same status without a time', false, { OrderID: 'ord_1', StatusID: 4 }],
		['another time', false, { ...shipped, Timestamp: '2026-11-28T09:00:01.000Z' }],
		['another status', false, { ...shipped, StatusID: 5, StatusDescription: 'Delivered' }],
		['another order', false, { ...shipped, OrderID: 'ord_2', OrderNumber: 'PS-2' }],
		['another item of the order', true, { ...shipped, ItemID: 2 }],
	])('%s: a repeat = %s', (_name, repeat, second) => {
		const place = { key: `same-${_name}` };
		expect(pass(place, shipped)).toBe(true);
		expect(pass(place, second as IDataObject)).toBe(!repeat);
	});

	test("a catch-up's record (timed) is the one a callback without a time brought", () => {
		const place = { key: 'untimed' };
		expect(pass(place, { OrderID: 'ord_1', StatusID: 4 })).toBe(true);
		const memory = loadMemory(place, 1_000);
		expect(handled(memory, event(shipped), KIND.both)).toBe(true);
		expect(handled(memory, event(shipped), KIND.status)).toBe(false);
	});

	test('another order ID with the same order number is another order; an order first named by its number alone is the same', () => {
		const place = { key: 'ids' };
		expect(pass(place, shipped)).toBe(true);
		expect(pass(place, { ...shipped, OrderID: 'ord_other' })).toBe(true);
		const byNumber = { key: 'by-number' };
		expect(pass(byNumber, { OrderNumber: 'PS-9', StatusID: 4, Timestamp: shipped.Timestamp })).toBe(true);
		expect(pass(byNumber, { OrderID: 'ord_9', OrderNumber: 'PS-9', StatusID: 4, Timestamp: shipped.Timestamp })).toBe(false);
	});

	test('records of two items of one order are two events', () => {
		const place = { key: 'items' };
		expect(pass(place, { ...shipped, ItemID: 1 })).toBe(true);
		expect(pass(place, { ...shipped, ItemID: 2 })).toBe(true);
		expect(pass(place, { ...shipped, ItemID: 1 })).toBe(false);
	});

	test('a status callback and a details callback of one record are two events; a catch-up stands for both', () => {
		const place = { key: 'kinds' };
		expect(pass(place, shipped, { kind: 'status' })).toBe(true);
		expect(pass(place, shipped, { kind: 'details' })).toBe(true);
		const memory = loadMemory(place, 1_000);
		expect(handled(memory, event(shipped), KIND.both)).toBe(true);
		expect(handled(memory, event({ ...shipped, StatusID: 5 }), KIND.both)).toBe(false);
	});

	test('an event that names no order is remembered by its payload', () => {
		const place = { key: 'other' };
		expect(pass(place, { note: 'no order here' })).toBe(true);
		expect(pass(place, { note: 'no order here' })).toBe(false);
		expect(pass(place, { note: 'another' })).toBe(true);
	});
});

describe('how long', () => {
	test('a repeat until its time is over, new from the very end', () => {
		const place = { key: 'window' };
		expect(pass(place, shipped, { until: 1000, now: 10_000 })).toBe(true);
		expect(pass(place, shipped, { until: 1000, now: 10_999 })).toBe(false);
		expect(pass(place, shipped, { until: 1000, now: 11_000 })).toBe(true);
	});
});

describe('shared through the static data (every process)', () => {
	test('another process (its own memory empty, the static data reloaded) sees a repeat', () => {
		const staticData: IDataObject = {};
		expect(pass({ key: 'process-a', staticData }, shipped)).toBe(true);
		const reloaded = JSON.parse(JSON.stringify(staticData)) as IDataObject;
		expect(pass({ key: 'process-b', staticData: reloaded }, shipped)).toBe(false);
		expect(pass({ key: 'process-c', staticData: reloaded }, { ...shipped, StatusID: 5 })).toBe(true);
	});

	test('a memory kept in one process is never written to the static data', () => {
		expect(pass({ key: 'local' }, shipped)).toBe(true);
		const staticData: IDataObject = {};
		keepWhole({ key: 'local-other', staticData });
		expect(staticData).toEqual({});
	});

	test('a request whose copy is older gets the newer memory as it ends; a copy as new is left alone', () => {
		const key = 'heal';
		const first: IDataObject = {};
		expect(pass({ key, staticData: first }, shipped)).toBe(true);
		// A copy read before the event was recorded, saved later: what n8n would write over the first.
		const stale: IDataObject = {};
		keepWhole({ key, staticData: stale });
		expect(pass({ key: 'heal-elsewhere', staticData: JSON.parse(JSON.stringify(stale)) as IDataObject }, shipped)).toBe(false);
		const same = JSON.parse(JSON.stringify(first)) as IDataObject;
		const before = same.memory;
		keepWhole({ key, staticData: same });
		expect(same.memory).toBe(before);
	});

	test('static data that holds something else is read as empty and replaced', () => {
		for (const stored of [null, ['x'], 'x', { v: 2 }]) {
			const staticData: IDataObject = { memory: stored as never };
			expect(pass({ key: `junk-${JSON.stringify(stored)}`, staticData }, shipped)).toBe(true);
			expect((staticData.memory as IDataObject).v).toBe(3);
		}
	});

	test('what versions before kept (recentEvents, hashed event keys) is read once, and dropped from the static data', () => {
		const writer: IDataObject = {};
		const key = 'legacy';
		// An earlier version's entry for this very event, by its event key's hash.
		const { createHash } = jest.requireActual<typeof import('node:crypto')>('node:crypto');
		const hash = createHash('sha256').update(event(shipped).eventKey).digest('base64url').slice(0, 22);
		writer.recentEvents = { [hash]: 99_000 };
		expect(pass({ key, staticData: writer }, shipped)).toBe(false);
		expect(pass({ key: `${key}-2`, staticData: writer }, { ...shipped, StatusID: 5 })).toBe(true);
		expect(writer.recentEvents).toBeUndefined();
		expect(writer.memory).toBeDefined();
	});

	test('forgetStoredMemory clears it', () => {
		const staticData: IDataObject = {};
		pass({ key: 'forget', staticData }, shipped);
		forgetStoredMemory(staticData);
		expect(staticData).toEqual({});
	});
});

describe('bounds', () => {
	test('orders not watched by the catch-up: the 2,000 remembered longest are kept', () => {
		const staticData: IDataObject = {};
		const place = { key: 'bounded', staticData };
		const memory = loadMemory(place, 1_000);
		for (let index = 0; index <= 2000; index++) rememberEvent(memory, event({ ...shipped, OrderID: `ord_${index}`, OrderNumber: '' }), KIND.status, 100_000 + index);
		saveMemory(place, memory, 1_000);
		const reloaded = loadMemory({ key: 'bounded-2', staticData: JSON.parse(JSON.stringify(staticData)) as IDataObject }, 1_000);
		expect(Object.keys(reloaded.orders)).toHaveLength(2000);
		expect(reloaded.orders.ord_0).toBeUndefined();
		expect(reloaded.orders.ord_2000).toBeDefined();
	});

	test('a process keeps the memories of 500 triggers: a copy that lost an entry gets it back, until the 501st', () => {
		const restored = (others: number, prefix: string) => {
			const t0: IDataObject = {};
			pass({ key: `${prefix}-T0`, staticData: t0 }, shipped);
			for (let n = 1; n <= others; n++) pass({ key: `${prefix}-T${n}` }, { ...shipped, OrderID: `o${n}` });
			const lost: IDataObject = {};
			keepWhole({ key: `${prefix}-T0`, staticData: lost });
			return lost.memory !== undefined;
		};
		expect(restored(499, 'a')).toBe(true);
		expect(restored(500, 'b')).toBe(false);
	});
});
