import type { INodeProperties } from 'n8n-workflow';

/**
 * Fields of the tool variant only (Print Store Tool, which n8n derives from `usableAsTool` for AI
 * Agents and the MCP Server Trigger): `@tool` shows them there and nowhere else, so the node in a
 * plain workflow is unchanged.
 *
 * The Description is what the model reads to choose a tool and fill its inputs. Because the node
 * defines `toolDescription` itself, n8n adds no "Set Automatically" description of its own (which
 * would only say "Get an order in Print Store"): each operation brings one written for a model,
 * and the user can still edit it.
 */
const ORDER_ITEM_SHAPE =
	'{"Product":{"ID":"postcard-4x6","Quantity":100},"Recipient":{"NameFirst":"Ada","NameLast":"Lovelace","AddressLine1":"12 Main St","City":"Springfield","Province":"IL","Postalcode":"62701","Country":"US"},"PartnerOrderReference":"crm-42"}';

/** Where a Description shows: the tool variant, this operation. */
function forTool(resource: string | undefined, operation: string): INodeProperties['displayOptions'] {
	return { show: { '@tool': [true], ...(resource ? { resource: [resource] } : {}), operation: [operation] } };
}

const DESCRIPTION_HINT =
	'What the AI model reads to decide when to use this tool and what to give it. Written for this operation; edit it to fit your agent.';

/** One Description per operation: what it does, when to use it, what it returns, written for a model. */
const descriptionFields: INodeProperties[] = [
	{
		displayName: 'Description',
		name: 'toolDescription',
		type: 'string',
		default:
			'Find out where a print order is. Give its order number (like PS-100001) or order ID. Returns a summary: the current status (Received, Printed, Shipped, Delivered, Failed, Cancelled...), when it was reached, tracking number and delivery details, and the earlier statuses with their times.',
		required: true,
		typeOptions: { rows: 4 },
		description: DESCRIPTION_HINT,
		displayOptions: forTool('order', 'getStatusHistory'),
	},
	{
		displayName: 'Description',
		name: 'toolDescription',
		type: 'string',
		default:
			'Get one print order by its order number (like PS-100001) or order ID: its status, product and quantity, recipient, partner order reference and dates. Use it for questions about what an order contains.',
		required: true,
		typeOptions: { rows: 4 },
		description: DESCRIPTION_HINT,
		displayOptions: forTool('order', 'get'),
	},
	{
		displayName: 'Description',
		name: 'toolDescription',
		type: 'string',
		default:
			`Price print orders without ordering anything. Give a JSON list of order items, one per order, each like ${ORDER_ITEM_SHAPE}. Returns the price of each order item and its total. Use it before creating orders, and to answer "how much would it cost".`,
		required: true,
		typeOptions: { rows: 4 },
		description: DESCRIPTION_HINT,
		displayOptions: forTool('order', 'getPriceQuote'),
	},
	{
		displayName: 'Description',
		name: 'toolDescription',
		type: 'string',
		default:
			`Create print orders: they are printed and mailed. Give a JSON list of order items, one per order, each like ${ORDER_ITEM_SHAPE}. Returns each created order with its order number and status. Only create what the user asked for and confirmed. Unless the workflow allows live orders, orders are created in test mode (nothing is printed or charged), and one call may create only a limited number of orders.`,
		required: true,
		typeOptions: { rows: 4 },
		description: DESCRIPTION_HINT,
		displayOptions: forTool('order', 'create'),
	},
	{
		displayName: 'Description',
		name: 'toolDescription',
		type: 'string',
		default:
			'Not for conversations: waiting pauses the whole workflow. Use the status lookup tool to answer where an order is.',
		required: true,
		typeOptions: { rows: 4 },
		description: DESCRIPTION_HINT,
		displayOptions: forTool('order', 'waitForStatus'),
	},
	{
		displayName: 'Description',
		name: 'toolDescription',
		type: 'string',
		default:
			'Join a print store with an invite key the user gives (like INVITE-JOIN-0001). Returns the store: its StoreID and company name. Use only when the user asks to connect a store.',
		required: true,
		typeOptions: { rows: 4 },
		description: DESCRIPTION_HINT,
		displayOptions: forTool('store', 'joinWithInviteKey'),
	},
	{
		displayName: 'Description',
		name: 'toolDescription',
		type: 'string',
		default:
			"Remove an application's access to a print store. This cannot be undone from here: use it only when the user explicitly asks, with the application ID and the store ID.",
		required: true,
		typeOptions: { rows: 4 },
		description: DESCRIPTION_HINT,
		displayOptions: forTool('store', 'removeApplicationAssociation'),
	},
	{
		displayName: 'Description',
		name: 'toolDescription',
		type: 'string',
		default:
			'Get the account the print store connection is signed in as: the user, their email, and the stores they can use. Use it for "who am I" or "which stores can I order for".',
		required: true,
		typeOptions: { rows: 4 },
		description: DESCRIPTION_HINT,
		displayOptions: forTool('user', 'getCurrent'),
	},
	{
		displayName: 'Description',
		name: 'toolDescription',
		type: 'string',
		default:
			'Call any endpoint of the print store API (a method and a path below /api/v1) for what the other print store tools do not cover. Returns the API\'s answer.',
		required: true,
		typeOptions: { rows: 4 },
		description: DESCRIPTION_HINT,
		displayOptions: forTool(undefined, 'customApiCall'),
	},
];

/** The Descriptions by resource.operation (customApiCall alone: it is in every resource). */
export const TOOL_DESCRIPTIONS: Record<string, string> = Object.fromEntries(
	descriptionFields.map((field) => {
		const show = field.displayOptions?.show ?? {};
		const operation = String(show.operation?.[0]);
		return [show.resource ? `${String(show.resource[0])}.${operation}` : operation, String(field.default)];
	}),
);

/** Orders one call may create, unless the workflow raises it. */
export const DEFAULT_MAX_ORDERS_PER_CALL = 10;

export const toolFields: INodeProperties[] = [
	...descriptionFields,
	{
		displayName: 'Create Live Orders',
		name: 'toolLiveOrders',
		type: 'boolean',
		default: false,
		description:
			'Whether orders the AI creates are real. Off: every order is sent in test mode (nothing is printed, mailed or charged), whatever Options > Test Mode says.',
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
			{
				name: 'Summary',
				value: 'summary',
				description: 'One answer: the current status, its tracking and delivery details, and the earlier statuses with their times',
			},
			{ name: 'Full', value: 'full', description: 'Every field of every status record' },
		],
		default: 'summary',
		description:
			'How much of the status history the model gets. To let the model choose, let it define this parameter and say so in the Description above (e.g. "ask for detail full only when every field is needed").',
		displayOptions: { show: { '@tool': [true], resource: ['order'], operation: ['getStatusHistory'] } },
	},
];
