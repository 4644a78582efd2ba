/**
 * JSON schemas of the request bodies, from the spec's resource tables. Types are strict (no
 * coercion): a string where the spec says integer is a 400, not silently converted. Unknown fields
 * are refused (400 naming them): the spec's names are case-sensitive (Recipient.Postalcode but
 * Customer.PostalCode), so a client sending the wrong one must hear about it, not lose the value.
 */
import { MAX_PAGE_SIZE } from '../../domain/order-list';

const str = { type: 'string' } as const;
const int32 = { type: 'integer', minimum: -2147483648, maximum: 2147483647 } as const;

const stringFields = (names: string[]) => Object.fromEntries(names.map((name) => [name, str]));

const recipient = {
	type: 'object',
	additionalProperties: false,
	properties: stringFields([
		'Email', 'Title', 'NameFirst', 'NameLast', 'CompanyName', 'AddressLine1', 'AddressLine2', 'AddressLine3',
		'City', 'Province', 'Postalcode', 'Country', 'BusinessPhone', 'MobilePhone', 'RecipientKey',
	]),
} as const;

const customer = {
	type: 'object',
	additionalProperties: false,
	properties: stringFields([
		'NameFirst', 'NameLast', 'CompanyName', 'AddressLine1', 'AddressLine2', 'City', 'Province', 'PostalCode',
		'Country', 'Email', 'Phone',
	]),
} as const;

const product = {
	type: 'object',
	additionalProperties: false,
	required: ['ID', 'Quantity'],
	properties: {
		ID: { type: 'string', minLength: 1 },
		Quantity: { type: 'integer', minimum: 1, maximum: 2147483647 },
		DeliveryMethod: str,
		TemplateFields: { type: 'object', additionalProperties: str },
		IntelligentMailingSerialNumber: str,
		FileURL: str,
		TemplateDataURL: str,
		ProductionSpeedDays: { type: 'integer', minimum: 0, maximum: 365 },
	},
} as const;

export const orderItemSchema = {
	type: 'object',
	additionalProperties: false,
	required: ['Product', 'Recipient'],
	properties: {
		Product: product,
		Products: { type: 'array', items: product },
		Recipient: recipient,
		Recipients: { type: 'array', items: recipient },
		EddmDeliveryAreas: {
			type: 'array',
			items: { type: 'object', additionalProperties: false, properties: stringFields(['PostalCode', 'CarrierRoute', 'TargetAudience']) },
		},
		Customer: customer,
		Payments: {
			type: 'array',
			items: { type: 'object', additionalProperties: false, properties: { ExpectedAmount: { type: 'number' }, ID: str, Method: str } },
		},
		PartnerOrderReference: str,
		StatusCallbackUrl: str,
		StatusDetailsCallbackUrl: str,
		BillingVariables: {
			type: 'array',
			items: { type: 'object', additionalProperties: false, properties: { key: str, value: str } },
		},
		ProductRecipients: {
			type: 'array',
			items: {
				type: 'object',
				additionalProperties: false,
				properties: { DeliveryMethod: str, ProductID: str, RecipientID: str, Quantity: int32 },
			},
		},
	},
} as const;

export const orderRequestSchema = {
	type: 'object',
	additionalProperties: false,
	required: ['Items'],
	properties: {
		Items: { type: 'array', minItems: 1, items: orderItemSchema },
		MaxRetries: int32,
		TestMode: { type: 'boolean' },
	},
} as const;

export const inviteSchema = {
	type: 'object',
	additionalProperties: false,
	required: ['InviteKey'],
	properties: { InviteKey: { type: 'string', minLength: 1 } },
} as const;

export const storeParams = {
	type: 'object',
	required: ['storeID'],
	properties: { storeID: { type: 'string' } },
} as const;

export const orderParams = {
	type: 'object',
	required: ['storeID', 'orderID'],
	properties: { storeID: { type: 'string' }, orderID: { type: 'string' } },
} as const;

export const associationParams = {
	type: 'object',
	required: ['applicationID', 'storeID'],
	properties: { applicationID: { type: 'string' }, storeID: { type: 'string' } },
} as const;

export const userQuery = {
	type: 'object',
	properties: { login: { type: 'string' } },
} as const;

/**
 * Query of the order list under profile `sandbox-shapes`. Integers here (pageNumber, pageSize) arrive as text and are converted
 * by the route before this schema checks them; status and the dates are checked by the route
 * (domain/order-list.ts) for messages that say what is expected. Unknown parameters are ignored.
 */
export const orderListQuery = {
	type: 'object',
	properties: {
		pageNumber: { type: 'integer', minimum: 1, maximum: 2147483647 },
		pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
		status: { type: 'string' },
		createdFrom: { type: 'string' },
		createdTo: { type: 'string' },
	},
} as const;
