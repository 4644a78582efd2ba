import { createHash } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';
import { FORBIDDEN_KEYS, isRecord, readField } from '../json';

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

const LIMITS = { maxDepth: 32, maxRecords: 1000, maxKeys: 20_000 };


/** Wrapper keys a sender might put around the records, tried in this order. */
const WRAPPER_KEYS = [
	'data', 'payload', 'body', 'event', 'record', 'records', 'statusRecord', 'statusRecords',
	'status', 'statuses', 'items', 'value', 'values', 'result', 'results', 'orderStatus', 'message', 'detail',
];

/** Field names the trigger recognizes, with the aliases real senders use (matched case-insensitively). */
const ALIASES = {
	OrderID: ['OrderID', 'OrderId', 'Order_ID', 'order_id'],
	OrderNumber: ['OrderNumber', 'Order_Number', 'order_number', 'OrderNo'],
	StatusID: ['StatusID', 'StatusId', 'StatusCode', 'Status_ID', 'status_id'],
	StatusDescription: ['StatusDescription', 'StatusName', 'StatusText', 'Status_Description', 'status_description'],
	Timestamp: ['Timestamp', 'TimeStamp', 'EventTime', 'OccurredAt', 'occurred_at', 'Time', 'Updated', 'UpdatedAt', 'updated_at', 'Date'],
	StoreID: ['StoreID', 'StoreId', 'store_id'],
	PartnerOrderReference: ['PartnerOrderReference', 'PartnerReference', 'partner_order_reference'],
} as const;

type Json = unknown;

/**
 * Drops prototype keys (the event itself is kept: a refused callback is a lost event), and refuses
 * runaway nesting and oversized payloads, before anything reads them.
 */
export function checkPayloadShape(payload: Json): void {
	let keys = 0;
	const stack: Array<[Json, number]> = [[payload, 0]];
	while (stack.length) {
		const [value, depth] = stack.pop()!;
		if (depth > LIMITS.maxDepth) throw new PayloadRejected(400, `Payload is nested deeper than ${LIMITS.maxDepth} levels`);
		if (Array.isArray(value)) {
			keys += value.length;
			for (const entry of value) if (typeof entry === 'object' && entry !== null) stack.push([entry, depth + 1]);
		} else if (isRecord(value)) {
			for (const key of Object.keys(value)) {
				if (FORBIDDEN_KEYS.has(key)) {
					delete value[key];
					continue;
				}
				keys++;
				const entry = value[key];
				if (typeof entry === 'object' && entry !== null) stack.push([entry, depth + 1]);
			}
		}
		if (keys > LIMITS.maxKeys) throw new PayloadRejected(413, `Payload has more than ${LIMITS.maxKeys} values`);
	}
}

/** Whether a value looks like a status record: it carries a status in one of the recognized names. */
function isStatusRecord(value: Json): value is Record<string, Json> {
	if (!isRecord(value)) return false;
	if (readField(value, ...ALIASES.StatusID, ...ALIASES.StatusDescription) !== undefined) return true;
	const status = readField(value, 'Status');
	return typeof status === 'string' || typeof status === 'number';
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
	const order = readField(container, 'Order');
	return isRecord(order) ? order : undefined;
}

/** Finds the status records in any plausible callback shape. */
function findRecords(payload: Json, depth = 0): Found[] {
	if (depth > 4) return [];
	if (Array.isArray(payload)) {
		// An object in a list that holds no status is still an event: dropping it would lose it.
		return payload.flatMap((entry) => {
			const found = findRecords(entry, depth + 1);
			return found.length > 0 || !isRecord(entry) ? found : [{ record: entry, order: orderOf(entry), raw: entry }];
		});
	}
	if (!isRecord(payload)) return [];
	if (isStatusRecord(payload)) return [{ record: payload, order: orderOf(payload), raw: payload }];
	const order = orderOf(payload);
	for (const key of WRAPPER_KEYS) {
		const inner = readField(payload, key);
		if (inner === undefined || inner === null || typeof inner !== 'object') continue;
		const found = findRecords(inner, depth + 1);
		if (found.length) {
			return found.map((entry) => ({ ...entry, order: entry.order ?? order, raw: found.length === 1 ? payload : entry.raw }));
		}
	}
	if (order && isStatusRecord(order)) return [{ record: order, order, raw: payload }];
	return [];
}

/**
 * Payloads where no status could be found are still events: each object (or the payload itself)
 * becomes one, with what was recognized and the rest under `raw`.
 */
function unrecognized(payload: Json): Found[] {
	// An empty list carries no event: acknowledged, nothing to start.
	if (Array.isArray(payload) && payload.length === 0) return [];
	const objects = Array.isArray(payload) ? payload.filter(isRecord) : isRecord(payload) ? [payload] : [];
	if (objects.length === 0) return [{ record: {}, raw: payload }];
	return objects.map((object) => {
		const inner = WRAPPER_KEYS.map((key) => readField(object, key)).find(isRecord);
		return { record: inner ?? object, order: orderOf(object), raw: object };
	});
}

function firstText(sources: Array<Record<string, Json> | undefined>, names: readonly string[]): string | undefined {
	for (const source of sources) {
		if (!source) continue;
		const value = text(readField(source, ...names));
		if (value !== undefined && value !== '') return value;
	}
	return undefined;
}

function list(value: Json): IDataObject[] | undefined {
	return Array.isArray(value) ? (value as IDataObject[]) : undefined;
}

export interface NormalizedEvent extends IDataObject {
	event: EventKind;
	eventKey: string;
}

/** The status ID and description, also from a lone `Status` field (a number is an ID, text a description). */
function statusOf(sources: Array<Record<string, Json> | undefined>) {
	const idText = firstText(sources, ALIASES.StatusID);
	let description = firstText(sources, ALIASES.StatusDescription);
	let id: string | number | undefined = idText !== undefined && /^-?\d+$/.test(idText) ? Number(idText) : idText;
	const status = firstText(sources, ['Status']);
	if (status !== undefined) {
		if (/^-?\d+$/.test(status)) id ??= Number(status);
		else description ??= status;
	}
	return { id, description };
}

/**
 * What makes two deliveries the same event. Without an order and a status to go by, the payload
 * itself is the identity, so different unrecognized events never pass for duplicates.
 */
function eventKey(event: NormalizedEvent, kind: EventKind, raw: Json): string {
	const order = event.OrderID ?? event.OrderNumber;
	const status = event.StatusID ?? event.StatusDescription;
	if (order === null || status === null) {
		return `${kind}|payload|${createHash('sha256').update(JSON.stringify(raw) ?? '').digest('hex')}`;
	}
	return [kind, order, event.ItemID ?? '', event.ProductID ?? '', status, event.Timestamp ?? ''].join('|');
}

/**
 * The key of the status change itself, whichever callback brought it: the event key without its
 * kind. The status and details callbacks of one status record have the same change key.
 */
export function changeKey(eventKey: string): string {
	return eventKey.replace(/^(status|details)\|/, '');
}

const KEY_FIELDS = ['OrderID', 'OrderNumber', 'StatusID', 'StatusDescription', 'Timestamp'] as const;

/**
 * One normalized item per status record: the fields users filter and map on, every other field of
 * the spec's status record as received, `missingFields` naming the key fields it could not find,
 * and the payload as received under `raw`. Any shape is accepted; nothing is made up.
 */
export function normalizeEvents(payload: Json, kind: EventKind, receivedAt: Date): NormalizedEvent[] {
	let found = findRecords(payload);
	if (found.length === 0) found = unrecognized(payload);
	if (found.length > LIMITS.maxRecords) {
		throw new PayloadRejected(413, `Payload has more than ${LIMITS.maxRecords} status records`);
	}
	return found.map(({ record, order, raw }) => {
		const sources = [record, order];
		const status = statusOf(sources);
		const meta = readField(record, '_meta');
		const completed = readField(record, 'Completed') ?? (order ? readField(order, 'Completed') : undefined);
		// An Order posted as it is carries its ID as `ID`.
		const orderId = firstText([record], ALIASES.OrderID) ?? (order ? firstText([order], ['ID', 'Id']) : undefined) ?? firstText([record], ['ID']);
		const failed = readField(record, 'StatusUpdateFailed');
		const event: NormalizedEvent = {
			event: kind,
			OrderID: orderId ?? null,
			OrderNumber: firstText(sources, ALIASES.OrderNumber) ?? null,
			PartnerOrderReference: firstText(sources, ALIASES.PartnerOrderReference) ?? null,
			StoreID: firstText(sources, ALIASES.StoreID) ?? null,
			StatusID: status.id ?? null,
			StatusDescription: status.description ?? null,
			// The record's own time, else the envelope's (a CloudEvents `time` next to `data`).
			Timestamp: toIsoTimestamp(readField(record, ...ALIASES.Timestamp) ?? (isRecord(raw) && raw !== record ? readField(raw, ...ALIASES.Timestamp) : undefined)) ?? null,
			Completed: typeof completed === 'boolean' ? completed : null,
			ChangeType: isRecord(meta) ? (text(readField(meta, 'ChangeType')) ?? null) : null,
			Messages: isRecord(meta) ? (list(readField(meta, 'Messages')) ?? []) : [],
			ItemID: (readField(record, 'ItemID') as IDataObject[string]) ?? null,
			ProductID: firstText([record], ['ProductID', 'ProductId']) ?? null,
			TrackingNumber: firstText([record], ['TrackingNumber']) ?? null,
			// A plain string in the spec (e.g. "20261122"): kept as sent, never reinterpreted.
			ShippedDate: firstText([record], ['ShippedDate']) ?? null,
			DeliveryMethod: firstText([record], ['DeliveryMethod']) ?? null,
			DeliveryDate: toIsoTimestamp(readField(record, 'DeliveryDate')) ?? null,
			DeliverySignedBy: firstText([record], ['DeliverySignedBy']) ?? null,
			Packages: list(readField(record, 'Packages')) ?? [],
			Errors: list(readField(record, 'Errors')) ?? [],
			ProofUrl: firstText([record], ['ProofUrl', 'ProofURL']) ?? null,
			RenderedPageUrls: list(readField(record, 'RenderedPageUrls')) ?? [],
			IntelligentMailingBarcode: firstText([record], ['IntelligentMailingBarcode']) ?? null,
			IntelligentMailingSerialNumber: firstText([record], ['IntelligentMailingSerialNumber']) ?? null,
			receivedAt: receivedAt.toISOString(),
			eventKey: '',
			missingFields: [],
			raw: raw as IDataObject,
		};
		if (typeof failed === 'boolean') event.StatusUpdateFailed = failed;
		event.missingFields = KEY_FIELDS.filter((name) => event[name] === null);
		event.eventKey = eventKey(event, kind, raw);
		return event;
	});
}
