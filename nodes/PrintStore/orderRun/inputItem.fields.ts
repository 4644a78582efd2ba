import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/**
 * "Define Order Using: Input Item Fields": the order item is read straight from each input item,
 * with a mapping set once in the editor. Nothing here takes an expression, so n8n evaluates nothing
 * per item: this is the fast way to turn thousands of CRM records into orders.
 */
const showInputItem = { show: { inputMode: ['inputItem'] } };

const RECIPIENT = [
	['NameFirst', 'First Name'], ['NameLast', 'Last Name'], ['Title', 'Title'], ['CompanyName', 'Company Name'],
	['AddressLine1', 'Address Line 1'], ['AddressLine2', 'Address Line 2'], ['AddressLine3', 'Address Line 3'],
	['City', 'City'], ['Province', 'Province / State'], ['Postalcode', 'Postal Code'], ['Country', 'Country'],
	['Email', 'Email'], ['BusinessPhone', 'Business Phone'], ['MobilePhone', 'Mobile Phone'], ['RecipientKey', 'Recipient Key'],
];
const CUSTOMER = [
	['NameFirst', 'First Name'], ['NameLast', 'Last Name'], ['CompanyName', 'Company Name'], ['AddressLine1', 'Address Line 1'],
	['AddressLine2', 'Address Line 2'], ['City', 'City'], ['Province', 'Province / State'], ['PostalCode', 'Postal Code'],
	['Country', 'Country'], ['Email', 'Email'], ['Phone', 'Phone'],
];
const PRODUCT = [
	['ID', 'ID'], ['Quantity', 'Quantity'], ['DeliveryMethod', 'Delivery Method'], ['FileURL', 'File URL'],
	['TemplateDataURL', 'Template Data URL'], ['ProductionSpeedDays', 'Production Speed (Days)'],
	['IntelligentMailingSerialNumber', 'Intelligent Mailing Serial Number'], ['TemplateFields', 'Template Fields (Object)'],
];
const WHOLE = [
	['PartnerOrderReference', 'Partner Order Reference'],
	['StatusCallbackUrl', 'Status Callback URL'],
	['StatusDetailsCallbackUrl', 'Status Details Callback URL'],
	['Products', 'Additional Products (List)'],
	['Recipients', 'Additional Recipients (List)'],
	['Payments', 'Payments (List)'],
	['EddmDeliveryAreas', 'EDDM Delivery Areas (List)'],
	['BillingVariables', 'Billing Variables (List)'],
	['ProductRecipients', 'Product Recipients (List)'],
];

/** Every order item field a mapping can fill, as `Path` → label, sorted by label as n8n's lists are. */
const MAPPABLE_ORDER_FIELDS: INodePropertyOptions[] = [
	...PRODUCT.map(([field, label]) => ({ name: `Product: ${label}`, value: `Product.${field}` })),
	{ name: 'Product: Template Field (by Name)', value: 'Product.TemplateFields.*' },
	...RECIPIENT.map(([field, label]) => ({ name: `Recipient: ${label}`, value: `Recipient.${field}` })),
	...CUSTOMER.map(([field, label]) => ({ name: `Customer: ${label}`, value: `Customer.${field}` })),
	...WHOLE.map(([field, label]) => ({ name: label, value: field })),
].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));

export const inputItemFields: INodeProperties[] = [
	{
		displayName: 'Input Items Are',
		name: 'itemShape',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: "Order Items in the API's Shape",
				value: 'apiShape',
				description: 'Each input item (or one of its fields) already is an order item (Product, Recipient and the rest)',
			},
			{
				name: 'Records to Map',
				value: 'mapped',
				description: 'Records of your own shape (e.g. CRM contacts): say below which input field fills which order field',
			},
		],
		default: 'mapped',
		displayOptions: showInputItem,
	},
	{
		displayName: 'Order Item Field',
		name: 'orderItemField',
		type: 'string',
		noDataExpression: true,
		default: '',
		placeholder: 'e.g. order',
		description: 'Input field that holds the order item (dots for nested fields). Leave empty to use the whole input item.',
		displayOptions: { show: { ...showInputItem.show, itemShape: ['apiShape'] } },
	},
	{
		displayName: 'Field Mapping',
		name: 'fieldMapping',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Field',
		default: {},
		description: 'Which order field each input field fills, or a fixed value for every order. Product ID, Quantity and the recipient are needed.',
		displayOptions: { show: { ...showInputItem.show, itemShape: ['mapped'] } },
		options: [
			{
				displayName: 'Field',
				name: 'field',
				values: [
					{
						displayName: 'Fill From',
						name: 'source',
						type: 'options',
						noDataExpression: true,
						options: [
							{ name: 'Fixed Value', value: 'value' },
							{ name: 'Input Field', value: 'field' },
						],
						default: 'field',
					},
					{
						displayName: 'Input Field',
						name: 'inputField',
						type: 'string',
						noDataExpression: true,
						default: '',
						placeholder: 'e.g. zip or address.zip',
						description: 'Name of the field in each input item (dots for nested fields)',
						displayOptions: { show: { source: ['field'] } },
					},
					{
						displayName: 'Order Field',
						name: 'orderField',
						type: 'options',
						noDataExpression: true,
						options: MAPPABLE_ORDER_FIELDS,
						default: 'Product.ID',
					},
					{
						displayName: 'Template Field Name',
						name: 'templateFieldName',
						type: 'string',
						noDataExpression: true,
						default: '',
						placeholder: 'e.g. headline',
						displayOptions: { show: { orderField: ['Product.TemplateFields.*'] } },
					},
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						noDataExpression: true,
						default: '',
						placeholder: 'e.g. postcard-4x6',
						description: 'The same value for every order',
						displayOptions: { show: { source: ['value'] } },
					},
				],
			},
		],
	},
];
