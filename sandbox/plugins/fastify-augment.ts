/** Per-request slots the sandbox's hooks fill in (declared with decorateRequest in server.ts). */
import type { RequestLogEntry } from '../domain/request-log';
import type { CallerContext } from '../domain/types';

declare module 'fastify' {
	interface FastifyRequest {
		/** Set by the API authentication hook. */
		caller: CallerContext | null;
		/** The request-log entry of this request, if it is logged. */
		sandboxLog: RequestLogEntry | null;
		/** An "after" fault decided for this request: applied once the handler has acted. */
		sandboxFaultAfter: 'drop' | 500 | null;
	}
}

export {};
