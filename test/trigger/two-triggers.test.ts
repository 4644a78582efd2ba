/**
 * Two Print Store Triggers in one workflow: each keeps its own entry in the workflow's registry, and
 * Print Store > Create (callbacks from the trigger) must be told which one to use.
 * Triggers run through n8n-core's contexts (test/helpers/trigger.ts), Create through n8n's engine,
 * against the sandbox.
 */
import type { IDataObject } from 'n8n-workflow';

import { runPrintStore } from '../helpers/engine';
import { credentialsFor, useSandbox } from '../helpers/sandbox';
import { startTrigger, useTriggerHosts } from '../helpers/trigger';

const env = useSandbox();

const hosts = useTriggerHosts();

async function twoTriggers(staticData: IDataObject) {
	const credentials = await credentialsFor(env.sandbox);
	const a = await startTrigger({ name: 'Trigger A', staticData, credentials });
	const b = await startTrigger({ name: 'Trigger B', staticData, credentials });
	hosts.push(a, b);
	await a.activate();
	await b.activate();
	return { a, b, credentials };
}

const order = { Product: { ID: 'postcard-4x6', Quantity: 5 }, Recipient: { NameFirst: 'Ada', AddressLine1: '1 Way', City: 'London', Country: 'GB' } };

test('each trigger keeps its own entry; deactivating one leaves the other', async () => {
	const staticData: IDataObject = {};
	const { a, b } = await twoTriggers(staticData);
	const registry = () => (staticData.global as IDataObject).printStoreTriggerCallbacks as IDataObject;
	expect(Object.keys(registry())).toEqual(['Trigger A', 'Trigger B']);
	expect((registry()['Trigger B'] as IDataObject).statusUrl).toBe(b.registeredUrl('status'));
	await a.deactivate();
	expect(Object.keys(registry())).toEqual(['Trigger B']);
	await b.deactivate();
	expect((staticData.global as IDataObject).printStoreTriggerCallbacks).toBeUndefined();
});

test('a registry entry that is not an object (old or damaged data) is replaced on activation', async () => {
	const staticData: IDataObject = { global: { printStoreTriggerCallbacks: 'damaged' } };
	const host = await startTrigger({ staticData });
	hosts.push(host);
	await host.activate();
	expect((staticData.global as IDataObject).printStoreTriggerCallbacks).toEqual({
		'Print Store Trigger': { statusUrl: host.registeredUrl('status'), detailsUrl: host.registeredUrl('details'), registeredAt: expect.any(String) },
	});
});

test('Create asks which trigger to use, uses the one named, and names an unknown one; nothing is sent until it can tell', async () => {
	const staticData: IDataObject = {};
	const { b, credentials } = await twoTriggers(staticData);
	const create = (callbackTrigger?: string) =>
		runPrintStore({
			parameters: {
				resource: 'order',
				operation: 'create',
				storeId: env.sandbox.storeId,
				inputMode: 'json',
				orderItemJson: JSON.stringify(order),
				statusCallbacks: 'trigger',
				...(callbackTrigger === undefined ? {} : { callbackTrigger }),
			},
			credentials,
			staticData,
		});
	const either = await create();
	expect(either.error?.message).toBe('This workflow has several active Print Store Triggers ("Trigger A", "Trigger B")');
	const unknown = await create('Trigger C');
	expect(unknown.error?.message).toBe('No active Print Store Trigger named "Trigger C" in this workflow');
	expect((await env.api.orders()).length).toBe(0);

	const chosen = await create(' Trigger B ');
	expect(chosen.error).toBeUndefined();
	const [stored] = await env.api.orders();
	expect((stored.OrderDetails as IDataObject).StatusCallbackUrl).toBe(`${b.registeredUrl('status')}/${env.sandbox.storeId}`);
});

test('Create skips registry entries that are not objects, and says so when no trigger is active', async () => {
	const credentials = await credentialsFor(env.sandbox);
	const parameters = { resource: 'order', operation: 'create', storeId: env.sandbox.storeId, inputMode: 'json', orderItemJson: JSON.stringify(order), statusCallbacks: 'trigger' };
	const none = await runPrintStore({ parameters, credentials, staticData: {} });
	expect(none.error?.message).toBe('No active Print Store Trigger in this workflow');
	const staticData: IDataObject = {};
	const host = await startTrigger({ staticData, credentials });
	hosts.push(host);
	await host.activate();
	((staticData.global as IDataObject).printStoreTriggerCallbacks as IDataObject)['Old Trigger'] = 'damaged';
	const created = await runPrintStore({ parameters, credentials, staticData });
	expect(created.error).toBeUndefined();
	const [stored] = await env.api.orders();
	expect((stored.OrderDetails as IDataObject).StatusCallbackUrl).toBe(`${host.registeredUrl('status')}/${env.sandbox.storeId}`);
});
