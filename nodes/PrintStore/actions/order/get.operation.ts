import type { IExecuteFunctions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { showFor } from '../../../shared/displayOptions';
import { READ_ORDER, readOrder } from '../../../shared/reads/orders';
import { storeIdField } from '../../descriptions/common.fields';
import { orderLocator } from '../../descriptions/order.fields';
import { forEachItem } from '../../perItem/run';
import { orderRef } from '../../perItem/parameters';

/** The API call: reading one order (shared with the trigger's Fetch From the API). */
export const api = READ_ORDER;

/** Its entry in the resource's Operation list, and what an AI model reads about it as a tool. */
export const option: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	description: 'Get an order by its ID or order number',
	action: 'Get an order',
};
export const toolDescription =
	'Get one print order by its order number (like PS-100001) or order ID: its status, product and quantity, recipient, partner order reference and dates. Use it for questions about what an order contains.';

export const description: INodeProperties[] = showFor({ show: { resource: ['order'], operation: ['get'] } }, [
	storeIdField,
	orderLocator,
]);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => await readOrder(this, orderRef(this, itemIndex)));
}
