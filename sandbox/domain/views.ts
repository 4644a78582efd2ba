/** Wire shapes built from internal records. */
import { DELIVERY_METHODS, DISCOUNT_TIERS, type CatalogueProduct } from './catalogue';
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

/** One page of the order list, as answered with no profile active. */
export interface OrderListView {
	Orders: OrderView[];
	PageNumber: number;
	PageSize: number;
	TotalCount: number;
	HasNextPage: boolean;
	_meta: { Messages: string[] };
}

/** `orders` is the whole filtered list, newest first; the view holds page `pageNumber` of it. */
export function orderListView(orders: readonly OrderRecord[], pageNumber: number, pageSize: number): OrderListView {
	const start = (pageNumber - 1) * pageSize;
	return {
		Orders: orders.slice(start, start + pageSize).map(orderView),
		PageNumber: pageNumber,
		PageSize: pageSize,
		TotalCount: orders.length,
		HasNextPage: start + pageSize < orders.length,
		_meta: { Messages: [] },
	};
}

export interface ProductView {
	ID: string;
	Name: string;
	Description: string;
	TemplateFields: Record<string, string>;
	Prices: Array<{ MinQuantity: number; UnitPrice: number }>;
	MinQuantity: number;
	MaxQuantity: number;
	QuantityStep: number;
	DeliveryMethods: string[];
}

/** Four decimals: a tier's UnitPrice times a quantity is the PrintPrice less the PromotionalDiscount. */
const unitPrice = (value: number) => Math.round(value * 10000) / 10000;

/**
 * A product of the store's list: price tiers from the promotional discount (those a quantity up to
 * MaxQuantity can reach), delivery methods without Mail and EDDM for products that cannot be mailed.
 */
export function productView(product: CatalogueProduct): ProductView {
	const tiers = DISCOUNT_TIERS.filter((tier) => tier.minQuantity <= product.maxQuantity);
	return {
		ID: product.id,
		Name: product.name,
		Description: product.description,
		TemplateFields: Object.fromEntries(product.templateFields.map((name) => [name, ''])),
		Prices: [
			{ MinQuantity: product.minQuantity, UnitPrice: product.unitPrice },
			...tiers.map((tier) => ({ MinQuantity: tier.minQuantity, UnitPrice: unitPrice(product.unitPrice * (1 - tier.rate)) })),
		],
		MinQuantity: product.minQuantity,
		MaxQuantity: product.maxQuantity,
		QuantityStep: product.quantityStep,
		DeliveryMethods: DELIVERY_METHODS.filter((method) => product.mailable || !method.mail).map((method) => method.name),
	};
}
