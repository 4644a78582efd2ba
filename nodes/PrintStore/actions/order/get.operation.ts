import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { checkPathId } from '../../helpers/ids';
import { forEachItem } from '../../helpers/items';
import { printStoreApiRequest } from '../../transport';

const show = { show: { resource: ['order'], operation: ['get', 'getStatusHistory'] } };

/** The order, chosen by its ID or by its human order number; both work in the API's path. */
export const orderLocator: INodeProperties = {
	displayName: 'Order',
	name: 'orderId',
	type: 'resourceLocator',
	required: true,
	default: { mode: 'id', value: '' },
	description: 'The order to read',
	displayOptions: show,
	modes: [
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. ord_8f2c61a0',
			hint: 'The ID that Create returned',
		},
		{
			displayName: 'By Order Number',
			name: 'orderNumber',
			type: 'string',
			placeholder: 'e.g. PS-100001',
			hint: 'The order number that Create returned',
		},
	],
};

export const description: INodeProperties[] = [];

export function readOrderPath(ctx: IExecuteFunctions, itemIndex: number) {
	const storeId = checkPathId(ctx.getNodeParameter('storeId', itemIndex, ''), 'Store ID');
	const locator = ctx.getNodeParameter('orderId', itemIndex, {}) as { mode?: string; value?: unknown };
	const field = locator.mode === 'orderNumber' ? 'Order (By Order Number)' : 'Order (By ID)';
	const orderId = checkPathId(locator.value ?? '', field);
	return ['store', storeId, 'order', orderId];
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const { body } = await printStoreApiRequest.call(this, {
			method: 'GET',
			path: readOrderPath(this, itemIndex),
			operation: 'getOrder',
			retry: 'safe',
			itemIndex,
		});
		return body as IDataObject;
	});
}
