import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { hideCallbackSecrets } from '../../shared/hideSecrets';
import type { NodeError } from '../../shared/errors';
import { toNodeError } from '../../shared/errors';

/** The output item Continue On Fail gives for a failed input item. */
export function errorItem(error: NodeError, itemIndex: number): INodeExecutionData {
	const json: IDataObject = { error: error.message };
	if (error.description) json.description = error.description;
	if (error instanceof NodeApiError && error.httpCode) json.httpCode = error.httpCode;
	return { json, pairedItem: { item: itemIndex } };
}

/**
 * Runs one request per input item: one or more output items per input item, pairedItem always
 * set, callback secrets hidden, and with Continue On Fail a failed item becomes an error item while
 * the others go on.
 */
export async function forEachItem(
	ctx: IExecuteFunctions,
	run: (itemIndex: number) => Promise<IDataObject | IDataObject[]>,
): Promise<INodeExecutionData[]> {
	const out: INodeExecutionData[] = [];
	const count = ctx.getInputData().length;
	for (let itemIndex = 0; itemIndex < count; itemIndex++) {
		try {
			const results = await run(itemIndex);
			for (const json of Array.isArray(results) ? results : [results]) {
				out.push({ json: hideCallbackSecrets(json), pairedItem: { item: itemIndex } });
			}
		} catch (error) {
			const nodeError = toNodeError(ctx.getNode(), error, itemIndex);
			if (!ctx.continueOnFail()) throw nodeError;
			out.push(errorItem(nodeError, itemIndex));
		}
	}
	return out;
}
