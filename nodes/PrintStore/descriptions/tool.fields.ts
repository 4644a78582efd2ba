import type { INodeProperties } from 'n8n-workflow';

/**
 * Settings of the tool variant only (Print Store Tool, which n8n derives from `usableAsTool` for AI
 * Agents and the MCP Server Trigger): `@tool` shows them there and nowhere else, so the node in a
 * plain workflow is unchanged. Each operation's Description for the model comes from its own file
 * (actions/router.ts, `toolDescriptionFields`).
 */

/** Orders one call may create, unless the workflow raises it. */
export const DEFAULT_MAX_ORDERS_PER_CALL = 10;

export const toolSettingFields: INodeProperties[] = [
	{
		displayName: 'Create Live Orders',
		name: 'toolLiveOrders',
		type: 'boolean',
		default: false,
		description:
			'Whether orders the AI creates are real. Off: every order is sent in test mode (nothing is printed, mailed or charged), whatever Test Mode says.',
		displayOptions: { show: { '@tool': [true], resource: ['order'], operation: ['create'] } },
	},
	{
		displayName: 'Allow Callback URLs From the Model',
		name: 'toolModelCallbacks',
		type: 'boolean',
		default: false,
		description:
			"Whether an order item the AI writes may say where the order's status reports go (StatusCallbackUrl, StatusDetailsCallbackUrl). Off: such an order item is refused, and only Status Callbacks above decides, so a misled model cannot send order events elsewhere.",
		displayOptions: { show: { '@tool': [true], resource: ['order'], operation: ['create'] } },
	},
	{
		displayName: 'Max Orders per Call',
		name: 'toolMaxOrders',
		type: 'number',
		typeOptions: { minValue: 1, numberPrecision: 0 },
		default: DEFAULT_MAX_ORDERS_PER_CALL,
		description:
			'Most orders one call of the tool may create. A call that asks for more creates none and tells the model why.',
		displayOptions: { show: { '@tool': [true], resource: ['order'], operation: ['create'] } },
	},
	{
		displayName: 'Detail',
		name: 'toolDetail',
		type: 'options',
		options: [
			{ name: 'Full', value: 'full', description: 'Every field of every status record' },
			{
				name: 'Summary',
				value: 'summary',
				description: 'One answer: the current status, its tracking and delivery details, and the earlier statuses with their times',
			},
		],
		default: 'summary',
		description:
			'How much of the status history the model gets. To let the model choose, let it define this parameter and say so in the Description above (e.g. "ask for detail full only when every field is needed").',
		displayOptions: { show: { '@tool': [true], resource: ['order'], operation: ['getStatusHistory'] } },
	},
];
