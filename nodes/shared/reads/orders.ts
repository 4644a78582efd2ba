import type { IDataObject, IExecuteFunctions, ILoadOptionsFunctions, IWebhookFunctions } from 'n8n-workflow';

import { ItemProblem } from '../errors';
import { isRecord } from '../json';
import { ORDER_READ_MEANINGS, type ApiOperation } from '../apiCalls';
import { apiRequest } from '../transport';

/**
 * Reading one order and its status history: Order > Get and Get Status History, the wait and its
 * resume webhook, and the trigger's Fetch From the API all make these two calls, declared once here.
 */

/** `GET store/{storeID}/order/{orderID}`: a read, with the spec's meanings of its status codes. */
export const READ_ORDER: ApiOperation = { name: 'order.get', actsOnce: false, meanings: ORDER_READ_MEANINGS };
/** `GET store/{storeID}/order/{orderID}/status`. */
export const READ_HISTORY: ApiOperation = { name: 'order.getStatusHistory', actsOnce: false, meanings: ORDER_READ_MEANINGS };

/** An order in a store: by its ID or its order number (the API takes either in the path). */
export interface OrderRef {
	storeId: string;
	order: string;
}

type ReadContext = IExecuteFunctions | IWebhookFunctions | ILoadOptionsFunctions;

export async function readOrder(ctx: ReadContext, ref: OrderRef): Promise<IDataObject> {
	return (await apiRequest.call(ctx, { operation: READ_ORDER, method: 'GET', path: ['store', ref.storeId, 'order', ref.order] })) as IDataObject;
}

/**
 * What the provider documents the history read to take: `latest` (only the newest record) and
 * `pricing` (the order's price fields on each record), both false by default. A service that ignores
 * `latest` answers every record: callers still pick the newest themselves.
 */
export interface HistoryQuery {
	latest?: boolean;
	pricing?: boolean;
}

/**
 * An order's status history, as the service lists it: its records; entries that are no record are
 * left out. An answer that is no list is an error: it would otherwise pass for "no status yet".
 */
export async function readStatusHistory(ctx: ReadContext, ref: OrderRef, ask: HistoryQuery = {}): Promise<IDataObject[]> {
	const qs: IDataObject = {};
	if (ask.latest) qs.latest = true;
	if (ask.pricing) qs.pricing = true;
	const body = await apiRequest.call(ctx, {
		operation: READ_HISTORY,
		method: 'GET',
		path: ['store', ref.storeId, 'order', ref.order, 'status'],
		...(Object.keys(qs).length > 0 ? { qs } : {}),
	});
	if (!Array.isArray(body)) {
		throw new ItemProblem(
			'The service answered the status history with something other than a list',
			`Expected a list of status records, got ${typeof body}. Nothing was output for this item; check the API Base URL of the credential.`,
		);
	}
	return body.filter(isRecord);
}

/**
 * The records of a history oldest first. The API does not say in which order it lists them: when
 * every record has a Timestamp that parses, a list whose first record is later than its last is read
 * as newest first, and the records are then ordered by Timestamp (records with the same Timestamp
 * keep the order that reading gives). When the first and last records have the same Timestamp (a
 * service that records several changes at once), a first record with a higher StatusID than the last
 * is read as newest first. Otherwise they are taken as listed.
 */
export function chronological(history: readonly IDataObject[]): IDataObject[] {
	const times = history.map((record) => Date.parse(String(record.Timestamp ?? '')));
	if (times.some(Number.isNaN)) return [...history];
	const entries = history.map((record, index) => ({ record, time: times[index] }));
	const [first, last] = [history[0], history[history.length - 1]];
	const newestFirst =
		times[0] > times[times.length - 1] || (times[0] === times[times.length - 1] && Number(first?.StatusID) > Number(last?.StatusID));
	if (newestFirst) entries.reverse();
	return entries.sort((a, b) => a.time - b.time).map(({ record }) => record);
}

/** The latest record of a history (see chronological), or null for an empty one. */
export function latestRecord(history: readonly IDataObject[]): IDataObject | null {
	return chronological(history).at(-1) ?? null;
}
