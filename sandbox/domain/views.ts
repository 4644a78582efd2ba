/** Wire shapes built from internal records. */
import { CATALOGUE, DEFAULT_DELIVERY_METHOD, DELIVERY_METHODS, DISCOUNT_TIERS, type CatalogueProduct } from './catalogue';
import type { DocumentedListQuery } from './documented-list';
import { cents, priceProduct, quoteItem } from './pricing';
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

/** One page of the order list under profile `sandbox-shapes`. */
export interface SandboxShapesOrderListView {
	Orders: OrderView[];
	PageNumber: number;
	PageSize: number;
	TotalCount: number;
	HasNextPage: boolean;
	_meta: { Messages: string[] };
}

/**
 * A page of the order list under profile `sandbox-shapes`: `orders` is the whole filtered list,
 * newest first; the view holds page `pageNumber` of it. TotalCount reports `totalCountExtra` more
 * orders than the list holds (the fault listTotalCountExtra); the page and HasNextPage keep the true
 * number.
 */
export function sandboxShapesOrderListView(orders: readonly OrderRecord[], pageNumber: number, pageSize: number, totalCountExtra = 0): SandboxShapesOrderListView {
	const start = (pageNumber - 1) * pageSize;
	return {
		Orders: orders.slice(start, start + pageSize).map(orderView),
		PageNumber: pageNumber,
		PageSize: pageSize,
		TotalCount: orders.length + totalCountExtra,
		HasNextPage: start + pageSize < orders.length,
		_meta: { Messages: [] },
	};
}

/** A product of the store's list under profile `sandbox-shapes`. */
export interface SandboxShapesProduct {
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

/** The delivery methods a product offers: all of them, without Mail and EDDM for products that cannot be mailed. */
const methodsOf = (product: CatalogueProduct) => DELIVERY_METHODS.filter((method) => product.mailable || !method.mail);

/** Four decimals: a tier's UnitPrice times a quantity is the PrintPrice less the PromotionalDiscount. */
const unitPrice = (value: number) => Math.round(value * 10000) / 10000;

/**
 * A product of the store's list under profile `sandbox-shapes`: price tiers from the promotional
 * discount (those a quantity up to MaxQuantity can reach), delivery methods without Mail and EDDM
 * for products that cannot be mailed.
 */
export function sandboxShapesProductView(product: CatalogueProduct): SandboxShapesProduct {
	const tiers = DISCOUNT_TIERS.filter((tier) => tier.minQuantity <= product.maxQuantity);
	return {
		ID: product.id,
		Name: product.name,
		Description: product.description,
		TemplateFields: Object.fromEntries(product.templateFields.map((field) => [field.name, ''])),
		Prices: [
			{ MinQuantity: product.minQuantity, UnitPrice: product.unitPrice },
			...tiers.map((tier) => ({ MinQuantity: tier.minQuantity, UnitPrice: unitPrice(product.unitPrice * (1 - tier.rate)) })),
		],
		MinQuantity: product.minQuantity,
		MaxQuantity: product.maxQuantity,
		QuantityStep: product.quantityStep,
		DeliveryMethods: methodsOf(product).map((method) => method.name),
	};
}

/** When the catalogue's prices took effect: the Created of every DeliveredPrices entry. */
export const PRICES_CREATED = '2024-01-01T00:00:00.000Z';

/**
 * A product of the store's list, with exactly the fields the provider documents. APIKey is a key of the product's own (not accepted in place of ID in an order); ImageURL a
 * placeholder PNG the sandbox serves; each DeliveredPrices entry the TotalPrice a quote gives for
 * DefaultQty pieces by that method (EDDM: one delivery area), Standard the default.
 */
export function productView(product: CatalogueProduct, baseUrl: string) {
	const index = CATALOGUE.findIndex((entry) => entry.id === product.id);
	return {
		ID: product.id,
		APIKey: `PSK-${1001 + index}`,
		DefaultQty: product.defaultQuantity,
		MinimumQty: product.minQuantity,
		MaximumQty: product.maxQuantity,
		IncrementQty: product.quantityStep,
		Name: product.name,
		Description: product.description,
		ImageURL: `${baseUrl}/files/products/${product.id}.png`,
		HasTemplate: product.templateFields.length > 0,
		DeliveryMethod: DEFAULT_DELIVERY_METHOD,
		TemplateFields: product.templateFields.map((field) => ({
			Required: field.required,
			Type: 'Text',
			SubType: field.subType,
			FieldName: field.name,
			Prompt: field.prompt,
			DefaultValue: field.defaultValue,
			OrgValue: null,
		})),
		DeliveredPrices: methodsOf(product).map((method) => ({
			DeliveryMethodCode: method.name,
			Description: method.description,
			Price: priceProduct({ ID: product.id, Quantity: product.defaultQuantity, DeliveryMethod: method.name }, method.name === 'EDDM' ? 1 : 0).TotalPrice,
			Country: 'United States',
			CountryCode: 'US',
			Created: PRICES_CREATED,
			LocationType: 'Residential',
			IsDefault: method.name === DEFAULT_DELIVERY_METHOD,
		})),
	};
}

/** An order of the order list: OrderDetails only when the query asks for them. */
function listedOrder(order: OrderRecord, includeDetails: boolean) {
	const { OrderDetails, _meta, ...fields } = orderView(order);
	return includeDetails ? { ...fields, OrderDetails, _meta } : { ...fields, _meta };
}

/**
 * One page of the order list, as the provider documents it; `orders` is the whole filtered list,
 * newest first. TotalCount reports `totalCountExtra` more (the fault listTotalCountExtra); TotalPageCount,
 * HasNextPage and the page keep the true number.
 */
export function orderListView(orders: readonly OrderRecord[], query: DocumentedListQuery, totalCountExtra = 0) {
	const { pageIndex, pageSize } = query;
	const start = (pageIndex - 1) * pageSize;
	const totalPageCount = Math.ceil(orders.length / pageSize);
	return {
		PageIndex: pageIndex,
		PageSize: pageSize,
		TotalCount: orders.length + totalCountExtra,
		TotalPageCount: totalPageCount,
		HasNextPage: pageIndex < totalPageCount,
		HasPrevPage: pageIndex > 1,
		Items: orders.slice(start, start + pageSize).map((order) => listedOrder(order, query.includeDetails)),
	};
}

/**
 * The pricing fields of a status record (`pricing=true`), from the order's quote as price computes
 * it: TotalQuantity the pieces of all its lines; ShippingTotal shipping and postage; RushTotal the
 * rush surcharges; TotalPrice the quote's OrderTotalPrice; ItemTotal the rest (printing, extra sheets,
 * envelopes, less discounts and bundle coupon), so ItemTotal + ShippingTotal + RushTotal = TotalPrice.
 */
export function statusPricing(details: OrderItem) {
	const quote = quoteItem(details);
	const prices = quote.orderPrices;
	const ShippingTotal = cents(prices.ShipPriceTotal + prices.MailingPriceTotal);
	const RushTotal = prices.RushTotalPrice;
	const TotalPrice = prices.OrderTotalPrice;
	return {
		TotalQuantity: quote.items.reduce((total, line) => total + line.Quantity, 0),
		ItemTotal: cents(TotalPrice - ShippingTotal - RushTotal),
		ShippingTotal,
		RushTotal,
		TotalPrice,
	};
}

export interface StatusHistoryOptions {
	/** Only the newest record (`latest=true`). */
	latest: boolean;
	/** Each record with the order's pricing fields (`pricing=true`). */
	pricing: boolean;
	/** Each record with PartnerOrderReference and PFLLinkStatus, as the provider documents them (not under profile `sandbox-shapes`). */
	documentedFields: boolean;
}

/** The status history, oldest first, as GET .../status answers it; the stored records when nothing is added. */
export function statusHistoryView(order: OrderRecord, options: StatusHistoryOptions): unknown[] {
	const records = options.latest ? order.history.slice(-1) : order.history;
	if (!options.pricing && !options.documentedFields) return records;
	const pricing = options.pricing ? statusPricing(order.details) : {};
	return records.map(({ _meta, ...record }) => ({
		...record,
		...(options.documentedFields
			? { PartnerOrderReference: order.partnerOrderReference, PFLLinkStatus: record.StatusDescription.replace(/\s+/g, '') }
			: {}),
		...pricing,
		_meta,
	}));
}
