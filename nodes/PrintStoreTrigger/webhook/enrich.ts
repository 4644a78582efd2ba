import type { IWebhookFunctions } from 'n8n-workflow';

import { hideCallbackSecrets } from '../../shared/hideSecrets';
import { checkPathId } from '../../shared/ids';
import type { NormalizedEvent } from '../../shared/callbacks/normalize';
import { readOrder, readStatusHistory } from '../../shared/reads/orders';
import { callbackStore } from './routes';

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
			const ref = { storeId: checkPathId(store, 'Store ID'), order: checkPathId(event.OrderID ?? event.OrderNumber ?? '', 'Order ID') };
			if (what === 'statusHistory') event.statusHistory = hideCallbackSecrets(await readStatusHistory(ctx, ref));
			else event.order = hideCallbackSecrets(await readOrder(ctx, ref));
		} catch (error) {
			event.enrichmentError = (error as Error).message;
		}
	}
}
