import type { IDataObject, IExecuteFunctions, IHookFunctions, ILoadOptionsFunctions, IWebhookFunctions } from 'n8n-workflow';

import { ApiFailure, ItemProblem } from '../errors';
import type { ApiOperation, Explanation } from '../apiCalls';
import { apiRequest } from '../transport';
import { Pacing } from '../transport/pacing';
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

/**
 * Pages of a whole list asked for at once, once the list's own count says how many there are: the
 * fewest that bring a list 50 ms away within a third of the HTTP Request node's time with room to
 * spare (4 measured 0.32x, 5 0.27x: docs/performance.md#whole-lists), with one pace for all of them,
 * so that a 429 with Retry-After holds every page back.
 */
export const PAGES_AT_ONCE = 5;

export interface ReadOptions {
	/** Where to start; page 1, names unknown, by default (the editor's order list goes on from its token). */
	start?: ListPosition;
	/**
	 * Whether the list is read to its end whatever the pages hold (Return All, the catch-up, the
	 * product picker): then, once the names are confirmed, the pages the count announces are asked for
	 * PAGES_AT_ONCE at a time. A read that may stop early (a Limit) asks for one page after the other,
	 * so it never asks for a page it does not use.
	 */
	whole?: boolean;
}

/** The error for a list the node could not read to its end: never a short list passed off as whole. */
function incompleteList(
	source: ListSource,
	read: number,
	answer: ListAnswer,
	why: string,
	advice = 'Narrow the list with the filters (such as Created After and Created Before) until it fits one page, or ask your provider which query parameter selects the page.',
): ItemProblem {
	const total = answer.totalCount !== undefined && answer.totalCount > read ? `the service reports ${answer.totalCount} ${source.entries}` : `the service says there are more ${source.entries}`;
	return new ItemProblem(
		`The ${source.what} could not be read to its end: ${total}, the node could read ${read}`,
		`${why} Nothing was output for this item, so that part of the list is never taken for all of it. ${advice}`,
	);
}

/**
 * Reads a list page by page, from `start` on, handing each page's new entries to `visit` in page
 * order, until a page is the last or `visit` says it has enough (returns false).
 *
 * The service's names for the page number and size are not public: the node asks with the likeliest
 * and checks that it got the page it asked for (the answer's page index, else: the page brought
 * something new). When not, it asks again under the other names; a page size that was not applied is
 * tried under the other names while more than one page is needed. When no name gets the next page,
 * the list ends only if nothing says there is more; otherwise it fails with the counts.
 *
 * A `whole` read asks for the pages after the one that confirmed the names a few at a time, as far as
 * the last answer's count reaches (never past it, never a page twice); each page is still taken, checked
 * and visited in order, as if read one after the other, and the first that fails fails the read.
 */
export async function forEachPage(
	ctx: ListContext,
	source: ListSource,
	visit: (page: Page) => boolean | Promise<boolean>,
	options: ReadOptions = {},
): Promise<void> {
	const start = options.start ?? { page: 1 };
	const reader = new PageReader(ctx, source, start, options.whole === true ? PAGES_AT_ONCE : 1);
	try {
		let page = start.page;
		let answer = await reader.first(page);
		for (;;) {
			const entries = reader.remember(answer.entries);
			const more = mayHaveMore(answer, { fresh: entries.length, seen: reader.seen.size, paged: reader.paged || page > start.page, fromFirstPage: start.page === 1, page });
			if (!(await visit({ entries, page, more, ...(reader.confirmed ? { names: { ...reader.names } } : {}) })) || !more) {
				if (!more) checkTotal(source, answer, reader, start.page);
				return;
			}
			// A page size that was not applied, while more than one page is needed: this page asked again
			// under the other names (pages of another size would not line up with the ones read).
			const bigger = await reader.biggerPage(answer, page);
			if (bigger) {
				answer = bigger;
				continue;
			}
			const next = await reader.page(page + 1, pagesInAll(answer));
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
	} finally {
		// Pages asked for ahead and not taken (the list ended early, or a page failed) are let finish:
		// no request of the read outlives it.
		await reader.settle();
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
	/** The total the first page reported, to tell a list that changed while it was read. */
	firstTotal?: number;
	private sizeSettled: boolean;
	/** One pace for every page of the read: a slow-down asked of one (429, Retry-After) holds back all. */
	private readonly pacing = new Pacing();
	/** Pages asked for ahead of the one being read, by page number; each settles, never rejects. */
	private readonly ahead = new Map<number, Promise<{ answer: ListAnswer } | { error: unknown }>>();
	/** The highest page asked for so far: none is asked for twice under the same names. */
	private asked = 0;
	/** Set once a page asked for ahead failed for good: no further page is asked for. */
	private failed = false;

	constructor(
		private readonly ctx: ListContext,
		private readonly source: ListSource,
		start: ListPosition,
		private readonly atOnce: number,
	) {
		this.paged = source.pageSize !== undefined;
		this.names = start.names ? { ...start.names } : { page: 0, size: 0, indexOffset: 0 };
		this.confirmed = start.names !== undefined;
		this.sizeSettled = !this.paged || start.names !== undefined;
	}

	private async ask(page: number, names: QueryNames): Promise<ListAnswer> {
		this.asked = Math.max(this.asked, page);
		const qs: IDataObject = { ...this.source.query };
		if (this.paged || page !== 1) qs[PAGE_NUMBER_NAMES[names.page]] = page;
		if (this.source.pageSize !== undefined) qs[PAGE_SIZE_NAMES[names.size]] = this.source.pageSize;
		const { operation, path, resourceKey, what } = this.source;
		const body = await apiRequest.call(this.ctx, { operation, method: 'GET', path, pacing: this.pacing, ...(Object.keys(qs).length > 0 ? { qs } : {}) });
		return readListAnswer(body, resourceKey, what);
	}

	/**
	 * Asks for the pages from `from` up to `atOnce` pages on, as far as `last` (the list's page count as
	 * its latest answer says), each once, in page order; none after a page that failed.
	 */
	private askAhead(from: number, last: number): void {
		const until = Math.min(last, from + this.atOnce - 1);
		for (let page = Math.max(from, this.asked + 1); page <= until && !this.failed; page++) {
			const asked = this.ask(page, this.names).then(
				(answer) => ({ answer }),
				(error: unknown) => {
					this.failed = true;
					return { error };
				},
			);
			this.ahead.set(page, asked);
		}
	}

	/** A page under the names known: taken from those asked for ahead, else asked for now. */
	private async answerOf(page: number, pagesInAll: number | undefined): Promise<ListAnswer> {
		if (this.atOnce > 1 && this.confirmed && pagesInAll !== undefined) this.askAhead(page, pagesInAll);
		const asked = this.ahead.get(page);
		if (!asked) return await this.ask(page, this.names);
		this.ahead.delete(page);
		const result = await asked;
		if ('error' in result) throw result.error;
		return result.answer;
	}

	/** Waits for the pages asked for ahead that were not taken. */
	async settle(): Promise<void> {
		await Promise.all(this.ahead.values());
		this.ahead.clear();
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
			if (page === 1) this.firstTotal = answer.totalCount;
			return answer;
		}
		const later = await this.page(page);
		if (!later.served) {
			const why = `Asked for page ${page}, the service answered another page (page parameter tried: ${PAGE_NUMBER_NAMES.join(', ')}).`;
			throw incompleteList(this.source, (page - 1) * (this.source.pageSize ?? 0), later.answer, why);
		}
		return later.answer;
	}

	/**
	 * A page, under the names that get it: the ones known, else each in turn until one does.
	 * `pagesInAll`: how many pages the list has, as the answer before says (a whole read asks ahead).
	 */
	async page(page: number, pagesInAll?: number): Promise<{ answer: ListAnswer; served: boolean }> {
		const answer = await this.answerOf(page, pagesInAll);
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

/**
 * How many pages a list has, as an answer says: its page count, else its total over the entries of a
 * page (this one, which says more follow); undefined when it says neither.
 */
function pagesInAll(answer: ListAnswer): number | undefined {
	if (answer.totalPageCount !== undefined) return answer.totalPageCount;
	const perPage = answer.pageSize ?? answer.entries.length;
	return answer.totalCount !== undefined && perPage > 0 ? Math.ceil(answer.totalCount / perPage) : undefined;
}

/**
 * A list read to its end that holds fewer entries than its own total: an error, never a short list.
 * Entries that moved between pages while they were read come twice (kept once) or are passed over;
 * one passed over leaves the read short of the total, and so does one added where the read had been.
 */
function checkTotal(source: ListSource, answer: ListAnswer, reader: PageReader, firstPage: number): void {
	const read = reader.seen.size;
	if (firstPage !== 1 || answer.totalCount === undefined || read >= answer.totalCount) return;
	const before = reader.firstTotal;
	if (before !== undefined && before !== answer.totalCount) {
		throw incompleteList(
			source,
			read,
			answer,
			`The list changed while it was read: the service reported ${before} ${source.entries} on the first page and ${answer.totalCount} on the last, so ${source.entries} were added or removed meanwhile.`,
			`Run it again once the list holds still, or bound it with the filters (such as Created Before, set to a time already past) so that new ${source.entries} fall outside it.`,
		);
	}
	throw incompleteList(source, read, answer, 'The last page came before the total was reached.');
}

/**
 * The entries of a list that `keep` accepts, in the list's order, up to `limit`: reading one page
 * after the other, only as many as that takes; or, with no limit, every one, the pages after the
 * first few at a time (forEachPage's `whole`).
 */
export async function collect(
	ctx: ListContext,
	source: ListSource,
	keep: (entry: IDataObject) => boolean | Promise<boolean>,
	limit: number | undefined,
): Promise<IDataObject[]> {
	const found: IDataObject[] = [];
	const visit = async (page: Page) => {
		for (const entry of page.entries) {
			if (!(await keep(entry))) continue;
			found.push(entry);
			if (limit !== undefined && found.length >= limit) return false;
		}
		return true;
	};
	await forEachPage(ctx, source, visit, { whole: limit === undefined });
	return found;
}
