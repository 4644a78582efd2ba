import type { IExecuteFunctions, IHttpRequestOptions, IN8nHttpFullResponse, IWebhookFunctions } from 'n8n-workflow';

import type { FailureFacts } from '../errors';
import { backoffMs, DEFAULT_BACKOFF, describeFailure, isTransient } from './failures';
import { connection, CREDENTIAL_TYPE, secretsNow } from './index';
import { Pacing } from './pacing';

/**
 * Downloading a file a status record names (ProofUrl, RenderedPageUrls). The credential goes only
 * where it belongs: a URL on the API's own origin (scheme, host and port of the credential's API
 * Base URL) is read with the OAuth2 token and the subscription key, as the API's requests are; any
 * other host is read with neither (a signed or public link). Redirects are followed here, hop by hop,
 * so that a redirect from the API to another host never carries the credential there (n8n's helpers
 * would send it on; n8n 1.x has no setting against that). n8n's own rules for outgoing requests (its
 * SSRF protection, on 2.x) apply to every hop: the requests go through n8n's helpers.
 */

type FileContext = IExecuteFunctions | IWebhookFunctions;

export interface DownloadedFile {
	data: Buffer;
	/** The answer's Content-Type, without parameters; absent when it said nothing useful. */
	mimeType?: string;
	/** From Content-Disposition, else the last segment of the URL's path. */
	fileName?: string;
	/** Where the file came from in the end: its host (for messages; never the whole URL, whose query may be a signature). */
	host: string;
}

/** Why a download failed, in words a user can act on; carries no URL, only the host. */
export type FileFailureKind = 'notHttp' | 'missing' | 'notAllowed' | 'unreachable' | 'refusedByN8n' | 'tooLarge' | 'failed';

export class FileFailure extends Error {
	constructor(
		readonly kind: FileFailureKind,
		readonly host: string,
		message: string,
	) {
		super(message);
		this.name = 'FileFailure';
	}
}

/** One run's downloads: one pace per host, so that a host's 429 holds back only the requests to it. */
export class Downloads {
	private readonly paces = new Map<string, Pacing>();

	pacing(origin: string): Pacing {
		let pacing = this.paces.get(origin);
		if (!pacing) {
			pacing = new Pacing();
			this.paces.set(origin, pacing);
		}
		return pacing;
	}
}

const TIMEOUT_MS = 120_000;
const MAX_REDIRECTS = 5;
/** What is read of an error answer, for the host's own words. */
const ERROR_BODY_BYTES = 16 * 1024;
/** The errors n8n's SSRF protection (2.x) throws before sending a request it blocks. */
const SSRF_REFUSALS = new Set(['SsrfBlockedIpError', 'SsrfBlockedHostnameError']);

export function megabytes(bytes: number): string {
	const mb = bytes / (1024 * 1024);
	return `${mb >= 10 ? Math.round(mb) : Math.round(mb * 100) / 100} MB`;
}

function parseUrl(url: string, base?: string): URL | undefined {
	try {
		return new URL(url, base);
	} catch {
		return undefined;
	}
}

/**
 * The file at `url`, read whole into memory, never more than `maxBytes`: an answer that announces
 * more is not read; one that sends more is cut off.
 */
export async function downloadFile(ctx: FileContext, url: string, maxBytes: number, downloads: Downloads): Promise<DownloadedFile> {
	const { root, subscriptionKey, secrets } = await connection(ctx);
	const apiOrigin = new URL(root).origin;
	// A URL without a scheme is the API's own (a service may give paths): resolved against its address.
	const first = parseUrl(url.trim(), `${root}/`);
	if (!first || !/^https?:$/.test(first.protocol)) {
		const scheme = first ? first.protocol.replace(/:$/, '') : '';
		throw new FileFailure('notHttp', '', `its address is not an http(s) URL${scheme ? ` (${scheme})` : ''}, so it is not downloaded`);
	}
	let hop = first;
	for (let redirects = 0; ; redirects++) {
		const answer = await fetchHop(ctx, hop, hop.origin === apiOrigin ? subscriptionKey : undefined, secrets, maxBytes, downloads.pacing(hop.origin));
		if ('location' in answer) {
			if (redirects >= MAX_REDIRECTS) throw new FileFailure('failed', hop.host, `it redirected more than ${MAX_REDIRECTS} times`);
			const next = parseUrl(new URL(answer.location, hop).href);
			if (!next || !/^https?:$/.test(next.protocol)) throw new FileFailure('notHttp', hop.host, 'it redirected to an address that is not http(s)');
			hop = next;
			continue;
		}
		return { ...answer, host: hop.host };
	}
}

type HopAnswer = { location: string } | Omit<DownloadedFile, 'host'>;

/** One address, retried while the host answers that it is busy (429, 503, Retry-After honoured) or the connection broke. */
async function fetchHop(
	ctx: FileContext,
	url: URL,
	subscriptionKey: string | undefined,
	secrets: string[],
	maxBytes: number,
	pacing: Pacing,
): Promise<HopAnswer> {
	for (let attempt = 1; ; attempt++) {
		await pacing.waitTurn();
		const sent = await send(ctx, url.href, subscriptionKey).then(
			(response) => ({ response }),
			(error: unknown) => ({ error }),
		);
		let facts: FailureFacts;
		if ('response' in sent) {
			const { response } = sent;
			const status = response.statusCode;
			const location = header(response, 'location');
			if (status >= 300 && status < 400 && location) {
				discard(response.body);
				return { location };
			}
			if (status < 300) return await fileOf(response, url, maxBytes);
			const data = await readLimited(response.body, ERROR_BODY_BYTES).then((read) => ('data' in read ? read.data.toString('utf8') : ''));
			facts = describeFailure({ response: { status, headers: response.headers, data } }, subscriptionKey ? await secretsNow(ctx, secrets) : secrets);
		} else {
			const name = String((sent.error as { name?: unknown })?.name ?? '');
			if (SSRF_REFUSALS.has(name) || /^The request was blocked because/.test(String((sent.error as Error)?.message))) {
				throw new FileFailure('refusedByN8n', url.host, "n8n's SSRF protection refuses requests to this host (N8N_SSRF_PROTECTION_ENABLED and its allow lists)");
			}
			facts = describeFailure(sent.error, secrets);
		}
		if (!isTransient(facts) || attempt >= DEFAULT_BACKOFF.maxAttempts) throw failureOf(facts, url.host, attempt);
		pacing.slowDown(backoffMs(attempt, facts.retryAfterMs));
	}
}

async function send(ctx: FileContext, url: string, subscriptionKey: string | undefined): Promise<IN8nHttpFullResponse> {
	const options: IHttpRequestOptions = {
		method: 'GET',
		url,
		headers: { Accept: '*/*' },
		encoding: 'stream',
		json: false,
		timeout: TIMEOUT_MS,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		disableFollowRedirect: true,
	};
	if (subscriptionKey === undefined) return (await ctx.helpers.httpRequest(options)) as IN8nHttpFullResponse;
	const withCredential = async (ignoreHttpStatusErrors: boolean) =>
		(await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_TYPE, {
			...options,
			headers: { ...options.headers, 'Ocp-Apim-Subscription-Key': subscriptionKey },
			ignoreHttpStatusErrors,
		})) as IN8nHttpFullResponse;
	const response = await withCredential(true);
	if (response.statusCode !== 401) return response;
	// As for the API's requests: a 401 is sent again the usual way, so that n8n refreshes the token.
	discard(response.body);
	const again = await withCredential(false).then(
		(answer) => ({ answer }),
		(error: unknown) => ({ error }),
	);
	if ('answer' in again) return again.answer;
	const failed = again.error as { httpCode?: unknown; response?: { status?: unknown } };
	const status = Number(failed?.httpCode ?? failed?.response?.status);
	if (status === 401 || status === 403) return { statusCode: status, headers: {}, body: '' };
	throw again.error;
}

function failureOf(facts: FailureFacts, host: string, attempts: number): FileFailure {
	const tries = attempts > 1 ? ` (after ${attempts} attempts)` : '';
	const said = facts.serviceMessages.length > 0 ? `; the host said: ${facts.serviceMessages.slice(0, 3).join('; ')}` : '';
	if (facts.status === 404 || facts.status === 410) return new FileFailure('missing', host, `the file is missing (HTTP ${facts.status})${said}`);
	if (facts.status === 401 || facts.status === 403) {
		return new FileFailure('notAllowed', host, `the host does not allow it (HTTP ${facts.status})${said}`);
	}
	if (facts.status !== undefined) return new FileFailure('failed', host, `the host answered HTTP ${facts.status}${tries}${said}`);
	return new FileFailure('unreachable', host, `the host could not be reached (${facts.reason})${tries}`);
}

function header(response: IN8nHttpFullResponse, name: string): string | undefined {
	const headers = (response.headers ?? {}) as Record<string, unknown>;
	const value = headers[name] ?? headers[name.toLowerCase()] ?? Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
	const text = Array.isArray(value) ? value[0] : value;
	return typeof text === 'string' && text.trim() ? text.trim() : typeof text === 'number' ? String(text) : undefined;
}

async function fileOf(response: IN8nHttpFullResponse, url: URL, maxBytes: number): Promise<Omit<DownloadedFile, 'host'>> {
	const announced = Number(header(response, 'content-length'));
	if (Number.isFinite(announced) && announced > maxBytes) {
		discard(response.body);
		throw new FileFailure('tooLarge', url.host, `the file is ${megabytes(announced)}, over the limit of ${megabytes(maxBytes)} (Max File Size)`);
	}
	const read = await readLimited(response.body, maxBytes);
	if (!('data' in read)) throw new FileFailure('tooLarge', url.host, `the file is more than ${megabytes(maxBytes)}, the limit (Max File Size)`);
	const type = header(response, 'content-type')?.split(';')[0].trim().toLowerCase();
	return {
		data: read.data,
		mimeType: type && type !== 'application/octet-stream' ? type : undefined,
		fileName: fileNameOf(header(response, 'content-disposition')) ?? lastSegment(url),
	};
}

/** `filename*=UTF-8''...` first (RFC 6266), then `filename="..."`; only the name, never a path. */
export function fileNameOf(disposition: string | undefined): string | undefined {
	if (!disposition) return undefined;
	const extended = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(disposition)?.[1];
	let name: string | undefined;
	if (extended) {
		try {
			name = decodeURIComponent(extended.trim());
		} catch {
			name = undefined;
		}
	}
	name ??= /filename\s*=\s*"([^"]*)"/i.exec(disposition)?.[1] ?? /filename\s*=\s*([^;\s]+)/i.exec(disposition)?.[1];
	const base = name?.split(/[\\/]/).pop()?.trim();
	return base ? base : undefined;
}

function lastSegment(url: URL): string | undefined {
	const segment = url.pathname.split('/').filter(Boolean).pop();
	if (!segment) return undefined;
	try {
		return decodeURIComponent(segment);
	} catch {
		return segment;
	}
}

/** A response body n8n gives as a stream (encoding: 'stream'). */
interface ByteStream extends AsyncIterable<unknown> {
	destroy(): void;
}

function isReadable(body: unknown): body is ByteStream {
	return typeof (body as ByteStream | undefined)?.[Symbol.asyncIterator] === 'function' && typeof (body as ByteStream).destroy === 'function';
}

function discard(body: unknown): void {
	if (isReadable(body)) body.destroy();
}

/** The whole body, or `{}` when it is more than `maxBytes` (the stream is then closed without reading the rest). */
async function readLimited(body: unknown, maxBytes: number): Promise<{ data: Buffer } | Record<string, never>> {
	if (body === undefined || body === null) return { data: Buffer.alloc(0) };
	if (Buffer.isBuffer(body)) return body.length > maxBytes ? {} : { data: body };
	if (typeof body === 'string') return readLimited(Buffer.from(body), maxBytes);
	if (body instanceof ArrayBuffer) return readLimited(Buffer.from(body), maxBytes);
	if (!isReadable(body)) return readLimited(Buffer.from(JSON.stringify(body)), maxBytes);
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of body) {
		const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
		size += buffer.length;
		if (size > maxBytes) {
			body.destroy();
			return {};
		}
		chunks.push(buffer);
	}
	return { data: Buffer.concat(chunks, size) };
}
