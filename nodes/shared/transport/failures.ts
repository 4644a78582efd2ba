import type { FailureFacts } from '../errors';
import { hideCredentialSecrets } from '../hideSecrets';
import { isRecord, readField } from '../json';

interface ErrorLike {
	code?: unknown;
	message?: unknown;
	cause?: unknown;
	httpCode?: unknown;
	response?: { status?: unknown; headers?: Record<string, unknown>; data?: unknown };
}

/** Codes meaning the request never reached the service, so nothing can have been done. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * Codes of n8n's OAuth2 client for a token endpoint that refused (EAUTH: an OAuth2 error answer;
 * ESTATUS: another HTTP status): the credential could not be used, the API was never reached.
 */
const TOKEN_ENDPOINT_CODES = new Set(['EAUTH', 'ESTATUS']);

/** Codes meaning the connection broke; the service may or may not have acted. */
const BROKEN_CODES = new Set([
	'ECONNRESET',
	'ECONNABORTED',
	'EPIPE',
	'ETIMEDOUT',
	'ESOCKETTIMEDOUT',
	'EHOSTUNREACH',
	'ENETUNREACH',
	'UND_ERR_SOCKET',
	'UND_ERR_HEADERS_TIMEOUT',
	'UND_ERR_BODY_TIMEOUT',
]);

const MAX_MESSAGES = 50;
const MAX_MESSAGE_LENGTH = 500;

function chain(error: unknown): ErrorLike[] {
	const seen = new Set<unknown>();
	const links: ErrorLike[] = [];
	let current = error;
	while (current && typeof current === 'object' && !seen.has(current) && links.length < 8) {
		seen.add(current);
		links.push(current as ErrorLike);
		current = (current as ErrorLike).cause;
	}
	return links;
}

export function parseRetryAfter(value: unknown, now = Date.now()): number | undefined {
	if (typeof value !== 'string' && typeof value !== 'number') return undefined;
	const seconds = Number(value);
	if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
	const date = Date.parse(String(value));
	return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function texts(value: unknown): string[] {
	if (typeof value === 'string') return value.trim() ? [value] : [];
	if (Array.isArray(value)) return value.flatMap((entry) => (isRecord(entry) ? messagesOf(entry) : texts(entry)));
	return [];
}

/** `{ "Items[0].Recipient": ["is required"] }` (ASP.NET ModelState, problem+json errors) as "Items[0].Recipient: is required". */
function fieldMessages(value: unknown): string[] {
	if (!isRecord(value)) return texts(value);
	return Object.entries(value).flatMap(([field, entry]) =>
		texts(entry).map((text) => (field && !text.includes(field) ? `${field}: ${text}` : text)),
	);
}

/**
 * The service's own words, from any error body shape a real API (or the gateway in front of it)
 * plausibly sends: `{_meta: {Messages}}`, `{Messages}`, `{message}` / `{Message}` (gateways,
 * ASP.NET), `{ModelState}` / `{errors}` keyed by field, `{error, error_description}` (OAuth2),
 * `{title, detail}` (problem+json), or plain text.
 */
function messagesOf(data: Record<string, unknown>): string[] {
	const found: string[] = [];
	const meta = readField(data, '_meta');
	if (isRecord(meta)) found.push(...texts(readField(meta, 'Messages')));
	found.push(...texts(readField(data, 'Messages')));
	for (const name of ['message', 'error_description', 'detail', 'title']) found.push(...texts(readField(data, name)));
	const error = readField(data, 'error');
	if (isRecord(error)) found.push(...messagesOf(error));
	else if (found.length === 0) found.push(...texts(error));
	found.push(...fieldMessages(readField(data, 'ModelState')));
	found.push(...fieldMessages(readField(data, 'errors')));
	return [...new Set(found)];
}

export function serviceMessagesFrom(data: unknown): string[] {
	let body = data;
	if (typeof body === 'string') {
		const trimmed = body.trim();
		try {
			body = trimmed.startsWith('{') || trimmed.startsWith('[') ? (JSON.parse(trimmed) as unknown) : trimmed;
		} catch {
			body = trimmed;
		}
	}
	const found = typeof body === 'string' ? texts(body) : Array.isArray(body) ? texts(body) : isRecord(body) ? messagesOf(body) : [];
	return found.slice(0, MAX_MESSAGES).map((text) => (text.length > MAX_MESSAGE_LENGTH ? `${text.slice(0, MAX_MESSAGE_LENGTH - 3)}...` : text));
}

/** Reads what matters out of whatever n8n's request helpers threw, leaving request details behind. */
export function describeFailure(error: unknown, secrets: readonly string[], now = Date.now()): FailureFacts {
	let status: number | undefined;
	let code: string | undefined;
	let retryAfterMs: number | undefined;
	let serviceMessages: string[] = [];
	let firstMessage: string | undefined;
	const links = chain(error);
	for (const link of links) {
		const response = link.response;
		if (status === undefined && response && typeof response.status === 'number') {
			status = response.status;
			const headers = response.headers ?? {};
			retryAfterMs = parseRetryAfter(headers['retry-after'] ?? headers['Retry-After'], now);
			serviceMessages = serviceMessagesFrom(response.data);
		}
		if (code === undefined && typeof link.code === 'string' && /^[A-Z_]+$/.test(link.code) && !TOKEN_ENDPOINT_CODES.has(link.code)) code = link.code;
		if (firstMessage === undefined && typeof link.message === 'string') firstMessage = link.message;
		// A refusing token endpoint's own words (its error_description), which n8n's message replaces by a generic text.
		const tokenAnswer = typeof link.code === 'string' && TOKEN_ENDPOINT_CODES.has(link.code) ? (link as { body?: unknown }).body : undefined;
		if (serviceMessages.length === 0 && tokenAnswer !== undefined) serviceMessages = serviceMessagesFrom(tokenAnswer);
	}
	if (status === undefined) {
		const httpCode = links.map((link) => Number(link.httpCode)).find((n) => Number.isInteger(n) && n > 0);
		if (httpCode) status = httpCode;
	}
	const reason = code ?? (firstMessage ? hideCredentialSecrets(firstMessage, secrets).slice(0, 200) : 'unknown error');
	return { status, code, retryAfterMs, serviceMessages: serviceMessages.map((text) => hideCredentialSecrets(text, secrets)), reason };
}

/** 429 and 503 mean the service turned the request away before acting on it. */
export function isProvenUnprocessed(facts: FailureFacts): boolean {
	if (facts.status === 429 || facts.status === 503) return true;
	return facts.status === undefined && facts.code !== undefined && NOT_SENT_CODES.has(facts.code);
}

/** Anything that may pass on its own: rate limits, gateway trouble, broken connections. */
export function isTransient(facts: FailureFacts): boolean {
	if (isProvenUnprocessed(facts)) return true;
	if (facts.status === 502 || facts.status === 504) return true;
	return facts.status === undefined && facts.code !== undefined && BROKEN_CODES.has(facts.code);
}

/** Whether a failed write may have been carried out by the service anyway. */
export function isAmbiguous(facts: FailureFacts): boolean {
	if (isProvenUnprocessed(facts)) return false;
	// No answer at all: nothing shows the request did not arrive, so assume it may have.
	if (facts.status === undefined) return true;
	return facts.status >= 500 || facts.status === 408;
}

export interface Backoff {
	maxAttempts: number;
	baseDelayMs: number;
	maxDelayMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { maxAttempts: 6, baseDelayMs: 500, maxDelayMs: 30_000 };

/**
 * How long to wait before attempt `attempt + 1`: the service's Retry-After when it sent one (capped),
 * otherwise exponential backoff with full jitter so many executions do not retry in lockstep.
 */
export function backoffMs(attempt: number, retryAfterMs: number | undefined, settings = DEFAULT_BACKOFF, random = Math.random): number {
	if (retryAfterMs !== undefined) return Math.min(retryAfterMs, settings.maxDelayMs);
	const exponential = settings.baseDelayMs * 2 ** (attempt - 1);
	return Math.min(settings.maxDelayMs, exponential / 2 + random() * (exponential / 2));
}
