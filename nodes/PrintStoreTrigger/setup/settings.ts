import type { IDataObject, IExecuteFunctions, IHookFunctions, ITriggerFunctions, IWebhookFunctions } from 'n8n-workflow';

import type { EventKind } from '../../shared/callbacks/normalize';
import { toNodeError } from '../../shared/errors';
import { filesWanted, type FilesWanted } from '../../shared/files/fields';
import { checkPathId, locatorValue } from '../../shared/ids';
import { CREDENTIAL_TYPE } from '../../shared/transport';

type TriggerContext = IHookFunctions | IWebhookFunctions | ITriggerFunctions;

/**
 * What the trigger is set to: each of its parameters is read here and nowhere else
 * (test/unit/trigger-parameters.test.ts), in whichever context asks (a request, the activation, the
 * clock, the execution), and what its version changes. The fields themselves are trigger.fields.ts.
 */

/** A parameter in any of the trigger's contexts: an execution reads it for its first item (every item's is the node's). */
function parameter(ctx: TriggerContext | IExecuteFunctions, name: string, fallback: unknown): unknown {
	return 'getInputData' in ctx ? ctx.getNodeParameter(name, 0, fallback) : ctx.getNodeParameter(name, fallback);
}

/**
 * What each version adds (n8nInternals/versions.ts, TRIGGER_VERSIONS, says why each exists):
 * version 2 fetches from the API and downloads in the execution, and catches up by default; 2.1
 * puts the secret in the query of the URLs Create sends (shared/callbacks/urls.ts); 3 starts once per
 * status change. The fields each version shows: trigger.fields.ts.
 */
export function readsInExecution(ctx: TriggerContext | IExecuteFunctions): boolean {
	return ctx.getNode().typeVersion >= 2;
}

/** From version 3 on, the trigger starts once per status change: its two callbacks are one event (pipeline/pairs.ts). */
export function oncePerChange(ctx: TriggerContext): boolean {
	return ctx.getNode().typeVersion >= 3;
}

/** A publish by a user (or a save of a published workflow), not n8n starting or a new leader taking over. */
export function isPublish(ctx: IHookFunctions | ITriggerFunctions): boolean {
	return !['init', 'leadershipChange'].includes(ctx.getActivationMode());
}

export function hasCredential(ctx: TriggerContext): boolean {
	return Boolean(ctx.getNode().credentials?.[CREDENTIAL_TYPE]);
}

/** The trigger's Options, read once per context for all who use them (`triggerOptions`). */
export interface TriggerOptions {
	/** Callback Secret, or '' (setup/access.ts). */
	callbackSecret: string;
	/** Secret in Callback URLs, as saved: its default depends on the version (shared/callbacks/urls.ts). */
	secretPlacement: unknown;
	/** Remember Across Processes. */
	acrossProcesses: boolean;
	/** Ignore Duplicate Events (on unless turned off). */
	ignoreDuplicates: boolean;
	/** Duplicate Window. */
	duplicateWindowMs: number;
}

/**
 * A reading of the parameters made once per context (a request, the activation, the clock) and kept
 * for it: the parameters do not change within one, and a callback asks in several places.
 */
function oncePerContext<T>(read: (ctx: TriggerContext) => T): (ctx: TriggerContext) => T {
	const kept = new WeakMap<TriggerContext, T>();
	return (ctx) => {
		if (kept.has(ctx)) return kept.get(ctx) as T;
		const value = read(ctx);
		kept.set(ctx, value);
		return value;
	};
}

export const triggerOptions = oncePerContext((ctx): TriggerOptions => {
	const options = parameter(ctx, 'options', {}) as IDataObject;
	return {
		callbackSecret: typeof options.callbackSecret === 'string' ? options.callbackSecret : '',
		secretPlacement: options.secretPlacement,
		acrossProcesses: options.acrossProcesses === true,
		ignoreDuplicates: options.ignoreDuplicates !== false,
		duplicateWindowMs: Number(options.duplicateWindowMinutes ?? 60) * 60_000,
	};
});

/** Whether the trigger starts for events of a kind (its Events; none picked means both). */
export const startsForKind = oncePerContext((ctx): ((kind: string) => boolean) => {
	const kinds = parameter(ctx, 'events', ['status', 'details']) as string[];
	return (kind) => kinds.length === 0 || kinds.includes(kind);
});

/** The kind a catch-up's events are emitted as: the first kind of event the trigger starts for (status, unless only details). */
export function catchUpEventKind(ctx: TriggerContext): EventKind {
	return startsForKind(ctx)('status') ? 'status' : 'details';
}

/** Status Names or IDs and Other Statuses (what is wanted: none means any status), and Completed Orders Only. */
export function statusFilter(ctx: TriggerContext): { wanted: string[]; completedOnly: boolean } {
	const picked = parameter(ctx, 'statuses', []) as string[];
	const typed = String(parameter(ctx, 'otherStatuses', '') ?? '')
		.split(',')
		.map((entry) => entry.trim())
		.filter(Boolean);
	const completedOnly = parameter(ctx, 'completedOnly', false) as boolean;
	return { wanted: [...picked, ...typed].filter((entry) => String(entry).trim() !== ''), completedOnly };
}

/** Fetch From the API: 'none', 'order' or 'statusHistory'. */
export function fetchFromApi(ctx: IWebhookFunctions | IExecuteFunctions): string {
	return String(parameter(ctx, 'enrich', 'none') ?? 'none');
}

/** Download Proof and Pages, as asked (version 2 on, read in the execution). */
export function downloadsWanted(ctx: IExecuteFunctions): FilesWanted | undefined {
	return filesWanted((name, fallback) => parameter(ctx, name, fallback));
}

/** A Store parameter's value (text, or a store picked or typed), or '' (an expression left unresolved is none). */
function storeOf(value: unknown): string {
	const store = locatorValue(value);
	return typeof store === 'string' && !store.startsWith('=') ? store.trim() : '';
}

/** The trigger's Store as picked or typed, or ''. */
export function triggerStoreId(ctx: TriggerContext | IExecuteFunctions): string {
	return storeOf(parameter(ctx, 'enrichStoreId', ''));
}

/**
 * What the trigger's catch-up is set to read. The catch-up reads the store through the API (its
 * order list and the status histories of the orders that changed) and emits what the callbacks did
 * not deliver (catchUp/runCatchUp.ts).
 *
 * Which orders:
 * - `triggerOrders`: orders whose callback URLs are this trigger's (those Print Store > Create made
 *   with its URLs, and any an other system gave its URLs);
 * - `storeOrders`: every order of the store the credential may read, wherever it was made.
 *
 * From version 2 on it is on by default, for this trigger's orders; versions 1 and 1.1 had none.
 * It needs a credential to read with and a store: the Store picked or typed, else the account's
 * only store (catchUp/runCatchUp.ts, `resolveStore`).
 */
export type CatchUpScope = 'off' | 'triggerOrders' | 'storeOrders';

export interface CatchUpSettings {
	scope: Exclude<CatchUpScope, 'off'>;
	/** The Store picked or typed; '' when none is: the account's only store is read (`resolveStore`). */
	storeId: string;
	/** How often the catch-up runs. */
	everyMs: number;
	/** How long after its creation an order is watched. */
	watchMs: number;
	/** Status changes older than this are not emitted by a catch-up (after a long pause). */
	maxAgeMs: number;
	/** On the first activation: how far back status changes are emitted (0: none, only the present recorded). */
	firstActivationMs: number;
	/** Catch-Up Options > Own Address: where the clock asks first after the credential's n8n Internal URL, or ''. */
	ownAddress: string;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const CATCH_UP_DEFAULTS = { intervalMinutes: 15, watchDays: 30, maxAgeDays: 7, firstActivationDays: 0 } as const;

/** What a catch-up reads, as the memory names it: another scope or store starts over. */
export function scopeKey(settings: CatchUpSettings): string {
	return `${settings.scope}:${settings.storeId}`;
}

/** The store of a scope key. */
export function storeOfScope(scope: string): string {
	return scope.slice(scope.indexOf(':') + 1);
}

export function defaultScope(typeVersion: number): CatchUpScope {
	return typeVersion >= 2 ? 'triggerOrders' : 'off';
}

/** What the trigger is set to catch up on ('off' too). */
export function catchUpScope(ctx: TriggerContext): CatchUpScope {
	const value = parameter(ctx, 'catchUp', defaultScope(ctx.getNode().typeVersion));
	return value === 'triggerOrders' || value === 'storeOrders' ? value : 'off';
}

function positive(value: unknown, fallback: number, min: number): number {
	const number = typeof value === 'number' ? value : Number(value);
	return Number.isFinite(number) && number >= min ? number : fallback;
}

/**
 * The catch-up's settings, or undefined when it does not run: turned off, or no credential (the
 * activation refuses a catch-up without one). A Store that cannot be a path segment is an error (the
 * activation reports it).
 */
export function catchUpSettings(ctx: TriggerContext): CatchUpSettings | undefined {
	const scope = catchUpScope(ctx);
	if (scope === 'off' || !hasCredential(ctx)) return undefined;
	const store = triggerStoreId(ctx);
	const options = (parameter(ctx, 'catchUpOptions', {}) ?? {}) as IDataObject;
	return {
		scope,
		storeId: store === '' ? '' : checkPathId(store, 'Store'),
		everyMs: positive(options.intervalMinutes, CATCH_UP_DEFAULTS.intervalMinutes, 1) * MINUTE,
		watchMs: positive(options.watchDays, CATCH_UP_DEFAULTS.watchDays, 1) * DAY,
		maxAgeMs: positive(options.maxAgeDays, CATCH_UP_DEFAULTS.maxAgeDays, 0.001) * DAY,
		firstActivationMs: positive(options.firstActivationDays, CATCH_UP_DEFAULTS.firstActivationDays, 0) * DAY,
		ownAddress: String(options.ownAddress ?? ''),
	};
}

/** The catch-up's settings, a Store ID that cannot be a path segment as the node error n8n shows (the activation's). */
export function checkedCatchUpSettings(ctx: TriggerContext): CatchUpSettings | undefined {
	try {
		return catchUpSettings(ctx);
	} catch (error) {
		throw toNodeError(ctx.getNode(), error, 0);
	}
}

/**
 * The catch-up's settings when it runs; undefined when it does not, or its Store cannot be used (which
 * the activation reports). Read once per context.
 */
export const runningCatchUp = oncePerContext((ctx): CatchUpSettings | undefined => {
	try {
		return catchUpSettings(ctx);
	} catch {
		return undefined;
	}
});

/** How long a callback's event is remembered: the Duplicate Window; with the catch-up, as long as it could still find its record. */
export function rememberForMs(ctx: TriggerContext): number {
	const windowMs = triggerOptions(ctx).duplicateWindowMs;
	const catchUp = runningCatchUp(ctx);
	return catchUp ? Math.max(windowMs, catchUp.maxAgeMs) : windowMs;
}
