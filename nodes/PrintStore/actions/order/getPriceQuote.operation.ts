import type { IExecuteFunctions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { showFor } from '../../../shared/displayOptions';
import { storeIdField } from '../../descriptions/common.fields';
import { ORDER_ITEM_FOR_MODEL, orderItemFields, orderRequestOptions } from '../../orderRun/orderItem.fields';
import { executeOrderRequest } from '../../orderRun/read';
import { ORDER_REQUEST_MEANINGS, type OrderRequest } from '../../orderRun/runOrders';

/** The request: `POST store/{id}/order/price`, a read that changes nothing (repeatable), its status codes. */
export const orderRequest: OrderRequest = {
	api: { name: 'order.getPriceQuote', actsOnce: false, meanings: ORDER_REQUEST_MEANINGS, sendsOrderItems: true },
	endpoint: ['order', 'price'],
	creates: false,
};
export const api = orderRequest.api;

/** Its entry in the resource's Operation list, and what an AI model reads about it as a tool. */
export const option: INodePropertyOptions = {
	name: 'Get Price Quote',
	value: 'getPriceQuote',
	description: 'Get the price of orders before creating them',
	action: 'Get price quote',
};
export const toolDescription =
	`Price print orders without ordering anything. Give a JSON list of order items, one per order, each like ${ORDER_ITEM_FOR_MODEL}. Returns the price of each order item and its total. Use it before creating orders, and to answer "how much would it cost".`;

export const description: INodeProperties[] = showFor({ show: { resource: ['order'], operation: ['getPriceQuote'] } }, [
	storeIdField,
	...orderItemFields,
	orderRequestOptions,
]);

/** Reads the run from the node (as an AI tool: the call's list of order items), then runs it. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await executeOrderRequest(this, orderRequest);
}
