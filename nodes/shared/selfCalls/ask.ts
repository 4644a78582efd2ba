import type { IDataObject } from 'n8n-workflow';

import { hideSecretsInText } from '../hideSecrets';
import type { N8nAnswer, SendToN8n } from '../n8nInternals';

/**
 * Sending a request to n8n itself at the addresses to try (addresses.ts), counting only an answer
 * that proves it came from the node (signing.ts), and saying what failed: every address tried and
 * what it answered, and what the user can set. A failed self-call is never dropped: the caller shows
 * it where users look (the publish, a failed execution, the wait's start, its output).
 */

/** One address tried and what came back, as messages show it (no query, no secret). */
export interface Attempt {
	address: string;
	got: string;
}

export interface SelfRequest {
	/** The URL at a root (addresses.ts). */
	url(root: string): string;
	body: IDataObject;
	headers?: Record<string, string>;
	timeoutMs: number;
}

export type Asked<T> = { value: T; root: string } | { attempts: Attempt[] };

/** What an answer from a root is worth to the caller: undefined, nothing (the next root is asked). */
export type Accept<T> = (answer: N8nAnswer, root: string) => T | undefined;

/** What an answer was, for an address that did not give what was asked. */
export function whatCameBack(answer: N8nAnswer): string {
	if (answer.refused !== undefined) return `refused by n8n's SSRF protection: ${answer.refused}`;
	if (answer.status === undefined) return `no answer (${answer.error ?? 'unknown'})`;
	const message = typeof (answer.body as { message?: unknown } | undefined)?.message === 'string' ? `: ${(answer.body as { message: string }).message}` : '';
	return `HTTP ${answer.status}${answer.status < 300 ? ' without the node\'s proof' : message.slice(0, 120)}`;
}

/** An address as an error shows it: without its query (n8n's resume token) and with any secret hidden. */
function shown(url: string): string {
	return hideSecretsInText(url.replace(/\?.*$/, ''));
}

async function askOne<T>(send: SendToN8n, root: string, request: SelfRequest, accept: Accept<T>): Promise<Asked<T>> {
	const url = request.url(root);
	const answer = await send({ url, body: request.body, headers: request.headers, timeoutMs: request.timeoutMs });
	const value = accept(answer, root);
	return value !== undefined ? { value, root } : { attempts: [{ address: shown(url), got: whatCameBack(answer) }] };
}

/** Asks at each root in turn; the first answer `accept` takes, or every attempt. */
export async function askInTurn<T>(send: SendToN8n, roots: string[], request: SelfRequest, accept: Accept<T>): Promise<Asked<T>> {
	const attempts: Attempt[] = [];
	for (const root of roots) {
		const asked = await askOne(send, root, request, accept);
		if ('value' in asked) return asked;
		attempts.push(...asked.attempts);
	}
	return { attempts };
}

/**
 * Asks at every root at once; the answer `accept` takes from the first root in order that gave one
 * (as soon as the roots before it have answered: a later one that hangs is not waited for), or every
 * attempt.
 */
export async function askAtOnce<T>(send: SendToN8n, roots: string[], request: SelfRequest, accept: Accept<T>): Promise<Asked<T>> {
	const asking = roots.map(async (root) => await askOne(send, root, request, accept));
	const attempts: Attempt[] = [];
	for (const pending of asking) {
		const asked = await pending;
		if ('value' in asked) return asked;
		attempts.push(...asked.attempts);
	}
	return { attempts };
}

/** The attempts as one line: `address (what came back), ...`. */
export function triedText(attempts: Attempt[]): string {
	return attempts.map((attempt) => `${attempt.address} (${attempt.got})`).join(', ');
}

const refusedBySsrf = (attempt: Attempt) => attempt.got.startsWith("refused by n8n's SSRF protection");

/** Why no address answered, in a few words: n8n's SSRF protection when it refused them all. */
export function whyNoneAnswered(attempts: Attempt[]): string {
	return attempts.length > 0 && attempts.every(refusedBySsrf) ? "n8n's SSRF protection refuses every address of n8n itself" : 'no address of n8n answered';
}

/** What a user can set when n8n cannot be reached at any of its addresses; `alternative` says what else to do. */
export function whereToPointIt(attempts: Attempt[], alternative: string): string {
	const ssrf = attempts.some(refusedBySsrf);
	return (
		`Set "n8n Internal URL" in the Print Store credential to an address where this n8n process reaches n8n's webhooks: ` +
		'in one process, the address n8n listens on (e.g. http://127.0.0.1:5678 when N8N_PORT is not 5678); in queue mode, a webhook process or your internal load balancer (e.g. http://n8n-webhook:5678). ' +
		'Or let n8n reach its own N8N_WEBHOOK_URL. ' +
		(ssrf
			? "n8n's SSRF protection refused some of them: allow n8n's own address on every n8n process, its host name in N8N_SSRF_ALLOWED_HOSTNAMES or its IP address in N8N_SSRF_ALLOWED_IP_RANGES (e.g. 10.0.0.5/32). "
			: '') +
		alternative
	);
}

/**
 * A failure that may last (an address out of reach, a store that cannot be read): shown once when
 * it starts or changes, not again on every try while it lasts, and again after it has cleared.
 */
export class LastingFailure {
	private current = '';

	/** Whether this failure is new (and so to be shown); it is remembered as the current one. */
	isNew(reason: string): boolean {
		const fresh = reason !== this.current;
		this.current = reason;
		return fresh;
	}

	/** The failure cleared: the next one is shown. Whether there was one. */
	clear(): boolean {
		const had = this.current !== '';
		this.current = '';
		return had;
	}
}
