import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { forEachItem } from '../../helpers/items';
import { printStoreApiRequest } from '../../transport';
import { readOrderPath } from './get.operation';

export const description: INodeProperties[] = [
	{
		displayName: 'Options',
		name: 'statusOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { resource: ['order'], operation: ['getStatusHistory'] } },
		options: [
			{
				displayName: 'Latest Record Only',
				name: 'latestOnly',
				type: 'boolean',
				default: false,
				description: 'Whether to return only the most recent status record instead of one item per record',
			},
		],
	},
];

function latest(records: IDataObject[]): IDataObject[] {
	if (records.length === 0) return [];
	let best = records[records.length - 1];
	for (const record of records) {
		const time = Date.parse(String(record.Timestamp ?? ''));
		const bestTime = Date.parse(String(best.Timestamp ?? ''));
		if (!Number.isNaN(time) && (Number.isNaN(bestTime) || time > bestTime)) best = record;
	}
	return [best];
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const options = this.getNodeParameter('statusOptions', itemIndex, {}) as IDataObject;
		const { body } = await printStoreApiRequest.call(this, {
			method: 'GET',
			path: [...readOrderPath(this, itemIndex), 'status'],
			operation: 'getOrderStatus',
			retry: 'safe',
			itemIndex,
		});
		const records = Array.isArray(body) ? (body as IDataObject[]) : [];
		return options.latestOnly === true ? latest(records) : records;
	});
}
