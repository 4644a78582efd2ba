import type { IDataObject, IHookFunctions, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { NormalizedEvent } from '../../shared/callbacks/normalize';
import { toNodeError } from '../../shared/errors';
import { checkPathId } from '../../shared/ids';
import { readStores, storeLabel } from '../../shared/lists/stores';
import { triggerKey } from '../setup/access';
import { readPlace, type ReaderState } from '../memory/door';
import { emit, eventFilter, pass } from '../pipeline/pass';
import { hasTriggerUrls, orderIdOf, readChanges, storeReader, type HowToRead } from './readStore';
import { catchUpEventKind, storeOfScope, type CatchUpSettings } from '../setup/settings';

/**
 * A catch-up, run in a request to the trigger's own webhook: the clock's (answered in
 * clock/clockCall.ts), or a callback that names no order (a webhook the provider's portal sends
 * without payload). It reads the store (catchUp/readStore.ts) and passes what it found through the
 * one pipeline (pipeline/pass.ts), which drops what callbacks delivered and records the new place in
 * the same step. A catch-up that fails (the store could not be read whole, the account's store is
 * not known) emits nothing and records nothing as read; `failureOf` says why.
 */

/** One catch-up at a time per trigger in a process: a second waits for the first and reads after it. */
const running = new Map<string, Promise<unknown>>();

async function oneAtATime<T>(key: string, run: () => Promise<T>): Promise<T> {
	const before = running.get(key) ?? Promise.resolve();
	const mine = before.catch(() => undefined).then(run);
	running.set(key, mine);
	try {
		return await mine;
	} finally {
		if (running.get(key) === mine) running.delete(key);
	}
}

export interface Outcome {
	events: NormalizedEvent[];
	counts: IDataObject;
}

/** A store that could not be read whole: which one, and why (the transport's failure). */
class StoreNotRead extends Error {
	constructor(
		readonly storeId: string,
		readonly reason: unknown,
	) {
		super(`store ${storeId} could not be read`);
	}
}

/** What a failed catch-up says: the store and what failed reading it, or why the store is not known. */
export function failureOf(ctx: IWebhookFunctions, error: unknown): { message: string; description: string } {
	const cause = toNodeError(ctx.getNode(), error instanceof StoreNotRead ? error.reason : error, 0);
	const message = error instanceof StoreNotRead ? `The catch-up could not read store ${error.storeId}: ${cause.message}` : cause.message;
	return { message, description: cause.description ?? '' };
}

/** Who asks for a catch-up: the clock's ticks after the first, its first tick, or a callback that names no order. */
type Asker = 'tick' | 'firstTick' | 'callback';

/** Which young records each asker leaves for the next catch-up (readStore.ts, `HowToRead.settle`). */
const SETTLE: Record<Asker, HowToRead['settle']> = { tick: 'always', firstTick: 'sincePublish', callback: 'never' };

/**
 * One catch-up, after any other of this trigger in this process. A `tick` (the clock's after the
 * first): records younger than a minute wait, and a catch-up within half an interval of the last
 * reads nothing (undefined). The clock's `firstTick`, the first read after a publish: records made
 * since the publish and younger than a minute wait (their callbacks are on their way, maybe to
 * another process); a catch-up a `callback` asks for takes them at once.
 */
export async function catchUp(ctx: IWebhookFunctions, configured: CatchUpSettings, asker: Asker): Promise<Outcome | undefined> {
	const key = triggerKey(ctx);
	return await oneAtATime(key, async () => {
		const now = Date.now();
		const from = readPlace(ctx, now);
		if (asker === 'tick' && now - (from.reader?.last ?? 0) < configured.everyMs / 2) return undefined;
		const settings = await resolveStore(ctx, configured, from.reader);
		const reader = storeReader(ctx, settings.storeId, settings.scope === 'triggerOrders');
		const webhookId = String(ctx.getNode().webhookId ?? '');
		const ours = async (order: IDataObject): Promise<boolean> => {
			if (settings.scope === 'storeOrders') return true;
			return hasTriggerUrls(order, webhookId) ?? hasTriggerUrls(await reader.order(orderIdOf(order)), webhookId) ?? false;
		};
		const read = await readChanges(from, { reader, settings, ours, kind: catchUpEventKind(ctx), now, settle: SETTLE[asker] }).catch((error: unknown) => {
			throw new StoreNotRead(settings.storeId, error);
		});
		// The memory is loaded afresh, compared, written with the new place and saved in one step.
		const passed = pass(ctx, read.events, 'catchUp', read.place);
		const { counts } = passed;
		return {
			events: passed.emitted,
			counts: { ...read.counts, store: settings.storeId, found: counts.events, emitted: counts.emitted, alreadyEmitted: counts.duplicates, filtered: counts.filtered },
		};
	});
}

/**
 * A callback that names no order: a catch-up at once (without waiting for records to settle: the
 * callback says a change just happened). Answered before the reads; when the store cannot be read,
 * the callback's own event is emitted, with `statusError` saying why.
 */
export async function catchUpForCallback(ctx: IWebhookFunctions, settings: CatchUpSettings, unnamed: NormalizedEvent[]): Promise<IWebhookResponseData> {
	ctx.getResponseObject().status(200).json({ received: true, catchUp: true });
	let events: NormalizedEvent[];
	try {
		events = (await catchUp(ctx, settings, 'callback'))?.events ?? [];
	} catch (error) {
		const message = failureOf(ctx, error).message;
		// Events that name no order are told apart by nothing: each is passed on, as the filters allow.
		events = unnamed.map((event): NormalizedEvent => ({ ...event, statusError: message })).filter(eventFilter(ctx));
	}
	const { workflowData } = await emit(ctx, events, {});
	return { noWebhookResponse: true, ...(workflowData ? { workflowData } : {}) };
}

/**
 * The store the catch-up reads: the one picked or typed; else the one it read last (`lastRead`); else
 * the account's only store, asked of the service (`GET store`). An account with none or several
 * stores is an error saying which, so the publish (or the catch-up's clock) shows it.
 */
export async function resolveStore(ctx: IHookFunctions | IWebhookFunctions, settings: CatchUpSettings, lastRead?: ReaderState): Promise<CatchUpSettings> {
	if (settings.storeId !== '') return settings;
	const read = lastRead;
	if (read && read.scope.startsWith(`${settings.scope}:`)) return { ...settings, storeId: storeOfScope(read.scope) };
	const stores = await readStores(ctx);
	if (stores.length === 1) return { ...settings, storeId: checkPathId(stores[0].id, 'Store') };
	const turnOff = 'or set Catch Up Missed Events to Off.';
	if (stores.length === 0) {
		throw new NodeOperationError(ctx.getNode(), 'The catch-up has no store to read: your account has none', {
			description: `Join a store first (Print Store > Store > Join with Invite Key), ${turnOff}`,
		});
	}
	const shown = stores.slice(0, 5).map(storeLabel).join(', ');
	throw new NodeOperationError(ctx.getNode(), `The catch-up does not know which store to read: your account has ${stores.length} stores`, {
		description: `Pick the trigger's Store (${shown}${stores.length > 5 ? ', ...' : ''}), ${turnOff}`,
	});
}
