import type { INodeProperties } from 'n8n-workflow';

import { customerFields, productDetailFields, recipientFields } from '../descriptions/common.fields';
import { inputItemFields } from './inputItem.fields';

/**
 * Create's and Get Price Quote's product (version 4 on): picked from the store's product list, or
 * typed. Versions 1 to 3 keep the plain text field their workflows were saved with.
 */
export const productLocator: INodeProperties = {
	displayName: 'Product',
	name: 'productId',
	type: 'resourceLocator',
	required: true,
	default: { mode: 'list', value: '' },
	description: "The product to print, from the store's product list",
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select a product...',
			typeOptions: { searchListMethod: 'searchProducts', searchable: true, searchFilterRequired: false },
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. postcard-4x6',
			hint: "The product's ID, as the store's product list gives it",
		},
	],
};

/** One order item in the API's shape, as an AI tool's description shows it to the model. */
export const ORDER_ITEM_FOR_MODEL =
	'{"Product":{"ID":"postcard-4x6","Quantity":100},"Recipient":{"NameFirst":"Ada","NameLast":"Lovelace","AddressLine1":"12 Main St","City":"Springfield","Province":"IL","Postalcode":"62701","Country":"US"},"PartnerOrderReference":"crm-42"}';

/**
 * The Order item of the spec, defined once for Get Price Quote and Create. Each operation decides
 * where these fields show; here only the conditions inside the list (the input mode) are set.
 */
const showFields = { show: { inputMode: ['fields'] } };
const showJson = { show: { inputMode: ['json'] } };
/** Versions 1 and 2 keep the defaults their saved workflows were saved against (n8n saves no default). */
export const EARLIER_VERSIONS = { '@version': [1, 2] };
export const FROM_VERSION_3 = { '@version': [{ _cnd: { gte: 3 } }] };
/** Version 4 picks the product from the store's list; earlier versions keep the text field. */
const UP_TO_VERSION_3 = { '@version': [{ _cnd: { lte: 3 } }] };
const FROM_VERSION_4 = { '@version': [{ _cnd: { gte: 4 } }] };
/** Version 5 fills the picked product's template fields with n8n's resource mapper. */
const FROM_VERSION_5 = { '@version': [{ _cnd: { gte: 5 } }] };

/**
 * The picked product's template fields (lookups/templateFields.ts), one input each; sent in
 * Product.TemplateFields, over the name/value pairs of Product Options > Template Fields.
 */
const templateFieldValues: INodeProperties = {
	displayName: 'Template Fields',
	name: 'templateFieldValues',
	type: 'resourceMapper',
	noDataExpression: true,
	default: { mappingMode: 'defineBelow', value: null },
	description:
		"Values for the template of the product picked above: its fields come from that product in the store's product list. Empty fields are not sent.",
	typeOptions: {
		loadOptionsDependsOn: ['storeId.value', 'productId.value'],
		resourceMapper: {
			resourceMapperMethod: 'getTemplateFields',
			mode: 'add',
			// The mapper's heading (n8n's own is "Values to Send").
			valuesLabel: 'Template Fields',
			fieldWords: { singular: 'template field', plural: 'template fields' },
			addAllFields: true,
			multiKeyMatch: false,
			supportAutoMap: false,
		},
	},
	displayOptions: { show: { ...showFields.show, ...FROM_VERSION_5 } },
};

const ORDER_ITEM_EXAMPLE = `{
  "Product": { "ID": "postcard-4x6", "Quantity": 100, "DeliveryMethod": "Standard" },
  "Recipient": {
    "NameFirst": "Ada",
    "NameLast": "Lovelace",
    "AddressLine1": "12 Analytical Way",
    "City": "London",
    "Postalcode": "N1 9GU",
    "Country": "GB"
  },
  "PartnerOrderReference": "crm-1001"
}`;

const ORDER_ITEM_JSON_DESCRIPTION =
	"One order item in the API's shape: Product (ID, Quantity, ...) and Recipient are required; Products, Recipients, ProductRecipients, Customer, Payments, EddmDeliveryAreas, BillingVariables, PartnerOrderReference and callback URLs are optional";

const recipientField: INodeProperties = {
	displayName: 'Recipient',
	name: 'recipient',
	type: 'collection',
	placeholder: 'Add Recipient Field',
	default: {},
	required: true,
	description: 'Who receives the print. Give at least a name or company and an address.',
	options: recipientFields,
};

/** The recipient fields an order needs, shown from the start in new nodes (empty ones are not sent). */
const NEEDED_RECIPIENT_FIELDS = ['NameFirst', 'NameLast', 'AddressLine1', 'City', 'Postalcode', 'Country'];

export const orderItemFields: INodeProperties[] = [
	{
		displayName: 'Define Order Using',
		name: 'inputMode',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Fields Below',
				value: 'fields',
				description: 'Fill in the product, recipient and other details field by field',
			},
			{
				name: 'Input Item Fields',
				value: 'inputItem',
				description:
					'Read each input item itself, mapped once to order fields: the fastest way for many records (no expression per item)',
			},
			{
				name: 'JSON',
				value: 'json',
				description: 'Give the whole order item as JSON, e.g. mapped from a CRM record with an expression',
			},
		],
		default: 'fields',
	},
	{
		displayName: 'Order Item (JSON)',
		name: 'orderItemJson',
		type: 'json',
		required: true,
		default: ORDER_ITEM_EXAMPLE,
		description: ORDER_ITEM_JSON_DESCRIPTION,
		displayOptions: { show: { ...showJson.show, ...EARLIER_VERSIONS } },
	},
	{
		// Empty for new nodes: an example as the default would be ordered as it stands.
		displayName: 'Order Item (JSON)',
		name: 'orderItemJson',
		type: 'json',
		required: true,
		default: '',
		placeholder: `e.g. ${ORDER_ITEM_EXAMPLE}`,
		// At most 120 characters, as n8n asks of a hint: the example is the placeholder, the rest the description.
		hint: 'Needs Product (ID, Quantity) and Recipient (a name or company, and an address), as in the grey example',
		description: ORDER_ITEM_JSON_DESCRIPTION,
		displayOptions: { show: { ...showJson.show, ...FROM_VERSION_3 } },
	},
	...inputItemFields,
	{
		displayName: 'Product ID',
		name: 'productId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. postcard-4x6',
		description: "ID of the product to print, from the store's product list",
		displayOptions: { show: { ...showFields.show, ...UP_TO_VERSION_3 } },
	},
	{ ...productLocator, displayOptions: { show: { ...showFields.show, ...FROM_VERSION_4 } } },
	{
		displayName: 'Quantity',
		name: 'quantity',
		type: 'number',
		required: true,
		typeOptions: { minValue: 1, numberPrecision: 0 },
		default: 1,
		description: 'How many copies to print; a whole number of at least 1',
		displayOptions: showFields,
	},
	templateFieldValues,
	{
		displayName: 'Product Options',
		name: 'productOptions',
		type: 'collection',
		placeholder: 'Add Product Option',
		default: {},
		displayOptions: showFields,
		options: [
			...productDetailFields,
			{
				displayName: 'Template Fields',
				name: 'templateFields',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				placeholder: 'Add Template Field',
				default: {},
				description: 'Values to fill into the product template, by field name',
				options: [
					{
						displayName: 'Field',
						name: 'field',
						values: [
							{ displayName: 'Name', name: 'name', type: 'string', default: '' },
							{ displayName: 'Value', name: 'value', type: 'string', default: '' },
						],
					},
				],
			},
		],
	},
	{ ...recipientField, displayOptions: { show: { ...showFields.show, ...EARLIER_VERSIONS } } },
	{
		...recipientField,
		default: Object.fromEntries(NEEDED_RECIPIENT_FIELDS.map((name) => [name, ''])),
		displayOptions: { show: { ...showFields.show, ...FROM_VERSION_3 } },
	},
	{
		displayName: 'Partner Order Reference',
		name: 'partnerOrderReference',
		type: 'string',
		default: '',
		placeholder: 'e.g. crm-1001',
		description:
			'Your own reference for this order, such as the CRM record ID. The service echoes it back, and the node uses it to match results to items.',
		displayOptions: showFields,
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: showFields,
		options: [
			{
				displayName: 'Additional Products',
				name: 'products',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				placeholder: 'Add Product',
				default: {},
				options: [
					{
						displayName: 'Product',
						name: 'product',
						values: [
							{ displayName: 'Product ID', name: 'ID', type: 'string', default: '' },
							{
								displayName: 'Quantity',
								name: 'Quantity',
								type: 'number',
								typeOptions: { minValue: 1, numberPrecision: 0 },
								default: 1,
							},
							...productDetailFields,
							{
								displayName: 'Template Fields (JSON)',
								name: 'TemplateFields',
								type: 'json',
								default: '{}',
								description: 'Template values as a JSON object of strings, e.g. {"headline": "Hello"}',
							},
						],
					},
				],
			},
			{
				displayName: 'Additional Recipients',
				name: 'recipients',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				placeholder: 'Add Recipient',
				default: {},
				options: [{ displayName: 'Recipient', name: 'recipient', values: recipientFields }],
			},
			{
				displayName: 'Billing Variables',
				name: 'billingVariables',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				placeholder: 'Add Billing Variable',
				default: {},
				options: [
					{
						displayName: 'Variable',
						name: 'variable',
						values: [
							{ displayName: 'Key', name: 'key', type: 'string', default: '' },
							{ displayName: 'Value', name: 'value', type: 'string', default: '' },
						],
					},
				],
			},
			{
				displayName: 'Customer',
				name: 'customer',
				type: 'fixedCollection',
				placeholder: 'Add Customer',
				default: {},
				description: 'Who orders and pays, when that is not the recipient',
				options: [{ displayName: 'Customer', name: 'details', values: customerFields }],
			},
			{
				displayName: 'EDDM Delivery Areas',
				name: 'eddmDeliveryAreas',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				placeholder: 'Add Delivery Area',
				default: {},
				description: 'Every Door Direct Mail carrier routes to mail to',
				options: [
					{
						displayName: 'Delivery Area',
						name: 'area',
						values: [
							{ displayName: 'Postal Code', name: 'PostalCode', type: 'string', default: '' },
							{ displayName: 'Carrier Route', name: 'CarrierRoute', type: 'string', default: '' },
							{
								displayName: 'Target Audience',
								name: 'TargetAudience',
								type: 'string',
								default: 'All',
							},
						],
					},
				],
			},
			{
				displayName: 'Payments',
				name: 'payments',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				placeholder: 'Add Payment',
				default: {},
				options: [
					{
						displayName: 'Payment',
						name: 'payment',
						values: [
							{
								displayName: 'Expected Amount',
								name: 'ExpectedAmount',
								type: 'number',
								typeOptions: { numberPrecision: 2 },
								default: 0,
							},
							{ displayName: 'Payment ID', name: 'ID', type: 'string', default: '' },
							{
								displayName: 'Method',
								name: 'Method',
								type: 'string',
								default: '',
								placeholder: 'e.g. CreditCard',
							},
						],
					},
				],
			},
			{
				displayName: 'Product Recipients',
				name: 'productRecipients',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				placeholder: 'Add Product Recipient Link',
				default: {},
				description: 'Which product goes to which recipient, when an order has several of each',
				options: [
					{
						displayName: 'Link',
						name: 'link',
						values: [
							{ displayName: 'Product ID', name: 'ProductID', type: 'string', default: '' },
							{
								displayName: 'Recipient ID',
								name: 'RecipientID',
								type: 'string',
								default: '',
								description: 'The Recipient Key of the recipient',
							},
							{
								displayName: 'Quantity',
								name: 'Quantity',
								type: 'number',
								typeOptions: { minValue: 1, numberPrecision: 0 },
								default: 1,
							},
							{ displayName: 'Delivery Method', name: 'DeliveryMethod', type: 'string', default: '' },
						],
					},
				],
			},
		],
	},
];

/** Order-request settings and batching, shared by Get Price Quote and Create. */
export const orderRequestOptions: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Batch Size',
			name: 'batchSize',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 500, numberPrecision: 0 },
			default: 50,
			description:
				'How many input items to send in one request. 1 sends one request per item. If the service rejects a batch, the node splits it to find the items at fault, so the others still go through.',
		},
		{
			displayName: 'Batches in Parallel',
			name: 'parallelBatches',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 16, numberPrecision: 0 },
			default: 4,
			description:
				'How many batch requests may be in flight at once. Results stay in input order. If the service asks to slow down (HTTP 429), all of them wait.',
		},
		{
			displayName: 'If the Service Refuses a Batch',
			name: 'onRejectedBatch',
			type: 'options',
			options: [
				{
					name: 'Fail the Whole Batch',
					value: 'failBatch',
					description: "Give every item of the batch the service's error and send nothing again",
				},
				{
					name: 'Find the Items at Fault',
					value: 'narrow',
					description:
						'Split the batch to find the items the service refused and send the others again. Assumes a refused batch (HTTP 400) created nothing, as the API documents.',
				},
			],
			default: 'narrow',
			description: 'What to do when the service refuses a whole batch with HTTP 400',
		},
		{
			displayName: 'Max Retries (Service Side)',
			name: 'maxRetries',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 0 },
			default: 0,
			description: "Passed to the service as the order request's MaxRetries",
		},
		{
			displayName: 'Test Mode',
			name: 'testMode',
			type: 'boolean',
			default: false,
			description: 'Whether to send the order request in test mode (the service\'s TestMode flag)',
		},
	],
};
