import type { IExecuteFunctions } from 'n8n-workflow';

import { checkPathId } from '../../shared/ids';
import type { OrderRef } from '../../shared/orderReads';
import { readStoreId } from './storeId';

const MODE_NAMES: Record<string, string> = { list: 'Order (From List)', orderNumber: 'Order (By Number)', id: 'Order (By ID)' };

/** The item's Store ID and order (Order field: from the list, by ID or by order number), both checked as path segments. */
export function orderRef(ctx: IExecuteFunctions, itemIndex: number): OrderRef {
	const storeId = readStoreId(ctx, itemIndex);
	const locator = ctx.getNodeParameter('orderId', itemIndex, {}) as { mode?: string; value?: unknown };
	const field = MODE_NAMES[locator.mode ?? ''] ?? MODE_NAMES.id;
	return { storeId, order: checkPathId(locator.value ?? '', field) };
}
