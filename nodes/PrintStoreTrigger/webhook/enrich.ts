import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { hideCallbackSecrets } from '../../shared/callbacks/urls';
import { checkPathId } from '../../shared/ids';
import { apiRequest } from '../../shared/transport';
import type { NormalizedEvent } from '../../shared/callbacks/normalize';
import { callbackStore } from './routes';
import { ORDER_READ_MEANINGS, type ApiOperation } from '../../shared/operations';

/** Fetch From the API's two lookups: reads, with the spec's meanings of their status codes. */
const READ_ORDER: ApiOperation = { name: 'order.get', actsOnce: false, meanings: ORDER_READ_MEANINGS };
const READ_HISTORY: ApiOperation = { name: 'order.getStatusHistory', actsOnce: false, meanings: ORDER_READ_MEANINGS };

/**
 * Adds the order (`order`) or its full status history (`statusHistory`) to each event, read
 * through the API, in the store given in the trigger, else the one the event carries, else the one
 * Create put in the callback URL. A failed lookup is noted on the item; the event is never dropped.
 */
export async function enrich(ctx: IWebhookFunctions, events: NormalizedEvent[], what: string): Promise<void> {
	const configuredStore = String(ctx.getNodeParameter('enrichStoreId', '') ?? '').trim();
	// Create adds the order's store to the trigger's URLs, since status records carry none.
	const urlStore = callbackStore(ctx);
	for (const event of events) {
		try {
			const store = configuredStore || event.StoreID || urlStore;
			if (!store) {
				event.enrichmentError =
					"No store to read the order from: set the trigger's Store ID, or create the orders with this trigger's URLs (Print Store > Create adds their store)";
				continue;
			}
			const storeId = checkPathId(store, 'Store ID');
			const orderId = checkPathId(event.OrderID ?? event.OrderNumber ?? '', 'Order ID');
			const path = ['store', storeId, 'order', orderId];
			if (what === 'statusHistory') {
				path.push('status');
				event.statusHistory = hideCallbackSecrets(
					(await apiRequest.call(ctx, { operation: READ_HISTORY, method: 'GET', path })) as IDataObject[],
				);
			} else {
				event.order = hideCallbackSecrets((await apiRequest.call(ctx, { operation: READ_ORDER, method: 'GET', path })) as IDataObject);
			}
		} catch (error) {
			event.enrichmentError = (error as Error).message;
		}
	}
}
