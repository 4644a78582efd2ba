import type { IDataObject } from 'n8n-workflow';

import { isRecord } from './json';

/**
 * Where earlier versions of the package listed an active Print Store Trigger's callback URLs (secret
 * included), in the workflow's global static data, for Print Store > Create. Nothing writes it any
 * more: the addresses are derived (shared/callbacks/urls.ts, secrets.ts). Create still reads an
 * entry for a trigger that was activated back then and has no credential to derive from, until the
 * trigger's next deactivation removes it.
 */
const REGISTRY_KEY = 'printStoreTriggerCallbacks';

export interface LegacyCallbacks {
	statusUrl: string;
	detailsUrl: string;
}

export function legacyCallbacks(globalStaticData: IDataObject, triggerName: string): LegacyCallbacks | undefined {
	const entries = globalStaticData[REGISTRY_KEY];
	const entry = isRecord(entries) ? entries[triggerName] : undefined;
	if (!isRecord(entry) || typeof entry.statusUrl !== 'string' || typeof entry.detailsUrl !== 'string') return undefined;
	return { statusUrl: entry.statusUrl, detailsUrl: entry.detailsUrl };
}

/** Removes the trigger's entry, and the registry once empty; touches nothing when there is none. */
export function forgetLegacyCallbacks(globalStaticData: IDataObject, triggerName: string): void {
	if (!(REGISTRY_KEY in globalStaticData)) return;
	const entries = globalStaticData[REGISTRY_KEY];
	if (isRecord(entries)) delete entries[triggerName];
	if (!isRecord(entries) || Object.keys(entries).length === 0) delete globalStaticData[REGISTRY_KEY];
}
