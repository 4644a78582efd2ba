/**
 * Where the files of status records live, and their addresses. A setting (GET|PUT /_sandbox/files):
 * - proofs: 'api' on the API host behind its authentication; 'cdn' on the file host as a signed
 *   link; 'redirect' on the API host, which authenticates and then redirects to the signed link;
 * - pages: 'cdn' on the file host, public; 'api' on the API host behind its authentication;
 * - missing: orders (ID or OrderNumber) whose files answer 404, as files that are gone;
 * - chunked: files sent without a Content-Length, in chunks, as a streaming server sends them;
 * - delayMs: proofs and pages answered that much later (a slow host, files that finish out of order).
 * A record's URLs are fixed when it is written; the other settings act when a file is asked for.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { findProduct } from './catalogue';
import type { OrderRecord } from './types';

export const PROOF_PLACES = ['api', 'cdn', 'redirect'] as const;
export const PAGE_PLACES = ['cdn', 'api'] as const;

export interface FileSettings {
	proofs: (typeof PROOF_PLACES)[number];
	pages: (typeof PAGE_PLACES)[number];
	missing: string[];
	chunked: boolean;
	delayMs: { proofs: number; pages: number };
}

export const DEFAULT_FILE_SETTINGS: Readonly<FileSettings> = Object.freeze({ proofs: 'api', pages: 'cdn', missing: [], chunked: false, delayMs: { proofs: 0, pages: 0 } });

const delay = { type: 'integer', minimum: 0, maximum: 60_000 } as const;

/** PUT /_sandbox/files: any subset of the settings; `missing` replaces the whole list, `delayMs` both delays (one left out is 0). */
export const fileSettingsBody = {
	type: 'object',
	additionalProperties: false,
	properties: {
		proofs: { type: 'string', enum: [...PROOF_PLACES] },
		pages: { type: 'string', enum: [...PAGE_PLACES] },
		missing: { type: 'array', maxItems: 10_000, items: { type: 'string', minLength: 1, maxLength: 200 } },
		chunked: { type: 'boolean' },
		delayMs: { type: 'object', additionalProperties: false, properties: { proofs: delay, pages: delay } },
	},
} as const;

export type FileSettingsChange = Partial<Omit<FileSettings, 'delayMs'>> & { delayMs?: Partial<FileSettings['delayMs']> };

export const proofPath = (order: Pick<OrderRecord, 'id'>) => `/proofs/${encodeURIComponent(order.id)}.pdf`;
export const pagePath = (order: OrderRecord, page: number) => `/renders/${encodeURIComponent(order.id)}/page-${page}.png`;

/** One rendered page per sheet of the product. */
export function pageCount(order: OrderRecord): number {
	return findProduct(order.details.Product.ID)?.sheets ?? 1;
}

export class FileLinks {
	private settings: FileSettings = { ...DEFAULT_FILE_SETTINGS, missing: [], delayMs: { ...DEFAULT_FILE_SETTINGS.delayMs } };
	private missing = new Set<string>();
	/** Per sandbox: a signed link of one sandbox is refused by another. */
	private readonly secret = randomBytes(32);

	constructor(
		private readonly baseUrl: () => string,
		private readonly filesUrl: () => string,
	) {}

	get current(): FileSettings {
		return { ...this.settings, missing: [...this.settings.missing], delayMs: { ...this.settings.delayMs } };
	}

	set(change: FileSettingsChange): void {
		const delayMs = change.delayMs ? { proofs: change.delayMs.proofs ?? 0, pages: change.delayMs.pages ?? 0 } : this.settings.delayMs;
		this.settings = { ...this.settings, ...change, missing: [...(change.missing ?? this.settings.missing)], delayMs };
		this.missing = new Set(this.settings.missing);
	}

	reset(): void {
		this.set({ ...DEFAULT_FILE_SETTINGS, missing: [], delayMs: { ...DEFAULT_FILE_SETTINGS.delayMs } });
	}

	isMissing(order: OrderRecord): boolean {
		return this.missing.has(order.id) || this.missing.has(order.number);
	}

	/** The record's ProofUrl, under the setting at this moment. */
	proofUrl(order: OrderRecord): string {
		return this.settings.proofs === 'cdn' ? this.signedProofUrl(order) : `${this.baseUrl()}/api/v1/files${proofPath(order)}`;
	}

	/** The record's RenderedPageUrls, under the setting at this moment. */
	pageUrls(order: OrderRecord): string[] {
		const origin = this.settings.pages === 'api' ? `${this.baseUrl()}/api/v1/files` : this.filesUrl();
		return Array.from({ length: pageCount(order) }, (_, i) => `${origin}${pagePath(order, i + 1)}`);
	}

	signedProofUrl(order: OrderRecord): string {
		return `${this.filesUrl()}${proofPath(order)}?sig=${this.signature(proofPath(order))}`;
	}

	/** Checked against the canonical path of the ID, so any spelling of the ID in the URL verifies alike. */
	proofSigned(orderId: string, sig: unknown): boolean {
		if (typeof sig !== 'string') return false;
		const expected = Buffer.from(this.signature(proofPath({ id: orderId })));
		const given = Buffer.from(sig);
		return given.length === expected.length && timingSafeEqual(given, expected);
	}

	private signature(path: string): string {
		return createHmac('sha256', this.secret).update(path).digest('base64url');
	}
}
