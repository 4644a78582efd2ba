import type { IDataObject } from 'n8n-workflow';

import { isRecord } from '../../shared/json';
import { deleteStaticData, forgetCopies, heldCopies, holdCopy, writeStaticData } from '../../shared/n8nInternals';
import { forgetServed, notedServed, rememberServedAt } from './served';
import { emptyMemory, isMemory, keepRecent, mergeMemories, pruned, type Memory } from './shape';

/**
 * Where the memory is kept, and how it is loaded and saved. Where it lives: the trigger's node
 * static data (`memory`), which n8n loads for each webhook request and saves as the request ends,
 * so it survives restarts and is the same for every process; or, for a trigger that keeps its
 * memory to one process (no catch-up, Remember Across Processes off), only this process's copy.
 *
 * n8n's rules for static data, which this relies on, are stated once, with their run-time check, in
 * shared/n8nInternals/staticData.ts: each request works on its own copy, which n8n saves whole as the
 * request ends when a write marked it, so two requests in flight each save theirs and the later save
 * wins. So this process keeps the newest memory it has seen per trigger (`mirrors`), and the door to
 * n8n holds every copy its requests still hold: what it records goes into all of them, and a request
 * whose copy is older gets the newer memory as it ends (`keepWhole`). Whichever copy n8n saves last
 * holds everything this process recorded. What remains (docs/reliability.md): two processes writing
 * the same moment, each without the other's entry.
 */

/** Where a trigger's memory is: its key in this process, and its node static data when shared. */
export interface MemoryPlace {
	key: string;
	staticData?: IDataObject;
}

const KEY = 'memory';
/** What versions before the one memory kept (read once, then dropped). */
const LEGACY_EVENTS = 'recentEvents';

const mirrors = new Map<string, Memory>();
/** When this process last recorded something new, per trigger (the catch-up's clock saves it again soon after). */
const recordedAt = new Map<string, number>();

/** A plain copy: the static data n8n hands a node is a proxy, which structuredClone refuses. */
function copyOf<T>(value: T): T {
	return JSON.parse(JSON.stringify(value)) as T;
}

/** Entries of what versions before kept (hashed event keys with their end), as other events. */
function legacyEvents(stored: unknown): Record<string, number> {
	const events: Record<string, number> = {};
	if (isRecord(stored)) for (const [key, until] of Object.entries(stored)) if (typeof until === 'number') events[key] = until;
	return events;
}

function storedMemory(staticData: IDataObject | undefined): Memory | undefined {
	if (!staticData) return undefined;
	const stored: unknown = staticData[KEY];
	if (isMemory(stored)) return stored;
	if (staticData[LEGACY_EVENTS] === undefined) return undefined;
	return { ...emptyMemory(), other: legacyEvents(staticData[LEGACY_EVENTS]) };
}

/** The trigger's memory as this process knows it: its static data's and this process's, merged (a copy to change and save). */
export function loadMemory(place: MemoryPlace, now = Date.now()): Memory {
	if (place.staticData) holdCopy(place.key, place.staticData);
	return pruned(mergedMemory(place), now);
}

/** The memory as this process knows it: its static data's and this process's, merged, as a copy. */
function mergedMemory(place: MemoryPlace): Memory {
	const stored = storedMemory(place.staticData);
	const known = mirrors.get(place.key);
	return stored && known ? mergeMemories(stored, known) : copyOf(stored ?? known ?? emptyMemory());
}

/** This process's memory of the trigger and the static data's, as they are, for reading what they hold (served.ts). */
export function memoriesOf(place: MemoryPlace): Array<Memory | undefined> {
	return [mirrors.get(place.key), storedMemory(place.staticData)];
}

function remember(key: string, memory: Memory): void {
	keepRecent(mirrors, key, memory);
}

/**
 * Records a changed memory (from loadMemory): in this process, and, when shared, in the request's
 * static data and every other copy this process's requests hold that is older. Where this process
 * serves the trigger (served.ts, `noteServed`) goes with it: noted on its own, it would be a save of a request
 * that passed nothing on, and with two processes, the later of two saves drops the other's record.
 */
export function saveMemory(place: MemoryPlace, memory: Memory, now = Date.now()): Memory {
	const root = notedServed(place.key);
	if (place.staticData && root) rememberServedAt(memory, root);
	const saved: Memory = { ...memory, rev: memory.rev + 1 };
	remember(place.key, saved);
	keepRecent(recordedAt, place.key, now);
	if (place.staticData) spread(place.key, place.staticData, saved);
	return saved;
}

/** The memory into every copy held whose own is older: the given one first, as a new object (n8nInternals/staticData.ts, rule 3). */
function spread(key: string, staticData: IDataObject, memory: Memory): void {
	for (const copy of heldCopies(key, staticData)) {
		const stored = storedMemory(copy);
		if (stored && isMemory(copy[KEY]) && stored.rev >= memory.rev) continue;
		writeStaticData(copy, KEY, stored ? mergeMemories(stored, memory) : copyOf(memory));
		if (LEGACY_EVENTS in copy) deleteStaticData(copy, LEGACY_EVENTS);
	}
}

/**
 * As a request (or an execution) of the trigger ends: its copy, and every other copy held, gets the
 * newer memory this process knows (n8nInternals/staticData.ts, rule 2). Writes nothing when the copy
 * is as new, so n8n has nothing to save.
 */
export function keepWhole(place: MemoryPlace): void {
	const known = mirrors.get(place.key);
	if (!known || !place.staticData) return;
	const stored = storedMemory(place.staticData);
	if (stored && isMemory(place.staticData[KEY]) && stored.rev >= known.rev) {
		remember(place.key, mergeMemories(stored, known));
		return;
	}
	const merged = stored ? mergeMemories(stored, known) : known;
	remember(place.key, merged);
	spread(place.key, place.staticData, merged);
}

/** When this process last recorded something in the trigger's memory, or undefined. */
export function lastRecorded(key: string): number | undefined {
	return recordedAt.get(key);
}

/** Forgets this process's copies of a trigger's memory (deactivation, or a test's restart). */
export function forgetProcessMemory(key: string): void {
	mirrors.delete(key);
	forgetCopies(key);
	recordedAt.delete(key);
	forgetServed(key);
}

/** Forgets the memory in the static data too (a trigger whose memory is not kept there any more). */
export function forgetStoredMemory(staticData: IDataObject): void {
	for (const key of [KEY, LEGACY_EVENTS]) if (key in staticData) deleteStaticData(staticData, key);
}
