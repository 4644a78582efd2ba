import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { resourceDescriptions, router, subtitleExpression } from './actions/router';

export class PrintStore implements INodeType {
	// eslint-disable-next-line n8n-nodes-base/node-class-description-missing-subtitle -- the subtitle is built from the operation lists (actions/router.ts), so a new operation needs no edit here
	description: INodeTypeDescription = {
		displayName: 'Print Store',
		name: 'printStore',
		icon: { light: 'file:../../icons/printStore.svg', dark: 'file:../../icons/printStore.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: subtitleExpression(),
		description: 'Price and create print orders, read orders and their status history, and manage store access',
		defaults: { name: 'Print Store' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'printStoreOAuth2Api', required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Order', value: 'order' },
					{ name: 'Store', value: 'store' },
					{ name: 'User', value: 'user' },
					{ name: 'Custom API Call', value: 'customApiCall' },
				],
				default: 'order',
			},
			...resourceDescriptions,
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
