/**
 * The Print Store Trigger's catch-up (version 2): it reads the store through the API and emits the
 * status changes no callback delivered, once each, in order, with the callbacks' memory shared.
 * Real sandbox, real HTTP; the trigger runs through n8n-core's contexts (test/helpers/trigger.ts),
 * and each catch-up is the request its clock sends. test/e2e/catch-up.test.ts shows the same in a
 * real n8n that is stopped while orders change.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { CLOCK_TIMING } from '../../nodes/PrintStoreTrigger/clock/ticks';

import { runPrintStore, type StoredCredentials } from '../helpers/engine';
import { credentialsFor, useSandbox } from '../helpers/sandbox';
import { atClock, startTrigger, TRIGGER_TYPE, useTriggerHosts, type TriggerHost } from '../helpers/trigger';

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
	expect([delivery.status, host.failures.map((error) => error.stack)]).toEqual([200, []]);
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
		// A restart: the process memory gone, the clock's first request after the start, a minute on
		// (a first read leaves what changed since the publish in the last minute to the next catch-up).
		await host.deactivate();
		host.forgetProcessMemory();
		await host.activate();
		await atClock(61_000, async () => {
			const first = await caughtUp(host);
			expect(first.answer).toMatchObject({ firstActivation: true });
			expect(pairs(first.emitted)).toEqual(['before:In Production', 'after:Received']);
		});
		await host.deactivate();
	});

	test('the first read after a publish leaves what changed since then in the last minute to the next catch-up (its callbacks may be on their way to another process); a catch-up a callback asks for takes it at once', async () => {
		const credentials = await credentialsFor(env.sandbox);
		const host = await trigger(credentials, { catchUp: 'storeOrders' });
		await host.activate();
		const [fresh] = await createOrders(credentials, ['fresh']);
		await env.api.advance(String(fresh.ID), { toStatusId: 2 });
		const first = await caughtUp(host);
		expect([first.answer?.firstActivation, first.emitted]).toEqual([true, undefined]);
		await atClock(61_000, async () => {
			expect(pairs((await caughtUp(host)).emitted)).toEqual(['fresh:Received', 'fresh:In Production']);
		});
		// Another trigger, published the same way: a callback naming no order asks for a catch-up, at once.
		const other = await trigger(credentials, { catchUp: 'storeOrders' });
		await other.activate();
		await env.api.advance(String(fresh.ID), { toStatusId: 3 });
		const asked = await other.send(`${other.url('status')}?secret=${other.secret()}`, 'GET');
		expect(asked.status).toBe(200);
		expect(pairs(asked.emitted)).toEqual(['fresh:Printed']);
		await host.deactivate();
		await other.deactivate();
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
	test.each([
		['sandbox-shapes'],
		['list-bare'],
		['sandbox-shapes, list-bare'],
		['list-camel'],
		['sandbox-shapes, list-camel'],
		['list-unpaged'],
		['sandbox-shapes, list-unpaged'],
		['history-newest-first'],
	])('%s', async (profiles) => {
		await env.api.setProfiles(profiles.split(', '));
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

	test('a callback\'s record is remembered as long as the catch-up could still find it, however short the Duplicate Window: a catch-up an hour later (window 1 minute, Emit Missed Changes Up To 0.1 day) does not emit it again', async () => {
		const { credentials, host } = await published({ options: { duplicateWindowMinutes: 1 }, catchUpOptions: { maxAgeDays: 0.1 } }, ['drop-callbacks']);
		const [mine] = await createOrders(credentials, ['window'], host);
		const [received] = (await env.api.api<IDataObject[]>('GET', `/store/${env.sandbox.storeId}/order/${String(mine.ID)}/status`)).body;
		expect(received.StatusDescription).toBe('Received');
		const delivered = await host.post('status', JSON.stringify(received), { query: `?secret=${host.secret()}` });
		expect(delivered.emitted).toHaveLength(1);
		// The first catch-up that reads the order comes an hour later: past the window, within the 2.4 hours it could find the record.
		await atClock(60 * 60_000, async () => {
			const catchUp = await caughtUp(host);
			expect(catchUp.emitted).toBeUndefined();
			expect(catchUp.answer).toMatchObject({ histories: 1, found: 1, alreadyEmitted: 1, emitted: 0 });
		});
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

	test('a trigger that starts for status events only: a details callback does not make the catch-up take its record as passed on, so each status is emitted once, by the catch-up, and the late status callbacks start nothing', async () => {
		const { credentials, host } = await published({ events: ['status'] }, ['drop-callbacks']);
		const [mine] = await createOrders(credentials, ['kinds'], host);
		await env.api.advance(String(mine.ID), { toStatusId: 2 });
		const records = (await env.api.api<IDataObject[]>('GET', `/store/${env.sandbox.storeId}/order/${String(mine.ID)}/status`)).body;
		expect(records.map((record) => record.StatusDescription)).toEqual(['Received', 'In Production']);
		// The details callbacks come first (the status ones are slow): the trigger does not start for them.
		for (const record of records) {
			const details = await host.post('details', JSON.stringify(record), { query: `?secret=${host.secret()}` });
			expect([details.status, details.emitted, details.answer]).toEqual([200, undefined, expect.objectContaining({ emitted: 0, filtered: 1, duplicates: 0 })]);
		}
		expect(pairs((await caughtUp(host)).emitted)).toEqual(['kinds:Received', 'kinds:In Production']);
		for (const record of records) {
			const late = await host.post('status', JSON.stringify(record), { query: `?secret=${host.secret()}` });
			expect([late.status, late.emitted, late.answer]).toEqual([200, undefined, expect.objectContaining({ emitted: 0, duplicates: 1 })]);
		}
		expect(host.emittedItems().map((event) => `${String(event.event)}:${String(event.StatusDescription)}:${String(event.source)}`)).toEqual(['status:Received:catchUp', 'status:In Production:catchUp']);
		await host.deactivate();
	});

	test('a callback that passes nothing on writes nothing, in a process whose first request it is: where that process serves the trigger goes with its next save, so no save of its own can take back a record another process saved at the same moment', async () => {
		await env.api.setProfiles(['drop-callbacks']);
		const credentials = await credentialsFor(env.sandbox);
		const host = await startTrigger({ credentials, typeVersion: 2, parameters: { enrichStoreId: env.sandbox.storeId, catchUp: 'storeOrders', events: ['status'] }, copies: { staleSaveMs: () => 0 } });
		hosts.push(host);
		await host.activate();
		await caughtUp(host);
		const [mine] = await createOrders(credentials, ['quiet'], host);
		const [received] = (await env.api.api<IDataObject[]>('GET', `/store/${env.sandbox.storeId}/order/${String(mine.ID)}/status`)).body;
		const query = `?secret=${host.secret()}`;
		expect((await host.post('status', JSON.stringify(received), { query })).emitted).toHaveLength(1);
		// Another process (a webhook process in queue mode) that has served nothing of this trigger yet.
		const other = await host.listenAlso();
		host.forgetProcessMemory();
		const saves = host.saves.length;
		const details = await host.postTo(`${other}/${String(host.node.webhookId)}/details${query}`, JSON.stringify(received));
		const repeat = await host.postTo(`${other}/${String(host.node.webhookId)}/status${query}`, JSON.stringify(received));
		expect([details.answer, repeat.answer]).toEqual([expect.objectContaining({ emitted: 0, filtered: 1 }), expect.objectContaining({ emitted: 0, duplicates: 1 })]);
		expect(host.saves.length - saves).toBe(0);
		// Its next save (here a catch-up there) keeps where it serves, beside where the first process does.
		const caught = await host.postTo(`${other}/${String(host.node.webhookId)}/status${query}`, '');
		expect(caught.status).toBe(200);
		expect(host.saves.length - saves).toBe(1);
		const memory = (host.staticData['node:Print Store Trigger'] as IDataObject).memory as { served?: string[] };
		expect(memory.served).toEqual([other.replace(/webhook$/, ''), expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/$/)]);
		await host.deactivate();
	});

	test("a callback that arrives while a catch-up reads the store is emitted once: the catch-up selects against the memory as it is when it records, not as it was when it began", async () => {
		const { credentials, host } = await published({}, ['drop-callbacks']);
		const [a, b] = await createOrders(credentials, ['during-a', 'during-b'], host);
		await env.api.advance(String(a.ID), { toStatusId: 3 });
		await env.api.advance(String(b.ID), { toStatusId: 2 });
		const [, bInProduction] = (await env.api.api<IDataObject[]>('GET', `/store/${env.sandbox.storeId}/order/${String(b.ID)}/status`)).body;
		// Every read of the store now takes a while: the callback comes while the catch-up reads.
		await env.api.faults({ latencyMs: 400 });
		await env.api.clearRequests();
		const catchUp = host.catchUp(true);
		for (let waited = 0; waited < 10_000 && (await lists()) === 0; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
		const callback = await host.post('status', JSON.stringify(bInProduction), { query: `?secret=${host.secret()}` });
		expect(callback.emitted?.map((event) => `${String(event.OrderID)}:${String(event.StatusDescription)}:${String(event.source)}`)).toEqual([`${String(b.ID)}:In Production:callback`]);
		const caught = await catchUp;
		await env.api.clearFaults();
		expect(caught.status).toBe(200);
		// The catch-up's own finds, without what the callback brought meanwhile.
		const found = pairs(caught.emitted);
		expect([found.filter((pair) => pair.startsWith('during-a:')), found.filter((pair) => pair.startsWith('during-b:'))]).toEqual([
			['during-a:Received', 'during-a:In Production', 'during-a:Printed'],
			['during-b:Received'],
		]);
		// Remembered too: the service's late retry of it starts nothing.
		const late = await host.post('status', JSON.stringify(bInProduction), { query: `?secret=${host.secret()}` });
		expect(late.answer).toMatchObject({ duplicates: 1, emitted: 0 });
		expect(pairs((await caughtUp(host)).emitted)).toEqual([]);
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
		const memory = (host.staticData['node:Print Store Trigger'] as IDataObject).memory as { orders: Record<string, { e?: unknown[] }> };
		expect([a.ID, b.ID].map((id) => memory.orders[String(id)]?.e?.length)).toEqual([1, 1]);
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
		await atClock(3 * 60 * 60_000, async () => {
			const delivery = await caughtUp(host);
			expect(delivery.emitted).toBeUndefined();
			expect(delivery.answer).toMatchObject({ histories: 1, found: 0 });
		});
		await host.deactivate();
	});

	test('a store that cannot be read whole fails the catch-up with the counts; nothing is recorded, and callbacks still start the workflow', async () => {
		const { host } = await published({ catchUp: 'storeOrders' });
		await env.api.setProfiles(['no-list-endpoints']);
		const failed = await host.catchUp(true);
		// The trigger's own answer (with its proof), saying what failed: the clock shows it as a failed execution.
		expect(failed.status).toBe(200);
		expect(failed.answer).toMatchObject({
			caughtUp: false,
			failed: `The catch-up could not read store ${env.sandbox.storeId}: This service has no order list (it answered that the address does not exist)`,
		});
		expect(failed.emitted).toBeUndefined();
		const callback = await host.post('status', JSON.stringify({ OrderID: 'x-1', StatusID: 4, StatusDescription: 'Shipped' }), { query: `?secret=${host.secret()}` });
		expect(callback.emitted).toEqual([expect.objectContaining({ OrderID: 'x-1', source: 'callback' })]);
		await host.deactivate();
	});
});

describe('the store', () => {
	test("none picked: the account's only store is read", async () => {
		const credentials = await credentialsFor(env.sandbox, 'bob');
		const host = await trigger(credentials, { enrichStoreId: { __rl: true, mode: 'list', value: '' }, catchUp: 'storeOrders' });
		await host.activate();
		expect((await caughtUp(host)).answer).toMatchObject({ caughtUp: true, store: env.sandbox.storeId, firstActivation: true });
		await host.deactivate();
	});

	test.each([
		['none picked, and the account has several stores', 'alice', { enrichStoreId: '' }, /^The catch-up does not know which store to read: your account has 2 stores$/, /Pick the trigger's Store \(Sandbox Print Co\. \(store_main\), Elsewhere Printing Ltd\. \(store_unassociated\)\)/],
		['a store that cannot be read', 'alice', { enrichStoreId: 'store_nowhere' }, /^The catch-up cannot read store store_nowhere: Invalid store$/, /Check the trigger's Store and credential, or set Catch Up Missed Events to Off/],
	])('%s: the publish is refused with the reason', async (_name, username, parameters, message, description) => {
		const host = await trigger(await credentialsFor(env.sandbox, username), parameters);
		const refused = await host.activate().then(
			() => undefined,
			(error: Error & { description?: string }) => error,
		);
		expect(refused?.message).toMatch(message);
		expect(refused?.description).toMatch(description);
	});

	test('without a credential the publish is refused, unless the catch-up is off', async () => {
		const parameters = { options: { callbackSecret: 'a-secret-of-our-own' } };
		const without = await startTrigger({ credential: false, typeVersion: 2, parameters: { enrichStoreId: env.sandbox.storeId, ...parameters } });
		hosts.push(without);
		await expect(without.activate()).rejects.toThrow('The catch-up has no credential to read the store with');
		without.setParameters({ catchUp: 'off' });
		await without.activate();
	});
});

describe('when it runs', () => {
	test('a regular catch-up leaves records younger than a minute for the next one: their callbacks may be on their way', async () => {
		const { credentials, host } = await published({ catchUpOptions: { intervalMinutes: 1 } }, ['drop-callbacks']);
		const [mine] = await createOrders(credentials, ['mine'], host);
		await env.api.advance(String(mine.ID), { toStatusId: 2 });
		const realNow = Date.now;
		const at = (offsetMs: number) => {
			const then = realNow() + offsetMs;
			Date.now = () => then;
		};
		try {
			// Half an interval after the last catch-up, the records are 40 seconds old: not settled.
			at(40_000);
			const early = await host.catchUp();
			expect(early.answer).toMatchObject({ caughtUp: true, histories: 1, found: 0 });
			expect(early.emitted).toBeUndefined();
			at(120_000);
			expect(pairs((await host.catchUp()).emitted)).toEqual(['mine:Received', 'mine:In Production']);
		} finally {
			Date.now = realNow;
		}
		await host.deactivate();
	});

	test('a callback that names no order runs a catch-up at once: its answer comes first, the changes follow', async () => {
		const { credentials, host } = await published({ catchUp: 'storeOrders' });
		const [elsewhere] = await createOrders(credentials, ['elsewhere']);
		await env.api.advance(String(elsewhere.ID), { toStatusId: 2 });
		const bodiless = await host.send(`${host.url('status')}?secret=${host.secret()}`, 'GET');
		expect(bodiless.answer).toEqual({ received: true, catchUp: true });
		expect(pairs(bodiless.emitted)).toEqual(['elsewhere:Received', 'elsewhere:In Production']);
		await host.deactivate();
	});
});

describe("the clock's way to the trigger", () => {
	const timing = { ...CLOCK_TIMING };
	beforeEach(() => Object.assign(CLOCK_TIMING, { firstAfterMs: 50, retryMs: 100, unreachableReportedAfterMs: 400 }));
	afterEach(() => Object.assign(CLOCK_TIMING, timing));
	/** An address nothing answers at (the Production URL of an n8n behind a proxy it cannot reach itself). */
	const OUT_OF_REACH = 'http://127.0.0.1:9/webhook';

	test("the activation starts the clock: its first catch-up comes at once, and deactivation stops it", async () => {
		const credentials = await credentialsFor(env.sandbox);
		const host = await trigger(credentials, { catchUp: 'storeOrders' });
		await host.activate();
		// The publish read one page to check the store; from here on, the clock's catch-ups.
		await env.api.clearRequests();
		expect(await untilListed()).toBe(1);
		await host.deactivate();
		await env.api.clearRequests();
		await new Promise((resolve) => setTimeout(resolve, 300));
		expect(await lists()).toBe(0);
	});

	test('the Production URL out of reach: after a restart, the clock catches up at the address a callback showed n8n listens on; its requests carry no secret', async () => {
		const credentials = await credentialsFor(env.sandbox);
		const host = await startTrigger({ credentials, typeVersion: 2, parameters: { enrichStoreId: env.sandbox.storeId, catchUp: 'storeOrders' }, webhookBaseUrl: OUT_OF_REACH });
		hosts.push(host);
		// A callback reached n8n (through the proxy): where n8n served it is kept in the memory.
		const callback = await host.post('status', JSON.stringify({ OrderID: 'x-1', StatusID: 1, StatusDescription: 'Received' }), { query: `?secret=${host.secret()}` });
		expect(callback.emitted).toHaveLength(1);
		// A restart: only what the database holds is left.
		host.forgetProcessMemory();
		await host.activate();
		await env.api.clearRequests();
		expect(await untilListed()).toBe(1);
		expect(host.clockEmitted).toEqual([]);
		// After the test's own callback, the clock's requests: a probe and a catch-up, to the static address.
		const clock = host.requests.slice(1);
		expect(clock.length).toBeGreaterThanOrEqual(2);
		expect(clock.filter((request) => request !== `POST /webhook/${String(host.node.webhookId)}/status`)).toEqual([]);
		await host.deactivate();
	});

	test("no address answers after a publish: at the clock's second try, a failed execution names the addresses tried and what to set, with no secret in it, once however often it tries", async () => {
		const credentials = await credentialsFor(env.sandbox);
		const host = await startTrigger({ credentials, typeVersion: 2, parameters: { enrichStoreId: env.sandbox.storeId, catchUp: 'storeOrders' }, webhookBaseUrl: OUT_OF_REACH });
		hosts.push(host);
		// As n8n starts, the same would wait five minutes: its webhooks may not be served yet.
		CLOCK_TIMING.unreachableReportedAfterMs = 60_000;
		await host.activate();
		const failed = await untilReported(host, credentials);
		expect(failed.message).toBe('The catch-up cannot reach this trigger: no n8n process answered at its own addresses');
		expect(failed.description).toContain(`${OUT_OF_REACH}/${String(host.node.webhookId)}/status (no answer (ECONNREFUSED))`);
		expect(failed.description).toContain('Set "n8n Internal URL" in the Print Store credential');
		expect(failed.description).toContain('Catch-Up Options > Own Address');
		expect(failed.description).toContain('Or set Catch Up Missed Events to Off.');
		expect(JSON.stringify({ message: failed.message, description: failed.description, emitted: host.clockEmitted })).not.toContain(host.secret());
		await new Promise((resolve) => setTimeout(resolve, 1000));
		expect(host.clockEmitted).toHaveLength(1);
		await host.deactivate();
	});

	test('no address answers as n8n starts (its webhooks may not be served yet): the clock tries again, and says so only after a while', async () => {
		const credentials = await credentialsFor(env.sandbox);
		const host = await startTrigger({ credentials, typeVersion: 2, parameters: { enrichStoreId: env.sandbox.storeId, catchUp: 'storeOrders' }, webhookBaseUrl: OUT_OF_REACH });
		hosts.push(host);
		await host.activate('init');
		// Tried every 100 ms here; reported after 400 ms, not at the second try.
		const started = Date.now();
		const failed = await untilReported(host, credentials);
		expect(Date.now() - started).toBeGreaterThanOrEqual(400);
		expect(failed.message).toBe('The catch-up cannot reach this trigger: no n8n process answered at its own addresses');
		await host.deactivate();
	});

	test("an answer without the trigger's proof is not a catch-up that ran: the clock goes on to an address that gives it", async () => {
		const asked: string[] = [];
		const impostor = createServer((request, response) => {
			asked.push(String(request.url));
			response.setHeader('content-type', 'application/json');
			response.end(JSON.stringify({ caughtUp: true, emitted: 0 }));
		});
		await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
		try {
			const address = `http://127.0.0.1:${(impostor.address() as AddressInfo).port}`;
			const credentials = await credentialsFor(env.sandbox);
			const host = await trigger(credentials, { catchUp: 'storeOrders', catchUpOptions: { ownAddress: address } });
			await host.activate();
			await env.api.clearRequests();
			expect(await untilListed()).toBe(1);
			expect(asked).toEqual([`/webhook/${String(host.node.webhookId)}/status`]);
			expect(host.clockEmitted).toEqual([]);
			await host.deactivate();
		} finally {
			await new Promise((resolve) => impostor.close(resolve));
		}
	});

	test('a catch-up that fails is shown as a failed execution, saying why, once while it lasts, however often it is tried', async () => {
		const credentials = await credentialsFor(env.sandbox);
		const host = await trigger(credentials, { catchUp: 'storeOrders' });
		CLOCK_TIMING.firstAfterMs = 500;
		await host.activate();
		await env.api.setProfiles(['no-list-endpoints']);
		const failed = await untilReported(host, credentials);
		expect(failed.message).toBe(`The catch-up could not read store ${env.sandbox.storeId}: This service has no order list (it answered that the address does not exist)`);
		expect(failed.description).toMatch(/Nothing was emitted by this catch-up and nothing was recorded as read/);
		// Tried again and again (every 100 ms here), failing the same way: still one failed execution.
		await env.api.clearRequests();
		for (let waited = 0; waited < 10_000 && (await listTries()) < 3; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
		expect(await listTries()).toBeGreaterThanOrEqual(3);
		expect(host.clockEmitted).toHaveLength(1);
		await host.deactivate();
	});

	test("n8n starting (nothing asked of the service then) with a trigger that does not know its store: the clock's failed execution says so", async () => {
		const credentials = await credentialsFor(env.sandbox);
		const host = await trigger(credentials, { enrichStoreId: '' });
		await host.activate('init');
		const failed = await untilReported(host, credentials);
		expect(failed.message).toBe('The catch-up does not know which store to read: your account has 2 stores');
		expect(failed.description).toMatch(/^Pick the trigger's Store \(Sandbox Print Co\. \(store_main\), Elsewhere Printing Ltd\. \(store_unassociated\)\), or set Catch Up Missed Events to Off\./);
		await host.deactivate();
	});

	test('a request asking for a catch-up is refused unless the trigger signed it', async () => {
		const { host } = await published({ catchUp: 'storeOrders' });
		const post = async (headers: Record<string, string>, url = host.url('status')) =>
			await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ printStoreCatchUp: 'run', first: true }) });
		const stale = host.clockSignature('run', true, { time: Date.now() - 6 * 60_000 });
		const forged = host.clockSignature('run', true, { secret: 'not-the-secret' });
		const other = host.clockSignature('probe', false);
		expect((await post({ 'x-print-store-self-call': forged })).status).toBe(403);
		expect((await post({ 'x-print-store-self-call': stale })).status).toBe(403);
		// Signed for another question (a probe), not for a catch-up.
		expect((await post({ 'x-print-store-self-call': other })).status).toBe(403);
		// With the callback secret in the URL but no signature: no catch-up, and no event either.
		expect((await post({}, `${host.url('status')}?secret=${host.secret()}`)).status).toBe(400);
		expect(host.emittedItems()).toEqual([]);
		await host.deactivate();
	});
});

/** Requests for the order list, answered or not (a service without the list answers 404). */
async function listTries(): Promise<number> {
	return (await env.api.requests()).filter((request) => /\/store\/[^/]+\/order$/.test(String(request.path))).length;
}

async function lists(): Promise<number> {
	return (await env.api.requests()).filter((request) => request.method === 'GET' && /\/store\/[^/]+\/order$/.test(String(request.path))).length;
}

/** Waits for the clock's first catch-up to list the store's orders; the number of list requests then. */
async function untilListed(): Promise<number> {
	for (let waited = 0; waited < 10_000 && (await lists()) === 0; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
	return await lists();
}

/**
 * The clock's first report, as n8n records it: the execution it starts, run through n8n's engine, fails
 * with the trigger's error.
 */
async function untilReported(host: TriggerHost, credentials: StoredCredentials): Promise<Error & { description?: string }> {
	for (let waited = 0; waited < 10_000 && host.clockEmitted.length === 0; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
	expect(host.clockEmitted).toHaveLength(1);
	const run = await runPrintStore({ nodeType: TRIGGER_TYPE, typeVersion: 2, nodeName: host.node.name, parameters: host.node.parameters, items: host.clockEmitted[0], credentials });
	expect(run.json).toEqual([]);
	return run.error as Error & { description?: string };
}

async function waitForItems(host: TriggerHost, count: number): Promise<void> {
	for (let waited = 0; waited < 15_000 && host.emittedItems().length < count; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
	expect(host.emittedItems()).toHaveLength(count);
}
