/**
 * Hooks the API plugin (and the token route) register on themselves: the raw request log and fault
 * injection. Registered first in their plugin, they run before authentication, so a faulted request
 * never reaches a handler; being encapsulated there, they never see other routes.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { loggedBody, type RequestLogEntry } from '../domain/request-log';
import { errorBody } from '../errors';

export const TOKEN_PATH = '/oauth/token';

const FAULT_MESSAGES = {
	429: 'Too many requests (injected fault); retry after the Retry-After delay',
	500: 'Internal server error (injected fault)',
	503: 'Service unavailable (injected fault); retry later',
} as const;

/** Records the request exactly as received, before anything can reject it. */
export function logRequest(ctx: SandboxContext) {
	return function logRequestHook(request: FastifyRequest, _reply: FastifyReply, done: () => void): void {
		const url = request.raw.url ?? '';
		const key = request.headers['ocp-apim-subscription-key'];
		const query = url.indexOf('?');
		request.sandboxLog = ctx.requestLog.add({
			method: request.method,
			rawPath: url,
			path: query < 0 ? url : url.slice(0, query),
			headersPresent: Object.keys(request.headers),
			hasSubscriptionKey: key !== undefined,
			subscriptionKeyValid: key === ctx.state.subscriptionKey,
			status: 0,
			at: new Date().toISOString(),
			receivedAtMs: Date.now(),
			headers: loggedHeaders(request, ctx),
		});
		done();
	};
}

export function recordStatus(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
	if (request.sandboxLog) {
		request.sandboxLog.status = reply.statusCode;
		request.sandboxLog.answeredAtMs = Date.now();
		if (request.body !== undefined) request.sandboxLog.body = loggedBody(withoutSecrets(request));
	}
	done();
}

/** Token requests carry codes, refresh tokens and client secrets: only their grant type is kept. */
function withoutSecrets(request: FastifyRequest): unknown {
	if (!(request.raw.url ?? '').startsWith(TOKEN_PATH)) return request.body;
	const body = (request.body ?? {}) as Record<string, unknown>;
	return Object.fromEntries(Object.keys(body).map((key) => [key, key === 'grant_type' || key === 'resource' ? body[key] : '[hidden]']));
}

/** The headers tests check, with every secret replaced by a marker saying only whether it was right (also the file host's log). */
export function loggedHeaders(request: FastifyRequest, ctx: SandboxContext): RequestLogEntry['headers'] {
	const headers: RequestLogEntry['headers'] = {};
	const authorization = request.headers.authorization;
	if (authorization !== undefined) {
		const [scheme, token] = authorization.split(' ');
		if (scheme?.toLowerCase() !== 'bearer') headers.authorization = `${scheme} [hidden]`;
		else headers.authorization = `Bearer [${token !== undefined && ctx.tokens.accessTokens.has(token) ? 'issued token' : 'unknown token'}]`;
	}
	const key = request.headers['ocp-apim-subscription-key'];
	if (key !== undefined) headers['ocp-apim-subscription-key'] = key === ctx.state.subscriptionKey ? '[valid key]' : '[wrong key]';
	const type = request.headers['content-type'];
	if (type !== undefined) headers['content-type'] = type;
	return headers;
}

export function injectFaults(ctx: SandboxContext) {
	return async function injectFaultsHook(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
		const decision = ctx.faults.decide();
		if (!decision) return undefined;
		const entry = request.sandboxLog;
		if (decision.kind === 'drop') {
			if (entry) entry.fault = 'drop';
			reply.hijack();
			request.raw.socket.destroy();
			return reply;
		}
		if (decision.delayMs > 0) await ctx.faults.sleep(decision.delayMs);
		if (decision.kind === 'none') return undefined;
		if (decision.kind === 'after') {
			// Applied in onSend, once the handler has acted (see actThenFail).
			request.sandboxFaultAfter = decision.fault;
			return undefined;
		}
		if (entry) entry.fault = String(decision.status);
		reply.code(decision.status).header('x-sandbox-fault', String(decision.status));
		if (decision.status !== 500) reply.header('retry-after', String(ctx.faults.retryAfterSeconds));
		reply.send(errorBody([FAULT_MESSAGES[decision.status]]));
		return reply;
	};
}

/** The request log on every route of `app` (the answer's status recorded when it is sent). */
export function logRequests(app: FastifyInstance, ctx: SandboxContext): void {
	app.addHook('onRequest', logRequest(ctx));
	app.addHook('onResponse', recordStatus);
}

/**
 * The second half of an "after" fault: the handler has done its work and produced its answer; the
 * client gets a dropped connection or a 500 instead, and cannot tell whether anything was done.
 */
export async function actThenFail(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
	const fault = request.sandboxFaultAfter;
	if (!fault || reply.statusCode >= 400) return payload;
	if (request.sandboxLog) request.sandboxLog.fault = fault === 'drop' ? 'drop-after' : '500-after';
	if (fault === 'drop') {
		request.raw.socket.destroy();
		return payload;
	}
	reply.code(500).header('x-sandbox-fault', '500-after');
	return JSON.stringify(errorBody([FAULT_MESSAGES[500]]));
}
