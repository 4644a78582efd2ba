import type { IExecuteFunctions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { showFor } from '../../../shared/displayOptions';
import { checkPathId } from '../../../shared/ids';
import { apiRequest } from '../../../shared/transport';
import { storeIdField } from '../../descriptions/common.fields';
import { forEachItem } from '../../perItem/run';
import { readStoreId } from '../../perItem/parameters';
import { CREDENTIALS, type ApiOperation } from '../../../shared/apiCalls';

/** The API call: acts once (a second removal would report no association); its status codes. */
export const api: ApiOperation = {
	name: 'store.removeApplicationAssociation',
	actsOnce: true,
	meanings: {
		400: {
			message: 'Insufficient privileges, or no association exists between the application and the store',
			description:
				'The connected account needs Application (Self or All) Write and Store (Self or All) Write permissions, and the application must currently be associated with the store.',
		},
		401: CREDENTIALS,
	},
};

/** From this version on the output is `{ deleted: true }`, n8n's answer of a delete; before, `{ success, applicationId, storeId }`. */
const DELETED_ANSWER_FROM_VERSION = 6;

/** Its entry in the resource's Operation list, and what an AI model reads about it as a tool. */
export const option: INodePropertyOptions = {
	name: 'Remove Application Association',
	value: 'removeApplicationAssociation',
	description: "Remove an application's access to a store",
	action: 'Remove application from store',
};
export const toolDescription =
	"Remove an application's access to a print store. This cannot be undone from here: use it only when the user explicitly asks, with the application ID and the store ID.";

export const description: INodeProperties[] = showFor(
	{ show: { resource: ['store'], operation: ['removeApplicationAssociation'] } },
	[
		{
			displayName: 'Application ID',
			name: 'applicationId',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. app_1001',
			description:
				"ID of the application to remove from the store, as your provider's developer portal lists it: usually the credential's Client ID. User > Get Current shows the signed-in user, not the application.",
		},
		{ ...storeIdField, description: 'The store the application should no longer have access to' },
	],
);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const applicationId = checkPathId(this.getNodeParameter('applicationId', itemIndex, ''), 'Application ID');
		const storeId = readStoreId(this, itemIndex);
		await apiRequest.call(this, {
			operation: api,
			method: 'DELETE',
			path: ['application', applicationId, 'store', storeId],
		});
		// The service answers 200 with {} or 204 with nothing; both mean the association is gone.
		// Version 6 answers as n8n's delete operations do; earlier versions keep what their workflows read.
		return this.getNode().typeVersion >= DELETED_ANSWER_FROM_VERSION ? { deleted: true } : { success: true, applicationId, storeId };
	});
}
