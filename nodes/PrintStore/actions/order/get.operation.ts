import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared/displayOptions';
import { checkPathId } from '../../../shared/ids';
import { apiRequest } from '../../../shared/transport';
import { storeIdField } from '../../descriptions/common.fields';
import { forEachItem } from '../../helpers/items';
import { ORDER_READ_MEANINGS, type ApiOperation } from '../../../shared/operations';

/** The API call: a read; its status codes. */
export const api: ApiOperation = { name: 'order.get', actsOnce: false, meanings: ORDER_READ_MEANINGS };

/** The order, chosen by its ID or by its human order number; both work in the API's path. */
export const orderLocator: INodeProperties = {
	displayName: 'Order',
	name: 'orderId',
	type: 'resourceLocator',
	required: true,
	default: { mode: 'id', value: '' },
	description: 'The order to read',
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

export const description: INodeProperties[] = showFor({ show: { resource: ['order'], operation: ['get'] } }, [
	storeIdField,
	orderLocator,
]);

/** `store/{storeID}/order/{orderID}` for one item, with both IDs checked. */
/** The item's Store ID and order (by ID or by order number: the API takes either in the path). */
export function orderRef(ctx: IExecuteFunctions, itemIndex: number): { storeId: string; order: string } {
	const storeId = checkPathId(ctx.getNodeParameter('storeId', itemIndex, ''), 'Store ID');
	const locator = ctx.getNodeParameter('orderId', itemIndex, {}) as { mode?: string; value?: unknown };
	const field = locator.mode === 'orderNumber' ? 'Order (By Order Number)' : 'Order (By ID)';
	return { storeId, order: checkPathId(locator.value ?? '', field) };
}

export function orderPath(ctx: IExecuteFunctions, itemIndex: number): string[] {
	const { storeId, order } = orderRef(ctx, itemIndex);
	return ['store', storeId, 'order', order];
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(
		this,
		async (itemIndex) =>
			(await apiRequest.call(this, { operation: api, method: 'GET', path: orderPath(this, itemIndex) })) as IDataObject,
	);
}
