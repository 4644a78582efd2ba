import { createHash } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

/**
 * Delivery is at least once, so the same event can arrive twice, and in queue mode the second
 * delivery may reach another webhook process. Two memories keep it to one execution:
 * - this process's memory, per trigger, bounded, answers at once and survives between requests;
 * - with "Remember Events Across Processes (Queue Mode)" on, also the trigger's node static data, which n8n
 *   reloads from its database for every webhook request and saves before answering it, so a retry
 *   that lands on another process finds the first. That costs a database write per new event
 *   (bench/RESULTS.md), which a single n8n process does not need, so it is an option.
 * Deliveries that arrive at two processes at the very same moment can both pass: each process
 * decides before it sees what the other saved (README, "The Print Store Trigger", Guarantees).
 */
const MAX_KEYS_PER_TRIGGER = 10_000;
const MAX_TRIGGERS = 500;
/** Static data is saved on every new event, so what it holds stays small: hashed keys, the newest first to go. */
const MAX_SHARED_KEYS = 500;
const SHARED_KEY = 'recentEvents';

const memories = new Map<string, Map<string, number>>();

function memoryFor(triggerKey: string): Map<string, number> {
	let memory = memories.get(triggerKey);
	if (memory) {
		// Re-insert so the least recently used trigger is the one dropped when full.
		memories.delete(triggerKey);
		memories.set(triggerKey, memory);
		return memory;
	}
	memory = new Map();
	memories.set(triggerKey, memory);
	if (memories.size > MAX_TRIGGERS) memories.delete(memories.keys().next().value as string);
	return memory;
}

/** Returns true the first time a key is seen within the window in this process, false for a repeat. */
export function firstSighting(triggerKey: string, eventKey: string, windowMs: number, now = Date.now()): boolean {
	const memory = memoryFor(triggerKey);
	const seenUntil = memory.get(eventKey);
	if (seenUntil !== undefined && seenUntil > now) return false;
	memory.delete(eventKey);
	memory.set(eventKey, now + windowMs);
	// Oldest first: drop expired keys and anything over the bound.
	for (const [key, until] of memory) {
		if (until > now && memory.size <= MAX_KEYS_PER_TRIGGER) break;
		memory.delete(key);
	}
	return true;
}

export function forgetTrigger(triggerKey: string): void {
	memories.delete(triggerKey);
}

function shortKey(eventKey: string): string {
	return createHash('sha256').update(eventKey).digest('base64url').slice(0, 22);
}

function sharedEntries(nodeStaticData: IDataObject, now: number): Record<string, number> {
	const stored = nodeStaticData[SHARED_KEY];
	const live: Record<string, number> = {};
	if (stored && typeof stored === 'object' && !Array.isArray(stored)) {
		for (const [key, until] of Object.entries(stored as IDataObject)) {
			if (typeof until === 'number' && until > now) live[key] = until;
		}
	}
	return live;
}

/**
 * Which of `eventKeys` are seen for the first time, by this process or (through the node's static
 * data) by any other process serving this trigger. Records the new ones in both memories.
 */
export function firstDeliveries(
	nodeStaticData: IDataObject | undefined,
	triggerKey: string,
	eventKeys: string[],
	windowMs: number,
	now = Date.now(),
): boolean[] {
	if (!nodeStaticData) return eventKeys.map((eventKey) => firstSighting(triggerKey, eventKey, windowMs, now));
	const shared = sharedEntries(nodeStaticData, now);
	const fresh = eventKeys.map((eventKey) => {
		const key = shortKey(eventKey);
		const seenElsewhere = shared[key] !== undefined;
		const firstHere = firstSighting(triggerKey, eventKey, windowMs, now);
		if (seenElsewhere || !firstHere) return false;
		shared[key] = now + windowMs;
		return true;
	});
	if (fresh.some(Boolean)) {
		const newestFirst = Object.entries(shared).sort((a, b) => b[1] - a[1]).slice(0, MAX_SHARED_KEYS);
		// A new object, so n8n notices the change and saves it with the workflow.
		nodeStaticData[SHARED_KEY] = Object.fromEntries(newestFirst);
	}
	return fresh;
}

export function forgetSharedEvents(nodeStaticData: IDataObject): void {
	delete nodeStaticData[SHARED_KEY];
}
