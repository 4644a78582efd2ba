import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { NormalizedEvent } from '../../shared/callbacks/normalize';
import { toNodeError } from '../../shared/errors';
import { hideCallbackSecrets } from '../../shared/hideSecrets';
import { isRecord } from '../../shared/json';
import { answerAfterStaticDataSave } from '../../shared/n8nInternals';
import { triggerKey } from '../webhook/secret';
import { eventFilter } from '../webhook/filter';
import { runCatchUp, SETTLE_MS, type CatchUpOutcome } from './index';
import { checkedCatchUpSettings, type CatchUpSettings } from './settings';
import { loadState } from '../memory/catchUpState';

/**
 * The two requests that run a catch-up in the trigger's webhook:
 * - the clock's (`{"printStoreCatchUp": true}` to the status webhook, with the trigger's secret): its
 *   answer says what the catch-up read and emitted; a catch-up that cannot read the store throws, and
 *   n8n records that as a failed execution of the workflow (its error workflow runs), the way it shows
 *   a failing polling trigger. Callbacks go on being answered meanwhile.
 * - a callback that names no order (a webhook the provider's portal sends without payload): answered
 *   at once, then the store is read, and what changed is emitted.
 */

/** Whether a request is the clock's. */
export function isClockRequest(payload: unknown, bodiless: boolean): payload is IDataObject {
	return !bodiless && isRecord(payload) && payload.printStoreCatchUp === true && Object.keys(payload).every((key) => ['printStoreCatchUp', 'first', 'persist'].includes(key));
}

/** The error n8n records for a catch-up that could not read the store: what failed, with the counts the read gives. */
function catchUpFailed(ctx: IWebhookFunctions, settings: CatchUpSettings, error: unknown): NodeOperationError {
	const cause = toNodeError(ctx.getNode(), error, 0);
	const failed = new NodeOperationError(ctx.getNode(), `The catch-up could not read store ${settings.storeId}: ${cause.message}`, {
		description:
			`${cause.description ? `${cause.description} ` : ''}Nothing was emitted by this catch-up and nothing was recorded as read: the next one reads the same changes again. ` +
			'Callbacks still start the workflow meanwhile.',
	});
	return failed;
}

function workflowData(ctx: IWebhookFunctions, events: NormalizedEvent[]) {
	return [ctx.helpers.returnJsonArray(hideCallbackSecrets(events))];
}

/**
 * The clock's request. Several clocks may call (n8n with several main processes starts one in each):
 * a regular call within half an interval of the last catch-up reads nothing. The first call after an
 * activation or a start always reads, and takes the newest records too: n8n was not there to receive
 * their callbacks.
 */
export async function answerClock(ctx: IWebhookFunctions, payload: IDataObject): Promise<IWebhookResponseData> {
	// The clock's request after callbacks were recorded: nothing to read, only the memory to save whole
	// (the trigger completes this request's copy as it ends, and n8n saves it then).
	if (payload.persist === true) return { webhookResponse: { persisted: true } };
	const settings = checkedCatchUpSettings(ctx);
	if (!settings) return { webhookResponse: { caughtUp: false, reason: 'The catch-up is off, or the trigger has no credential or no Store ID' } };
	const key = triggerKey(ctx);
	const last = loadState(ctx.getWorkflowStaticData('node'), key)?.last ?? 0;
	if (payload.first !== true && Date.now() - last < settings.everyMs / 2) {
		return { webhookResponse: { caughtUp: false, reason: 'Another catch-up ran less than half an interval ago' } };
	}
	let outcome: CatchUpOutcome;
	try {
		outcome = await runCatchUp(ctx, settings, key, payload.first === true ? 0 : SETTLE_MS);
	} catch (error) {
		throw catchUpFailed(ctx, settings, error);
	}
	const answer = { caughtUp: true, ...outcome.counts };
	// The static data holds what was read: answered once n8n has taken it to save (n8nInternals).
	answerAfterStaticDataSave(ctx, answer);
	return outcome.events.length === 0 ? { noWebhookResponse: true } : { noWebhookResponse: true, workflowData: workflowData(ctx, outcome.events) };
}

/**
 * A callback that names no order: answered at once, then a catch-up (without waiting for records to
 * settle: the callback says a change just happened). Its events are emitted; when the store cannot be
 * read, the callback's own event is, with `statusError` saying why.
 */
export async function catchUpForCallback(ctx: IWebhookFunctions, settings: CatchUpSettings, unnamed: NormalizedEvent[]): Promise<IWebhookResponseData> {
	ctx.getResponseObject().status(200).json({ received: true, catchUp: true });
	let events: NormalizedEvent[];
	try {
		events = (await runCatchUp(ctx, settings, triggerKey(ctx), 0)).events;
	} catch (error) {
		const message = catchUpFailed(ctx, settings, error).message;
		events = unnamed.map((event): NormalizedEvent => ({ ...event, statusError: message })).filter(eventFilter(ctx));
	}
	return events.length === 0 ? { noWebhookResponse: true } : { noWebhookResponse: true, workflowData: workflowData(ctx, events) };
}
