import type { IExecuteFunctions, IHookFunctions, ITriggerFunctions, IWebhookFunctions } from 'n8n-workflow';

import { changeKey, type NormalizedEvent } from '../../shared/callbacks/normalize';
import { staticDataOf } from '../../shared/n8nInternals';
import { oncePerChange, rememberForMs, runningCatchUp, startsForKind, triggerOptions } from '../setup/settings';
import { triggerKey } from '../setup/access';
import { forgetProcessMemory, forgetStoredMemory, keepWhole, lastRecorded, loadMemory, memoriesOf, saveMemory, type MemoryPlace } from './copies';
import { handled, rememberEvent } from './events';
import { noteServed, servedAddresses } from './served';
import { KIND, type ReaderState, type Watch } from './shape';
import { recordPlace, recordPublish, type CatchUpPlace } from './watch';

export { factsOf, sameRecord, type RecordFacts } from './records';
export { statusKey, type ReaderState, type Watch } from './shape';
export type { CatchUpPlace } from './watch';

/**
 * The memory's one door: what the rest of the trigger reads of the memory and records in it. Nothing
 * else in the trigger imports a file of memory/ (test/unit/layers.test.ts). What others need of the
 * memory they get here, as values (`readPlace`, `addressesServed`, `lastRecordedFor`), and what they
 * record they hand here (`select`, with a catch-up's place; `publishFor`, `noteWhereServed`,
 * `forgetTrigger`), each read, changed and saved in one synchronous step. And what the memory takes
 * as one status record (records.ts), which the pairing of a change's two callbacks takes too.
 *
 * The memory is the node's static data (shared by every process, kept across restarts) when the
 * catch-up runs or "Remember Across Processes" is on; else this process's alone.
 */

type TriggerContext = IWebhookFunctions | IHookFunctions | ITriggerFunctions;

/** Whether the trigger's memory is shared through the static data: with the catch-up, or Remember Across Processes. */
export function sharesMemory(ctx: TriggerContext): boolean {
	if (ctx.getMode() === 'manual') return false;
	return triggerOptions(ctx).acrossProcesses || runningCatchUp(ctx) !== undefined;
}

/** Where the trigger's memory is: a memory kept in this process alone has a key of its own, so it is never written to the static data. */
function memoryPlace(ctx: TriggerContext): MemoryPlace {
	const key = triggerKey(ctx);
	return sharesMemory(ctx) ? { key, staticData: staticDataOf(ctx) } : { key: processOnlyKey(key) };
}

export function processOnlyKey(key: string): string {
	return `${key}#process`;
}

/** What the memory selected of a request's events: the new ones, the other callback's records of changes passed on, and how many were of a kind the trigger starts for. */
interface Selected {
	selected: NormalizedEvent[];
	/** From version 3 on: callbacks' records of a change the other callback passed on (pipeline/pairs.ts). */
	others: NormalizedEvent[];
	ofKind: number;
}

/**
 * The pipeline's first step (pipeline/pass.ts), in one synchronous step over the memory: each event
 * not handled before is remembered (a callback's as its kind, a catch-up's as both: it stands for
 * either callback of its record; a callback of a kind the trigger does not start for is not), a
 * catch-up's new place is recorded with them, and the memory is saved. A repeated callback is
 * selected again only with "Ignore Duplicate Events" off; a catch-up never selects what was handled.
 * From version 3 on, a change passed on as one kind is handled for the other too: that callback's
 * records come back as `others`, for the event that may wait for them.
 */
export function select(ctx: IWebhookFunctions, events: NormalizedEvent[], from: 'callback' | 'catchUp', place?: CatchUpPlace): Selected {
	const repeatsToo = from === 'callback' && !triggerOptions(ctx).ignoreDuplicates;
	const oncePer = oncePerChange(ctx);
	const where = memoryPlace(ctx);
	const now = Date.now();
	const until = now + rememberForMs(ctx);
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
	return { selected, others, ofKind: ofKind.length };
}

/**
 * As a request or an execution of the trigger ends: its copy of the static data gets the memory
 * whole (copies.ts, `keepWhole`). Nothing for a memory kept in this process alone (no memory of this
 * process is known under the shared key), nor in the editor's test runs.
 */
export function keepMemoryWhole(ctx: IWebhookFunctions | IExecuteFunctions): void {
	if (ctx.getMode() !== 'manual') keepWhole({ key: triggerKey(ctx), staticData: staticDataOf(ctx) });
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
 * the memory when it is shared (served.ts): for the catch-up's clock after a restart or in another
 * process.
 */
export function noteWhereServed(ctx: IWebhookFunctions, root: string): void {
	if (sharesMemory(ctx)) noteServed(triggerKey(ctx), root);
}

/** Where n8n processes were seen serving the trigger, this process's knowledge first: for the catch-up's clock (its own copy of the static data). */
export function addressesServed(ctx: ITriggerFunctions): string[] {
	const key = triggerKey(ctx);
	return servedAddresses(key, memoriesOf({ key, staticData: staticDataOf(ctx) }));
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
	if (!keepStored) forgetStoredMemory(staticDataOf(ctx));
}
