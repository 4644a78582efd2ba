import type { IDataObject, INodeExecutionData, IWebhookFunctions } from 'n8n-workflow';

import { downloadInto, newestFiles, type FileJob } from '../../shared/files/attach';
import { filesWanted } from '../../shared/files/fields';
import { hideSecretsInText } from '../../shared/hideSecrets';

/** An output of a resume call: the item, the history it was settled with, and its input item's index. */
export interface ResumedOrder {
	item: INodeExecutionData;
	history: readonly IDataObject[];
	itemIndex: number;
}

/**
 * Download Proof and Pages when a resume call ends the wait: each order's files, from the newest
 * records of the history the wait ended with. The call cannot fail one item alone (the execution
 * goes on with all of them), so a failed download leaves that item without files and with
 * `downloadError`, which names the file, the item, the host and why; the other items keep theirs.
 */
export async function downloadOnResume(ctx: IWebhookFunctions, orders: ResumedOrder[]): Promise<void> {
	if (orders.length === 0) return;
	let wanted: ReturnType<typeof filesWanted>;
	try {
		wanted = filesWanted((name, fallback) => ctx.getNodeParameter(name, fallback));
	} catch (error) {
		for (const { item } of orders) item.json = { ...item.json, downloadError: (error as Error).message };
		return;
	}
	if (!wanted) return;
	const jobs: FileJob[] = orders.map(({ item, history, itemIndex }) => ({ itemIndex, item, refs: newestFiles(history, wanted), maxBytes: wanted.maxBytes }));
	const failures = await downloadInto(ctx, jobs);
	for (const job of jobs) {
		const error = failures.get(job.itemIndex);
		if (!error) continue;
		delete job.item.binary;
		job.item.json = { ...job.item.json, downloadError: hideSecretsInText(error.message) };
	}
}
