/**
 * The trigger's reading of a callback request at its edges, through n8n-core's WebhookContext with
 * real HTTP (test/helpers/trigger.ts): the size limit at exactly 1 MiB and for a body sent without
 * a length, the content types senders use, the exact refusals, the acknowledgement's counts, and a
 * "Listen for test event" that never touches what Create uses in production.
 */
import type { IDataObject } from 'n8n-workflow';

import { startTrigger, storedState, useTriggerHosts } from '../helpers/trigger';

const hosts = useTriggerHosts();
async function activeTrigger(options: Parameters<typeof startTrigger>[0] = {}) {
	const host = await startTrigger(options);
	hosts.push(host);
	await host.activate();
	return host;
}

const record = (order: string, statusId = 4) => ({ OrderID: order, StatusID: statusId, Timestamp: `2026-11-2${statusId}T10:00:00Z` });

/** A JSON body of exactly `bytes` bytes. */
function bodyOf(bytes: number): string {
	const head = JSON.stringify({ ...record('size'), pad: '' });
	return `${head.slice(0, -2)}${'x'.repeat(bytes - head.length)}"}`;
}

describe('size', () => {
	test('exactly 1 MiB is taken; one byte more is refused with 413, saying why', async () => {
		const host = await activeTrigger();
		const q = `?secret=${host.secret()}`;
		const fits = bodyOf(1024 * 1024);
		expect(Buffer.byteLength(fits)).toBe(1024 * 1024);
		expect((await host.post('status', fits, { query: q })).status).toBe(200);
		const over = await host.post('status', bodyOf(1024 * 1024 + 1), { query: q });
		expect([over.status, over.answer, over.emitted]).toEqual([413, { received: false, error: 'Payload larger than 1 MiB' }, undefined]);
	});

	test('a body sent in chunks without Content-Length is measured as read', async () => {
		const host = await activeTrigger();
		const chunked = (text: string) =>
			new ReadableStream({
				start(controller) {
					const bytes = new TextEncoder().encode(text);
					for (let at = 0; at < bytes.length; at += 65536) controller.enqueue(bytes.slice(at, at + 65536));
					controller.close();
				},
			});
		const send = async (text: string) => {
			const response = await fetch(`${host.url('status')}?secret=${host.secret()}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: chunked(text),
				duplex: 'half',
			} as RequestInit);
			return [response.status, (await response.json()) as IDataObject] as const;
		};
		expect(await send(bodyOf(1024 * 1024 + 1))).toEqual([413, { received: false, error: 'Payload larger than 1 MiB' }]);
		expect((await send(JSON.stringify(record('chunked'))))[0]).toBe(200);
	});
});

describe('content types', () => {
	test.each([
		['JSON with a charset and spaces', ' Application/JSON ; charset=utf-8'],
		['a +json type', 'application/cloudevents+json'],
		['none given', ''],
	])('%s is read', async (_name, contentType) => {
		const host = await activeTrigger();
		const delivery = await host.post('status', JSON.stringify(record('ct')), { query: `?secret=${host.secret()}`, contentType });
		expect(delivery.status).toBe(200);
		expect(delivery.emitted?.map((event) => event.OrderID)).toEqual(['ct']);
	});

	test('no Content-Type header at all is read as JSON', async () => {
		const host = await activeTrigger();
		const response = await fetch(`${host.url('status')}?secret=${host.secret()}`, { method: 'POST', body: new TextEncoder().encode(JSON.stringify(record('bare'))) });
		expect(response.status).toBe(200);
		expect(await response.json()).toMatchObject({ received: true, emitted: 1 });
	});

	test('a type that is no JSON is refused with 415, naming the type without its parameters', async () => {
		const host = await activeTrigger();
		const delivery = await host.post('status', '<a/>', { query: `?secret=${host.secret()}`, contentType: 'application/xml; charset=utf-8' });
		expect([delivery.status, delivery.answer]).toEqual([415, { received: false, error: 'Content type "application/xml" is not JSON' }]);
	});
});

test('a path-form address of neither callback is refused with 404, saying what the path must start with', async () => {
	const host = await activeTrigger();
	const response = await fetch(`${host.pathUrl('status').replace(/\/status$/, '/shipping')}/${host.secret()}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(record('nowhere')),
	});
	expect(response.status).toBe(404);
	expect(await response.json()).toEqual({ received: false, error: 'Unknown callback address: the path after the webhook ID must start with status/ or details/' });
});

test('the acknowledgement counts events, emitted, duplicates and filtered in one delivery', async () => {
	const host = await activeTrigger({ parameters: { otherStatuses: '4, 5' } });
	const q = `?secret=${host.secret()}`;
	expect((await host.post('status', JSON.stringify(record('ack', 4)), { query: q })).answer).toMatchObject({ emitted: 1 });
	const mixed = await host.post('status', JSON.stringify([record('ack', 4), record('ack', 5), record('ack', 3)]), { query: q });
	expect(mixed.answer).toEqual({ received: true, events: 3, emitted: 1, duplicates: 1, filtered: 1 });
	expect(mixed.emitted?.map((event) => event.StatusID)).toEqual([5]);
});

test('neither activation nor "Listen for test event" writes static data, and ending the listening touches nothing', async () => {
	const staticData: IDataObject = {};
	await activeTrigger({ staticData });
	const listening = await activeTrigger({ staticData, mode: 'manual' });
	await listening.deactivate();
	expect(storedState(staticData)).toEqual({});
});

test('a form field is read as JSON only when it starts like JSON: braces later in a text stay text', async () => {
	const host = await activeTrigger();
	const body = `OrderID=form-1&StatusID=4&note=${encodeURIComponent('Ring twice {front door}')}&tag=${encodeURIComponent('x[1]')}`;
	const delivery = await host.post('status', body, { query: `?secret=${host.secret()}`, contentType: 'application/x-www-form-urlencoded' });
	expect(delivery.status).toBe(200);
	expect(delivery.emitted?.[0]).toMatchObject({ OrderID: 'form-1', raw: { OrderID: 'form-1', StatusID: '4', note: 'Ring twice {front door}', tag: 'x[1]' } });
});

test('a secret given twice in the query is no secret: refused, nothing started', async () => {
	const host = await activeTrigger();
	const delivery = await host.post('status', JSON.stringify(record('twice')), { query: `?secret=${host.secret()}&secret=${host.secret()}` });
	expect(delivery.status).toBe(401);
	expect(delivery.emitted).toBeUndefined();
});
