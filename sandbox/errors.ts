/**
 * The error body of the sandbox everywhere under /api/v1 and /_sandbox:
 * `{ "_meta": { "Messages": ["..."] } }` (the spec shows `_meta.Messages` on success bodies and leaves
 * the error shape open; reusing it means one shape for clients to read).
 */
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

/** Missing permission: the spec lists no status for it; the sandbox answers 403 (see README). */
export const forbidden = (needed: string) =>
	new ApiError(403, `Insufficient privileges: this operation needs ${needed}`);
