/**
 * The order list (GET /store/{storeID}/order), free of HTTP: which orders a caller sees, and their
 * order (newest first), under every profile; and the status and date filters of profile
 * `sandbox-shapes`, read from its checked query. The spec names the list without showing it;
 * sandbox/README.md documents these choices.
 */
import type { OrderRecord } from './types';

/** The page size under profile `sandbox-shapes` when none is asked for. */
export const SANDBOX_SHAPES_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** The query under profile `sandbox-shapes` after the route's schema: integers checked there, the rest still text. */
export interface OrderListQuery {
	pageNumber?: number;
	pageSize?: number;
	status?: string;
	createdFrom?: string;
	createdTo?: string;
}

export interface OrderFilter {
	statusIds?: ReadonlySet<number>;
	/** Inclusive bounds on Created, in milliseconds since the epoch (fractions kept). */
	createdFromMs?: number;
	createdToMs?: number;
}

/** Date, 'T', time with optional seconds and fraction, optional zone (none means UTC). */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))?$/;

/** Milliseconds since the epoch of an ISO 8601 date-time, or undefined when it is not one (Feb 30 included). */
export function parseDateTime(text: string): number | undefined {
	const match = DATE_TIME.exec(text);
	if (!match) return undefined;
	const [, year, month, day, hour, minute, second = '0', fraction = '', , sign, offsetHours, offsetMinutes] = match;
	const whole = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
	const date = new Date(whole);
	const sameFields =
		date.getUTCFullYear() === Number(year) &&
		date.getUTCMonth() === Number(month) - 1 &&
		date.getUTCDate() === Number(day) &&
		date.getUTCHours() === Number(hour) &&
		date.getUTCMinutes() === Number(minute) &&
		date.getUTCSeconds() === Number(second);
	if (!sameFields || Number(offsetHours ?? 0) > 23 || Number(offsetMinutes ?? 0) > 59) return undefined;
	const offsetMs = sign ? (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60000 : 0;
	// Sub-millisecond digits are kept, so a bound of .1231 excludes an order created at .123.
	return whole + (fraction ? Number(`0${fraction}`) * 1000 : 0) - offsetMs;
}

const STATUS_LIST = /^\d{1,9}(,\d{1,9})*$/;
const quoted = (value: string) => `'${value.length > 60 ? `${value.slice(0, 60)}...` : value}'`;

/**
 * The filters of the query, or the problems with them (each naming its parameter). An empty value
 * counts as absent, as a form field left blank.
 */
export function orderFilter(query: OrderListQuery): { filter: OrderFilter; problems: string[] } {
	const filter: OrderFilter = {};
	const problems: string[] = [];
	const status = query.status?.replace(/\s+/g, '');
	if (status) {
		if (STATUS_LIST.test(status)) filter.statusIds = new Set(status.split(',').map(Number));
		else problems.push(`status must be a StatusID or a comma-separated list of them (e.g. 1,2,3), got ${quoted(query.status!)}`);
	}
	for (const name of ['createdFrom', 'createdTo'] as const) {
		const text = query[name];
		if (text === undefined || text === '') continue;
		const ms = parseDateTime(text);
		if (ms !== undefined) {
			filter[name === 'createdFrom' ? 'createdFromMs' : 'createdToMs'] = ms;
			continue;
		}
		// A '+' sent unencoded in a query string arrives as a space.
		const hint = / \d{2}:?\d{2}$/.test(text) ? "; send the '+' of a time zone offset as %2B" : '';
		problems.push(`${name} must be an ISO 8601 date-time such as 2024-05-01T00:00:00Z, got ${quoted(text)}${hint}`);
	}
	return { filter, problems };
}

/** The first index of `orders` (oldest first) whose Created is at or after `ms`: a binary search. */
function firstAtOrAfter(orders: readonly OrderRecord[], ms: number): number {
	let low = 0;
	let high = orders.length;
	while (low < high) {
		const middle = (low + high) >>> 1;
		if (Date.parse(orders[middle].created) < ms) low = middle + 1;
		else high = middle;
	}
	return low;
}

/** The first index of `orders` (oldest first) whose Created is after `ms`. */
function firstAfter(orders: readonly OrderRecord[], ms: number): number {
	let low = 0;
	let high = orders.length;
	while (low < high) {
		const middle = (low + high) >>> 1;
		if (Date.parse(orders[middle].created) <= ms) low = middle + 1;
		else high = middle;
	}
	return low;
}

/**
 * The orders the caller may see (every one with `allOrders`, else the caller's own) that pass the
 * filter, newest first: newest Created first, within one Created (a batch) the later-created first.
 * `storeOrders` is one store's orders oldest first (SandboxState.storeOrders), so the date bounds are
 * found by binary search and nothing is sorted per request.
 */
export function listOrders(
	storeOrders: readonly OrderRecord[],
	viewer: { userId: string; allOrders: boolean },
	filter: OrderFilter = {},
): OrderRecord[] {
	const from = filter.createdFromMs === undefined ? 0 : firstAtOrAfter(storeOrders, filter.createdFromMs);
	const to = filter.createdToMs === undefined ? storeOrders.length : firstAfter(storeOrders, filter.createdToMs);
	const listed: OrderRecord[] = [];
	for (let index = to - 1; index >= from; index--) {
		const order = storeOrders[index];
		if (!viewer.allOrders && order.userId !== viewer.userId) continue;
		if (filter.statusIds && !filter.statusIds.has(order.statusId)) continue;
		listed.push(order);
	}
	return listed;
}
