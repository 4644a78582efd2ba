import type { IDataObject } from 'n8n-workflow';

/**
 * The copies of a trigger's node static data that this process's requests hold. n8n loads the
 * static data anew for every webhook request and saves the request's copy, whole, when it ends, and
 * on n8n 1.x also when the execution it started ends, which can be long after other requests saved
 * theirs. A copy saved late must not take back what other requests recorded meanwhile, so every
 * entry recorded is written into every copy still held (each kept only as long as n8n keeps it:
 * WeakRef): whichever copy is saved last holds everything this process recorded.
 */
const MAX_COPIES = 200;
const copies = new Map<string, Array<WeakRef<IDataObject>>>();

/** Keeps the copy of a request of this trigger (once), and forgets the copies n8n has let go of. */
export function holdCopy(triggerKey: string, nodeStaticData: IDataObject): void {
	const held = (copies.get(triggerKey) ?? []).filter((ref) => ref.deref() !== undefined);
	if (!held.some((ref) => ref.deref() === nodeStaticData)) held.push(new WeakRef(nodeStaticData));
	copies.set(triggerKey, held.slice(-MAX_COPIES));
}

/** Every copy of this trigger's static data still held, the given one first. */
export function heldCopies(triggerKey: string, nodeStaticData: IDataObject): IDataObject[] {
	holdCopy(triggerKey, nodeStaticData);
	const others = (copies.get(triggerKey) ?? []).map((ref) => ref.deref()).filter((copy): copy is IDataObject => copy !== undefined && copy !== nodeStaticData);
	return [nodeStaticData, ...others];
}

export function forgetCopies(triggerKey: string): void {
	copies.delete(triggerKey);
}
