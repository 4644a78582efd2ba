import type { IExecuteFunctions } from 'n8n-workflow';

import { checkPathId } from '../../shared/ids';
import type { OrderRef } from '../../shared/orderReads';

/** The item's Store ID and order (Order field, by ID or by order number), both checked as path segments. */
export function orderRef(ctx: IExecuteFunctions, itemIndex: number): OrderRef {
	const storeId = checkPathId(ctx.getNodeParameter('storeId', itemIndex, ''), 'Store ID');
	const locator = ctx.getNodeParameter('orderId', itemIndex, {}) as { mode?: string; value?: unknown };
	const field = locator.mode === 'orderNumber' ? 'Order (By Number)' : 'Order (By ID)';
	return { storeId, order: checkPathId(locator.value ?? '', field) };
}
