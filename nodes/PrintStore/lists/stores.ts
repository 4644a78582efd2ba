import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { isRecord, readField } from '../../shared/json';
import { CREDENTIALS, type ApiOperation } from '../../shared/apiCalls';
import { apiRequest } from '../../shared/transport';
import { readListAnswer } from '../../shared/lists/listAnswer';
import { noSuchList } from '../../shared/lists/pages';
import { unavailable } from './search';

/**
 * The stores the connected account can use: `GET store`. The provider documents it (only `StoreID`
 * per store unless `verbose=true`, which gives the whole Store with its `CompanyName`); the spec
 * names no such list. Asked once, verbose; read as a bare list or a list under any plausible key.
 */
export const LIST_STORES: ApiOperation = {
	name: 'store.getAll',
	actsOnce: false,
	meanings: { 401: CREDENTIALS, 404: noSuchList('store list'), 405: noSuchList('store list') },
};

export interface StoreEntry {
	id: string;
	companyName: string;
}

function text(value: unknown): string {
	if (typeof value === 'string') return value.trim();
	return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

/** A store of the list: its ID (`StoreID`, any case, or `ID`) and company name when the answer has one. */
export function storeEntry(store: IDataObject): StoreEntry | undefined {
	const id = text(readField(store, 'StoreID', 'StoreId', 'ID', 'Id'));
	if (!id) return undefined;
	const company = readField(store, 'CompanyName', 'Company', 'Name');
	return { id, companyName: isRecord(company) ? '' : text(company) };
}

/** "CompanyName (StoreID)", or the StoreID alone when the answer has no company name. */
export function storeLabel(store: StoreEntry): string {
	return store.companyName && store.companyName !== store.id ? `${store.companyName} (${store.id})` : store.id;
}

/** Whether every word of a search is in the store's company name or ID (any case). */
export function matchesStore(store: StoreEntry, search: string): boolean {
	const haystack = `${store.companyName} ${store.id}`.toLowerCase();
	return search
		.toLowerCase()
		.split(/\s+/)
		.filter(Boolean)
		.every((word) => haystack.includes(word));
}

/** The account's stores, each once, in the service's order. */
export async function readStores(ctx: ILoadOptionsFunctions): Promise<StoreEntry[]> {
	const body = await apiRequest.call(ctx, { operation: LIST_STORES, method: 'GET', path: ['store'], qs: { verbose: true } });
	const seen = new Set<string>();
	const stores: StoreEntry[] = [];
	for (const entry of readListAnswer(body, 'Stores', 'store list').entries) {
		const store = storeEntry(entry);
		if (!store || seen.has(store.id)) continue;
		seen.add(store.id);
		stores.push(store);
	}
	return stores;
}

/** Store ID's "From List" (version 5): the account's stores as "CompanyName (StoreID)", filtered by what is typed. */
export async function searchStores(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	try {
		const stores = await readStores(this);
		return { results: stores.filter((store) => matchesStore(store, filter ?? '')).map((store) => ({ name: storeLabel(store), value: store.id })) };
	} catch (error) {
		return unavailable(error, 'store list', 'Choose By ID and type the Store ID.');
	}
}
