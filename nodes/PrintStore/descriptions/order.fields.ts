import type { INodeProperties } from 'n8n-workflow';

/**
 * The order, picked from the store's order list, or given by its ID or by its human order number;
 * both work in the API's path. Saved workflows keep their mode (By ID, By Number).
 */
export const orderLocator: INodeProperties = {
	displayName: 'Order',
	name: 'orderId',
	type: 'resourceLocator',
	required: true,
	default: { mode: 'list', value: '' },
	description: 'The order to read',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select an order...',
			typeOptions: { searchListMethod: 'searchOrders', searchable: true, searchFilterRequired: false },
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. ord_8f2c61a0',
			hint: 'The ID that Create returned',
		},
		{
			displayName: 'By Number',
			name: 'orderNumber',
			type: 'string',
			placeholder: 'e.g. PS-100001',
			hint: 'The order number that Create returned',
		},
	],
};

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
export const ORDER_ITEM_EXAMPLE =
	'{"Product":{"ID":"postcard-4x6","Quantity":100},"Recipient":{"NameFirst":"Ada","NameLast":"Lovelace","AddressLine1":"12 Main St","City":"Springfield","Province":"IL","Postalcode":"62701","Country":"US"},"PartnerOrderReference":"crm-42"}';
