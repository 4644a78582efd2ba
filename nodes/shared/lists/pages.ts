import type { IDataObject, IExecuteFunctions, IHookFunctions, ILoadOptionsFunctions, IWebhookFunctions } from 'n8n-workflow';

import { ApiFailure, ItemProblem } from '../errors';
import type { ApiOperation, Explanation } from '../apiCalls';
import { apiRequest } from '../transport';
import { readListAnswer, type ListAnswer } from './listAnswer';

type ListContext = IExecuteFunctions | ILoadOptionsFunctions | IWebhookFunctions | IHookFunctions;

/** A 404 or 405 on a list: the service has no such endpoint (the API names both lists without showing them). */
export function noSuchList(what: string): Explanation {
	return {
		message: `This service has no ${what} (it answered that the address does not exist)`,
		description: `The API names a ${what} without describing it, and this service does not offer it at the address the node uses. Use Custom API Call with the address your provider documents, or pick the ID by typing it.`,
	};
}

/**
 * What a page number and a page size are plausibly called, most likely first. The provider documents
 * both parameters but not their names; its service binds query names in any case (ASP.NET), so one
 * spelling of each is enough (docs/api-assumptions.md#the-order-and-product-lists).
 */
export const PAGE_NUMBER_NAMES = ['pageNumber', 'page', 'pageIndex', 'pageNo', 'pageNum', 'currentPage'] as const;
export const PAGE_SIZE_NAMES = ['pageSize', 'size', 'perPage', 'itemsPerPage', 'limit', 'take'] as const;

/** One list endpoint and how to ask it. */
export interface ListSource {
	operation: ApiOperation;
	path: readonly string[];
	/** The plural the list is plausibly held under ("Orders", "Products"). */
	resourceKey: string;
	/** The list's name in messages ("order list"). */
	what: string;
	/** What each entry is called in messages ("orders"). */
	entries: string;
	/** The query every request carries (filters, flags). */
	query?: IDataObject;
	/** Entries a page is asked for; undefined: the list is asked for whole, and by page only when an answer says there is more. */
	pageSize?: number;
}

export interface Page {
	/** Entries not seen on an earlier page. */
	entries: IDataObject[];
	page: number;
	/** Whether asking for the next page may give more. */
	more: boolean;
	/** The names that got the pages, to go on from here later; absent while no next page has confirmed them. */
	names?: QueryNames;
}

/** What makes an entry the same on two pages: its ID, else its order number, else all of it. */
export function entryKey(entry: IDataObject): string {
	for (const key of ['ID', 'Id', 'id', 'StoreID', 'OrderNumber']) {
		const value = entry[key];
		if ((typeof value === 'string' && value !== '') || typeof value === 'number') return `${key}:${String(value)}`;
	}
	return JSON.stringify(entry);
}

/** Whether the answer itself says that more entries follow this page. */
export function saysMore(answer: ListAnswer, read: { seen: number; page: number; fromFirstPage: boolean }): boolean | undefined {
	if (answer.hasNextPage !== undefined) return answer.hasNextPage;
	if (answer.totalPageCount !== undefined) return read.page < answer.totalPageCount;
	if (answer.totalCount !== undefined && read.fromFirstPage) return read.seen < answer.totalCount;
	return undefined;
}

/**
 * Whether the page after this one may hold more: not when this one brought nothing new; else as
 * the answer says (a next-page flag, a page count, a total); else, for a list asked for by page, yes
 * (an empty page will end it).
 */
export function mayHaveMore(answer: ListAnswer, read: { fresh: number; seen: number; paged: boolean; fromFirstPage: boolean; page?: number }): boolean {
	if (read.fresh === 0) return false;
	return saysMore(answer, { seen: read.seen, page: read.page ?? 1, fromFirstPage: read.fromFirstPage }) ?? read.paged;
}

/**
 * The names a list is asked with (indexes into PAGE_NUMBER_NAMES and PAGE_SIZE_NAMES), and the page
 * index the service gives page 1 less 1 (0, or -1 for a service that counts pages from 0).
 */
export interface QueryNames {
	page: number;
	size: number;
	indexOffset: number;
}

/** Where to go on reading a list: a page, and the names that got the pages before it (when they are known). */
export interface ListPosition {
	page: number;
	names?: QueryNames;
}

/** The error for a list the node could not read to its end: never a short list passed off as whole. */
function incompleteList(source: ListSource, read: number, answer: ListAnswer, why: string): ItemProblem {
	const total = answer.totalCount !== undefined && answer.totalCount > read ? `the service reports ${answer.totalCount} ${source.entries}` : `the service says there are more ${source.entries}`;
	return new ItemProblem(
		`The ${source.what} could not be read to its end: ${total}, the node could read ${read}`,
		`${why} Nothing was output for this item, so that part of the list is never taken for all of it. Narrow the list with the filters (such as Created After and Created Before) until it fits one page, or ask your provider which query parameter selects the page.`,
	);
}

/**
 * Reads a list page by page, from `start` on, handing each page's new entries to `visit`, until a
 * page is the last or `visit` says it has enough (returns false).
 *
 * The service's names for the page number and size are not public: the node asks with the likeliest
 * and checks that it got the page it asked for (the answer's page index, else: the page brought
 * something new). When not, it asks again under the other names; a page size that was not applied is
 * tried under the other names while more than one page is needed. When no name gets the next page,
 * the list ends only if nothing says there is more; otherwise it fails with the counts.
 */
export async function forEachPage(
	ctx: ListContext,
	source: ListSource,
	visit: (page: Page) => boolean | Promise<boolean>,
	start: ListPosition = { page: 1 },
): Promise<void> {
	const reader = new PageReader(ctx, source, start);
	let page = start.page;
	let answer = await reader.first(page);
	for (;;) {
		const entries = reader.remember(answer.entries);
		const more = mayHaveMore(answer, { fresh: entries.length, seen: reader.seen.size, paged: reader.paged || page > start.page, fromFirstPage: start.page === 1, page });
		if (!(await visit({ entries, page, more, ...(reader.confirmed ? { names: { ...reader.names } } : {}) })) || !more) {
			if (!more) checkTotal(source, answer, reader.seen.size, start.page);
			return;
		}
		// A page size that was not applied, while more than one page is needed: this page asked again
		// under the other names (pages of another size would not line up with the ones read).
		const bigger = await reader.biggerPage(answer, page);
		if (bigger) {
			answer = bigger;
			continue;
		}
		const next = await reader.page(page + 1);
		if (next.served) {
			page += 1;
			answer = next.answer;
			continue;
		}
		const tried = reader.confirmed ? PAGE_NUMBER_NAMES[reader.names.page] : PAGE_NUMBER_NAMES.join(', ');
		const why = `Asked for page ${page + 1}, the service answered ${next.answer.pageIndex !== undefined ? `page ${next.answer.pageIndex - reader.names.indexOffset}` : 'the same entries'} again (page parameter tried: ${tried}).`;
		const says = saysMore(answer, { seen: reader.seen.size, page, fromFirstPage: start.page === 1 });
		if (says === true) throw incompleteList(source, reader.seen.size, answer, why);
		// Nothing says there is more: a service that answers its whole list to every request. Unless the
		// page was exactly as full as asked: then there is no telling.
		if (says === undefined && source.pageSize !== undefined && answer.entries.length === source.pageSize) {
			throw new ItemProblem(
				`The ${source.what} could not be read to its end: the node read ${reader.seen.size} ${source.entries} and cannot tell whether there are more`,
				`${why} The answer carries no total and no next-page flag. Nothing was output for this item. Narrow the list with the filters until it holds fewer than ${source.pageSize} ${source.entries}.`,
			);
		}
		return;
	}
}

/** A name's value the service refused (400): not the name. Any other failure is the item's error. */
function notTheName(error: unknown): undefined {
	if (error instanceof ApiFailure && error.status === 400) return undefined;
	throw error;
}

/** Asks a list for its pages under the names that work, finding them as it goes. */
class PageReader {
	readonly seen = new Set<string>();
	readonly paged: boolean;
	names: QueryNames;
	/** Whether the page number's name is known to get the page asked for. */
	confirmed: boolean;
	private sizeSettled: boolean;

	constructor(
		private readonly ctx: ListContext,
		private readonly source: ListSource,
		start: ListPosition,
	) {
		this.paged = source.pageSize !== undefined;
		this.names = start.names ? { ...start.names } : { page: 0, size: 0, indexOffset: 0 };
		this.confirmed = start.names !== undefined;
		this.sizeSettled = !this.paged || start.names !== undefined;
	}

	private async ask(page: number, names: QueryNames): Promise<ListAnswer> {
		const qs: IDataObject = { ...this.source.query };
		if (this.paged || page !== 1) qs[PAGE_NUMBER_NAMES[names.page]] = page;
		if (this.source.pageSize !== undefined) qs[PAGE_SIZE_NAMES[names.size]] = this.source.pageSize;
		const { operation, path, resourceKey, what } = this.source;
		const body = await apiRequest.call(this.ctx, { operation, method: 'GET', path, ...(Object.keys(qs).length > 0 ? { qs } : {}) });
		return readListAnswer(body, resourceKey, what);
	}

	/** Another name asked for: a 400 means the service refuses that name's value, so it is not the one. */
	private async tryAsk(page: number, names: QueryNames): Promise<ListAnswer | undefined> {
		return await this.ask(page, names).catch(notTheName);
	}

	private isNew = (entry: IDataObject) => !this.seen.has(entryKey(entry));

	/** The entries not seen before, now seen. */
	remember(entries: IDataObject[]): IDataObject[] {
		return entries.filter((entry) => {
			const fresh = this.isNew(entry);
			this.seen.add(entryKey(entry));
			return fresh;
		});
	}

	/** Whether an answer is the page asked for: by its page index, else by bringing something new (or nothing: past the end). */
	private served(answer: ListAnswer, page: number, names: QueryNames): boolean {
		if (answer.pageIndex !== undefined) return answer.pageIndex === page + names.indexOffset;
		return answer.entries.length === 0 || answer.entries.some(this.isNew);
	}

	/** The first page read: page 1 tells how the service counts pages; a later page (the editor scrolling) is checked like any. */
	async first(page: number): Promise<ListAnswer> {
		if (page === 1 || this.confirmed) {
			const answer = await this.ask(page, this.names);
			if (page === 1 && answer.pageIndex !== undefined && this.paged) this.names.indexOffset = answer.pageIndex === 0 ? -1 : 0;
			return answer;
		}
		const later = await this.page(page);
		if (!later.served) {
			const why = `Asked for page ${page}, the service answered another page (page parameter tried: ${PAGE_NUMBER_NAMES.join(', ')}).`;
			throw incompleteList(this.source, (page - 1) * (this.source.pageSize ?? 0), later.answer, why);
		}
		return later.answer;
	}

	/** A page, under the names that get it: the ones known, else each in turn until one does. */
	async page(page: number): Promise<{ answer: ListAnswer; served: boolean }> {
		const answer = await this.ask(page, this.names);
		if (this.served(answer, page, this.names)) {
			this.confirmed = true;
			return { answer, served: true };
		}
		if (!this.confirmed) {
			for (let name = 0; name < PAGE_NUMBER_NAMES.length; name++) {
				if (name === this.names.page) continue;
				const names = { ...this.names, page: name };
				const candidate = await this.tryAsk(page, names);
				if (candidate && this.served(candidate, page, names)) {
					this.names = names;
					this.confirmed = true;
					return { answer: candidate, served: true };
				}
			}
		}
		return { answer, served: false };
	}

	/** This page again in the size asked for, when the service applied another and more pages are needed; else undefined. */
	async biggerPage(answer: ListAnswer, page: number): Promise<ListAnswer | undefined> {
		if (this.sizeSettled) return undefined;
		this.sizeSettled = true;
		const wanted = this.source.pageSize!;
		const says = saysMore(answer, { seen: this.seen.size, page, fromFirstPage: page === 1 });
		const notApplied = answer.pageSize !== undefined ? answer.pageSize < wanted : says === true && answer.entries.length < wanted;
		if (!notApplied) return undefined;
		for (let size = 0; size < PAGE_SIZE_NAMES.length; size++) {
			if (size === this.names.size) continue;
			const names = { ...this.names, size };
			const candidate = await this.tryAsk(page, names);
			const isBigger = candidate && (candidate.pageSize !== undefined ? candidate.pageSize > (answer.pageSize ?? 0) : candidate.entries.length > answer.entries.length);
			if (candidate && isBigger && this.served(candidate, page, names)) {
				this.names = names;
				return candidate;
			}
		}
		return undefined;
	}
}

/** A list read to its end that holds fewer entries than its own total: an error, never a short list. */
function checkTotal(source: ListSource, answer: ListAnswer, read: number, firstPage: number): void {
	if (firstPage !== 1 || answer.totalCount === undefined || read >= answer.totalCount) return;
	throw incompleteList(source, read, answer, 'The last page came before the total was reached.');
}

/**
 * The entries of a list that `keep` accepts, up to `limit` (every one when undefined), reading only
 * as many pages as that takes.
 */
export async function collect(
	ctx: ListContext,
	source: ListSource,
	keep: (entry: IDataObject) => boolean | Promise<boolean>,
	limit: number | undefined,
): Promise<IDataObject[]> {
	const found: IDataObject[] = [];
	await forEachPage(ctx, source, async (page) => {
		for (const entry of page.entries) {
			if (!(await keep(entry))) continue;
			found.push(entry);
			if (limit !== undefined && found.length >= limit) return false;
		}
		return true;
	});
	return found;
}
