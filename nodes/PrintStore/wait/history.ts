import type { IDataObject, IExecuteFunctions, IWebhookFunctions } from 'n8n-workflow';

import { ItemProblem } from '../../shared/errors';
import { apiRequest } from '../../shared/transport';
import type { WaitPlan } from './plan';
import { isRecord } from '../../shared/json';

/**
 * An order's status history, as the service lists it (Order > Get Status History and Wait Until
 * Status): its records; entries that are no record are left out. An answer that is no list is an
 * error of the item: it would otherwise pass for "no status yet".
 */
export async function readHistory(ctx: IExecuteFunctions | IWebhookFunctions, order: Pick<WaitPlan, 'storeId' | 'order'>): Promise<IDataObject[]> {
	const body = await apiRequest.call(ctx, {
		operation: 'order.getStatusHistory',
		method: 'GET',
		path: ['store', order.storeId, 'order', order.order, 'status'],
	});
	if (!Array.isArray(body)) {
		throw new ItemProblem(
			'The service answered the status history with something other than a list',
			`Expected a list of status records, got ${typeof body}. Nothing was output for this item; check the API Base URL of the credential.`,
		);
	}
	return body.filter(isRecord);
}
