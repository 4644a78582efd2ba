/**
 * Errors of the sandbox, in one module: the error body everywhere under /api/v1 and /_sandbox,
 * `{ "_meta": { "Messages": ["..."] } }` (the spec shows `_meta.Messages` on success bodies and leaves
 * the error shape open; reusing it means one shape for clients to read).
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { schemaMessages } from './domain/validation';

export interface ErrorBody {
	_meta: { Messages: string[] };
}

export class ApiError extends Error {
	readonly statusCode: number;
	readonly messages: string[];
	readonly headers: Record<string, string>;

	constructor(statusCode: number, messages: string | string[], headers: Record<string, string> = {}) {
		const list = Array.isArray(messages) ? messages : [messages];
		super(list.join('; '));
		this.statusCode = statusCode;
		this.messages = list;
		this.headers = headers;
	}
}

export function errorBody(messages: string[]): ErrorBody {
	return { _meta: { Messages: messages } };
}

export const invalidStore = (storeId: string, why: string) =>
	new ApiError(400, `Invalid store '${storeId}': ${why}`);

export const orderNotFound = (orderId: string, storeId: string) =>
	new ApiError(404, `Order '${orderId}' does not exist in store '${storeId}'`);

/** What an unknown endpoint answers (also the order list under profile no-list-endpoints). */
export const noEndpoint = (method: string, path: string) => new ApiError(404, `No endpoint ${method} ${path}`);

/** A path that exists for no method the client may use (the product list under profile no-list-endpoints). */
export const methodNotAllowed = (method: string, path: string) =>
	new ApiError(405, `Method ${method} is not allowed on ${path}`, { allow: '' });

/** Missing permission: the spec lists no status for it; the sandbox answers 403 (see README). */
export const forbidden = (needed: string) =>
	new ApiError(403, `Insufficient privileges: this operation needs ${needed}`);

/**
 * One error handler for the whole server: every failure becomes `{ "_meta": { "Messages": [...] } }`
 * with a 4xx status; a 500 would mean a bug in the sandbox.
 */
export const BODY_LIMIT_BYTES = 1024 * 1024;

type AnyError = FastifyError & { validation?: Array<{ instancePath: string; keyword: string; params: Record<string, unknown>; message?: string }> };

export function toApiError(error: AnyError, request: FastifyRequest): ApiError {
	if (error instanceof ApiError) return error;
	if (error.validation) {
		return new ApiError(400, schemaMessages(error.validation, error.validationContext ?? 'body'));
	}
	switch (error.code) {
		case 'FST_ERR_CTP_BODY_TOO_LARGE':
			return new ApiError(413, `Request body is larger than the limit of 1 MiB (${BODY_LIMIT_BYTES} bytes)`);
		case 'FST_ERR_CTP_INVALID_MEDIA_TYPE': {
			const type = String(request.headers['content-type'] ?? '').slice(0, 100);
			return new ApiError(415, `Content-Type '${type}' is not supported; send the body as application/json`);
		}
		case 'FST_ERR_CTP_INVALID_JSON_BODY':
			return new ApiError(400, 'Request body is not valid JSON (keys __proto__ and constructor.prototype are refused)');
		case 'FST_ERR_CTP_EMPTY_JSON_BODY':
			return new ApiError(400, 'Request body is empty; send a JSON object');
		case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
			return new ApiError(400, 'Content-Length does not match the body received');
	}
	const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
	if (status >= 400 && status < 500) return new ApiError(status, error.message);
	return new ApiError(500, 'Internal sandbox error; see the sandbox log');
}

export function errorHandler(error: AnyError, request: FastifyRequest, reply: FastifyReply): void {
	const apiError = toApiError(error, request);
	if (apiError.statusCode >= 500 && !(error instanceof ApiError)) request.log.error(error);
	void reply.code(apiError.statusCode).headers(apiError.headers).send(errorBody(apiError.messages));
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): void {
	const error = noEndpoint(request.method, (request.raw.url ?? '').split('?')[0]);
	void reply.code(error.statusCode).send(errorBody(error.messages));
}
