import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { InvalidValue } from '../../shared/errors';
import { FORBIDDEN_KEYS, validateOrderItem } from './validateOrderItem';

/**
 * Step one of the order path: the order item of one input item, as the user defined it (editor
 * fields or JSON), in the API's field names and not yet checked.
 */
export type InputMode = 'fields' | 'json';

/** Where callback URLs merged into a draft came from, so an error names the field that held them. */
export interface OrderItemDraft {
	mode: InputMode;
	value: unknown;
	/** Editor labels of fields set from outside the order item (e.g. the Status Callback URL field). */
	labels?: Record<string, string>;
}

/** Drops what a user left empty in the editor, so only real values are sent. */
export function withoutEmpty(values: IDataObject): IDataObject {
	const out: IDataObject = {};
	for (const [key, value] of Object.entries(values)) {
		if (value === '' || value === undefined || value === null) continue;
		out[key] = value;
	}
	return out;
}

/** Reads `{ group: [ {...}, ... ] }` or `{ group: {...} }` from a fixedCollection value. */
export function fixedCollectionEntries(value: unknown, group: string): IDataObject[] {
	if (!isPlainObject(value)) return [];
	const entries = value[group];
	if (Array.isArray(entries)) return entries as IDataObject[];
	return isPlainObject(entries) ? [entries as IDataObject] : [];
}

/** Template fields entered as name/value pairs become the spec's string map. */
export function templateFieldsFromPairs(pairs: IDataObject[], field: string): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [index, pair] of pairs.entries()) {
		const name = String(pair.name ?? '').trim();
		if (!name) throw new InvalidValue(`${field}[${index}].Name`, 'is required');
		if (FORBIDDEN_KEYS.has(name)) throw new InvalidValue(`${field}[${index}].Name`, `"${name}" is not allowed`);
		if (Object.prototype.hasOwnProperty.call(out, name)) {
			throw new InvalidValue(`${field}[${index}].Name`, `"${name}" is given twice`);
		}
		out[name] = String(pair.value ?? '');
	}
	return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJsonParameter(value: unknown, field: string): unknown {
	if (typeof value !== 'string') return value;
	let problem = '';
	try {
		return JSON.parse(value) as unknown;
	} catch (error) {
		problem = (error as Error).message;
	}
	throw new InvalidValue(field, `is not valid JSON (${problem})`);
}

function productFromFields(entry: IDataObject, field: string): IDataObject {
	const product = withoutEmpty(entry);
	if (product.ProductionSpeedDays === 0) delete product.ProductionSpeedDays;
	if (typeof product.TemplateFields === 'string') {
		product.TemplateFields = parseJsonParameter(product.TemplateFields, `${field}.TemplateFields`) as IDataObject;
	}
	if (product.TemplateFields !== undefined && Object.keys(product.TemplateFields as IDataObject).length === 0) {
		delete product.TemplateFields;
	}
	return product;
}

/** Builds the order item from the editor's fields, in the API's field names. */
function fromFields(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const options = ctx.getNodeParameter('productOptions', itemIndex, {}) as IDataObject;
	const { templateFields, ...details } = options;
	const product = productFromFields(
		{
			ID: ctx.getNodeParameter('productId', itemIndex, '') as string,
			Quantity: ctx.getNodeParameter('quantity', itemIndex, 1) as number,
			...details,
		},
		'Product',
	);
	const pairs = fixedCollectionEntries(templateFields, 'field');
	if (pairs.length) product.TemplateFields = templateFieldsFromPairs(pairs, 'Product Options.Template Fields');

	const item: IDataObject = {
		Product: product,
		Recipient: withoutEmpty(ctx.getNodeParameter('recipient', itemIndex, {}) as IDataObject),
	};
	const reference = ctx.getNodeParameter('partnerOrderReference', itemIndex, '') as string | number;
	if (reference !== '' && reference !== null && reference !== undefined) item.PartnerOrderReference = reference;

	const more = ctx.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const products = fixedCollectionEntries(more.products, 'product');
	if (products.length) item.Products = products.map((entry, index) => productFromFields(entry, `Products[${index}]`));
	const recipients = fixedCollectionEntries(more.recipients, 'recipient');
	if (recipients.length) item.Recipients = recipients.map(withoutEmpty);
	const variables = fixedCollectionEntries(more.billingVariables, 'variable');
	if (variables.length) item.BillingVariables = variables;
	const [customer] = fixedCollectionEntries(more.customer, 'details');
	if (customer) item.Customer = withoutEmpty(customer);
	const areas = fixedCollectionEntries(more.eddmDeliveryAreas, 'area');
	if (areas.length) item.EddmDeliveryAreas = areas.map(withoutEmpty);
	const payments = fixedCollectionEntries(more.payments, 'payment');
	if (payments.length) item.Payments = payments.map(withoutEmpty);
	const links = fixedCollectionEntries(more.productRecipients, 'link');
	if (links.length) item.ProductRecipients = links.map(withoutEmpty);
	return item;
}

/** Reads the order item of one input item in the chosen mode; nothing is checked yet. */
export function readOrderItemDraft(ctx: IExecuteFunctions, itemIndex: number, mode: InputMode): OrderItemDraft {
	if (mode === 'json') {
		const raw = ctx.getNodeParameter('orderItemJson', itemIndex, '{}');
		return { mode, value: parseJsonParameter(raw, JSON_ROOT) };
	}
	return { mode, value: fromFields(ctx, itemIndex) };
}

const JSON_ROOT = 'Order Item (JSON)';
const FIELDS_ROOT = 'Order Item';

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
	const own = Object.entries(draft.labels ?? {}).find(([key]) => error.field.startsWith(`${root}.${key}`));
	if (own) return new InvalidValue(own[1], error.problem);
	if (draft.mode === 'json') return error;
	const label = EDITOR_LABELS.find(([path]) => error.field.startsWith(path));
	return label ? new InvalidValue(label[1] + error.field.slice(label[0].length), error.problem) : error;
}

/**
 * Step two: the one check every order item gets, callbacks included. Returns a clean copy in the
 * spec's shape, or throws `InvalidValue` naming the field the way the user sees it.
 */
export function checkOrderItem(draft: OrderItemDraft): IDataObject {
	const root = draft.mode === 'json' ? JSON_ROOT : FIELDS_ROOT;
	try {
		return validateOrderItem(draft.value, root);
	} catch (error) {
		throw error instanceof InvalidValue ? relabel(error, draft, root) : error;
	}
}
