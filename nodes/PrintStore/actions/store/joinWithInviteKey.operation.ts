import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { showFor } from '../../../shared/displayOptions';
import { InvalidValue } from '../../../shared/errors';
import { apiRequest } from '../../../shared/transport';
import { forEachItem } from '../../perItem/run';
import { CREDENTIALS, type ApiOperation } from '../../../shared/apiCalls';

/** The API call: acts once (the key is spent); its status codes as the spec gives them. */
export const api: ApiOperation = {
	name: 'store.joinWithInviteKey',
	actsOnce: true,
	meanings: {
		400: { message: 'The invite key has already been used', description: 'Each invite key works once. Ask the store for a new invite key.' },
		401: CREDENTIALS,
		404: {
			message: 'Store unavailable',
			description: 'No available store matches this invite key. Check the key for typos, or ask the store for a new one.',
		},
	},
	mayHaveActed:
		'Not retried: the service may have used the invite key already, making the connected account an administrator of the store. Check by using the store (for example Order > Get Price Quote with its Store ID) before trying again: a second try reports the key as used.',
};

/** Its entry in the resource's Operation list, and what an AI model reads about it as a tool. */
export const option: INodePropertyOptions = {
	name: 'Join with Invite Key',
	value: 'joinWithInviteKey',
	description: 'Join a store as its administrator, using an invite key',
	action: 'Join store with invite key',
};
export const toolDescription =
	'Join a print store with an invite key the user gives (like INVITE-JOIN-0001). Returns the store: its StoreID and company name. Use only when the user asks to connect a store.';

export const description: INodeProperties[] = showFor({ show: { resource: ['store'], operation: ['joinWithInviteKey'] } }, [
	{
		displayName: 'Invite Key',
		name: 'inviteKey',
		type: 'string',
		typeOptions: { password: true },
		required: true,
		default: '',
		description:
			'The invite key the store sent you. It works once: the connected account joins the store as an administrator.',
	},
]);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const inviteKey = String(this.getNodeParameter('inviteKey', itemIndex, '')).trim();
		if (!inviteKey) throw new InvalidValue('Invite Key', 'is required');
		return (await apiRequest.call(this, {
			operation: api,
			method: 'POST',
			path: ['store', 'invite'],
			body: { InviteKey: inviteKey },
		})) as IDataObject;
	});
}
