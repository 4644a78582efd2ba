/**
 * The seeded product catalogue (the same for every store) and the delivery methods the sandbox
 * accepts. The spec shows neither; README.md "Prices" documents these tables.
 */

/** What a template field asks for, as the product list describes it. */
export type TemplateFieldSubType = 'SingleLine' | 'MultiLine' | 'Email' | 'Phone' | 'Url' | 'Date';

/** A field the product's template fills in: its name in TemplateFields, and how a form asks for it. */
export interface TemplateField {
	name: string;
	/** The label a form shows; often not the name. */
	prompt: string;
	required: boolean;
	subType: TemplateFieldSubType;
	/** Used when the order leaves the field out; null when there is none. */
	defaultValue: string | null;
}

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
	/** The TemplateFields the product's template fills in (advertised by the product list). */
	templateFields: readonly TemplateField[];
	/** Quantities the product list advertises: min to max in steps of quantityStep, defaultQuantity preselected. Price and create do not enforce them. */
	defaultQuantity: number;
	minQuantity: number;
	maxQuantity: number;
	quantityStep: number;
}

type ProductBasics = Pick<CatalogueProduct, 'id' | 'name' | 'description' | 'unitPrice' | 'templateFields'>;

/** A product with the common defaults: one sheet, no envelope, mailable, 1 to 50,000 pieces in steps of 1, 100 by default. */
const p = (product: ProductBasics & Partial<CatalogueProduct>): CatalogueProduct => ({
	sheets: 1,
	secondSheetPrice: 0,
	envelope: false,
	mailable: true,
	defaultQuantity: 100,
	minQuantity: 1,
	maxQuantity: 50000,
	quantityStep: 1,
	...product,
});

/** A template field: single-line and optional unless told otherwise. */
const f = (name: string, prompt: string, options: Partial<Omit<TemplateField, 'name' | 'prompt'>> = {}): TemplateField => ({
	name,
	prompt,
	required: false,
	subType: 'SingleLine',
	defaultValue: null,
	...options,
});

const HEADLINE = f('Headline', 'Headline', { required: true });
const SIGN_OFF = f('SignOff', 'Sign-off line', { defaultValue: 'Warm regards' });
const CARD_FIELDS = [HEADLINE, f('Message', 'Message on the back', { required: true, subType: 'MultiLine' }), SIGN_OFF];
const LETTER_FIELDS = [
	f('Salutation', 'Salutation', { required: true, defaultValue: 'Dear customer,' }),
	f('Body', 'Letter text', { required: true, subType: 'MultiLine' }),
	SIGN_OFF,
];

export const CATALOGUE: readonly CatalogueProduct[] = [
	p({ id: 'postcard-4x6', name: 'Postcard 4x6 in', description: 'Full-colour postcard, 4 x 6 in, printed both sides', unitPrice: 0.49, templateFields: CARD_FIELDS }),
	p({
		id: 'postcard-6x9',
		name: 'Postcard 6x9 in',
		description: 'Full-colour postcard, 6 x 9 in, printed both sides, with an offer code',
		unitPrice: 0.69,
		templateFields: [...CARD_FIELDS, f('OfferCode', 'Offer code')],
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
		templateFields: [...LETTER_FIELDS, f('PageTwoBody', 'Second page text', { subType: 'MultiLine' })],
		sheets: 2,
		secondSheetPrice: 0.25,
		envelope: true,
	}),
	p({
		id: 'flyer-a5',
		name: 'Flyer A5',
		description: 'Single-sided A5 flyer on 130 gsm gloss',
		unitPrice: 0.35,
		templateFields: [HEADLINE, f('Body', 'Body text', { required: true, subType: 'MultiLine' }), f('CallToAction', 'Call to action', { defaultValue: 'Visit us today' })],
	}),
	p({
		id: 'brochure-trifold',
		name: 'Brochure, tri-fold',
		description: 'Letter-size brochure folded in three; bundled by 25',
		unitPrice: 1.15,
		templateFields: [
			f('Title', 'Cover title', { required: true }),
			f('Panel1', 'Inside left panel', { required: true, subType: 'MultiLine' }),
			f('Panel2', 'Inside middle panel', { subType: 'MultiLine' }),
			f('Panel3', 'Inside right panel', { subType: 'MultiLine' }),
		],
		minQuantity: 25,
		maxQuantity: 25000,
		quantityStep: 25,
	}),
	p({
		id: 'poster-18x24',
		name: 'Poster 18x24 in',
		description: 'Poster, 18 x 24 in, shipped rolled in a tube (not mailable)',
		unitPrice: 7.5,
		templateFields: [HEADLINE, f('Subheadline', 'Subheadline'), f('EventDate', 'Date of the event', { required: true, subType: 'Date' })],
		mailable: false,
		defaultQuantity: 10,
		maxQuantity: 500,
	}),
	p({
		id: 'business-cards-250',
		name: 'Business cards, box of 250',
		description: 'Box of 250 business cards, 3.5 x 2 in; Quantity counts boxes (not mailable)',
		unitPrice: 24,
		templateFields: [
			f('FullName', 'Full name', { required: true }),
			f('JobTitle', 'Job title'),
			f('Email', 'Email address', { required: true, subType: 'Email' }),
			f('Phone', 'Phone number', { subType: 'Phone' }),
			f('Website', 'Website', { subType: 'Url' }),
		],
		mailable: false,
		defaultQuantity: 1,
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
	/** One line for people choosing a method (the documented product list's DeliveredPrices). */
	description: string;
	/** Flat shipping charged per priced line. */
	shipPrice: number;
	/** Postage per piece (Mail) or per piece in the areas (EDDM), charged as MailingPrice. */
	postageEach: number;
	/** EDDM: fee per delivery area. */
	areaFee: number;
	mail: boolean;
}

export const DELIVERY_METHODS: readonly DeliveryMethod[] = [
	{ name: 'Standard', description: 'Ground shipping, 3 to 5 business days', shipPrice: 4.95, postageEach: 0, areaFee: 0, mail: false },
	{ name: 'Express', description: 'Express shipping, 2 business days', shipPrice: 12.95, postageEach: 0, areaFee: 0, mail: false },
	{ name: 'Overnight', description: 'Overnight shipping, next business day', shipPrice: 29.95, postageEach: 0, areaFee: 0, mail: false },
	{ name: 'Pickup', description: 'Collected at the print shop', shipPrice: 0, postageEach: 0, areaFee: 0, mail: false },
	{ name: 'Mail', description: 'Mailed to each recipient (postage per piece)', shipPrice: 0, postageEach: 0.55, areaFee: 0, mail: true },
	{ name: 'EDDM', description: 'Every Door Direct Mail to carrier routes', shipPrice: 0, postageEach: 0.2, areaFee: 5, mail: true },
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
