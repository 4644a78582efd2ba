import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { showFor } from '../../../shared/displayOptions';
import { filesOf, filesOfHistory, newestFiles, WithFiles } from '../../../shared/files/attach';
import { downloadFields, filesWanted, readsAtOnce } from '../../../shared/files/fields';
import { chronological, latestRecord, READ_HISTORY, readStatusHistory } from '../../../shared/reads/orders';
import { storeIdField } from '../../descriptions/common.fields';
import { orderLocator } from '../../descriptions/order.fields';
import { RECORD_SIMPLIFY_HINT, simplifiedStatusRecord, simplifies, simplifyField } from '../../descriptions/simplify';
import { forEachItem } from '../../perItem/run';
import { orderRef } from '../../perItem/parameters';
import { isToolRun } from '../../toolCall/answer';

/** The API call: reading a status history (shared with the wait and the trigger's Fetch From the API). */
export const api = READ_HISTORY;

/** Its entry in the resource's Operation list, and what an AI model reads about it as a tool. */
export const option: INodePropertyOptions = {
	name: 'Get Status History',
	value: 'getStatusHistory',
	description: 'Get the status records of an order, such as printed, shipped and delivered',
	action: 'Get order status history',
};
export const toolDescription =
	'Find out where a print order is. Give its order number (like PS-100001) or order ID. Returns a summary: the current status (Received, Printed, Shipped, Delivered, Failed, Cancelled...), when it was reached, tracking number and delivery details, and the earlier statuses with their times.';

export const description: INodeProperties[] = showFor({ show: { resource: ['order'], operation: ['getStatusHistory'] } }, [
	storeIdField,
	orderLocator,
	simplifyField(RECORD_SIMPLIFY_HINT),
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
			{
				displayName: 'Include Pricing',
				name: 'pricing',
				type: 'boolean',
				default: false,
				description:
					"Whether to add the order's price to each record: TotalQuantity, ItemTotal, ShippingTotal, RushTotal and TotalPrice, where the service gives them",
			},
		],
	},
	...downloadFields('From the newest record that has them, or from every record (Download Options)', true),
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
		const wanted = summarize ? undefined : filesWanted((name, fallback) => this.getNodeParameter(name, itemIndex, fallback));
		const latestOnly = options.latestOnly === true && !summarize;
		// Files wanted from the newest record that has them: the whole history is read, since the
		// latest record alone may not name them.
		const askLatest = latestOnly && !(wanted && !wanted.everyRecord);
		const records = await readStatusHistory(this, ref, { latest: askLatest, pricing: options.pricing === true });
		if (summarize) return historySummary(ref.order, records);
		const latest = latestOnly ? latestRecord(records) : undefined;
		const raw = !latestOnly ? records : latest ? [latest] : [];
		// The files are found in the records as read; the output may be simplified.
		const out = simplifies(this, itemIndex) ? raw.map(simplifiedStatusRecord) : raw;
		if (!wanted) return out;
		if (!latestOnly) return new WithFiles(out, filesOfHistory(records, wanted), wanted.maxBytes);
		// With Latest Record Only the files go into the one item, whichever record named them.
		const files = !latest ? [] : wanted.everyRecord ? filesOf(latest, wanted) : newestFiles(records, wanted);
		return new WithFiles(out, new Map(latest ? [[0, files]] : []), wanted.maxBytes);
	}, readsAtOnce(this));
}
