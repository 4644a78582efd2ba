import type { IExecuteFunctions } from 'n8n-workflow';

import type { ApiOperation } from '../../shared/operations';
import { apiRequest } from '../../shared/transport';
import type { Pacing } from '../../shared/transport/pacing';
import type { SendBatch } from './sendBatches';

/**
 * What Get Price Quote and Create each declare about their request: the API call (its name, whether
 * it acts once, its meanings), the endpoint below a store, and whether it creates orders (then a
 * run that stops says which orders exist).
 */
export interface OrderRequest {
	api: ApiOperation;
	endpoint: (storeId: string) => string[];
	creates: boolean;
}

/**
 * The spec's order request for one batch: `POST` to the operation's endpoint in the batch's store,
 * `{ Items, ...settings }`. Batches in flight together share one pacing.
 */
export function orderRequestSender(ctx: IExecuteFunctions, request: OrderRequest, pacing: Pacing): SendBatch {
	return async (group, orderItems) =>
		await apiRequest.call(ctx, {
			operation: request.api,
			method: 'POST',
			path: request.endpoint(group.storeId),
			body: { Items: orderItems, ...group.settings },
			pacing,
		});
}
