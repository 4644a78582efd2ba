/**
 * Applies the active profiles (domain/profiles.ts) to every /api/v1 answer, in one onSend hook
 * registered last in the API plugin: it sees each answer as it leaves, errors from the error
 * handler, injected faults and unknown endpoints included. With no profile active it passes the
 * answer through untouched.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';

function parse(payload: string): unknown {
	try {
		return JSON.parse(payload) as unknown;
	} catch {
		return undefined;
	}
}

/** The messages of the sandbox's own error body `{ "_meta": { "Messages": [...] } }`. */
function errorMessages(body: unknown): string[] | undefined {
	const messages = (body as { _meta?: { Messages?: unknown } } | undefined)?._meta?.Messages;
	return Array.isArray(messages) && messages.every((m) => typeof m === 'string') ? messages : undefined;
}

export function applyProfiles(ctx: SandboxContext) {
	return async function applyProfilesHook(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
		const profiles = ctx.profiles;
		// Dropped connections (a destroyed socket) and non-JSON payloads are left alone.
		if (profiles.none || typeof payload !== 'string' || request.raw.socket.destroyed) return payload;
		if (reply.statusCode >= 400) {
			const body = parse(payload);
			let messages = errorMessages(body);
			const echo = messages && profiles.credentialEcho(request.headers);
			if (messages && echo) {
				messages = [...messages, ...echo.messages];
				for (const [name, value] of Object.entries(echo.headers)) reply.header(name, value);
			}
			const reshaped = messages && profiles.errorBody(reply.statusCode, messages);
			if (reshaped) return JSON.stringify(reshaped);
			return echo && messages ? JSON.stringify({ ...(body as object), _meta: { ...(body as { _meta: object })._meta, Messages: messages } }) : payload;
		}
		if (request.method === 'DELETE' && profiles.deleteAnswersNoContent()) {
			reply.code(204).removeHeader('content-type');
			return null;
		}
		const body = parse(payload);
		const shaped = profiles.successBody(body, request.url, request.method);
		return shaped === body ? payload : JSON.stringify(shaped);
	};
}
