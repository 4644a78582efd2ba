/**
 * The shared (queue-mode) duplicate memory restores entries a concurrent save dropped from the
 * static data, from what this process knows, for at most 500 triggers: the oldest beyond that is
 * forgotten, so a process serving many triggers stays bounded.
 */
import type { IDataObject } from 'n8n-workflow';

import { firstDeliveries } from '../../nodes/PrintStoreTrigger/memory/dedupe';

const WINDOW = 60 * 60_000;

/** T0 records an event, n other triggers record one each, T0's stored copy loses its entry, then T0 records another. */
function restoredAfter(otherTriggers: number, prefix: string): number {
	const now = 1_800_000_000_000;
	const t0: IDataObject = {};
	firstDeliveries(t0, `${prefix}-T0`, ['event-1'], WINDOW, now);
	for (let n = 1; n <= otherTriggers; n++) firstDeliveries({}, `${prefix}-T${n}`, [`event-${n}`], WINDOW, now);
	t0.recentEvents = {};
	firstDeliveries(t0, `${prefix}-T0`, ['event-2'], WINDOW, now + 1);
	return Object.keys(t0.recentEvents as IDataObject).length;
}

test('with 500 triggers in the process, a dropped entry is written back with the next event', () => {
	expect(restoredAfter(499, 'a')).toBe(2);
});

test('a 501st trigger makes the process forget the oldest one: only the new event is written', () => {
	expect(restoredAfter(500, 'b')).toBe(1);
});
