import type { INodeProperties } from 'n8n-workflow';

import * as customApiCall from './customApiCall.operation';

export { customApiCall };

/**
 * The node's own "Custom API Call": in every resource's Operation list (actions/operation.ts adds its
 * entry) and, in version 1, as a resource of its own, whose Operation list is this one entry. It goes
 * through the transport; n8n's (which the node's version list keeps out) could not send the
 * subscription key.
 */
export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['customApiCall'] } },
		options: [customApiCall.option],
		default: 'customApiCall',
	},
	...customApiCall.description,
];
