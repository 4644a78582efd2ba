import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { forEachItem } from '../../helpers/items';
import { printStoreApiRequest } from '../../transport';

export const description: INodeProperties[] = [
	{
		displayName: 'Options',
		name: 'userOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { resource: ['user'], operation: ['getCurrent'] } },
		options: [
			{
				displayName: 'Login',
				name: 'login',
				type: 'string',
				default: '',
				placeholder: 'e.g. alice@print-store.test',
				description: 'Login name to pass to the service (its optional "login" parameter)',
			},
		],
	},
];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const options = this.getNodeParameter('userOptions', itemIndex, {}) as IDataObject;
		const login = typeof options.login === 'string' ? options.login.trim() : '';
		const { body } = await printStoreApiRequest.call(this, {
			method: 'GET',
			path: ['user'],
			qs: login ? { login } : undefined,
			operation: 'getUser',
			retry: 'safe',
			itemIndex,
		});
		return body as IDataObject;
	});
}
