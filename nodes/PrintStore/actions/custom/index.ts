import type { INodeProperties } from 'n8n-workflow';

import * as customApiCall from './customApiCall.operation';

export { customApiCall };

/**
 * The node's own "Custom API Call", in every resource's operation list (written out in each, as
 * n8n's lint rules read option lists literally) and as a resource of its own. It goes through the
 * transport; n8n's (which the node's version list keeps out) could not send the subscription key.
 */
export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['customApiCall'] } },
		options: [{
				name: 'Custom API Call',
				value: 'customApiCall',
				description: 'Call any endpoint of the API with this credential (token and subscription key)',
				action: 'Make a custom API call',
			},],
		default: 'customApiCall',
	},
	...customApiCall.description,
];
