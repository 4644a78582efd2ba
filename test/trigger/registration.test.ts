/**
 * Re-activation after the trigger was edited: the URLs it gives Print Store > Create must follow the
 * new settings, or orders created from then on carry addresses that are refused.
 * The trigger runs through n8n-core's HookContext and WebhookContext (test/helpers/trigger.ts).
 */
import { startTrigger, useTriggerHosts } from '../helpers/trigger';

const hosts = useTriggerHosts();

const record = JSON.stringify({ OrderID: 'ord_r', StatusID: 4, StatusDescription: 'Shipped' });

test('a new Callback Secret replaces the registered one on re-activation; URLs with the old one are refused', async () => {
	const host = await startTrigger({ parameters: { options: { callbackSecret: 'first-secret-1' } } });
	hosts.push(host);
	await host.activate();
	const oldUrl = host.registeredUrl('status');
	expect(oldUrl).toBe(`${host.pathUrl('status')}/first-secret-1`);

	host.setParameters({ options: { callbackSecret: 'second-secret-2' } });
	await host.activate();
	expect(host.secret()).toBe('second-secret-2');
	expect(host.registeredUrl('status')).toBe(`${host.pathUrl('status')}/second-secret-2`);
	expect((await host.postTo(host.registeredUrl('status'), record)).emitted).toHaveLength(1);
	expect((await host.postTo(oldUrl, record)).status).toBe(403);
});

test('the same Callback Secret and placement keep the registration (and its time) across re-activation', async () => {
	const host = await startTrigger({ parameters: { options: { callbackSecret: 'kept-secret-3' } } });
	hosts.push(host);
	await host.activate();
	const registration = { ...(host.staticData['node:Print Store Trigger'] as object) };
	await new Promise((resolve) => setTimeout(resolve, 5));
	await host.activate();
	expect(host.staticData['node:Print Store Trigger']).toEqual(registration);
});

test('without a Callback Secret, the generated secret is kept across re-activation (an n8n restart)', async () => {
	const host = await startTrigger({});
	hosts.push(host);
	await host.activate();
	const secret = host.secret();
	const url = host.registeredUrl('status');
	await host.activate();
	expect([host.secret(), host.registeredUrl('status')]).toEqual([secret, url]);
	expect((await host.postTo(url, record)).emitted).toHaveLength(1);
});

test('a changed Secret in Callback URLs re-registers the URLs in the new form, same secret', async () => {
	const host = await startTrigger({ parameters: { options: { callbackSecret: 'placed-secret-4' } } });
	hosts.push(host);
	await host.activate();
	expect(host.registeredUrl('details')).toBe(`${host.pathUrl('details')}/placed-secret-4`);
	host.setParameters({ options: { callbackSecret: 'placed-secret-4', secretPlacement: 'query' } });
	await host.activate();
	expect(host.registeredUrl('status')).toBe(`${host.url('status')}?secret=placed-secret-4`);
	expect(host.registeredUrl('details')).toBe(`${host.url('details')}?secret=placed-secret-4`);
});
