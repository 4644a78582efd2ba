import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { InvalidValue } from '../errors';

/**
 * "Download Proof and Pages": the fields, and what they ask for. Both nodes show them (Print Store:
 * Get Status History and Get; the trigger from version 2 on) under the same names.
 */

export const DEFAULT_MAX_FILE_MB = 25;

export interface FilesWanted {
	proof: boolean;
	pages: boolean;
	/** A history: every record's files, instead of the newest record's that has them. */
	everyRecord: boolean;
	maxBytes: number;
}

const CHOICES = [
	{ name: "Don't Download", value: 'none' },
	{ name: 'Pages', value: 'pages', description: 'The RenderedPageUrls files, as binary properties "page_1", "page_2" and so on' },
	{ name: 'Proof', value: 'proof', description: 'The ProofUrl file, as binary property "proof"' },
	{ name: 'Proof and Pages', value: 'both', description: 'Both: "proof", then "page_1", "page_2" and so on' },
];

/**
 * `where` says in a sentence (without its final period) where the URLs are taken from, for this operation. Files on the API's own
 * host are read with the credential, files on any other host without it (docs/files.md).
 */
export function downloadFields(where: string, forHistory: boolean): INodeProperties[] {
	return [
		{
			displayName: 'Download Proof and Pages',
			name: 'downloadFiles',
			type: 'options',
			options: CHOICES,
			default: 'none',
			description: `Whether to add the order's proof (ProofUrl) and rendered pages (RenderedPageUrls) to the item as files. ${where}.`,
		},
		{
			displayName: 'Download Options',
			name: 'downloadOptions',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			displayOptions: { show: { downloadFiles: ['proof', 'pages', 'both'] } },
			options: [
				...(forHistory
					? [
							{
								displayName: 'Files Of',
								name: 'filesOf',
								type: 'options' as const,
								options: [
									{ name: 'Every Record', value: 'every', description: "Each record's item gets that record's files" },
									{ name: 'Newest Record with Files', value: 'newest', description: 'Only the newest record (by Timestamp) that has a proof, and the newest that has pages' },
								],
								default: 'newest',
								description: 'Which status records to download the files of',
							},
						]
					: []),
				{
					displayName: 'Max File Size (MB)',
					name: 'maxFileSizeMb',
					type: 'number',
					typeOptions: { minValue: 0 },
					default: DEFAULT_MAX_FILE_MB,
					description:
						'The largest file to download, in megabytes. A larger file fails its item with a message naming its host, its size and this limit. 25 MB is what most email services take as an attachment.',
				},
			],
		},
	];
}

/** A node parameter as the caller's context reads it: per item in an execution, once in a webhook. */
export type ParameterReader = (name: string, fallback: unknown) => unknown;

/** What the item asks to download, or undefined when it asks for nothing. */
export function filesWanted(parameter: ParameterReader): FilesWanted | undefined {
	const choice = String(parameter('downloadFiles', 'none') ?? 'none');
	if (choice === 'none' || choice === '') return undefined;
	if (!['proof', 'pages', 'both'].includes(choice)) throw new InvalidValue('Download Proof and Pages', `must be one of none, proof, pages, both (got "${choice}")`);
	const options = (parameter('downloadOptions', {}) ?? {}) as IDataObject;
	const megabytes = options.maxFileSizeMb === undefined || options.maxFileSizeMb === '' ? DEFAULT_MAX_FILE_MB : Number(options.maxFileSizeMb);
	if (!Number.isFinite(megabytes) || megabytes <= 0) throw new InvalidValue('Max File Size (MB)', 'must be a number of megabytes above 0');
	return {
		proof: choice !== 'pages',
		pages: choice !== 'proof',
		everyRecord: options.filesOf === 'every',
		maxBytes: Math.floor(megabytes * 1024 * 1024),
	};
}

/** Items read at a time when files are downloaded (the run then waits on the network more than on n8n). */
export const READS_AT_ONCE_WITH_FILES = 4;

/**
 * How many items a reading operation runs at a time: `READS_AT_ONCE_WITH_FILES` when the node
 * downloads files (as its first item says), else one after the other, as before.
 */
export function readsAtOnce(ctx: IExecuteFunctions): number {
	return String(ctx.getNodeParameter('downloadFiles', 0, 'none') ?? 'none') === 'none' ? 1 : READS_AT_ONCE_WITH_FILES;
}
