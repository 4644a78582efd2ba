import type { INodeProperties } from 'n8n-workflow';

/** The order, chosen by its ID or by its human order number; both work in the API's path. */
export const orderLocator: INodeProperties = {
	displayName: 'Order',
	name: 'orderId',
	type: 'resourceLocator',
	required: true,
	default: { mode: 'id', value: '' },
	description: 'The order to read',
	modes: [
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

/** One order item in the API's shape, as an AI tool's description shows it to the model. */
export const ORDER_ITEM_EXAMPLE =
	'{"Product":{"ID":"postcard-4x6","Quantity":100},"Recipient":{"NameFirst":"Ada","NameLast":"Lovelace","AddressLine1":"12 Main St","City":"Springfield","Province":"IL","Postalcode":"62701","Country":"US"},"PartnerOrderReference":"crm-42"}';
