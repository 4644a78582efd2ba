import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { InvalidValue, validateOrderItem } from '../../helpers/orderItem';
import { runOrderBatch } from '../../helpers/orderBatch';

const show = { show: { resource: ['order'], operation: ['create'] } };

export const description: INodeProperties[] = [
	{
		displayName: 'Status Callbacks',
		name: 'statusCallbacks',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'None',
				value: 'none',
				description: 'Send no callback addresses (or only those given in the JSON order item)',
			},
			{
				name: 'Custom URLs',
				value: 'custom',
				description: 'Send the callback addresses given below',
			},
		],
		default: 'none',
		description: 'Where the service reports status changes of the created orders',
		displayOptions: show,
	},
	{
		displayName: 'Status Callback URL',
		name: 'statusCallbackUrl',
		type: 'string',
		default: '',
		placeholder: 'https://your-n8n.example.com/webhook/...',
		description: 'Address that receives status events (the order\'s StatusCallbackUrl)',
		displayOptions: { show: { ...show.show, statusCallbacks: ['custom'] } },
	},
	{
		displayName: 'Status Details Callback URL',
		name: 'statusDetailsCallbackUrl',
		type: 'string',
		default: '',
		placeholder: 'https://your-n8n.example.com/webhook/...',
		description: 'Address that receives detailed status events (the order\'s StatusDetailsCallbackUrl)',
		displayOptions: { show: { ...show.show, statusCallbacks: ['custom'] } },
	},
];

function withCallbacks(ctx: IExecuteFunctions) {
	return (orderItem: IDataObject, itemIndex: number): IDataObject => {
		const mode = ctx.getNodeParameter('statusCallbacks', itemIndex, 'none') as string;
		if (mode !== 'custom') return orderItem;
		const status = ctx.getNodeParameter('statusCallbackUrl', itemIndex, '') as string;
		const details = ctx.getNodeParameter('statusDetailsCallbackUrl', itemIndex, '') as string;
		if (!status && !details) {
			throw new InvalidValue('Status Callback URL', 'give at least one callback URL, or choose "None"');
		}
		const withUrls: IDataObject = { ...orderItem };
		if (status) withUrls.StatusCallbackUrl = status;
		if (details) withUrls.StatusDetailsCallbackUrl = details;
		// Checked again so a bad URL is reported under its field name.
		return validateOrderItem(withUrls, 'Order Item');
	};
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runOrderBatch(this, 'createOrder', withCallbacks(this));
}
