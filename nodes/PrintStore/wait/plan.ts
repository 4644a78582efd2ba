import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { isRecord } from '../../shared/json';
import { matchesStatus } from '../../shared/statuses';
import { chronological, latestRecord } from '../../shared/reads/orders';

/**
 * What Order > Wait Until Status waits for, item by item, and how a status history settles it.
 *
 * While the execution waits, the node keeps no state of its own: each waiting item is on n8n's
 * execution stack as the output n8n gives it if n8n's own timer ends the wait (`pendingItem`), which
 * names everything the wait needs (`planOf`): the store, the order, the statuses, the time limit.
 * Every decision is taken again from the order's status history as the API returns it. The same
 * items are what n8n outputs if its own timer ends the wait, so they carry no internal field.
 */
export type Outcome = 'reached' | 'failed' | 'timedOut' | 'unchecked';
export type ResumedBy = 'alreadyThere' | 'callback' | 'check' | 'timeLimit' | 'n8nTimer';

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


/** What the wait's checks that failed say, on the item they resumed (wait/checks.ts). */
export interface CheckFailures extends IDataObject {
	/** Checks that reached no n8n process, or no answer from the node. */
	count: number;
	/** What the last of them got, and when. */
	last: string;
	lastAt: string;
}

/** The output of one item: the order, how its wait ended, the record that ended it, its history. */
export function resultJson(
	plan: WaitPlan,
	history: readonly IDataObject[],
	resumedBy: Exclude<ResumedBy, 'n8nTimer'>,
	settlement: Settlement | undefined,
	checkFailures?: CheckFailures,
): IDataObject {
	const json = orderFields(plan, history, settlement?.outcome ?? 'timedOut', settlement?.record, resumedBy);
	const name = String(json.orderNumber ?? plan.order);
	const wanted = plan.waitFor.join(' or ');
	if (json.outcome === 'failed') json.error = `Order ${name} reached "${statusName(settlement?.record)}" while waiting for ${wanted}`;
	if (json.outcome === 'timedOut') json.error = `Order ${name} did not reach ${wanted} before the time limit (${plan.timeLimit})`;
	if (checkFailures && checkFailures.count > 0) json.checkFailures = checkFailures;
	return json;
}

function statusName(record: IDataObject | null | undefined): string {
	return String(record?.StatusDescription ?? record?.StatusID ?? 'no status yet');
}

function orderFields(plan: WaitPlan, history: readonly IDataObject[], outcome: Outcome, settled: IDataObject | undefined, resumedBy: ResumedBy): IDataObject {
	const record = settled ?? latestRecord(history);
	const orderId = record?.OrderID ?? (plan.orderBy === 'id' ? plan.order : null);
	const orderNumber = record?.OrderNumber ?? (plan.orderBy === 'orderNumber' ? plan.order : null);
	return {
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
}

/**
 * The item the node leaves on n8n's stack while it waits: what n8n outputs if its own timer ends
 * the wait (the node's last check did not run: its process restarted, or its checks could not reach
 * n8n, or Status Checks are off), and what the resume calls read the plan back from (`planOf`). It
 * says just that: outcome "unchecked", the status as read when the wait began and when, and that no
 * check ran at the end. Never "timedOut": nobody asked the service at the time limit.
 */
export function pendingItem(plan: WaitPlan, history: readonly IDataObject[], itemIndex: number, readAt = new Date()): INodeExecutionData {
	const json = orderFields(plan, history, 'unchecked', undefined, 'n8nTimer');
	const read = readAt.toISOString();
	json.statusReadAt = read;
	json.error =
		`No check ran when the wait ended: n8n's own timer ended it after the time limit (${plan.timeLimit}). ` +
		`Order ${String(json.orderNumber ?? plan.order)} was "${statusName(json.status as IDataObject | null)}" when its status was last read, at ${read}; it may have moved on since. ` +
		'Read its status again (Order > Get Status History) before acting on it.';
	return { json, pairedItem: { item: itemIndex } };
}

/** An ID as text: text that is not empty, or a number (a service may send IDs as numbers). */
function asText(value: unknown): string | undefined {
	if (typeof value === 'string') return value === '' ? undefined : value;
	return typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
}
const isTextList = (value: unknown): value is string[] => Array.isArray(value) && value.every((entry) => typeof entry === 'string');

/** A pending item: as this version leaves it, or as versions before 0.3 did (outcome "timedOut", resumedBy "timeLimit"). */
function isPending(json: IDataObject): boolean {
	return (json.outcome === 'unchecked' && json.resumedBy === 'n8nTimer') || (json.outcome === 'timedOut' && json.resumedBy === 'timeLimit');
}

/**
 * The plan of an item the node left waiting (`pendingItem`), read from its documented fields; undefined
 * for any other item (one that settled before the wait, or an error item of Continue On Fail). The
 * order is read by its ID when the output has one, else by its order number: the API takes both.
 */
export function planOf(json: unknown): WaitPlan | undefined {
	if (!isRecord(json) || !isPending(json)) return undefined;
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
