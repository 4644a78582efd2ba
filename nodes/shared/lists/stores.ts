import type { IDataObject, IHookFunctions, ILoadOptionsFunctions, INodeListSearchResult, INodeProperties, IWebhookFunctions } from 'n8n-workflow';

import { isRecord, readField } from '../json';
import { CREDENTIALS, type ApiOperation } from '../apiCalls';
import { ApiFailure } from '../errors';
import { apiRequest } from '../transport';
import { readListAnswer } from './listAnswer';
import { noSuchList } from './pages';

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

/** A store field's modes, in both nodes: picked from the account's stores (`searchStores`), or typed. */
export function storeLocatorModes(placeholder: string, hint?: string): Pick<INodeProperties, 'modes'> {
	return {
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a store...',
				typeOptions: { searchListMethod: 'searchStores', searchable: true, searchFilterRequired: false },
			},
			{ displayName: 'By ID', name: 'id', type: 'string', placeholder, ...(hint ? { hint } : {}) },
		],
	};
}

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

/** A "From List" that holds one line saying why there is nothing to pick; picking it sets nothing. */
export function listNotice(name: string): INodeListSearchResult {
	return { results: [{ name, value: '' }] };
}

/** A service without the list: say so in the list; anything else is an error the panel shows. */
export function unavailable(error: unknown, what: string, instead: string): INodeListSearchResult {
	if (error instanceof ApiFailure && (error.status === 404 || error.status === 405)) {
		return listNotice(`List unavailable: this service has no ${what} (HTTP ${error.status}). ${instead}`);
	}
	throw error;
}

/** The account's stores, each once, in the service's order (Store ID's list in both nodes, and the trigger's store when none is picked). */
export async function readStores(ctx: ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions): Promise<StoreEntry[]> {
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

/** Store's "From List" (the action node from version 5, the trigger from version 2): the account's stores as "CompanyName (StoreID)", filtered by what is typed. */
export async function searchStores(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	try {
		const stores = await readStores(this);
		return { results: stores.filter((store) => matchesStore(store, filter ?? '')).map((store) => ({ name: storeLabel(store), value: store.id })) };
	} catch (error) {
		return unavailable(error, 'store list', 'Choose By ID and type the store ID.');
	}
}
