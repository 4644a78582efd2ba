import type { IDataObject, IExecuteFunctions, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import type { NormalizedEvent } from '../../shared/callbacks/normalize';
import { hideCallbackSecrets } from '../../shared/hideSecrets';
import { answerAfterStaticDataSave } from '../../shared/n8nInternals';
import { statusMatcher } from '../../shared/statuses';
import { runningCatchUp } from '../setup/settings';
import { handled, keepWhole, KIND, loadMemory, rememberEvent, saveMemory, type Memory, type MemoryPlace } from './memory';
import { callbackStore, triggerKey } from '../setup/webhooks';
import { enrich } from './lookUp';

/**
 * The one way an event reaches the workflow, whether a callback brought it or a catch-up found it:
 * select (each event once: the one memory, memory.ts), filter (the trigger's Events,
 * Statuses, Completed Orders Only), emit. Deduplicating comes first, so every event is remembered,
 * also one the filters keep out: a catch-up that finds its record later knows it was handled.
 *
 * The memory is the node's static data (shared by every process, kept across restarts) when the
 * catch-up runs or "Remember Across Processes" is on; else this process's alone.
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
export function sharesMemory(ctx: IWebhookFunctions): boolean {
	if (ctx.getMode() === 'manual') return false;
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	return options.acrossProcesses === true || runningCatchUp(ctx) !== undefined;
}

/** Where the trigger's memory is: a memory kept in this process alone has a key of its own, so it is never written to the static data. */
export function memoryPlace(ctx: IWebhookFunctions): MemoryPlace {
	const key = triggerKey(ctx);
	return sharesMemory(ctx) ? { key, staticData: ctx.getWorkflowStaticData('node') } : { key: processOnlyKey(key) };
}

export function processOnlyKey(key: string): string {
	return `${key}#process`;
}

/**
 * The trigger's filters. An event whose status could not be read matches no status, so it starts
 * the workflow only when no status is picked; an event that does not say whether its order is
 * completed never passes "Completed Orders Only".
 */
export function eventFilter(ctx: IWebhookFunctions): (event: NormalizedEvent) => boolean {
	const kinds = ctx.getNodeParameter('events', ['status', 'details']) as string[];
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
		if (kinds.length > 0 && !kinds.includes(event.event)) return false;
		if (completedOnly && event.Completed !== true) return false;
		return wanted.length === 0 || matches(event);
	};
}

/**
 * Selects the events that start the workflow, in one synchronous step over the memory: each event
 * not handled before is remembered (a callback's as its kind, a catch-up's as both: it stands for
 * either callback of its record), `record` adds what else the step records (the catch-up's new
 * place), and the memory is saved; then the filters. A repeated callback starts the workflow again
 * only with "Ignore Duplicate Events" off; a catch-up never emits what was handled.
 */
export function pass(ctx: IWebhookFunctions, events: NormalizedEvent[], from: 'callback' | 'catchUp', record?: (memory: Memory, now: number) => void): Passed {
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const repeatsToo = from === 'callback' && options.ignoreDuplicates === false;
	const place = memoryPlace(ctx);
	const now = Date.now();
	const until = now + rememberFor(ctx);
	const memory = loadMemory(place, now);
	let changed = record !== undefined;
	const selected = events.filter((event) => {
		const kinds = from === 'catchUp' ? KIND.both : KIND[event.event];
		if (!handled(memory, event, kinds)) {
			rememberEvent(memory, event, kinds, until);
			changed = true;
			return true;
		}
		return repeatsToo;
	});
	record?.(memory, now);
	if (changed) saveMemory(place, memory, now);
	const emitted = selected.filter(eventFilter(ctx));
	return {
		emitted,
		counts: { events: events.length, emitted: emitted.length, duplicates: events.length - selected.length, filtered: selected.length - emitted.length },
	};
}

/**
 * Starts the workflow with the events, their callback secrets hidden, and answers the sender with
 * `answer`. n8n answers for the trigger (n8n 2.x once it has queued the execution), except:
 * - versions 1 and 1.1 with Fetch From the API answer at once and read before emitting (version 2
 *   reads in the execution: pipeline/lookUp.ts);
 * - with a shared memory, the trigger answers just after n8n has taken this request's static data to
 *   save (n8nInternals, `answerAfterStaticDataSave`), so a retry the sender makes on the answer, or
 *   the next catch-up, finds the event remembered.
 */
export async function emit(ctx: IWebhookFunctions, emitted: NormalizedEvent[], answer: IDataObject): Promise<IWebhookResponseData> {
	const inExecution = ctx.getNode().typeVersion >= 2;
	const lookUp = inExecution ? 'none' : (ctx.getNodeParameter('enrich', 'none') as string);
	// The execution's lookups read the order in the store Create put in the URL, when the event names none.
	const urlStore = callbackStore(ctx);
	if (inExecution && urlStore) for (const event of emitted) event.StoreID ??= urlStore;
	// Built after the lookups: they add to the events, and hiding the secrets copies them.
	const workflowData = () => (emitted.length === 0 ? undefined : [ctx.helpers.returnJsonArray(hideCallbackSecrets(emitted))]);
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
