import type { IDataObject, ILoadOptionsFunctions, ResourceMapperField, ResourceMapperFields } from 'n8n-workflow';

import { ApiFailure, toNodeError } from '../../shared/errors';
import { locatorValue } from '../../shared/ids';
import { FORBIDDEN_KEYS, isRecord, readField } from '../../shared/json';
import { forEachPage } from '../../shared/lists/pages';
import { productId, productListSource } from './products';

/**
 * Template Fields (version 5, Create and Get Price Quote in fields mode): n8n's resource mapper shows
 * the template fields of the product picked above, read from the store's product list. The provider
 * documents a product's `TemplateFields` as `[{Required, Type, SubType, FieldName, Prompt,
 * DefaultValue, OrgValue}]`; a service may also answer a list of names or an object of name → default
 * value (or name → details), so each is read.
 */
export interface TemplateField {
	name: string;
	prompt: string;
	required: boolean;
	defaultValue: string;
}

function text(value: unknown): string {
	if (typeof value === 'string') return value;
	return (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean' ? String(value) : '';
}

function flag(value: unknown): boolean {
	return value === true || value === 1 || (typeof value === 'string' && ['true', '1', 'yes'].includes(value.trim().toLowerCase()));
}

/** One field from its details; `name` is the key it was held under, when it was. */
function fromDetails(details: IDataObject, name = ''): TemplateField {
	return {
		name: text(readField(details, 'FieldName', 'Name', 'Field', 'Key')).trim() || name,
		prompt: text(readField(details, 'Prompt', 'Label', 'DisplayName', 'Description')).trim(),
		required: flag(readField(details, 'Required', 'IsRequired')),
		defaultValue: text(readField(details, 'DefaultValue', 'Default')),
	};
}

/** The product's template fields, in the answer's order, each name once; none when it has none. */
export function templateFieldsOf(product: IDataObject): TemplateField[] {
	const raw = readField(product, 'TemplateFields', 'Fields');
	let fields: TemplateField[] = [];
	if (Array.isArray(raw)) {
		fields = raw.map((entry) => (isRecord(entry) ? fromDetails(entry) : { name: text(entry).trim(), prompt: '', required: false, defaultValue: '' }));
	} else if (isRecord(raw)) {
		fields = Object.entries(raw).map(([name, value]) =>
			isRecord(value) ? fromDetails(value, name) : { name, prompt: '', required: false, defaultValue: text(value) },
		);
	}
	const seen = new Set<string>();
	return fields.filter((field) => {
		if (!field.name || FORBIDDEN_KEYS.has(field.name) || seen.has(field.name)) return false;
		seen.add(field.name);
		return true;
	});
}

/** A template field as the resource mapper shows it: its prompt, required or not, its default filled in. */
export function mapperField(field: TemplateField): ResourceMapperField {
	return {
		id: field.name,
		displayName: field.prompt || field.name,
		required: field.required,
		type: 'string',
		display: true,
		defaultMatch: false,
		canBeUsedToMatch: false,
		...(field.defaultValue !== '' ? { defaultValue: field.defaultValue } : {}),
	};
}

function none(emptyFieldsNotice: string): ResourceMapperFields {
	return { fields: [], emptyFieldsNotice };
}

/** A fixed value the editor can send: text, or a resource locator's value; not an expression. */
function fixedValue(value: unknown): string | undefined {
	const found = locatorValue(value);
	if (typeof found !== 'string' || found.trim() === '' || found.startsWith('=')) return undefined;
	return found.trim();
}

export async function getTemplateFields(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const storeId = fixedValue(this.getCurrentNodeParameter('storeId'));
	const wanted = fixedValue(this.getCurrentNodeParameter('productId'));
	if (!storeId || !wanted) {
		return none("The template fields come from the product picked above, as the store's product list gives them: pick the Store and the Product (fixed values, not expressions)");
	}
	let product: IDataObject | undefined;
	try {
		await forEachPage(this, productListSource(storeId), (page) => {
			product = page.entries.find((entry) => productId(entry) === wanted);
			return product === undefined;
		});
	} catch (error) {
		if (error instanceof ApiFailure && (error.status === 404 || error.status === 405)) {
			return none(`This service has no product list (HTTP ${error.status}): give template values under Product Options > Template Fields`);
		}
		// Anything else (invalid store, credentials) is an error the panel shows.
		throw toNodeError(this.getNode(), error, 0);
	}
	if (!product) return none(`The product "${wanted}" is not in the store's product list`);
	const fields = templateFieldsOf(product).map(mapperField);
	return fields.length > 0 ? { fields } : none(`The product "${wanted}" has no template fields`);
}
