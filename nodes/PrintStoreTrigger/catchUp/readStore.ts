import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { runAtOnce } from '../../shared/atOnce';
import { normalizeEvents, toIsoTimestamp, type EventKind, type NormalizedEvent } from '../../shared/callbacks/normalize';
import { ApiFailure } from '../../shared/errors';
import { checkPathId } from '../../shared/ids';
import { isRecord, readField } from '../../shared/json';
import { MAX_PAGE_SIZE, matchesOrder, NO_FILTERS, orderListSource } from '../../shared/lists/orderList';
import { collect } from '../../shared/lists/pages';
import { readOrder, readStatusHistory } from '../../shared/reads/orders';
import { squashStatusName, statusIdOf } from '../../shared/statuses';
import { statusKey, type CatchUpPlace, type ReaderState, type Watch } from '../memory/door';
import { scopeKey, type CatchUpSettings } from '../setup/settings';

/**
 * What one catch-up reads of the store, and which status records it finds that it has not read
 * before. It lists the orders created within the watch window (or since the oldest order still
 * watched, whichever is later), then reads the status history of each order that is new or whose
 * list entry changed, and returns every record past where it read before, oldest first, as events,
 * with the new place it read to (`place`), a value. Whether a record was already emitted by a
 * callback, and what starts the workflow, is the pipeline's (pipeline/pass.ts), which records the
 * new place in the same step (memory/door.ts, `select`).
 *
 * - A first publish (nothing read yet, or another store or scope) records the orders as they are and
 *   returns what changed after the publish, or, with "On First Publish, Emit the Last", those days.
 * - A record younger than `SETTLE_MS` is left for the next catch-up (`settle` says which): its callback may be on its way.
 * - A record older than the settings' `maxAgeMs` (after a long pause) is passed over, not emitted.
 * - An order is new when it was created after the newest one seen before (less a margin, for orders
 *   the list shows late); an order neither new nor watched was completed, or is not this trigger's.
 */

/** How the catch-up reads the store. */
export interface StoreReader {
	/** The orders created at or after `createdFrom`, every one, or an error naming the counts. */
	orders(createdFrom: string): Promise<IDataObject[]>;
	/** An order's status history, as served. */
	history(orderId: string): Promise<IDataObject[]>;
	/** One order, whole. */
	order(orderId: string): Promise<IDataObject>;
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
	/** The records found, as events (`source: 'catchUp'`), oldest first. */
	events: NormalizedEvent[];
	/** The new place, which the pipeline records with the events (pipeline/pass.ts, `pass`). */
	place: CatchUpPlace;
	counts: ReadCounts;
}

/** Where the catch-up read to before (memory/door.ts, `readPlace`). */
export interface ReadFrom {
	reader?: ReaderState;
	watched: Record<string, Watch>;
}

/** Orders the list may show after one created later (replication, clocks): looked at again for this long. */
export const NEW_ORDER_MARGIN_MS = 5 * 60_000;
/** How long a completed order stays watched after its last record, for late repeats of its callbacks. */
export const KEEP_COMPLETED_MS = 24 * 60 * 60_000;
/** An order still open this long after the newest one was created is a straggler (on hold, say). */
export const STRAGGLER_AGE_MS = 7 * 24 * 60 * 60_000;
/** At most this many stragglers are read one by one (a request each); more, and the list reaches back to them. */
export const MAX_STRAGGLERS = 20;
/** Status histories read at once. */
const HISTORY_READS_AT_ONCE = 4;

/** The catch-up's reads, through the package's one transport (the list as Order > Get Many reads it: whole, or an error with the counts). */
export function storeReader(ctx: IWebhookFunctions, storeId: string, details: boolean): StoreReader {
	return {
		async orders(createdFrom) {
			const filters = { ...NO_FILTERS, createdFrom };
			return await collect(ctx, orderListSource(storeId, filters, MAX_PAGE_SIZE, details), (order) => matchesOrder(order, filters), undefined);
		},
		async history(orderId) {
			return await readStatusHistory(ctx, { storeId, order: checkPathId(orderId, 'Order ID') });
		},
		async order(orderId) {
			return await readOrder(ctx, { storeId, order: checkPathId(orderId, 'Order ID') });
		},
	};
}

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

function createdOf(order: IDataObject): number | null {
	return millis(readField(order, 'Created', 'CreatedAt', 'DateCreated'));
}

export function isCompleted(order: IDataObject): boolean {
	const completed = readField(order, 'Completed');
	return completed === true || completed === 'true';
}

/** The status of a status record, or of an order as its list entry gives it. */
function recordStatus(record: IDataObject): string {
	return statusKey({ statusId: statusIdOf(readField(record, 'StatusID', 'StatusId')) ?? null, statusName: squashStatusName(readField(record, 'StatusDescription')) });
}

/** What a list entry says of the order's state: an order whose fingerprint is unchanged is not read again. */
export function fingerprint(order: IDataObject): string {
	const status = recordStatus(order);
	const updated = millis(readField(order, 'Updated', 'UpdatedAt', 'LastUpdated'));
	if (status === '' && updated === null) return '';
	return `${status}|${isCompleted(order) ? 1 : 0}|${updated ?? ''}`;
}

function recordTime(record: IDataObject): number | null {
	return millis(readField(record, 'Timestamp', 'TimeStamp'));
}

/** The record written when the order was created (`_meta.ChangeType` "Created"). */
function isCreation(record: IDataObject): boolean {
	const meta = readField(record, '_meta');
	return isRecord(meta) && String(readField(meta, 'ChangeType') ?? '').toLowerCase() === 'created';
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

/** Where to start in the history of an order watched since the first publish, as it was then. */
function afterFirstActivation(history: IDataObject[], watch: Watch, since: number): number {
	for (let index = history.length - 1; index >= 0; index--) {
		const status = recordStatus(history[index]);
		if (status !== '' && status === watch.s) return index + 1;
	}
	// The status it had is not in its history: what came after the first publish, by time, else the newest.
	const times = history.map(recordTime);
	if (times.every((time) => time !== null)) {
		const first = times.findIndex((time) => (time as number) > since);
		return first === -1 ? history.length : first;
	}
	return Math.max(0, history.length - 1);
}

/**
 * The watched orders created long before the newest one (STRAGGLER_AGE_MS), when they are few: the
 * list then reaches back only to the others, and each straggler is read on its own, instead of every
 * order created since it being listed on every catch-up.
 */
function stragglersOf(watched: Record<string, Watch>, newest: number | null): string[] {
	if (newest === null) return [];
	const old = Object.entries(watched).filter(([, watch]) => watch.c !== null && watch.c < newest - STRAGGLER_AGE_MS);
	return old.length > 0 && old.length <= MAX_STRAGGLERS ? old.map(([id]) => id) : [];
}

/** The stragglers as the list would give them; one that is gone (404) is left out, so it is no longer watched. */
async function readStragglers(reader: StoreReader, ids: string[], watched: Record<string, Watch>): Promise<IDataObject[]> {
	const read: IDataObject[] = [];
	for (const id of ids) {
		const order = await reader.order(id).catch((error: unknown) => {
			if (error instanceof ApiFailure && error.status === 404) return undefined;
			throw error;
		});
		if (order) read.push(order);
		else delete watched[id];
	}
	return read;
}

/** Whether an order's callback URLs are this trigger's: they carry its webhook ID as a path segment. */
export function hasTriggerUrls(order: IDataObject, webhookId: string): boolean | undefined {
	const details = readField(order, 'OrderDetails');
	if (!isRecord(details)) return undefined;
	const urls = [readField(details, 'StatusCallbackUrl'), readField(details, 'StatusDetailsCallbackUrl')];
	return urls.some((url) => typeof url === 'string' && url.split(/[/?]/).includes(webhookId));
}

interface Reading {
	order: IDataObject;
	id: string;
	watch: Watch;
	/** Only records after this time are returned (a first publish). */
	from?: number;
}

interface Found {
	order: IDataObject;
	record: IDataObject;
	completes: boolean;
	time: number | null;
}

/** What a catch-up reads with: the store, what it is set to read, and how to tell the trigger's orders. */
export interface HowToRead {
	reader: StoreReader;
	settings: CatchUpSettings;
	/** Whether an order is the trigger's (its callback URLs), for the scope "this trigger's orders". */
	ours: (order: IDataObject) => Promise<boolean>;
	/** The kind of event the catch-up emits as. */
	kind: EventKind;
	now: number;
	/**
	 * Which records younger than `SETTLE_MS` are left for the next catch-up: all (`always`, the clock's
	 * regular ticks); on a first read after a publish, those made since the publish (`sincePublish`, the
	 * clock's first tick: their callbacks are on their way, possibly to another n8n process, whose
	 * record of them this read could not see yet); none (`never`, a catch-up a callback asks for).
	 */
	settle: 'always' | 'sincePublish' | 'never';
}

/** How young a record is left for the next catch-up, when it is (`HowToRead.settle`). */
export const SETTLE_MS = 60_000;

export async function readChanges(from: ReadFrom, how: HowToRead): Promise<ChangesRead> {
	const { reader, settings, ours, now } = how;
	const scope = scopeKey(settings);
	const previous: ReaderState | undefined = from.reader;
	// Not read yet: never (a first publish), or only published (recordPublish), or for another store or scope.
	const firstActivation = !previous || previous.scope !== scope || previous.last === 0;
	const since = previous && previous.scope === scope ? previous.since : now;
	// A record is left for the next catch-up when younger than this and made after `settleAfter`.
	const settleMs = how.settle === 'always' || (how.settle === 'sincePublish' && firstActivation) ? SETTLE_MS : 0;
	const settleAfter = how.settle === 'sincePublish' && firstActivation ? since : -Infinity;
	// On a first read, changes after the publish are emitted, and those of the last days asked for.
	const emitFrom = Math.min(since, settings.firstActivationMs > 0 ? now - settings.firstActivationMs : since);
	const watchFrom = now - settings.watchMs;
	const watched: Record<string, Watch> = firstActivation ? {} : { ...from.watched };
	const newestBefore = firstActivation || !previous ? null : previous.newest;
	const passedBefore = new Set(firstActivation || !previous ? [] : (previous.passed ?? []));
	const stragglers = firstActivation ? [] : stragglersOf(watched, newestBefore);
	const createdTimes = Object.entries(watched)
		.filter(([id]) => !stragglers.includes(id))
		.map(([, watch]) => watch.c);
	const oldestWatched = createdTimes.length === 0 ? Infinity : createdTimes.some((time) => time === null) ? -Infinity : Math.min(...(createdTimes as number[]));
	// Orders created before the oldest one watched were completed, or are not this trigger's; the
	// few long-open ones (stragglers) are read one by one instead.
	const listFrom = firstActivation ? watchFrom : Math.max(watchFrom, Math.min(oldestWatched, (newestBefore ?? -Infinity) - NEW_ORDER_MARGIN_MS));

	const orders = [...(await reader.orders(new Date(listFrom).toISOString())), ...(await readStragglers(reader, stragglers, watched))];
	const seen = new Set<string>();
	const readings: Reading[] = [];
	const numbers: Record<string, string> = {};
	let newest = newestBefore;
	for (const order of orders) {
		const id = orderIdOf(order);
		if (id === '' || seen.has(id)) continue;
		const created = createdOf(order);
		if (created !== null && created < watchFrom) continue;
		seen.add(id);
		numbers[id] = orderNumberOf(order);
		if (created !== null) newest = Math.max(newest ?? created, created);
		const watch = watched[id];
		const print = fingerprint(order);
		if (watch) {
			if (watch.f === '' || watch.f !== print) readings.push({ order, id, watch });
			continue;
		}
		if (firstActivation) {
			// Changed since the publish (or within the days asked for): its records after then are read and emitted.
			const changed = (millis(readField(order, 'Updated')) ?? created ?? Infinity) > emitFrom;
			if ((isCompleted(order) && !changed) || !(await ours(order))) continue;
			const start: Watch = { n: -1, t: null, s: recordStatus(order), f: print, c: created };
			if (changed) readings.push({ order, id, watch: { ...start, n: 0 }, from: emitFrom });
			else watched[id] = start;
			continue;
		}
		const isNew = !passedBefore.has(id) && (created === null ? !isCompleted(order) : created > (newestBefore ?? -Infinity) - NEW_ORDER_MARGIN_MS);
		if (!isNew || !(await ours(order))) continue;
		readings.push({ order, id, watch: { n: 0, t: null, s: '', f: '', c: created } });
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

	const groups: Found[][] = [];
	await runAtOnce(readings, HISTORY_READS_AT_ONCE, async ({ order, id, watch, from }) => {
		const history = oldestFirst(await reader.history(id));
		let processed = watch.n >= 0 ? Math.min(watch.n, history.length) : afterFirstActivation(history, watch, since);
		let pending = false;
		const completed = isCompleted(order);
		const group: Found[] = [];
		for (let index = processed; index < history.length; index++) {
			const record = history[index];
			const time = recordTime(record);
			if (time !== null && time > now - settleMs && time > settleAfter) {
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
			t: last ? recordTime(last) : watch.t,
			s: last ? recordStatus(last) : watch.s,
			f: pending ? '' : fingerprint(order),
			c: watch.c,
			...(completed ? { d: 1 as const } : {}),
		};
	});
	// Completed and read orders stay a day after their last record, for late repeats of their callbacks.
	for (const [id, watch] of Object.entries(watched)) {
		if (watch.d === 1 && watch.f !== '' && (watch.t ?? 0) < now - KEEP_COMPLETED_MS) delete watched[id];
	}
	const reading: ReaderState = { scope, since, last: now, newest, ...(passed.length > 0 ? { passed } : {}) };
	const receivedAt = new Date(now);
	return {
		events: oldestRecordFirst(groups).map((found) => toEvent(found, how.kind, settings.storeId, receivedAt)),
		place: { reader: reading, watched, numbers, keepMs: settings.maxAgeMs },
		counts: { listed: orders.length, histories: readings.length, watched: Object.keys(watched).length, firstActivation },
	};
}

/**
 * Every order's records, oldest first across orders, each order's in its own order: a record's place
 * is its time, or the place of the record before it in its order when it has none (or an earlier
 * one), so sorting never moves a record before an earlier one of its order.
 */
function oldestRecordFirst(groups: Found[][]): Found[] {
	const placed = groups.flatMap((group, groupIndex) => {
		let place = -Infinity;
		return group.map((found, index) => {
			place = Math.max(place, found.time ?? place);
			return { found, place, groupIndex, index };
		});
	});
	placed.sort((a, b) => a.place - b.place || a.groupIndex - b.groupIndex || a.index - b.index);
	return placed.map((entry) => entry.found);
}

/** A record as a callback's event: normalized, with the order's store, reference and Completed, `source: 'catchUp'`. */
function toEvent(found: Found, kind: EventKind, storeId: string, receivedAt: Date): NormalizedEvent {
	const [event] = normalizeEvents(found.record, kind, receivedAt);
	const reference = readField(found.order, 'PartnerOrderReference');
	return {
		...event,
		OrderID: event.OrderID ?? (orderIdOf(found.order) || null),
		StoreID: event.StoreID ?? storeId,
		PartnerOrderReference: event.PartnerOrderReference ?? (typeof reference === 'string' ? reference : null),
		Completed: found.completes,
		source: 'catchUp',
	};
}
