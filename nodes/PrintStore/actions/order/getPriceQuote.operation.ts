import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared/displayOptions';
import { ORDER_REQUEST_MEANINGS } from '../../../shared/operations';
import { storeIdField } from '../../descriptions/common.fields';
import { orderItemFields, orderRequestOptions } from '../../descriptions/orderItem.fields';
import { isToolRun, pairedWithCall, toolOrderRun } from '../../helpers/tool';
import type { OrderRequest } from '../../orders/orderRequest';
import { runOrderRequests } from '../../orders/runOrderRequests';

/** The request: `POST store/{id}/order/price`, a read that changes nothing (repeatable), its status codes. */
export const orderRequest: OrderRequest = {
	api: { name: 'order.getPriceQuote', actsOnce: false, meanings: ORDER_REQUEST_MEANINGS, sendsOrderItems: true },
	endpoint: ['order', 'price'],
	creates: false,
};
export const api = orderRequest.api;

export const description: INodeProperties[] = showFor({ show: { resource: ['order'], operation: ['getPriceQuote'] } }, [
	storeIdField,
	...orderItemFields,
	orderRequestOptions,
]);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	if (isToolRun(this)) return pairedWithCall(await runOrderRequests(toolOrderRun(this, 'getPriceQuote'), orderRequest));
	return await runOrderRequests(this, orderRequest);
}
