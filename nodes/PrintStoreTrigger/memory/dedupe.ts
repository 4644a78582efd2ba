import { createHash } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

import { isRecord } from '../../shared/json';
import { forgetCopies, heldCopies } from './copies';

/**
 * Delivery is at least once, so the same event can arrive twice, and in queue mode the second
 * delivery may reach another webhook process. Two memories keep it to one execution:
 * - this process's memory, per trigger, bounded, answers at once and survives between requests;
 * - with "Remember Across Processes" on, also the trigger's node static data, which n8n
 *   reloads from its database for every webhook request and saves after the trigger has run, so a retry
 *   that lands on another process finds the first. That costs a database write per new event
 *   (bench/RESULTS.md), which a single n8n process does not need, so it is an option.
 *
 * n8n saves static data as a whole: two requests of one workflow in flight at once each write their
 * own copy, and the later one drops what the other added. So each process also keeps every shared
 * entry it has read or written (per trigger, bounded like the static data) and writes them all back,
 * and a request whose copy lacks some of them writes the full set again: an entry dropped that way
 * comes back with that process's next request. What remains (README, "Running in queue mode"): a
 * retry that reaches a process while the only copy holding its event has just been overwritten, and
 * deliveries that reach two processes at the very same moment, can both pass.
 */
const MAX_KEYS_PER_TRIGGER = 10_000;
const MAX_TRIGGERS = 500;
/** Static data is saved on every new event, so what it holds stays small: hashed keys, the newest first to go. */
const MAX_SHARED_KEYS = 500;
/**
 * With the catch-up on, the shared memory also tells the catch-up what callbacks emitted, until it has
 * processed their records (memory/catchUpState.ts holds that): more entries, for longer.
 */
export const CATCH_UP_SHARED_KEYS = 2000;
export const CATCH_UP_MEMORY_MS = 24 * 60 * 60_000;
const SHARED_KEY = 'recentEvents';

const memories = new Map<string, Map<string, number>>();
/** When this process last recorded a new shared entry, per trigger (catchUp/clock.ts has it saved again soon after). */
const recordedAt = new Map<string, number>();

/** When this process last recorded a new event in the trigger's shared memory, or undefined. */
export function lastRecorded(triggerKey: string): number | undefined {
	return recordedAt.get(triggerKey);
}
/** Shared entries this process has read or written, per trigger (see the top of this file). */
const sharedMemories = new Map<string, Record<string, number>>();

function memoryFor(triggerKey: string): Map<string, number> {
	let memory = memories.get(triggerKey);
	if (memory) {
		// Re-insert so the least recently used trigger is the one dropped when full.
		memories.delete(triggerKey);
		memories.set(triggerKey, memory);
		return memory;
	}
	memory = new Map();
	memories.set(triggerKey, memory);
	if (memories.size > MAX_TRIGGERS) memories.delete(memories.keys().next().value as string);
	return memory;
}

/** Returns true the first time a key is seen within the window in this process, false for a repeat. */
export function firstSighting(triggerKey: string, eventKey: string, windowMs: number, now = Date.now()): boolean {
	const memory = memoryFor(triggerKey);
	const seenUntil = memory.get(eventKey);
	if (seenUntil !== undefined && seenUntil > now) return false;
	memory.delete(eventKey);
	memory.set(eventKey, now + windowMs);
	// Oldest first: drop expired keys and anything over the bound.
	for (const [key, until] of memory) {
		if (until > now && memory.size <= MAX_KEYS_PER_TRIGGER) break;
		memory.delete(key);
	}
	return true;
}

export function forgetTrigger(triggerKey: string): void {
	memories.delete(triggerKey);
	sharedMemories.delete(triggerKey);
	recordedAt.delete(triggerKey);
	forgetCopies(triggerKey);
}

function shortKey(eventKey: string): string {
	return createHash('sha256').update(eventKey).digest('base64url').slice(0, 22);
}

function liveEntries(stored: unknown, now: number): Record<string, number> {
	const live: Record<string, number> = {};
	if (isRecord(stored)) {
		for (const [key, until] of Object.entries(stored)) {
			if (typeof until === 'number' && until > now) live[key] = until;
		}
	}
	return live;
}

function newest(entries: Record<string, number>, bound: number): Record<string, number> {
	return Object.fromEntries(Object.entries(entries).sort((a, b) => b[1] - a[1]).slice(0, bound));
}

/**
 * Which of `eventKeys` are seen for the first time, by this process or (through the node's static
 * data) by any other process serving this trigger. Records the new ones in both memories, and writes
 * the static data when something is new or its copy lacks an entry this process knows.
 */
export function firstDeliveries(
	nodeStaticData: IDataObject | undefined,
	triggerKey: string,
	eventKeys: string[],
	windowMs: number,
	now = Date.now(),
	bound = MAX_SHARED_KEYS,
): boolean[] {
	if (!nodeStaticData) return eventKeys.map((eventKey) => firstSighting(triggerKey, eventKey, windowMs, now));
	const stored = liveEntries(nodeStaticData[SHARED_KEY], now);
	const known = liveEntries(sharedMemories.get(triggerKey), now);
	for (const [key, until] of Object.entries(stored)) known[key] = Math.max(until, known[key] ?? 0);
	const fresh = eventKeys.map((eventKey) => {
		const key = shortKey(eventKey);
		const seenElsewhere = known[key] !== undefined;
		const firstHere = firstSighting(triggerKey, eventKey, windowMs, now);
		if (seenElsewhere || !firstHere) return false;
		known[key] = now + windowMs;
		return true;
	});
	const kept = newest(known, bound);
	if (fresh.some(Boolean)) recordedAt.set(triggerKey, now);
	sharedMemories.delete(triggerKey);
	sharedMemories.set(triggerKey, kept);
	if (sharedMemories.size > MAX_TRIGGERS) sharedMemories.delete(sharedMemories.keys().next().value as string);
	spreadShared(triggerKey, nodeStaticData, kept, now, bound);
	return fresh;
}

/**
 * Writes the entries into every copy of the static data this process's requests hold (memory/copies.ts)
 * that lacks one of them, this request's first: whichever copy n8n saves last holds them all.
 */
function spreadShared(triggerKey: string, nodeStaticData: IDataObject, entries: Record<string, number>, now: number, bound: number): void {
	for (const copy of heldCopies(triggerKey, nodeStaticData)) {
		const stored = liveEntries(copy[SHARED_KEY], now);
		if (Object.keys(entries).every((key) => stored[key] !== undefined)) continue;
		for (const [key, until] of Object.entries(entries)) stored[key] = Math.max(until, stored[key] ?? 0);
		// A new object, so n8n notices the change and saves it with the workflow.
		copy[SHARED_KEY] = newest(stored, Math.max(bound, Object.keys(entries).length));
	}
}

/**
 * Whether an event key was delivered before, by this process or (through the node's static data) by
 * another serving this trigger, without recording anything: the catch-up's question for each record
 * it finds, in all the forms a callback of it could have taken.
 */
export function deliveredBefore(nodeStaticData: IDataObject, triggerKey: string, now = Date.now()): (eventKey: string) => boolean {
	const memory = memories.get(triggerKey);
	const shared = { ...liveEntries(sharedMemories.get(triggerKey), now), ...liveEntries(nodeStaticData[SHARED_KEY], now) };
	return (eventKey) => (memory?.get(eventKey) ?? 0) > now || shared[shortKey(eventKey)] !== undefined;
}

/**
 * Right before a request of the trigger ends (n8n saves its static data then): its copy, and every
 * other copy held, gets every shared entry this process knows, also those recorded by requests that
 * read their copy before this one wrote.
 */
export function completeSharedEvents(nodeStaticData: IDataObject, triggerKey: string, now = Date.now()): void {
	const known = sharedMemories.get(triggerKey);
	if (!known) return;
	spreadShared(triggerKey, nodeStaticData, liveEntries(known, now), now, MAX_SHARED_KEYS);
}

/** Touches the static data only when it holds events, so n8n has nothing to save otherwise. */
export function forgetSharedEvents(nodeStaticData: IDataObject): void {
	if (SHARED_KEY in nodeStaticData) delete nodeStaticData[SHARED_KEY];
}
