/**
 * Orders made elsewhere (POST /_sandbox/orders): orders another system created in a store, in bulk,
 * with a past. No callback URLs, so they never send callbacks; each has a full status history from
 * Received up to its status. They let the trigger's catch-up be tested against a store it never
 * heard from. This module reads the request and plans the times; Lifecycle.createWithPast builds
 * the orders.
 */
import { findProduct } from './catalogue';
import { ApiError } from '../errors';
import { FAILED, RECEIVED, STATUSES } from './lifecycle';
import { OTHER_APPLICATION_ID } from './seed';
import type { SandboxState } from './state';
import type { OrderItem, OrderRecord } from './types';

export const MAX_ELSEWHERE_ORDERS = 20_000;
/** The orders array of the answer is left out above this count (`created` is always there). */
export const LISTED_ELSEWHERE_ORDERS = 100;
export const MAX_CREATED_OVER_DAYS = 3650;
const DAY_MS = 86_400_000;
/** Room after the newest order's Created for its records, a millisecond apart at least (Delivered has five). */
export const NEWEST_BEFORE_NOW_MS = 5;
/** The longest gap between two records of one order. */
export const MAX_RECORD_GAP_MS = DAY_MS;

const DEFAULTS = { count: 1, username: 'alice', applicationId: OTHER_APPLICATION_ID, createdOverDays: 0, toStatusId: RECEIVED, product: 'postcard-4x6', referencePrefix: 'elsewhere-' };
const FIELDS = new Set(['storeId', 'count', 'username', 'applicationId', 'createdOverDays', 'toStatusId', 'statusMix', 'product', 'referencePrefix']);
const STATUS_IDS = STATUSES.map((s) => s.StatusID);
/** The oldest orders of a mix are the furthest along: blocks in descending StatusID. */
const MIX_ORDER = [...STATUS_IDS].sort((a, b) => b - a);

export interface ElsewhereOrdersRequest {
	storeId: string;
	userId: string;
	applicationId: string;
	createdOverDays: number;
	/** The status each order is left at, oldest order first. */
	statuses: number[];
	productId: string;
	/** Each order's PartnerOrderReference is this plus its OrderNumber's digits; null: no reference. */
	referencePrefix: string | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const isCount = (value: unknown, min: number): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= min;
const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The statuses of a mix, oldest order first; or none, with the problems with it added to `problems`. */
function mixStatuses(mix: unknown, problems: string[]): number[] {
	if (!isObject(mix)) {
		problems.push(`statusMix must be an object of counts by StatusID, e.g. {"1": 10, "5": 90}`);
		return [];
	}
	const found: string[] = [];
	const counts = new Map<number, number>();
	for (const [key, value] of Object.entries(mix)) {
		const statusId = Number(key);
		if (!STATUS_IDS.includes(statusId) || String(statusId) !== key) found.push(`statusMix key '${key}' is not a StatusID; use ${STATUS_IDS.join(', ')}`);
		else if (!isCount(value, 0)) found.push(`statusMix["${key}"] must be a whole number >= 0`);
		else counts.set(statusId, value);
	}
	const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
	if (found.length === 0 && (total < 1 || total > MAX_ELSEWHERE_ORDERS)) {
		found.push(`statusMix must add up to from 1 to ${MAX_ELSEWHERE_ORDERS} orders, got ${total}`);
	}
	problems.push(...found);
	if (found.length > 0) return [];
	return MIX_ORDER.flatMap((statusId) => Array<number>(counts.get(statusId) ?? 0).fill(statusId));
}

/** Reads the body of POST /_sandbox/orders: 400 for what is malformed, then 404 for a store, user or application that does not exist. */
export function parseElsewhereOrders(body: unknown, state: SandboxState): ElsewhereOrdersRequest {
	if (!isObject(body)) throw new ApiError(400, 'Body must be a JSON object with at least storeId');
	const problems: string[] = [];
	for (const key of Object.keys(body)) if (!FIELDS.has(key)) problems.push(`${key} is not a field of this request`);
	const { storeId, count, username = DEFAULTS.username, applicationId = DEFAULTS.applicationId } = body;
	const { createdOverDays = DEFAULTS.createdOverDays, toStatusId, statusMix, product = DEFAULTS.product } = body;
	const referencePrefix = 'referencePrefix' in body ? body.referencePrefix : DEFAULTS.referencePrefix;
	if (!nonEmpty(storeId)) problems.push('storeId is required: the ID of the store the orders are made in');
	if (count !== undefined && !(isCount(count, 1) && count <= MAX_ELSEWHERE_ORDERS)) problems.push(`count must be a whole number from 1 to ${MAX_ELSEWHERE_ORDERS}`);
	if (!nonEmpty(username)) problems.push('username must be a non-empty string');
	if (!nonEmpty(applicationId)) problems.push('applicationId must be a non-empty string');
	if (typeof createdOverDays !== 'number' || !(createdOverDays >= 0 && createdOverDays <= MAX_CREATED_OVER_DAYS)) {
		problems.push(`createdOverDays must be a number of days from 0 to ${MAX_CREATED_OVER_DAYS}`);
	}
	if (toStatusId !== undefined && !STATUS_IDS.includes(toStatusId as number)) problems.push(`toStatusId must be one of ${STATUS_IDS.join(', ')}`);
	if (toStatusId !== undefined && statusMix !== undefined) problems.push('give toStatusId or statusMix, not both');
	if (!nonEmpty(product) || !findProduct(product)) problems.push(`product must be a product ID of the catalogue, e.g. ${DEFAULTS.product}`);
	if (referencePrefix !== null && typeof referencePrefix !== 'string') problems.push('referencePrefix must be a string, or null for orders without a PartnerOrderReference');
	let statuses: number[] = [];
	if (statusMix !== undefined) {
		statuses = mixStatuses(statusMix, problems);
		if (count !== undefined && statuses.length > 0 && count !== statuses.length) {
			problems.push(`count (${String(count)}) differs from the orders statusMix adds up to (${statuses.length}); leave count out`);
		}
	} else if (problems.length === 0) {
		statuses = Array<number>((count as number | undefined) ?? DEFAULTS.count).fill((toStatusId as number | undefined) ?? DEFAULTS.toStatusId);
	}
	if (problems.length > 0) throw new ApiError(400, problems);

	if (!state.stores.has(storeId as string)) throw new ApiError(404, `No store '${storeId as string}'`);
	const user = state.userByLogin(username as string);
	if (!user) throw new ApiError(404, `No user '${username as string}'`);
	if (!state.applications.has(applicationId as string)) throw new ApiError(404, `No application '${applicationId as string}'`);
	return {
		storeId: storeId as string,
		userId: user.id,
		applicationId: applicationId as string,
		createdOverDays: createdOverDays as number,
		statuses,
		productId: product as string,
		referencePrefix: referencePrefix as string | null,
	};
}

/** The statuses an order passes through to reach `statusId`: Received, then each step (Failed straight from Received). */
export function statusPath(statusId: number): number[] {
	if (statusId === FAILED) return [RECEIVED, FAILED];
	return STATUS_IDS.filter((id) => id !== FAILED && id <= statusId);
}

export interface PlannedOrder {
	statusId: number;
	/** Statuses of its records, oldest first. */
	path: number[];
	/** The Timestamp of each record in ms since the epoch; the first is the order's Created. */
	recordMs: number[];
}

/**
 * When each order was created and each of its records written, oldest order first. Created runs
 * evenly from `createdOverDays` days before `nowMs` to NEWEST_BEFORE_NOW_MS before it, at least a
 * millisecond apart (so a large count with 0 days reaches a little further back). An order's records
 * follow its Created evenly, (now − Created) / records apart rounded down, at most a day: strictly
 * increasing, and the last before `nowMs`.
 */
export function planElsewhereOrders(statuses: readonly number[], createdOverDays: number, nowMs: number): PlannedOrder[] {
	const count = statuses.length;
	const newestMs = nowMs - NEWEST_BEFORE_NOW_MS;
	const spanMs = Math.max(Math.round(createdOverDays * DAY_MS), count - 1);
	const oldestMs = newestMs - spanMs;
	return statuses.map((statusId, index) => {
		const createdMs = count === 1 ? oldestMs : oldestMs + Math.floor((index * spanMs) / (count - 1));
		const path = statusPath(statusId);
		const gapMs = Math.max(1, Math.min(MAX_RECORD_GAP_MS, Math.floor((nowMs - createdMs) / path.length)));
		return { statusId, path, recordMs: path.map((_, step) => createdMs + step * gapMs) };
	});
}

/**
 * `count` orders at Received at one end of a store's list (`storeOrders`, oldest first), a
 * millisecond apart: `newest` created after every order of the store (from now on), `oldest` before
 * every one. The order list's page settings make them while a list is read (list-pages.ts).
 */
export function planAtEnd(storeOrders: readonly OrderRecord[], count: number, where: 'newest' | 'oldest', nowMs: number): PlannedOrder[] {
	const newest = storeOrders.length > 0 ? Date.parse(storeOrders[storeOrders.length - 1].created) : nowMs - 1;
	const oldest = storeOrders.length > 0 ? Date.parse(storeOrders[0].created) : nowMs;
	const firstMs = where === 'newest' ? Math.max(nowMs, newest + 1) : oldest - count;
	return Array.from({ length: count }, (_, index) => ({ statusId: RECEIVED, path: [RECEIVED], recordMs: [firstMs + index] }));
}

/** The order item of an order made elsewhere: no callback URLs, one line of the product, a made-up recipient. */
export function elsewhereItem(request: Pick<ElsewhereOrdersRequest, 'productId' | 'referencePrefix'>, orderNumber: string): OrderItem {
	return {
		...(request.referencePrefix === null ? {} : { PartnerOrderReference: `${request.referencePrefix}${orderNumber.replace(/^PS-/, '')}` }),
		Product: { ID: request.productId, Quantity: 100 },
		Recipient: {
			NameFirst: 'Sam',
			NameLast: 'Elsewhere',
			AddressLine1: '500 Market St',
			City: 'Springfield',
			Province: 'IL',
			Postalcode: '62701',
			Country: 'US',
		},
	};
}
