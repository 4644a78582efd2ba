import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { InvalidValue } from './orderItem';

export type ItemError = NodeApiError | NodeOperationError;

/** Turns a bad value into the error users see: it names the field and the item, and says nothing was sent. */
export function toItemError(ctx: IExecuteFunctions, error: unknown, itemIndex: number): ItemError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
		return error;
	}
	if (error instanceof InvalidValue) {
		return new NodeOperationError(
			ctx.getNode(),
			`Invalid "${error.field}" in item ${itemIndex}: ${error.problem}`,
			{ itemIndex, description: 'Nothing was sent to the service for this item. Correct the value and run again.' },
		);
	}
	return new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
}

/** The output item continueOnFail gives for a failed input item. */
export function errorItem(error: ItemError, itemIndex: number): INodeExecutionData {
	const json: IDataObject = { error: error.message };
	if (error.description) json.description = error.description;
	if (error instanceof NodeApiError && error.httpCode) json.httpCode = error.httpCode;
	return { json, pairedItem: { item: itemIndex } };
}

export function outputItems(results: IDataObject | IDataObject[], itemIndex: number): INodeExecutionData[] {
	const list = Array.isArray(results) ? results : [results];
	return list.map((json) => ({ json, pairedItem: { item: itemIndex } }));
}

/**
 * Runs one request per input item: one or more output items per input item, pairedItem always
 * set, and with continueOnFail a failed item becomes an error item while the others go on.
 */
export async function forEachItem(
	ctx: IExecuteFunctions,
	run: (itemIndex: number) => Promise<IDataObject | IDataObject[]>,
): Promise<INodeExecutionData[]> {
	const out: INodeExecutionData[] = [];
	const count = ctx.getInputData().length;
	for (let itemIndex = 0; itemIndex < count; itemIndex++) {
		try {
			out.push(...outputItems(await run(itemIndex), itemIndex));
		} catch (error) {
			const itemError = toItemError(ctx, error, itemIndex);
			if (!ctx.continueOnFail()) throw itemError;
			out.push(errorItem(itemError, itemIndex));
		}
	}
	return out;
}

export { InvalidValue };
