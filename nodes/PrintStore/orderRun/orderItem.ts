import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { InvalidValue } from '../../shared/errors';
import { locatorValue } from '../../shared/ids';
import { FORBIDDEN_KEYS, isRecord, parseJson } from '../../shared/json';
import { JSON_ROOT, type InputMode, type OrderItemDraft } from './check';

/**
 * Step one of the order path: the order item of each input item as the user defined it, read from
 * the editor's fields, the Order Item (JSON) or the input item itself. Nothing is checked here
 * (check.ts does that, once, for every mode).
 */

/** Drops what a user left empty in the editor, so only real values are sent. */
function withoutEmpty(values: IDataObject): IDataObject {
	const out: IDataObject = {};
	for (const [key, value] of Object.entries(values)) {
		if (value === '' || value === undefined || value === null) continue;
		out[key] = value;
	}
	return out;
}

/** Reads `{ group: [ {...}, ... ] }` or `{ group: {...} }` from a fixedCollection value. */
function fixedCollectionEntries(value: unknown, group: string): IDataObject[] {
	if (!isRecord(value)) return [];
	const entries = value[group];
	if (Array.isArray(entries)) return entries as IDataObject[];
	return isRecord(entries) ? [entries as IDataObject] : [];
}

/** Template fields entered as name/value pairs become the spec's string map. */
function templateFieldsFromPairs(pairs: IDataObject[], field: string): Record<string, string> {
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

function parseJsonParameter(value: unknown, field: string): unknown {
	if (typeof value !== 'string') return value;
	const parsed = parseJson(value);
	if (!parsed.ok) throw new InvalidValue(field, `is not valid JSON (${parsed.problem})`);
	return parsed.value;
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

/**
 * Template Fields (version 5): the values mapped to the picked product's template fields (n8n's
 * resource mapper, `{ mappingMode, value: { FieldName: value } }`), as strings; empty ones left out.
 * n8n refuses to run a node whose required template fields are empty, and drops the parameter from
 * nodes of versions that do not show it (1 to 4).
 */
function mappedTemplateValues(ctx: IExecuteFunctions, itemIndex: number): Record<string, string> {
	const values = ctx.getNodeParameter('templateFieldValues.value', itemIndex, {}) as unknown;
	const out: Record<string, string> = {};
	if (!isRecord(values)) return out;
	for (const [name, value] of Object.entries(values)) {
		if (value === undefined || value === null || value === '' || FORBIDDEN_KEYS.has(name)) continue;
		out[name] = typeof value === 'object' ? JSON.stringify(value) : String(value);
	}
	return out;
}

/** Builds the order item from the editor's fields, in the API's field names. */
function fromFields(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const options = ctx.getNodeParameter('productOptions', itemIndex, {}) as IDataObject;
	const { templateFields, ...details } = options;
	const product = productFromFields(
		{
			// Text up to version 3, a pick-from-the-list field (its value) from version 4.
			ID: locatorValue(ctx.getNodeParameter('productId', itemIndex, '')) as string,
			Quantity: ctx.getNodeParameter('quantity', itemIndex, 1) as number,
			...details,
		},
		'Product',
	);
	const pairs = fixedCollectionEntries(templateFields, 'field');
	// The mapped values win over pairs of the same name.
	const values = { ...templateFieldsFromPairs(pairs, 'Product Options.Template Fields'), ...mappedTemplateValues(ctx, itemIndex) };
	if (Object.keys(values).length) product.TemplateFields = values;

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

/** Reads dotted paths (`address.zip`) from an input item; an exact key with dots wins. */
function compilePath(path: string): (json: IDataObject) => unknown {
	const parts = path.split('.');
	if (parts.length === 1) return (json) => json[path];
	return (json) => {
		if (path in json) return json[path];
		let value: unknown = json;
		for (const part of parts) {
			if (value === null || typeof value !== 'object') return undefined;
			value = (value as IDataObject)[part];
		}
		return value;
	};
}

interface MappingEntry {
	orderField?: string;
	templateFieldName?: string;
	source?: string;
	inputField?: string;
	value?: string;
}

/**
 * The mapping of "Input Item Fields", compiled once per run into a function from an input item to
 * an order item draft: no parameter is read and no expression evaluated per item.
 */
function compileInputItemReader(ctx: IExecuteFunctions): (json: IDataObject) => OrderItemDraft {
	const shape = ctx.getNodeParameter('itemShape', 0, 'mapped') as string;
	if (shape === 'apiShape') {
		const field = String(ctx.getNodeParameter('orderItemField', 0, '') ?? '').trim();
		if (!field) return (json) => ({ mode: 'inputItem', value: json });
		const read = compilePath(field);
		const labels = { '': `${field} (input field)` };
		return (json) => ({ mode: 'inputItem', value: read(json), labels });
	}
	const entries = fixedCollectionEntries(ctx.getNodeParameter('fieldMapping', 0, {}), 'field') as MappingEntry[];
	const labels: Record<string, string> = {};
	const setters = entries.map((entry, index) => {
		const where = `Field Mapping[${index}]`;
		let target = String(entry.orderField ?? '');
		if (target === 'Product.TemplateFields.*') {
			const name = String(entry.templateFieldName ?? '').trim();
			if (!name) throw new InvalidValue(`${where}.Template Field Name`, 'is required');
			if (FORBIDDEN_KEYS.has(name)) throw new InvalidValue(`${where}.Template Field Name`, `"${name}" is not allowed`);
			target = `Product.TemplateFields.${name}`;
		}
		const path = target.split('.');
		if (path.length === 0 || path.some((part) => part === '')) throw new InvalidValue(`${where}.Order Field`, 'is required');
		let read: (json: IDataObject) => unknown;
		if (entry.source === 'value') {
			const fixed = entry.value ?? '';
			read = () => fixed;
			labels[target] = `fixed value for ${target}`;
		} else {
			const inputField = String(entry.inputField ?? '').trim();
			if (!inputField) throw new InvalidValue(`${where}.Input Field`, `is required (it fills ${target})`);
			read = compilePath(inputField);
			labels[target] = `${inputField} → ${target}`;
		}
		return { path, read };
	});
	return (json) => {
		const value: IDataObject = {};
		for (const { path, read } of setters) {
			const found = read(json);
			if (found === undefined || found === null || found === '') continue;
			let parent = value;
			for (let depth = 0; depth < path.length - 1; depth++) {
				const key = path[depth];
				if (parent[key] === undefined) parent[key] = {};
				parent = parent[key] as IDataObject;
			}
			parent[path[path.length - 1]] = found as IDataObject[string];
		}
		return { mode: 'inputItem', value, labels };
	};
}

const EMPTY_JSON =
	'is empty: give one order item with Product (ID and Quantity) and Recipient (a name or company, and an address). Nothing was sent.';

/** An order item given as JSON (text, or an object from an expression or a tool call's list). */
export function jsonDraft(value: unknown): OrderItemDraft {
	return { mode: 'json', value: parseJsonParameter(value, JSON_ROOT) };
}

/**
 * Reads the order item of each input item in the chosen mode; nothing is checked yet. For "Input
 * Item Fields" the mapping is compiled here, once. `refuseEmptyJson` (Create from version 3): an
 * Order Item (JSON) left empty is refused with what it needs, instead of read as no order item.
 */
export function orderItemReader(ctx: IExecuteFunctions, mode: InputMode, refuseEmptyJson = false): (itemIndex: number) => OrderItemDraft {
	if (mode === 'inputItem') {
		const read = compileInputItemReader(ctx);
		const items = ctx.getInputData();
		return (itemIndex) => read(items[itemIndex].json);
	}
	if (mode === 'json') {
		return (itemIndex) => {
			const value = ctx.getNodeParameter('orderItemJson', itemIndex, '{}');
			if (refuseEmptyJson && typeof value === 'string' && value.trim() === '') throw new InvalidValue(JSON_ROOT, EMPTY_JSON);
			return jsonDraft(value);
		};
	}
	return (itemIndex) => ({ mode, value: fromFields(ctx, itemIndex) });
}
