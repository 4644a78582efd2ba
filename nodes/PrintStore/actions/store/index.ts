import type { INodeProperties } from 'n8n-workflow';

import * as joinWithInviteKey from './joinWithInviteKey.operation';
import * as removeApplicationAssociation from './removeApplicationAssociation.operation';

export { joinWithInviteKey, removeApplicationAssociation };

/** The resource's operations by the value its list gives them: the router runs them from here. */
export const operations = { joinWithInviteKey, removeApplicationAssociation };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['store'] } },
		options: [
			{
				name: 'Join With Invite Key',
				value: 'joinWithInviteKey',
				description: 'Join a store as its administrator, using an invite key',
				action: 'Join a store with an invite key',
			},
			{
				name: 'Remove Application Association',
				value: 'removeApplicationAssociation',
				description: "Remove an application's access to a store",
				action: 'Remove an application from a store',
			},
			{
				name: 'Custom API Call',
				value: 'customApiCall',
				description: 'Call any endpoint of the API with this credential (token and subscription key)',
				action: 'Make a custom API call',
			},
		],
		default: 'joinWithInviteKey',
	},
	...joinWithInviteKey.description,
	...removeApplicationAssociation.description,
];
