/**
 * The callback registry of 0.1.0 (nodes/shared/legacyCallbacks.ts), read until each trigger's next
 * deactivation: forgetting one trigger leaves the others that still have orders reporting to them.
 */
import type { IDataObject } from 'n8n-workflow';

import { forgetLegacyCallbacks, legacyCallbacks } from '../../nodes/shared/legacyCallbacks';

const KEY = 'printStoreTriggerCallbacks';
const urls = (name: string) => ({ statusUrl: `https://n8n.example.com/webhook/${name}/status`, detailsUrl: `https://n8n.example.com/webhook/${name}/details` });

test("forgetting one trigger keeps the others' entries; the registry goes with its last entry", () => {
	const staticData: IDataObject = { [KEY]: { 'Trigger A': urls('a'), 'Trigger B': urls('b') }, other: 1 };
	forgetLegacyCallbacks(staticData, 'Trigger A');
	expect(legacyCallbacks(staticData, 'Trigger A')).toBeUndefined();
	expect(legacyCallbacks(staticData, 'Trigger B')).toEqual(urls('b'));
	forgetLegacyCallbacks(staticData, 'Trigger B');
	expect(staticData).toEqual({ other: 1 });
});

test('a registry that is no object is removed; static data without one is left as it is', () => {
	const damaged: IDataObject = { [KEY]: 'garbage' };
	forgetLegacyCallbacks(damaged, 'Trigger A');
	expect(damaged).toEqual({});
	const none: IDataObject = { other: 1 };
	forgetLegacyCallbacks(none, 'Trigger A');
	expect(none).toEqual({ other: 1 });
});
