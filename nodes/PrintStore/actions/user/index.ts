import type { INodeProperties } from 'n8n-workflow';

import * as getCurrent from './getCurrent.operation';

export { getCurrent };

/** The resource's operations by the value its list gives them: the router runs them from here. */
export const operations = { getCurrent };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['user'] } },
		options: [
			{
				name: 'Get Current',
				value: 'getCurrent',
				description: 'Get the user or application the credential is connected as',
				action: 'Get the current user',
			},
			{
				name: 'Custom API Call',
				value: 'customApiCall',
				description: 'Call any endpoint of the API with this credential (token and subscription key)',
				action: 'Make a custom API call',
			},
		],
		default: 'getCurrent',
	},
	...getCurrent.description,
];
