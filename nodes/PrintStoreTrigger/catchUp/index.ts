import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { normalizeEvents, type EventKind, type NormalizedEvent } from '../../shared/callbacks/normalize';
import { readField } from '../../shared/json';
import { deliveredBefore } from '../memory/dedupe';
import { eventFilter } from '../webhook/filter';
import { storeReader } from './reader';
import { hasTriggerUrls, orderIdOf, readChanges, type Candidate, type ReadCounts } from './run';
import type { CatchUpSettings } from './settings';
import { later, loadState, saveState, type CatchUpState } from '../memory/catchUpState';

/**
 * A catch-up, run inside a request to the trigger's own webhook (the clock's, catchUp/clock.ts, or a
 * callback that names no order), so it shares the one memory of what was emitted with the
 * callbacks: the node's static data, which n8n loads for each request and saves after it, and this
 * process's copy of it. What it finds (catchUp/run.ts) is compared with that memory and recorded in
 * one synchronous step, so in one process no record is emitted both by a callback and by a
 * catch-up, whichever comes first.
 *
 * Events look like a callback's: the status record normalized, the order's store, reference and
 * Completed, under the first event kind the trigger starts for, with `source: 'catchUp'`.
 */

/** Records younger than this are left for the next catch-up: a callback for them may be on its way. */
export const SETTLE_MS = 60_000;

export interface CatchUpOutcome {
	events: NormalizedEvent[];
	counts: ReadCounts & { found: number; emitted: number; alreadyEmitted: number; filtered: number };
}

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

/** Every form a callback's key for this record could have: either event kind, the order by ID or number, with and without the time. */
export function callbackKeys(event: NormalizedEvent): string[] {
	const orders = [event.OrderID, event.OrderNumber].filter((value) => value !== null && value !== undefined && value !== '');
	const statuses = [event.StatusID, event.StatusDescription].filter((value) => value !== null && value !== undefined && value !== '');
	const items = [...new Set([[event.ItemID, event.ProductID].join('|'), '|'])];
	const keys: string[] = [];
	for (const kind of ['status', 'details']) {
		for (const order of orders) {
			for (const item of items) {
				for (const status of statuses) {
					for (const time of [event.Timestamp ?? '', '']) keys.push([kind, order, item, status, time].join('|'));
				}
			}
		}
	}
	return [...new Set(keys)];
}

function toEvent(candidate: Candidate, kind: EventKind, storeId: string, receivedAt: Date): NormalizedEvent {
	const [event] = normalizeEvents(candidate.record, kind, receivedAt);
	const { order } = candidate;
	const reference = readField(order, 'PartnerOrderReference');
	return {
		...event,
		OrderID: event.OrderID ?? (orderIdOf(order) || null),
		StoreID: event.StoreID ?? storeId,
		PartnerOrderReference: event.PartnerOrderReference ?? (typeof reference === 'string' ? reference : null),
		Completed: candidate.completes,
		source: 'catchUp',
	};
}

/** Where the catch-up's events go: the first kind of event the trigger starts for (status, unless only details). */
function eventKind(ctx: IWebhookFunctions): EventKind {
	const kinds = ctx.getNodeParameter('events', ['status', 'details']) as string[];
	return kinds.length === 0 || kinds.includes('status') ? 'status' : 'details';
}

/**
 * The state after a catch-up: what it read, over what other requests recorded meanwhile (healed
 * copies): for each order, the one further along.
 */
function commit(read: CatchUpState, current: CatchUpState | undefined): CatchUpState {
	if (!current || current.scope !== read.scope) return { ...read, rev: Math.max(read.rev, current?.rev ?? 0) };
	const orders = { ...read.orders };
	for (const [id, entry] of Object.entries(current.orders)) {
		const mine = orders[id];
		if (mine && entry.n > mine.n) orders[id] = entry;
	}
	return { ...read, rev: Math.max(read.rev, current.rev), newest: later(read.newest, current.newest), orders };
}

export async function runCatchUp(ctx: IWebhookFunctions, settings: CatchUpSettings, triggerKey: string, settleMs: number): Promise<CatchUpOutcome> {
	return await oneAtATime(triggerKey, async () => {
		const nodeStaticData = ctx.getWorkflowStaticData('node') as IDataObject;
		const reader = storeReader(ctx, settings.storeId, settings.scope === 'triggerOrders');
		const webhookId = String(ctx.getNode().webhookId ?? '');
		const ours = async (order: IDataObject): Promise<boolean> => {
			if (settings.scope === 'storeOrders') return true;
			return hasTriggerUrls(order, webhookId) ?? hasTriggerUrls(await reader.order(orderIdOf(order)), webhookId) ?? false;
		};
		const now = Date.now();
		const read = await readChanges(reader, loadState(nodeStaticData, triggerKey), settings, ours, now, settleMs);

		// From here on nothing awaits: the memory is read, compared and written in one step.
		const kind = eventKind(ctx);
		const receivedAt = new Date();
		const found = read.candidates.map((candidate) => toEvent(candidate, kind, settings.storeId, receivedAt));
		const delivered = deliveredBefore(nodeStaticData, triggerKey);
		const fresh = found.filter((event) => !callbackKeys(event).some(delivered));
		const events = fresh.filter(eventFilter(ctx));
		saveState(nodeStaticData, triggerKey, commit(read.state, loadState(nodeStaticData, triggerKey)));
		return {
			events,
			counts: { ...read.counts, found: found.length, emitted: events.length, alreadyEmitted: found.length - fresh.length, filtered: fresh.length - events.length },
		};
	});
}
