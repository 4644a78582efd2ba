import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { printStoreApiRequest } from '../transport';
import type { ItemError } from './items';

export interface BatchEntry {
	itemIndex: number;
	orderItem: IDataObject;
}

/** Items that may share one request: same store and same order-request settings. */
export interface BatchGroup {
	storeId: string;
	settings: IDataObject;
	entries: BatchEntry[];
}

export type BatchOperation = 'priceOrder' | 'createOrder';

export type Outcome = { result: IDataObject } | { error: ItemError };

interface BatchRun {
	ctx: IExecuteFunctions;
	operation: BatchOperation;
	stopOnError: boolean;
	outcomes: Map<number, Outcome>;
	stopped: boolean;
}

const ITEM_REFERENCE = /Items\[(\d+)\]/g;

function httpStatus(error: unknown): number | undefined {
	return error instanceof NodeApiError && error.httpCode ? Number(error.httpCode) : undefined;
}

function serviceMessages(error: NodeApiError): string[] {
	const response = (error as unknown as { errorResponse?: { messages?: unknown } }).errorResponse;
	return Array.isArray(response?.messages) ? response.messages.map(String) : [];
}

/** Items the service named in its messages (Items[k]), as positions in this batch. */
function namedPositions(error: NodeApiError, size: number): number[] {
	const positions = new Set<number>();
	for (const match of serviceMessages(error).join('\n').matchAll(ITEM_REFERENCE)) {
		const position = Number(match[1]);
		if (position < size) positions.add(position);
	}
	return [...positions].sort((a, b) => a - b);
}

/**
 * The error one input item gets. When the service named the item, the error quotes what it said
 * about that item alone, in the user's item numbers; otherwise the batch's error is kept.
 */
function forItem(run: BatchRun, error: ItemError, among: BatchEntry[], entry: BatchEntry): ItemError {
	const { ctx } = run;
	if (error instanceof NodeApiError) {
		const position = among.indexOf(entry);
		const own = serviceMessages(error)
			.filter((text) => text.includes(`Items[${position}]`))
			.map((text) => text.replace(`Items[${position}].`, '').replace(`Items[${position}]`, 'the order item'));
		if (own.length > 0) {
			return new NodeApiError(ctx.getNode(), { status: error.httpCode, messages: own }, {
				message: `The service rejected item ${entry.itemIndex}: ${own[0]}`,
				description: `${run.stopOnError ? 'Nothing was created for this item.' : 'Nothing was created for this item; the other items were sent without it.'} Correct the item and run it again.${own.length > 1 ? `\nService says: ${own.join(' | ')}` : ''}`,
				httpCode: error.httpCode ?? undefined,
				itemIndex: entry.itemIndex,
			});
		}
		return new NodeApiError(ctx.getNode(), { status: error.httpCode, messages: serviceMessages(error) }, {
			message: error.message,
			description: error.description ?? undefined,
			httpCode: error.httpCode ?? undefined,
			itemIndex: entry.itemIndex,
		});
	}
	return new NodeOperationError(ctx.getNode(), error.message, { description: error.description ?? undefined, itemIndex: entry.itemIndex });
}

function fail(run: BatchRun, entries: BatchEntry[], error: ItemError, among: BatchEntry[] = entries) {
	for (const entry of entries) run.outcomes.set(entry.itemIndex, { error: forItem(run, error, among, entry) });
	if (run.stopOnError) run.stopped = true;
}

/** Pairs results with items by position, checked against PartnerOrderReference when given. */
function pair(run: BatchRun, entries: BatchEntry[], results: unknown) {
	const list = Array.isArray(results) ? (results as IDataObject[]) : [];
	const mismatch = (reason: string) =>
		fail(
			run,
			entries,
			new NodeOperationError(run.ctx.getNode(), 'The service answered with results the node cannot match to the input items', {
				description: `${reason} ${run.operation === 'createOrder' ? 'Orders may have been created: check the store before running these items again.' : ''}`.trim(),
			}),
		);
	if (list.length !== entries.length) {
		return mismatch(`It returned ${list.length} results for ${entries.length} order items.`);
	}
	for (const [position, entry] of entries.entries()) {
		const sent = entry.orderItem.PartnerOrderReference;
		const got = list[position]?.PartnerOrderReference;
		if (sent !== undefined && got !== undefined && got !== null && String(got) !== String(sent)) {
			return mismatch(`Result ${position} carries Partner Order Reference "${String(got)}" where "${String(sent)}" was sent.`);
		}
	}
	entries.forEach((entry, position) => run.outcomes.set(entry.itemIndex, { result: list[position] }));
}

async function send(run: BatchRun, group: BatchGroup, entries: BatchEntry[]) {
	const path = ['store', group.storeId, 'order'];
	if (run.operation === 'priceOrder') path.push('price');
	const { body } = await printStoreApiRequest.call(run.ctx, {
		method: 'POST',
		path,
		body: { Items: entries.map((entry) => entry.orderItem), ...group.settings },
		operation: run.operation,
		// A price quote changes nothing; a create may only be repeated when nothing was created.
		retry: run.operation === 'priceOrder' ? 'safe' : 'onlyIfNotProcessed',
		itemIndex: entries.length === 1 ? entries[0].itemIndex : undefined,
	});
	return body;
}

/** Sends one batch. Returns the error when the service rejected the whole batch with 400 (nothing done). */
async function attempt(run: BatchRun, group: BatchGroup, entries: BatchEntry[]): Promise<NodeApiError | undefined> {
	try {
		pair(run, entries, await send(run, group, entries));
	} catch (error) {
		if (error instanceof NodeApiError && httpStatus(error) === 400 && entries.length > 1) return error;
		fail(run, entries, error as ItemError);
	}
	return undefined;
}

function sameFailure(a: NodeApiError, b: NodeApiError): boolean {
	return a.message === b.message && serviceMessages(a).join('\n') === serviceMessages(b).join('\n');
}

/**
 * Finds the items at fault in a batch the service rejected as a whole, so the good items still go
 * through and each bad item gets its own error. Items the service names (Items[k]) are set aside
 * at once; otherwise the batch is split in halves. When both halves fail exactly like the whole and
 * name no item, the error belongs to the batch (such as an invalid store) and splitting stops.
 */
async function narrow(run: BatchRun, group: BatchGroup, entries: BatchEntry[], rejection: NodeApiError) {
	const named = namedPositions(rejection, entries.length);
	if (named.length > 0) {
		fail(run, named.map((position) => entries[position]), rejection, entries);
		const rest = entries.filter((_, position) => !named.includes(position));
		if (!run.stopped && rest.length > 0) await sendNarrowing(run, group, rest);
		return;
	}
	const middle = Math.ceil(entries.length / 2);
	const halves = [entries.slice(0, middle), entries.slice(middle)];
	const rejections: Array<NodeApiError | undefined> = [];
	for (const half of halves) {
		if (run.stopped) return;
		rejections.push(await attempt(run, group, half));
	}
	const batchWide = rejections.every(
		(other) => other !== undefined && sameFailure(other, rejection) && namedPositions(other, entries.length).length === 0,
	);
	if (batchWide) return fail(run, entries, rejection);
	for (const [index, half] of halves.entries()) {
		const halfRejection = rejections[index];
		if (halfRejection && !run.stopped) await narrow(run, group, half, halfRejection);
	}
}

async function sendNarrowing(run: BatchRun, group: BatchGroup, entries: BatchEntry[]) {
	const rejection = await attempt(run, group, entries);
	if (rejection && !run.stopped) await narrow(run, group, entries, rejection);
}

/**
 * Sends every group's entries, batchSize at a time. Consumes the groups (their entries are emptied):
 * once a batch is answered nothing refers to its order items any more, so on a large run the node
 * holds its results and the batches still to send, not a second copy of every item it sent.
 */
export async function sendInBatches(
	ctx: IExecuteFunctions,
	operation: BatchOperation,
	groups: BatchGroup[],
	batchSize: number,
	stopOnError: boolean,
): Promise<{ outcomes: Map<number, Outcome>; stopped: boolean }> {
	const run: BatchRun = { ctx, operation, stopOnError, outcomes: new Map(), stopped: false };
	for (const group of groups) {
		const batches: BatchEntry[][] = [];
		for (let start = 0; start < group.entries.length; start += batchSize) batches.push(group.entries.slice(start, start + batchSize));
		group.entries = [];
		while (batches.length > 0 && !run.stopped) await sendNarrowing(run, group, batches.shift()!);
	}
	return { outcomes: run.outcomes, stopped: run.stopped };
}
