import type { IDataObject } from 'n8n-workflow';

import { runAtOnce } from '../../shared/atOnce';
import { toIsoTimestamp } from '../../shared/callbacks/normalize';
import { ApiFailure } from '../../shared/errors';
import { isRecord, readField } from '../../shared/json';
import { scopeKey, type CatchUpSettings } from './settings';
import { KEEP_COMPLETED_MS, sameStatus, statusKey, type CatchUpState, type WatchedOrder } from '../memory/catchUpState';

/**
 * One catch-up: which status records of the store's orders have not been processed yet. It reads the
 * order list (orders created within the watch window, or since the oldest order still watched, whichever
 * is later), then the status history of each order that is new or whose list entry changed, and
 * returns every record past what was processed, oldest first, with the state that records them as
 * processed. Whether a record was already emitted by a callback, and what is emitted, is the
 * caller's to decide (catchUp/index.ts), in one step with recording it.
 *
 * - A first activation (no state, or another store or scope) records the orders as they are and
 *   returns nothing, or, with "On First Activation, Emit the Last", the records of those days.
 * - A record younger than `settleMs` is left for the next catch-up: its callback may be on its way.
 * - A record older than the settings' `maxAgeMs` (after a long pause) is passed over, not emitted.
 * - An order is new when it was created after the newest one seen before (less a margin, for orders
 *   the list shows late); an order neither new nor watched was completed, or is not this trigger's.
 */

/** How the catch-up reads the store (catchUp/reader.ts sends the requests). */
export interface StoreReader {
	/** The orders created at or after `createdFrom`, every one, or an error naming the counts. */
	orders(createdFrom: string): Promise<IDataObject[]>;
	/** An order's status history, as served. */
	history(orderId: string): Promise<IDataObject[]>;
	/** One order, whole. */
	order(orderId: string): Promise<IDataObject>;
}

export interface Candidate {
	/** The order as the list gave it. */
	order: IDataObject;
	record: IDataObject;
	/** Whether this record is the one that completed the order. */
	completes: boolean;
}

export interface ReadCounts {
	/** Orders in the list. */
	listed: number;
	/** Orders whose history was read. */
	histories: number;
	/** Orders watched after this catch-up. */
	watched: number;
	firstActivation: boolean;
}

export interface ChangesRead {
	state: CatchUpState;
	candidates: Candidate[];
	counts: ReadCounts;
}

/** Orders the list may show after one created later (replication, clocks): looked at again for this long. */
export const NEW_ORDER_MARGIN_MS = 5 * 60_000;
/** Status histories read at once. */
const HISTORY_READS_AT_ONCE = 4;

function millis(value: unknown): number | null {
	const iso = toIsoTimestamp(value);
	return iso === undefined ? null : Date.parse(iso);
}

/** The ID the API reads an order by: its ID, else its order number. */
export function orderIdOf(order: IDataObject): string {
	const id = readField(order, 'ID', 'Id', 'OrderID', 'OrderId', 'OrderNumber');
	return typeof id === 'string' || typeof id === 'number' ? String(id) : '';
}

function orderNumberOf(order: IDataObject): string {
	const number = readField(order, 'OrderNumber');
	return typeof number === 'string' || typeof number === 'number' ? String(number) : '';
}

/** When the order was created (ms), or null. */
function createdOf(order: IDataObject): number | null {
	return millis(readField(order, 'Created', 'CreatedAt', 'DateCreated'));
}

export function isCompleted(order: IDataObject): boolean {
	const completed = readField(order, 'Completed');
	return completed === true || completed === 'true';
}

/** What a list entry says of the order's state: an order whose fingerprint is unchanged is not read again. */
export function fingerprint(order: IDataObject): string {
	const status = recordStatus(order);
	const updated = millis(readField(order, 'Updated', 'UpdatedAt', 'LastUpdated'));
	if (status === '' && updated === null) return '';
	return `${status}|${isCompleted(order) ? 1 : 0}|${updated ?? ''}`;
}

/**
 * A status history oldest first. A service may list it either way: served newest first (its first
 * record later than its last, or, with equal times, its order's creation record last) it is turned
 * round; then sorted by Timestamp when every record has one, records of the same time keeping
 * their order.
 */
export function oldestFirst(history: IDataObject[]): IDataObject[] {
	const times = history.map(recordTime);
	const first = times[0];
	const last = times[times.length - 1];
	const createdLast = history.length > 1 && isCreation(history[history.length - 1]) && !isCreation(history[0]);
	const newestFirst = first !== null && last !== null && first !== undefined && last !== undefined && (first > last || (first === last && createdLast));
	const served = newestFirst ? [...history].reverse() : history;
	const servedTimes = newestFirst ? [...times].reverse() : times;
	if (servedTimes.some((time) => time === null)) return served;
	return served
		.map((record, index) => ({ record, index, time: servedTimes[index] as number }))
		.sort((a, b) => a.time - b.time || a.index - b.index)
		.map((entry) => entry.record);
}

/** The record written when the order was created (`_meta.ChangeType` "Created"). */
function isCreation(record: IDataObject): boolean {
	const meta = readField(record, '_meta');
	return isRecord(meta) && String(readField(meta, 'ChangeType') ?? '').toLowerCase() === 'created';
}

function recordTime(record: IDataObject): number | null {
	return millis(readField(record, 'Timestamp', 'TimeStamp'));
}

/** The status of a status record, or of an order as its list entry gives it. */
function recordStatus(record: IDataObject): string {
	return statusKey({ StatusID: readField(record, 'StatusID', 'StatusId'), StatusDescription: readField(record, 'StatusDescription') });
}

/** Where to start in the history of an order watched since the first activation, as it was then. */
function afterFirstActivation(history: IDataObject[], entry: WatchedOrder, since: number): number {
	for (let index = history.length - 1; index >= 0; index--) {
		if (sameStatus(recordStatus(history[index]), entry.s)) return index + 1;
	}
	// The status it had is not in its history: what came after the first activation, by time, else the newest.
	const times = history.map(recordTime);
	if (times.every((time) => time !== null)) {
		const first = times.findIndex((time) => (time as number) > since);
		return first === -1 ? history.length : first;
	}
	return Math.max(0, history.length - 1);
}

/** An order still open this long after the newest one was created is a straggler (on hold, say). */
export const STRAGGLER_AGE_MS = 7 * 24 * 60 * 60_000;
/** At most this many stragglers are read one by one (a request each); more, and the list reaches back to them. */
export const MAX_STRAGGLERS = 20;

/**
 * The watched orders created long before the newest one (STRAGGLER_AGE_MS), when they are few: the
 * list then reaches back only to the others, and each straggler is read on its own, instead of every
 * order created since it being listed on every catch-up.
 */
function stragglersOf(watched: Record<string, WatchedOrder>, newest: number | null): string[] {
	if (newest === null) return [];
	const old = Object.entries(watched).filter(([, entry]) => entry.c !== null && entry.c < newest - STRAGGLER_AGE_MS);
	return old.length > 0 && old.length <= MAX_STRAGGLERS ? old.map(([id]) => id) : [];
}

/** The stragglers as the list would give them; one that is gone (404) is left out, so it is no longer watched. */
async function readStragglers(reader: StoreReader, ids: string[], watched: Record<string, WatchedOrder>): Promise<IDataObject[]> {
	const read: IDataObject[] = [];
	for (const id of ids) {
		const order = await reader.order(id).catch(goneOrFailed);
		if (order) read.push(order);
		else delete watched[id];
	}
	return read;
}

/** An order the service no longer has (404): none. Any other failure is the catch-up's. */
function goneOrFailed(error: unknown): undefined {
	if (error instanceof ApiFailure && error.status === 404) return undefined;
	throw error;
}

interface Reading {
	order: IDataObject;
	id: string;
	entry: WatchedOrder;
	/** Only records at or after this time are returned (On First Activation, Emit the Last). */
	from?: number;
}

export async function readChanges(
	reader: StoreReader,
	previous: CatchUpState | undefined,
	settings: CatchUpSettings,
	ours: (order: IDataObject) => Promise<boolean>,
	now: number,
	settleMs: number,
): Promise<ChangesRead> {
	const scope = scopeKey(settings);
	// Not read yet: never (a first publish), or only published (recordPublish), or for another store or scope.
	const firstActivation = !previous || previous.scope !== scope || previous.last === 0;
	const since = previous && previous.scope === scope ? previous.since : now;
	// On a first read, changes after the publish are emitted, and those of the last days asked for.
	const emitFrom = Math.min(since, settings.firstActivationMs > 0 ? now - settings.firstActivationMs : since);
	const watchFrom = now - settings.watchMs;
	const watched: Record<string, WatchedOrder> = firstActivation || !previous ? {} : { ...previous.orders };
	const newestBefore = firstActivation || !previous ? null : previous.newest;
	const passedBefore = new Set(firstActivation || !previous ? [] : (previous.passed ?? []));
	const stragglers = firstActivation ? [] : stragglersOf(watched, newestBefore);
	const createdTimes = Object.entries(watched)
		.filter(([id]) => !stragglers.includes(id))
		.map(([, entry]) => entry.c);
	const oldestWatched = createdTimes.length === 0 ? Infinity : createdTimes.some((time) => time === null) ? -Infinity : Math.min(...(createdTimes as number[]));
	// Orders created before the oldest one watched were completed, or are not this trigger's; the
	// few long-open ones (stragglers) are read one by one instead.
	const listFrom = firstActivation ? watchFrom : Math.max(watchFrom, Math.min(oldestWatched, (newestBefore ?? -Infinity) - NEW_ORDER_MARGIN_MS));

	const orders = [...(await reader.orders(new Date(listFrom).toISOString())), ...(await readStragglers(reader, stragglers, watched))];
	const seen = new Set<string>();
	const readings: Reading[] = [];
	let newest = newestBefore;
	for (const order of orders) {
		const id = orderIdOf(order);
		if (id === '' || seen.has(id)) continue;
		const created = createdOf(order);
		if (created !== null && created < watchFrom) continue;
		seen.add(id);
		if (created !== null) newest = Math.max(newest ?? created, created);
		const entry = watched[id];
		const print = fingerprint(order);
		if (entry) {
			if (entry.f === '' || entry.f !== print) readings.push({ order, id, entry });
			continue;
		}
		if (firstActivation) {
			// Changed since the publish (or within the days asked for): its records after then are read and emitted.
			const changed = (millis(readField(order, 'Updated')) ?? created ?? Infinity) > emitFrom;
			if ((isCompleted(order) && !changed) || !(await ours(order))) continue;
			const start: WatchedOrder = { n: -1, t: null, s: recordStatus(order), f: print, c: created, o: orderNumberOf(order) };
			if (changed) readings.push({ order, id, entry: { ...start, n: 0 }, from: emitFrom });
			else watched[id] = start;
			continue;
		}
		const isNew = !passedBefore.has(id) && (created === null ? !isCompleted(order) : created > (newestBefore ?? -Infinity) - NEW_ORDER_MARGIN_MS);
		if (!isNew || !(await ours(order))) continue;
		readings.push({ order, id, entry: { n: 0, t: null, s: '', f: '', c: created, o: orderNumberOf(order) } });
	}
	// Watched orders the list no longer shows are past the watch window (or gone).
	for (const id of Object.keys(watched)) if (!seen.has(id)) delete watched[id];
	// Orders near the newest that are not watched: passed over again next time, not taken for new ones.
	const read = new Set(readings.map((reading) => reading.id));
	const passed = orders
		.filter((order) => {
			const id = orderIdOf(order);
			const created = createdOf(order);
			return id !== '' && !watched[id] && !read.has(id) && created !== null && newest !== null && created > newest - NEW_ORDER_MARGIN_MS;
		})
		.map(orderIdOf);

	const groups: Array<Array<Candidate & { time: number | null }>> = [];
	await runAtOnce(readings, HISTORY_READS_AT_ONCE, async ({ order, id, entry, from }) => {
		const history = oldestFirst(await reader.history(id));
		let processed = entry.n >= 0 ? Math.min(entry.n, history.length) : afterFirstActivation(history, entry, since);
		let pending = false;
		const completed = isCompleted(order);
		const group: Array<Candidate & { time: number | null }> = [];
		for (let index = processed; index < history.length; index++) {
			const record = history[index];
			const time = recordTime(record);
			if (time !== null && time > now - settleMs) {
				pending = true;
				break;
			}
			processed = index + 1;
			// Too old; or, on a first read, from before the publish (a record without a time cannot tell: left out).
			if ((time !== null && time < now - settings.maxAgeMs) || (from !== undefined && (time === null || time <= from))) continue;
			group.push({ order, record, completes: completed && index === history.length - 1, time });
		}
		if (group.length > 0) groups.push(group);
		const last = processed > 0 ? history[processed - 1] : undefined;
		watched[id] = {
			n: processed,
			t: last ? recordTime(last) : entry.t,
			s: last ? recordStatus(last) : entry.s,
			f: pending ? '' : fingerprint(order),
			c: entry.c,
			o: entry.o || orderNumberOf(order),
			...(completed ? { d: 1 as const } : {}),
		};
	});
	// Completed and processed orders stay a day after their last record, for late repeats of their callbacks.
	for (const [id, entry] of Object.entries(watched)) {
		if (entry.d === 1 && entry.f !== '' && (entry.t ?? 0) < now - KEEP_COMPLETED_MS) delete watched[id];
	}
	const state: CatchUpState = {
		v: 1,
		scope,
		rev: previous?.rev ?? 0,
		since,
		last: now,
		newest,
		...(passed.length > 0 ? { passed } : {}),
		orders: watched,
	};
	return {
		state,
		candidates: oldestRecordFirst(groups),
		counts: { listed: orders.length, histories: readings.length, watched: Object.keys(watched).length, firstActivation },
	};
}

/**
 * Every order's records, oldest first across orders, each order's in its own order: a record's place
 * is its time, or the place of the record before it in its order when it has none (or an earlier
 * one), so sorting never moves a record before an earlier one of its order.
 */
function oldestRecordFirst(groups: Array<Array<Candidate & { time: number | null }>>): Candidate[] {
	const placed = groups.flatMap((group, groupIndex) => {
		let place = -Infinity;
		return group.map(({ order, record, completes, time }, index) => {
			place = Math.max(place, time ?? place);
			return { candidate: { order, record, completes }, place, groupIndex, index };
		});
	});
	placed.sort((a, b) => a.place - b.place || a.groupIndex - b.groupIndex || a.index - b.index);
	return placed.map((entry) => entry.candidate);
}

/** Whether an order's callback URLs are this trigger's: they carry its webhook ID as a path segment. */
export function hasTriggerUrls(order: IDataObject, webhookId: string): boolean | undefined {
	const details = readField(order, 'OrderDetails');
	if (!isRecord(details)) return undefined;
	const urls = [readField(details, 'StatusCallbackUrl'), readField(details, 'StatusDetailsCallbackUrl')];
	return urls.some((url) => typeof url === 'string' && url.split(/[/?]/).includes(webhookId));
}
