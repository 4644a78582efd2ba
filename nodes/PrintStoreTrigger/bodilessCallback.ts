import { randomUUID } from 'node:crypto';

import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import type { EventKind, NormalizedEvent } from '../shared/callbacks/normalize';
import { normalizeEvents } from '../shared/callbacks/normalize';
import { checkPathId, storeFieldName } from '../shared/ids';
import { readStatusHistory } from '../shared/reads/orders';
import { hasCredential, triggerStoreId } from './setup/settings';
import { callbackStore } from './setup/access';

/**
 * A callback without a body (a GET, an empty POST: a service set to send no payload) says at most
 * which order changed, in its query (`?OrderID=...`, `?OrderNumber=...`, any name the trigger
 * recognizes). Its status is read from the API: the order's latest status record, in the store given
 * in the trigger, else the one the callback names, else the one Create put in the URL. That record
 * becomes the event (`statusFrom: "api"`), with the callback's query under `raw`; its key is the
 * record's, so a repeated callback for the same status starts the workflow once.
 *
 * An event whose status cannot be read is still an event (a refused callback may make the service
 * disable the webhook): it carries `statusError` saying why, and, when it names no order at all, a
 * key of its own, since nothing tells such callbacks apart.
 */
function newest(records: IDataObject[]): IDataObject | undefined {
	const time = (record: IDataObject) => Date.parse(String(record.Timestamp ?? ''));
	return records.reduce<IDataObject | undefined>((best, record) => (!best || !(time(best) > time(record)) ? record : best), undefined);
}

async function fromApi(ctx: IWebhookFunctions, event: NormalizedEvent, kind: EventKind, receivedAt: Date, store: string): Promise<NormalizedEvent> {
	const order = event.OrderID ?? event.OrderNumber;
	if (order === null || order === undefined || order === '') {
		return { ...event, eventKey: `${kind}|unidentified|${randomUUID()}`, statusError: 'The callback names no order (no body, no OrderID or OrderNumber in its query): its status could not be read' };
	}
	if (!store) {
		return { ...event, statusError: `No store to read the order's status from: set the trigger's ${storeFieldName(ctx.getNode())}, or create the orders with this trigger's URLs (Print Store > Create adds their store)` };
	}
	if (!hasCredential(ctx)) return { ...event, statusError: "The trigger has no credential to read the order's status with: select your Print Store credential on it" };
	try {
		const ref = { storeId: checkPathId(store, storeFieldName(ctx.getNode())), order: checkPathId(String(order), 'Order ID') };
		const record = newest(await readStatusHistory(ctx, ref, { latest: true }));
		if (!record) return { ...event, statusError: `Order ${String(order)} has no status record yet` };
		const [read] = normalizeEvents(record, kind, receivedAt);
		return { ...read, StoreID: read.StoreID ?? store, statusFrom: 'api', raw: event.raw };
	} catch (error) {
		return { ...event, statusError: (error as Error).message };
	}
}

/** The events of a callback without a body, each with its status read from the API. */
export async function readStatusesFromApi(ctx: IWebhookFunctions, events: NormalizedEvent[], kind: EventKind, receivedAt: Date): Promise<NormalizedEvent[]> {
	const configuredStore = triggerStoreId(ctx);
	const urlStore = callbackStore(ctx);
	const read: NormalizedEvent[] = [];
	for (const event of events) read.push(await fromApi(ctx, event, kind, receivedAt, configuredStore || String(event.StoreID ?? '') || urlStore));
	return read;
}
