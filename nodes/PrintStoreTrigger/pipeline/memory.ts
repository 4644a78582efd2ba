import { createHash } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

import type { NormalizedEvent } from '../../shared/callbacks/normalize';
import { isRecord } from '../../shared/json';
import { factsOf, sameStatus, type RecordFacts } from './records';

/**
 * The trigger's one memory of what it has passed on, for callbacks and catch-ups alike, per trigger:
 *
 * - per order (keyed by its ID, or by its number until the ID is known): the status records emitted
 *   that the catch-up has not read past yet (`e`), and, while the catch-up watches the order, how far
 *   it has read its status history (`w`): every record up to there is handled;
 * - events that name no order or no status, by their event key (`other`);
 * - the catch-up's place in the store (`reader`): what it reads, since when, the newest order seen.
 *
 * Where it lives: the trigger's node static data (`memory`), which n8n loads for each webhook
 * request and saves as the request ends, so it survives restarts and is the same for every process;
 * or, for a trigger that keeps its memory to one process (no catch-up, Remember Across Processes
 * off), only this process's copy.
 *
 * n8n's rules for static data, in one place (every other file relies on these):
 * 1. Each webhook request gets its own copy, read from the database as the request starts.
 * 2. n8n saves a request's copy whole as the request ends, when something in it was written; two
 *    requests in flight at once each save theirs, the later save wins, and n8n 1.x saves a request's
 *    copy once more when the execution it started ends.
 * 3. A write is noticed only as an assignment to a key of the node's static data (a new object).
 * So this process keeps the newest memory it has seen per trigger (`mirrors`) and every copy its
 * requests still hold (`copies`): what it records goes into all of them, and a request whose copy is
 * older gets the newer memory as it ends (`keepWhole`). Whichever copy n8n saves last holds
 * everything this process recorded. What remains (docs/reliability.md): two processes writing the
 * same moment, each without the other's entry.
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
	/** Where n8n processes were seen serving the trigger, newest first: addresses the catch-up's clock may call (catchUp/address.ts). */
	served?: string[];
}

/** Where a trigger's memory is: its key in this process, and its node static data when shared. */
export interface MemoryPlace {
	key: string;
	staticData?: IDataObject;
}

const KEY = 'memory';
/** What versions before the one memory kept (read once, then dropped). */
const LEGACY_EVENTS = 'recentEvents';
const MAX_TRIGGERS = 500;
/** The memory is saved whole on every change: orders not watched, and other events, are bounded. */
const MAX_UNWATCHED_ORDERS = 2000;
const MAX_OTHER = 500;
const MAX_COPIES = 200;
const MAX_SERVED = 4;

const mirrors = new Map<string, Memory>();
const copies = new Map<string, Array<WeakRef<IDataObject>>>();
/** When this process last recorded something new, per trigger (the catch-up's clock saves it again soon after). */
const recordedAt = new Map<string, number>();
/** Where this process was seen serving each trigger (the root n8n listens on, as a request showed it), noted in its memory. */
const servedNoted = new Map<string, string>();

/** Sets a per-trigger entry as the most recent, dropping the least recent over MAX_TRIGGERS. */
function keepRecent<V>(map: Map<string, V>, key: string, value: V): void {
	map.delete(key);
	map.set(key, value);
	if (map.size > MAX_TRIGGERS) map.delete(map.keys().next().value as string);
}

/** A plain copy: the static data n8n hands a node is a proxy, which structuredClone refuses. */
function copyOf<T>(value: T): T {
	return JSON.parse(JSON.stringify(value)) as T;
}

export function emptyMemory(): Memory {
	return { v: 3, rev: 0, orders: {}, other: {} };
}

function isMemory(value: unknown): value is Memory {
	return isRecord(value) && value.v === 3 && typeof value.rev === 'number' && isRecord(value.orders) && isRecord(value.other);
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

function sameKept(a: Kept, b: Kept): boolean {
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
function further(a: Watch | undefined, b: Watch | undefined): Watch | undefined {
	if (!a || !b) return a ?? b;
	return b.n > a.n || (b.n === a.n && (b.t ?? 0) > (a.t ?? 0)) ? b : a;
}

function later(a: number | null, b: number | null): number | null {
	return a === null ? b : b === null ? a : Math.max(a, b);
}

/** Two places of the catch-up in the same store and scope, as one: read since the earlier, last read the later, the newest order of both; the rest of `newer`. */
function mergeReaders(newer: ReaderState, older: ReaderState): ReaderState {
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
function pruned(memory: Memory, now: number): Memory {
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

/**
 * Where n8n processes were seen serving the trigger, this process's knowledge first; read without
 * merging or keeping anything: for the catch-up's clock, whose copy of the static data n8n never
 * saves (the trigger()'s, read at activation).
 */
export function servedAddresses(place: MemoryPlace): string[] {
	const noted = servedNoted.get(place.key);
	const known = mirrors.get(place.key)?.served ?? [];
	const stored = storedMemory(place.staticData)?.served ?? [];
	return [...new Set([...(noted ? [noted] : []), ...known, ...stored])].slice(0, MAX_SERVED);
}

/** Adds an address where a process serves the trigger; false when it was known already. */
function rememberServedAt(memory: Memory, address: string): boolean {
	if (memory.served?.includes(address)) return false;
	memory.served = [address, ...(memory.served ?? [])].slice(0, MAX_SERVED);
	return true;
}

function remember(key: string, memory: Memory): void {
	keepRecent(mirrors, key, memory);
}

/**
 * Records a changed memory (from loadMemory): in this process, and, when shared, in the request's
 * static data and every other copy this process's requests hold that is older. Where this process
 * serves the trigger (`noteServed`) goes with it: noted on its own, it would be a save of a request
 * that passed nothing on, and with two processes, the later of two saves drops the other's record.
 */
export function saveMemory(place: MemoryPlace, memory: Memory, now = Date.now()): Memory {
	const root = servedNoted.get(place.key);
	if (place.staticData && root) rememberServedAt(memory, root);
	const saved: Memory = { ...memory, rev: memory.rev + 1 };
	remember(place.key, saved);
	keepRecent(recordedAt, place.key, now);
	if (place.staticData) spread(place.key, place.staticData, saved);
	return saved;
}

/** The memory into every copy held whose own is older: the given one first, as a new object (rule 3). */
function spread(key: string, staticData: IDataObject, memory: Memory): void {
	for (const copy of heldCopies(key, staticData)) {
		const stored = storedMemory(copy);
		if (stored && isMemory(copy[KEY]) && stored.rev >= memory.rev) continue;
		copy[KEY] = stored ? mergeMemories(stored, memory) : copyOf(memory);
		if (LEGACY_EVENTS in copy) delete copy[LEGACY_EVENTS];
	}
}

/**
 * As a request (or an execution) of the trigger ends: its copy, and every other copy held, gets the
 * newer memory this process knows (rule 2). Writes nothing when the copy is as new, so n8n has
 * nothing to save.
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
	copies.delete(key);
	recordedAt.delete(key);
	servedNoted.delete(key);
}

/** Notes where this process serves a trigger: kept in the memory with this process's next save of it (`saveMemory`). */
export function noteServed(key: string, root: string): void {
	if (servedNoted.get(key) !== root) keepRecent(servedNoted, key, root);
}

/** Forgets the memory in the static data too (a trigger whose memory is not kept there any more). */
export function forgetStoredMemory(staticData: IDataObject): void {
	for (const key of [KEY, LEGACY_EVENTS]) if (key in staticData) delete staticData[key];
}

function holdCopy(key: string, staticData: IDataObject): void {
	const held = (copies.get(key) ?? []).filter((ref) => ref.deref() !== undefined);
	if (!held.some((ref) => ref.deref() === staticData)) held.push(new WeakRef(staticData));
	copies.set(key, held.slice(-MAX_COPIES));
}

/** Every copy of the trigger's static data this process's requests still hold (each as long as n8n keeps it), the given one first. */
function heldCopies(key: string, staticData: IDataObject): IDataObject[] {
	holdCopy(key, staticData);
	const others = (copies.get(key) ?? []).map((ref) => ref.deref()).filter((copy): copy is IDataObject => copy !== undefined && copy !== staticData);
	return [staticData, ...others];
}

// ---------------------------------------------------------------------------------------------
// Records: what makes two events the same.

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

/** A status as the watch keeps it: `#id`, else `=name`. */
export function statusKey(facts: { statusId: number | null; statusName: string }): string {
	return facts.statusId !== null ? `#${facts.statusId}` : facts.statusName === '' ? '' : `=${facts.statusName}`;
}

function sameStatusKey(key: string, facts: RecordFacts): boolean {
	if (key.startsWith('#')) return facts.statusId !== null ? key === `#${facts.statusId}` : false;
	return key !== '' && facts.statusId === null && key === `=${facts.statusName}`;
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
function orderEntry(memory: Memory, orderId: string, orderNumber: string, until: number): OrderMemory {
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

/** Drops the records of an order that its watch has read past (they are handled by the watch now). */
function dropReadRecords(entry: OrderMemory): void {
	const read = entry.w?.t;
	if (!entry.e || read === null || read === undefined) return;
	entry.e = entry.e.filter(([time]) => time === null || time > read);
	if (entry.e.length === 0) delete entry.e;
}

// ---------------------------------------------------------------------------------------------
// The catch-up's place.

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
