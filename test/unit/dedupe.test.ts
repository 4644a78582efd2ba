/** The trigger's in-process duplicate memory (nodes/PrintStoreTrigger/memory/dedupe.ts): its window edge and its bound on triggers. */
import { firstDeliveries, firstSighting, forgetSharedEvents, forgetTrigger } from '../../nodes/PrintStoreTrigger/memory/dedupe';

test('an event is a repeat until its window has passed, and new again from the very end of it', () => {
	expect(firstSighting('window-trigger', 'e', 1000, 10_000)).toBe(true);
	expect(firstSighting('window-trigger', 'e', 1000, 10_999)).toBe(false);
	expect(firstSighting('window-trigger', 'e', 1000, 11_000)).toBe(true);
	expect(firstSighting('window-trigger', 'e', 1000, 11_999)).toBe(false);
});

test('the memory keeps 500 triggers, forgetting the one used least recently', () => {
	const now = 1_000_000;
	const keys = Array.from({ length: 501 }, (_, index) => `bound-trigger-${index}`);
	for (const key of keys.slice(0, 500)) expect(firstSighting(key, 'e', 60_000, now)).toBe(true);
	// 500 triggers: all remembered (using the first makes it the most recent).
	expect(firstSighting(keys[0], 'e', 60_000, now)).toBe(false);
	// A 501st: the least recently used (now the second) is forgotten, the first is not.
	expect(firstSighting(keys[500], 'e', 60_000, now)).toBe(true);
	expect(firstSighting(keys[0], 'e', 60_000, now)).toBe(false);
	expect(firstSighting(keys[1], 'e', 60_000, now)).toBe(true);
});

test('one trigger remembers 10,000 events; the 10,001st makes it forget the oldest, and only that one', () => {
	const now = 2_000_000;
	const trigger = 'key-bound-trigger';
	for (let index = 0; index < 10_000; index++) firstSighting(trigger, `e${index}`, 60_000, now);
	expect(firstSighting(trigger, 'e0', 60_000, now)).toBe(false);
	expect(firstSighting(trigger, 'e10000', 60_000, now)).toBe(true);
	expect(firstSighting(trigger, 'e1', 60_000, now)).toBe(false);
	expect(firstSighting(trigger, 'e0', 60_000, now)).toBe(true);
});

test.each([
	['null', null],
	['a list', ['x']],
	['text', 'x'],
])('shared memory in static data that is %s is read as empty and replaced', (_name, stored) => {
	const staticData: Record<string, unknown> = { recentEvents: stored };
	expect(firstDeliveries(staticData as never, `shared-${String(_name)}`, ['event-a'], 60_000, 3_000_000)).toEqual([true]);
	const kept = staticData.recentEvents as Record<string, number>;
	expect(Object.values(kept)).toEqual([3_060_000]);
	expect(Object.keys(kept)[0]).toMatch(/^[A-Za-z0-9_-]{22}$/);
});

describe('memory shared through static data (queue mode)', () => {
	test('another process sees an event as a repeat until its window ends, and new from the very end', () => {
		const staticData: Record<string, unknown> = {};
		expect(firstDeliveries(staticData as never, 'process-1', ['ev'], 1000, 50_000)).toEqual([true]);
		// Other trigger keys stand for other processes: only the static data is shared.
		expect(firstDeliveries(staticData as never, 'process-2', ['ev'], 1000, 50_999)).toEqual([false]);
		expect(firstDeliveries(staticData as never, 'process-3', ['ev'], 1000, 51_000)).toEqual([true]);
	});

	test('a delivery with nothing new leaves the stored object as it was; one new event among repeats is recorded', () => {
		const staticData: Record<string, unknown> = {};
		firstDeliveries(staticData as never, 'same-1', ['a'], 60_000, 70_000);
		const before = staticData.recentEvents;
		expect(firstDeliveries(staticData as never, 'same-2', ['a'], 60_000, 70_001)).toEqual([false]);
		expect(staticData.recentEvents).toBe(before);
		expect(firstDeliveries(staticData as never, 'same-3', ['a', 'b'], 60_000, 70_002)).toEqual([false, true]);
		expect(firstDeliveries(staticData as never, 'same-4', ['b'], 60_000, 70_003)).toEqual([false]);
	});

	test('it keeps the 500 newest events: the oldest is forgotten, the newest kept', () => {
		const staticData: Record<string, unknown> = {};
		for (let index = 0; index <= 500; index++) firstDeliveries(staticData as never, `bounded-${index}`, [`ev${index}`], 60_000, 100_000 + index);
		expect(Object.keys(staticData.recentEvents as object)).toHaveLength(500);
		const now = 100_600;
		expect(firstDeliveries(staticData as never, 'bounded-check-1', ['ev500'], 60_000, now)).toEqual([false]);
		expect(firstDeliveries(staticData as never, 'bounded-check-2', ['ev1'], 60_000, now)).toEqual([false]);
		expect(firstDeliveries(staticData as never, 'bounded-check-3', ['ev0'], 60_000, now)).toEqual([true]);
	});

	test('forgetSharedEvents clears it', () => {
		const staticData: Record<string, unknown> = {};
		firstDeliveries(staticData as never, 'forget-1', ['a'], 60_000, 10);
		forgetSharedEvents(staticData as never);
		expect(staticData).toEqual({});
		expect(firstDeliveries(staticData as never, 'forget-2', ['a'], 60_000, 11)).toEqual([true]);
	});
});

describe('shared memory under concurrent requests (n8n saves static data as a whole)', () => {
	test("an entry dropped by another process's concurrent write comes back with the next request of the process that recorded it", () => {
		const now = 200_000;
		// Both processes load the same (empty) copy; each records its own event and saves its copy.
		const loadedByFirst: Record<string, unknown> = {};
		const loadedBySecond: Record<string, unknown> = {};
		expect(firstDeliveries(loadedByFirst as never, 'race-p1', ['A'], 60_000, now)).toEqual([true]);
		expect(firstDeliveries(loadedBySecond as never, 'race-p2', ['B'], 60_000, now)).toEqual([true]);
		// The second save lands last: the database now holds B only.
		const database = structuredClone(loadedBySecond);
		expect(Object.keys(database.recentEvents as object)).toHaveLength(1);
		// The first process's next request (a new event C) loads that copy and writes A back with C.
		expect(firstDeliveries(database as never, 'race-p1', ['C'], 60_000, now + 1)).toEqual([true]);
		expect(Object.keys(database.recentEvents as object)).toHaveLength(3);
		// A retry of A on the second process is now recognised.
		expect(firstDeliveries(structuredClone(database) as never, 'race-p2', ['A'], 60_000, now + 2)).toEqual([false]);
	});

	test('a process keeps what it has read: a stale copy without an entry does not make it a new event, and the copy is repaired', () => {
		const now = 300_000;
		const saved: Record<string, unknown> = {};
		firstDeliveries(saved as never, 'stale-p1', ['A'], 60_000, now);
		// The second process reads a copy that holds A (while handling another event).
		firstDeliveries(structuredClone(saved) as never, 'stale-p2', ['X'], 60_000, now + 1);
		// Later it is handed a copy overwritten without A: the retry of A is still a repeat, and the
		// copy it saves holds A again.
		const stale: Record<string, unknown> = {};
		expect(firstDeliveries(stale as never, 'stale-p2', ['A'], 60_000, now + 2)).toEqual([false]);
		const [keyOfA] = Object.keys(saved.recentEvents as object);
		const repaired = Object.keys(stale.recentEvents as object);
		expect(repaired).toHaveLength(2);
		expect(repaired).toContain(keyOfA);
	});

	test('what a process remembers for the static data ends with its window and is forgotten with the trigger', () => {
		const saved: Record<string, unknown> = {};
		firstDeliveries(saved as never, 'expiry-p1', ['A'], 1000, 400_000);
		expect(firstDeliveries({} as never, 'expiry-p1', ['A'], 1000, 400_999)).toEqual([false]);
		expect(firstDeliveries({} as never, 'expiry-p1', ['A'], 1000, 401_000)).toEqual([true]);
		firstDeliveries(saved as never, 'expiry-p2', ['B'], 60_000, 500_000);
		forgetTrigger('expiry-p2');
		expect(firstDeliveries({} as never, 'expiry-p2', ['B'], 60_000, 500_001)).toEqual([true]);
	});
});
