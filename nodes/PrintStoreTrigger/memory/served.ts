import { keepRecent, MAX_SERVED, type Memory } from './shape';

/**
 * Where n8n processes were seen serving the trigger (the root n8n listens on, as a request showed
 * it): addresses the catch-up's clock may call (clock/reach.ts). This process notes its own as its
 * requests show it; with a shared memory the address goes into the memory with this process's next
 * save of it (copies.ts, `saveMemory`), not in a save of its own: a request that passes nothing on
 * writes nothing, so n8n saves nothing that could overwrite what another process saved at that
 * moment.
 */

/** Where this process was seen serving each trigger, to be kept in its memory with the next save. */
const servedNoted = new Map<string, string>();

/** Notes where this process serves a trigger. */
export function noteServed(key: string, root: string): void {
	if (servedNoted.get(key) !== root) keepRecent(servedNoted, key, root);
}

/** Where this process was seen serving the trigger, or undefined. */
export function notedServed(key: string): string | undefined {
	return servedNoted.get(key);
}

export function forgetServed(key: string): void {
	servedNoted.delete(key);
}

/** Adds an address where a process serves the trigger; false when it was known already. */
export function rememberServedAt(memory: Memory, address: string): boolean {
	if (memory.served?.includes(address)) return false;
	memory.served = [address, ...(memory.served ?? [])].slice(0, MAX_SERVED);
	return true;
}

/**
 * Where n8n processes were seen serving the trigger, this process's knowledge first (what it noted,
 * then the memories given: this process's, then the static data's), read without merging or keeping
 * anything: for the catch-up's clock, whose copy of the static data n8n never saves.
 */
export function servedAddresses(key: string, memories: Array<Memory | undefined>): string[] {
	const noted = servedNoted.get(key);
	return [...new Set([...(noted ? [noted] : []), ...memories.flatMap((memory) => memory?.served ?? [])])].slice(0, MAX_SERVED);
}
