import type { ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { locatorValue, storeFieldName } from '../../shared/ids';
import { matchesOrder, NO_FILTERS, orderLabel, orderListSource } from '../../shared/lists/orderList';
import { forEachPage, type ListPosition, type QueryNames } from '../../shared/lists/pages';
import { listNotice, unavailable } from '../../shared/lists/stores';
import { matchesProduct, productHint, productId, productListSource, productName, quantityTag } from './products';

/**
 * The editor's "From list" modes (resource locators): the store's orders for the Order field, its
 * products for Product ID (and, in shared/lists/stores.ts, the account's stores for Store ID). When no list can be
 * shown (no fixed Store ID yet, or a service without the list), the list holds one line that says why
 * instead of failing the panel; picking it sets nothing.
 */

/**
 * Pages of the order list read for one search before the editor is handed what was found: a few when
 * something was found, more while nothing was (the editor asks for the next pages only as the user
 * scrolls, which an empty list does not let them do).
 */
const PAGES_PER_SEARCH = 5;
const PAGES_PER_EMPTY_SEARCH = 20;
const SEARCH_PAGE_SIZE = 50;

const notice = listNotice;

/**
 * The Store ID to list, when it is set to a fixed value the editor can send: text up to version 4,
 * the value of its resource locator (picked or typed) from version 5.
 */
function storeToList(ctx: ILoadOptionsFunctions): string | INodeListSearchResult {
	const value = locatorValue(ctx.getCurrentNodeParameter('storeId'));
	const field = storeFieldName(ctx.getNode());
	if (typeof value !== 'string' || value.trim() === '') return notice(`Set the ${field} above first, then open this list again`);
	if (value.startsWith('=')) return notice(`The ${field} is an expression: type the ID here (By ID) or set a fixed ${field} to pick from the list`);
	return value.trim();
}


/**
 * The editor's token for the next look at the order list: the page, and, once known, the names that
 * got the pages and how the service counts them ("3.1.0.0"; "3" while no next page confirmed them).
 */
function tokenOf(page: number, names: QueryNames | undefined): string {
	return names ? [page, names.page, names.size, names.indexOffset].join('.') : String(page);
}

function positionOf(token: string | undefined): ListPosition {
	const [page, pageName, sizeName, indexOffset] = (token ?? '').split('.').map((part) => Number.parseInt(part, 10));
	if (!Number.isInteger(page) || page < 1) return { page: 1 };
	const known = [pageName, sizeName, indexOffset].every(Number.isInteger);
	return known ? { page, names: { page: pageName, size: sizeName, indexOffset } } : { page };
}

export async function searchOrders(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const store = storeToList(this);
	if (typeof store !== 'string') return store;
	const filters = { ...NO_FILTERS, search: filter ?? '' };
	const start = positionOf(paginationToken);
	const results: INodeListSearchItems[] = [];
	let next: string | undefined;
	try {
		await forEachPage(
			this,
			// With each order's details, when the service gives them: the labels name the recipient.
			orderListSource(store, NO_FILTERS, SEARCH_PAGE_SIZE, true),
			(page) => {
				for (const order of page.entries.filter((entry) => matchesOrder(entry, filters))) {
					const value = String(order.ID ?? order.OrderNumber ?? '');
					if (value) results.push({ name: orderLabel(order), value });
				}
				// Enough for one look, or enough pages read: the editor asks for more as the user scrolls.
				const read = page.page - start.page + 1;
				if (page.more && (results.length >= SEARCH_PAGE_SIZE || read >= (results.length > 0 ? PAGES_PER_SEARCH : PAGES_PER_EMPTY_SEARCH))) {
					next = tokenOf(page.page + 1, page.names);
					return false;
				}
				return true;
			},
			{ start },
		);
	} catch (error) {
		return unavailable(error, 'order list', 'Choose By ID or By Number and type the order.');
	}
	return next === undefined ? { results } : { results, paginationToken: next };
}

export async function searchProducts(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const store = storeToList(this);
	if (typeof store !== 'string') return store;
	const results: INodeListSearchItems[] = [];
	try {
		// Every product the search matches: the list read whole (where it pages, the pages after the first few at a time).
		await forEachPage(
			this,
			productListSource(store),
			(page) => {
				for (const product of page.entries) {
					const id = productId(product);
					if (!id || !matchesProduct(product, filter ?? '')) continue;
					const name = productName(product);
					const hint = productHint(product);
					const label = name && name !== id ? `${name} (${id})` : id;
					// n8n's list shows only an entry's name, cut to the panel's width: the quantity rule goes in
					// it in short (and in full in its description).
					const tag = quantityTag(product);
					results.push({ name: tag ? `${label} · ${tag}` : label, value: id, ...(hint ? { description: hint } : {}) });
				}
				return true;
			},
			{ whole: true },
		);
	} catch (error) {
		return unavailable(error, 'product list', 'Choose By ID and type the product ID.');
	}
	return { results };
}
