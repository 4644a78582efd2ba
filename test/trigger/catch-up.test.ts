/**
 * The Print Store Trigger's catch-up (version 2): it reads the store through the API and emits the
 * status changes no callback delivered, once each, in order, with the callbacks' memory shared.
 * Real sandbox, real HTTP; the trigger runs through n8n-core's contexts (test/helpers/trigger.ts),
 * and each catch-up is the request its clock sends. test/e2e/catch-up.test.ts shows the same in a
 * real n8n that is stopped while orders change.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPrintStore, type StoredCredentials } from '../helpers/engine';
import { credentialsFor, useSandbox } from '../helpers/sandbox';
import { startTrigger, useTriggerHosts, type TriggerHost } from '../helpers/trigger';

const env = useSandbox();
const hosts = useTriggerHosts();

const order = (reference: string) => ({
	Product: { ID: 'postcard-4x6', Quantity: 5 },
	Recipient: { NameFirst: 'Ada', NameLast: 'Lovelace', AddressLine1: '1 Way', City: 'London', Country: 'GB' },
	PartnerOrderReference: reference,
});

async function trigger(credentials: StoredCredentials, parameters: INodeParameters = {}, more: { staticData?: IDataObject; webhookId?: string } = {}): Promise<TriggerHost> {
	const host = await startTrigger({ credentials, typeVersion: 2, parameters: { enrichStoreId: env.sandbox.storeId, ...parameters }, ...more });
	hosts.push(host);
	return host;
}

/** Orders created by Create in the trigger's workflow (its URLs on them) or elsewhere (none). */
async function createOrders(credentials: StoredCredentials, references: string[], host?: TriggerHost): Promise<IDataObject[]> {
	const created = await runPrintStore({
		parameters: {
			resource: 'order',
			operation: 'create',
			storeId: env.sandbox.storeId,
			inputMode: 'json',
			orderItemJson: '={{ JSON.stringify($json.order) }}',
			...(host ? { statusCallbacks: 'trigger' } : {}),
		},
		items: references.map((reference) => ({ order: order(reference) })),
		credentials,
		staticData: {},
		...(host ? { workflow: host.workflow() } : {}),
	});
	expect(created.error).toBeUndefined();
	return created.json;
}

/** The events of a catch-up, as [order reference, status] pairs. */
function pairs(events: IDataObject[] | undefined): string[] {
	return (events ?? []).map((event) => `${String(event.PartnerOrderReference)}:${String(event.StatusDescription)}`);
}

/** Records are settled a minute after their time; the sandbox's are seconds old: catch-ups in these tests are the first after a start (no settling) or for a callback. */
async function caughtUp(host: TriggerHost) {
	const delivery = await host.catchUp(true);
	expect(delivery.status).toBe(200);
	return delivery;
}

/** A published trigger (version 2) whose first catch-up has read the store, with the sandbox playing `profiles`. */
async function published(parameters: INodeParameters = {}, profiles: string[] = []) {
	if (profiles.length > 0) await env.api.setProfiles(profiles);
	const credentials = await credentialsFor(env.sandbox);
	const host = await trigger(credentials, parameters);
	await host.activate();
	await caughtUp(host);
	return { credentials, host };
}

describe('first publish', () => {
	test('records the store as it is and emits nothing; what changes after is emitted, every status in order, once', async () => {
		const credentials = await credentialsFor(env.sandbox);
		const host = await trigger(credentials, { catchUp: 'storeOrders' });
		const [a, b] = await createOrders(credentials, ['a', 'b']);
		await env.api.advance(String(a.ID), { toStatusId: 2 });
		await host.activate();
		const first = await caughtUp(host);
		expect(first.emitted).toBeUndefined();
		expect(first.answer).toMatchObject({ caughtUp: true, firstActivation: true, listed: 2, histories: 0, emitted: 0 });

		await env.api.advance(String(a.ID), { toStatusId: 5 });
		await env.api.advance(String(b.ID), { toStatusId: 3 });
		const second = await caughtUp(host);
		// a was In Production when published: Printed, Shipped, Delivered; b was Received: In Production, Printed.
		expect(pairs(second.emitted).filter((pair) => pair.startsWith('a:'))).toEqual(['a:Printed', 'a:Shipped', 'a:Delivered']);
		expect(pairs(second.emitted).filter((pair) => pair.startsWith('b:'))).toEqual(['b:In Production', 'b:Printed']);
		const delivered = second.emitted!.find((event) => event.StatusDescription === 'Delivered')!;
		expect(delivered).toMatchObject({ source: 'catchUp', event: 'status', OrderID: a.ID, OrderNumber: a.OrderNumber, StoreID: env.sandbox.storeId, StatusID: 5, Completed: true });
		expect(second.emitted!.find((event) => event.StatusDescription === 'Shipped')).toMatchObject({ Completed: false });
		expect(typeof delivered.DeliverySignedBy).toBe('string');

		const third = await caughtUp(host);
		expect(third.emitted).toBeUndefined();
		expect(third.answer).toMatchObject({ histories: 0, found: 0 });
		await host.deactivate();
	});

	test('n8n stopped before the first catch-up read the store: what changed after the publish is emitted, what was there before is not', async () => {
		const credentials = await credentialsFor(env.sandbox);
		const host = await trigger(credentials, { catchUp: 'storeOrders' });
		const [before] = await createOrders(credentials, ['before']);
		await host.activate();
		await env.api.advance(String(before.ID), { toStatusId: 2 });
		await createOrders(credentials, ['after']);
		// A restart: the process memory gone, the clock's first request after the start.
		await host.deactivate();
		host.forgetProcessMemory();
		await host.activate();
		const first = await caughtUp(host);
		expect(first.answer).toMatchObject({ firstActivation: true });
		expect(pairs(first.emitted)).toEqual(['before:In Production', 'after:Received']);
		await host.deactivate();
	});

	test('an order completed before the publish is not taken for a new one later, however recently it was created', async () => {
		const credentials = await credentialsFor(env.sandbox);
		const host = await trigger(credentials, { catchUp: 'storeOrders' });
		const [done] = await createOrders(credentials, ['done']);
		await env.api.advance(String(done.ID), { toStatusId: 5 });
		await host.activate();
		await caughtUp(host);
		const [fresh] = await createOrders(credentials, ['fresh']);
		await env.api.advance(String(fresh.ID), { toStatusId: 2 });
		expect(pairs((await caughtUp(host)).emitted)).toEqual(['fresh:Received', 'fresh:In Production']);
		await host.deactivate();
	});

	test('"On First Publish, Emit the Last" emits those days of changes, the present recorded as read', async () => {
		const credentials = await credentialsFor(env.sandbox);
		const host = await trigger(credentials, { catchUp: 'storeOrders', catchUpOptions: { firstActivationDays: 1 } });
		const [a] = await createOrders(credentials, ['a']);
		await env.api.advance(String(a.ID), { toStatusId: 3 });
		await host.activate();
		expect(pairs((await caughtUp(host)).emitted)).toEqual(['a:Received', 'a:In Production', 'a:Printed']);
		expect((await caughtUp(host)).emitted).toBeUndefined();
		await host.deactivate();
	});
});

describe('which orders', () => {
	test("this trigger's orders: those whose callback URLs are its own; orders made elsewhere are not emitted", async () => {
		const { credentials, host } = await published({}, ['drop-callbacks']);
		const [mine] = await createOrders(credentials, ['mine'], host);
		const [elsewhere] = await createOrders(credentials, ['elsewhere']);
		await env.api.advance(String(mine.ID), { toStatusId: 4 });
		await env.api.advance(String(elsewhere.ID), { toStatusId: 4 });
		// Every callback was dropped: the catch-up brings each status of the trigger's order, none of the other.
		expect(pairs((await caughtUp(host)).emitted)).toEqual(['mine:Received', 'mine:In Production', 'mine:Printed', 'mine:Shipped']);
		await host.deactivate();
	});

	test('every order in the store: orders made elsewhere too', async () => {
		const { host } = await published({ catchUp: 'storeOrders' });
		const [elsewhere] = await createOrders(await credentialsFor(env.sandbox, 'bob'), ['made-by-bob']);
		await env.api.advance(String(elsewhere.ID), { toStatusId: 2 });
		expect(pairs((await caughtUp(host)).emitted)).toEqual(['made-by-bob:Received', 'made-by-bob:In Production']);
		await host.deactivate();
	});
});

describe('the shapes a service may answer in', () => {
	// Each list shape and history order the sandbox plays (docs/sandbox.md, profiles): the same events.
	test.each([['list-bare'], ['list-camel'], ['list-unpaged'], ['documented'], ['history-newest-first']])('%s', async (profile) => {
		await env.api.setProfiles([profile]);
		const { credentials, host } = await published({ catchUp: 'storeOrders' });
		const [a, b] = await createOrders(credentials, ['a', 'b']);
		await env.api.advance(String(a.ID), { toStatusId: 3 });
		await env.api.advance(String(b.ID), { toStatusId: 2 });
		const events = (await caughtUp(host)).emitted;
		expect(pairs(events).filter((pair) => pair.startsWith('a:'))).toEqual(['a:Received', 'a:In Production', 'a:Printed']);
		expect(pairs(events).filter((pair) => pair.startsWith('b:'))).toEqual(['b:Received', 'b:In Production']);
		expect((await caughtUp(host)).emitted).toBeUndefined();
		await host.deactivate();
	});
});

describe('one memory for callbacks and catch-ups', () => {
	// Callbacks as the sandbox sends them, and in the other shape it plays (an event envelope, camelCase fields).
	test.each([['records', []], ['callback-shape-alt', ['callback-shape-alt']]])('a record a callback emitted is not emitted again by the catch-up (callbacks as %s)', async (_shape, profiles) => {
		await env.api.setProfiles(profiles as string[]);
		const { credentials, host } = await published();
		const [mine] = await createOrders(credentials, ['mine'], host);
		await env.api.advance(String(mine.ID), { toStatusId: 3 });
		// The sandbox delivers the callbacks (both URLs): Received, In Production, Printed, once per kind.
		await waitForItems(host, 6);
		const catchUp = await caughtUp(host);
		expect(catchUp.emitted).toBeUndefined();
		expect(catchUp.answer).toMatchObject({ found: 3, alreadyEmitted: 3, emitted: 0 });
		await host.deactivate();
	});

	test('a callback that comes after the catch-up emitted its record starts nothing; a newer one does', async () => {
		const { credentials, host } = await published({}, ['drop-callbacks']);
		const [mine] = await createOrders(credentials, ['mine'], host);
		await env.api.advance(String(mine.ID), { toStatusId: 4 });
		const caught = (await caughtUp(host)).emitted!;
		const shipped = caught.find((event) => event.StatusDescription === 'Shipped')!;
		// The service's late retry of the Shipped record, on each URL: nothing starts.
		const record = shipped.raw as IDataObject;
		for (const kind of ['status', 'details'] as const) {
			const late = await host.post(kind, JSON.stringify(record), { query: `?secret=${host.secret()}` });
			expect(late.status).toBe(200);
			expect(late.emitted).toBeUndefined();
			expect(late.answer).toMatchObject({ duplicates: 1, emitted: 0 });
		}
		await env.api.setProfiles([]);
		await env.api.advance(String(mine.ID), { toStatusId: 5 });
		await waitForItems(host, caught.length + 2);
		expect(host.emittedItems().slice(caught.length).map((event) => `${String(event.event)}:${String(event.StatusDescription)}:${String(event.source)}`)).toEqual([
			'status:Delivered:callback',
			'details:Delivered:callback',
		]);
		await host.deactivate();
	});

	test("a save of an older copy carried out after the newer ones (n8n 1.x's pooled SQLite) takes back nothing for long: the clock saves the memory whole again, and nothing is emitted twice after a restart", async () => {
		const credentials = await credentialsFor(env.sandbox);
		const host = await startTrigger({
			credentials,
			typeVersion: 2,
			parameters: { enrichStoreId: env.sandbox.storeId, catchUp: 'storeOrders', events: ['status'] },
			copies: { staleSaveMs: (request) => (request === 1 ? 500 : 0) },
		});
		hosts.push(host);
		await host.activate();
		await caughtUp(host);
		const [a, b] = await createOrders(credentials, ['a', 'b']);
		// Each order's Received record, delivered by callback at once: a's request (the host's second: a
		// catch-up came first) has its save carried out again 500 ms later, as it was then, without b's.
		const history = async (order: IDataObject) => (await env.api.api<IDataObject[]>('GET', `/store/${env.sandbox.storeId}/order/${String(order.ID)}/status`)).body;
		const query = { query: `?secret=${host.secret()}` };
		const first = host.post('status', JSON.stringify((await history(a))[0]), query);
		const second = host.post('status', JSON.stringify((await history(b))[0]), query);
		expect((await first).emitted).toHaveLength(1);
		expect((await second).emitted).toHaveLength(1);
		// The clock saves the memory whole a second after the last event was recorded (its first catch-up
		// comes 5 s after the activation, after this test has looked).
		await new Promise((resolve) => setTimeout(resolve, 2500));
		expect(Object.keys((host.staticData['node:Print Store Trigger'] as IDataObject).recentEvents as IDataObject)).toHaveLength(2);
		// A restart: only what the database holds is left.
		await host.deactivate();
		host.forgetProcessMemory();
		await host.activate();
		const after = await caughtUp(host);
		expect(after.emitted).toBeUndefined();
		expect(after.answer).toMatchObject({ found: 2, alreadyEmitted: 2 });
		await host.deactivate();
	});

	test('after a restart (the process memory gone, the static data kept) nothing is emitted twice, and what changed meanwhile is emitted', async () => {
		const { credentials, host } = await published({}, ['drop-callbacks']);
		const [mine] = await createOrders(credentials, ['mine'], host);
		await env.api.advance(String(mine.ID), { toStatusId: 2 });
		expect(pairs((await caughtUp(host)).emitted)).toEqual(['mine:Received', 'mine:In Production']);
		await host.deactivate();
		host.forgetProcessMemory();
		await env.api.advance(String(mine.ID), { toStatusId: 4 });
		await host.activate();
		expect(pairs((await caughtUp(host)).emitted)).toEqual(['mine:Printed', 'mine:Shipped']);
		expect((await caughtUp(host)).emitted).toBeUndefined();
		await host.deactivate();
	});
});

describe('bounds and failures', () => {
	test('an order left open long after the others (a straggler) is read on its own: the list does not reach back to it', async () => {
		const credentials = await credentialsFor(env.sandbox);
		const host = await trigger(credentials, { catchUp: 'storeOrders' });
		// Two orders made elsewhere, the first ten days ago; both still in production.
		const made = await env.api.ordersElsewhere({ storeId: env.sandbox.storeId, count: 2, createdOverDays: 10, toStatusId: 2 });
		const [old] = made.orders!;
		await host.activate();
		await caughtUp(host);
		await env.api.advance(old.ID, { toStatusId: 3 });
		await env.api.clearRequests();
		const delivery = await caughtUp(host);
		expect((delivery.emitted ?? []).map((event) => `${String(event.OrderID)}:${String(event.StatusDescription)}`)).toEqual([`${old.ID}:Printed`]);
		const requests = await env.api.requests();
		const list = requests.find((request) => request.method === 'GET' && request.path === `/api/v1/store/${env.sandbox.storeId}/order`)!;
		const from = Date.parse(new URL(`http://x${list.rawPath}`).searchParams.get('createdFrom') ?? '');
		// The list reaches back to the newest order (less a margin), not to the one ten days old.
		expect(from).toBeGreaterThan(Date.parse(old.Created) + 24 * 60 * 60_000);
		expect(requests.filter((request) => request.path === `/api/v1/store/${env.sandbox.storeId}/order/${old.ID}`)).toHaveLength(1);
		await host.deactivate();
	});

	test('after a long pause, changes older than "Emit Missed Changes Up To" are passed over, not emitted', async () => {
		const { credentials, host } = await published({ catchUpOptions: { maxAgeDays: 0.1 } }, ['drop-callbacks']);
		const [mine] = await createOrders(credentials, ['mine'], host);
		await env.api.advance(String(mine.ID), { toStatusId: 2 });
		// The catch-up runs three hours later: both records are older than 0.1 day (2.4 hours).
		const later = Date.now() + 3 * 60 * 60_000;
		const realNow = Date.now;
		Date.now = () => later;
		try {
			const delivery = await caughtUp(host);
			expect(delivery.emitted).toBeUndefined();
			expect(delivery.answer).toMatchObject({ histories: 1, found: 0 });
		} finally {
			Date.now = realNow;
		}
		await host.deactivate();
	});

	test('a store that cannot be read whole fails the catch-up with the counts; nothing is recorded, and callbacks still start the workflow', async () => {
		const { host } = await published({ catchUp: 'storeOrders' });
		await env.api.setProfiles(['no-list-endpoints']);
		const failed = await host.catchUp(true);
		expect(failed.status).toBe(500);
		expect(host.failures.map((error) => error.message)).toEqual([
			`The catch-up could not read store ${env.sandbox.storeId}: This service has no order list (it answered that the address does not exist)`,
		]);
		const callback = await host.post('status', JSON.stringify({ OrderID: 'x-1', StatusID: 4, StatusDescription: 'Shipped' }), { query: `?secret=${host.secret()}` });
		expect(callback.emitted).toEqual([expect.objectContaining({ OrderID: 'x-1', source: 'callback' })]);
		await host.deactivate();
	});

	test('without a Store ID the catch-up does not run, and the clock is not started', async () => {
		const credentials = await credentialsFor(env.sandbox);
		const host = await trigger(credentials, { enrichStoreId: '' });
		await host.activate();
		const delivery = await host.catchUp(true);
		expect(delivery.answer).toMatchObject({ caughtUp: false });
		await host.deactivate();
	});
});

describe('when it runs', () => {
	test('a callback that names no order runs a catch-up at once: its answer comes first, the changes follow', async () => {
		const { credentials, host } = await published({ catchUp: 'storeOrders' });
		const [elsewhere] = await createOrders(credentials, ['elsewhere']);
		await env.api.advance(String(elsewhere.ID), { toStatusId: 2 });
		const bodiless = await host.send(`${host.url('status')}?secret=${host.secret()}`, 'GET');
		expect(bodiless.answer).toEqual({ received: true, catchUp: true });
		expect(pairs(bodiless.emitted)).toEqual(['elsewhere:Received', 'elsewhere:In Production']);
		await host.deactivate();
	});

	test("the activation starts the clock: its first catch-up comes within seconds, and deactivation stops it", async () => {
		const credentials = await credentialsFor(env.sandbox);
		const host = await trigger(credentials, { catchUp: 'storeOrders' });
		await env.api.clearRequests();
		await host.activate();
		const lists = async () => (await env.api.requests()).filter((request) => request.method === 'GET' && /\/store\/[^/]+\/order$/.test(String(request.path))).length;
		for (let waited = 0; waited < 10_000 && (await lists()) === 0; waited += 200) await new Promise((resolve) => setTimeout(resolve, 200));
		expect(await lists()).toBe(1);
		await host.deactivate();
	});
});

async function waitForItems(host: TriggerHost, count: number): Promise<void> {
	for (let waited = 0; waited < 15_000 && host.emittedItems().length < count; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
	expect(host.emittedItems()).toHaveLength(count);
}
