import type { IDataObject, IExecuteFunctions, ILoadOptionsFunctions } from 'n8n-workflow';

import type { ApiOperation, Explanation } from '../../shared/operations';
import { apiRequest } from '../../shared/transport';
import { readListAnswer, type ListAnswer } from './listAnswer';

type ListContext = IExecuteFunctions | ILoadOptionsFunctions;

/** A 404 or 405 on a list: the service has no such endpoint (the API names both lists without showing them). */
export function noSuchList(what: string): Explanation {
	return {
		message: `This service has no ${what} (it answered that the address does not exist)`,
		description: `The API names a ${what} without describing it, and this service does not offer it at the address the node uses. Use Custom API Call with the address your provider documents, or pick the ID by typing it.`,
	};
}

/** One list endpoint and how to ask it for a page. */
export interface ListSource {
	operation: ApiOperation;
	path: readonly string[];
	/** The plural the list is plausibly held under ("Orders", "Products"). */
	resourceKey: string;
	/** The list's name in messages ("order list"). */
	what: string;
	/** The query of a page; undefined: the first request asks without one (the list may not be paged). */
	query: (page: number) => IDataObject | undefined;
}

export interface Page {
	/** Entries not seen on an earlier page. */
	entries: IDataObject[];
	page: number;
	/** Whether asking for the next page may give more. */
	more: boolean;
}

/** What makes an entry the same on two pages: its ID, else its order number, else all of it. */
export function entryKey(entry: IDataObject): string {
	for (const key of ['ID', 'Id', 'id', 'OrderNumber']) {
		const value = entry[key];
		if ((typeof value === 'string' && value !== '') || typeof value === 'number') return `${key}:${String(value)}`;
	}
	return JSON.stringify(entry);
}

/**
 * Whether the page after this one may hold more: not when this one brought nothing new; else as
 * the answer's next-page flag says; else while fewer entries than its total were read (counted from
 * the first page); else, for a list asked for by page, yes (an empty page will end it).
 */
export function mayHaveMore(answer: ListAnswer, read: { fresh: number; seen: number; paged: boolean; fromFirstPage: boolean }): boolean {
	if (read.fresh === 0) return false;
	if (answer.hasNextPage !== undefined) return answer.hasNextPage;
	if (answer.totalCount !== undefined && read.fromFirstPage) return read.seen < answer.totalCount;
	return read.paged;
}

/**
 * Reads the pages of a list, from `firstPage` on, handing each to `visit`, until one is the last or
 * `visit` says it has enough (returns false). A page is the last when the answer says so (a next-page
 * flag, or a total reached); when it says nothing, when it holds no entry not seen before: so a
 * service that ignores the page number, or answers everything at once, ends the list after one more
 * request instead of repeating it for ever.
 */
export async function forEachPage(ctx: ListContext, source: ListSource, visit: (page: Page) => boolean, firstPage = 1): Promise<void> {
	const seen = new Set<string>();
	for (let page = firstPage; ; page++) {
		const qs = source.query(page);
		const body = await apiRequest.call(ctx, { operation: source.operation, method: 'GET', path: source.path, ...(qs ? { qs } : {}) });
		const answer = readListAnswer(body, source.resourceKey, source.what);
		const entries = answer.entries.filter((entry) => {
			const key = entryKey(entry);
			if (seen.has(key)) return false;
			seen.add(key);
			return true;
		});
		const more = mayHaveMore(answer, { fresh: entries.length, seen: seen.size, paged: qs !== undefined || page > firstPage, fromFirstPage: firstPage === 1 });
		if (!visit({ entries, page, more }) || !more) return;
	}
}

/**
 * The entries of a list that `keep` accepts, up to `limit` (every one when undefined), reading only
 * as many pages as that takes.
 */
export async function collect(
	ctx: ListContext,
	source: ListSource,
	keep: (entry: IDataObject) => boolean,
	limit: number | undefined,
): Promise<IDataObject[]> {
	const found: IDataObject[] = [];
	await forEachPage(ctx, source, (page) => {
		for (const entry of page.entries) {
			if (!keep(entry)) continue;
			found.push(entry);
			if (limit !== undefined && found.length >= limit) return false;
		}
		return true;
	});
	return found;
}
