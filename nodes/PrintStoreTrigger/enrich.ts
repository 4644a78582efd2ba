import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { checkPathId } from '../PrintStore/helpers/ids';
import { printStoreApiRequest } from '../PrintStore/transport';
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
			if (what === 'statusHistory') path.push('status');
			const { body } = await printStoreApiRequest.call(ctx, {
				method: 'GET',
				path,
				operation: what === 'statusHistory' ? 'getOrderStatus' : 'getOrder',
				retry: 'safe',
			});
			if (what === 'statusHistory') event.statusHistory = body as IDataObject[];
			else event.order = body as IDataObject;
		} catch (error) {
			event.enrichmentError = (error as Error).message;
		}
	}
}
