import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { runOrderBatch } from '../../helpers/orderBatch';

/** Fields are the shared order item (descriptions/orderItem.fields.ts); nothing of its own. */
export const description: INodeProperties[] = [];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runOrderBatch(this, 'priceOrder');
}
