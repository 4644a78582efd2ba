import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { hideCallbackSecrets } from '../../shared/callbackUrls';
import { checkPathId } from '../../shared/ids';
import { apiRequest } from '../../shared/transport';
import type { NormalizedEvent } from './normalize';

/**
 * Adds the order (`order`) or its full status history (`statusHistory`) to each event, read
 * through the API. A failed lookup is noted on the item; the event itself is never dropped.
 */
export async function enrich(ctx: IWebhookFunctions, events: NormalizedEvent[], what: string): Promise<void> {
	const configuredStore = String(ctx.getNodeParameter('enrichStoreId', '') ?? '').trim();
	for (const event of events) {
		try {
			const storeId = checkPathId(configuredStore || event.StoreID || '', 'Store ID');
			const orderId = checkPathId(event.OrderID ?? event.OrderNumber ?? '', 'Order ID');
			const path = ['store', storeId, 'order', orderId];
			if (what === 'statusHistory') {
				path.push('status');
				event.statusHistory = hideCallbackSecrets(
					(await apiRequest.call(ctx, { operation: 'order.getStatusHistory', method: 'GET', path })) as IDataObject[],
				);
			} else {
				event.order = hideCallbackSecrets((await apiRequest.call(ctx, { operation: 'order.get', method: 'GET', path })) as IDataObject);
			}
		} catch (error) {
			event.enrichmentError = (error as Error).message;
		}
	}
}
