/**
 * What an activation leaves behind: nothing. The trigger's secret is derived (credential, workflow,
 * webhook ID), so re-activation, an n8n restart or another process finds the same one without
 * reading static data, and edits to the trigger take effect at once.
 * The trigger runs through n8n-core's HookContext and WebhookContext (test/helpers/trigger.ts).
 */
import type { IDataObject } from 'n8n-workflow';

import { startTrigger, storedState, useTriggerHosts } from '../helpers/trigger';

const hosts = useTriggerHosts();

const record = JSON.stringify({ OrderID: 'ord_r', StatusID: 4, StatusDescription: 'Shipped' });

test('a new Callback Secret takes over at once; URLs with the old one are refused', async () => {
	const host = await startTrigger({ parameters: { options: { callbackSecret: 'first-secret-1' } } });
	hosts.push(host);
	await host.activate();
	const oldUrl = host.createUrl('status');
	expect(oldUrl).toBe(`${host.pathUrl('status')}/first-secret-1`);

	host.setParameters({ options: { callbackSecret: 'second-secret-2' } });
	await host.activate();
	expect(host.createUrl('status')).toBe(`${host.pathUrl('status')}/second-secret-2`);
	expect((await host.postTo(host.createUrl('status'), record)).emitted).toHaveLength(1);
	expect((await host.postTo(oldUrl, record)).status).toBe(403);
});

test('activation, re-activation (an n8n restart) and deactivation store nothing, with or without a Callback Secret', async () => {
	for (const options of [{}, { callbackSecret: 'kept-secret-3' }, { acrossProcesses: true }]) {
		const staticData: IDataObject = {};
		const host = await startTrigger({ parameters: { options }, staticData });
		hosts.push(host);
		await host.activate();
		await host.activate();
		expect(storedState(staticData)).toEqual({});
		await host.deactivate();
		expect(storedState(staticData)).toEqual({});
	}
});

test('a changed Secret in Callback URLs changes the form Create sends, not the secret; both forms are accepted', async () => {
	const host = await startTrigger({});
	hosts.push(host);
	await host.activate();
	const pathForm = host.createUrl('details');
	expect(pathForm).toBe(`${host.pathUrl('details')}/${host.secret()}`);
	host.setParameters({ options: { secretPlacement: 'query' } });
	expect(host.createUrl('status')).toBe(`${host.url('status')}?secret=${host.secret()}`);
	expect((await host.postTo(host.createUrl('status'), record)).status).toBe(200);
	expect((await host.postTo(pathForm, record)).status).toBe(200);
});
