import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared/displayOptions';
import { storeIdField } from '../../descriptions/common.fields';
import { orderItemFields, orderRequestOptions } from '../../descriptions/orderItem.fields';
import { isToolRun, pairedWithCall, toolOrderRun } from '../../helpers/tool';
import { runOrderRequests } from '../../orders/runOrderRequests';

export const description: INodeProperties[] = showFor({ show: { resource: ['order'], operation: ['getPriceQuote'] } }, [
	storeIdField,
	...orderItemFields,
	orderRequestOptions,
]);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	if (isToolRun(this)) return pairedWithCall(await runOrderRequests(toolOrderRun(this, 'getPriceQuote'), 'order.getPriceQuote'));
	return await runOrderRequests(this, 'order.getPriceQuote');
}
