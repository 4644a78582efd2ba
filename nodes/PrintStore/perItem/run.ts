import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { runAtOnce } from '../../shared/atOnce';
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
 * the others go on; without it the first failed item (in input order) stops the node. `atOnce`
 * items run at a time (1: in turn). Files an item asks for (`WithFiles`) are downloaded after every
 * item has run, a few at a time over all items; a failed download fails its own item only.
 */
export async function forEachItem(
	ctx: IExecuteFunctions,
	run: (itemIndex: number) => Promise<IDataObject | IDataObject[] | WithFiles>,
	atOnce = 1,
): Promise<INodeExecutionData[]> {
	const perItem: INodeExecutionData[][] = [];
	const jobs: FileJob[] = [];
	const failed = new Map<number, unknown>();
	const fail = (itemIndex: number, error: unknown) => {
		const nodeError = toNodeError(ctx.getNode(), error, itemIndex);
		if (!ctx.continueOnFail()) throw nodeError;
		perItem[itemIndex] = [errorItem(nodeError, itemIndex)];
	};
	const runItem = async (itemIndex: number) => {
		try {
			const results = await run(itemIndex);
			const list = results instanceof WithFiles ? results.results : Array.isArray(results) ? results : [results];
			perItem[itemIndex] = list.map((json) => ({ json: hideCallbackSecrets(json), pairedItem: { item: itemIndex } }));
			if (results instanceof WithFiles) {
				for (const [index, refs] of results.files) jobs.push({ itemIndex, item: perItem[itemIndex][index], refs, maxBytes: results.maxBytes });
			}
		} catch (error) {
			failed.set(itemIndex, error);
		}
	};
	const indexes = Array.from({ length: ctx.getInputData().length }, (_, itemIndex) => itemIndex);
	// Without Continue On Fail no item is started after one failed; those in flight finish.
	await runAtOnce(indexes, atOnce, runItem, () => failed.size > 0 && !ctx.continueOnFail());
	for (const itemIndex of [...failed.keys()].sort((a, b) => a - b)) fail(itemIndex, failed.get(itemIndex));
	if (jobs.length > 0) {
		const failures = await downloadInto(ctx, jobs);
		for (const itemIndex of [...failures.keys()].sort((a, b) => a - b)) fail(itemIndex, failures.get(itemIndex));
	}
	return perItem.flat();
}
