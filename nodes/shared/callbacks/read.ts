import type { IWebhookFunctions } from 'n8n-workflow';
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

/** The body as JSON, refused only when too large, unparseable, too deep or prototype-polluting. */
export function readPayload(ctx: IWebhookFunctions): { payload: unknown } | { refused: PayloadRejected } {
	const request = ctx.getRequestObject();
	const rawLength = (request as { rawBody?: Buffer }).rawBody?.length;
	if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES || (rawLength ?? 0) > MAX_BODY_BYTES) {
		return { refused: new PayloadRejected(413, 'Payload larger than 1 MiB') };
	}
	const contentType = String(request.headers['content-type'] ?? '');
	if (!acceptsContentType(contentType)) {
		return { refused: new PayloadRejected(415, `Content type "${contentType.split(';')[0]}" is not JSON`) };
	}
	try {
		const payload = decodeBody(ctx.getBodyData(), contentType, rawLength);
		checkPayloadShape(payload);
		return { payload };
	} catch (error) {
		if (error instanceof PayloadRejected) return { refused: error };
		throw new NodeOperationError(ctx.getNode(), error as Error);
	}
}
