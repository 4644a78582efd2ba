import type { IDataObject } from 'n8n-workflow';

import { ItemProblem } from '../../shared/errors';
import { isRecord } from '../../shared/json';

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
}

/** Keys a list is plausibly held under, besides the resource's own (`Orders`, `Products`). */
const LIST_KEYS = ['items', 'data', 'results', 'value', 'values', 'records', 'list', 'entries', 'content'];
const NEXT_PAGE_KEYS = ['hasnextpage', 'hasmore', 'more', 'hasnext'];
const TOTAL_KEYS = ['totalcount', 'total', 'totalitems', 'totalrecords', 'count'];
/** Where paging fields may sit when they are not beside the list. */
const PAGING_HOLDERS = ['paging', 'pagination', 'page', 'meta', '_meta'];

function byLowerKey(record: IDataObject): Map<string, unknown> {
	return new Map(Object.entries(record).map(([key, value]) => [key.toLowerCase(), value]));
}

function pick(fields: Map<string, unknown>, keys: readonly string[]): unknown {
	for (const key of keys) if (fields.has(key)) return fields.get(key);
	return undefined;
}

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
		const fields = byLowerKey(body);
		let list = pick(fields, [resourceKey.toLowerCase(), ...LIST_KEYS]);
		if (!Array.isArray(list)) {
			// The one list the object holds, whatever its key.
			const lists = [...fields.entries()].filter(([key, value]) => key !== '_meta' && Array.isArray(value) && value.some(isRecord));
			list = lists.length === 1 ? lists[0][1] : undefined;
		}
		if (Array.isArray(list)) {
			const holders = [fields, ...PAGING_HOLDERS.map((key) => fields.get(key)).filter(isRecord).map(byLowerKey)];
			const answer: ListAnswer = { entries: list.filter(isRecord) };
			for (const holder of holders) {
				answer.hasNextPage ??= asBoolean(pick(holder, NEXT_PAGE_KEYS));
				answer.totalCount ??= asCount(pick(holder, TOTAL_KEYS));
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
