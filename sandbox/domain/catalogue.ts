/**
 * The seeded product catalogue (the same for every store) and the delivery methods the sandbox
 * accepts. The spec shows neither; README.md "Prices" documents these tables.
 */

export interface CatalogueProduct {
	id: string;
	name: string;
	/** Price of one piece (one box for business cards), first sheet included. */
	unitPrice: number;
	/** Sheets per piece; every sheet after the first costs secondSheetPrice per piece. */
	sheets: number;
	secondSheetPrice: number;
	/** Letters go out in an envelope, charged per piece. */
	envelope: boolean;
	/** May be sent by Mail or EDDM. */
	mailable: boolean;
}

const p = (
	id: string,
	name: string,
	unitPrice: number,
	extra: Partial<Omit<CatalogueProduct, 'id' | 'name' | 'unitPrice'>> = {},
): CatalogueProduct => ({ id, name, unitPrice, sheets: 1, secondSheetPrice: 0, envelope: false, mailable: true, ...extra });

export const CATALOGUE: readonly CatalogueProduct[] = [
	p('postcard-4x6', 'Postcard 4x6 in', 0.49),
	p('postcard-6x9', 'Postcard 6x9 in', 0.69),
	p('letter-1-sheet', 'Letter, 1 sheet, in envelope', 0.89, { envelope: true }),
	p('letter-2-sheet', 'Letter, 2 sheets, in envelope', 0.89, { sheets: 2, secondSheetPrice: 0.25, envelope: true }),
	p('flyer-a5', 'Flyer A5', 0.35),
	p('brochure-trifold', 'Brochure, tri-fold', 1.15),
	p('poster-18x24', 'Poster 18x24 in', 7.5, { mailable: false }),
	p('business-cards-250', 'Business cards, box of 250', 24, { mailable: false }),
];

const byId = new Map(CATALOGUE.map((product) => [product.id, product]));

export function findProduct(id: string): CatalogueProduct | undefined {
	return byId.get(id);
}

export const ENVELOPE_PRICE_EACH = 0.12;

export interface DeliveryMethod {
	name: string;
	/** Flat shipping charged per priced line. */
	shipPrice: number;
	/** Postage per piece (Mail) or per piece in the areas (EDDM), charged as MailingPrice. */
	postageEach: number;
	/** EDDM: fee per delivery area. */
	areaFee: number;
	mail: boolean;
}

export const DELIVERY_METHODS: readonly DeliveryMethod[] = [
	{ name: 'Standard', shipPrice: 4.95, postageEach: 0, areaFee: 0, mail: false },
	{ name: 'Express', shipPrice: 12.95, postageEach: 0, areaFee: 0, mail: false },
	{ name: 'Overnight', shipPrice: 29.95, postageEach: 0, areaFee: 0, mail: false },
	{ name: 'Pickup', shipPrice: 0, postageEach: 0, areaFee: 0, mail: false },
	{ name: 'Mail', shipPrice: 0, postageEach: 0.55, areaFee: 0, mail: true },
	{ name: 'EDDM', shipPrice: 0, postageEach: 0.2, areaFee: 5, mail: true },
];

export const DEFAULT_DELIVERY_METHOD = 'Standard';

const methodsByName = new Map(DELIVERY_METHODS.map((m) => [m.name.toLowerCase(), m]));

/** Case-insensitive; absent means Standard. */
export function findDeliveryMethod(name: string | undefined): DeliveryMethod | undefined {
	return methodsByName.get((name === undefined || name === '' ? DEFAULT_DELIVERY_METHOD : name).toLowerCase());
}

/** Days of production when ProductionSpeedDays is absent. */
export const STANDARD_PRODUCTION_DAYS = 5;

/** Rush surcharge as a share of PrintPrice by ProductionSpeedDays. */
export function rushRate(days: number): number {
	if (days >= STANDARD_PRODUCTION_DAYS) return 0;
	if (days >= 3) return 0.15;
	if (days === 2) return 0.3;
	if (days === 1) return 0.5;
	return 1;
}

/** PromotionalDiscount as a share of PrintPrice by quantity. */
export function discountRate(quantity: number): number {
	if (quantity >= 5000) return 0.1;
	if (quantity >= 1000) return 0.05;
	return 0;
}

export const RETAIL_PRINT_MULTIPLIER = 1.4;
export const RETAIL_RUSH_MULTIPLIER = 1.4;
export const RETAIL_SHIPPING_MULTIPLIER = 1.2;
export const RETAIL_FULFILLMENT_MULTIPLIER = 1.25;
/** BundleCouponAmount: per priced line beyond the first in one order (Product plus Products). */
export const BUNDLE_COUPON_PER_EXTRA_LINE = 2;
