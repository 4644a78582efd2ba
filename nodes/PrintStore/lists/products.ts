import type { IDataObject } from 'n8n-workflow';

import { CREDENTIALS, INVALID_STORE, type ApiOperation } from '../../shared/operations';
import { noSuchList, type ListSource } from './pages';

/**
 * A store's products: `GET store/{storeID}/product`, which the API names ("viewing products of a
 * store") without showing. Asked without a query; a page number only when an answer says there is a
 * next page (docs/api-assumptions.md).
 */
export const LIST_PRODUCTS: ApiOperation = {
	name: 'product.getAll',
	actsOnce: false,
	meanings: { 400: INVALID_STORE, 401: CREDENTIALS, 404: noSuchList('product list'), 405: noSuchList('product list') },
};

export function productListSource(storeId: string): ListSource {
	return {
		operation: LIST_PRODUCTS,
		path: ['store', storeId, 'product'],
		resourceKey: 'Products',
		what: 'product list',
		query: (page) => (page === 1 ? undefined : { pageNumber: page }),
	};
}

function firstText(record: IDataObject, names: readonly string[]): string {
	for (const name of names) {
		const value = record[name];
		if (typeof value === 'string' && value !== '') return value;
		if (typeof value === 'number') return String(value);
	}
	return '';
}

/** The product's ID, as Create sends it in `Product.ID`. */
export function productId(product: IDataObject): string {
	return firstText(product, ['ID', 'Id', 'id', 'ProductID', 'ProductId', 'productId']);
}

export function productName(product: IDataObject): string {
	return firstText(product, ['Name', 'name', 'ProductName', 'productName', 'Title', 'title', 'Description', 'description']);
}

/** Whether every word of a search is in the product's name or ID. */
export function matchesProduct(product: IDataObject, search: string): boolean {
	const haystack = `${productName(product)} ${productId(product)}`.toLowerCase();
	return search
		.toLowerCase()
		.split(/\s+/)
		.filter(Boolean)
		.every((word) => haystack.includes(word));
}

/** What the editor's list says under a product's name: the quantities it may be ordered in. */
export function productHint(product: IDataObject): string {
	const min = product.MinQuantity ?? product.MinimumQuantity ?? product.minQuantity;
	const max = product.MaxQuantity ?? product.MaximumQuantity ?? product.maxQuantity;
	const step = product.QuantityStep ?? product.quantityStep;
	const parts: string[] = [];
	if (typeof min === 'number' || typeof max === 'number') parts.push(`Quantity ${String(min ?? 1)} to ${String(max ?? 'any')}`);
	if (typeof step === 'number' && step > 1) parts.push(`in steps of ${step}`);
	return parts.join(' ');
}
