import type { IDataObject, IExecuteFunctions, IHookFunctions, ITriggerFunctions, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { changeKey, type NormalizedEvent } from '../../shared/callbacks/normalize';
import { hideCallbackSecrets } from '../../shared/hideSecrets';
import { answerAfterStaticDataSave } from '../../shared/n8nInternals';
import { statusMatcher } from '../../shared/statuses';
import { runningCatchUp } from '../setup/settings';
import {
	forgetProcessMemory,
	forgetStoredMemory,
	handled,
	keepWhole,
	KIND,
	lastRecorded,
	loadMemory,
	noteServed,
	recordPlace,
	recordPublish,
	rememberEvent,
	saveMemory,
	servedAddresses,
	type CatchUpPlace,
	type MemoryPlace,
	type ReaderState,
	type Watch,
} from './memory';
import { callbackStore, triggerKey } from '../setup/webhooks';
import { enrich } from './lookUp';
import { handOver, holdForOtherCallback, settledWithin, withCallbacks } from './pairs';

export { statusKey, type CatchUpPlace, type ReaderState, type Watch } from './memory';

/**
 * The one way an event reaches the workflow, whether a callback brought it or a catch-up found it:
 * select (each event once: the one memory, memory.ts), filter (the trigger's Events,
 * Statuses, Completed Orders Only), emit. Deduplicating comes first, so every event is remembered,
 * also one the filters keep out: a catch-up that finds its record later knows it was handled.
 *
 * The memory is the node's static data (shared by every process, kept across restarts) when the
 * catch-up runs or "Remember Across Processes" is on; else this process's alone. This file is the
 * memory's one door: nothing else in the trigger imports memory.ts. What others need of it they
 * get here, as values (`readPlace`, `addressesServed`), and what they record they hand here
 * (`pass` with a catch-up's place, `publishFor`, `noteWhereServed`, `forgetTrigger`), each read,
 * changed and saved in one synchronous step.
 */

type TriggerContext = IWebhookFunctions | IHookFunctions | ITriggerFunctions;

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

/** A callback's event is remembered for the Duplicate Window; with the catch-up, as long as it could still find its record. */
function rememberFor(ctx: IWebhookFunctions): number {
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const windowMs = Number(options.duplicateWindowMinutes ?? 60) * 60_000;
	const catchUp = runningCatchUp(ctx);
	return catchUp ? Math.max(windowMs, catchUp.maxAgeMs) : windowMs;
}

/** Whether the trigger's memory is shared through the static data: with the catch-up, or Remember Across Processes. */
export function sharesMemory(ctx: TriggerContext): boolean {
	if (ctx.getMode() === 'manual') return false;
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	return options.acrossProcesses === true || runningCatchUp(ctx) !== undefined;
}

/** Where the trigger's memory is: a memory kept in this process alone has a key of its own, so it is never written to the static data. */
function memoryPlace(ctx: TriggerContext): MemoryPlace {
	const key = triggerKey(ctx);
	return sharesMemory(ctx) ? { key, staticData: ctx.getWorkflowStaticData('node') } : { key: processOnlyKey(key) };
}

export function processOnlyKey(key: string): string {
	return `${key}#process`;
}

/** Whether the trigger starts for events of a kind (its Events; none picked means both). */
function startsForKind(ctx: IWebhookFunctions): (kind: string) => boolean {
	const kinds = ctx.getNodeParameter('events', ['status', 'details']) as string[];
	return (kind) => kinds.length === 0 || kinds.includes(kind);
}

/** From version 3 on, the trigger starts once per status change: its two callbacks are one event (pairs.ts). */
export function oncePerChange(ctx: TriggerContext): boolean {
	return ctx.getNode().typeVersion >= 3;
}

/**
 * Whether a callback's new events wait for the other callback of their change (pairs.ts): from
 * version 3 on, live, when the trigger starts for both kinds.
 */
export function waitsForOtherCallback(ctx: IWebhookFunctions): boolean {
	const startsFor = startsForKind(ctx);
	return oncePerChange(ctx) && ctx.getMode() !== 'manual' && startsFor('status') && startsFor('details');
}

/**
 * The trigger's filters. An event whose status could not be read matches no status, so it starts
 * the workflow only when no status is picked; an event that does not say whether its order is
 * completed never passes "Completed Orders Only".
 */
export function eventFilter(ctx: IWebhookFunctions): (event: NormalizedEvent) => boolean {
	const startsFor = startsForKind(ctx);
	const picked = ctx.getNodeParameter('statuses', []) as string[];
	const typed = String(ctx.getNodeParameter('otherStatuses', '') ?? '')
		.split(',')
		.map((entry) => entry.trim())
		.filter(Boolean);
	const completedOnly = ctx.getNodeParameter('completedOnly', false) as boolean;
	const wanted = [...picked, ...typed].filter((entry) => String(entry).trim() !== '');
	// The rule the wait and Get Many use too (shared/statuses.ts); nothing wanted means any status.
	const matches = statusMatcher(wanted);
	return (event) => {
		if (!startsFor(event.event)) return false;
		if (completedOnly && event.Completed !== true) return false;
		return wanted.length === 0 || matches(event);
	};
}

/**
 * Selects the events that start the workflow, in one synchronous step over the memory: each event
 * not handled before is remembered (a callback's as its kind, a catch-up's as both: it stands for
 * either callback of its record; a callback of a kind the trigger does not start for is not), a
 * catch-up's new place is recorded with them, and the memory is saved; then the filters. A
 * repeated callback starts the workflow again only with "Ignore Duplicate Events" off; a catch-up
 * never emits what was handled. From version 3 on, a change passed on as one kind is handled for
 * the other too: that callback's records come back as `others`, for the event that may wait for them.
 */
export function pass(ctx: IWebhookFunctions, events: NormalizedEvent[], from: 'callback' | 'catchUp', place?: CatchUpPlace): Passed {
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const repeatsToo = from === 'callback' && options.ignoreDuplicates === false;
	const oncePer = oncePerChange(ctx);
	const where = memoryPlace(ctx);
	const now = Date.now();
	const until = now + rememberFor(ctx);
	const memory = loadMemory(where, now);
	let changed = place !== undefined;
	// A callback of a kind the trigger does not start for passes nothing on, so it is not remembered:
	// the catch-up, which stands for both kinds, would take its record as passed on.
	const startsFor = startsForKind(ctx);
	const ofKind = events.filter((event) => from === 'catchUp' || startsFor(event.event));
	const others: NormalizedEvent[] = [];
	const selected = ofKind.filter((event) => {
		if (oncePer) event.eventKey = changeKey(event.eventKey);
		const kinds = from === 'catchUp' ? KIND.both : KIND[event.event];
		if (!handled(memory, event, oncePer ? KIND.both : kinds)) {
			rememberEvent(memory, event, kinds, until);
			changed = true;
			return true;
		}
		// Version 3: handled, but never brought by this callback: the change's other callback, never a repeat.
		const otherCallback = oncePer && from === 'callback' && !handled(memory, event, kinds);
		if (repeatsToo && !otherCallback) return true;
		// Whatever made it handled (the other callback, or a catch-up that read past it while the
		// other waits), an event of this process may wait for it.
		if (oncePer && from === 'callback') others.push(event);
		return false;
	});
	if (place) recordPlace(memory, place, now);
	if (changed) saveMemory(where, memory, now);
	const emitted = selected.filter(eventFilter(ctx));
	return {
		emitted,
		others,
		counts: { events: events.length, emitted: emitted.length, duplicates: ofKind.length - selected.length, filtered: events.length - ofKind.length + selected.length - emitted.length },
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
	const inExecution = ctx.getNode().typeVersion >= 2;
	const lookUp = inExecution ? 'none' : (ctx.getNodeParameter('enrich', 'none') as string);
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

/**
 * As a request or an execution of the trigger ends: its copy of the static data gets the memory
 * whole (memory.ts, rule 2). Nothing for a memory kept in this process alone (no memory of this
 * process is known under the shared key), nor in the editor's test runs.
 */
export function keepMemoryWhole(ctx: IWebhookFunctions | IExecuteFunctions): void {
	if (ctx.getMode() !== 'manual') keepWhole({ key: triggerKey(ctx), staticData: ctx.getWorkflowStaticData('node') });
}

/** What a catch-up reads from: where the last one read to (its reader state), and the orders it watches, as copies. */
export function readPlace(ctx: IWebhookFunctions | IHookFunctions, now = Date.now()): { reader?: ReaderState; watched: Record<string, Watch> } {
	const memory = loadMemory(memoryPlace(ctx), now);
	const watched: Record<string, Watch> = {};
	for (const [id, entry] of Object.entries(memory.orders)) if (entry.w) watched[id] = { ...entry.w };
	return { ...(memory.reader ? { reader: { ...memory.reader } } : {}), watched };
}

/** At a publish: the catch-up reads `scope` from now on, unless it read it before (then it goes on from there). */
export function publishFor(ctx: IHookFunctions, scope: string): void {
	const place = memoryPlace(ctx);
	const memory = loadMemory(place);
	if (recordPublish(memory, scope, Date.now())) saveMemory(place, memory);
}

/**
 * Where this process serves the trigger (the root n8n listens on, as a request showed it), kept in
 * the memory when it is shared: for the catch-up's clock after a restart or in another process. It
 * goes with this process's next save of the memory, not in a save of its own: a request that passes
 * nothing on (a repeat, a callback of a kind the trigger does not start for) writes nothing, so n8n
 * saves nothing that could overwrite what another process saved at the same moment.
 */
export function noteWhereServed(ctx: IWebhookFunctions, root: string): void {
	if (sharesMemory(ctx)) noteServed(triggerKey(ctx), root);
}

/** Where n8n processes were seen serving the trigger, this process's knowledge first: for the catch-up's clock (its own copy of the static data). */
export function addressesServed(ctx: ITriggerFunctions): string[] {
	return servedAddresses({ key: triggerKey(ctx), staticData: ctx.getWorkflowStaticData('node') });
}

/** When this process last recorded something for the trigger (the clock saves it again soon after), or undefined. */
export function lastRecordedFor(ctx: ITriggerFunctions): number | undefined {
	return lastRecorded(triggerKey(ctx));
}

/**
 * At deactivation: this process forgets the trigger's memory; the static data keeps it when
 * `keepStored` (with the catch-up: publishing again goes on from there, and emits nothing twice).
 */
export function forgetTrigger(ctx: IHookFunctions, keepStored: boolean): void {
	const key = triggerKey(ctx);
	forgetProcessMemory(key);
	forgetProcessMemory(processOnlyKey(key));
	if (!keepStored) forgetStoredMemory(ctx.getWorkflowStaticData('node'));
}
