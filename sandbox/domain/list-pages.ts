/**
 * What the order list does at given pages (PUT /_sandbox/list-pages): a page answered later, a page
 * answered with an error status (a number of times, or every time), and orders made in the store as a
 * page is asked for. It plays, page by page, what a client that reads several pages at once meets:
 * pages that arrive out of order, one page refused or rate-limited while others are in flight, and a
 * list that changes while it is read. The page is the one the list serves (its page number, under
 * every profile: the page its configured page name binds, `pageNumber` under sandbox-shapes, 1 when
 * unpaged).
 */
import { ApiError } from '../errors';

export const LIST_PAGE_STATUSES = [429, 500, 503] as const;
export const ADD_ORDERS_WHERE = ['newest', 'oldest'] as const;
export const MAX_LIST_PAGE_DELAY_MS = 60_000;
export const MAX_LIST_PAGE_ORDERS = 1_000;
export const MAX_SCRIPTED_PAGE = 100_000;

export interface ListPagePlay {
	/** The page is answered this much later, each time it is asked for. */
	delayMs?: number;
	/** The page is answered with this status (and the sandbox's error body) instead of its orders. */
	status?: (typeof LIST_PAGE_STATUSES)[number];
	/** With 429 or 503: the Retry-After sent, in seconds (default 1). */
	retryAfterSeconds?: number;
	/** How many requests of the page get `status`, the first ones; the later ones are answered. Default: every one. */
	times?: number;
	/**
	 * Orders made in the store (as orders made elsewhere: Received, no callback URLs) when the page is
	 * first asked for, before it is answered: `newest`, created after every order of the store (first
	 * in the list), or `oldest`, created before every one (last).
	 */
	addOrders?: { count: number; where: (typeof ADD_ORDERS_WHERE)[number] };
}

/** By page number. */
export type ListPages = Record<string, ListPagePlay>;

const FIELDS = new Set(['delayMs', 'status', 'retryAfterSeconds', 'times', 'addOrders']);
const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const isWhole = (value: unknown, min: number, max: number): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max;

/** Reads the body of PUT /_sandbox/list-pages: every problem at once, as a 400. */
export function parseListPages(body: unknown): ListPages {
	if (!isObject(body)) throw new ApiError(400, 'Body must be a JSON object of page numbers, e.g. {"3": {"delayMs": 300}}');
	const problems: string[] = [];
	const pages: ListPages = {};
	for (const [key, value] of Object.entries(body)) {
		const page = Number(key);
		if (!isWhole(page, 1, MAX_SCRIPTED_PAGE) || String(page) !== key) {
			problems.push(`'${key}' is not a page number from 1 to ${MAX_SCRIPTED_PAGE}`);
			continue;
		}
		if (!isObject(value)) {
			problems.push(`page ${key} must be an object with delayMs, status, retryAfterSeconds, times or addOrders`);
			continue;
		}
		for (const field of Object.keys(value)) if (!FIELDS.has(field)) problems.push(`page ${key}: ${field} is not a setting of a page`);
		const { delayMs, status, retryAfterSeconds, times, addOrders } = value;
		if (delayMs !== undefined && !isWhole(delayMs, 0, MAX_LIST_PAGE_DELAY_MS)) problems.push(`page ${key}: delayMs must be a whole number from 0 to ${MAX_LIST_PAGE_DELAY_MS}`);
		if (status !== undefined && !LIST_PAGE_STATUSES.includes(status as 429)) problems.push(`page ${key}: status must be one of ${LIST_PAGE_STATUSES.join(', ')}`);
		if (retryAfterSeconds !== undefined && !isWhole(retryAfterSeconds, 0, 3600)) problems.push(`page ${key}: retryAfterSeconds must be a whole number from 0 to 3600`);
		if (times !== undefined && !isWhole(times, 1, 1_000_000)) problems.push(`page ${key}: times must be a whole number of at least 1`);
		if ((retryAfterSeconds !== undefined || times !== undefined) && status === undefined) problems.push(`page ${key}: retryAfterSeconds and times go with a status`);
		if (addOrders !== undefined) {
			const valid = isObject(addOrders) && isWhole(addOrders.count, 1, MAX_LIST_PAGE_ORDERS) && ADD_ORDERS_WHERE.includes(addOrders.where as 'newest') && Object.keys(addOrders).length === 2;
			if (!valid) problems.push(`page ${key}: addOrders must be {"count": 1 to ${MAX_LIST_PAGE_ORDERS}, "where": "newest" or "oldest"}`);
		}
		pages[key] = value as ListPagePlay;
	}
	if (problems.length > 0) throw new ApiError(400, problems);
	return pages;
}

/** What the order list's route does at a page before answering it. */
export interface PageActions {
	/** Makes `count` orders in the store, newest or oldest. */
	addOrders(storeId: string, count: number, where: 'newest' | 'oldest'): void;
	sleep(ms: number): Promise<void>;
}

/** The pages set, and how many times each was asked for since. */
export class ListPagesSetting {
	private pages: ListPages = {};
	private asked = new Map<string, number>();

	get current(): ListPages {
		return structuredClone(this.pages);
	}

	set(pages: ListPages): void {
		this.pages = structuredClone(pages);
		this.asked.clear();
	}

	reset(): void {
		this.set({});
	}

	/**
	 * Plays a page's settings for a request of it: the orders made (its first request only), the delay,
	 * then the status (throws the error answer) while its times last.
	 */
	async play(page: number, storeId: string, actions: PageActions): Promise<void> {
		const key = String(page);
		const play = this.pages[key];
		if (!play) return;
		const count = (this.asked.get(key) ?? 0) + 1;
		this.asked.set(key, count);
		if (play.addOrders && count === 1) actions.addOrders(storeId, play.addOrders.count, play.addOrders.where);
		if (play.delayMs) await actions.sleep(play.delayMs);
		if (play.status === undefined || count > (play.times ?? Number.POSITIVE_INFINITY)) return;
		const retryAfter: Record<string, string> = play.status === 500 ? {} : { 'retry-after': String(play.retryAfterSeconds ?? 1) };
		throw new ApiError(play.status, `Page ${key} of the order list answers ${play.status} (set by PUT /_sandbox/list-pages)`, retryAfter);
	}
}
