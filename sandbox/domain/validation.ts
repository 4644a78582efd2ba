/**
 * Turns schema failures into messages that name field and item index ("Items[2].Product.Quantity
 * must be an integer >= 1"), and checks what a JSON schema cannot: products in the catalogue,
 * delivery methods, callback URLs.
 */
import { DELIVERY_METHODS, findDeliveryMethod, findProduct } from './catalogue';
import type { OrderItem, ProductInput } from './types';

export const MAX_MESSAGES = 20;

interface SchemaError {
	instancePath: string;
	keyword: string;
	params: Record<string, unknown>;
	message?: string;
}

const identifier = /^[A-Za-z_$][\w$]*$/;

/** JSON pointer "/Items/2/Product/Quantity" -> "Items[2].Product.Quantity". */
export function fieldPath(pointer: string): string {
	if (pointer === '') return '';
	let out = '';
	for (const raw of pointer.slice(1).split('/')) {
		const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
		if (/^\d+$/.test(segment)) out += `[${segment}]`;
		else if (identifier.test(segment)) out += out === '' ? segment : `.${segment}`;
		else out += `[${JSON.stringify(segment)}]`;
	}
	return out;
}

const article = (type: string) => (/^[aeiou]/.test(type) ? 'an' : 'a');

function describe(error: SchemaError, context: string): string {
	const path = fieldPath(error.instancePath);
	const subject = path === '' ? (context === 'body' ? 'Request body' : context) : path;
	const isQuantity = /\.Quantity$/.test(path) && /Product/.test(path);
	switch (error.keyword) {
		case 'required': {
			const missing = String(error.params.missingProperty);
			return path === '' ? `${missing} is required` : `${path}.${missing} is required`;
		}
		case 'type': {
			if (isQuantity) return `${subject} must be an integer >= 1`;
			const type = String(error.params.type);
			if (path === '' && context === 'body') return 'Request body must be a JSON object';
			return `${subject} must be ${article(type)} ${type}`;
		}
		case 'minimum':
			if (isQuantity) return `${subject} must be an integer >= 1`;
			return `${subject} must be >= ${String(error.params.limit)}`;
		case 'maximum':
			return `${subject} must be <= ${String(error.params.limit)}`;
		case 'minItems':
			return Number(error.params.limit) === 1
				? `${subject} must contain at least one item`
				: `${subject} must contain at least ${String(error.params.limit)} items`;
		case 'minLength':
			return `${subject} must not be empty`;
		case 'enum':
			return `${subject} must be one of ${(error.params.allowedValues as unknown[]).join(', ')}`;
		case 'additionalProperties': {
			// Field names are case-sensitive in the spec: Recipient.Postalcode, Customer.PostalCode.
			const extra = String(error.params.additionalProperty);
			const field = path === '' ? extra : `${path}.${extra}`;
			const owner = path === '' ? (context === 'body' ? 'the request' : context) : (path.split('.').pop() ?? path).replace(/\[\d+\]$/, '');
			return `${field} is not a field of ${owner}`;
		}
		default:
			return `${subject} ${error.message ?? 'is invalid'}`;
	}
}

export function schemaMessages(errors: SchemaError[], context: string): string[] {
	const messages = [...new Set(errors.map((error) => describe(error, context)))];
	return capped(messages);
}

export function capped(messages: string[]): string[] {
	if (messages.length <= MAX_MESSAGES) return messages;
	return [...messages.slice(0, MAX_MESSAGES), `... and ${messages.length - MAX_MESSAGES} more problems`];
}

function checkProduct(product: ProductInput, path: string, item: OrderItem, out: string[]): void {
	const entry = findProduct(product.ID);
	if (!entry) {
		out.push(`${path}.ID '${product.ID}' is not a product of the catalogue`);
	}
	const method = findDeliveryMethod(product.DeliveryMethod);
	if (!method) {
		out.push(
			`${path}.DeliveryMethod '${product.DeliveryMethod}' is not supported; use one of ${DELIVERY_METHODS.map((m) => m.name).join(', ')}`,
		);
		return;
	}
	if (entry && method.mail && !entry.mailable) {
		out.push(`${path}.DeliveryMethod ${method.name} is not available for product '${entry.id}'`);
	}
	if (method.name === 'EDDM' && !(item.EddmDeliveryAreas && item.EddmDeliveryAreas.length > 0)) {
		out.push(`${path}.DeliveryMethod EDDM needs at least one entry in EddmDeliveryAreas`);
	}
}

function isHttpUrl(value: string): boolean {
	try {
		const url = new URL(value);
		return url.protocol === 'http:' || url.protocol === 'https:';
	} catch {
		return false;
	}
}

/** Checks after the schema passed. Returns every problem of the batch; empty means valid. */
export function checkOrderItems(items: OrderItem[]): string[] {
	const out: string[] = [];
	items.forEach((item, index) => {
		const base = `Items[${index}]`;
		checkProduct(item.Product, `${base}.Product`, item, out);
		item.Products?.forEach((product, i) => checkProduct(product, `${base}.Products[${i}]`, item, out));
		for (const field of ['StatusCallbackUrl', 'StatusDetailsCallbackUrl'] as const) {
			const value = item[field];
			if (value !== undefined && value !== '' && !isHttpUrl(value)) {
				out.push(`${base}.${field} must be an absolute http or https URL`);
			}
		}
	});
	return capped(out);
}
