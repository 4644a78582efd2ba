/** Wire shapes built from internal records. */
import type { OrderItem, OrderRecord, StatusRecord } from './types';

function withoutRecipientKey(recipient: unknown): unknown {
	if (recipient === null || typeof recipient !== 'object' || !('RecipientKey' in recipient)) return recipient;
	const { RecipientKey: _omitted, ...rest } = recipient as Record<string, unknown>;
	return rest;
}

/** The spec: "RecipientKey is accepted on requests; the single-order read response omits it". */
export function detailsForRead(details: OrderItem): OrderItem {
	const copy: OrderItem = { ...details, Recipient: withoutRecipientKey(details.Recipient) as OrderItem['Recipient'] };
	if (Array.isArray(details.Recipients)) {
		copy.Recipients = details.Recipients.map(withoutRecipientKey) as OrderItem['Recipients'];
	}
	return copy;
}

export interface OrderView {
	ID: string;
	OrderNumber: string;
	PartnerOrderReference: string | null;
	StoreID: string;
	StatusID: number;
	StatusDescription: string;
	Completed: boolean;
	Created: string;
	Updated: string;
	OrderDetails: OrderItem;
	_meta: { Messages: string[]; ChangeType?: string };
}

/** The order's own fields, with the order item as given and the _meta the caller chooses. */
function baseView(order: OrderRecord, details: OrderItem, meta: OrderView['_meta']): OrderView {
	return {
		ID: order.id,
		OrderNumber: order.number,
		PartnerOrderReference: order.partnerOrderReference,
		StoreID: order.storeId,
		StatusID: order.statusId,
		StatusDescription: order.statusDescription,
		Completed: order.completed,
		Created: order.created,
		Updated: order.updated,
		OrderDetails: details,
		_meta: meta,
	};
}

/** Create response: OrderDetails exactly as submitted, `_meta.ChangeType: "Created"`. */
export function createdOrderView(order: OrderRecord): OrderView {
	return baseView(order, order.details, { Messages: [], ChangeType: 'Created' });
}

/** Single-order read (and the `Order` of detailed callbacks): RecipientKey omitted, no ChangeType. */
export function orderView(order: OrderRecord): OrderView {
	return baseView(order, detailsForRead(order.details), { Messages: [] });
}

/** Body posted to StatusDetailsCallbackUrl: the status record plus the order it belongs to. */
export function detailsCallbackBody(order: OrderRecord, record: StatusRecord) {
	return {
		...record,
		PartnerOrderReference: order.partnerOrderReference,
		StoreID: order.storeId,
		Completed: order.completed,
		Order: orderView(order),
	};
}
