import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import type { NormalizedEvent } from './normalize';
import { PayloadRejected } from './normalize';

function parseJson(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		// Reported below, outside the catch.
	}
	throw new PayloadRejected(400, 'Body is not valid JSON');
}

/**
 * The body as n8n parsed it, made into JSON values: raw JSON text is parsed, and a form-encoded
 * body whose fields hold JSON (e.g. payload={...}) has those fields parsed.
 */
export function decodeBody(body: unknown, contentType: string | undefined): unknown {
	if (Buffer.isBuffer(body)) body = body.toString('utf8');
	if (typeof body === 'string') {
		if (body.trim() === '') throw new PayloadRejected(400, 'Empty body');
		return parseJson(body);
	}
	if (body === undefined || body === null) throw new PayloadRejected(400, 'Empty body');
	if (typeof body !== 'object') throw new PayloadRejected(400, 'Body is not a JSON object or list');
	if (!Array.isArray(body) && Object.keys(body).length === 0) throw new PayloadRejected(400, 'Empty body');
	if ((contentType ?? '').includes('application/x-www-form-urlencoded') && !Array.isArray(body)) {
		const decoded: IDataObject = {};
		for (const [key, value] of Object.entries(body as IDataObject)) {
			decoded[key] = typeof value === 'string' && /^\s*[[{]/.test(value) ? (parseJson(value) as IDataObject) : value;
		}
		return decoded;
	}
	return body;
}

export const KNOWN_STATUSES = ['Received', 'In Production', 'Printed', 'Shipped', 'Delivered', 'Failed', 'Cancelled'];

const squash = (value: unknown) => String(value ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');

/** The trigger's filters: event kind, statuses picked or typed, completed only. */
export function eventFilter(ctx: IWebhookFunctions): (event: NormalizedEvent) => boolean {
	const kinds = ctx.getNodeParameter('events', ['status', 'details']) as string[];
	const picked = ctx.getNodeParameter('statuses', []) as string[];
	const typed = String(ctx.getNodeParameter('otherStatuses', '') ?? '')
		.split(',')
		.map((entry) => entry.trim())
		.filter(Boolean);
	const completedOnly = ctx.getNodeParameter('completedOnly', false) as boolean;
	const wantedIds = new Set(typed.filter((entry) => /^-?\d+$/.test(entry)).map(Number));
	const wantedNames = new Set([...picked, ...typed.filter((entry) => !/^-?\d+$/.test(entry))].map(squash));
	const anyStatus = wantedIds.size === 0 && wantedNames.size === 0;
	return (event) => {
		if (kinds.length > 0 && !kinds.includes(event.event)) return false;
		if (completedOnly && event.Completed !== true) return false;
		if (anyStatus) return true;
		return wantedIds.has(Number(event.StatusID)) || wantedNames.has(squash(event.StatusDescription));
	};
}
