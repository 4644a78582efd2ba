/**
 * Every guarantee of the Print Store Trigger, in milliseconds: its activation and each callback run
 * through n8n-core's own HookContext and WebhookContext (test/helpers/trigger.ts), callbacks sent as
 * real HTTP. The real-n8n suite (test/e2e/trigger.test.ts, hostile-callbacks.test.ts) proves the same
 * inside n8n.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPrintStore, StoredCredentials } from '../helpers/engine';
import { credentialsFor, useSandbox } from '../helpers/sandbox';
import { startTrigger, statusRecord, type TriggerHost, storedState, useTriggerHosts } from '../helpers/trigger';

const record = (order: string, statusId = 4, extra: IDataObject = {}) => JSON.stringify(statusRecord(order, statusId, extra));

const hosts = useTriggerHosts();
async function activeTrigger(parameters: INodeParameters = {}, options: Parameters<typeof startTrigger>[0] = {}) {
	const host = await startTrigger({ parameters, ...options });
	hosts.push(host);
	await host.activate();
	return host;
}
describe('activation', () => {
	test('the secret is derived from the credential, the workflow and the webhook ID: activation stores nothing, and it is the same after re-activation', async () => {
		const staticData: IDataObject = {};
		const host = await activeTrigger({}, { staticData });
		const secret = host.secret();
		expect(secret).toMatch(/^[0-9a-f]{64}$/);
		expect(storedState(staticData)).toEqual({});
		expect((await host.postTo(host.createUrl('status'), record('a'))).status).toBe(200);
		expect((await host.post('status', record('a2'), { query: `?secret=${secret}` })).status).toBe(200);
		expect((await host.post('details', record('a3'), { query: `/${secret}` })).status).toBe(200);
		await host.deactivate();
		await host.activate();
		// Orders created before a deactivation or an n8n restart report again once the workflow is active.
		expect((await host.postTo(host.createUrl('status'), record('b'))).status).toBe(200);
		expect(storedState(staticData)).toEqual({});
	});

	test('another webhook ID, another credential secret: another secret, and the old one is refused', async () => {
		const credentials = new StoredCredentials();
		credentials.set('cred-1', { subscriptionKey: 'key-1', clientSecret: 'client-secret-1' });
		const first = await activeTrigger({}, { credentials });
		const second = await activeTrigger({}, { credentials });
		expect(first.secret()).not.toBe(second.secret());
		expect((await first.post('status', record('c1'), { query: `?secret=${second.secret()}` })).status).toBe(403);
		const before = first.createUrl('status');
		credentials.set('cred-1', { subscriptionKey: 'key-1', clientSecret: 'client-secret-2' });
		expect(first.createUrl('status')).not.toBe(before);
		expect((await first.postTo(before, record('c2'))).status).toBe(403);
		expect((await first.postTo(first.createUrl('status'), record('c3'))).status).toBe(200);
	});

	test('without a credential, activation fails and says what to do, unless a Callback Secret is set', async () => {
		const host = await startTrigger({ credential: false });
		hosts.push(host);
		await expect(host.activate()).rejects.toMatchObject({
			message: 'The trigger has no credential to derive its callback secret from',
			description: expect.stringMatching(/^Select your Print Store credential on the trigger.*Or set Options > Callback Secret, for orders created outside this workflow\.$/),
		});
		host.setParameters({ options: { callbackSecret: 'own-secret-7' } });
		await host.activate();
		expect((await host.post('status', record('d'), { query: '/own-secret-7' })).status).toBe(200);
	});

	test('"Listen for test event" needs neither a credential nor a Callback Secret: the test URL takes a sample without one', async () => {
		const host = await startTrigger({ credential: false, mode: 'manual' });
		hosts.push(host);
		await host.activate();
		const sample = await host.post('status', record('t1'));
		expect([sample.status, sample.emitted?.length]).toEqual([200, 1]);
	});

	test('"As a Query Parameter" gives Create ?secret= URLs; a fixed secret that a path segment would mangle goes in the query too', async () => {
		const query = await activeTrigger({ options: { secretPlacement: 'query' } });
		expect(query.createUrl('status')).toBe(`${query.url('status')}?secret=${query.secret()}`);
		expect((await query.postTo(query.createUrl('details'), record('q1'))).emitted).toHaveLength(1);
		const slashed = await activeTrigger({ options: { callbackSecret: 'a/b c?d' } });
		expect(slashed.createUrl('status')).toBe(`${slashed.url('status')}?secret=${encodeURIComponent('a/b c?d')}`);
		expect((await slashed.postTo(slashed.createUrl('status'), record('s1'))).emitted).toHaveLength(1);
	});

	test('a fixed Callback Secret replaces the derived one, and clearing it brings the derived one back', async () => {
		const host = await activeTrigger();
		const derived = host.secret();
		host.setParameters({ options: { callbackSecret: 'my-own-secret-1' } });
		expect(host.secret()).toBe('my-own-secret-1');
		expect((await host.post('status', record('f1'), { query: '/my-own-secret-1' })).status).toBe(200);
		expect((await host.post('status', record('f2'), { query: `/${derived}` })).status).toBe(403);
		host.setParameters({ options: {} });
		expect((await host.post('status', record('f3'), { query: '/my-own-secret-1' })).status).toBe(403);
		expect((await host.post('status', record('f4'), { query: `/${derived}` })).status).toBe(200);
	});

	test('a registration kept by an earlier version is honoured until deactivation, which removes it and its registry entry', async () => {
		const legacyUrl = 'https://n8n.example.com/webhook/x/status?secret=legacy-secret-0123456789';
		const staticData: IDataObject = {
			'node:Print Store Trigger': { registration: { secret: 'legacy-secret-0123456789', statusUrl: legacyUrl, detailsUrl: legacyUrl, registeredAt: '2026-01-01T00:00:00Z' } },
			global: { printStoreTriggerCallbacks: { 'Print Store Trigger': { statusUrl: legacyUrl, detailsUrl: legacyUrl, registeredAt: '2026-01-01T00:00:00Z' } } },
		};
		const host = await activeTrigger({}, { staticData, credential: false });
		expect((await host.post('status', record('l1'), { query: '?secret=legacy-secret-0123456789' })).status).toBe(200);
		await host.deactivate();
		expect(staticData).toEqual({ 'node:Print Store Trigger': {}, global: {} });
		expect((await host.post('status', record('l2'), { query: '?secret=legacy-secret-0123456789' })).status).toBe(403);
	});
});

describe('the secret check', () => {
	test.each([
		['no secret', '', 401, 'Missing callback secret'],
		['an empty secret', '?secret=', 401, 'Missing callback secret'],
		['a wrong secret', '?secret=nope', 403, 'Wrong callback secret'],
		['the secret under another name', '?token=SECRET', 401, 'Missing callback secret'],
	])('%s → %d, nothing started', async (_name, query, status, error) => {
		const host = await activeTrigger();
		const delivery = await host.post('status', record('x'), { query: query.replace('SECRET', host.secret()) });
		expect(delivery.status).toBe(status);
		expect(delivery.answer).toEqual({ received: false, error });
		expect(delivery.emitted).toBeUndefined();
	});

	test.each([
		['status', '/SECRET', 200],
		['details', '/SECRET', 200],
		['status', '/SECRET/store_1001', 200],
		['status', '?secret=SECRET&store=store_1001', 200],
		['status', '/SECRET?secret=nope', 200],
		['status', '/nope', 403],
		['details', '/nope/store_1001', 403],
		['status', '/nope?secret=SECRET', 403],
		['status', '/', 404],
	] as const)('the secret as a path segment or query: %s%s → %d', async (kind, suffix, status) => {
		const host = await activeTrigger();
		const delivery = await host.post(kind, record(`p-${kind}-${suffix}`), { query: suffix.replace('SECRET', host.secret()) });
		expect(delivery.status).toBe(status);
		// (A path-form address without a secret is no route at all: n8n answers 404 before the trigger.)
		if (status === 200) expect(delivery.emitted).toHaveLength(1);
		else expect(delivery.emitted).toBeUndefined();
	});

	test('a path-form address of neither callback is refused, even with the right secret', async () => {
		const host = await activeTrigger();
		const url = `${host.pathUrl('status').replace(/\/status$/, '/orders')}/${host.secret()}`;
		const delivery = await host.postTo(url, record('unknown-kind'));
		expect(delivery.status).toBe(404);
		expect(delivery.emitted).toBeUndefined();
	});

	test('a test URL takes a hand-sent sample without a secret, unless a fixed secret is set', async () => {
		const open = await activeTrigger({}, { mode: 'manual' });
		expect((await open.post('status', record('t1'))).emitted).toHaveLength(1);
		const guarded = await activeTrigger({ options: { callbackSecret: 'fixed-secret-2' } }, { mode: 'manual' });
		expect((await guarded.post('status', record('t2'))).status).toBe(401);
		expect((await guarded.post('status', record('t2'), { query: '?secret=fixed-secret-2' })).emitted).toHaveLength(1);
	});
});

describe('bodies', () => {
	let host: TriggerHost;
	let q: string;
	beforeEach(async () => {
		host = await activeTrigger();
		q = `?secret=${host.secret()}`;
	});

	test.each([
		['over 1 MiB', JSON.stringify({ OrderID: 'big', StatusID: 4, pad: 'x'.repeat(1024 * 1024) }), 'application/json', 413],
		['nested deeper than 32 levels', `${'{"data":'.repeat(40)}{}${'}'.repeat(40)}`, 'application/json', 400],
		['more than 1,000 records', JSON.stringify(Array.from({ length: 1001 }, (_, n) => ({ OrderID: `o${n}`, StatusID: 1 }))), 'application/json', 413],
		['not JSON', '{"StatusID": 4,', 'application/json', 400],
		['a bare string', '"Shipped"', 'application/json', 400],
		['XML', '<StatusID>4</StatusID>', 'application/xml', 415],
		// An empty body is no reason to refuse: the status is read from the API (callback-methods.test.ts).
	])('%s is refused, nothing started', async (_name, body, contentType, status) => {
		const delivery = await host.post('status', body, { query: q, contentType });
		expect(delivery.status).toBe(status);
		expect(delivery.emitted).toBeUndefined();
		expect(({} as IDataObject).polluted).toBeUndefined();
	});

	test('a prototype key (__proto__, constructor, prototype) is dropped and the event kept: a refused callback is a lost event', async () => {
		const delivery = await host.post(
			'status',
			'{"OrderID": "p1", "StatusID": 4, "StatusDescription": "Shipped", "__proto__": {"polluted": true}, "Packages": [{"constructor": {"prototype": {"polluted": true}}, "TrackingNumber": "1Z"}]}',
			{ query: q },
		);
		expect(delivery.status).toBe(200);
		expect(delivery.emitted).toHaveLength(1);
		expect(delivery.emitted?.[0]).toMatchObject({ OrderID: 'p1', StatusID: 4, StatusDescription: 'Shipped' });
		const text = JSON.stringify(delivery.emitted);
		for (const key of ['__proto__', 'constructor', 'prototype', 'polluted']) expect(text).not.toContain(key);
		expect(text).toContain('"TrackingNumber":"1Z"');
		expect(({} as IDataObject).polluted).toBeUndefined();
	});

	test.each([
		['a status record', record('s1'), ['s1:4']],
		['a list of records', `[${record('s2', 1)}, ${record('s2', 2)}]`, ['s2:1', 's2:2']],
		['an envelope', `{"event": "order.status", "data": ${record('s3', 5)}}`, ['s3:5']],
		['an order', '{"ID": "s4", "OrderNumber": "PS-s4", "StatusID": 3, "Completed": false}', ['s4:3']],
		['other casing and aliases', '{"orderId": "s5", "Status": "Shipped"}', ['s5:null']],
		['no status at all', '{"hello": "world"}', ['null:null']],
		['an empty object', '{}', ['null:null']],
	])('%s is acknowledged and emitted with raw intact', async (_name, body, expected) => {
		const delivery = await host.post('status', body, { query: q });
		expect(delivery.status).toBe(200);
		expect(delivery.answer).toMatchObject({ received: true, emitted: expected.length });
		expect(delivery.emitted!.map((event) => `${String(event.OrderID)}:${String(event.StatusID)}`)).toEqual(expected);
		const payload = JSON.parse(body) as unknown;
		if (!Array.isArray(payload)) expect(delivery.emitted![0].raw).toEqual(payload);
	});

	test('an empty list is acknowledged and starts nothing', async () => {
		const delivery = await host.post('status', '[]', { query: q });
		expect(delivery).toMatchObject({ status: 200, answer: { received: true, events: 0, emitted: 0 } });
		expect(delivery.emitted).toBeUndefined();
	});

	test('a form-encoded body with JSON in a field, and JSON sent as text', async () => {
		expect((await host.post('status', `payload=${encodeURIComponent(record('f1'))}`, { query: q, contentType: 'application/x-www-form-urlencoded' })).emitted).toHaveLength(1);
		expect((await host.post('status', record('f2'), { query: q, contentType: 'text/plain' })).emitted).toHaveLength(1);
	});

	test('the details webhook marks its events as details', async () => {
		const delivery = await host.post('details', record('d1'), { query: q });
		expect(delivery.emitted![0].event).toBe('details');
	});
});

describe('filters', () => {
	test('Statuses and Other Statuses (IDs or descriptions); unreadable statuses only pass with no status picked', async () => {
		const host = await activeTrigger({ statuses: ['Shipped'], otherStatuses: '5, Out for delivery' });
		const q = `?secret=${host.secret()}`;
		const delivery = await host.post(
			'status',
			`[${record('f', 4)}, ${record('f', 5)}, ${record('f', 2)}, {"OrderID": "f", "StatusDescription": "Out For Delivery"}, {"OrderID": "f"}]`,
			{ query: q },
		);
		expect(delivery.answer).toMatchObject({ events: 5, emitted: 3, filtered: 2 });
		expect(delivery.emitted!.map((event) => event.StatusDescription)).toEqual(['Shipped', 'Delivered', 'Out For Delivery']);
	});

	test('Completed Orders Only passes only events that say their order is completed', async () => {
		const host = await activeTrigger({ completedOnly: true });
		const q = `?secret=${host.secret()}`;
		const delivery = await host.post('status', `[${record('c1', 5)}, {"Order": {"ID": "c2", "StatusID": 5, "Completed": true}}, {"ID": "c3", "StatusID": 5, "Completed": false}]`, { query: q });
		expect(delivery.emitted!.map((event) => event.OrderID)).toEqual(['c2']);
	});

	test('Events: only the chosen webhook starts the workflow', async () => {
		const host = await activeTrigger({ events: ['details'] });
		const q = `?secret=${host.secret()}`;
		expect((await host.post('status', record('e1'), { query: q })).answer).toMatchObject({ emitted: 0, filtered: 1 });
		expect((await host.post('details', record('e1'), { query: q })).emitted).toHaveLength(1);
	});
});

describe('duplicates', () => {
	test('the same event within the window starts once; a new status of the same order is new', async () => {
		const host = await activeTrigger();
		const q = `?secret=${host.secret()}`;
		expect((await host.post('status', record('d', 4), { query: q })).emitted).toHaveLength(1);
		expect((await host.post('status', record('d', 4), { query: q })).answer).toMatchObject({ emitted: 0, duplicates: 1 });
		expect((await host.post('status', record('d', 5), { query: q })).emitted).toHaveLength(1);
	});

	test('Duplicate Window: a repeat within the window starts nothing; once the window has passed, the same event starts the workflow again', async () => {
		const host = await activeTrigger({ options: { duplicateWindowMinutes: 1 } });
		const q = `?secret=${host.secret()}`;
		expect((await host.post('status', record('w', 4), { query: q })).emitted).toHaveLength(1);
		// The trigger's clock moved on (Date.now), as the existing catch-up tests move it: no waiting in real time.
		const realNow = Date.now;
		const later = (offsetMs: number) => (Date.now = () => realNow() + offsetMs);
		try {
			later(30_000);
			expect((await host.post('status', record('w', 4), { query: q })).answer).toMatchObject({ emitted: 0, duplicates: 1 });
			later(2 * 60_000);
			const after = await host.post('status', record('w', 4), { query: q });
			expect([after.answer, after.emitted]).toEqual([expect.objectContaining({ emitted: 1, duplicates: 0 }), [expect.objectContaining({ OrderID: 'w', StatusDescription: 'Shipped' })]]);
		} finally {
			Date.now = realNow;
		}
	});

	test('with Ignore Duplicate Events off, every delivery starts the workflow', async () => {
		const host = await activeTrigger({ options: { ignoreDuplicates: false } });
		const q = `?secret=${host.secret()}`;
		expect((await host.post('status', record('n', 4), { query: q })).emitted).toHaveLength(1);
		expect((await host.post('status', record('n', 4), { query: q })).emitted).toHaveLength(1);
	});

	test('across processes: with the option on, a retry that reaches a process without the memory is still a duplicate', async () => {
		for (const acrossProcesses of [true, false]) {
			const host = await activeTrigger({ options: { callbackSecret: `fixed-${String(acrossProcesses)}-secret`, acrossProcesses } });
			const q = `?secret=${host.secret()}`;
			expect((await host.post('status', record('p', 4), { query: q })).emitted).toHaveLength(1);
			// Another process: its own memory is empty; the static data is what n8n reloads.
			host.forgetProcessMemory();
			const retry = await host.post('status', record('p', 4), { query: q });
			expect([acrossProcesses, retry.answer?.emitted]).toEqual([acrossProcesses, acrossProcesses ? 0 : 1]);
		}
	});
});

describe('through the API', () => {
	const env = useSandbox();

	/** An active trigger, and Print Store > Create in the same workflow sending one order with its URLs. */
	async function triggerAndCreate(triggerParameters: INodeParameters, orderExtra: IDataObject = {}) {
		const credentials = await credentialsFor(env.sandbox);
		const staticData: IDataObject = {};
		const host = await activeTrigger(triggerParameters, { credentials, staticData });
		const order = { Product: { ID: 'postcard-4x6', Quantity: 5 }, Recipient: { NameFirst: 'Ada', AddressLine1: '1 Way', City: 'London', Country: 'GB' }, ...orderExtra };
		const created = await runPrintStore({
			parameters: { resource: 'order', operation: 'create', storeId: env.sandbox.storeId, inputMode: 'json', orderItemJson: JSON.stringify(order), statusCallbacks: 'trigger' },
			credentials,
			// Create's own static data is empty, as on a queue-mode worker.
			staticData: {},
			workflow: host.workflow(),
		});
		expect(storedState(staticData)).toEqual({});
		return { host, created };
	}

	test('Fetch From the API, with the store Create put in the URL: the order added, its callback secret hidden; a failed lookup noted', async () => {
		// Create, in the same workflow, derives the trigger's URLs: nothing is read from static data.
		const { host, created } = await triggerAndCreate({ enrich: 'order' });
		expect(created.error).toBeUndefined();
		const order = created.json[0];
		const secret = host.secret();
		const store = env.sandbox.storeId;
		expect((order.OrderDetails as IDataObject).StatusCallbackUrl).toBe(`${host.pathUrl('status')}/SECRET-HIDDEN/${store}`);
		expect((order.OrderDetails as IDataObject).StatusDetailsCallbackUrl).toBe(`${host.pathUrl('details')}/SECRET-HIDDEN/${store}`);
		const stored = (await env.api.orders()).find((entry) => entry.ID === order.ID)!;
		const sentUrl = String((stored.OrderDetails as IDataObject).StatusCallbackUrl);
		expect(sentUrl).toBe(`${host.pathUrl('status')}/${secret}/${store}`);

		// A status record carries no StoreID, and the trigger has no Store ID: the URL's store serves.
		const delivery = await host.postTo(sentUrl, JSON.stringify({ OrderID: order.ID, StatusID: 1, StatusDescription: 'Received' }));
		expect(delivery.status).toBe(200);
		const [event] = delivery.emitted!;
		expect((event.order as IDataObject).ID).toBe(order.ID);
		expect(JSON.stringify(event)).not.toContain(secret);
		expect(((event.order as IDataObject).OrderDetails as IDataObject).StatusCallbackUrl).toBe(`${host.pathUrl('status')}/SECRET-HIDDEN/${store}`);
		// The same store given in the query form serves as well.
		const byQuery = await host.post('status', JSON.stringify({ OrderID: order.ID, StatusID: 3, StatusDescription: 'Printed' }), { query: `?secret=${secret}&store=${store}` });
		expect((byQuery.emitted![0].order as IDataObject).ID).toBe(order.ID);

		const missing = await host.postTo(sentUrl, JSON.stringify({ OrderID: 'ord_missing', StatusID: 1 }));
		expect(missing.emitted![0]).toMatchObject({ OrderID: 'ord_missing', enrichmentError: 'The requested order does not exist' });
		const noStore = await host.post('status', JSON.stringify({ OrderID: order.ID, StatusID: 2 }), { query: `?secret=${secret}` });
		expect(noStore.emitted![0].enrichmentError).toMatch(/^No store to read the order from: set the trigger's Store ID/);
	});

	/** Create (callbacks from the trigger) sends one order; the sandbox moves it to Delivered and calls back. */
	async function lifecycleUnder(profiles: string[], triggerParameters: INodeParameters = {}) {
		await env.api.setProfiles(profiles);
		const { host, created } = await triggerAndCreate(triggerParameters, { PartnerOrderReference: 'ref-profile' });
		expect(created.error).toBeUndefined();
		const orderId = String(created.json[0].ID);
		await env.api.advance(orderId, { toStatusId: 5 });
		// Five records, two URLs each: wait (with a deadline) until the sandbox finished each delivery.
		const deadline = Date.now() + 30_000;
		let finished: Array<Record<string, unknown>> = [];
		while (Date.now() < deadline) {
			finished = (await env.api.callbacks()).filter((d) => d.orderId === orderId && (d.outcome === 'delivered' || d.outcome === 'gave-up'));
			if (finished.length >= 10) break;
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
		return { host, orderId, finished, events: host.emittedItems() };
	}

	const LIFECYCLE = ['Received', 'In Production', 'Printed', 'Shipped', 'Delivered'];
	const byStatus = (events: IDataObject[], kind: string) =>
		events.filter((event) => event.event === kind).sort((a, b) => Number(a.StatusID) - Number(b.StatusID));

	test.each([
		['no profile', [] as string[]],
		['callback-shape-alt', ['callback-shape-alt']],
		['strip-query', ['strip-query']],
		['callback-shape-alt and strip-query', ['callback-shape-alt', 'strip-query']],
	])('under %s: every status change of the order starts the workflow once, with its fields read', async (_name, profiles) => {
		const { orderId, finished, events } = await lifecycleUnder(profiles);
		expect(finished.map((d) => d.outcome)).toEqual(Array(10).fill('delivered'));
		expect(events).toHaveLength(10);
		for (const kind of ['status', 'details']) {
			const ordered = byStatus(events, kind);
			expect(ordered.map((event) => event.StatusDescription)).toEqual(LIFECYCLE);
			expect(ordered.map((event) => event.StatusID)).toEqual([1, 2, 3, 4, 5]);
			expect(ordered.every((event) => event.OrderID === orderId)).toBe(true);
			expect(ordered.every((event) => !(event.missingFields as string[] | undefined)?.includes('StatusID'))).toBe(true);
		}
		const details = byStatus(events, 'details');
		expect(details.every((event) => event.PartnerOrderReference === 'ref-profile')).toBe(true);
		expect(details[4].Completed).toBe(true);
		if (profiles.includes('callback-shape-alt')) expect((events[0].raw as IDataObject).event).toMatch(/^order\.status/);
		if (profiles.includes('strip-query')) expect(finished.every((d) => !String(d.url).includes('?'))).toBe(true);
	});

	test('strip-query with the secret in the query form: every callback is refused with 401 and nothing starts', async () => {
		const { finished, events } = await lifecycleUnder(['strip-query'], { options: { secretPlacement: 'query' } });
		expect(finished.map((d) => [d.outcome, d.httpStatus])).toEqual(Array(10).fill(['gave-up', 401]));
		expect(events).toHaveLength(0);
	});

});
