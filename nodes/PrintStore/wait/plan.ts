import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

/**
 * What Order > Wait Until Status waits for, item by item, and how a status history settles it.
 *
 * While the execution waits, the node keeps no state of its own (n8n saves nothing a resume call
 * does unless it resumes): each item's plan travels in the item the node leaves on n8n's execution
 * stack (`pendingItem`), and every decision is taken again from the order's status history as the
 * API returns it. The same pending item is what n8n outputs if it ends the wait by its own timer.
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

/** The key under which a pending item carries its plan. */
export const PLAN_KEY = 'waitPlan';

const squash = (value: unknown) => String(value ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');

/** A status given by name (any case, spaces or not) or by its numeric ID. */
export function matchesStatus(record: IDataObject, statuses: readonly string[]): boolean {
	return statuses.some((status) =>
		/^-?\d+$/.test(status.trim()) ? Number(record.StatusID) === Number(status) && record.StatusID !== undefined : squash(status) !== '' && squash(status) === squash(record.StatusDescription),
	);
}

export interface Settlement {
	outcome: Exclude<Outcome, 'timedOut'>;
	record: IDataObject;
}

/**
 * The first record, in the order of the history, that has a status waited for (reached) or one
 * that ends the wait (failed). A record flagged StatusUpdateFailed never counts as reached (the spec
 * does not say what the flag means: a failed order, or an update that did not happen), but counts
 * as failed when its status is one of Fail On.
 */
export function settle(history: readonly IDataObject[], plan: Pick<WaitPlan, 'waitFor' | 'failOn'>): Settlement | undefined {
	for (const record of history) {
		if (!record || typeof record !== 'object') continue;
		if (matchesStatus(record, plan.failOn)) return { outcome: 'failed', record };
		if (record.StatusUpdateFailed !== true && matchesStatus(record, plan.waitFor)) return { outcome: 'reached', record };
	}
	return undefined;
}

/** The latest record of a history (by Timestamp, else the last one). */
export function latestRecord(history: readonly IDataObject[]): IDataObject | null {
	let best: IDataObject | null = null;
	for (const record of history) {
		if (!record || typeof record !== 'object') continue;
		if (best === null) {
			best = record;
			continue;
		}
		const time = Date.parse(String(record.Timestamp ?? ''));
		const bestTime = Date.parse(String(best.Timestamp ?? ''));
		if (Number.isNaN(bestTime) || (!Number.isNaN(time) && time >= bestTime)) best = record;
	}
	return best;
}

/** The output of one item: the order, how its wait ended, the record that ended it, its history. */
export function resultJson(plan: WaitPlan, history: readonly IDataObject[], resumedBy: ResumedBy): IDataObject {
	const settlement = settle(history, plan);
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
 * The item the node leaves on n8n's stack while it waits: what n8n outputs if its own timer ends
 * the wait (every order then timed out, with the history known when the wait began), carrying the
 * plan the resume calls read back.
 */
export function pendingItem(plan: WaitPlan, history: readonly IDataObject[], itemIndex: number): INodeExecutionData {
	return { json: { ...resultJson(plan, history, 'timeLimit'), [PLAN_KEY]: plan }, pairedItem: { item: itemIndex } };
}

/** The plan a pending item carries, or undefined when the item is none of the node's. */
export function planOf(json: unknown): WaitPlan | undefined {
	if (!json || typeof json !== 'object') return undefined;
	const plan = (json as IDataObject)[PLAN_KEY] as WaitPlan | undefined;
	if (!plan || typeof plan !== 'object' || typeof plan.storeId !== 'string' || typeof plan.order !== 'string') return undefined;
	if (plan.orderBy !== 'id' && plan.orderBy !== 'orderNumber') return undefined;
	if (!Array.isArray(plan.waitFor) || !Array.isArray(plan.failOn) || typeof plan.timeLimit !== 'string') return undefined;
	return plan;
}
