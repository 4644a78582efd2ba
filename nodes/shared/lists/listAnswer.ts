import type { IDataObject } from 'n8n-workflow';

import { ItemProblem } from '../errors';
import { isRecord, readField } from '../json';

/**
 * The answer of a list endpoint, whatever its shape. The API names the order list and the product
 * list without showing them (docs/api-assumptions.md), so each plausible answer is read: a bare list,
 * or an object holding the list under a plausible key (any case), with or without paging fields.
 */
export interface ListAnswer {
	entries: IDataObject[];
	/** What the answer says about a next page; undefined when it says nothing. */
	hasNextPage?: boolean;
	/** How many entries there are in all, when the answer says. */
	totalCount?: number;
	/** How many pages there are in all, when the answer says. */
	totalPageCount?: number;
	/** Which page the service served, when the answer says (`PageIndex`). */
	pageIndex?: number;
	/** How many entries a page holds, when the answer says (`PageSize`). */
	pageSize?: number;
}

/** Keys a list is plausibly held under, besides the resource's own (`Orders`, `Products`); read in any case. */
const LIST_KEYS = ['items', 'data', 'results', 'value', 'values', 'records', 'list', 'entries', 'content'];
const NEXT_PAGE_KEYS = ['hasnextpage', 'hasmore', 'more', 'hasnext'];
const TOTAL_KEYS = ['totalcount', 'total', 'totalitems', 'totalrecords', 'count'];
const TOTAL_PAGES_KEYS = ['totalpagecount', 'totalpages', 'pagecount'];
const PAGE_INDEX_KEYS = ['pageindex', 'pagenumber', 'currentpage', 'page'];
const PAGE_SIZE_KEYS = ['pagesize', 'perpage', 'size'];
/** Where paging fields may sit when they are not beside the list. */
const PAGING_HOLDERS = ['paging', 'pagination', 'page', 'meta', '_meta'];

function asBoolean(value: unknown): boolean | undefined {
	if (typeof value === 'boolean') return value;
	if (value === 'true' || value === 'false') return value === 'true';
	return undefined;
}

function asCount(value: unknown): number | undefined {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	return typeof number === 'number' && Number.isInteger(number) && number >= 0 ? number : undefined;
}

/**
 * Reads a list answer. `resourceKey` is the plural the resource's own list would plausibly be held
 * under ("Orders", "Products"). An answer holding no list is an error: it would otherwise pass for
 * "nothing there".
 */
export function readListAnswer(body: unknown, resourceKey: string, what: string): ListAnswer {
	if (Array.isArray(body)) return { entries: body.filter(isRecord) };
	if (isRecord(body)) {
		let list = readField(body, resourceKey, ...LIST_KEYS);
		if (!Array.isArray(list)) {
			// The one list the object holds, whatever its key.
			const lists = Object.entries(body).filter(([key, value]) => key.toLowerCase() !== '_meta' && Array.isArray(value) && value.some(isRecord));
			list = lists.length === 1 ? lists[0][1] : undefined;
		}
		if (Array.isArray(list)) {
			const holders = [body, ...PAGING_HOLDERS.map((key) => readField(body, key)).filter(isRecord)];
			const answer: ListAnswer = { entries: list.filter(isRecord) };
			for (const holder of holders) {
				answer.hasNextPage ??= asBoolean(readField(holder, ...NEXT_PAGE_KEYS));
				answer.totalCount ??= asCount(readField(holder, ...TOTAL_KEYS));
				answer.totalPageCount ??= asCount(readField(holder, ...TOTAL_PAGES_KEYS));
				answer.pageIndex ??= asCount(readField(holder, ...PAGE_INDEX_KEYS));
				answer.pageSize ??= asCount(readField(holder, ...PAGE_SIZE_KEYS));
			}
			return answer;
		}
	}
	const got = Array.isArray(body) ? 'a list' : body === null ? 'null' : isRecord(body) ? `an object with ${Object.keys(body).join(', ') || 'no fields'}` : typeof body;
	throw new ItemProblem(
		`The service answered the ${what} with no list in it`,
		`Expected a list of ${what.replace(/ list$/, 's')}, or an object holding one (such as "${resourceKey}" or "items"); got ${got}. Nothing was output for this item; check the API Base URL of the credential.`,
	);
}
