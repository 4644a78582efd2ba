import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties, IWebhookFunctions } from 'n8n-workflow';

import { showFor } from '../../../shared/displayOptions';
import { ItemProblem } from '../../../shared/errors';
import { isRecord } from '../../../shared/json';
import { ORDER_READ_MEANINGS, type ApiOperation } from '../../../shared/operations';
import { apiRequest } from '../../../shared/transport';
import { storeIdField } from '../../descriptions/common.fields';
import { forEachItem } from '../../helpers/items';
import { isToolRun } from '../../helpers/tool';
import { chronological, latestRecord } from '../../wait/plan';
import { orderLocator, orderRef } from './get.operation';

/** The API call: a read; its status codes. Wait Until Status and its resume webhook make it too. */
export const api: ApiOperation = { name: 'order.getStatusHistory', actsOnce: false, meanings: ORDER_READ_MEANINGS };

/**
 * An order's status history, as the service lists it (this operation, Wait Until Status and its
 * resume webhook): its records; entries that are no record are left out. An answer that is no list
 * is an error of the item: it would otherwise pass for "no status yet".
 */
export async function readHistory(ctx: IExecuteFunctions | IWebhookFunctions, order: { storeId: string; order: string }): Promise<IDataObject[]> {
	const body = await apiRequest.call(ctx, { operation: api, method: 'GET', path: ['store', order.storeId, 'order', order.order, 'status'] });
	if (!Array.isArray(body)) {
		throw new ItemProblem(
			'The service answered the status history with something other than a list',
			`Expected a list of status records, got ${typeof body}. Nothing was output for this item; check the API Base URL of the credential.`,
		);
	}
	return body.filter(isRecord);
}

export const description: INodeProperties[] = showFor({ show: { resource: ['order'], operation: ['getStatusHistory'] } }, [
	storeIdField,
	orderLocator,
	{
		displayName: 'Options',
		name: 'statusOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Latest Record Only',
				name: 'latestOnly',
				type: 'boolean',
				default: false,
				description: 'Whether to return only the most recent status record (by Timestamp) instead of one item per record',
			},
		],
	},
]);

/** Delivery fields of a status record a person asks about, when the record has them. */
const DELIVERY_FIELDS = ['TrackingNumber', 'ShippedDate', 'DeliveryMethod', 'DeliveryDate', 'DeliverySignedBy'];

/**
 * The history as a tool answers it by default (Detail: Summary): small enough for a model's context
 * however long the history, and what "where is my order" needs. Detail: Full gives every record.
 */
export function historySummary(order: string, records: readonly IDataObject[]): IDataObject {
	const ordered = chronological(records);
	const latest = ordered.at(-1);
	if (!latest) return { order, status: null, statusCount: 0, note: 'The order has no status record yet.' };
	const summary: IDataObject = {
		order,
		orderNumber: latest.OrderNumber ?? null,
		orderId: latest.OrderID ?? null,
		status: latest.StatusDescription ?? null,
		since: latest.Timestamp ?? null,
	};
	for (const field of DELIVERY_FIELDS) {
		const value = [...ordered].reverse().find((record) => record[field] !== undefined && record[field] !== null && record[field] !== '')?.[field];
		if (value !== undefined) summary[field.charAt(0).toLowerCase() + field.slice(1)] = value;
	}
	if (latest.StatusUpdateFailed === true) summary.statusUpdateFailed = true;
	summary.history = ordered.map((record) => ({ status: record.StatusDescription ?? null, at: record.Timestamp ?? null }));
	summary.statusCount = ordered.length;
	return summary;
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	// A model may give the detail in its own words: only "full" (any case) asks for every record.
	const summarize = isToolRun(this) && String(this.getNodeParameter('toolDetail', 0, 'summary')).trim().toLowerCase() !== 'full';
	return await forEachItem(this, async (itemIndex) => {
		const options = this.getNodeParameter('statusOptions', itemIndex, {}) as IDataObject;
		const ref = orderRef(this, itemIndex);
		const records = await readHistory(this, ref);
		if (summarize) return historySummary(ref.order, records);
		if (options.latestOnly !== true) return records;
		const latest = latestRecord(records);
		return latest ? [latest] : [];
	});
}
