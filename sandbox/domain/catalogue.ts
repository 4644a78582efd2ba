/**
 * The seeded product catalogue (the same for every store) and the delivery methods the sandbox
 * accepts. The spec shows neither; README.md "Prices" documents these tables.
 */

export interface CatalogueProduct {
	id: string;
	name: string;
	/** One line for people choosing a product (the product list's Description). */
	description: string;
	/** Price of one piece (one box for business cards), first sheet included. */
	unitPrice: number;
	/** Sheets per piece; every sheet after the first costs secondSheetPrice per piece. */
	sheets: number;
	secondSheetPrice: number;
	/** Letters go out in an envelope, charged per piece. */
	envelope: boolean;
	/** May be sent by Mail or EDDM. */
	mailable: boolean;
	/** Names of the TemplateFields the product's template fills in (advertised by the product list). */
	templateFields: readonly string[];
	/** Quantities the product list advertises: min to max in steps of quantityStep. Price and create do not enforce them. */
	minQuantity: number;
	maxQuantity: number;
	quantityStep: number;
}

type ProductBasics = Pick<CatalogueProduct, 'id' | 'name' | 'description' | 'unitPrice' | 'templateFields'>;

/** A product with the common defaults: one sheet, no envelope, mailable, 1 to 50,000 pieces in steps of 1. */
const p = (product: ProductBasics & Partial<CatalogueProduct>): CatalogueProduct => ({
	sheets: 1,
	secondSheetPrice: 0,
	envelope: false,
	mailable: true,
	minQuantity: 1,
	maxQuantity: 50000,
	quantityStep: 1,
	...product,
});

const CARD_FIELDS = ['Headline', 'Message', 'SignOff'];
const LETTER_FIELDS = ['Salutation', 'Body', 'SignOff'];

export const CATALOGUE: readonly CatalogueProduct[] = [
	p({ id: 'postcard-4x6', name: 'Postcard 4x6 in', description: 'Full-colour postcard, 4 x 6 in, printed both sides', unitPrice: 0.49, templateFields: CARD_FIELDS }),
	p({
		id: 'postcard-6x9',
		name: 'Postcard 6x9 in',
		description: 'Full-colour postcard, 6 x 9 in, printed both sides, with an offer code',
		unitPrice: 0.69,
		templateFields: [...CARD_FIELDS, 'OfferCode'],
	}),
	p({
		id: 'letter-1-sheet',
		name: 'Letter, 1 sheet, in envelope',
		description: 'One-page letter on letterhead, folded into a window envelope',
		unitPrice: 0.89,
		templateFields: LETTER_FIELDS,
		envelope: true,
	}),
	p({
		id: 'letter-2-sheet',
		name: 'Letter, 2 sheets, in envelope',
		description: 'Two-page letter on letterhead, folded into a window envelope',
		unitPrice: 0.89,
		templateFields: [...LETTER_FIELDS, 'PageTwoBody'],
		sheets: 2,
		secondSheetPrice: 0.25,
		envelope: true,
	}),
	p({ id: 'flyer-a5', name: 'Flyer A5', description: 'Single-sided A5 flyer on 130 gsm gloss', unitPrice: 0.35, templateFields: ['Headline', 'Body', 'CallToAction'] }),
	p({
		id: 'brochure-trifold',
		name: 'Brochure, tri-fold',
		description: 'Letter-size brochure folded in three; bundled by 25',
		unitPrice: 1.15,
		templateFields: ['Title', 'Panel1', 'Panel2', 'Panel3'],
		minQuantity: 25,
		maxQuantity: 25000,
		quantityStep: 25,
	}),
	p({
		id: 'poster-18x24',
		name: 'Poster 18x24 in',
		description: 'Poster, 18 x 24 in, shipped rolled in a tube (not mailable)',
		unitPrice: 7.5,
		templateFields: ['Headline', 'Subheadline', 'EventDate'],
		mailable: false,
		maxQuantity: 500,
	}),
	p({
		id: 'business-cards-250',
		name: 'Business cards, box of 250',
		description: 'Box of 250 business cards, 3.5 x 2 in; Quantity counts boxes (not mailable)',
		unitPrice: 24,
		templateFields: ['FullName', 'JobTitle', 'Email', 'Phone', 'Website'],
		mailable: false,
		maxQuantity: 100,
	}),
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

/** PromotionalDiscount as a share of PrintPrice from a quantity on (the product list's price tiers). */
export const DISCOUNT_TIERS: ReadonlyArray<{ minQuantity: number; rate: number }> = [
	{ minQuantity: 1000, rate: 0.05 },
	{ minQuantity: 5000, rate: 0.1 },
];

/** PromotionalDiscount as a share of PrintPrice by quantity: the rate of the highest tier reached. */
export function discountRate(quantity: number): number {
	let rate = 0;
	for (const tier of DISCOUNT_TIERS) if (quantity >= tier.minQuantity) rate = tier.rate;
	return rate;
}

export const RETAIL_PRINT_MULTIPLIER = 1.4;
export const RETAIL_RUSH_MULTIPLIER = 1.4;
export const RETAIL_SHIPPING_MULTIPLIER = 1.2;
export const RETAIL_FULFILLMENT_MULTIPLIER = 1.25;
/** BundleCouponAmount: per priced line beyond the first in one order (Product plus Products). */
export const BUNDLE_COUPON_PER_EXTRA_LINE = 2;
