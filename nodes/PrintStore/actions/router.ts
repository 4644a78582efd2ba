import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { refuseN8nCustomApiCall } from '../../shared/n8nInternals';
import { forModel, isToolRun } from '../toolCall/answer';

import * as custom from './custom';
import { resourceDescription, type OperationModule, type Operations } from './operation';
import * as order from './order';
import * as product from './product';
import * as store from './store';
import * as user from './user';

export type { OperationModule };

/**
 * Every operation of the node, by resource and by the value of its entry, taken from the resources'
 * own `operations`. Custom API Call is in every resource's list and is one operation, `custom`.
 */
export const operations: Record<string, Operations> = {
	order: order.operations,
	product: product.operations,
	store: store.operations,
	user: user.operations,
};

/**
 * Each resource's Operation list and fields, built here from its `operations` (a resource's folder
 * imports nothing from actions/ above it), then Custom API Call's.
 */
export const resourceDescriptions: INodeProperties[] = [
	...resourceDescription('order', order.operations, order.defaultOperation),
	...resourceDescription('product', product.operations, product.defaultOperation),
	...resourceDescription('store', store.operations, store.defaultOperation),
	...resourceDescription('user', user.operations, user.defaultOperation),
	...custom.description,
];

/** Each operation by `<resource>.<operation>`, and Custom API Call by its value alone (it is in every resource). */
function everyOperation(): Array<[string, string | undefined, OperationModule]> {
	const listed = Object.entries(operations).flatMap(([resource, own]) =>
		Object.entries(own).map(([value, module]) => [`${resource}.${value}`, resource, module] as [string, string, OperationModule]),
	);
	return [...listed, ['customApiCall', undefined, custom.customApiCall]];
}

/**
 * The canvas subtitle: each operation's action text, from its entry, by `<resource>.<operation>`
 * (two resources may share an operation's value, such as Get Many), and Custom API Call by its value.
 */
export function subtitleExpression(): string {
	const actions: Record<string, string> = {};
	for (const [key, , module] of everyOperation()) actions[key] = String(module.option.action);
	return `={{ ((actions) => actions[$parameter["resource"] + "." + $parameter["operation"]] || actions[$parameter["operation"]])(${JSON.stringify(actions)}) }}`;
}

/** What the model reads about each operation as a tool, by `<resource>.<operation>` (Custom API Call alone). */
export const TOOL_DESCRIPTIONS: Record<string, string> = Object.fromEntries(everyOperation().map(([key, , module]) => [key, module.toolDescription]));

const DESCRIPTION_HINT =
	'What the AI model reads to decide when to use this tool and what to give it. Written for this operation; edit it to fit your agent.';

/**
 * The tool variant's Description field, one per operation (`@tool`: shown only there). Because the
 * node defines `toolDescription` itself, n8n adds no "Set Automatically" description of its own.
 */
const TOOL_DESCRIPTION_FIELD: INodeProperties = {
	displayName: 'Description',
	name: 'toolDescription',
	type: 'string',
	default: '',
	required: true,
	typeOptions: { rows: 4 },
	description: DESCRIPTION_HINT,
};

export const toolDescriptionFields: INodeProperties[] = everyOperation().map(([, resource, module]) => ({
	...TOOL_DESCRIPTION_FIELD,
	default: module.toolDescription,
	displayOptions: { show: { '@tool': [true], ...(resource ? { resource: [resource] } : {}), operation: [String(module.option.value)] } },
}));

/** `continueOnFail`: the node's Continue On Fail, for a tool call's errors (each operation reads it per item itself). */
export async function router(this: IExecuteFunctions, continueOnFail = this.continueOnFail()): Promise<INodeExecutionData[][]> {
	const resource = this.getNodeParameter('resource', 0) as string;
	refuseN8nCustomApiCall(this.getNode(), resource, String(this.getNodeParameter('operation', 0, '')));
	const operation = this.getNodeParameter('operation', 0) as string;
	const execute = operation === 'customApiCall' ? custom.customApiCall.execute : operations[resource]?.[operation]?.execute;
	if (!execute) {
		throw new NodeOperationError(this.getNode(), `The operation "${operation}" is not known for "${resource}"`);
	}
	if (!isToolRun(this)) return [await execute.call(this)];
	try {
		if (operation === 'waitForStatus') {
			throw new NodeOperationError(
				this.getNode(),
				'Wait Until Status cannot run as an AI tool: waiting pauses the whole workflow. Use Get Status History to answer where an order is.',
			);
		}
		return [await execute.call(this)];
	} catch (error) {
		const forTheModel = forModel(this.getNode(), error);
		// On Error: Continue. n8n 1.x would hand the model its own input back, without the error.
		if (continueOnFail && forTheModel instanceof Error) {
			return [this.getInputData().map((_, item) => ({ json: { error: forTheModel.message }, pairedItem: { item } }))];
		}
		throw forTheModel;
	}
}
