/** Deterministic price quotes over the catalogue; the rules are written out in README.md. */
import {
	BUNDLE_COUPON_PER_EXTRA_LINE,
	ENVELOPE_PRICE_EACH,
	RETAIL_FULFILLMENT_MULTIPLIER,
	RETAIL_PRINT_MULTIPLIER,
	RETAIL_RUSH_MULTIPLIER,
	RETAIL_SHIPPING_MULTIPLIER,
	STANDARD_PRODUCTION_DAYS,
	discountRate,
	findDeliveryMethod,
	findProduct,
	rushRate,
} from './catalogue';
import type { OrderItem, ProductInput } from './types';

export interface ItemPrice {
	EnvelopePrice: number;
	MailingPrice: number;
	PrintingCostEach: number;
	PrintPrice: number;
	PromotionalDiscount: number;
	RetailFulfillmentPrice: number;
	RetailPrintPrice: number;
	RetailReimbursementPrice: number;
	RetailRushPrice: number;
	RetailShippingPrice: number;
	RushPrice: number;
	SecondSheetPrice: number;
	ShipPrice: number;
	TotalPrice: number;
	TotalPrintingPrice: number;
}

export interface OrderPrices {
	BundleCouponAmount: number;
	EnvelopeTotalPrice: number;
	MailingPriceTotal: number;
	OrderTotalPrice: number;
	PrintPriceTotal: number;
	RushTotalPrice: number;
	SecondSheetTotal: number;
	ShipPriceTotal: number;
}

export interface PriceQuote {
	PartnerOrderReference: string | null;
	items: Array<{ ProductID: string; Quantity: number; itemPrice: ItemPrice }>;
	orderPrices: OrderPrices;
}

/** Round to cents; the epsilon keeps 1.005 from rounding down. */
export const cents = (value: number): number => Math.round((value + Number.EPSILON) * 100) / 100;

/** Prices one product line. The caller has validated product and delivery method already. */
export function priceProduct(product: ProductInput, eddmAreas: number): ItemPrice {
	const entry = findProduct(product.ID)!;
	const method = findDeliveryMethod(product.DeliveryMethod)!;
	const quantity = product.Quantity;
	const days = product.ProductionSpeedDays ?? STANDARD_PRODUCTION_DAYS;

	const PrintPrice = cents(entry.unitPrice * quantity);
	const SecondSheetPrice = cents((entry.sheets - 1) * entry.secondSheetPrice * quantity);
	const RushPrice = cents(PrintPrice * rushRate(days));
	const EnvelopePrice = entry.envelope ? cents(ENVELOPE_PRICE_EACH * quantity) : 0;
	const ShipPrice = method.shipPrice;
	const MailingPrice = method.mail ? cents(method.postageEach * quantity + method.areaFee * eddmAreas) : 0;
	const PromotionalDiscount = cents(PrintPrice * discountRate(quantity));
	const TotalPrintingPrice = cents(PrintPrice + SecondSheetPrice + RushPrice);
	const TotalPrice = cents(TotalPrintingPrice + EnvelopePrice + ShipPrice + MailingPrice - PromotionalDiscount);

	const RetailPrintPrice = cents(PrintPrice * RETAIL_PRINT_MULTIPLIER);
	const RetailRushPrice = cents(RushPrice * RETAIL_RUSH_MULTIPLIER);
	const RetailShippingPrice = cents(ShipPrice * RETAIL_SHIPPING_MULTIPLIER);
	const RetailFulfillmentPrice = cents((EnvelopePrice + SecondSheetPrice + MailingPrice) * RETAIL_FULFILLMENT_MULTIPLIER);
	const RetailReimbursementPrice = cents(
		RetailPrintPrice + RetailRushPrice + RetailShippingPrice + RetailFulfillmentPrice - TotalPrice,
	);

	return {
		EnvelopePrice,
		MailingPrice,
		PrintingCostEach: cents(entry.unitPrice + (entry.sheets - 1) * entry.secondSheetPrice),
		PrintPrice,
		PromotionalDiscount,
		RetailFulfillmentPrice,
		RetailPrintPrice,
		RetailReimbursementPrice,
		RetailRushPrice,
		RetailShippingPrice,
		RushPrice,
		SecondSheetPrice,
		ShipPrice,
		TotalPrice,
		TotalPrintingPrice,
	};
}

/** One quote per order item: Product first, then each element of Products, in order. */
export function quoteItem(item: OrderItem): PriceQuote {
	const products = [item.Product, ...(item.Products ?? [])];
	const areas = item.EddmDeliveryAreas?.length ?? 0;
	// The per-area EDDM fee is charged once per order, on its first line.
	const items = products.map((product, index) => ({
		ProductID: product.ID,
		Quantity: product.Quantity,
		itemPrice: priceProduct(product, index === 0 ? areas : 0),
	}));
	const sum = (field: keyof ItemPrice) => cents(items.reduce((total, line) => total + line.itemPrice[field], 0));
	const BundleCouponAmount = cents(BUNDLE_COUPON_PER_EXTRA_LINE * (items.length - 1));
	return {
		PartnerOrderReference: item.PartnerOrderReference ?? null,
		items,
		orderPrices: {
			BundleCouponAmount,
			EnvelopeTotalPrice: sum('EnvelopePrice'),
			MailingPriceTotal: sum('MailingPrice'),
			OrderTotalPrice: cents(sum('TotalPrice') - BundleCouponAmount),
			PrintPriceTotal: sum('PrintPrice'),
			RushTotalPrice: sum('RushPrice'),
			SecondSheetTotal: sum('SecondSheetPrice'),
			ShipPriceTotal: sum('ShipPrice'),
		},
	};
}
