import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import {
	fixedCollectionEntries,
	InvalidValue,
	templateFieldsFromPairs,
	validateOrderItem,
	withoutEmpty,
} from './orderItem';

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

function relabel(error: unknown): unknown {
	if (!(error instanceof InvalidValue)) return error;
	const label = EDITOR_LABELS.find(([path]) => error.field.startsWith(path));
	return label ? new InvalidValue(label[1] + error.field.slice(label[0].length), error.problem) : error;
}

export function withEditorLabels<T>(build: () => T): T {
	let failure: unknown;
	try {
		return build();
	} catch (error) {
		failure = error;
	}
	throw relabel(failure);
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
	return validateOrderItem(item, 'Order Item');
}

function fromJson(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const raw = ctx.getNodeParameter('orderItemJson', itemIndex, '{}');
	return validateOrderItem(parseJsonParameter(raw, 'Order Item (JSON)'), 'Order Item (JSON)');
}

/** The order item for one input item, checked before anything is sent. */
export function readOrderItem(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const mode = ctx.getNodeParameter('inputMode', itemIndex, 'fields') as string;
	return mode === 'json' ? fromJson(ctx, itemIndex) : withEditorLabels(() => fromFields(ctx, itemIndex));
}
