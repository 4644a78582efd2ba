import type { IDataObject } from 'n8n-workflow';

import { isRecord } from '../../shared/json';
import { squashStatusName, statusIdOf } from '../../shared/statuses';
import { heldCopies } from './copies';

/**
 * What the catch-up has read of the store, kept in the trigger's node static data (`catchUp`), which
 * n8n saves with the workflow and every process serving the trigger reads: it survives restarts and
 * is the same in queue mode. Callbacks read it too: a callback whose record a catch-up has already
 * processed starts nothing (webhook/receive.ts).
 *
 * Per order watched, the number of its status records processed (emitted, found emitted by a
 * callback, or passed over as too old) and what its list entry looked like then, so an order that has
 * not changed is not read again. Orders are watched from their creation (or the first activation)
 * until they are completed and processed, and a day longer, so a late repeat of their last callback
 * is still recognized; and never longer than the watch window after their creation.
 *
 * Every process also keeps the newest state it has seen per trigger (`mirror`), and a request whose
 * static data is older (another request of the workflow saved a copy read before) writes the newer
 * one back: two requests of one workflow in flight at once each save their own copy, and the later
 * one would otherwise undo what the other recorded.
 */

/** One watched order. Short keys: the whole state is saved with the workflow on every change. */
export type WatchedOrder = {
	/** Status records processed; -1: none read yet (watched since the first activation, as it was then). */
	n: number;
	/** Timestamp (ms) of the newest record processed, or null. */
	t: number | null;
	/** Status of the newest record processed (or, when n is -1, of the order at the first activation). */
	s: string;
	/** The list entry's fingerprint when its history was last processed whole; '' reads it next time. */
	f: string;
	/** Created (ms), or null. */
	c: number | null;
	/** The order number ('' when none), so callbacks that name the order by number find it. */
	o: string;
	/** 1 once the order is completed. */
	d?: 1;
};

export type CatchUpState = {
	v: 1;
	/** What is read: `<scope>:<store>`. Another scope or store starts over (a first activation). */
	scope: string;
	/** Bumped on every change: the newer of two copies has the higher revision. */
	rev: number;
	/** When the first activation recorded the store (ms). */
	since: number;
	/** When the last catch-up read the store whole (ms); 0: published, not read yet. */
	last: number;
	/** The newest order creation time seen (ms, the service's clock), or null. */
	newest: number | null;
	/**
	 * Orders listed at the last read, created within the new-order margin before the newest, that are
	 * not watched (completed, or not this trigger's): not taken for new ones at the next read.
	 */
	passed?: string[];
	orders: Record<string, WatchedOrder>;
};

const STATE_KEY = 'catchUp';
const MAX_TRIGGERS = 500;
const mirrors = new Map<string, CatchUpState>();

/** How long a completed order stays watched after its last record, for late repeats of its callbacks. */
export const KEEP_COMPLETED_MS = 24 * 60 * 60_000;

function isState(value: unknown): value is CatchUpState {
	return isRecord(value) && value.v === 1 && typeof value.scope === 'string' && typeof value.rev === 'number' && isRecord(value.orders);
}

/** The status of a record as one comparable text: its ID when it has one, else its name squashed. */
export function statusKey(record: { StatusID?: unknown; StatusDescription?: unknown }): string {
	const id = statusIdOf(record.StatusID);
	if (id !== undefined) return `#${id}`;
	const name = squashStatusName(record.StatusDescription);
	return name === '' ? '' : `=${name}`;
}

/** Whether two status keys name the same status (an ID and a name compare by name only when both have no ID). */
export function sameStatus(a: string, b: string): boolean {
	return a !== '' && a === b;
}

/** The later of two times, either of which may be unknown (null). */
export function later(a: number | null, b: number | null): number | null {
	return a === null ? b : b === null ? a : Math.max(a, b);
}

/**
 * The two copies merged: for each order the one further along; the rest from the newer copy. Entries
 * only one copy holds are kept (one the other dropped comes back until the next catch-up drops it:
 * it holds how far that order was processed, so nothing is emitted twice for it).
 */
function merge(a: CatchUpState, b: CatchUpState): CatchUpState {
	const [newer, older] = a.rev >= b.rev ? [a, b] : [b, a];
	if (newer.scope !== older.scope) return newer;
	const orders: Record<string, WatchedOrder> = { ...older.orders };
	for (const [id, entry] of Object.entries(newer.orders)) {
		const other = orders[id];
		orders[id] = !other || entry.n > other.n || (entry.n === other.n && (entry.t ?? 0) >= (other.t ?? 0)) ? entry : other;
	}
	return {
		...newer,
		since: Math.min(newer.since, older.since),
		last: Math.max(newer.last, older.last),
		newest: later(newer.newest, older.newest),
		orders,
	};
}

/** The newest state known of a trigger: its static data's and this process's, merged. */
export function loadState(nodeStaticData: IDataObject, triggerKey: string): CatchUpState | undefined {
	const value: unknown = nodeStaticData[STATE_KEY];
	const stored = isState(value) ? value : undefined;
	const known = mirrors.get(triggerKey);
	if (stored && known) return merge(stored, known);
	return stored ?? known;
}

/**
 * Records a new state: in this process, and in the static data n8n saves after the request. The
 * state given must be the loaded one changed; its revision is bumped here.
 */
export function saveState(nodeStaticData: IDataObject, triggerKey: string, state: CatchUpState): CatchUpState {
	const saved: CatchUpState = { ...state, rev: state.rev + 1 };
	remember(triggerKey, saved);
	// A new object, so n8n notices the change and saves it with the workflow.
	nodeStaticData[STATE_KEY] = saved;
	spreadState(triggerKey, nodeStaticData, saved);
	return saved;
}

/** Writes the state into every other copy of the static data this process's requests hold that has an older one (memory/copies.ts). */
function spreadState(triggerKey: string, nodeStaticData: IDataObject, state: CatchUpState): void {
	for (const copy of heldCopies(triggerKey, nodeStaticData).slice(1)) {
		const stored: unknown = copy[STATE_KEY];
		if (isState(stored) && stored.scope === state.scope && stored.rev >= state.rev) continue;
		copy[STATE_KEY] = isState(stored) ? merge(stored, state) : state;
	}
}

/**
 * Writes this process's newer state back when the request's static data holds an older copy (see the
 * top of this file). Touches nothing otherwise, so n8n has nothing to save.
 */
export function healState(nodeStaticData: IDataObject, triggerKey: string): void {
	const known = mirrors.get(triggerKey);
	if (!known) return;
	const stored: unknown = nodeStaticData[STATE_KEY];
	if (isState(stored) && stored.rev >= known.rev && stored.scope === known.scope) {
		remember(triggerKey, merge(stored, known));
		return;
	}
	const merged = isState(stored) ? merge(stored, known) : known;
	remember(triggerKey, merged);
	nodeStaticData[STATE_KEY] = merged;
	spreadState(triggerKey, nodeStaticData, merged);
}

function remember(triggerKey: string, state: CatchUpState): void {
	mirrors.delete(triggerKey);
	mirrors.set(triggerKey, state);
	if (mirrors.size > MAX_TRIGGERS) mirrors.delete(mirrors.keys().next().value as string);
}

/**
 * Forgets this process's copy (on deactivation). The static data keeps the state: publishing the
 * workflow again goes on from the last read, it is no first activation.
 */
export function forgetState(triggerKey: string): void {
	mirrors.delete(triggerKey);
}

/**
 * Records a publish: from now on changes are emitted, though the store is read only at the first
 * catch-up (seconds later, or after a restart). Nothing changes when the trigger already has a state
 * for the same store and scope: publishing again goes on from the last read.
 */
export function recordPublish(nodeStaticData: IDataObject, triggerKey: string, scope: string, now: number): void {
	const known = loadState(nodeStaticData, triggerKey);
	if (known && known.scope === scope) return;
	saveState(nodeStaticData, triggerKey, { v: 1, scope, rev: known?.rev ?? 0, since: now, last: 0, newest: null, orders: {} });
}

/** The watched order a callback names, by its ID or its order number. */
export function watchedOrder(state: CatchUpState | undefined, orderId: unknown, orderNumber: unknown): WatchedOrder | undefined {
	if (!state) return undefined;
	if ((typeof orderId === 'string' || typeof orderId === 'number') && state.orders[String(orderId)]) return state.orders[String(orderId)];
	if (typeof orderNumber !== 'string' && typeof orderNumber !== 'number') return undefined;
	const number = String(orderNumber);
	if (number === '') return undefined;
	if (state.orders[number]) return state.orders[number];
	return Object.values(state.orders).find((entry) => entry.o === number);
}

/**
 * Whether a callback's record is one a catch-up has already processed: the order is watched, and the
 * record is no newer than the newest one processed (by its time; a record without one, by being the
 * status processed last).
 */
export function processedByCatchUp(state: CatchUpState | undefined, event: IDataObject): boolean {
	const entry = watchedOrder(state, event.OrderID, event.OrderNumber);
	if (!entry || entry.n <= 0) return false;
	const time = typeof event.Timestamp === 'string' ? Date.parse(event.Timestamp) : Number.NaN;
	if (!Number.isNaN(time)) return entry.t !== null && time <= entry.t;
	return sameStatus(statusKey(event), entry.s);
}
