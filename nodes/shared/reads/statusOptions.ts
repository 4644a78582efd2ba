import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { checkPathId, locatorValue, storeFieldName } from '../ids';
import { isRecord, readField } from '../json';
import { CREDENTIALS, INVALID_STORE, type ApiOperation } from '../apiCalls';
import { readStatusHistory } from './orders';
import { squashStatusName, statusIdOf } from '../statuses';
import { apiRequest } from '../transport';

/**
 * The statuses the status pickers offer (Wait Until Status's Wait For and Fail On, the trigger's
 * Statuses): those seen in the store's recent orders and their status histories, then example names.
 * Neither the spec nor the provider lists the service's statuses, and the examples are the sandbox's;
 * a service may name its statuses otherwise, so what the store itself shows comes first. Whatever is
 * picked or typed (a name, in any case and spacing, or a numeric status ID) is matched the same way.
 */
export const EXAMPLE_STATUSES = ['Received', 'In Production', 'Printed', 'Shipped', 'Delivered', 'Failed', 'Cancelled'] as const;

/** Recent orders read for their statuses, and how many of them have their whole history read. */
const ORDERS_READ = 50;
const HISTORIES_READ = 10;
/** Stores read when no store is given (the account's first ones). */
const STORES_READ = 3;

const LIST_ORDERS_FOR_STATUSES: ApiOperation = { name: 'order.getAll', actsOnce: false, meanings: { 400: INVALID_STORE, 401: CREDENTIALS } };
const LIST_STORES_FOR_STATUSES: ApiOperation = { name: 'store.getAll', actsOnce: false, meanings: { 401: CREDENTIALS } };

/** One option per status name, compared as everywhere (shared/statuses.ts). */
const squash = squashStatusName;

/** The objects of a list answer: a bare array, or the first array under one of the wrappers services use. */
function listed(body: unknown): IDataObject[] {
	if (Array.isArray(body)) return body.filter(isRecord);
	if (!isRecord(body)) return [];
	for (const key of ['Items', 'Orders', 'data', 'Stores', 'results', 'value']) {
		const inner = readField(body, key);
		if (Array.isArray(inner)) return inner.filter(isRecord);
	}
	return [];
}

interface Seen {
	id?: number;
	name?: string;
}

function statusOf(record: IDataObject): Seen | undefined {
	const id = statusIdOf(readField(record, 'StatusID', 'StatusId'));
	const rawName = readField(record, 'StatusDescription', 'StatusName');
	const name = typeof rawName === 'string' && rawName.trim() !== '' ? rawName.trim() : undefined;
	return id === undefined && name === undefined ? undefined : { id, name };
}

async function storesToRead(ctx: ILoadOptionsFunctions, given: unknown): Promise<string[]> {
	const store = locatorValue(given);
	if (typeof store === 'string' && store.trim() !== '' && !store.startsWith('=')) return [checkPathId(store, storeFieldName(ctx.getNode()))];
	const stores = listed(await apiRequest.call(ctx, { operation: LIST_STORES_FOR_STATUSES, method: 'GET', path: ['store'] }));
	return stores
		.map((entry) => readField(entry, 'StoreID', 'StoreId', 'ID'))
		.filter((id): id is string => typeof id === 'string' && id !== '')
		.slice(0, STORES_READ);
}

/** Every status seen in the stores' recent orders and in the histories of the newest of them. */
export async function statusesSeen(ctx: ILoadOptionsFunctions, storeParameter: unknown): Promise<Seen[]> {
	const seen: Seen[] = [];
	for (const storeId of await storesToRead(ctx, storeParameter)) {
		const orders = listed(await apiRequest.call(ctx, { operation: LIST_ORDERS_FOR_STATUSES, method: 'GET', path: ['store', storeId, 'order'] })).slice(0, ORDERS_READ);
		for (const order of orders) {
			const status = statusOf(order);
			if (status) seen.push(status);
		}
		for (const order of orders.slice(0, HISTORIES_READ)) {
			const id = readField(order, 'ID', 'OrderID', 'OrderNumber');
			if (typeof id !== 'string' && typeof id !== 'number') continue;
			try {
				for (const record of await readStatusHistory(ctx, { storeId, order: checkPathId(String(id), 'Order ID') })) {
					const status = statusOf(record);
					if (status) seen.push(status);
				}
			} catch {
				// One history that cannot be read takes nothing from the others.
			}
		}
	}
	return seen;
}

/**
 * The picker's options: each status seen once (by name, any case or spacing; by ID when it has no
 * name), ordered by status ID, then the example names not seen. Values are names, as callbacks and
 * histories are matched by name or ID.
 */
export function statusOptions(seen: readonly Seen[], examples: readonly string[] = EXAMPLE_STATUSES): INodePropertyOptions[] {
	const byKey = new Map<string, Seen>();
	for (const status of seen) {
		const key = status.name !== undefined ? squash(status.name) : `#${String(status.id)}`;
		const known = byKey.get(key);
		if (!known) byKey.set(key, { ...status });
		else known.id ??= status.id;
	}
	const found = [...byKey.values()].sort((a, b) => (a.id ?? Number.MAX_SAFE_INTEGER) - (b.id ?? Number.MAX_SAFE_INTEGER));
	const options: INodePropertyOptions[] = found.map((status) => ({
		name: status.name ?? `Status ${String(status.id)}`,
		value: status.name ?? String(status.id),
		description: `In your store's orders${status.id !== undefined ? ` (status ID ${status.id})` : ''}`,
	}));
	for (const example of examples) {
		if (byKey.has(squash(example))) continue;
		options.push({ name: example, value: example, description: 'An example name, not seen in your store: your service may name this status otherwise' });
	}
	return options;
}

/**
 * The options of a status picker, for the store given (else the account's first stores). Without a
 * usable credential or store, or when the service cannot be read, only the examples: the picker stays
 * usable, and a typed name or ID works as ever.
 */
export async function loadStatusOptions(ctx: ILoadOptionsFunctions, storeParameter: unknown, examples?: readonly string[]): Promise<INodePropertyOptions[]> {
	try {
		return statusOptions(await statusesSeen(ctx, storeParameter), examples);
	} catch {
		return statusOptions([], examples);
	}
}
