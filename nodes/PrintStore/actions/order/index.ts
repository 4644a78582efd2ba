import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as get from './get.operation';
import * as getPriceQuote from './getPriceQuote.operation';
import * as getStatusHistory from './getStatusHistory.operation';
import * as waitForStatus from './waitForStatus.operation';

export { create, get, getPriceQuote, getStatusHistory, waitForStatus };

/** The resource's operations by the value its list gives them: the router runs them from here. */
export const operations = { create, get, getPriceQuote, getStatusHistory, waitForStatus };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['order'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create print orders, one per input item, sent in batches',
				action: 'Create orders',
			},
			{
				name: 'Custom API Call',
				value: 'customApiCall',
				description: 'Call any endpoint of the API with this credential (token and subscription key)',
				action: 'Make a custom API call',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get an order by its ID or order number',
				action: 'Get an order',
			},
			{
				name: 'Get Price Quote',
				value: 'getPriceQuote',
				description: 'Get the price of orders before creating them',
				action: 'Get a price quote',
			},
			{
				name: 'Get Status History',
				value: 'getStatusHistory',
				description: 'Get the status records of an order, such as printed, shipped and delivered',
				action: 'Get the status history of an order',
			},
			{
				name: 'Wait Until Status',
				value: 'waitForStatus',
				description: 'Pause the execution until each order reaches a status, such as shipped or delivered, or runs out of time',
				action: 'Wait until an order reaches a status',
			},
		],
		default: 'create',
	},
	...create.description,
	...getPriceQuote.description,
	...get.description,
	...getStatusHistory.description,
	...waitForStatus.description,
];
