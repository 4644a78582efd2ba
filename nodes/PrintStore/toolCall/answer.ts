import type { INode, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/**
 * The node running as an AI tool (n8nInternals, `isToolRun`): the variant n8n derives from
 * `usableAsTool`, called by an AI Agent or through the MCP Server Trigger with the model's arguments.
 * This file words what the model gets back; Get Price Quote and Create read the call's order items
 * in orderRun/read.ts.
 */
export { isToolRun } from '../../shared/n8nInternals';

/**
 * An error text as the model's call knows its orders. `listCall`: the call gave a list of order
 * items, so an order is named by its place in the list; otherwise there is one order item (n8n
 * numbers the call's one input item 0, which means nothing to the model).
 */
function inTheCall(text: string, listCall: boolean): string {
	return text.replace(/ in item (\d+)\b/g, (_match, index: string) => (listCall ? ` in order item ${index} of the list (the first is 0)` : ' in the order item'));
}

/**
 * An error as a model gets it. n8n 2.x hands the model only an error's message (its description is
 * dropped), so a tool's error carries both in the message: what is wrong, then what to do.
 */
export function forModel(node: INode, error: unknown, listCall = false): unknown {
	if (!(error instanceof NodeOperationError || error instanceof NodeApiError)) return error;
	const description = typeof error.description === 'string' ? error.description.trim() : '';
	const message = inTheCall(error.message, listCall);
	if (message === error.message && (!description || error.message.includes(description))) return error;
	const full = !description || message.includes(description) ? message : `${message.replace(/[.\s]*$/, '')}. ${inTheCall(description, listCall)}`;
	return new NodeOperationError(node, full, { itemIndex: error.context?.itemIndex as number | undefined });
}

/**
 * Output items of a tool call over order items: all paired with the call's one input item, and the
 * error items of On Error: Continue worded for the call, as `forModel` words a thrown error.
 */
export function pairedWithCall(items: INodeExecutionData[], listCall: boolean): INodeExecutionData[] {
	return items.map((item) => {
		const json = typeof item.json.error === 'string' ? { ...item.json, error: inTheCall(item.json.error, listCall) } : item.json;
		if (typeof json.description === 'string' && typeof item.json.error === 'string') json.description = inTheCall(json.description, listCall);
		return { ...item, json, pairedItem: { item: 0 } };
	});
}
