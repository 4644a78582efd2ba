import type { IDataObject, IExecuteFunctions, IGetNodeParameterOptions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { toNodeError } from '../../shared/errors';
import { isRecord, parseJson } from '../../shared/json';
import { isToolRun } from '../../shared/n8nInternals';
import { apiRequest } from '../../shared/transport';
import { Pacing } from '../../shared/transport/pacing';
import { DEFAULT_MAX_ORDERS_PER_CALL } from '../descriptions/tool.fields';
import { forModel, pairedWithCall } from '../toolCall/answer';
import { callbackChoice } from './callbacks';
import type { InputMode } from './check';
import { jsonDraft, orderItemReader } from './orderItem';
import { runOrders, type OrderRequest, type OrderRun, type RunLimits } from './runOrders';

/**
 * Everything a Get Price Quote or Create run takes from the node, read here once into one value
 * (`OrderRun`) that run.ts works from: the orders (the input items, or the order items of an AI tool
 * call's list), their Store ID and options, Test Mode, the run's limits, Create's Status Callbacks
 * and spending limit, and the request that sends a batch. `executeOrderRequest` is what both
 * operations' `execute` does: read the run, run it, and as an AI tool word the answer for the model.
 */

export async function executeOrderRequest(ctx: IExecuteFunctions, request: OrderRequest): Promise<INodeExecutionData[]> {
	if (!isToolRun(ctx)) return await runOrders((await readOrderRun(ctx, request)).run);
	let listCall = false;
	try {
		const read = await readOrderRun(ctx, request);
		listCall = read.listCall;
		return pairedWithCall(await runOrders(read.run), listCall);
	} catch (error) {
		throw forModel(ctx.getNode(), error, listCall);
	}
}

const DEFAULT_BATCH_SIZE = 50;
const MAX_BATCH_SIZE = 500;
/** Chosen from bench/RESULTS.md: against a service 50 ms away, 4 batches in flight is where throughput levels off. */
const DEFAULT_PARALLEL_BATCHES = 4;
const MAX_PARALLEL_BATCHES = 16;
/** Orders one execution may create at most, when the user sets a limit: far above any real batch, below a runaway's. */
const MAX_ORDERS_LIMIT = 1_000_000;
/** From this version on, Create shows Test Mode beside the order and marks test orders in its output. */
const TEST_MODE_BESIDE_ORDER = 3;
/** The API request's own keys, which a model may wrap its order items in. */
const REQUEST_KEYS = ['Items', 'TestMode', 'MaxRetries'];

/** A run read from the node, and whether it is a tool call over a list of order items (its errors name an order by its place). */
export interface ReadOrderRun {
	run: OrderRun;
	listCall: boolean;
}

export async function readOrderRun(ctx: IExecuteFunctions, request: OrderRequest): Promise<ReadOrderRun> {
	const node = ctx.getNode();
	const creates = request.creates;
	const asTool = isToolRun(ctx);
	const testModeField = creates && node.typeVersion >= TEST_MODE_BESIDE_ORDER;
	const mode = ctx.getNodeParameter('inputMode', 0, 'fields') as InputMode;
	const list = asTool ? toolOrderList(ctx, mode) : undefined;
	const count = list?.length ?? ctx.getInputData().length;
	// In a tool call over a list, every order reads the node's fields from the call's one input item.
	const inputItemOf = list ? () => 0 : (itemIndex: number) => itemIndex;
	let testMode = testModeField ? ctx.getNodeParameter('testMode', 0, true) === true : undefined;
	if (asTool && creates) {
		checkToolCaps(ctx, count);
		// Unless the workflow allows live orders, a tool's orders are test orders, whatever the node says.
		if (ctx.getNodeParameter('toolLiveOrders', 0, false) !== true) testMode = true;
	}
	// As a tool, callback addresses come from the workflow only, unless it allows the model's.
	const workflowOnly = asTool && ctx.getNodeParameter('toolModelCallbacks', 0, false) !== true;
	const callbacks = creates ? await callbackChoice(ctx, inputItemOf, workflowOnly) : undefined;
	const limits = runLimits(ctx, creates);
	let draft: OrderRun['draft'];
	try {
		draft = list ? (itemIndex) => jsonDraft(list[itemIndex]) : orderItemReader(ctx, mode, testModeField);
	} catch (error) {
		// The mapping is the run's, read from the first item: a mistake in it stops the run.
		throw toNodeError(node, error, 0);
	}
	// Text up to version 4, a resource locator from version 5: extractValue gives the ID for both (perItem/parameters.ts).
	const storeIdOf = parameterReader(ctx, 'storeId', '', { extractValue: true });
	const optionsOf = parameterReader(ctx, 'options', {});
	const pacing = new Pacing();
	const run: OrderRun = {
		request,
		node,
		count,
		draft,
		storeId: (itemIndex) => storeIdOf(inputItemOf(itemIndex)),
		options: (itemIndex) => optionsOf(inputItemOf(itemIndex)) as IDataObject,
		testMode,
		marksTestOrders: testModeField,
		limits,
		callbacks,
		stopOnError: !ctx.continueOnFail(),
		// n8n keeps the flow context with the execution, so the count holds across its runs and processes.
		execution: creates ? ctx.getContext('flow') : undefined,
		send: async (group, orderItems) =>
			await apiRequest.call(ctx, {
				operation: request.api,
				method: 'POST',
				path: ['store', group.storeId, ...request.endpoint],
				body: { Items: orderItems, ...group.settings },
				// Shared by the batches in flight together, so a slow-down asked of one holds back all.
				pacing,
			}),
	};
	return { run, listCall: list !== undefined };
}

/**
 * Get Price Quote and Create as a tool take a JSON list of order items: one call, several orders,
 * which then run as a list of items (batching, checks and errors work as for any list: an error
 * names the order by its position, "item 0" being the first). Undefined when the call gave one
 * order item, or the node's own fields.
 */
function toolOrderList(ctx: IExecuteFunctions, mode: InputMode): unknown[] | undefined {
	if (ctx.getInputData().length !== 1 || mode !== 'json') return undefined;
	const raw = ctx.getNodeParameter('orderItemJson', 0, '{}');
	// Not JSON (or empty): the order item check says so, for the one order.
	const parsed = typeof raw === 'string' ? parseJson(raw) : { ok: true as const, value: raw };
	if (!parsed.ok) return undefined;
	const value: unknown = parsed.value;
	if (isRecord(value) && Object.keys(value).some((key) => REQUEST_KEYS.includes(key))) {
		throw new NodeOperationError(
			ctx.getNode(),
			`This tool takes the order items themselves, not an API request with ${REQUEST_KEYS.map((key) => `"${key}"`).join(', ')}. Send the list that is under "Items" as the argument, like [{"Product": {...}, "Recipient": {...}}]; the workflow sets test mode. Nothing was sent.`,
		);
	}
	if (!Array.isArray(value)) return undefined;
	if (value.length === 0) {
		throw new NodeOperationError(ctx.getNode(), 'Invalid "Order Item (JSON)": the list of order items is empty. Give at least one order item. Nothing was sent.');
	}
	return value;
}

/** Create as a tool: a call that asks for more orders than Max Orders per Call sends nothing and says why. */
function checkToolCaps(ctx: IExecuteFunctions, orders: number): void {
	const node = ctx.getNode();
	const limit = Number(ctx.getNodeParameter('toolMaxOrders', 0, DEFAULT_MAX_ORDERS_PER_CALL));
	// A limit that is no whole number would be no limit: refuse rather than create without one.
	if (!Number.isInteger(limit) || limit < 1) {
		throw new NodeOperationError(node, `Invalid "Max Orders per Call": must be a whole number of at least 1, got ${String(limit)}. No order was created.`);
	}
	if (orders > limit) {
		throw new NodeOperationError(
			node,
			`This call asks for ${orders} orders, and one call may create at most ${limit} ("Max Orders per Call"). No order was created. Create at most ${limit} ${limit === 1 ? 'order' : 'orders'} per call, or ask the user whether the limit should be raised.`,
		);
	}
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

function runLimits(ctx: IExecuteFunctions, creates: boolean): RunLimits {
	const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
	return {
		maxOrders:
			creates && options.maxOrdersPerExecution !== undefined
				? runOption(ctx, options, 'maxOrdersPerExecution', 'Max Orders per Execution', 1, MAX_ORDERS_LIMIT)
				: undefined,
		batchSize: runOption(ctx, options, 'batchSize', 'Batch Size', DEFAULT_BATCH_SIZE, MAX_BATCH_SIZE),
		parallelBatches: runOption(ctx, options, 'parallelBatches', 'Batches in Parallel', DEFAULT_PARALLEL_BATCHES, MAX_PARALLEL_BATCHES),
		narrowRejectedBatches: options.onRejectedBatch !== 'failBatch',
	};
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
