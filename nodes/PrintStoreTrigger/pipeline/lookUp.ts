import type { IDataObject, IExecuteFunctions, IWebhookFunctions } from 'n8n-workflow';

import type { FileRef } from '../../shared/files/attach';
import { filesOf, newestFiles } from '../../shared/files/attach';
import type { FilesWanted } from '../../shared/files/fields';
import { hideCallbackSecrets } from '../../shared/hideSecrets';
import { isRecord } from '../../shared/json';
import { checkPathId, storeFieldName } from '../../shared/ids';
import { downloadsWanted, fetchFromApi, readsInExecution, triggerStoreId } from '../setup/settings';
import type { NormalizedEvent } from '../../shared/callbacks/normalize';
import { readOrder, readStatusHistory } from '../../shared/reads/orders';
import { callbackStore } from '../setup/access';

/**
 * "Fetch From the API": the order (`order`) or its full status history (`statusHistory`) added to an
 * event, read through the API, in the store given in the trigger, else the one the event carries,
 * else the one Create put in the callback URL.
 *
 * Version 2 reads in the execution, as its first step (`lookUp`, called by the trigger's execute()):
 * the sender's callback is answered without waiting, in queue mode the reads run on a worker, and a
 * read that fails fails the item, like a failed read in any other node, unless the node's On Error
 * setting goes on.
 * Versions 1 and 1.1 read in the webhook, after answering (`enrich`), and note a failed read on
 * the event (`enrichmentError`).
 */

/** What "Fetch From the API" reads for this trigger in the execution: from version 2 on; 'none' before (read in the webhook). */
export function lookUpInExecution(ctx: IExecuteFunctions): string {
	return readsInExecution(ctx) ? fetchFromApi(ctx) : 'none';
}

/** The order an event names, in the store to read it from; throws naming the field when the IDs are not usable. */
function eventOrder(ctx: IExecuteFunctions | IWebhookFunctions, event: IDataObject, urlStore: string) {
	const store = triggerStoreId(ctx) || String(event.StoreID ?? '') || urlStore;
	if (!store) {
		throw new Error(`No store to read the order from: set the trigger's ${storeFieldName(ctx.getNode())}, or create the orders with this trigger's URLs (Print Store > Create adds their store)`);
	}
	return { storeId: checkPathId(store, storeFieldName(ctx.getNode())), order: checkPathId(event.OrderID ?? event.OrderNumber ?? '', 'Order ID') };
}

/** Adds the order or its history to one event; throws when it cannot be read (naming the field when the IDs are not usable). */
export async function lookUp(ctx: IExecuteFunctions | IWebhookFunctions, event: IDataObject, what: string, urlStore = ''): Promise<void> {
	const ref = eventOrder(ctx, event, urlStore);
	if (what === 'statusHistory') event.statusHistory = hideCallbackSecrets(await readStatusHistory(ctx, ref));
	else event.order = hideCallbackSecrets(await readOrder(ctx, ref));
}

/** Versions 1 and 1.1: every event looked up in the webhook; a failed lookup is noted on the item, the event never dropped. */
export async function enrich(ctx: IWebhookFunctions, events: NormalizedEvent[], what: string): Promise<void> {
	// Create adds the order's store to the trigger's URLs, since status records carry none.
	const urlStore = callbackStore(ctx);
	for (const event of events) {
		try {
			await lookUp(ctx, event, what, urlStore);
		} catch (error) {
			event.enrichmentError = (error as Error).message;
		}
	}
}

/** Download Proof and Pages (version 2 on), read in the execution. */
export function filesWantedInExecution(ctx: IExecuteFunctions): FilesWanted | undefined {
	return readsInExecution(ctx) ? downloadsWanted(ctx) : undefined;
}

/**
 * The files of one event: those its own status record names; else, with Fetch From the API, those
 * of the newest record of the history that has them, or of the order; else those of its history,
 * read for them (a callback may carry no URLs).
 */
export async function filesOfEvent(ctx: IExecuteFunctions, event: IDataObject, wanted: FilesWanted): Promise<FileRef[]> {
	const own = filesOf(event, wanted);
	if (own.length > 0) return own;
	if (Array.isArray(event.statusHistory)) return newestFiles(event.statusHistory.filter(isRecord), wanted);
	const ofOrder = isRecord(event.order) ? filesOf(event.order, wanted) : [];
	if (ofOrder.length > 0) return ofOrder;
	return newestFiles(await readStatusHistory(ctx, eventOrder(ctx, event, '')), wanted);
}
