import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared/displayOptions';
import { ItemProblem } from '../../../shared/errors';
import { apiRequest } from '../../../shared/transport';
import { storeIdField } from '../../descriptions/common.fields';
import { forEachItem } from '../../helpers/items';
import { orderLocator, orderPath } from './get.operation';

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
				description: 'Whether to return only the most recent status record instead of one item per record',
			},
		],
	},
]);

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
		const body = await apiRequest.call(this, {
			operation: 'order.getStatusHistory',
			method: 'GET',
			path: [...orderPath(this, itemIndex), 'status'],
		});
		// The spec answers a list; anything else would otherwise pass for "no status yet".
		if (!Array.isArray(body)) {
			throw new ItemProblem(
				'The service answered the status history with something other than a list',
				`Expected a list of status records, got ${body === null ? 'null' : typeof body}. Nothing was output for this item; check the API Base URL of the credential.`,
			);
		}
		const records = body as IDataObject[];
		return options.latestOnly === true ? latest(records) : records;
	});
}
