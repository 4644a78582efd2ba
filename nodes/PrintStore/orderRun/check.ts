import type { IDataObject } from 'n8n-workflow';

import { InvalidValue } from '../../shared/errors';
import { FORBIDDEN_KEYS, isRecord } from '../../shared/json';

/**
 * The order item of one input item, as the user defined it (editor fields, JSON, or the input item
 * itself), in the API's field names and not yet checked (`orderItem.ts` reads it, `callbacks.ts`
 * adds URLs); how errors name its fields in each mode; and the one check it gets before it is sent.
 */
export type InputMode = 'fields' | 'json' | 'inputItem';

/** Where callback URLs merged into a draft came from, so an error names the field that held them. */
export interface OrderItemDraft {
	mode: InputMode;
	value: unknown;
	/** Editor labels of fields set from outside the order item (e.g. the Status Callback URL field). */
	labels?: Record<string, string>;
}

export const JSON_ROOT = 'Order Item (JSON)';
const FIELDS_ROOT = 'Order Item';
const INPUT_ROOT = 'Input Item';

/** What an error calls the whole order item in each mode; a field is `<root>.<path>`. */
export function rootLabel(mode: InputMode): string {
	return mode === 'json' ? JSON_ROOT : mode === 'inputItem' ? INPUT_ROOT : FIELDS_ROOT;
}

/** Where the user removes a field of the order item, in each mode. */
export function whereToRemove(mode: InputMode): string {
	if (mode === 'json') return 'Remove it from the JSON';
	if (mode === 'inputItem') return 'Remove it from the input items (or from the Field Mapping)';
	return 'Remove it from Additional Fields';
}

type FieldKind = 'string' | 'positiveInt' | 'nonNegativeInt' | 'number' | 'url' | 'stringMap';
type Shape = Record<string, FieldKind>;

const PRODUCT: Shape = {
	ID: 'string',
	Quantity: 'positiveInt',
	DeliveryMethod: 'string',
	TemplateFields: 'stringMap',
	IntelligentMailingSerialNumber: 'string',
	FileURL: 'url',
	TemplateDataURL: 'url',
	ProductionSpeedDays: 'nonNegativeInt',
};
const RECIPIENT: Shape = Object.fromEntries(
	[
		'Email', 'Title', 'NameFirst', 'NameLast', 'CompanyName', 'AddressLine1', 'AddressLine2',
		'AddressLine3', 'City', 'Province', 'Postalcode', 'Country', 'BusinessPhone', 'MobilePhone',
		'RecipientKey',
	].map((name) => [name, 'string' as FieldKind]),
);
const CUSTOMER: Shape = Object.fromEntries(
	[
		'NameFirst', 'NameLast', 'CompanyName', 'AddressLine1', 'AddressLine2', 'City', 'Province',
		'PostalCode', 'Country', 'Email', 'Phone',
	].map((name) => [name, 'string' as FieldKind]),
);
const DELIVERY_AREA: Shape = { PostalCode: 'string', CarrierRoute: 'string', TargetAudience: 'string' };
const PAYMENT: Shape = { ExpectedAmount: 'number', ID: 'string', Method: 'string' };
const PRODUCT_RECIPIENT: Shape = {
	DeliveryMethod: 'string',
	ProductID: 'string',
	RecipientID: 'string',
	Quantity: 'positiveInt',
};
const BILLING_VARIABLE: Shape = { key: 'string', value: 'string' };
const ORDER_ITEM_SCALARS: Shape = {
	PartnerOrderReference: 'string',
	StatusCallbackUrl: 'url',
	StatusDetailsCallbackUrl: 'url',
};
const ORDER_ITEM_KEYS = [
	'Product', 'Products', 'Recipient', 'Recipients', 'EddmDeliveryAreas', 'Customer', 'Payments',
	'PartnerOrderReference', 'StatusCallbackUrl', 'StatusDetailsCallbackUrl', 'BillingVariables',
	'ProductRecipients',
];


function show(value: unknown): string {
	const text = typeof value === 'string' ? `"${value}"` : JSON.stringify(value) ?? String(value);
	return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function suggestion(key: string, known: string[]): string {
	const match = known.find((name) => name.toLowerCase() === key.toLowerCase());
	return match ? `; did you mean "${match}"?` : `; known fields: ${known.join(', ')}`;
}

function scalar(kind: FieldKind, value: unknown, field: string): unknown {
	switch (kind) {
		case 'string':
			if (typeof value === 'string') return value;
			if (typeof value === 'number' || typeof value === 'boolean') return String(value);
			throw new InvalidValue(field, `must be text, got ${show(value)}`);
		case 'url': {
			if (typeof value !== 'string' || !/^https?:\/\/[^\s/]+\S*$/i.test(value.trim())) {
				throw new InvalidValue(field, `must be an http(s) URL, got ${show(value)}`);
			}
			return value.trim();
		}
		case 'number': {
			const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
			if (typeof n !== 'number' || !Number.isFinite(n)) {
				throw new InvalidValue(field, `must be a number, got ${show(value)}`);
			}
			return n;
		}
		case 'positiveInt':
		case 'nonNegativeInt': {
			const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
			const min = kind === 'positiveInt' ? 1 : 0;
			if (typeof n !== 'number' || !Number.isInteger(n) || n < min) {
				throw new InvalidValue(field, `must be a whole number of at least ${min}, got ${show(value)}`);
			}
			return n;
		}
		case 'stringMap': {
			if (!isRecord(value)) throw new InvalidValue(field, `must be an object of text values, got ${show(value)}`);
			const out: Record<string, string> = {};
			for (const [key, entry] of Object.entries(value)) {
				if (FORBIDDEN_KEYS.has(key)) throw new InvalidValue(`${field}.${key}`, 'is not allowed as a field name');
				out[key] = scalar('string', entry, `${field}.${key}`) as string;
			}
			return out;
		}
	}
}

/** Copies only known fields, checked and coerced; prototype keys can never come through. */
function object(shape: Shape, value: unknown, field: string): IDataObject {
	if (!isRecord(value)) throw new InvalidValue(field, `must be an object, got ${show(value)}`);
	const known = Object.keys(shape);
	const out: IDataObject = {};
	for (const [key, entry] of Object.entries(value)) {
		if (!Object.prototype.hasOwnProperty.call(shape, key)) {
			throw new InvalidValue(`${field}.${key}`, `is not a field of ${field}${suggestion(key, known)}`);
		}
		if (entry === undefined || entry === null) continue;
		out[key] = scalar(shape[key], entry, `${field}.${key}`) as IDataObject[string];
	}
	return out;
}

function list(shape: Shape, value: unknown, field: string): IDataObject[] {
	if (!Array.isArray(value)) throw new InvalidValue(field, `must be a list, got ${show(value)}`);
	return value.map((entry, index) => object(shape, entry, `${field}[${index}]`));
}

function product(value: unknown, field: string): IDataObject {
	const out = object(PRODUCT, value, field);
	if (typeof out.ID !== 'string' || out.ID.trim() === '') throw new InvalidValue(`${field}.ID`, 'is required');
	if (out.Quantity === undefined) throw new InvalidValue(`${field}.Quantity`, 'is required');
	return out;
}

function recipient(value: unknown, field: string): IDataObject {
	const out = object(RECIPIENT, value, field);
	if (Object.values(out).every((entry) => String(entry).trim() === '')) {
		throw new InvalidValue(field, 'is required: give at least a name or company and an address');
	}
	return out;
}

/**
 * Checks one order item against the spec's Order item and returns a clean copy. Throws
 * `InvalidValue` naming the first field at fault, with `root` as the prefix users see.
 */
export function validateOrderItem(value: unknown, root: string): IDataObject {
	if (!isRecord(value)) throw new InvalidValue(root, `must be a JSON object, got ${show(value)}`);
	const out: IDataObject = {};
	for (const key of Object.keys(value)) {
		if (!ORDER_ITEM_KEYS.includes(key)) {
			throw new InvalidValue(`${root}.${key}`, `is not a field of an order item${suggestion(key, ORDER_ITEM_KEYS)}`);
		}
	}
	const at = (key: string) => `${root}.${key}`;
	if (value.Product === undefined || value.Product === null) throw new InvalidValue(at('Product'), 'is required');
	out.Product = product(value.Product, at('Product'));
	if (value.Recipient === undefined || value.Recipient === null) throw new InvalidValue(at('Recipient'), 'is required');
	out.Recipient = recipient(value.Recipient, at('Recipient'));
	if (value.Products != null) {
		if (!Array.isArray(value.Products)) throw new InvalidValue(at('Products'), `must be a list, got ${show(value.Products)}`);
		out.Products = value.Products.map((entry, index) => product(entry, `${at('Products')}[${index}]`));
	}
	if (value.Recipients != null) {
		if (!Array.isArray(value.Recipients)) throw new InvalidValue(at('Recipients'), `must be a list, got ${show(value.Recipients)}`);
		out.Recipients = value.Recipients.map((entry, index) => recipient(entry, `${at('Recipients')}[${index}]`));
	}
	if (value.Customer != null) out.Customer = object(CUSTOMER, value.Customer, at('Customer'));
	if (value.Payments != null) out.Payments = list(PAYMENT, value.Payments, at('Payments'));
	if (value.EddmDeliveryAreas != null) out.EddmDeliveryAreas = list(DELIVERY_AREA, value.EddmDeliveryAreas, at('EddmDeliveryAreas'));
	if (value.BillingVariables != null) out.BillingVariables = list(BILLING_VARIABLE, value.BillingVariables, at('BillingVariables'));
	if (value.ProductRecipients != null) out.ProductRecipients = list(PRODUCT_RECIPIENT, value.ProductRecipients, at('ProductRecipients'));
	for (const [key, kind] of Object.entries(ORDER_ITEM_SCALARS)) {
		const entry = value[key];
		if (entry === undefined || entry === null || entry === '') continue;
		out[key] = scalar(kind, entry, at(key)) as IDataObject[string];
	}
	return out;
}


/** API field paths as the editor labels them, so an error points at the field the user sees. */
const EDITOR_LABELS: Array<[string, string]> = [
	['Order Item.Product.ID', 'Product ID'],
	['Order Item.Product.Quantity', 'Quantity'],
	['Order Item.Product.TemplateFields', 'Product Options.Template Fields'],
	['Order Item.Product.', 'Product Options.'],
	['Order Item.Recipient', 'Recipient'],
	['Order Item.PartnerOrderReference', 'Partner Order Reference'],
	['Order Item.StatusCallbackUrl', 'Status Callback URL'],
	['Order Item.StatusDetailsCallbackUrl', 'Status Details Callback URL'],
	['Order Item.Products', 'Additional Fields.Additional Products'],
	['Order Item.Recipients', 'Additional Fields.Additional Recipients'],
	['Order Item.', 'Additional Fields.'],
];

function relabel(error: InvalidValue, draft: OrderItemDraft, root: string): InvalidValue {
	// Most specific first: a label for Product.TemplateFields.headline wins over one for Product.
	const own = Object.entries(draft.labels ?? {})
		.sort((a, b) => b[0].length - a[0].length)
		.find(([key]) => {
			const prefix = key ? `${root}.${key}` : root;
			return error.field === prefix || error.field.startsWith(`${prefix}.`) || error.field.startsWith(`${prefix}[`);
		});
	if (own) {
		const rest = error.field.slice((own[0] ? `${root}.${own[0]}` : root).length);
		return new InvalidValue(own[1] + rest, error.problem);
	}
	if (draft.mode !== 'fields') return error;
	const label = EDITOR_LABELS.find(([path]) => error.field.startsWith(path));
	return label ? new InvalidValue(label[1] + error.field.slice(label[0].length), error.problem) : error;
}

/**
 * The one check every order item gets, callbacks included. Returns a clean copy in the spec's
 * shape, or throws `InvalidValue` naming the field the way the user sees it (its editor label, or
 * the label the draft brought).
 */
export function checkOrderItem(draft: OrderItemDraft): IDataObject {
	const root = rootLabel(draft.mode);
	try {
		return validateOrderItem(draft.value, root);
	} catch (error) {
		throw error instanceof InvalidValue ? relabel(error, draft, root) : error;
	}
}
