import type { INodeProperties } from 'n8n-workflow';

import * as customApiCall from './customApiCall.operation';

export { customApiCall };

/**
 * "Custom API Call" ends every resource's and operation's list (written out in each, as n8n's
 * lint rules read option lists literally). n8n adds its own entry only where the last option is not
 * already named so; ours goes through the transport, n8n's could not send the subscription key.
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
