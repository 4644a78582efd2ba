import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { withToolReads } from '../../shared/n8nInternals';
import { isRecord, parseJson } from '../../shared/json';
import { DEFAULT_MAX_ORDERS_PER_CALL } from '../descriptions/tool.fields';

/**
 * The node running as an AI tool (n8nInternals, `isToolRun`): the variant n8n derives from
 * `usableAsTool`, called by an AI Agent or through the MCP Server Trigger with the model's arguments.
 */
export { isToolRun } from '../../shared/n8nInternals';

/** Tool calls that gave a list of order items: their errors name an order by its place in the list. */
const listCalls = new WeakSet<IExecuteFunctions>();

/**
 * An error as a model gets it. n8n 2.x hands the model only an error's message (its description is
 * dropped), so a tool's error carries both in the message: what is wrong, then what to do. It speaks
 * of the call: "the order item" for a single one, its place for an order of a list, never the input
 * item n8n numbers (always 0 in a tool call).
 */
export function forModel(ctx: IExecuteFunctions, error: unknown): unknown {
	if (!(error instanceof NodeOperationError || error instanceof NodeApiError)) return error;
	const description = typeof error.description === 'string' ? error.description.trim() : '';
	const place = (text: string) => inTheCall(ctx, text);
	const message = place(error.message);
	if (message === error.message && (!description || error.message.includes(description))) return error;
	const full = !description || message.includes(description) ? message : `${message.replace(/[.\s]*$/, '')}. ${place(description)}`;
	return new NodeOperationError(ctx.getNode(), full, { itemIndex: error.context?.itemIndex as number | undefined });
}

/** The API request's own keys, which a model may wrap its order items in. */
const REQUEST_KEYS = ['Items', 'TestMode', 'MaxRetries'];

/**
 * Get Price Quote and Create as a tool take a JSON list of order items: one call, several orders.
 * The run then sees one input item per order item (the call's one input item, repeated), so that
 * batching, checks and errors work as for any list of items: an error names the order by its
 * position in the list ("item 0" is the first). Every output item pairs with the call's item.
 *
 * For Create, two guard rails the workflow sets (Create Live Orders, Max Orders per Call): unless
 * live orders are allowed, every order is sent in test mode, whatever Options > Test Mode says; a
 * call that asks for more orders than the limit sends nothing and says why.
 */
export function toolOrderRun(ctx: IExecuteFunctions, operation: 'create' | 'getPriceQuote'): IExecuteFunctions {
	const items = ctx.getInputData();
	const node = ctx.getNode();
	let orderItems: unknown[] | undefined;
	if (items.length === 1 && ctx.getNodeParameter('inputMode', 0, 'fields') === 'json') {
		const raw = ctx.getNodeParameter('orderItemJson', 0, '{}');
		// Not JSON: the order item check says so, for the one item.
		const parsed = typeof raw === 'string' ? parseJson(raw) : { ok: true as const, value: raw };
		const value: unknown = parsed.ok ? parsed.value : raw;
		if (Array.isArray(value)) orderItems = value;
		if (isRecord(value) && Object.keys(value).some((key) => REQUEST_KEYS.includes(key))) {
			throw new NodeOperationError(
				node,
				`This tool takes the order items themselves, not an API request with ${REQUEST_KEYS.map((key) => `"${key}"`).join(', ')}. Send the list that is under "Items" as the argument, like [{"Product": {...}, "Recipient": {...}}]; the workflow sets test mode. Nothing was sent.`,
			);
		}
	}
	if (orderItems?.length === 0) {
		throw new NodeOperationError(node, 'Invalid "Order Item (JSON)": the list of order items is empty. Give at least one order item. Nothing was sent.');
	}
	const orders = orderItems?.length ?? items.length;
	const live = operation === 'create' && ctx.getNodeParameter('toolLiveOrders', 0, false) === true;
	if (operation === 'create') {
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
	const list = orderItems;
	if (list) listCalls.add(ctx);
	// Everything else is the context's own: only the node's reads below see the list.
	return withToolReads(ctx, {
		getInputData: () => (list ? list.map(() => items[0]) : ctx.getInputData()),
		getNodeParameter: (name: string, itemIndex: number, fallback?: unknown, options?: IDataObject) => {
			if (list && name === 'orderItemJson') return list[itemIndex];
			const value = ctx.getNodeParameter(name, list ? 0 : itemIndex, fallback as never, options);
			if (name === 'options' && operation === 'create' && !live) return { ...(value as IDataObject), testMode: true };
			return value;
		},
	});
}

/** An error text as the model's call knows its orders: the order item, or its place in the list. */
function inTheCall(ctx: IExecuteFunctions, text: string): string {
	return text.replace(/ in item (\d+)\b/g, (_match, index: string) => (listCalls.has(ctx) ? ` in order item ${index} of the list (the first is 0)` : ' in the order item'));
}

/**
 * Output items of a tool run: all paired with the call's one input item, and the error items of
 * On Error: Continue worded for the call, as `forModel` words a thrown error.
 */
export function pairedWithCall(ctx: IExecuteFunctions, items: INodeExecutionData[]): INodeExecutionData[] {
	return items.map((item) => {
		const json = typeof item.json.error === 'string' ? { ...item.json, error: inTheCall(ctx, item.json.error) } : item.json;
		if (typeof json.description === 'string' && typeof item.json.error === 'string') json.description = inTheCall(ctx, json.description);
		return { ...item, json, pairedItem: { item: 0 } };
	});
}
