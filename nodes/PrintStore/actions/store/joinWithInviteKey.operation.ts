import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { forEachItem, InvalidValue } from '../../helpers/items';
import { printStoreApiRequest } from '../../transport';

export const description: INodeProperties[] = [
	{
		displayName: 'Invite Key',
		name: 'inviteKey',
		type: 'string',
		typeOptions: { password: true },
		required: true,
		default: '',
		description:
			'The invite key the store sent you. It works once: the connected account joins the store as an administrator.',
		displayOptions: { show: { resource: ['store'], operation: ['joinWithInviteKey'] } },
	},
];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const inviteKey = String(this.getNodeParameter('inviteKey', itemIndex, '')).trim();
		if (!inviteKey) throw new InvalidValue('Invite Key', 'is required');
		const { body } = await printStoreApiRequest.call(this, {
			method: 'POST',
			path: ['store', 'invite'],
			body: { InviteKey: inviteKey },
			operation: 'joinStore',
			// A repeated invite could find the key already spent by the first attempt.
			retry: 'onlyIfNotProcessed',
			itemIndex,
		});
		return body as IDataObject;
	});
}
