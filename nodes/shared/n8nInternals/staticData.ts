import type { IDataObject, IExecuteFunctions, IHookFunctions, INode, ITriggerFunctions, IWebhookFunctions } from 'n8n-workflow';

import { isRecord } from '../json';
import { N8nChanged } from './changed';

/**
 * What the Print Store Trigger's memory (PrintStoreTrigger/memory/) takes from n8n's static data
 * beyond `getWorkflowStaticData`: how n8n loads and saves the copies of it, and writing into the
 * copies other requests of this process hold.
 * Relies on (n8n 1.123 and 2.41):
 * 1. Each webhook request gets its own copy of the workflow's static data, read from the database as
 *    the request starts.
 * 2. n8n saves a request's copy whole as the request ends, when something in it was written; two
 *    requests in flight at once each save theirs, the later save wins, and n8n 1.x saves a request's
 *    copy once more when the execution it started ends.
 * 3. A write is noticed only as an assignment to (or a deletion of) a key of the node's static data,
 *    which marks the workflow's copy changed (a new object each time, for a value that changed).
 * 4. A copy another request of this process still holds is saved as rule 2 says when that request
 *    ends: a write into it from this request reaches the database with it.
 * So the memory writes what it records into every copy this process's requests hold (`heldCopies`),
 * each through `writeStaticData`, and hands a request whose copy is older the newer memory as it ends.
 * Checked: each write into a copy n8n handed the trigger (`staticDataOf`) marks that copy's workflow
 * static data changed, else the guard stops the request; whether n8n then saves it (rules 1, 2, 4)
 * no run-time check can see: the tests below show it.
 * Tested: test/unit/n8n-guards.test.ts (the guard); test/trigger/catch-up.test.ts (a host that saves
 * each request's copy as n8n does: `a save of an older copy carried out after the newer ones ...`,
 * `a callback that passes nothing on writes nothing, ...`); in a real n8n, test/e2e/queue-mode.queue.test.ts
 * (repeated deliveries across webhook processes) and test/e2e/out-of-reach.test.ts (the catch-up across
 * a restart of n8n).
 */

type StaticDataContext = IHookFunctions | IWebhookFunctions | ITriggerFunctions | IExecuteFunctions;

interface ContextInternals {
	workflow?: { staticData?: unknown };
}

/** Each copy n8n handed a context: its workflow's static data (what n8n's mark is on) and the node. */
const origins = new WeakMap<IDataObject, { root: unknown; node: INode }>();
/** Every copy of a trigger's static data this process's requests hold, per trigger (each as long as n8n keeps it). */
const copies = new Map<string, Array<WeakRef<IDataObject>>>();
const MAX_COPIES = 200;

/** The workflow's static data this context's node static data belongs to: where n8n's mark (`__dataChanged`) is (rule 3). */
export function workflowStaticData(ctx: StaticDataContext): unknown {
	return (ctx as unknown as ContextInternals).workflow?.staticData;
}

/** The node's static data n8n handed this context (a request's: its own copy, rule 1), known as n8n's. */
export function staticDataOf(ctx: StaticDataContext): IDataObject {
	const data = ctx.getWorkflowStaticData('node');
	if (!origins.has(data)) origins.set(data, { root: workflowStaticData(ctx), node: ctx.getNode() });
	return data;
}

/** Holds a copy for the trigger of `key`, for as long as n8n keeps it. */
export function holdCopy(key: string, copy: IDataObject): void {
	const held = (copies.get(key) ?? []).filter((ref) => ref.deref() !== undefined);
	if (!held.some((ref) => ref.deref() === copy)) held.push(new WeakRef(copy));
	copies.set(key, held.slice(-MAX_COPIES));
}

/** Every copy of the trigger's static data this process's requests still hold, the given one first (rule 4). */
export function heldCopies(key: string, copy: IDataObject): IDataObject[] {
	holdCopy(key, copy);
	const others = (copies.get(key) ?? []).map((ref) => ref.deref()).filter((held): held is IDataObject => held !== undefined && held !== copy);
	return [copy, ...others];
}

/** Lets go of the copies held for a trigger. */
export function forgetCopies(key: string): void {
	copies.delete(key);
}

/** That n8n noticed a write into a copy it handed the trigger (rule 3); a copy n8n did not hand is not checked. */
function checkMarked(copy: IDataObject): void {
	const origin = origins.get(copy);
	if (!origin) return;
	if (!isRecord(origin.root)) throw new N8nChanged(origin.node, 'staticDataCopies', "the workflow's static data is not where n8n kept it");
	if (origin.root.__dataChanged !== true) {
		throw new N8nChanged(origin.node, 'staticDataCopies', "a write to the trigger's static data does not mark the workflow's static data changed");
	}
}

/** Sets a key of a copy (rule 3: an assignment, the value a new object) and checks that n8n noticed. */
export function writeStaticData(copy: IDataObject, name: string, value: object): void {
	copy[name] = value as IDataObject;
	checkMarked(copy);
}

/** Deletes a key of a copy and checks that n8n noticed. */
export function deleteStaticData(copy: IDataObject, name: string): void {
	delete copy[name];
	checkMarked(copy);
}
