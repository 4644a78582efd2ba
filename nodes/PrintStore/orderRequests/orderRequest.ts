import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ApiOperation } from '../../shared/operations';
import { apiRequest } from '../../shared/transport';
import type { Pacing } from '../../shared/transport/pacing';

export interface BatchEntry {
	itemIndex: number;
	orderItem: IDataObject;
}

/** Items that may share one request: same store and same order-request settings. */
export interface BatchGroup {
	storeId: string;
	settings: { TestMode?: boolean; MaxRetries?: number };
	entries: BatchEntry[];
}

/**
 * What Get Price Quote and Create each declare about their request: the API call (its name, whether
 * it acts once, its meanings), the endpoint below a store, and whether it creates orders (then a
 * run that stops says which orders exist).
 */
export interface OrderRequest {
	api: ApiOperation;
	/** Path segments below `store/{storeID}`: `['order']` (create), `['order', 'price']` (price). */
	endpoint: readonly string[];
	creates: boolean;
}

/** What a batch is sent with: the run's context, the operation's request, the run's pacing. */
export interface OrderSend {
	ctx: IExecuteFunctions;
	request: OrderRequest;
	/** Shared by the batches in flight together, so a slow-down asked of one holds back all. */
	pacing: Pacing;
}

/** The spec's order request for one batch: `POST store/{storeID}/<endpoint>`, `{ Items, ...settings }`. */
export async function sendOrderRequest(send: OrderSend, group: BatchGroup, orderItems: IDataObject[]): Promise<unknown> {
	return await apiRequest.call(send.ctx, {
		operation: send.request.api,
		method: 'POST',
		path: ['store', group.storeId, ...send.request.endpoint],
		body: { Items: orderItems, ...group.settings },
		pacing: send.pacing,
	});
}
