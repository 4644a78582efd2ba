import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { isRecord } from '../../shared/json';
import { matchesStatus } from '../../shared/statuses';
import { chronological, latestRecord } from '../../shared/reads/orders';

/**
 * What Order > Wait Until Status waits for, item by item, and how a status history settles it.
 *
 * While the execution waits, the node keeps no state of its own: each waiting item is on n8n's
 * execution stack as the output it would have if it timed out (`pendingItem`), and that output
 * names everything the wait needs (`planOf`): the store, the order, the statuses, the time limit.
 * Every decision is taken again from the order's status history as the API returns it. The same
 * items are what n8n outputs if its own timer ends the wait, so they carry no internal field.
 */
export type Outcome = 'reached' | 'failed' | 'timedOut';
export type ResumedBy = 'alreadyThere' | 'callback' | 'check' | 'timeLimit';

export interface WaitPlan extends IDataObject {
	storeId: string;
	/** The order as given: its ID or its order number (both work in the API's paths). */
	order: string;
	orderBy: 'id' | 'orderNumber';
	waitFor: string[];
	failOn: string[];
	/** ISO time after which the item is timed out. */
	timeLimit: string;
}

export interface Settlement {
	outcome: Exclude<Outcome, 'timedOut'>;
	record: IDataObject;
}

/**
 * The first record, oldest first (chronological), that has a status waited for (reached) or one
 * that ends the wait (failed). A record flagged StatusUpdateFailed never counts as reached (the spec
 * does not say what the flag means: a failed order, or an update that did not happen), but counts
 * as failed when its status is one of Fail On.
 */
export function settle(history: readonly IDataObject[], plan: Pick<WaitPlan, 'waitFor' | 'failOn'>): Settlement | undefined {
	for (const record of chronological(history)) {
		if (matchesStatus(record, plan.failOn)) return { outcome: 'failed', record };
		if (record.StatusUpdateFailed !== true && matchesStatus(record, plan.waitFor)) return { outcome: 'reached', record };
	}
	return undefined;
}


/** The output of one item: the order, how its wait ended, the record that ended it, its history. */
export function resultJson(
	plan: WaitPlan,
	history: readonly IDataObject[],
	resumedBy: ResumedBy,
	settlement: Settlement | undefined,
): IDataObject {
	const outcome: Outcome = settlement?.outcome ?? 'timedOut';
	const record = settlement?.record ?? latestRecord(history);
	const orderId = record?.OrderID ?? (plan.orderBy === 'id' ? plan.order : null);
	const orderNumber = record?.OrderNumber ?? (plan.orderBy === 'orderNumber' ? plan.order : null);
	const json: IDataObject = {
		orderId,
		orderNumber,
		storeId: plan.storeId,
		outcome,
		status: record,
		statusHistory: [...history],
		waitedFor: plan.waitFor,
		failOn: plan.failOn,
		timeLimit: plan.timeLimit,
		resumedBy,
	};
	const name = String(orderNumber ?? plan.order);
	const wanted = plan.waitFor.join(' or ');
	if (outcome === 'failed') json.error = `Order ${name} reached "${String(record?.StatusDescription ?? record?.StatusID)}" while waiting for ${wanted}`;
	if (outcome === 'timedOut') json.error = `Order ${name} did not reach ${wanted} before the time limit (${plan.timeLimit})`;
	return json;
}

/**
 * The item the node leaves on n8n's stack while it waits: the output of an order that did not
 * settle in time, with the history known when the wait began. It is what n8n outputs if its own
 * timer ends the wait, and what the resume calls read the plan back from (`planOf`).
 */
export function pendingItem(plan: WaitPlan, history: readonly IDataObject[], itemIndex: number): INodeExecutionData {
	return { json: resultJson(plan, history, 'timeLimit', undefined), pairedItem: { item: itemIndex } };
}

/** An ID as text: text that is not empty, or a number (a service may send IDs as numbers). */
function asText(value: unknown): string | undefined {
	if (typeof value === 'string') return value === '' ? undefined : value;
	return typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
}
const isTextList = (value: unknown): value is string[] => Array.isArray(value) && value.every((entry) => typeof entry === 'string');

/**
 * The plan of an item the node left waiting (`pendingItem`), read from its documented fields; undefined
 * for any other item (one that settled before the wait, or an error item of Continue On Fail). The
 * order is read by its ID when the output has one, else by its order number: the API takes both.
 */
export function planOf(json: unknown): WaitPlan | undefined {
	if (!isRecord(json) || json.outcome !== 'timedOut' || json.resumedBy !== 'timeLimit') return undefined;
	const { storeId, waitedFor, failOn, timeLimit } = json;
	const orderId = asText(json.orderId);
	const orderNumber = asText(json.orderNumber);
	if (typeof storeId !== 'string' || storeId === '' || typeof timeLimit !== 'string' || !isTextList(waitedFor) || !isTextList(failOn)) return undefined;
	if (orderId === undefined && orderNumber === undefined) return undefined;
	return {
		storeId,
		order: orderId ?? (orderNumber as string),
		orderBy: orderId !== undefined ? 'id' : 'orderNumber',
		waitFor: waitedFor,
		failOn,
		timeLimit,
	};
}

/** The names an order of a waiting item answers to in a callback: its ID and its order number. */
export function orderNames(json: IDataObject): string[] {
	return [asText(json.orderId), asText(json.orderNumber)].filter((name): name is string => name !== undefined);
}
