import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared/displayOptions';
import { READ_ORDER, readOrder } from '../../../shared/orderReads';
import { storeIdField } from '../../descriptions/common.fields';
import { orderLocator } from '../../descriptions/order.fields';
import { forEachItem } from '../../helpers/items';
import { orderRef } from '../../helpers/orderRef';

/** The API call: reading one order (shared with the trigger's Fetch From the API). */
export const api = READ_ORDER;

export const description: INodeProperties[] = showFor({ show: { resource: ['order'], operation: ['get'] } }, [
	storeIdField,
	orderLocator,
]);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => await readOrder(this, orderRef(this, itemIndex)));
}
