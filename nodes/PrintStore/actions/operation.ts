import type { IExecuteFunctions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { ApiOperation } from '../../shared/apiCalls';
import { withStoreLocator } from '../descriptions/common.fields';
import * as customApiCall from './custom/customApiCall.operation';

/**
 * What every `*.operation.ts` declares: its entry in its resource's Operation list (name, value,
 * description, action), what an AI model reads about it as a tool, its fields, its execute, and the
 * API call it makes. Everything that lists operations (the Operation lists, the canvas subtitle,
 * the tools' descriptions, the router) is built from these: adding an operation is its file and
 * one line in its resource's `operations`.
 */
export interface OperationModule {
	option: INodePropertyOptions;
	toolDescription: string;
	description: INodeProperties[];
	execute: (this: IExecuteFunctions) => Promise<INodeExecutionData[]>;
	api: ApiOperation;
}

/** A resource's operations by the value of their entry. */
export type Operations = Record<string, OperationModule>;

/**
 * A resource's Operation list (its operations sorted by name as n8n's lint wants an option list, then
 * Custom API Call, last as n8n puts its own), then every operation's fields, their store picked from
 * the list from version 5 on (`withStoreLocator`).
 */
export function resourceDescription(resource: string, operations: Operations, defaultOperation: string): INodeProperties[] {
	const own = Object.values(operations).map((operation) => operation.option).sort((a, b) => a.name.localeCompare(b.name));
	const options = [...own, customApiCall.option];
	return [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [resource] } },
			options,
			default: defaultOperation,
		},
		...withStoreLocator(Object.values(operations).flatMap((operation) => operation.description)),
	];
}
