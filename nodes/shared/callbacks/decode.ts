import type { IDataObject } from 'n8n-workflow';

import { parseJson } from '../json';
import { PayloadRejected } from './normalize';

function parseBody(text: string): unknown {
	const parsed = parseJson(text);
	if (!parsed.ok) throw new PayloadRejected(400, 'Body is not valid JSON');
	return parsed.value;
}

/**
 * The body as n8n parsed it, made into JSON values: raw JSON text is parsed, and a form-encoded
 * body whose fields hold JSON (e.g. payload={...}) has those fields parsed. Only a body that is
 * empty or not JSON (an object or a list) is refused; `{}` is a (very empty) event.
 */
export function decodeBody(body: unknown, contentType: string | undefined, rawLength?: number): unknown {
	if (Buffer.isBuffer(body)) body = body.toString('utf8');
	if (typeof body === 'string') {
		if (body.trim() === '') throw new PayloadRejected(400, 'Empty body');
		body = parseBody(body);
	}
	if (body === undefined || body === null) throw new PayloadRejected(400, 'Empty body');
	if (typeof body !== 'object') throw new PayloadRejected(400, 'Body is not a JSON object or list');
	// n8n gives {} for a request without a body; the raw length tells the two apart.
	if (!Array.isArray(body) && Object.keys(body).length === 0 && rawLength === 0) throw new PayloadRejected(400, 'Empty body');
	if ((contentType ?? '').includes('application/x-www-form-urlencoded') && !Array.isArray(body)) {
		const decoded: IDataObject = {};
		for (const [key, value] of Object.entries(body as IDataObject)) {
			decoded[key] = typeof value === 'string' && /^\s*[[{]/.test(value) ? (parseBody(value) as IDataObject) : value;
		}
		return decoded;
	}
	return body;
}
