import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import type { NormalizedEvent } from '../../shared/callbacks/normalize';
import { hideCallbackSecrets } from '../../shared/hideSecrets';
import { answerAfterStaticDataSave } from '../../shared/n8nInternals';
import { statusMatcher } from '../../shared/statuses';
import { select, sharesMemory, type CatchUpPlace } from '../memory/door';
import { fetchFromApi, oncePerChange, readsInExecution, startsForKind, statusFilter } from '../setup/settings';
import { callbackStore, triggerKey } from '../setup/access';
import { enrich } from './lookUp';
import { handOver, holdForOtherCallback, settledWithin, withCallbacks } from './pairs';

/**
 * The one way an event reaches the workflow, whether a callback brought it or a catch-up found it:
 * select (each event once: the one memory, memory/door.ts, `select`), filter (the trigger's Events,
 * Statuses, Completed Orders Only), emit. Selecting comes first, so every event is remembered, also
 * one the filters keep out: a catch-up that finds its record later knows it was handled.
 */

export interface Acknowledgement extends IDataObject {
	received: true;
	events: number;
	emitted: number;
	duplicates: number;
	filtered: number;
}

export interface Passed {
	emitted: NormalizedEvent[];
	/** From version 3 on: callbacks' records of a change the other callback passed on (pairs.ts). */
	others: NormalizedEvent[];
	counts: { events: number; emitted: number; duplicates: number; filtered: number };
}

/**
 * Whether a callback's new events wait for the other callback of their change (pairs.ts), asked from
 * version 3 on (`passCallback`): live, when the trigger starts for both kinds.
 */
function waitsForOtherCallback(ctx: IWebhookFunctions): boolean {
	const startsFor = startsForKind(ctx);
	return ctx.getMode() !== 'manual' && startsFor('status') && startsFor('details');
}

/**
 * The trigger's filters. An event whose status could not be read matches no status, so it starts
 * the workflow only when no status is picked; an event that does not say whether its order is
 * completed never passes "Completed Orders Only".
 */
export function eventFilter(ctx: IWebhookFunctions): (event: NormalizedEvent) => boolean {
	const startsFor = startsForKind(ctx);
	const { wanted, completedOnly } = statusFilter(ctx);
	// The rule the wait and Get Many use too (shared/statuses.ts); nothing wanted means any status.
	const matches = statusMatcher(wanted);
	return (event) => {
		if (!startsFor(event.event)) return false;
		if (completedOnly && event.Completed !== true) return false;
		return wanted.length === 0 || matches(event);
	};
}

/**
 * Selects the events that start the workflow (memory/door.ts, `select`: each event once, a
 * catch-up's new place recorded with them, the memory saved, in one synchronous step), then the
 * filters. A repeated callback starts the workflow again only with "Ignore Duplicate Events" off; a
 * catch-up never emits what was handled.
 */
export function pass(ctx: IWebhookFunctions, events: NormalizedEvent[], from: 'callback' | 'catchUp', place?: CatchUpPlace): Passed {
	const { selected, others, ofKind } = select(ctx, events, from, place);
	const emitted = selected.filter(eventFilter(ctx));
	return {
		emitted,
		others,
		counts: { events: events.length, emitted: emitted.length, duplicates: ofKind - selected.length, filtered: events.length - ofKind + selected.length - emitted.length },
	};
}

/**
 * A callback's events through the pipeline (`pass`), then emitted. From version 3 on, records of a
 * change the other callback passed on go to the event that waits for them in this process, and,
 * when the trigger starts for both kinds, new events wait for their other callback first (pairs.ts),
 * their sender answered as they go on.
 */
export async function passCallback(ctx: IWebhookFunctions, events: NormalizedEvent[]): Promise<IWebhookResponseData> {
	const { emitted, others, counts } = pass(ctx, events, 'callback');
	if (!oncePerChange(ctx)) return await emit(ctx, emitted, { received: true, ...counts });
	const key = triggerKey(ctx);
	const answer = { received: true, ...counts, paired: handOver(key, others) };
	if (emitted.length > 0 && waitsForOtherCallback(ctx)) return await emit(ctx, holdForOtherCallback(key, emitted), answer);
	return await emit(
		ctx,
		emitted.map((event) => withCallbacks(event)),
		answer,
	);
}

/**
 * Starts the workflow with the events, their callback secrets hidden, and answers the sender with
 * `answer`, once the events are there (a promise: they wait for their other callback, pairs.ts),
 * or, when they are not within a short time, before. n8n answers for the trigger (n8n 2.x once it
 * has queued the execution), except:
 * - versions 1 and 1.1 with Fetch From the API answer at once and read before emitting (version 2
 *   reads in the execution: pipeline/lookUp.ts);
 * - with a shared memory, the trigger answers just after n8n has taken this request's static data to
 *   save (n8nInternals, `answerAfterStaticDataSave`), so a retry the sender makes on the answer, or
 *   the next catch-up, finds the event remembered.
 */
export async function emit(ctx: IWebhookFunctions, given: NormalizedEvent[] | Promise<NormalizedEvent[]>, answer: IDataObject): Promise<IWebhookResponseData> {
	// Held for the other callback, and still not there: the sender has its answer now (pairs.ts).
	const answeredFirst = !Array.isArray(given) && (await settledWithin(given)) === 'late';
	if (answeredFirst) ctx.getResponseObject().status(200).json(answer);
	const emitted = await given;
	const inExecution = readsInExecution(ctx);
	const lookUp = inExecution ? 'none' : fetchFromApi(ctx);
	// The execution's lookups read the order in the store Create put in the URL, when the event names none.
	const urlStore = callbackStore(ctx);
	if (inExecution && urlStore) for (const event of emitted) event.StoreID ??= urlStore;
	// Built after the lookups: they add to the events, and hiding the secrets copies them.
	const workflowData = () => (emitted.length === 0 ? undefined : [ctx.helpers.returnJsonArray(hideCallbackSecrets(emitted))]);
	if (answeredFirst) return { noWebhookResponse: true, workflowData: workflowData() };
	if (lookUp !== 'none' && emitted.length > 0) {
		ctx.getResponseObject().status(200).json(answer);
		await enrich(ctx, emitted, lookUp);
		return { noWebhookResponse: true, workflowData: workflowData() };
	}
	if (!sharesMemory(ctx)) return emitted.length === 0 ? { webhookResponse: answer } : { webhookResponse: answer, workflowData: workflowData() };
	answerAfterStaticDataSave(ctx, answer);
	return { noWebhookResponse: true, ...(emitted.length === 0 ? {} : { workflowData: workflowData() }) };
}
