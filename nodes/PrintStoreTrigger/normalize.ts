import type { IDataObject } from 'n8n-workflow';

/** Which of the two callback addresses the event arrived at. */
export type EventKind = 'status' | 'details';

export class PayloadRejected extends Error {
	constructor(
		readonly httpStatus: number,
		message: string,
	) {
		super(message);
	}
}

export const LIMITS = { maxDepth: 32, maxRecords: 1000, maxKeys: 20_000 };

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Wrapper keys a sender might put around the records, tried in this order. */
const WRAPPER_KEYS = [
	'data', 'payload', 'body', 'event', 'record', 'records', 'statusRecord', 'statusRecords',
	'status', 'statuses', 'items', 'value', 'values', 'result', 'results', 'orderStatus',
];

type Json = unknown;

function isObject(value: Json): value is Record<string, Json> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Refuses prototype keys, runaway nesting and oversized payloads before anything reads them. */
export function checkPayloadShape(payload: Json): void {
	let keys = 0;
	const stack: Array<[Json, number]> = [[payload, 0]];
	while (stack.length) {
		const [value, depth] = stack.pop()!;
		if (depth > LIMITS.maxDepth) throw new PayloadRejected(400, `Payload is nested deeper than ${LIMITS.maxDepth} levels`);
		if (Array.isArray(value)) {
			keys += value.length;
			for (const entry of value) if (typeof entry === 'object' && entry !== null) stack.push([entry, depth + 1]);
		} else if (isObject(value)) {
			for (const key of Object.keys(value)) {
				if (FORBIDDEN_KEYS.has(key)) throw new PayloadRejected(400, `Payload contains the forbidden key "${key}"`);
				keys++;
				const entry = value[key];
				if (typeof entry === 'object' && entry !== null) stack.push([entry, depth + 1]);
			}
		}
		if (keys > LIMITS.maxKeys) throw new PayloadRejected(413, `Payload has more than ${LIMITS.maxKeys} values`);
	}
}

/** Case-insensitive field read, so StatusID, statusId and statusID all work. */
function field(record: Record<string, Json>, ...names: string[]): Json {
	for (const name of names) if (record[name] !== undefined) return record[name];
	const lower = new Map(Object.keys(record).map((key) => [key.toLowerCase(), key]));
	for (const name of names) {
		const key = lower.get(name.toLowerCase());
		if (key !== undefined) return record[key];
	}
	return undefined;
}

function isStatusRecord(value: Json): value is Record<string, Json> {
	return isObject(value) && (field(value, 'StatusID', 'StatusId') !== undefined || field(value, 'StatusDescription') !== undefined);
}

function text(value: Json): string | undefined {
	if (typeof value === 'string') return value;
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	return undefined;
}

/** ISO 8601 from ISO strings, epoch seconds or milliseconds, and .NET "/Date(ms)/" values. */
export function toIsoTimestamp(value: Json): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	let millis: number;
	const dotNet = typeof value === 'string' ? /^\/Date\((-?\d+)([+-]\d{4})?\)\/$/.exec(value) : null;
	if (dotNet) millis = Number(dotNet[1]);
	else if (typeof value === 'number' || (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value))) {
		const n = Number(value);
		millis = n < 1e11 ? n * 1000 : n;
	} else if (typeof value === 'string') millis = Date.parse(value);
	else return undefined;
	return Number.isFinite(millis) ? new Date(millis).toISOString() : undefined;
}

interface Found {
	record: Record<string, Json>;
	/** The order the record belongs to, when the payload carried one. */
	order?: Record<string, Json>;
	/** What the item came from, untouched. */
	raw: Json;
}

function orderOf(container: Record<string, Json>): Record<string, Json> | undefined {
	const order = field(container, 'Order');
	return isObject(order) ? order : undefined;
}

/** Finds the status records in any plausible callback shape. */
function findRecords(payload: Json, depth = 0): Found[] {
	if (depth > 4) return [];
	if (Array.isArray(payload)) return payload.flatMap((entry) => findRecords(entry, depth + 1));
	if (!isObject(payload)) return [];
	if (isStatusRecord(payload)) return [{ record: payload, order: orderOf(payload), raw: payload }];
	const order = orderOf(payload);
	for (const key of WRAPPER_KEYS) {
		const inner = field(payload, key);
		if (inner === undefined || inner === null || typeof inner !== 'object') continue;
		const found = findRecords(inner, depth + 1);
		if (found.length) {
			return found.map((entry) => ({ ...entry, order: entry.order ?? order, raw: found.length === 1 ? payload : entry.raw }));
		}
	}
	if (order && isStatusRecord(order)) return [{ record: order, order, raw: payload }];
	return [];
}

function firstText(sources: Array<Record<string, Json> | undefined>, ...names: string[]): string | undefined {
	for (const source of sources) {
		if (!source) continue;
		const value = text(field(source, ...names));
		if (value !== undefined && value !== '') return value;
	}
	return undefined;
}

export interface NormalizedEvent extends IDataObject {
	event: EventKind;
	eventKey: string;
}

/**
 * One normalized item per status record: the fields users filter and map on, with the record as
 * received under `raw`. Accepts a status record, a list of them, an order, or a wrapper object.
 */
export function normalizeEvents(payload: Json, kind: EventKind, receivedAt: Date): NormalizedEvent[] {
	const found = findRecords(payload);
	if (found.length === 0) {
		throw new PayloadRejected(400, 'No order status record found in the payload (expected StatusID or StatusDescription)');
	}
	if (found.length > LIMITS.maxRecords) {
		throw new PayloadRejected(413, `Payload has more than ${LIMITS.maxRecords} status records`);
	}
	return found.map(({ record, order, raw }) => {
		const sources = [record, order];
		const statusIdText = firstText(sources, 'StatusID', 'StatusId');
		const statusId = statusIdText !== undefined && /^-?\d+$/.test(statusIdText) ? Number(statusIdText) : statusIdText;
		const meta = field(record, '_meta');
		const completed = field(record, 'Completed') ?? (order ? field(order, 'Completed') : undefined);
		const orderId = firstText([record], 'OrderID', 'OrderId') ?? (order ? firstText([order], 'ID', 'Id') : undefined) ?? firstText([record], 'ID');
		const event: NormalizedEvent = {
			event: kind,
			OrderID: orderId ?? null,
			OrderNumber: firstText(sources, 'OrderNumber') ?? null,
			PartnerOrderReference: firstText(sources, 'PartnerOrderReference') ?? null,
			StoreID: firstText(sources, 'StoreID', 'StoreId') ?? null,
			StatusID: statusId ?? null,
			StatusDescription: firstText(sources, 'StatusDescription') ?? null,
			Timestamp: toIsoTimestamp(field(record, 'Timestamp', 'Updated')) ?? null,
			Completed: typeof completed === 'boolean' ? completed : null,
			ChangeType: isObject(meta) ? (text(field(meta, 'ChangeType')) ?? null) : null,
			ItemID: (field(record, 'ItemID') as IDataObject[string]) ?? null,
			ProductID: firstText([record], 'ProductID') ?? null,
			TrackingNumber: firstText([record], 'TrackingNumber') ?? null,
			ShippedDate: toIsoTimestamp(field(record, 'ShippedDate')) ?? firstText([record], 'ShippedDate') ?? null,
			DeliveryMethod: firstText([record], 'DeliveryMethod') ?? null,
			DeliveryDate: toIsoTimestamp(field(record, 'DeliveryDate')) ?? null,
			DeliverySignedBy: firstText([record], 'DeliverySignedBy') ?? null,
			StatusUpdateFailed: field(record, 'StatusUpdateFailed') === true,
			Packages: (Array.isArray(field(record, 'Packages')) ? field(record, 'Packages') : []) as IDataObject[],
			Errors: (Array.isArray(field(record, 'Errors')) ? field(record, 'Errors') : []) as IDataObject[],
			receivedAt: receivedAt.toISOString(),
			eventKey: '',
			raw: raw as IDataObject,
		};
		event.eventKey = [
			kind,
			event.OrderID ?? event.OrderNumber ?? '',
			event.ItemID ?? '',
			event.ProductID ?? '',
			event.StatusID ?? event.StatusDescription ?? '',
			event.Timestamp ?? '',
		].join('|');
		return event;
	});
}
