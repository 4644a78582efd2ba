import type { IExecuteFunctions } from 'n8n-workflow';

import { checkPathId, storeFieldName } from '../../shared/ids';
import type { OrderRef } from '../../shared/reads/orders';

/**
 * The item's store, checked as a path segment (errors name the field as the editor shows it). Versions 1 to 4 save it as text, version 5 as a
 * resource locator (From List, By ID); n8n's `extractValue` gives the ID for both (for text it
 * returns the text as it is).
 */
export function readStoreId(ctx: IExecuteFunctions, itemIndex: number): string {
	return checkPathId(ctx.getNodeParameter('storeId', itemIndex, '', { extractValue: true }), storeFieldName(ctx.getNode()));
}

const ORDER_MODE_NAMES: Record<string, string> = { list: 'Order (From List)', orderNumber: 'Order (By Number)', id: 'Order (By ID)' };

/** The item's Store ID and order (Order field: from the list, by ID or by order number), both checked as path segments. */
export function orderRef(ctx: IExecuteFunctions, itemIndex: number): OrderRef {
	const storeId = readStoreId(ctx, itemIndex);
	const locator = ctx.getNodeParameter('orderId', itemIndex, {}) as { mode?: string; value?: unknown };
	const field = ORDER_MODE_NAMES[locator.mode ?? ''] ?? ORDER_MODE_NAMES.id;
	return { storeId, order: checkPathId(locator.value ?? '', field) };
}
