import type { IExecuteFunctions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { refuseN8nCustomApiCall } from '../../shared/n8nInternals';
import type { ApiOperation } from '../../shared/operations';
import { forModel, isToolRun } from '../helpers/tool';

import * as custom from './custom';
import * as order from './order';
import * as store from './store';
import * as user from './user';

type Execute = (this: IExecuteFunctions) => Promise<INodeExecutionData[]>;

/** What every `*.operation.ts` declares: its fields, its execute, and the API call it makes. */
export interface OperationModule {
	description: INodeProperties[];
	execute: Execute;
	api: ApiOperation;
}

/**
 * Every operation of the node, by resource and by the value its resource's list gives it, taken from
 * the resources' own `operations` (adding one is a file and its entry in the resource's list and
 * `operations`). Custom API Call is in every resource's list and is one operation, `custom`.
 */
export const operations: Record<string, Record<string, OperationModule>> = {
	order: order.operations,
	store: store.operations,
	user: user.operations,
};

export const resourceDescriptions: INodeProperties[] = [
	...order.description,
	...store.description,
	...user.description,
	...custom.description,
];

/** The canvas subtitle: each operation's action text, taken from the operation lists above. */
export function subtitleExpression(): string {
	const actions: Record<string, string> = {};
	for (const property of resourceDescriptions) {
		if (property.name !== 'operation') continue;
		for (const option of (property.options ?? []) as INodePropertyOptions[]) {
			if (option.action) actions[String(option.value)] = option.action;
		}
	}
	return `={{ (${JSON.stringify(actions)})[$parameter["operation"]] }}`;
}

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
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
		const forTheModel = forModel(this, error);
		// On Error: Continue. n8n 1.x would hand the model its own input back, without the error.
		if (this.continueOnFail() && forTheModel instanceof Error) {
			return [this.getInputData().map((_, item) => ({ json: { error: forTheModel.message }, pairedItem: { item } }))];
		}
		throw forTheModel;
	}
}
