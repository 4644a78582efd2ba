import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as order from './actions/order';
import { router } from './actions/router';
import * as store from './actions/store';
import * as user from './actions/user';

export class PrintStore implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Print Store',
		name: 'printStore',
		icon: { light: 'file:../../icons/printStore.svg', dark: 'file:../../icons/printStore.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle:
			'={{ ({ create: "Create orders", getPriceQuote: "Get price quote", get: "Get order", getStatusHistory: "Get status history", joinWithInviteKey: "Join store", removeApplicationAssociation: "Remove application", getCurrent: "Get current user" })[$parameter["operation"]] }}',
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
				],
				default: 'order',
			},
			...order.description,
			...store.description,
			...user.description,
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
