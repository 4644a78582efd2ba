/**
 * Body rules shared by /api/v1 and /_sandbox, applied before parsing:
 * - the spec makes Content-Type optional, so a body without one is read as JSON;
 * - an empty body is "no body" whatever its Content-Type (clients such as axios label empty POSTs).
 */
import type { FastifyRequest } from 'fastify';

export function normalizeBodyHeaders(request: FastifyRequest, _reply: unknown, done: () => void): void {
	const headers = request.headers;
	const hasBody =
		(headers['content-length'] !== undefined && headers['content-length'] !== '0') || headers['transfer-encoding'] !== undefined;
	if (!hasBody) delete headers['content-type'];
	else if (headers['content-type'] === undefined) headers['content-type'] = 'application/json';
	done();
}
