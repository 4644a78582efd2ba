import type { IDataObject, IExecuteFunctions, IWebhookFunctions } from 'n8n-workflow';

import { ItemProblem } from '../../shared/errors';
import { apiRequest } from '../../shared/transport';
import type { WaitPlan } from './plan';

/** The order's status history, as Order > Get Status History reads it. */
export async function readHistory(ctx: IExecuteFunctions | IWebhookFunctions, plan: Pick<WaitPlan, 'storeId' | 'order'>): Promise<IDataObject[]> {
	const body = await apiRequest.call(ctx, {
		operation: 'order.getStatusHistory',
		method: 'GET',
		path: ['store', plan.storeId, 'order', plan.order, 'status'],
	});
	if (!Array.isArray(body)) {
		throw new ItemProblem(
			'The service answered the status history with something other than a list',
			`Expected a list of status records, got ${body === null ? 'null' : typeof body}; check the API Base URL of the credential.`,
		);
	}
	return body.filter((record): record is IDataObject => !!record && typeof record === 'object' && !Array.isArray(record));
}
