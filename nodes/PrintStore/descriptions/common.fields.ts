import type { INodeProperties } from 'n8n-workflow';

import { storeLocatorModes } from '../../shared/lists/stores';

const STORE_ID_PLACEHOLDER = 'e.g. store_1001';
const STORE_ID_HINT = "The StoreID that Store > Join with Invite Key returns, or the store ID in your provider's portal";

/**
 * The store of every operation that takes one, as the operations declare it. `withStoreLocator`
 * (applied to every operation's fields by `resourceDescription`) shows it as this text field, Store
 * ID, up to version 4, where saved workflows hold a plain ID, and as `storeLocator`, Store, from
 * version 5 on (the trigger's picker has the same name).
 */
export const storeIdField: INodeProperties = {
	displayName: 'Store ID',
	name: 'storeId',
	type: 'string',
	required: true,
	default: '',
	placeholder: STORE_ID_PLACEHOLDER,
	hint: STORE_ID_HINT,
	description: "The store to work in. The credential's application must be associated with it.",
};

/** Version 5 on: the store picked from the stores the connected account can use, or typed. */
export const storeLocator: INodeProperties = {
	displayName: 'Store',
	name: 'storeId',
	type: 'resourceLocator',
	required: true,
	default: { mode: 'list', value: '' },
	description: storeIdField.description,
	...storeLocatorModes(STORE_ID_PLACEHOLDER, STORE_ID_HINT),
};

const UP_TO_VERSION_4 = { '@version': [{ _cnd: { lte: 4 } }] };
const FROM_VERSION_5 = { '@version': [{ _cnd: { gte: 5 } }] };

/**
 * An operation's fields with its Store ID (text, `storeIdField`) shown as text up to version 4 and
 * picked from the list (`storeLocator`) from version 5 on; the operation's own display rules and
 * description are kept on both.
 */
export function withStoreLocator(properties: INodeProperties[]): INodeProperties[] {
	return properties.flatMap((property) => {
		if (property.name !== 'storeId' || property.type !== 'string') return [property];
		const show = property.displayOptions?.show ?? {};
		return [
			{ ...property, displayOptions: { ...property.displayOptions, show: { ...show, ...UP_TO_VERSION_4 } } },
			{
				...storeLocator,
				description: property.description,
				displayOptions: { ...property.displayOptions, show: { ...show, ...FROM_VERSION_5 } },
			},
		];
	});
}

export const recipientFields: INodeProperties[] = [
	{ displayName: 'First Name', name: 'NameFirst', type: 'string', default: '' },
	{ displayName: 'Last Name', name: 'NameLast', type: 'string', default: '' },
	{ displayName: 'Title', name: 'Title', type: 'string', default: '' },
	{ displayName: 'Company Name', name: 'CompanyName', type: 'string', default: '' },
	{ displayName: 'Address Line 1', name: 'AddressLine1', type: 'string', default: '' },
	{ displayName: 'Address Line 2', name: 'AddressLine2', type: 'string', default: '' },
	{ displayName: 'Address Line 3', name: 'AddressLine3', type: 'string', default: '' },
	{ displayName: 'City', name: 'City', type: 'string', default: '' },
	{ displayName: 'Province / State', name: 'Province', type: 'string', default: '' },
	{ displayName: 'Postal Code', name: 'Postalcode', type: 'string', default: '' },
	{ displayName: 'Country', name: 'Country', type: 'string', default: '', placeholder: 'e.g. US' },
	{
		displayName: 'Email',
		name: 'Email',
		type: 'string',
		placeholder: 'e.g. name@email.com',
		default: '',
	},
	{ displayName: 'Business Phone', name: 'BusinessPhone', type: 'string', default: '' },
	{ displayName: 'Mobile Phone', name: 'MobilePhone', type: 'string', default: '' },
	{
		displayName: 'Recipient Key',
		name: 'RecipientKey',
		type: 'string',
		default: '',
		description: 'Your own key for this recipient, used to link products to recipients',
	},
];

export const customerFields: INodeProperties[] = [
	{ displayName: 'First Name', name: 'NameFirst', type: 'string', default: '' },
	{ displayName: 'Last Name', name: 'NameLast', type: 'string', default: '' },
	{ displayName: 'Company Name', name: 'CompanyName', type: 'string', default: '' },
	{ displayName: 'Address Line 1', name: 'AddressLine1', type: 'string', default: '' },
	{ displayName: 'Address Line 2', name: 'AddressLine2', type: 'string', default: '' },
	{ displayName: 'City', name: 'City', type: 'string', default: '' },
	{ displayName: 'Province / State', name: 'Province', type: 'string', default: '' },
	{ displayName: 'Postal Code', name: 'PostalCode', type: 'string', default: '' },
	{ displayName: 'Country', name: 'Country', type: 'string', default: '' },
	{
		displayName: 'Email',
		name: 'Email',
		type: 'string',
		placeholder: 'e.g. name@email.com',
		default: '',
	},
	{ displayName: 'Phone', name: 'Phone', type: 'string', default: '' },
];

/** Product fields beyond ID and Quantity, shared by the main product and additional products. */
export const productDetailFields: INodeProperties[] = [
	{
		displayName: 'Delivery Method',
		name: 'DeliveryMethod',
		type: 'string',
		default: '',
		placeholder: 'e.g. Standard',
		description: 'How the product is delivered. The values your store offers are in its product list.',
	},
	{
		displayName: 'Production Speed (Days)',
		name: 'ProductionSpeedDays',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 0,
		description: 'Production time in days; fewer days may add a rush price. 0 means the product default.',
	},
	{
		displayName: 'File URL',
		name: 'FileURL',
		type: 'string',
		default: '',
		placeholder: 'e.g. https://example.com/artwork.pdf',
		description: 'Address of the print-ready file',
	},
	{
		displayName: 'Template Data URL',
		name: 'TemplateDataURL',
		type: 'string',
		default: '',
		description: 'Address of the data for a template product',
	},
	{
		displayName: 'Intelligent Mailing Serial Number',
		name: 'IntelligentMailingSerialNumber',
		type: 'string',
		default: '',
	},
];
