import type { IDataObject } from 'n8n-workflow';

/**
 * Where an active Print Store Trigger records its callback URLs, in the workflow's global static
 * data, so Print Store > Create in the same workflow can send them with each order.
 */
const REGISTRY_KEY = 'printStoreTriggerCallbacks';

export interface CallbackRegistration {
	statusUrl: string;
	detailsUrl: string;
	registeredAt: string;
}

function registry(globalStaticData: IDataObject): IDataObject {
	const existing = globalStaticData[REGISTRY_KEY];
	if (existing && typeof existing === 'object' && !Array.isArray(existing)) return existing as IDataObject;
	const created: IDataObject = {};
	globalStaticData[REGISTRY_KEY] = created;
	return created;
}

export function registerCallbacks(globalStaticData: IDataObject, triggerName: string, entry: CallbackRegistration) {
	registry(globalStaticData)[triggerName] = { ...entry };
}

export function unregisterCallbacks(globalStaticData: IDataObject, triggerName: string) {
	const entries = registry(globalStaticData);
	delete entries[triggerName];
	if (Object.keys(entries).length === 0) delete globalStaticData[REGISTRY_KEY];
}

export function registeredCallbacks(globalStaticData: IDataObject): Array<CallbackRegistration & { trigger: string }> {
	const entries = globalStaticData[REGISTRY_KEY];
	if (!entries || typeof entries !== 'object') return [];
	return Object.entries(entries as IDataObject)
		.filter(([, value]) => value && typeof value === 'object')
		.map(([trigger, value]) => ({ trigger, ...(value as unknown as CallbackRegistration) }));
}
