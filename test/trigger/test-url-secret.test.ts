/**
 * A test URL (the editor's "listen for test event") without a fixed Callback Secret: a sample sent
 * by hand without a secret starts the workflow, but a secret that is given must still be the right one.
 */
import { startTrigger, useTriggerHosts } from '../helpers/trigger';

const hosts = useTriggerHosts();

const sample = JSON.stringify({ OrderID: 'ord_t', StatusID: 4, StatusDescription: 'Shipped' });

test('no secret: taken; the registered secret: taken; a wrong secret: refused with 403', async () => {
	const host = await startTrigger({ mode: 'manual' });
	hosts.push(host);
	await host.activate();
	expect((await host.post('status', sample)).status).toBe(200);
	expect((await host.post('status', JSON.stringify({ OrderID: 'ord_u', StatusID: 4 }), { query: `?secret=${host.secret()}` })).status).toBe(200);
	const wrong = await host.post('status', JSON.stringify({ OrderID: 'ord_v', StatusID: 4 }), { query: '?secret=not-the-secret' });
	expect(wrong.status).toBe(403);
	expect(wrong.emitted).toBeUndefined();
});
