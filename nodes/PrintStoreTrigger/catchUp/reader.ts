import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { checkPathId } from '../../shared/ids';
import { MAX_PAGE_SIZE, matchesOrder, NO_FILTERS, orderListSource } from '../../shared/lists/orders';
import { collect } from '../../shared/lists/pages';
import { readOrder, readStatusHistory } from '../../shared/reads/orders';
import type { StoreReader } from './run';

/**
 * The catch-up's reads, through the package's one transport: the order list as Order > Get Many reads
 * it (every page, or an error naming the counts: never a short list taken for the whole), each
 * order's status history, and one order. `details` asks the list for each order's details, which
 * hold its callback URLs (needed to tell this trigger's orders apart).
 */
export function storeReader(ctx: IWebhookFunctions, storeId: string, details: boolean): StoreReader {
	return {
		async orders(createdFrom) {
			const filters = { ...NO_FILTERS, createdFrom };
			return await collect(ctx, orderListSource(storeId, filters, MAX_PAGE_SIZE, details), (order) => matchesOrder(order, filters), undefined);
		},
		async history(orderId) {
			return await readStatusHistory(ctx, { storeId, order: checkPathId(orderId, 'Order ID') });
		},
		async order(orderId): Promise<IDataObject> {
			return await readOrder(ctx, { storeId, order: checkPathId(orderId, 'Order ID') });
		},
	};
}
