import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { resumeAddress } from '../../wait/resumeUrl';
import { showFor } from '../../../shared/displayOptions';
import { InvalidValue } from '../../../shared/errors';
import { storeIdField } from '../../descriptions/common.fields';
import { orderItemFields, orderRequestOptions } from '../../descriptions/orderItem.fields';
import type { OrderItemDraft } from '../../orders/buildOrderItem';
import { runOrderRequests } from '../../orders/runOrderRequests';
import { triggerCallbacks } from '../../orders/triggerCallbacks';
import { isToolRun, pairedWithCall, toolOrderRun } from '../../helpers/tool';

const callbackFields: INodeProperties[] = [
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
					'Send the addresses of the Print Store Trigger in this workflow (active, with the same credential as this node)',
			},
			{
				name: 'Resume This Execution (Wait Until Status)',
				value: 'wait',
				description:
					"Send this execution's resume address, so that an Order > Wait Until Status later in this workflow goes on as soon as the orders report the status it waits for",
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
		placeholder: 'https://your-n8n.example.com/webhook/...',
		description: "Address that receives status events (the order's StatusCallbackUrl)",
		displayOptions: { show: { statusCallbacks: ['custom'] } },
	},
	{
		displayName: 'Status Details Callback URL',
		name: 'statusDetailsCallbackUrl',
		type: 'string',
		default: '',
		placeholder: 'https://your-n8n.example.com/webhook/...',
		description: "Address that receives detailed status events (the order's StatusDetailsCallbackUrl)",
		displayOptions: { show: { statusCallbacks: ['custom'] } },
	},
];

export const description: INodeProperties[] = showFor({ show: { resource: ['order'], operation: ['create'] } }, [
	storeIdField,
	...orderItemFields,
	...callbackFields,
	orderRequestOptions,
]);

const CALLBACK_KEYS = ['StatusCallbackUrl', 'StatusDetailsCallbackUrl'];

function customCallbacks(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const status = String(ctx.getNodeParameter('statusCallbackUrl', itemIndex, '') ?? '').trim();
	const details = String(ctx.getNodeParameter('statusDetailsCallbackUrl', itemIndex, '') ?? '').trim();
	if (!status && !details) throw new InvalidValue('Status Callback URL', 'give at least one callback URL, or choose "None"');
	const urls: IDataObject = {};
	if (status) urls.StatusCallbackUrl = status;
	if (details) urls.StatusDetailsCallbackUrl = details;
	return urls;
}

/**
 * Adds the callback URLs chosen under Status Callbacks to the order item before it is checked.
 * A JSON order item that brings its own URLs while the node is told where to send them is an
 * error: either choice silently dropped would send events somewhere the user did not expect.
 */
const MODE_NAMES: Record<string, string> = {
	trigger: 'From Print Store Trigger in This Workflow',
	custom: 'Custom URLs',
	wait: 'Resume This Execution (Wait Until Status)',
};

type TriggerAddresses = Awaited<ReturnType<typeof triggerCallbacks>>;

function withCallbacks(ctx: IExecuteFunctions, resume: string | undefined, fromTrigger: TriggerAddresses | undefined) {
	return (draft: OrderItemDraft, itemIndex: number, storeId: string): OrderItemDraft => {
		const mode = ctx.getNodeParameter('statusCallbacks', itemIndex, 'none') as string;
		if (!(mode in MODE_NAMES)) return draft;
		const value = draft.value;
		// Not an object: the order item check names that problem.
		if (!value || typeof value !== 'object' || Array.isArray(value)) return draft;
		const own = CALLBACK_KEYS.filter((key) => (value as IDataObject)[key] !== undefined && (value as IDataObject)[key] !== '');
		if (own.length > 0) {
			throw new InvalidValue(
				`Order Item (JSON).${own[0]}`,
				`is given in the order item while Status Callbacks is "${MODE_NAMES[mode]}". Remove it from the JSON, or set Status Callbacks to "None" to send the URLs of the JSON.`,
			);
		}
		const urls =
			mode === 'trigger' && fromTrigger
				? fromTrigger(String(ctx.getNodeParameter('callbackTrigger', itemIndex, '') ?? '').trim(), storeId)
				: mode === 'wait' && resume
					? { StatusCallbackUrl: resume }
					: customCallbacks(ctx, itemIndex);
		const labels =
			mode === 'custom' ? { ...draft.labels, StatusCallbackUrl: 'Status Callback URL', StatusDetailsCallbackUrl: 'Status Details Callback URL' } : draft.labels;
		return { ...draft, value: { ...(value as IDataObject), ...urls }, labels };
	};
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	// As an AI tool: a list of order items per call, test mode unless live orders are allowed, a cap per call.
	if (isToolRun(this)) return pairedWithCall(await createOrders(toolOrderRun(this, 'create')));
	return await createOrders(this);
}

async function createOrders(ctx: IExecuteFunctions): Promise<INodeExecutionData[]> {
	// Status Callbacks is one choice for the whole node (no expressions): the resume address is the
	// execution's, the same for every order.
	const mode = ctx.getNodeParameter('statusCallbacks', 0, 'none');
	const resume = mode === 'wait' ? await resumeAddress(ctx) : undefined;
	const fromTrigger = mode === 'trigger' ? await triggerCallbacks(ctx) : undefined;
	return await runOrderRequests(ctx, 'order.create', withCallbacks(ctx, resume, fromTrigger));
}
