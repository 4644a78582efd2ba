import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { decodeBody } from './decode';
import { checkPayloadShape, PayloadRejected } from './normalize';

/**
 * Reading the body of a status callback, the same for the trigger and for the wait's resume
 * webhook: its size, its content type, JSON in any of the forms senders use, and the limits that
 * keep a hostile body from costing more than it should.
 */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * JSON, JSON sent as text, JSON in form fields, or no type at all. n8n parses XML and multipart
 * bodies into objects itself, so their type is what tells they are not callbacks of this API.
 */
function acceptsContentType(contentType: string): boolean {
	const type = contentType.split(';')[0].trim().toLowerCase();
	return type === '' || type === 'application/json' || type.endsWith('+json') || type === 'text/plain' || type === 'application/x-www-form-urlencoded';
}

/** Query parameters that address the callback, never part of an event: its secret, its store, n8n's resume token. */
const ADDRESS_PARAMETERS = new Set(['secret', 'store', 'signature']);

/**
 * Whether the request carries no body. Its length says so first (the raw bytes n8n kept, else the
 * Content-Length header): n8n gives {} both for no body and for bodies it does not parse, such as
 * binary ones. Only when neither is known does an empty value count as no body.
 */
function hasNoBody(body: unknown, rawLength: number | undefined, contentLength: number | undefined): boolean {
	if ((rawLength ?? 0) > 0 || (contentLength ?? 0) > 0) return false;
	if (rawLength === 0 || contentLength === 0 || body === undefined || body === null) return true;
	if (typeof body === 'string') return body.trim() === '';
	if (Buffer.isBuffer(body)) return body.length === 0;
	return typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0;
}

/** The query parameters of a callback without a body, as its payload: what it says about the order (e.g. ?OrderID=...). */
function queryPayload(ctx: IWebhookFunctions): IDataObject {
	const payload: IDataObject = {};
	for (const [name, value] of Object.entries((ctx.getQueryData() ?? {}) as IDataObject)) {
		if (!ADDRESS_PARAMETERS.has(name.toLowerCase())) payload[name] = Array.isArray(value) ? value[value.length - 1] : value;
	}
	return payload;
}

/**
 * The callback's payload: its body as JSON, or, for a callback without a body (a GET, an empty POST:
 * a service set to send no payload), its query parameters, with `bodiless` set so the caller reads
 * the status from the API. Refused only when the body is too large, unparseable, too deep or not of
 * a JSON type: a callback without a body is never refused for it.
 */
export function readPayload(ctx: IWebhookFunctions): { payload: unknown; bodiless: boolean } | { refused: PayloadRejected } {
	const request = ctx.getRequestObject();
	const rawLength = (request as { rawBody?: Buffer }).rawBody?.length;
	if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES || (rawLength ?? 0) > MAX_BODY_BYTES) {
		return { refused: new PayloadRejected(413, 'Payload larger than 1 MiB') };
	}
	const body = ctx.getBodyData() as unknown;
	const declared = request.headers['content-length'];
	const contentLength = declared === undefined || declared === '' ? undefined : Number(declared);
	if (String(request.method ?? '').toUpperCase() === 'GET' || hasNoBody(body, rawLength, Number.isFinite(contentLength) ? contentLength : undefined)) {
		const payload = queryPayload(ctx);
		checkPayloadShape(payload);
		return { payload, bodiless: true };
	}
	const contentType = String(request.headers['content-type'] ?? '');
	if (!acceptsContentType(contentType)) {
		return { refused: new PayloadRejected(415, `Content type "${contentType.split(';')[0]}" is not JSON`) };
	}
	try {
		const payload = decodeBody(body, contentType, rawLength);
		checkPayloadShape(payload);
		return { payload, bodiless: false };
	} catch (error) {
		if (error instanceof PayloadRejected) return { refused: error };
		throw new NodeOperationError(ctx.getNode(), error as Error);
	}
}
