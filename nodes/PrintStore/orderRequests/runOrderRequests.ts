import type { IDataObject, IExecuteFunctions, IGetNodeParameterOptions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { hideCallbackSecrets } from '../../shared/callbacks/urls';
import { ApiFailure, InvalidValue, toNodeError } from '../../shared/errors';
import { checkPathId } from '../../shared/ids';
import { Pacing } from '../../shared/transport/pacing';
import { errorItem } from '../helpers/items';
import type { InputMode } from './buildOrderItem';
import { orderItemReader } from './buildOrderItem';
import { checkOrderItem } from './validateOrderItem';
import type { CallbackChoice } from './callbackChoice';
import { withCallbackUrls } from './callbackUrls';
import type { OrderRequest } from './orderRequest';
import type { BatchGroup, Outcome } from './sendBatches';
import { sendInBatches } from './sendBatches';

/**
 * n8n evaluates each item's expressions synchronously (about half a millisecond an item in n8n 2.41),
 * so reading 50,000 items in one go would keep n8n from answering anything else (webhooks, the
 * editor, health checks) for half a minute. Reading yields to the event loop every this many items.
 */
const ITEMS_PER_YIELD = 500;

const DEFAULT_BATCH_SIZE = 50;
const MAX_BATCH_SIZE = 500;
/** Chosen from bench/RESULTS.md: against a service 50 ms away, 4 batches in flight is where throughput levels off. */
const DEFAULT_PARALLEL_BATCHES = 4;
const MAX_PARALLEL_BATCHES = 16;



function orderRequestSettings(options: IDataObject): BatchGroup['settings'] {
	const settings: BatchGroup['settings'] = {};
	if (options.testMode !== undefined) settings.TestMode = options.testMode === true;
	if (options.maxRetries !== undefined) {
		const retries = Number(options.maxRetries);
		if (!Number.isInteger(retries) || retries < 0) {
			throw new InvalidValue('Options.Max Retries', `must be a whole number of at least 0, got ${String(options.maxRetries)}`);
		}
		settings.MaxRetries = retries;
	}
	return settings;
}

function hasExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(hasExpression);
	if (value && typeof value === 'object') return Object.values(value).some(hasExpression);
	return false;
}

/**
 * A parameter's value per item. A parameter without an expression has the same value for every
 * item, so it is read once instead of once per item (n8n resolves every read).
 */
function parameterReader(ctx: IExecuteFunctions, name: string, fallback: unknown, options?: IGetNodeParameterOptions): (itemIndex: number) => unknown {
	if (hasExpression(ctx.getNode().parameters[name])) return (itemIndex) => ctx.getNodeParameter(name, itemIndex, fallback, options);
	const value = ctx.getNodeParameter(name, 0, fallback, options);
	return () => value;
}

/** A whole-number option of the run, read from the first item; a bad value stops the run before anything is sent. */
function runOption(ctx: IExecuteFunctions, options: IDataObject, name: string, label: string, fallback: number, max: number): number {
	if (options[name] === undefined) return fallback;
	const value = Number(options[name]);
	if (Number.isInteger(value) && value >= 1 && value <= max) return value;
	throw new NodeOperationError(
		ctx.getNode(),
		`Invalid "Options.${label}" in item 0: must be a whole number from 1 to ${max}, got ${String(options[name])}`,
		{ itemIndex: 0, description: 'This setting is read from the first item and applies to the whole run. Nothing was sent.' },
	);
}

/** Orders one execution may create at most, when the user sets a limit: far above any real batch, below a runaway's. */
const MAX_ORDERS_LIMIT = 1_000_000;
/** Where an execution keeps how many orders its Create runs have made (n8n's per-execution flow context). */
const CREATED_IN_EXECUTION = 'printStoreOrdersCreated';

/** Settings of the whole run, read once: they cannot differ per item. */
function runSettings(ctx: IExecuteFunctions) {
	const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
	return {
		maxOrders: options.maxOrdersPerExecution === undefined ? undefined : runOption(ctx, options, 'maxOrdersPerExecution', 'Max Orders per Execution', 1, MAX_ORDERS_LIMIT),
		batchSize: runOption(ctx, options, 'batchSize', 'Batch Size', DEFAULT_BATCH_SIZE, MAX_BATCH_SIZE),
		parallelBatches: runOption(ctx, options, 'parallelBatches', 'Batches in Parallel', DEFAULT_PARALLEL_BATCHES, MAX_PARALLEL_BATCHES),
		narrowRejectedBatches: options.onRejectedBatch !== 'failBatch',
		mode: ctx.getNodeParameter('inputMode', 0, 'fields') as InputMode,
	};
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
 * Price and Create, top to bottom: each input item becomes an order item (read in the chosen mode,
 * decorated, checked once), items are grouped by store and settings, sent in batches, and each
 * result is paired back to its input item. One output item per input item, in input order.
 */
export async function runOrderRequests(
	ctx: IExecuteFunctions,
	request: OrderRequest,
	/** Create's Status Callbacks: the URLs to add to each order item. */
	callbacks?: CallbackChoice,
): Promise<INodeExecutionData[]> {
	const node = ctx.getNode();
	const count = ctx.getInputData().length;
	const stopOnError = !ctx.continueOnFail();
	const { batchSize, parallelBatches, narrowRejectedBatches, mode, maxOrders } = runSettings(ctx);
	let readDraft: ReturnType<typeof orderItemReader>;
	try {
		readDraft = orderItemReader(ctx, mode);
	} catch (error) {
		// The mapping is the run's, read from the first item: a mistake in it stops the run.
		throw toNodeError(node, error, 0);
	}
	// Text up to version 4, a resource locator from version 5: extractValue gives the ID for both (helpers/storeId.ts).
	const storeIdOf = parameterReader(ctx, 'storeId', '', { extractValue: true });
	const optionsOf = parameterReader(ctx, 'options', {});
	const groups = new Map<string, BatchGroup>();
	const inputErrors = new Map<number, unknown>();

	for (let itemIndex = 0; itemIndex < count; itemIndex++) {
		if (itemIndex > 0 && itemIndex % ITEMS_PER_YIELD === 0) await sleep(0);
		try {
			const storeId = checkPathId(storeIdOf(itemIndex), 'Store ID');
			const settings = orderRequestSettings(optionsOf(itemIndex) as IDataObject);
			let draft = readDraft(itemIndex);
			if (callbacks) draft = withCallbackUrls(ctx, callbacks, draft, itemIndex, storeId);
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

	const execution = request.creates ? ctx.getContext('flow') : undefined;
	const createdBefore = Number(execution?.[CREATED_IN_EXECUTION] ?? 0);
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

	const { outcomes, stopped } = await sendInBatches([...groups.values()], { ctx, request, pacing: new Pacing() }, {
		batchSize,
		parallelBatches,
		stopOnError,
		narrowRejectedBatches,
		creates: request.creates,
	});

	if (execution) {
		const created = [...outcomes.values()].filter((outcome) => 'result' in outcome).length;
		execution[CREATED_IN_EXECUTION] = createdBefore + created;
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
