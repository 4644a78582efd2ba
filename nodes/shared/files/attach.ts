import type { IBinaryData, IDataObject, IExecuteFunctions, INodeExecutionData, IWebhookFunctions } from 'n8n-workflow';

import { runAtOnce } from '../atOnce';
import { ItemProblem } from '../errors';
import { readField } from '../json';
import { chronological } from '../reads/orders';
import { downloadFile, Downloads, FileFailure } from '../transport/files';
import type { FilesWanted } from './fields';

/**
 * The proof and pages a record names, downloaded into its item as binary properties (`proof`,
 * `page_1`, ...), a few at a time across every item of the run.
 */

/** How many files are downloaded at once, over all items of a node's run. */
export const DOWNLOADS_AT_ONCE = 4;

export interface FileRef {
	/** The binary property: `proof`, `page_1`, ... */
	property: string;
	url: string;
	/** As a message names it: "proof", "page 2". */
	label: string;
}

function proofUrl(record: IDataObject): string | undefined {
	const value = readField(record, 'ProofUrl', 'ProofURL');
	return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

function pageUrls(record: IDataObject): string[] {
	const value = readField(record, 'RenderedPageUrls', 'RenderedPageURLs');
	const list = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
	return list.map((url) => (typeof url === 'string' ? url.trim() : '')).filter(Boolean);
}

/** The files one record names, as far as they are wanted. */
export function filesOf(record: IDataObject, wanted: Pick<FilesWanted, 'proof' | 'pages'>): FileRef[] {
	const refs: FileRef[] = [];
	const proof = wanted.proof ? proofUrl(record) : undefined;
	if (proof) refs.push({ property: 'proof', url: proof, label: 'proof' });
	if (wanted.pages) pageUrls(record).forEach((url, index) => refs.push({ property: `page_${index + 1}`, url, label: `page ${index + 1}` }));
	return refs;
}

/**
 * For each record of a history (by its index in `records`), the files to download into its item:
 * every record's own, or only the newest record's (by Timestamp) that names a proof, and the newest
 * that names pages (a service may put them on different records).
 */
export function filesOfHistory(records: readonly IDataObject[], wanted: FilesWanted): Map<number, FileRef[]> {
	const chosen = new Map<number, FileRef[]>();
	const add = (index: number, refs: FileRef[]) => refs.length > 0 && chosen.set(index, [...(chosen.get(index) ?? []), ...refs]);
	if (wanted.everyRecord) {
		records.forEach((record, index) => add(index, filesOf(record, wanted)));
		return chosen;
	}
	const newestFirst = chronological(records).reverse();
	const newestWith = (kind: 'proof' | 'pages') => {
		const record = newestFirst.find((entry) => filesOf(entry, { proof: kind === 'proof', pages: kind === 'pages' }).length > 0);
		return record ? records.indexOf(record) : -1;
	};
	for (const kind of ['proof', 'pages'] as const) {
		if (!wanted[kind]) continue;
		const index = newestWith(kind);
		if (index >= 0) add(index, filesOf(records[index], { proof: kind === 'proof', pages: kind === 'pages' }));
	}
	return chosen;
}

/** The files of the newest records of a history that name them (a proof, and pages), for one item. */
export function newestFiles(history: readonly IDataObject[], wanted: FilesWanted): FileRef[] {
	return [...filesOfHistory(history, { ...wanted, everyRecord: false }).values()].flat();
}

/** One output item and the files that go into it. */
export interface FileJob {
	itemIndex: number;
	item: INodeExecutionData;
	refs: FileRef[];
	maxBytes: number;
}

function fileProblem(ref: FileRef, itemIndex: number, failure: FileFailure): ItemProblem {
	const from = failure.host ? ` from ${failure.host}` : '';
	const what = `The ${ref.label} of item ${itemIndex} could not be downloaded${from}: ${failure.message}`;
	const advice: Record<FileFailure['kind'], string> = {
		notHttp: 'Only http(s) addresses are downloaded. Check the URL in the item, or choose "Don\'t Download".',
		missing: 'The host no longer has the file, or has not made it yet (a proof comes with the In Production status). Try again later, or read the order again for a newer URL.',
		notAllowed:
			"The host refused the request. On the API's own host the file is read with this credential: check its permissions. On any other host it is read without credentials, as a signed or public link: the link may have expired; read the order again for a new one.",
		unreachable: 'Check that n8n can reach that host (DNS, firewall, proxy), then run again.',
		refusedByN8n: "n8n's own settings stop requests to that host. Allow it in n8n's SSRF settings (N8N_SSRF_*), or choose \"Don't Download\".",
		tooLarge: 'Raise Max File Size under Download Options if n8n may hold a file that large, or download only what you need (Proof, or Pages).',
		failed: 'Run again later; if it keeps failing, the host may be having trouble.',
	};
	return new ItemProblem(what, advice[failure.kind]);
}

/**
 * Downloads every job's files, `DOWNLOADS_AT_ONCE` at a time over all jobs, with n8n's binary data
 * helper (which keeps the data where n8n's binary data mode says), and puts them into each job's
 * `item.binary` in the order the record names them (`proof`, then `page_1`, `page_2`, ...), however
 * the downloads finished. Returns the failure of each item that had one, by item index: the first of
 * its files, in that order, that could not be downloaded (the files are taken in order, so every file
 * before a failed one was asked for too); such an item gets none of its files, and its remaining ones
 * are not downloaded. The other items' files are all there.
 */
export async function downloadInto(ctx: IExecuteFunctions | IWebhookFunctions, jobs: FileJob[]): Promise<Map<number, Error>> {
	const downloads = new Downloads();
	const units = jobs.flatMap((job) => job.refs.map((ref) => ({ job, ref })));
	/** The files downloaded, by their unit's place in `units`. */
	const downloaded: IBinaryData[] = [];
	/** Each failed item's first failure, and its unit's place. */
	const failed = new Map<number, { at: number; error: Error }>();
	await runAtOnce(
		units.map((unit, at) => ({ ...unit, at })),
		DOWNLOADS_AT_ONCE,
		async ({ job, ref, at }) => {
			if (failed.has(job.itemIndex)) return;
			try {
				const file = await downloadFile(ctx, ref.url, job.maxBytes, downloads);
				downloaded[at] = await ctx.helpers.prepareBinaryData(file.data, file.fileName, file.mimeType);
			} catch (error) {
				if ((failed.get(job.itemIndex)?.at ?? Infinity) < at) return;
				failed.set(job.itemIndex, { at, error: error instanceof FileFailure ? fileProblem(ref, job.itemIndex, error) : (error as Error) });
			}
		},
	);
	// In the units' order, which is each record's: proof, then page_1, page_2, ...
	units.forEach(({ job, ref }, at) => {
		if (!failed.has(job.itemIndex)) job.item.binary = { ...job.item.binary, [ref.property]: downloaded[at] };
	});
	return new Map([...failed].map(([itemIndex, { error }]) => [itemIndex, error]));
}

/** What one input item outputs when it downloads files: its JSON items, and the files for each (by the item's index in `results`). */
export class WithFiles {
	constructor(
		readonly results: IDataObject[],
		readonly files: Map<number, FileRef[]>,
		readonly maxBytes: number,
	) {}
}
