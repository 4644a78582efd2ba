import type {
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { PRINT_STORE_VERSIONS } from '../shared/n8nInternals';
import { loadStatusOptions } from '../shared/reads/statusOptions';
import { resourceDescriptions, router, subtitleExpression, toolDescriptionFields } from './actions/router';
import { toolSettingFields } from './descriptions/tool.fields';
import { searchOrders, searchProducts } from './lookups/search';
import { searchStores } from '../shared/lists/stores';
import { getTemplateFields } from './lookups/templateFields';
import { receiveResumeCall, RESUME_WEBHOOKS } from './wait/resumeCall';

/** The resources; version 1 also lists Custom API Call as one (version 2 on has it in each resource's operations). */
const RESOURCES = [
	{ name: 'Order', value: 'order' },
	{ name: 'Product', value: 'product' },
	{ name: 'Store', value: 'store' },
	{ name: 'User', value: 'user' },
];

const RESOURCE: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: RESOURCES,
	default: 'order',
};

export class PrintStore implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Print Store',
		name: 'printStore',
		icon: { light: 'file:../../icons/printStore.svg', dark: 'file:../../icons/printStore.dark.svg' },
		group: ['output'],
		// A list, so that n8n adds no Custom API Call of its own (n8nInternals, PRINT_STORE_VERSIONS).
		version: PRINT_STORE_VERSIONS.version,
		defaultVersion: PRINT_STORE_VERSIONS.defaultVersion,
		// Each operation's action, in words, from its entry.
		subtitle: subtitleExpression(),
		description: 'Price and create print orders, find and read orders and their status history, list products, and manage store access',
		defaults: { name: 'Print Store' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'printStoreOAuth2Api', required: true }],
		// Order > Wait Until Status: n8n calls this webhook for POSTs to the execution's resume address
		// while the execution waits at the node (restartWebhook); n8n never registers it on activation,
		// so there is no remote webhook to create or delete (no webhookMethods).
		webhooks: RESUME_WEBHOOKS,
		properties: [
			{ ...RESOURCE, options: RESOURCES, displayOptions: { show: { '@version': [{ _cnd: { gte: 2 } }] } } },
			{ ...RESOURCE, options: [{ name: 'Custom API Call', value: 'customApiCall' }, ...RESOURCES], displayOptions: { show: { '@version': [1] } } },
			...resourceDescriptions,
			// Only in the tool variant (AI Agent, MCP Server Trigger): descriptions for the model, guard rails.
			...toolDescriptionFields,
			...toolSettingFields,
		],
	};

	methods = {
		// The "From List" modes of Store ID, Order and Product: the account's stores, the store's orders and products.
		listSearch: { searchOrders, searchProducts, searchStores },
		// Template Fields (version 5): the picked product's template fields, from the store's product list.
		resourceMapping: { getTemplateFields },
		// Wait Until Status's Wait For and Fail On: the statuses seen in the store's orders, then examples.
		loadOptions: {
			async getOrderStatuses(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
				return await loadStatusOptions(this, this.getCurrentNodeParameter('storeId'));
			},
		},
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		// Continue On Fail: each operation applies it per item; the router, to a tool call's errors.
		return await router.call(this, this.continueOnFail());
	}

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receiveResumeCall.call(this);
	}
}
