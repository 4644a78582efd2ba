import type { INodeProperties } from 'n8n-workflow';

export const storeIdField: INodeProperties = {
	displayName: 'Store ID',
	name: 'storeId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. store_1001',
	hint: 'The StoreID that Store > Join With Invite Key returns, or the store ID in your provider\'s portal',
	description: 'ID of the store to work in. The application of the credential must be associated with the store.',
};

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
		placeholder: 'name@email.com',
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
		placeholder: 'name@email.com',
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
		placeholder: 'https://example.com/artwork.pdf',
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
