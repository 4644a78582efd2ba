/**
 * Query parameters read the way ASP.NET Web API binds them, for the parameters the provider
 * documents (store list `verbose`, status history `latest` and `pricing`, the order list but under
 * profile `sandbox-shapes`): names match without regard to case; a scalar takes the first value given;
 * an int array takes every value of its name, from repeated keys only (`x=4&x=5`, never `x=4,5`); and
 * a value that does not convert leaves the parameter unbound, as if it were absent (an action that
 * does not check ModelState answers as usual). Nothing here ever refuses a request.
 */
import { parseDateTime } from './order-list';

/** The query's name-value pairs in the order sent, repeated names kept, decoded as a form. */
export type QueryPairs = ReadonlyArray<readonly [string, string]>;

/** The pairs of a raw request URL (`/api/v1/...?a=1&a=2`). */
export function queryPairs(rawUrl: string): QueryPairs {
	const start = rawUrl.indexOf('?');
	return start < 0 ? [] : [...new URLSearchParams(rawUrl.slice(start + 1))];
}

/** Every value given for `name`, compared without regard to case, in the order sent. */
export function valuesOf(pairs: QueryPairs, name: string): string[] {
	const wanted = name.toLowerCase();
	return pairs.filter(([key]) => key.toLowerCase() === wanted).map(([, value]) => value);
}

const INT32 = /^\s*[+-]?\d+\s*$/;

function toInt(text: string): number | undefined {
	if (!INT32.test(text)) return undefined;
	const value = Number(text.trim());
	return value >= -2147483648 && value <= 2147483647 ? value : undefined;
}

/** An int: `12`, ` +12 `; not `1.5`, `abc`, an empty value, or beyond int32. */
export function bindInt(pairs: QueryPairs, name: string): number | undefined {
	const [first] = valuesOf(pairs, name);
	return first === undefined ? undefined : toInt(first);
}

/** A bool: `true` or `false` in any case (spaces around allowed); `1`, `yes` and `` do not bind. */
export function bindBool(pairs: QueryPairs, name: string): boolean | undefined {
	const [first] = valuesOf(pairs, name);
	const text = first?.trim().toLowerCase();
	return text === 'true' ? true : text === 'false' ? false : undefined;
}

/** An int array from repeated keys; one value that does not convert (`4,5` included) leaves the whole array unbound. */
export function bindIntArray(pairs: QueryPairs, name: string): number[] | undefined {
	const values = valuesOf(pairs, name).map(toInt);
	if (values.length === 0 || values.some((value) => value === undefined)) return undefined;
	return values as number[];
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date-time, in milliseconds since the epoch: ISO 8601 with or without a zone (none means UTC), or
 * a date alone (its midnight, UTC), as DateTime binds them.
 */
export function bindDateTime(pairs: QueryPairs, name: string): number | undefined {
	const [first] = valuesOf(pairs, name);
	if (first === undefined) return undefined;
	const text = first.trim();
	return parseDateTime(DATE_ONLY.test(text) ? `${text}T00:00:00Z` : text);
}
