import type { IDataObject, IExecuteFunctions, ITriggerFunctions, IWebhookFunctions } from 'n8n-workflow';

import { N8nChanged, type GuardName } from './changed';

/**
 * What the package's requests to n8n itself take from n8n beyond its documented API: sending from a
 * context after the node has returned, how n8n's settings refuse such a request, and where n8n
 * served a webhook request. The policy (which addresses, in which order, signed how, proved how,
 * what a failure says) is nodes/shared/selfCalls/; this file only sends and reads sockets.
 */

/** What n8n answered a request the package sent to it, or why nothing answered. */
export interface N8nAnswer {
	status?: number;
	body?: unknown;
	/** No answer: the error's code (ECONNREFUSED, ETIMEDOUT, ENOTFOUND...) or name. */
	error?: string;
	/** Refused before sending by n8n's SSRF protection: what n8n said. */
	refused?: string;
}

export interface N8nRequest {
	url: string;
	body: IDataObject;
	headers?: Record<string, string>;
	timeoutMs: number;
}

export type SendToN8n = (request: N8nRequest) => Promise<N8nAnswer>;

/** The errors n8n's SSRF protection (n8n 2.x, N8N_SSRF_PROTECTION_ENABLED) refuses a request with, before sending it. */
const SSRF_REFUSALS = new Set(['SsrfBlockedIpError', 'SsrfBlockedHostnameError']);

function sentence(text: unknown): string {
	const value = String(text ?? '').trim();
	return value === '' || /[.!?]$/.test(value) ? value : `${value}.`;
}

/**
 * A sender of JSON POSTs to n8n itself, made now from the context's helpers: usable after the node
 * has returned (the wait's checks, the catch-up's clock) and in a webhook request (the resume
 * webhook's fresh look). Every answer is returned, whatever its status; no answer, as its error code.
 * A TLS certificate is not checked: n8n's own address is often called by a name or IP its
 * certificate does not carry, and what counts is the proof in the answer (selfCalls/signing.ts).
 * Relies on: the context's helpers.httpRequest sends HTTP for as long as the process runs, also
 * after execute() or trigger() has returned (n8n 1.123 and 2.41). Checked here, while the node
 * runs: a context without it stops with the guard the caller names.
 * Relies on, for refusals: with SSRF protection on, n8n's helpers.httpRequest refuses an address it
 * blocks (private and reserved ranges by default; 3.0 blocks more) before sending, with an error
 * named SsrfBlockedIpError or SsrfBlockedHostnameError (n8n 2.41.1, @n8n/backend-network); it is
 * returned as `refused`, in n8n's words.
 * Tested: test/e2e/out-of-reach.test.ts (the checks with n8n's public address out of its reach),
 * test/e2e/catch-up.test.ts (the clock), test/e2e/n8n-3-settings.single.test.ts (SSRF protection).
 */
export function n8nSender(ctx: IExecuteFunctions | ITriggerFunctions | IWebhookFunctions, guard: GuardName): SendToN8n {
	const helpers = ctx.helpers;
	if (typeof helpers?.httpRequest !== 'function') {
		throw new N8nChanged(ctx.getNode(), guard, 'the context has no helpers.httpRequest');
	}
	return async ({ url, body, headers, timeoutMs }) => {
		try {
			const response = (await helpers.httpRequest({
				method: 'POST',
				url,
				body,
				headers,
				json: true,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				skipSslCertificateValidation: true,
				timeout: timeoutMs,
			})) as { statusCode?: number; body?: unknown };
			return { status: response.statusCode, body: response.body };
		} catch (caught) {
			const error = caught as { name?: string; code?: string; message?: string; description?: string };
			if (SSRF_REFUSALS.has(String(error?.name)) || /^The request was blocked because/.test(String(error?.message))) {
				return { refused: [sentence(error.message), sentence(error.description)].filter(Boolean).join(' ') };
			}
			return { error: error?.code ?? error?.name ?? 'request failed' };
		}
	};
}

interface ServingSocket {
	localAddress?: unknown;
	localPort?: unknown;
	encrypted?: unknown;
}

/**
 * Where this n8n process took a webhook request: the protocol, address and port its server took it
 * on, and the path before n8n's endpoint (`webhook`, `webhook-waiting`) that precedes `upTo` (the
 * trigger's webhook ID, or the waiting execution's ID), e.g. `http://10.0.0.5:5678/`. That is the
 * address n8n listens on, which a process can call itself even where its public address
 * (N8N_WEBHOOK_URL, behind a proxy) is out of its reach. Undefined when the request does not tell.
 * Relies on: n8n serves webhooks itself (its Express request, whose socket is the server's side of
 * the connection, and whose originalUrl is the path it was called at).
 * Tested: test/e2e/catch-up.test.ts (the catch-up after a start, N8N_WEBHOOK_URL unreachable),
 * test/e2e/wait-resume-once.queue.test.ts (the resume webhook's fresh look, in a webhook process).
 */
export function servedRoot(ctx: IWebhookFunctions, upTo: string | undefined): string | undefined {
	const request = ctx.getRequestObject() as unknown as { socket?: ServingSocket; originalUrl?: unknown; url?: unknown };
	const socket = request.socket;
	const path = typeof request.originalUrl === 'string' ? request.originalUrl : typeof request.url === 'string' ? request.url : '';
	if (!socket || typeof socket.localPort !== 'number' || typeof socket.localAddress !== 'string' || !upTo) return undefined;
	const at = path.indexOf(`/${upTo}/`);
	if (at < 0) return undefined;
	const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(socket.localAddress);
	const host = mapped ? mapped[1] : socket.localAddress.includes(':') ? `[${socket.localAddress}]` : socket.localAddress;
	// The path up to the endpoint segment before `upTo`.
	const beforeEndpoint = path.slice(0, at).replace(/[^/]*$/, '');
	return `${socket.encrypted ? 'https' : 'http'}://${host}:${socket.localPort}${beforeEndpoint.startsWith('/') ? beforeEndpoint : `/${beforeEndpoint}`}`;
}
