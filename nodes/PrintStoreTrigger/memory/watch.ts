import { further, mergeReaders, orderEntry, type Memory, type OrderMemory, type ReaderState, type Watch } from './shape';

/**
 * The catch-up's part of the memory: how far it has read the history of each order it watches (an
 * order is watched from its creation, or the first publish, until it is completed and read), and its
 * place in the store. A catch-up reads from here (door.ts, `readPlace`) and records its new place
 * with the events it found, in one step (door.ts, `select`).
 */

/** Drops the records of an order that its watch has read past (they are handled by the watch now). */
function dropReadRecords(entry: OrderMemory): void {
	const read = entry.w?.t;
	if (!entry.e || read === null || read === undefined) return;
	entry.e = entry.e.filter(([time]) => time === null || time > read);
	if (entry.e.length === 0) delete entry.e;
}

/** Where a catch-up read to: its reader state, each order it watches and how far, and the order numbers it saw. */
export interface CatchUpPlace {
	reader: ReaderState;
	watched: Record<string, Watch>;
	numbers: Record<string, string>;
	/** How long an order no longer watched is remembered when it holds records a callback brought. */
	keepMs: number;
}

/**
 * Records a catch-up's new place in a memory loaded afresh (other requests may have recorded
 * meanwhile): for each order read, the watch further along; orders no longer watched lose their
 * watch (and their memory, unless it holds records a callback emitted, kept as long as the catch-up
 * could still find them); the reader's state.
 */
export function recordPlace(memory: Memory, place: CatchUpPlace, now: number): void {
	const sameScope = memory.reader?.scope === place.reader.scope;
	for (const [id, entry] of Object.entries(memory.orders)) {
		if (!entry.w || (sameScope && place.watched[id])) continue;
		delete entry.w;
		if (!entry.e?.length) delete memory.orders[id];
		else entry.u = Math.max(entry.u, now + place.keepMs);
	}
	for (const [id, watch] of Object.entries(place.watched)) {
		const entry = orderEntry(memory, id, place.numbers[id] ?? '', now);
		entry.w = sameScope ? further(watch, entry.w) : watch;
		dropReadRecords(entry);
	}
	const before = sameScope ? memory.reader : undefined;
	memory.reader = before ? mergeReaders(place.reader, before) : place.reader;
}

/**
 * A publish for a store and scope the memory has not read: changes from now on are emitted. The
 * watches of another store or scope are of no use: the first catch-up records the store anew.
 * False when the memory reads that store and scope already (publishing again goes on from there).
 */
export function recordPublish(memory: Memory, scope: string, now: number): boolean {
	if (memory.reader?.scope === scope) return false;
	memory.reader = { scope, since: now, last: 0, newest: null };
	for (const entry of Object.values(memory.orders)) delete entry.w;
	return true;
}
