import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { registeredCallbacks } from '../../helpers/callbackRegistry';
import { InvalidValue, validateOrderItem } from '../../helpers/orderItem';
import { runOrderBatch } from '../../helpers/orderBatch';
import { withEditorLabels } from '../../helpers/readOrderItem';

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
			{
				name: 'From Print Store Trigger in This Workflow',
				value: 'trigger',
				description:
					'Send the addresses of the Print Store Trigger in this workflow, which registers them when the workflow is activated',
			},
		],
		default: 'none',
		description: 'Where the service reports status changes of the created orders',
		displayOptions: show,
	},
	{
		displayName: 'Trigger Node Name',
		name: 'callbackTrigger',
		type: 'string',
		default: '',
		placeholder: 'e.g. Print Store Trigger',
		description: 'Name of the Print Store Trigger to use, when this workflow has more than one. Leave empty otherwise.',
		displayOptions: { show: { ...show.show, statusCallbacks: ['trigger'] } },
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

function triggerCallbacks(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const wanted = String(ctx.getNodeParameter('callbackTrigger', itemIndex, '') ?? '').trim();
	const registered = registeredCallbacks(ctx.getWorkflowStaticData('global'));
	const chosen = wanted ? registered.filter((entry) => entry.trigger === wanted) : registered;
	if (chosen.length === 1) {
		return { StatusCallbackUrl: chosen[0].statusUrl, StatusDetailsCallbackUrl: chosen[0].detailsUrl };
	}
	const names = registered.map((entry) => `"${entry.trigger}"`).join(', ');
	throw new NodeOperationError(
		ctx.getNode(),
		chosen.length === 0
			? wanted
				? `No active Print Store Trigger named "${wanted}" in this workflow`
				: 'No active Print Store Trigger in this workflow'
			: `This workflow has several active Print Store Triggers (${names})`,
		{
			itemIndex,
			description:
				chosen.length === 0
					? 'The trigger registers its callback URLs when the workflow is activated. Add a Print Store Trigger to this workflow and activate the workflow, or set Status Callbacks to "Custom URLs". Nothing was sent.'
					: 'Set "Trigger Node Name" to the one to use. Nothing was sent.',
		},
	);
}

function withCallbacks(ctx: IExecuteFunctions) {
	return (orderItem: IDataObject, itemIndex: number): IDataObject => {
		const mode = ctx.getNodeParameter('statusCallbacks', itemIndex, 'none') as string;
		if (mode === 'trigger') return { ...orderItem, ...triggerCallbacks(ctx, itemIndex) };
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
		return withEditorLabels(() => validateOrderItem(withUrls, 'Order Item'));
	};
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runOrderBatch(this, 'createOrder', withCallbacks(this));
}
