/**
 * Delivery is at least once, so the same event can arrive twice. Each active trigger keeps the keys
 * of recent events for a time window, bounded in count, and lets each key through once.
 * The memory lives in the n8n process: it survives between executions, not across restarts.
 */
const MAX_KEYS_PER_TRIGGER = 10_000;
const MAX_TRIGGERS = 500;

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

/** Returns true the first time a key is seen within the window, false for a repeat. */
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
