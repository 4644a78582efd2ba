import type { IDataObject } from 'n8n-workflow';

import { readField } from '../../shared/json';
import { CREDENTIALS, INVALID_STORE, type ApiOperation } from '../../shared/apiCalls';
import { noSuchList, type ListSource } from '../../shared/lists/pages';

/**
 * A store's products: `GET store/{storeID}/product`, which the API names ("viewing products of a
 * store") without showing, and the provider documents as a bare list. Asked without a query; by page
 * only when an answer says there is more (docs/api-assumptions.md).
 */
export const LIST_PRODUCTS: ApiOperation = {
	name: 'product.getAll',
	actsOnce: false,
	meanings: { 400: INVALID_STORE, 401: CREDENTIALS, 404: noSuchList('product list'), 405: noSuchList('product list') },
};

export function productListSource(storeId: string): ListSource {
	return { operation: LIST_PRODUCTS, path: ['store', storeId, 'product'], resourceKey: 'Products', what: 'product list', entries: 'products' };
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

function firstNumber(record: IDataObject, names: readonly string[]): number | undefined {
	for (const name of names) {
		const value = readField(record, name);
		const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
		if (typeof number === 'number' && Number.isFinite(number)) return number;
	}
	return undefined;
}

/** The quantity rule of a product in few characters, for its entry in the editor's list ("qty 100–10000 step 50"). */
export function quantityTag(product: IDataObject): string {
	const min = firstNumber(product, MIN_QUANTITY);
	const max = firstNumber(product, MAX_QUANTITY);
	const step = firstNumber(product, QUANTITY_STEP);
	if (min === undefined && (max === undefined || max <= 0)) return '';
	const range = max !== undefined && max > 0 ? `${String(min ?? 1)}–${String(max)}` : `${String(min ?? 1)}+`;
	return `qty ${range}${step !== undefined && step > 1 ? ` step ${String(step)}` : ''}`;
}

const MIN_QUANTITY = ['MinimumQty', 'MinQuantity', 'MinimumQuantity', 'MinQty'];
const MAX_QUANTITY = ['MaximumQty', 'MaxQuantity', 'MaximumQuantity', 'MaxQty'];
const QUANTITY_STEP = ['IncrementQty', 'QuantityStep', 'QuantityIncrement', 'IncrementQuantity'];

/**
 * What the editor's list says under a product's name: the quantities it may be ordered in. The
 * provider documents MinimumQty, MaximumQty, IncrementQty and DefaultQty; other spellings are read too.
 */
export function productHint(product: IDataObject): string {
	const min = firstNumber(product, MIN_QUANTITY);
	const max = firstNumber(product, MAX_QUANTITY);
	const step = firstNumber(product, QUANTITY_STEP);
	const usual = firstNumber(product, ['DefaultQty', 'DefaultQuantity']);
	const parts: string[] = [];
	// A maximum of 0 is "no maximum" in such lists.
	const hasMax = max !== undefined && max > 0;
	if (min !== undefined || hasMax) parts.push(`Quantity ${String(min ?? 1)} to ${hasMax ? String(max) : 'any'}`);
	if (step !== undefined && step > 1) parts.push(`in steps of ${step}`);
	const hint = parts.join(' ');
	if (usual === undefined || usual <= 0) return hint;
	return hint ? `${hint}, default ${usual}` : `Default quantity ${usual}`;
}
