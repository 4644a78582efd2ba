import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { showFor } from '../../../shared/displayOptions';
import { apiRequest } from '../../../shared/transport';
import { forEachItem } from '../../perItem/run';
import { CREDENTIALS, type ApiOperation } from '../../../shared/apiCalls';

/** The API call: a read; its status codes. */
export const api: ApiOperation = { name: 'user.getCurrent', actsOnce: false, meanings: { 401: CREDENTIALS } };

/** Its entry in the resource's Operation list, and what an AI model reads about it as a tool. */
export const option: INodePropertyOptions = {
	name: 'Get Current',
	value: 'getCurrent',
	description: 'Get the user or application the credential is connected as',
	action: 'Get current user',
};
export const toolDescription =
	'Get the account the print store connection is signed in as: the user or application, their name, username, e-mail and phone, and whether it is a service user. Use it for "who am I". It does not list stores.';

export const description: INodeProperties[] = showFor({ show: { resource: ['user'], operation: ['getCurrent'] } }, [
	{
		displayName: 'Options',
		name: 'userOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
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
]);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const options = this.getNodeParameter('userOptions', itemIndex, {}) as IDataObject;
		const login = typeof options.login === 'string' ? options.login.trim() : '';
		return (await apiRequest.call(this, {
			operation: api,
			method: 'GET',
			path: ['user'],
			qs: login ? { login } : undefined,
		})) as IDataObject;
	});
}
