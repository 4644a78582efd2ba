import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared/displayOptions';
import { storeIdField } from '../../descriptions/common.fields';
import { forEachItem } from '../../helpers/items';
import { readHistory } from '../../wait/history';
import { latestRecord } from '../../wait/plan';
import { orderLocator, orderRef } from './get.operation';

export const description: INodeProperties[] = showFor({ show: { resource: ['order'], operation: ['getStatusHistory'] } }, [
	storeIdField,
	orderLocator,
	{
		displayName: 'Options',
		name: 'statusOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Latest Record Only',
				name: 'latestOnly',
				type: 'boolean',
				default: false,
				description: 'Whether to return only the most recent status record (by Timestamp) instead of one item per record',
			},
		],
	},
]);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const options = this.getNodeParameter('statusOptions', itemIndex, {}) as IDataObject;
		const records = await readHistory(this, orderRef(this, itemIndex));
		if (options.latestOnly !== true) return records;
		const latest = latestRecord(records);
		return latest ? [latest] : [];
	});
}
