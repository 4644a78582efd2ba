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
