/**
 * The order list's query as the provider documents it (not under profile `sandbox-shapes`): a page number
 * (1-based, default 1), a page size (default 10, at most 100), statuses (an int array), created after
 * and created before (inclusive), and a flag that adds each order's OrderDetails. The names are
 * the configured ones (list-query-names.ts); values bind as ASP.NET binds them (query-binding.ts), so
 * nothing is ever refused: what does not bind counts as absent.
 */
import type { ListQueryNames } from './list-query-names';
import { MAX_PAGE_SIZE, type OrderFilter } from './order-list';
import { bindBool, bindDateTime, bindInt, bindIntArray, type QueryPairs } from './query-binding';

export const DOCUMENTED_DEFAULT_PAGE_SIZE = 10;

export interface DocumentedListQuery {
	/** The page served, 1-based. */
	pageIndex: number;
	pageSize: number;
	filter: OrderFilter;
	includeDetails: boolean;
}

export function documentedListQuery(pairs: QueryPairs, names: ListQueryNames): DocumentedListQuery {
	const page = bindInt(pairs, names.page);
	const size = bindInt(pairs, names.size);
	const statuses = bindIntArray(pairs, names.statuses);
	const createdFromMs = bindDateTime(pairs, names.createdAfter);
	const createdToMs = bindDateTime(pairs, names.createdBefore);
	const filter: OrderFilter = {};
	if (statuses) filter.statusIds = new Set(statuses);
	if (createdFromMs !== undefined) filter.createdFromMs = createdFromMs;
	if (createdToMs !== undefined) filter.createdToMs = createdToMs;
	return {
		// A page below 1 serves page 1, a size below 1 the default: the paging a service would fall back to.
		pageIndex: page !== undefined && page >= 1 ? page : 1,
		pageSize: size !== undefined && size >= 1 ? Math.min(size, MAX_PAGE_SIZE) : DOCUMENTED_DEFAULT_PAGE_SIZE,
		filter,
		includeDetails: bindBool(pairs, names.details) === true,
	};
}
