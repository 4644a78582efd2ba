import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import type { EventKind, NormalizedEvent } from '../../shared/callbacks/normalize';
import { factsOf, sameRecord, type RecordFacts } from '../memory/door';

/**
 * From version 3 on, the two callbacks of one status change are one event. An order can report each
 * change twice: the status record to its Status Callback URL and a detailed record (which may add
 * the order's fields) to its Status Details Callback URL. The first of the two to arrive starts the
 * workflow; the other starts nothing (the memory knows the change: memory/door.ts, `select`).
 *
 * So that the item still carries what the other callback adds, the first waits here, in this
 * process, up to `PAIR_WAIT_MS` for it. The other callback, arriving meanwhile, hands its record over
 * (`handOver`), is answered at once, and the item goes on with both (`mergePair`). One arriving
 * later, or at another n8n process, still starts nothing: the change was passed on already, with
 * what the first callback carried.
 *
 * The first's sender is answered when the other callback came, or after `ANSWER_WITHIN_MS`: a
 * service that sends each URL's records in order (the next once the last was answered) then keeps
 * its two URLs in step, change by change (answered at once, one URL ran records ahead of the other
 * under load until the waits ran out), and no service waits long for its answer.
 */
const PAIR_WAIT_MS = 10_000;
const ANSWER_WITHIN_MS = 2_000;

interface Waiting {
	facts: RecordFacts;
	event: NormalizedEvent;
	/** The other callback's record, once it came. */
	other?: NormalizedEvent;
	done: () => void;
}

/** Events waiting for their other callback, per trigger (its key: workflow, webhook, mode). */
const waiting = new Map<string, Set<Waiting>>();

/**
 * Holds a callback's new events until the other callback of each change came or `waitMs` passed,
 * then gives them back, each with what both brought. Registers them before it returns (the caller
 * calls it in the same step as the memory recorded them), so no other callback can slip between.
 */
export function holdForOtherCallback(triggerKey: string, events: NormalizedEvent[], waitMs = PAIR_WAIT_MS): Promise<NormalizedEvent[]> {
	const set = waiting.get(triggerKey) ?? new Set<Waiting>();
	waiting.set(triggerKey, set);
	const held = events.map((event) => {
		const facts = factsOf(event);
		if (!facts) return Promise.resolve(withCallbacks(event));
		return new Promise<NormalizedEvent>((resolve) => {
			let finished = false;
			const entry: Waiting = {
				facts,
				event,
				done: () => {
					if (finished) return;
					finished = true;
					set.delete(entry);
					if (set.size === 0 && waiting.get(triggerKey) === set) waiting.delete(triggerKey);
					resolve(entry.other ? mergePair(entry.event, entry.other) : withCallbacks(entry.event));
				},
			};
			set.add(entry);
			void sleep(waitMs).then(entry.done);
		});
	});
	if (set.size === 0) waiting.delete(triggerKey);
	return Promise.all(held);
}

/**
 * Gives each record of the other callback to the event of this process that waits for it; returns
 * how many found one. A record no event waits for (it came too late, or to another process) is
 * dropped: its change was passed on already.
 */
export function handOver(triggerKey: string, records: NormalizedEvent[]): number {
	const set = waiting.get(triggerKey);
	if (!set) return 0;
	let found = 0;
	for (const record of records) {
		const facts = factsOf(record);
		if (!facts) continue;
		const entry = [...set].find((candidate) => !candidate.other && candidate.event.event !== record.event && sameRecord(candidate.facts, facts));
		if (!entry) continue;
		entry.other = record;
		found += 1;
		entry.done();
	}
	return found;
}

function isEmpty(value: unknown): boolean {
	return value === null || value === undefined || (Array.isArray(value) && value.length === 0);
}

/** The event with the list of callbacks that brought it, and the details callback's record under `rawDetails`. */
export function withCallbacks(event: NormalizedEvent, callbacks: EventKind[] = [event.event]): NormalizedEvent {
	const out: NormalizedEvent = { ...event, callbacks };
	if (event.event === 'details') out.rawDetails = event.raw as IDataObject;
	return out;
}

/**
 * One event from the two callbacks of a change: the first's fields, each field it lacks taken from
 * the other; `event` and `raw` stay the first's, `callbacks` lists both in the order they came, and
 * `rawDetails` is the details callback's record as received (where the order's fields come, when
 * the service sends them).
 */
function mergePair(first: NormalizedEvent, other: NormalizedEvent): NormalizedEvent {
	const merged: NormalizedEvent = { ...first };
	for (const [name, value] of Object.entries(other)) {
		if (name === 'raw' || name === 'event' || name === 'receivedAt' || name === 'missingFields') continue;
		if (isEmpty(merged[name]) && !isEmpty(value)) merged[name] = value;
	}
	const missingInOther = new Set((other.missingFields as string[] | undefined) ?? []);
	merged.missingFields = ((first.missingFields as string[] | undefined) ?? []).filter((name) => missingInOther.has(name));
	merged.callbacks = [first.event, other.event];
	merged.rawDetails = (first.event === 'details' ? first.raw : other.raw) as IDataObject;
	return merged;
}

/** Whether the held events went on within `ms` ('paired': the other callbacks came) or not yet ('late'). */
export async function settledWithin(held: Promise<NormalizedEvent[]>, ms = ANSWER_WITHIN_MS): Promise<'paired' | 'late'> {
	return await Promise.race([held.then(() => 'paired' as const), sleep(ms).then(() => 'late' as const)]);
}
