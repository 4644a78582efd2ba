import { createHash } from 'node:crypto';

import type { NormalizedEvent } from '../../shared/callbacks/normalize';
import { factsOf, sameStatus, type RecordFacts } from './records';
import { KIND, orderEntry, orderKey, sameKept, type Kept, type Memory } from './shape';

/**
 * The events the trigger passed on, in the memory: whether an event was passed on before (or its
 * record read by the catch-up), and remembering one. Two events are the same record as records.ts
 * says; an event that names no order or no status is remembered by its event key.
 */

/**
 * Whether a remembered record is the event's: the same status and item (an event without an item
 * is any item of it), and the same time, or no time on either. A catch-up's record (`anyTime`,
 * always timed, from the history) is also the one a callback without a time brought.
 */
function isRecordOf(kept: Kept, facts: RecordFacts, anyTime: boolean): boolean {
	const [time, statusId, statusName, item] = kept;
	if (time !== facts.time && (time !== null && facts.time !== null ? true : !anyTime)) return false;
	if (item !== facts.item && item !== '|' && facts.item !== '|') return false;
	return sameStatus({ statusId, statusName }, facts);
}

function sameStatusKey(key: string, facts: RecordFacts): boolean {
	if (key.startsWith('#')) return facts.statusId !== null ? key === `#${facts.statusId}` : false;
	return key !== '' && facts.statusId === null && key === `=${facts.statusName}`;
}

function otherKey(eventKey: string): string {
	return createHash('sha256').update(eventKey).digest('base64url').slice(0, 22);
}

/**
 * Whether the event was passed on before as the given kind (KIND.both: as either), or its record read
 * by the catch-up. A record the catch-up has read is handled whatever it did with it: emitted,
 * found emitted, or passed over as too old.
 */
export function handled(memory: Memory, event: NormalizedEvent, kinds: number): boolean {
	const facts = factsOf(event);
	if (!facts) return memory.other[otherKey(event.eventKey)] !== undefined;
	const key = orderKey(memory, facts.orderId, facts.orderNumber);
	const entry = key === undefined ? undefined : memory.orders[key];
	if (entry?.w && entry.w.n > 0) {
		if (facts.time !== null ? entry.w.t !== null && facts.time <= entry.w.t : sameStatusKey(entry.w.s, facts)) return true;
	}
	if (entry?.e?.some((kept) => (kept[4] & kinds) !== 0 && isRecordOf(kept, facts, kinds === KIND.both))) return true;
	// Remembered by an earlier version of the package, by its event key.
	return memory.other[otherKey(event.eventKey)] !== undefined;
}

/** Remembers that the event was passed on as the given kind, until `until` unless the catch-up watches its order. */
export function rememberEvent(memory: Memory, event: NormalizedEvent, kinds: number, until: number): void {
	const facts = factsOf(event);
	if (!facts) {
		const key = otherKey(event.eventKey);
		memory.other[key] = Math.max(until, memory.other[key] ?? 0);
		return;
	}
	const entry = orderEntry(memory, facts.orderId, facts.orderNumber, until);
	entry.u = Math.max(entry.u, until);
	const kept: Kept = [facts.time, facts.statusId, facts.statusName, facts.item, kinds];
	const same = entry.e?.find((mine) => sameKept(mine, kept));
	if (same) same[4] |= kinds;
	else (entry.e ??= []).push(kept);
}
