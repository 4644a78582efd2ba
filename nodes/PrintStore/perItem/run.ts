import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { FileJob } from '../../shared/files/attach';
import { downloadInto, WithFiles } from '../../shared/files/attach';
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
 * the others go on. Files an item asks for (`WithFiles`) are downloaded after every item has run,
 * a few at a time over all items; a failed download fails its own item only.
 */
export async function forEachItem(
	ctx: IExecuteFunctions,
	run: (itemIndex: number) => Promise<IDataObject | IDataObject[] | WithFiles>,
): Promise<INodeExecutionData[]> {
	const perItem: INodeExecutionData[][] = [];
	const jobs: FileJob[] = [];
	const fail = (itemIndex: number, error: unknown) => {
		const nodeError = toNodeError(ctx.getNode(), error, itemIndex);
		if (!ctx.continueOnFail()) throw nodeError;
		perItem[itemIndex] = [errorItem(nodeError, itemIndex)];
	};
	const count = ctx.getInputData().length;
	for (let itemIndex = 0; itemIndex < count; itemIndex++) {
		try {
			const results = await run(itemIndex);
			const list = results instanceof WithFiles ? results.results : Array.isArray(results) ? results : [results];
			perItem[itemIndex] = list.map((json) => ({ json: hideCallbackSecrets(json), pairedItem: { item: itemIndex } }));
			if (results instanceof WithFiles) {
				for (const [index, refs] of results.files) jobs.push({ itemIndex, item: perItem[itemIndex][index], refs, maxBytes: results.maxBytes });
			}
		} catch (error) {
			fail(itemIndex, error);
		}
	}
	if (jobs.length > 0) {
		const failures = await downloadInto(ctx, jobs);
		for (const itemIndex of [...failures.keys()].sort((a, b) => a - b)) fail(itemIndex, failures.get(itemIndex));
	}
	return perItem.flat();
}
