import { isRecord } from '../../shared/json';

/**
 * The trigger's one memory of what it has passed on, for callbacks and catch-ups alike, per trigger:
 * what it holds, and how two copies of it are one. Its jobs are the files beside this one: the events
 * passed on (events.ts), the catch-up's watch of open orders and its place in the store (watch.ts),
 * where n8n processes were seen serving the trigger (served.ts), and where it is kept: n8n's static
 * data and this process's copies (copies.ts). The rest of the trigger reaches it through its one door,
 * door.ts.
 *
 * - per order (keyed by its ID, or by its number until the ID is known): the status records emitted
 *   that the catch-up has not read past yet (`e`), and, while the catch-up watches the order, how far
 *   it has read its status history (`w`): every record up to there is handled;
 * - events that name no order or no status, by their event key (`other`);
 * - the catch-up's place in the store (`reader`): what it reads, since when, the newest order seen;
 * - where n8n processes were seen serving the trigger (`served`).
 */

/** Which callback an event came by; the catch-up's events stand for both. */
export const KIND = { status: 1, details: 2, both: 3 } as const;

/** One status record remembered: [time (ms) or null, status ID or null, status name squashed, item, kinds]. */
export type Kept = [number | null, number | null, string, string, number];

/** How far the catch-up has read an order's status history. Short keys: the memory is saved whole on every change. */
export interface Watch {
	/** Status records read (emitted, found emitted, or passed over); -1: none yet (watched since the first publish, as it was then). */
	n: number;
	/** Time (ms) of the newest record read, or null. */
	t: number | null;
	/** Status of the newest record read (or, when n is -1, of the order at the first publish): `#id` or `=name`. */
	s: string;
	/** The list entry's fingerprint when its history was last read whole; '' reads it next time. */
	f: string;
	/** Created (ms), or null. */
	c: number | null;
	/** 1 once the order is completed. */
	d?: 1;
}

export interface OrderMemory {
	/** The order number, when the key is the ID. */
	o?: string;
	/** Records emitted that the catch-up has not read past. */
	e?: Kept[];
	/** Remembered until (ms) when the catch-up does not watch the order. */
	u: number;
	w?: Watch;
}

/** The catch-up's place in the store. */
export interface ReaderState {
	/** What is read: `<scope>:<store>`. Another scope or store starts over. */
	scope: string;
	/** When the trigger was first published for this scope (ms): changes from then on are emitted. */
	since: number;
	/** When the store was last read whole (ms); 0: published, not read yet. */
	last: number;
	/** The newest order creation time seen (ms, the service's clock), or null. */
	newest: number | null;
	/** Orders listed near the newest that are not watched (completed, or not the trigger's): not new next time. */
	passed?: string[];
}

export interface Memory {
	v: 3;
	/** Bumped on every save: the newer of two copies has the higher revision. */
	rev: number;
	orders: Record<string, OrderMemory>;
	other: Record<string, number>;
	reader?: ReaderState;
	/** Where n8n processes were seen serving the trigger, newest first: addresses the catch-up's clock may call (clock/reach.ts). */
	served?: string[];
}

/** The memory is saved whole on every change: orders not watched, other events, and addresses are bounded. */
const MAX_UNWATCHED_ORDERS = 2000;
const MAX_OTHER = 500;
export const MAX_SERVED = 4;
/** A process keeps per-trigger entries for at most this many triggers. */
const MAX_TRIGGERS = 500;

/** Sets a per-trigger entry as the most recent, dropping the least recent over MAX_TRIGGERS. */
export function keepRecent<V>(map: Map<string, V>, key: string, value: V): void {
	map.delete(key);
	map.set(key, value);
	if (map.size > MAX_TRIGGERS) map.delete(map.keys().next().value as string);
}

export function emptyMemory(): Memory {
	return { v: 3, rev: 0, orders: {}, other: {} };
}

export function isMemory(value: unknown): value is Memory {
	return isRecord(value) && value.v === 3 && typeof value.rev === 'number' && isRecord(value.orders) && isRecord(value.other);
}

export function sameKept(a: Kept, b: Kept): boolean {
	return a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && a[3] === b[3];
}

function copyKept(list: Kept[] | undefined): Kept[] | undefined {
	return list?.map((kept) => [...kept] as Kept);
}

function unionKept(a: Kept[] | undefined, b: Kept[] | undefined): Kept[] | undefined {
	if (!a?.length) return copyKept(b);
	const out = copyKept(a) as Kept[];
	for (const kept of b ?? []) {
		const same = out.find((mine) => sameKept(mine, kept));
		if (same) same[4] |= kept[4];
		else out.push([...kept] as Kept);
	}
	return out;
}

/** The further along of two watches: more records read, or as many and a later one. */
export function further(a: Watch | undefined, b: Watch | undefined): Watch | undefined {
	if (!a || !b) return a ?? b;
	return b.n > a.n || (b.n === a.n && (b.t ?? 0) > (a.t ?? 0)) ? b : a;
}

function later(a: number | null, b: number | null): number | null {
	return a === null ? b : b === null ? a : Math.max(a, b);
}

/** Two places of the catch-up in the same store and scope, as one: read since the earlier, last read the later, the newest order of both; the rest of `newer`. */
export function mergeReaders(newer: ReaderState, older: ReaderState): ReaderState {
	return { ...newer, since: Math.min(newer.since, older.since), last: Math.max(newer.last, older.last), newest: later(newer.newest, older.newest) };
}

/**
 * Two copies merged, a new object: every order either holds, with the records of both and the watch
 * further along; other events of both; the reader of the newer (an entry only one holds stays until
 * the next catch-up drops it again: it holds how far that order was read, so nothing is emitted twice).
 */
export function mergeMemories(a: Memory, b: Memory): Memory {
	const [newer, older] = a.rev >= b.rev ? [a, b] : [b, a];
	const orders: Record<string, OrderMemory> = {};
	for (const [id, entry] of Object.entries(older.orders)) orders[id] = { ...entry, e: copyKept(entry.e) };
	for (const [id, entry] of Object.entries(newer.orders)) {
		const other = orders[id];
		const merged: OrderMemory = other ? { u: Math.max(entry.u, other.u), e: unionKept(entry.e, other.e), w: further(entry.w, other.w), o: entry.o || other.o } : { ...entry, e: copyKept(entry.e) };
		for (const field of ['o', 'e', 'w'] as const) if (merged[field] === undefined || (field === 'e' && merged.e?.length === 0)) delete merged[field];
		orders[id] = merged;
	}
	const other = { ...older.other };
	for (const [key, until] of Object.entries(newer.other)) other[key] = Math.max(until, other[key] ?? 0);
	let reader = newer.reader ?? older.reader;
	if (newer.reader && older.reader && newer.reader.scope === older.reader.scope) reader = mergeReaders(newer.reader, older.reader);
	const served = [...new Set([...(newer.served ?? []), ...(older.served ?? [])])].slice(0, MAX_SERVED);
	return { v: 3, rev: newer.rev, orders, other, ...(reader ? { reader: { ...reader } } : {}), ...(served.length > 0 ? { served } : {}) };
}

/** Drops what is past its time, and the oldest unwatched orders and other events over their bounds. */
export function pruned(memory: Memory, now: number): Memory {
	const unwatched: Array<[string, number]> = [];
	for (const [id, entry] of Object.entries(memory.orders)) {
		if (entry.w) continue;
		if (entry.u <= now) delete memory.orders[id];
		else unwatched.push([id, entry.u]);
	}
	if (unwatched.length > MAX_UNWATCHED_ORDERS) {
		unwatched.sort((a, b) => a[1] - b[1]);
		for (const [id] of unwatched.slice(0, unwatched.length - MAX_UNWATCHED_ORDERS)) delete memory.orders[id];
	}
	const other = Object.entries(memory.other).filter(([, until]) => until > now);
	other.sort((a, b) => b[1] - a[1]);
	memory.other = Object.fromEntries(other.slice(0, MAX_OTHER));
	return memory;
}

/** A status as the watch keeps it: `#id`, else `=name`. */
export function statusKey(facts: { statusId: number | null; statusName: string }): string {
	return facts.statusId !== null ? `#${facts.statusId}` : facts.statusName === '' ? '' : `=${facts.statusName}`;
}

/**
 * The key of the order an event names in the memory, or undefined when none is remembered. An
 * event with an ID is the order with that ID, or one remembered by this number alone (its ID not
 * known then); never another ID's order that has the same number.
 */
export function orderKey(memory: Memory, orderId: string, orderNumber: string): string | undefined {
	if (orderId !== '') {
		if (memory.orders[orderId]) return orderId;
		const byNumber = orderNumber === '' ? undefined : memory.orders[orderNumber];
		return byNumber && byNumber.o === undefined ? orderNumber : undefined;
	}
	if (orderNumber === '') return undefined;
	if (memory.orders[orderNumber]) return orderNumber;
	return Object.keys(memory.orders).find((key) => memory.orders[key].o === orderNumber);
}

/**
 * The order's memory under its ID, made if missing: an entry kept under its number until the ID was
 * known moves there.
 */
export function orderEntry(memory: Memory, orderId: string, orderNumber: string, until: number): OrderMemory {
	const id = orderId || orderNumber;
	const found = orderKey(memory, orderId, orderNumber);
	if (found !== undefined && found !== id) {
		const moved = memory.orders[found];
		delete memory.orders[found];
		const here = memory.orders[id];
		memory.orders[id] = here ? { u: Math.max(here.u, moved.u), e: unionKept(here.e, moved.e), w: further(here.w, moved.w) } : moved;
	}
	const entry = (memory.orders[id] ??= { u: until });
	if (orderNumber !== '' && orderNumber !== id) entry.o = orderNumber;
	for (const field of ['e', 'w'] as const) if (entry[field] === undefined) delete entry[field];
	return entry;
}
