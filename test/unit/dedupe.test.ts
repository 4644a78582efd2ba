/** The trigger's in-process duplicate memory (nodes/PrintStoreTrigger/webhook/dedupe.ts): its window edge and its bound on triggers. */
import { firstDeliveries, firstSighting } from '../../nodes/PrintStoreTrigger/webhook/dedupe';

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
