import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared/displayOptions';
import { InvalidValue } from '../../../shared/errors';
import { apiRequest } from '../../../shared/transport';
import { forEachItem } from '../../helpers/items';

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
			operation: 'store.joinWithInviteKey',
			method: 'POST',
			path: ['store', 'invite'],
			body: { InviteKey: inviteKey },
		})) as IDataObject;
	});
}
