import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { NormalizedEvent } from '../../shared/callbacks/normalize';
import { normalizeEvents, PayloadRejected } from '../../shared/callbacks/normalize';
import { hideCallbackSecrets } from '../../shared/hideSecrets';
import { answerAfterStaticDataSave } from '../../shared/n8nInternals';
import { loadState, processedByCatchUp } from '../memory/catchUpState';
import { CATCH_UP_MEMORY_MS, CATCH_UP_SHARED_KEYS, firstDeliveries } from '../memory/dedupe';
import { enrich } from './enrich';
import { eventFilter } from './filter';
import { callbackKind, callbackStore } from './routes';

export interface Acknowledgement extends IDataObject {
	received: true;
	events: number;
	emitted: number;
	duplicates: number;
	filtered: number;
}

/**
 * Normalized events as a list, or the refusal for a payload with more records than allowed or an
 * address that is neither callback (a path-form URL whose first segment is not status or details).
 */
export function readEvents(ctx: IWebhookFunctions, payload: unknown): NormalizedEvent[] | PayloadRejected {
	const kind = callbackKind(ctx);
	if (!kind) return new PayloadRejected(404, 'Unknown callback address: the path after the webhook ID must start with status/ or details/');
	try {
		return normalizeEvents(payload, kind, new Date()).map((event) => ({ ...event, source: 'callback' }));
	} catch (error) {
		if (error instanceof PayloadRejected) return error;
		throw new NodeOperationError(ctx.getNode(), error as Error);
	}
}

/**
 * The events that start the workflow: those the filters keep, each once within the duplicate window.
 * With the catch-up on (`catchUp`), the memory is the one the catch-up reads too: kept in the node's
 * static data whatever "Remember Across Processes" says, for a day, and a record a catch-up has
 * already processed (memory/catchUpState.ts) starts nothing either.
 */
export function selectEvents(ctx: IWebhookFunctions, events: NormalizedEvent[], triggerKey: string, catchUp: boolean) {
	const keep = eventFilter(ctx);
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const kept = events.filter(keep);
	let emitted = kept;
	const nodeStaticData = ctx.getWorkflowStaticData('node');
	if (catchUp) {
		const state = loadState(nodeStaticData, triggerKey);
		emitted = emitted.filter((event) => !processedByCatchUp(state, event));
	}
	if (options.ignoreDuplicates !== false || catchUp) {
		const windowMs = Number(options.duplicateWindowMinutes ?? 60) * 60_000;
		const shared = options.acrossProcesses === true || catchUp ? nodeStaticData : undefined;
		const keys = emitted.map((event) => event.eventKey);
		const fresh = catchUp
			? firstDeliveries(shared, triggerKey, keys, Math.max(windowMs, CATCH_UP_MEMORY_MS), undefined, CATCH_UP_SHARED_KEYS)
			: firstDeliveries(shared, triggerKey, keys, windowMs);
		// "Ignore Duplicate Events" off: every delivery starts the workflow, but each is remembered for the catch-up.
		if (options.ignoreDuplicates !== false) emitted = emitted.filter((_, index) => fresh[index]);
	}
	const acknowledgement: Acknowledgement = {
		received: true,
		events: events.length,
		emitted: emitted.length,
		duplicates: kept.length - emitted.length,
		filtered: events.length - kept.length,
	};
	return { emitted, acknowledgement };
}

/**
 * Starts the workflow with the events, their callback secrets hidden.
 *
 * Normally n8n answers the sender with the acknowledgement (n8n 2.x once it has queued the
 * execution). The trigger answers itself in two cases:
 * - with enrichment in versions 1 and 1.1, at once: API lookups must not hold up the sender's
 *   callback (version 2 looks up in the execution: webhook/enrich.ts);
 * - with "Remember Across Processes" or the catch-up, just after n8n has taken this request's static
 *   data to save (n8nInternals, `answerAfterStaticDataSave`), so a retry, or the next catch-up,
 *   finds the event recorded.
 */
export async function emit(ctx: IWebhookFunctions, emitted: NormalizedEvent[], acknowledgement: Acknowledgement, catchUp: boolean): Promise<IWebhookResponseData> {
	const inExecution = ctx.getNode().typeVersion >= 2;
	const enrichment = inExecution ? 'none' : (ctx.getNodeParameter('enrich', 'none') as string);
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	// The execution's lookups read the order in the store Create put in the URL, when the event names none.
	const urlStore = callbackStore(ctx);
	if (inExecution && urlStore) for (const event of emitted) event.StoreID ??= urlStore;
	// Built after enrichment: the lookups add to the events, and hiding the secrets copies them.
	const workflowData = () => [ctx.helpers.returnJsonArray(hideCallbackSecrets(emitted))];
	if (enrichment !== 'none') {
		ctx.getResponseObject().status(200).json(acknowledgement);
		await enrich(ctx, emitted, enrichment);
		return { noWebhookResponse: true, workflowData: workflowData() };
	}
	if (options.acrossProcesses !== true && !catchUp) return { webhookResponse: acknowledgement, workflowData: workflowData() };
	answerAfterStaticDataSave(ctx, acknowledgement);
	return { noWebhookResponse: true, workflowData: workflowData() };
}
