import type { RequestFailure } from './errors';

interface ErrorLike {
	code?: unknown;
	message?: unknown;
	cause?: unknown;
	httpCode?: unknown;
	response?: { status?: unknown; headers?: Record<string, unknown>; data?: unknown };
}

/** Codes meaning the request never reached the service, so nothing can have been done. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

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

function parseRetryAfter(value: unknown): number | undefined {
	if (typeof value !== 'string' && typeof value !== 'number') return undefined;
	const seconds = Number(value);
	if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
	const date = Date.parse(String(value));
	return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function messagesFrom(data: unknown): string[] {
	if (!data || typeof data !== 'object') return typeof data === 'string' && data.length < 500 ? [data] : [];
	const meta = (data as { _meta?: { Messages?: unknown } })._meta;
	if (meta && Array.isArray(meta.Messages)) return meta.Messages.map(String);
	const loose = data as { message?: unknown; error_description?: unknown; error?: unknown };
	for (const candidate of [loose.message, loose.error_description, loose.error]) {
		if (typeof candidate === 'string') return [candidate];
	}
	return [];
}

function redact(text: string, secrets: string[]): string {
	let out = text;
	for (const secret of secrets) if (secret) out = out.split(secret).join('[redacted]');
	// Bearer tokens are never ours to show either.
	return out.replace(/Bearer\s+[\w.~+/=-]+/gi, 'Bearer [redacted]');
}

/** Reads what matters out of whatever n8n's request helpers threw, leaving request details behind. */
export function describeFailure(error: unknown, secrets: string[]): RequestFailure {
	let status: number | undefined;
	let code: string | undefined;
	let retryAfterMs: number | undefined;
	let serviceMessages: string[] = [];
	let firstMessage: string | undefined;
	for (const link of chain(error)) {
		const response = link.response;
		if (status === undefined && response && typeof response.status === 'number') {
			status = response.status;
			const headers = response.headers ?? {};
			retryAfterMs = parseRetryAfter(headers['retry-after'] ?? headers['Retry-After']);
			serviceMessages = messagesFrom(response.data);
		}
		if (code === undefined && typeof link.code === 'string' && /^[A-Z_]+$/.test(link.code)) code = link.code;
		if (firstMessage === undefined && typeof link.message === 'string') firstMessage = link.message;
	}
	if (status === undefined) {
		const httpCode = chain(error).map((l) => Number(l.httpCode)).find((n) => Number.isInteger(n) && n > 0);
		if (httpCode) status = httpCode;
	}
	const reason = code ?? (firstMessage ? redact(firstMessage, secrets).slice(0, 200) : 'unknown error');
	return {
		status,
		code,
		retryAfterMs,
		serviceMessages: serviceMessages.map((m) => redact(m, secrets)),
		reason,
	};
}

/** 429 and 503 mean the service turned the request away before acting on it. */
export function isProvenUnprocessed(failure: RequestFailure): boolean {
	if (failure.status === 429 || failure.status === 503) return true;
	return failure.status === undefined && failure.code !== undefined && NOT_SENT_CODES.has(failure.code);
}

/** Anything that may pass on its own: rate limits, gateway trouble, broken connections. */
export function isTransient(failure: RequestFailure): boolean {
	if (isProvenUnprocessed(failure)) return true;
	if (failure.status === 502 || failure.status === 504) return true;
	return failure.status === undefined && failure.code !== undefined && BROKEN_CODES.has(failure.code);
}

/** Whether a failed write may have been carried out by the service anyway. */
export function isAmbiguous(failure: RequestFailure): boolean {
	if (isProvenUnprocessed(failure)) return false;
	if (failure.status === undefined) return true;
	return failure.status >= 500 || failure.status === 408;
}
