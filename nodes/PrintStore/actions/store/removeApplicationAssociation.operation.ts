import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { checkPathId } from '../../helpers/ids';
import { forEachItem } from '../../helpers/items';
import { printStoreApiRequest } from '../../transport';

const show = { show: { resource: ['store'], operation: ['removeApplicationAssociation'] } };

export const description: INodeProperties[] = [
	{
		displayName: 'Application ID',
		name: 'applicationId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. app_1001',
		description: 'ID of the application to remove from the store. User > Get Current shows the ID of the connected one.',
		displayOptions: show,
	},
	{
		displayName: 'Store ID',
		name: 'storeId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. store_1001',
		description: 'ID of the store the application should no longer have access to',
		displayOptions: show,
	},
];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const applicationId = checkPathId(this.getNodeParameter('applicationId', itemIndex, ''), 'Application ID');
		const storeId = checkPathId(this.getNodeParameter('storeId', itemIndex, ''), 'Store ID');
		await printStoreApiRequest.call(this, {
			method: 'DELETE',
			path: ['application', applicationId, 'store', storeId],
			operation: 'removeAssociation',
			// A repeat after a lost answer would report "no association" for a removal that worked.
			retry: 'onlyIfNotProcessed',
			itemIndex,
		});
		// The service answers 200 with {} or 204 with nothing; both mean the association is gone.
		return { success: true, applicationId, storeId };
	});
}
