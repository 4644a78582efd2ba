import type { IDataObject, INode, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { hideCallbackSecrets } from '../../shared/hideSecrets';
import { ApiFailure, InvalidValue, toNodeError } from '../../shared/errors';
import { checkPathId, storeFieldName } from '../../shared/ids';
import { CREDENTIALS, INVALID_STORE, type ApiOperation } from '../../shared/apiCalls';
import { errorItem } from '../perItem/run';
import { type BatchGroup, type Outcome, type SendBatch, sendInBatches } from './batches';
import { type CallbackChoice, withCallbackUrls } from './callbacks';
import { checkOrderItem, type OrderItemDraft } from './check';

/**
 * What Get Price Quote and Create each declare about their request: the API call (its name, whether
 * it acts once, its meanings), the endpoint below a store, and whether it creates orders (then a
 * run that stops says which orders exist, and the execution's spending limit counts them).
 */
export interface OrderRequest {
	api: ApiOperation;
	/** Path segments below `store/{storeID}`: `['order']` (create), `['order', 'price']` (price). */
	endpoint: readonly string[];
	creates: boolean;
}

/** Pricing or creating orders in a store (the order request): what both calls' status codes mean. */
export const ORDER_REQUEST_MEANINGS = { 400: INVALID_STORE, 401: CREDENTIALS } as const;

/** Settings of the whole run, read once from the first item: they cannot differ per item. */
export interface RunLimits {
	batchSize: number;
	parallelBatches: number;
	narrowRejectedBatches: boolean;
	/** Options > Max Orders per Execution (Create), when set. */
	maxOrders?: number;
}

/**
 * One Get Price Quote or Create run, as `read.ts` reads it from the node: everything the pipeline
 * below needs, so that it reads nothing of n8n itself. A tool call's list of order items and a
 * workflow's input items are both runs of `count` orders.
 */
export interface OrderRun {
	request: OrderRequest;
	node: INode;
	/** How many orders: one per input item, or one per order item of a tool call's list. */
	count: number;
	/** Order `itemIndex` as the user gave it, not yet checked; throws what is wrong with reading it. */
	draft: (itemIndex: number) => OrderItemDraft;
	/** Its Store ID, as given (checked here). */
	storeId: (itemIndex: number) => unknown;
	/** Its Options: the order request's Max Retries, and Test Mode where Options holds it. */
	options: (itemIndex: number) => IDataObject;
	/** Test Mode of every order, when the node sets it for the whole run (the Test Mode field, a tool without live orders). */
	testMode?: boolean;
	/** Output items carry `testMode: true` when the run sent test orders (Create from version 3). */
	marksTestOrders: boolean;
	limits: RunLimits;
	/** Create's Status Callbacks. */
	callbacks?: CallbackChoice;
	stopOnError: boolean;
	/** Create: what this execution keeps across its runs (n8n's flow context): how many orders it created. */
	execution?: IDataObject;
	/** Sends one batch (through the transport, with the run's pacing). */
	send: SendBatch;
}

/**
 * n8n evaluates each item's expressions synchronously (about half a millisecond an item in n8n 2.41),
 * so reading 50,000 items in one go would keep n8n from answering anything else (webhooks, the
 * editor, health checks) for half a minute. Reading yields to the event loop every this many items.
 */
const ITEMS_PER_YIELD = 500;

/** Where an execution keeps how many orders its Create runs have made (n8n's per-execution flow context). */
const CREATED_IN_EXECUTION = 'printStoreOrdersCreated';

function orderRequestSettings(options: IDataObject, testMode: boolean | undefined): BatchGroup['settings'] {
	const settings: BatchGroup['settings'] = {};
	const test = testMode ?? options.testMode;
	if (test !== undefined) settings.TestMode = test === true;
	if (options.maxRetries !== undefined) {
		const retries = Number(options.maxRetries);
		if (!Number.isInteger(retries) || retries < 0) {
			throw new InvalidValue('Options.Max Retries', `must be a whole number of at least 0, got ${String(options.maxRetries)}`);
		}
		settings.MaxRetries = retries;
	}
	return settings;
}

/**
 * What a Create that stopped leaves behind, for the stop's error: the orders that exist (to remove
 * before a rerun), those that may exist (a request that failed after the service may have acted),
 * and how many items were certainly not created (no request for them succeeded or may have).
 */
export function describeCreated(outcomes: Map<number, Outcome>, failedAt: number, total: number): string {
	const created: string[] = [];
	const uncertain: number[] = [];
	let stopMayHaveCreated = false;
	for (const [itemIndex, outcome] of [...outcomes.entries()].sort((a, b) => a[0] - b[0])) {
		if ('result' in outcome) {
			created.push(`item ${itemIndex} (${String(outcome.result.OrderNumber ?? outcome.result.ID ?? 'order')})`);
			continue;
		}
		if (!(outcome.error instanceof ApiFailure && outcome.error.mayHaveActed)) continue;
		// The stopping item's own error already says its order may exist.
		if (itemIndex === failedAt) stopMayHaveCreated = true;
		else uncertain.push(itemIndex);
	}
	const unsent = total - outcomes.size;
	const parts = [];
	if (created.length) {
		const shown = created.length > 20 ? `${created.slice(0, 20).join(', ')} and ${created.length - 20} more` : created.join(', ');
		parts.push(
			`${created.length} order(s) were created before the run stopped at item ${failedAt}: ${shown}. Remove those items before running again, or they will be ordered twice. Turn on "Continue On Fail" to get one output item per input item instead.`,
		);
	} else if (uncertain.length === 0 && !stopMayHaveCreated) {
		parts.push('No order was created.');
	}
	if (uncertain.length) {
		parts.push(`The service may have created the orders of item(s) ${uncertain.join(', ')}: their request failed without an answer. Look for them in the store before running them again.`);
	}
	if (unsent > 0) parts.push(`${unsent} other item(s) were not created.`);
	return parts.join(' ');
}

/**
 * Price and Create, top to bottom: each order's item is read (in the mode the run chose), given its
 * callback URLs, checked once; items are grouped by store and settings, sent in batches, and each
 * result is paired back to its order. One output item per order, in order.
 */
export async function runOrders(run: OrderRun): Promise<INodeExecutionData[]> {
	const out = await sendOrders(run);
	// A test order is never taken for a real one downstream: every output item of a test run says so.
	if (!run.marksTestOrders || (run.testMode ?? run.options(0).testMode) !== true) return out;
	return out.map((item) => ({ ...item, json: { ...item.json, testMode: true } }));
}

async function sendOrders(run: OrderRun): Promise<INodeExecutionData[]> {
	const { node, count, stopOnError, request } = run;
	const groups = new Map<string, BatchGroup>();
	const inputErrors = new Map<number, unknown>();
	const storeField = storeFieldName(node);

	for (let itemIndex = 0; itemIndex < count; itemIndex++) {
		if (itemIndex > 0 && itemIndex % ITEMS_PER_YIELD === 0) await sleep(0);
		try {
			const storeId = checkPathId(run.storeId(itemIndex), storeField);
			const settings = orderRequestSettings(run.options(itemIndex), run.testMode);
			let draft = run.draft(itemIndex);
			if (run.callbacks) draft = withCallbackUrls(run.callbacks, draft, itemIndex, storeId);
			const orderItem = checkOrderItem(draft);
			const key = JSON.stringify([storeId, settings]);
			let group = groups.get(key);
			if (!group) groups.set(key, (group = { storeId, settings, entries: [] }));
			group.entries.push({ itemIndex, orderItem });
		} catch (error) {
			// Every item is checked before the first request, so a bad item stops the run with nothing sent.
			if (stopOnError) throw toNodeError(node, error, itemIndex);
			inputErrors.set(itemIndex, error);
		}
	}

	const createdBefore = Number(run.execution?.[CREATED_IN_EXECUTION] ?? 0);
	const { maxOrders } = run.limits;
	if (request.creates && maxOrders !== undefined) {
		const asked = [...groups.values()].reduce((sum, group) => sum + group.entries.length, 0);
		if (createdBefore + asked > maxOrders) {
			const problem = new NodeOperationError(
				node,
				`This run would create ${asked} order(s)${createdBefore ? ` and this execution has created ${createdBefore} already` : ''}, more than "Max Orders per Execution" allows (${maxOrders}). No order was created.`,
				{ description: 'To order more in one execution, raise Options > Max Orders per Execution on this node (or remove it). Check first that the input holds only the orders you mean to place.' },
			);
			if (stopOnError) throw problem;
			return Array.from({ length: count }, (_, itemIndex) =>
				errorItem(toNodeError(node, inputErrors.has(itemIndex) ? inputErrors.get(itemIndex) : problem, itemIndex), itemIndex),
			);
		}
	}

	const { outcomes, stopped } = await sendInBatches([...groups.values()], run.send, {
		batchSize: run.limits.batchSize,
		parallelBatches: run.limits.parallelBatches,
		narrowRejectedBatches: run.limits.narrowRejectedBatches,
		stopOnError,
		creates: request.creates,
	});

	if (request.creates && run.execution) {
		const created = [...outcomes.values()].filter((outcome) => 'result' in outcome).length;
		run.execution[CREATED_IN_EXECUTION] = createdBefore + created;
	}

	if (stopped) {
		const [failedAt, failed] = [...outcomes.entries()]
			.filter((entry): entry is [number, { error: unknown }] => 'error' in entry[1])
			.sort((a, b) => a[0] - b[0])[0];
		const note = request.creates ? describeCreated(outcomes, failedAt, count) : undefined;
		throw toNodeError(node, failed.error, failedAt, note);
	}

	const out: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < count; itemIndex++) {
		const outcome = outcomes.get(itemIndex);
		if (inputErrors.has(itemIndex)) out.push(errorItem(toNodeError(node, inputErrors.get(itemIndex), itemIndex), itemIndex));
		else if (outcome && 'result' in outcome) out.push({ json: hideCallbackSecrets(outcome.result), pairedItem: { item: itemIndex } });
		else if (outcome) out.push(errorItem(toNodeError(node, outcome.error, itemIndex), itemIndex));
	}
	return out;
}
