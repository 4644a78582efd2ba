import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { isRecord, readField } from '../../shared/json';

/**
 * Simplify (version 6 on) for Order > Get, Get Many and Get Status History: on by default, each
 * order or status record comes out as a small flat set of its most useful fields, the same names the
 * API gives them; off, as the service answers. Versions 1 to 5 have no such field and answer raw, as
 * their workflows read them. The AI tool variant does not show it: its answers are already written
 * for a model (Get Many's summaries, Get Status History's Detail, Get's whole order).
 */
const SIMPLIFY_FROM_VERSION = 6;

export function simplifyField(hint: string): INodeProperties {
	return {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description: 'Whether to return a simplified version of the response instead of the raw data',
		hint,
		displayOptions: { show: { '@version': [{ _cnd: { gte: SIMPLIFY_FROM_VERSION } }] }, hide: { '@tool': [true] } },
	};
}

export const ORDER_SIMPLIFY_HINT = "Gives ID, OrderNumber, PartnerOrderReference, status, Completed, Created, Updated, and the recipient's name and city";
export const RECORD_SIMPLIFY_HINT = "Gives the status, its Timestamp, the order's number and ID, and the tracking and delivery fields";

/**
 * Whether this item's output is simplified: from version 6 on, Simplify on (its default). n8n gives
 * a field its display rules hide (an earlier version, the tool variant) no value: the fallback, off.
 */
export function simplifies(ctx: IExecuteFunctions, itemIndex: number): boolean {
	return ctx.getNode().typeVersion >= SIMPLIFY_FROM_VERSION && ctx.getNodeParameter('simplify', itemIndex, false) === true;
}

/** Fields kept only when the record has them: the files Download Proof and Pages read, and Include Pricing's. */
const FILE_FIELDS = ['ProofUrl', 'RenderedPageUrls'];
const WHEN_PRESENT = [...FILE_FIELDS, 'TotalQuantity', 'ItemTotal', 'ShippingTotal', 'RushTotal', 'TotalPrice'];

function picked(record: IDataObject, always: readonly string[], whenPresent: readonly string[]): IDataObject {
	const out: IDataObject = {};
	for (const name of always) out[name] = (readField(record, name) as IDataObject[string]) ?? null;
	for (const name of whenPresent) {
		const value = readField(record, name);
		if (value !== undefined && value !== null) out[name] = value as IDataObject[string];
	}
	return out;
}

function text(value: unknown): string {
	return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

/** The order's main recipient: Recipient, else the first of Recipients. */
function recipientOf(order: IDataObject): IDataObject | undefined {
	const details = readField(order, 'OrderDetails');
	if (!isRecord(details)) return undefined;
	const recipient = readField(details, 'Recipient');
	if (isRecord(recipient)) return recipient;
	const recipients = readField(details, 'Recipients');
	return Array.isArray(recipients) ? recipients.find(isRecord) : undefined;
}

const ORDER_FIELDS = ['ID', 'OrderNumber', 'PartnerOrderReference', 'StatusID', 'StatusDescription', 'Completed', 'Created', 'Updated'] as const;

/**
 * An order simplified: ORDER_FIELDS (null where the order has none), RecipientName (first and last
 * name, else company) and RecipientCity of its main recipient (null when the answer has no
 * recipient), and ProofUrl and RenderedPageUrls when it has them.
 */
export function simplifiedOrder(order: IDataObject): IDataObject {
	const recipient = recipientOf(order);
	const name = recipient ? [text(readField(recipient, 'NameFirst')), text(readField(recipient, 'NameLast'))].filter(Boolean).join(' ') || text(readField(recipient, 'CompanyName')) : '';
	return {
		...picked(order, ORDER_FIELDS, []),
		RecipientName: name || null,
		RecipientCity: (recipient && text(readField(recipient, 'City'))) || null,
		...picked(order, [], FILE_FIELDS),
	};
}

export const RECORD_FIELDS = [
	'OrderID',
	'OrderNumber',
	'StatusID',
	'StatusDescription',
	'Timestamp',
	'TrackingNumber',
	'ShippedDate',
	'DeliveryMethod',
	'DeliveryDate',
	'DeliverySignedBy',
	'StatusUpdateFailed',
] as const;

/**
 * A status record simplified: RECORD_FIELDS (null where the record has none), and, when the record
 * has them, PartnerOrderReference, ProofUrl and RenderedPageUrls, and Include Pricing's fields.
 */
export function simplifiedStatusRecord(record: IDataObject): IDataObject {
	return picked(record, RECORD_FIELDS, ['PartnerOrderReference', ...WHEN_PRESENT]);
}
