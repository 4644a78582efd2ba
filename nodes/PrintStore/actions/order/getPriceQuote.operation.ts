import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared/displayOptions';
import { CREDENTIALS, INVALID_STORE } from '../../../shared/operations';
import { storeIdField } from '../../descriptions/common.fields';
import { orderItemFields, orderRequestOptions } from '../../descriptions/orderItem.fields';
import { isToolRun, pairedWithCall, toolOrderRun } from '../../helpers/tool';
import type { OrderRequest } from '../../orders/orderRequest';
import { runOrderRequests } from '../../orders/runOrderRequests';

/** The request: `POST store/{id}/order/price`, a read that changes nothing (repeatable), its status codes. */
export const orderRequest: OrderRequest = {
	api: { name: 'order.getPriceQuote', actsOnce: false, meanings: { 400: INVALID_STORE, 401: CREDENTIALS }, sendsOrderItems: true },
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
