import type { IDataObject } from 'n8n-workflow';

import { runAtOnce } from '../../shared/atOnce';
import { ApiFailure, ItemProblem } from '../../shared/errors';

/** One order item to send, and the input item (or the tool call's order) it answers. */
export interface BatchEntry {
	itemIndex: number;
	orderItem: IDataObject;
}

/** Items that may share one request: same store and same order-request settings. */
export interface BatchGroup {
	storeId: string;
	settings: { TestMode?: boolean; MaxRetries?: number };
	entries: BatchEntry[];
}

export type Outcome = { result: IDataObject } | { error: unknown };

/** Sends one batch, the spec's order request `{ Items, ...settings }` to the group's store, and returns the answer. */
export type SendBatch = (group: BatchGroup, orderItems: IDataObject[]) => Promise<unknown>;

export interface BatchRunOptions {
	batchSize: number;
	/** How many batch requests may be in flight at once. */
	parallelBatches: number;
	stopOnError: boolean;
	/**
	 * Whether a batch the service refused with 400 is split to find the items at fault and the rest
	 * re-sent. This assumes a 400 created nothing (the spec lists 400 as a refusal); when off, every
	 * item of the batch gets the batch's error and nothing is sent again.
	 */
	narrowRejectedBatches: boolean;
	/** Whether results are orders, so a mismatch must say orders may exist. */
	creates: boolean;
}

interface BatchRun extends BatchRunOptions {
	send: SendBatch;
	outcomes: Map<number, Outcome>;
	stopped: boolean;
}

const ITEM_REFERENCE = /Items\[(\d+)\]/g;

/** Items the service named in its messages (Items[k]), as positions in this batch. */
export function namedPositions(messages: readonly string[], size: number): number[] {
	const positions = new Set<number>();
	for (const match of messages.join('\n').matchAll(ITEM_REFERENCE)) {
		const position = Number(match[1]);
		if (position < size) positions.add(position);
	}
	return [...positions].sort((a, b) => a - b);
}

/** Where a later reference starts a new entry of a list: after a separator. */
const ENTRY_START = /(?:[;,.|\n]\s*|\band\s+)$/;
const TRAILING_SEPARATORS = /(?:[\s;,|]+|\s+and)+$/;

/**
 * One message listing several items' problems, as a gateway joins them into its single `message`
 * ("Items[1].Product.ID ...; Items[3].Product.DeliveryMethod ..."), cut into the part about each
 * item. The text before the first item, if any, stays in front of every part. A message about one
 * item, or one that names others inside a sentence ("Items[2] duplicates Items[0]"), stays whole.
 */
function partsByItem(text: string): Array<{ position: number; text: string }> | undefined {
	const starts = [...text.matchAll(ITEM_REFERENCE)]
		.filter((match, n) => n === 0 || ENTRY_START.test(text.slice(0, match.index)))
		.map((match) => ({ index: match.index, position: Number(match[1]) }));
	if (new Set(starts.map((start) => start.position)).size < 2) return undefined;
	const prefix = text.slice(0, starts[0].index);
	return starts.map((start, n) => ({
		position: start.position,
		text: `${prefix}${text.slice(start.index, starts[n + 1]?.index ?? text.length).replace(TRAILING_SEPARATORS, '')}`,
	}));
}

/** What the service said about the item at `position`, in the item's own terms. */
export function messagesAbout(messages: readonly string[], position: number): string[] {
	const reference = `Items[${position}]`;
	return messages
		.flatMap((text) => partsByItem(text)?.filter((part) => part.position === position).map((part) => part.text) ?? [text])
		.filter((text) => text.includes(reference))
		.map((text) => text.replace(`${reference}.`, '').replace(reference, 'the order item'));
}

function fail(run: BatchRun, entries: BatchEntry[], error: unknown, among: BatchEntry[] = entries) {
	for (const entry of entries) {
		let own = error;
		if (error instanceof ApiFailure) {
			const said = messagesAbout(error.facts.serviceMessages, among.indexOf(entry));
			if (said.length > 0) own = error.aboutItem(said);
		}
		run.outcomes.set(entry.itemIndex, { error: own });
	}
	if (run.stopOnError) run.stopped = true;
}

const reference = (value: unknown): string | undefined =>
	value === undefined || value === null || String(value) === '' ? undefined : String(value);

/**
 * The results in the order of the entries (their references `sent`), matched by
 * PartnerOrderReference, when every entry has its own and the results carry exactly those (the API
 * does not say it answers in the order sent); otherwise undefined.
 */
function byReference(sent: Array<string | undefined>, list: IDataObject[]): IDataObject[] | undefined {
	if (sent.some((ref) => ref === undefined) || new Set(sent).size !== sent.length) return undefined;
	const results = new Map(list.map((result) => [reference((result as IDataObject | null)?.PartnerOrderReference), result]));
	const matched = sent.map((ref) => results.get(ref));
	return matched.every((result) => result !== undefined) ? (matched as IDataObject[]) : undefined;
}

/**
 * Pairs results with items: by PartnerOrderReference when every item has its own, else by position,
 * checked against the references that are given and those that come back.
 */
function pair(run: BatchRun, entries: BatchEntry[], results: unknown) {
	let list = Array.isArray(results) ? (results as IDataObject[]) : [];
	const mismatch = (reason: string) =>
		fail(
			run,
			entries,
			new ItemProblem(
				'The service answered with results the node cannot match to the input items',
				`${reason}${run.creates ? ' Orders may have been created: check the store before running these items again.' : ''}`,
			),
		);
	if (list.length !== entries.length) {
		return mismatch(`It returned ${list.length} results for ${entries.length} order items.`);
	}
	const references = entries.map((entry) => reference(entry.orderItem.PartnerOrderReference));
	list = byReference(references, list) ?? list;
	const echoed = list.map((result) => reference(result?.PartnerOrderReference));
	for (const [position, sent] of references.entries()) {
		const got = echoed[position];
		// A result without a reference pairs by position, unless the item's reference came back on another result.
		if (sent !== undefined && (got === undefined ? echoed.includes(sent) : got !== sent)) {
			return mismatch(
				`Result ${position} carries ${got === undefined ? 'no Partner Order Reference' : `Partner Order Reference "${got}"`} where "${sent}" was sent, and the items cannot be matched by reference (give every item its own Partner Order Reference).`,
			);
		}
	}
	entries.forEach((entry, position) => run.outcomes.set(entry.itemIndex, { result: list[position] }));
}

function isRejection(error: unknown): error is ApiFailure {
	return error instanceof ApiFailure && error.status === 400;
}

/** Sends one batch. Returns the failure when the service refused the batch as a whole with 400. */
async function attempt(run: BatchRun, group: BatchGroup, entries: BatchEntry[]): Promise<ApiFailure | undefined> {
	try {
		const orderItems = entries.map((entry) => entry.orderItem);
		pair(run, entries, await run.send(group, orderItems));
	} catch (error) {
		if (isRejection(error) && entries.length > 1 && run.narrowRejectedBatches) return error;
		fail(run, entries, error);
	}
	return undefined;
}

function sameFailure(a: ApiFailure, b: ApiFailure): boolean {
	return a.message === b.message && a.facts.serviceMessages.join('\n') === b.facts.serviceMessages.join('\n');
}

/**
 * Finds the items at fault in a batch the service refused as a whole, so the good items still go
 * through and each bad item gets its own error. Items the service names (Items[k]) are set aside
 * at once; otherwise the batch is split in halves. When both halves fail exactly like the whole and
 * name no item, the error belongs to the batch (such as an invalid store) and splitting stops.
 */
async function narrow(run: BatchRun, group: BatchGroup, entries: BatchEntry[], rejection: ApiFailure) {
	const named = namedPositions(rejection.facts.serviceMessages, entries.length);
	if (named.length > 0) {
		fail(run, named.map((position) => entries[position]), rejection, entries);
		const rest = entries.filter((_, position) => !named.includes(position));
		if (!run.stopped && rest.length > 0) await sendNarrowing(run, group, rest);
		return;
	}
	const middle = Math.ceil(entries.length / 2);
	const halves = [entries.slice(0, middle), entries.slice(middle)];
	const rejections: Array<ApiFailure | undefined> = [];
	for (const half of halves) {
		if (run.stopped) return;
		rejections.push(await attempt(run, group, half));
	}
	const batchWide = rejections.every(
		(other) => other !== undefined && sameFailure(other, rejection) && namedPositions(other.facts.serviceMessages, entries.length).length === 0,
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
 * Sends every group's entries, batchSize at a time, up to `parallelBatches` requests at once, and
 * returns one outcome per item sent (the caller puts them back in input order). A batch that must
 * be narrowed is narrowed by the worker that sent it. Batches are handed out once and released
 * when taken: once a batch is answered nothing refers to its order items any more, so a large run
 * holds its results and the batches still to send, not a second copy of every item it sent.
 */
export async function sendInBatches(
	groups: BatchGroup[],
	send: SendBatch,
	options: BatchRunOptions,
): Promise<{ outcomes: Map<number, Outcome>; stopped: boolean }> {
	const run: BatchRun = { ...options, send, outcomes: new Map(), stopped: false };
	const queue: Array<{ group: BatchGroup; entries: BatchEntry[] }> = [];
	for (const group of groups) {
		for (let start = 0; start < group.entries.length; start += options.batchSize) {
			queue.push({ group, entries: group.entries.slice(start, start + options.batchSize) });
		}
		group.entries = [];
	}
	await runAtOnce(queue, options.parallelBatches, (job) => sendNarrowing(run, job.group, job.entries), () => run.stopped);
	return { outcomes: run.outcomes, stopped: run.stopped };
}
