import type { IDataObject, IHookFunctions, ITriggerFunctions, IWebhookFunctions } from 'n8n-workflow';

import { toNodeError } from '../../shared/errors';
import { checkPathId, locatorValue } from '../../shared/ids';
import { hasCredential } from './webhooks';

type TriggerContext = IHookFunctions | IWebhookFunctions | ITriggerFunctions;

/**
 * What the trigger's catch-up is set to read, from the node's parameters. The catch-up reads the
 * store through the API (its order list and the status histories of the orders that changed) and
 * emits what the callbacks did not deliver (catchUp/run.ts).
 *
 * Which orders:
 * - `triggerOrders`: orders whose callback URLs are this trigger's (those Print Store > Create made
 *   with its URLs, and any an other system gave its URLs);
 * - `storeOrders`: every order of the store the credential may read, wherever it was made.
 *
 * From version 2 on it is on by default, for this trigger's orders; versions 1 and 1.1 had none.
 * It needs a credential to read with and a store: the Store picked or typed, else the account's
 * only store (catchUp/run.ts, `resolveStore`).
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
	const value = ctx.getNodeParameter('catchUp', defaultScope(ctx.getNode().typeVersion));
	return value === 'triggerOrders' || value === 'storeOrders' ? value : 'off';
}

function positive(value: unknown, fallback: number, min: number): number {
	const number = typeof value === 'number' ? value : Number(value);
	return Number.isFinite(number) && number >= min ? number : fallback;
}

/** A Store parameter's value (text, or a store picked or typed), or '' (an expression left unresolved is none). */
export function storeOf(parameter: unknown): string {
	const value = locatorValue(parameter);
	return typeof value === 'string' && !value.startsWith('=') ? value.trim() : '';
}

/** The trigger's Store as picked or typed, or ''. */
export function triggerStoreId(ctx: TriggerContext): string {
	return storeOf(ctx.getNodeParameter('enrichStoreId', ''));
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
	const options = (ctx.getNodeParameter('catchUpOptions', {}) ?? {}) as IDataObject;
	return {
		scope,
		storeId: store === '' ? '' : checkPathId(store, 'Store'),
		everyMs: positive(options.intervalMinutes, CATCH_UP_DEFAULTS.intervalMinutes, 1) * MINUTE,
		watchMs: positive(options.watchDays, CATCH_UP_DEFAULTS.watchDays, 1) * DAY,
		maxAgeMs: positive(options.maxAgeDays, CATCH_UP_DEFAULTS.maxAgeDays, 0.001) * DAY,
		firstActivationMs: positive(options.firstActivationDays, CATCH_UP_DEFAULTS.firstActivationDays, 0) * DAY,
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

/** Settings read, per context (a request, the activation, the clock): the parameters do not change within one. */
const readSettings = new WeakMap<TriggerContext, CatchUpSettings | undefined>();

/**
 * The catch-up's settings when it runs; undefined when it does not, or its Store cannot be used (which
 * the activation reports). Read once per context: a callback asks in several places.
 */
export function runningCatchUp(ctx: TriggerContext): CatchUpSettings | undefined {
	if (readSettings.has(ctx)) return readSettings.get(ctx);
	let settings: CatchUpSettings | undefined;
	try {
		settings = catchUpSettings(ctx);
	} catch {
		settings = undefined;
	}
	readSettings.set(ctx, settings);
	return settings;
}
