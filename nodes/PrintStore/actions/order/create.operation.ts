import type { IExecuteFunctions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { showFor } from '../../../shared/displayOptions';
import { storeIdField } from '../../descriptions/common.fields';
import { EARLIER_VERSIONS, FROM_VERSION_3, ORDER_ITEM_FOR_MODEL, orderItemFields, orderRequestOptions } from '../../orderRun/orderItem.fields';
import { executeOrderRequest } from '../../orderRun/read';
import { ORDER_REQUEST_MEANINGS, type OrderRequest } from '../../orderRun/runOrders';

/** The request: `POST store/{id}/order`; it acts once (a second create could order twice). */
export const orderRequest: OrderRequest = {
	api: {
		name: 'order.create',
		actsOnce: true,
		meanings: ORDER_REQUEST_MEANINGS,
		sendsOrderItems: true,
		mayHaveActed:
			'Not retried: the service may have created these orders before the connection failed. Look for them in the store (by order number, or by your Partner Order Reference) before running these items again, or they may be ordered twice.',
	},
	endpoint: ['order'],
	creates: true,
};
export const api = orderRequest.api;

const callbackFields: INodeProperties[] = [
	{
		displayName: 'Status Callbacks',
		name: 'statusCallbacks',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Custom URLs',
				value: 'custom',
				description: 'Send the callback addresses given below',
			},
			{
				name: 'From Print Store Trigger in This Workflow',
				value: 'trigger',
				description:
					'Send the addresses of the Print Store Trigger in this workflow (published or active, with the same credential as this node)',
			},
			{
				name: 'None',
				value: 'none',
				description: 'Send no callback addresses (or only those given in the JSON order item)',
			},
			{
				name: 'Resume This Execution (Wait Until Status)',
				value: 'wait',
				description:
					'Send this execution\'s resume address, so that a later Order > Wait Until Status goes on as soon as the orders report',
			},
		],
		default: 'none',
		description:
			'Where the service reports status changes of the created orders. With Custom URLs or the trigger, a JSON order item must not carry callback URLs of its own.',
	},
	{
		displayName: 'Trigger Node Name',
		name: 'callbackTrigger',
		type: 'string',
		default: '',
		placeholder: 'e.g. Print Store Trigger',
		description: 'Name of the Print Store Trigger to use, when this workflow has more than one. Leave empty otherwise.',
		displayOptions: { show: { statusCallbacks: ['trigger'] } },
	},
	{
		displayName: 'Status Callback URL',
		name: 'statusCallbackUrl',
		type: 'string',
		default: '',
		placeholder: 'e.g. https://your-n8n.example.com/webhook/...',
		description: "Address that receives status events (the order's StatusCallbackUrl)",
		displayOptions: { show: { statusCallbacks: ['custom'] } },
	},
	{
		displayName: 'Status Details Callback URL',
		name: 'statusDetailsCallbackUrl',
		type: 'string',
		default: '',
		placeholder: 'e.g. https://your-n8n.example.com/webhook/...',
		description: "Address that receives detailed status events (the order's StatusDetailsCallbackUrl)",
		displayOptions: { show: { statusCallbacks: ['custom'] } },
	},
];

const maxOrdersOption: INodeProperties = {
	displayName: 'Max Orders per Execution',
	name: 'maxOrdersPerExecution',
	type: 'number',
	typeOptions: { minValue: 1, numberPrecision: 0 },
	default: 100,
	description:
		'Most orders this workflow may create in one execution, counting every Create run in it (loops, agents). A run that would go over creates nothing and says so: a safeguard against ordering thousands by mistake.',
};

/** Create's options: those of every order request and a spending limit, sorted by name as n8n shows them. */
const createOptions: INodeProperties = {
	...orderRequestOptions,
	options: ([maxOrdersOption, ...(orderRequestOptions.options ?? [])] as INodeProperties[]).sort((a, b) => a.displayName.localeCompare(b.displayName)),
};

/** Version 3 on: Test Mode in plain sight, on for new nodes, instead of under Options. */
const testModeField: INodeProperties = {
	displayName: 'Test Mode',
	name: 'testMode',
	type: 'boolean',
	default: true,
	description:
		"Whether to send the orders as test orders (the API's TestMode). Turn it off to place real orders. The output of a test order carries testMode: true.",
	displayOptions: { show: FROM_VERSION_3 },
};

/** Its entry in the resource's Operation list, and what an AI model reads about it as a tool. */
export const option: INodePropertyOptions = {
	name: 'Create',
	value: 'create',
	description: 'Create print orders, one per input item, sent in batches',
	action: 'Create orders',
};
export const toolDescription =
	`Create print orders: they are printed and mailed. Give a JSON list of order items, one per order, each like ${ORDER_ITEM_FOR_MODEL}. Returns each created order with its order number and status. Only create what the user asked for and confirmed. Unless the workflow allows live orders, orders are created in test mode (nothing is printed or charged), and one call may create only a limited number of orders.`;

export const description: INodeProperties[] = showFor({ show: { resource: ['order'], operation: ['create'] } }, [
	storeIdField,
	testModeField,
	...orderItemFields,
	...callbackFields,
	{ ...createOptions, displayOptions: { show: EARLIER_VERSIONS } },
	{
		...createOptions,
		options: createOptions.options?.filter((option) => option.name !== 'testMode'),
		displayOptions: { show: FROM_VERSION_3 },
	},
]);

/**
 * Reads the run from the node (as an AI tool: the call's list of order items, test mode unless live
 * orders are allowed, a cap per call, callback addresses from the workflow only), then runs it.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await executeOrderRequest(this, orderRequest);
}
