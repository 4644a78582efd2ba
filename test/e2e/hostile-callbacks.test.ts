/**
 * Hostile traffic at the Print Store Trigger's production URLs in the real n8n: over 200 generated
 * requests (no secret, wrong secret, the secret in the wrong place, broken and oversized bodies,
 * prototype keys, wrong content types, huge arrays, unicode edge cases), with valid callbacks
 * interleaved. Forged requests start nothing, bad bodies get a 4xx, nothing crashes or pollutes
 * prototypes, and every valid callback starts exactly one execution.
 */
import { randomUUID } from 'node:crypto';

import type { Execution, WorkflowJson } from '../../scripts/n8n/client';
import { nodeOutput } from '../../scripts/n8n/executions';
import { PACKAGE_NODE_PREFIX } from '../../scripts/n8n/workflows';
import { describeE2E, e2e } from './helpers/harness';

interface Probe {
	kind: string;
	forged: boolean;
	path: 'status' | 'details' | 'orders';
	query: string;
	body: string | Buffer;
	contentType?: string;
	headers?: Record<string, string>;
}

const SECRET = `hostile-${randomUUID()}`;
const MIB = 1024 * 1024;

const validRecord = (index: number, extra: Record<string, unknown> = {}) => ({
	OrderID: `ord_valid_${index}`,
	OrderNumber: `PS-V${index}`,
	StatusID: 4,
	StatusDescription: 'Shipped',
	Timestamp: new Date(Date.UTC(2026, 10, 1, 0, index)).toISOString(),
	TrackingNumber: `1Z${index}`,
	...extra,
});

/**
 * Authenticated callbacks of shapes the spec does not show: other casings and aliases, envelopes,
 * lists, missing or odd status values, extra fields. Each carries a marker (`m: "odd-<n>"`) and, where
 * it has an order, an order ID of its own, so each is a distinct event.
 */
function oddShapes(): unknown[] {
	const shapes: Array<(m: string, id: string) => unknown> = [
		(m, id) => ({ m, orderId: id, status: 'Shipped' }),
		(m, id) => ({ m, OrderId: id, Status: 'Delivered' }),
		(m, id) => ({ m, order_id: id, status_id: 4 }),
		(m, id) => ({ data: { m, OrderID: id, StatusID: 4 } }),
		(m, id) => ({ Order: { m, ID: id, StatusDescription: 'Printed' } }),
		(m, id) => ({ event: 'order.status', data: { m, orderId: id, status: 'Shipped', statusId: 4, occurredAt: '2026-11-22T10:00:00Z' } }),
		(m, id) => [{ m, OrderID: id, StatusID: 2 }],
		(m, id) => ({ m, ORDERID: id, STATUSID: 3 }),
		(m, id) => ({ m, orderid: id, statusdescription: 'in production' }),
		(m, id) => ({ m, OrderID: id }),
		(m, id) => ({ m, OrderID: id, StatusID: '4' }),
		(m, id) => ({ m, OrderID: id, StatusDescription: 'shipped' }),
		(m, id) => ({ m, OrderID: id, StatusDescription: 'Out for Delivery' }),
		(m, id) => ({ m, OrderID: id, StatusID: 99 }),
		(m, id) => ({ m, OrderID: id, StatusID: null }),
		(m, id) => ({ m, OrderID: id, StatusID: true }),
		(m, id) => ({ m, OrderID: id, StatusID: [4] }),
		(m, id) => ({ m, OrderID: id, StatusID: { value: 4 } }),
		(m, id) => ({ m, OrderID: id, StatusID: 4, Timestamp: 'not a date' }),
		(m, id) => ({ m, OrderID: id, StatusID: 4, ShippedDate: '20261122' }),
		(m) => ({ m, OrderID: 123456789, StatusID: 5 }),
		(m) => ({ m, OrderID: '', StatusID: 1 }),
		(m) => ({ m, extra: { deep: { deeper: [1, 2, { x: 1 }] } } }),
		(m) => ({ m, list: Array.from({ length: 100 }, (_, n) => n) }),
		(m) => ({ m, 'key with spaces': 1, ключ: 'значение', 鍵: '値' }),
		(m, id) => ({ m, OrderID: id, note: '😀🚚 ‮ rtl', StatusID: 4 }),
		(m, id) => ({ m, payload: { data: { records: [{ OrderID: id, StatusID: 4 }] } } }),
		(m, id) => ({ m, OrderID: id, StatusID: 5, _meta: { Messages: [] } }),
		(m, id) => ({ m, OrderID: id, Status: { ID: 4, Description: 'Shipped' } }),
		(m, id) => ({ m, results: [{ OrderID: id, StatusID: 3 }] }),
		(m, id) => ({ m, OrderID: id, StatusID: 4, Timestamp: 1763812800000 }),
		(m, id) => ({ m, OrderID: id, text: 'a'.repeat(100_000) }),
		(m, id) => ({ m, OrderID: id, big: 1e308, small: 5e-324, negative: -1 }),
	];
	return shapes.map((shape, index) => shape(`odd-${index}`, `ord_odd_${index}`));
}

/**
 * Authenticated events that carry a prototype key somewhere: the key is dropped and the event kept
 * (a refused callback is a lost event), one record each, named by OrderID.
 */
function prototypeBodies(): string[] {
	const bodies: string[] = [];
	['__proto__', 'constructor', 'prototype'].forEach((key, index) => {
		bodies.push(`{"StatusID": 4, "OrderID": "proto-top-${index}", "${key}": {"polluted": "yes", "isAdmin": true}}`);
		bodies.push(`{"data": {"records": [{"StatusID": 4, "OrderID": "proto-nested-${index}", "${key}": {"polluted": "yes"}}]}}`);
		bodies.push(`[{"StatusID": 4, "OrderID": "proto-list-${index}", "x": {"${key}": {"prototype": {"polluted": "yes"}}}}]`);
	});
	bodies.push('{"StatusID": 4, "OrderID": "proto-constructor-prototype", "constructor": {"prototype": {"polluted": "yes"}}}');
	return bodies;
}

function hostileProbes(): Probe[] {
	const probes: Probe[] = [];
	const good = JSON.stringify(validRecord(999));
	const add = (kind: string, forged: boolean, query: string, body: string | Buffer, contentType = 'application/json', headers?: Record<string, string>) =>
		probes.push({ kind, forged, path: probes.length % 2 ? 'details' : 'status', query, body, contentType, headers });

	// Forged: no secret, a wrong one, or the right one where it does not belong.
	for (let i = 0; i < 30; i++) add('no secret', true, '', JSON.stringify(validRecord(1000 + i)));
	for (let i = 0; i < 40; i++) add('wrong secret', true, `?secret=${i % 2 ? SECRET.slice(0, i + 1) : randomUUID()}`, good);
	add('secret upper-cased', true, `?secret=${SECRET.toUpperCase()}`, good);
	add('secret with a suffix', true, `?secret=${SECRET}0`, good);
	add('secret in a header', true, '', good, 'application/json', { 'x-callback-secret': SECRET });
	add('secret as a bearer token', true, '', good, 'application/json', { authorization: `Bearer ${SECRET}` });
	add('secret in the body', true, '', JSON.stringify({ ...validRecord(998), secret: SECRET }));
	add('secret under another name', true, `?token=${SECRET}`, good);
	add('secret name in capitals', true, `?Secret=${SECRET}`, good);
	add('secret as a list', true, `?secret[]=${SECRET}`, good);
	add('secret twice', true, `?secret=${SECRET}&secret=${SECRET}`, good);
	add('empty secret', true, '?secret=', good);
	add('secret in the fragment', true, `#secret=${SECRET}`, good);
	add('secret with a null byte', true, `?secret=${SECRET}%00`, good);
	// The same, with the secret as a path segment.
	for (let i = 0; i < 10; i++) add('wrong secret in the path', true, `/${i % 2 ? SECRET.slice(0, i + 1) : randomUUID()}`, good);
	add('path secret upper-cased', true, `/${SECRET.toUpperCase()}`, good);
	add('path secret with a suffix', true, `/${SECRET}0`, good);
	add('path secret one short, with a store', true, `/${SECRET.slice(0, -1)}/store_1001`, good);
	add('path secret blank', true, '/%20', good);
	add('wrong path secret, right query secret', true, `/${randomUUID()}?secret=${SECRET}`, good);
	probes.push({ kind: 'right secret, unknown callback', forged: true, path: 'orders', query: `/${SECRET}`, body: good, contentType: 'application/json' });

	// Right secret, bad bodies.
	const q = `?secret=${SECRET}`;
	for (let cut = 1; cut <= 40; cut++) add('truncated JSON', false, q, good.slice(0, Math.floor((good.length * cut) / 41)));
	// Random bytes from a fixed seed, so a failure can be replayed.
	let seed = 20261122;
	const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
	for (let i = 0; i < 40; i++) {
		add('random bytes', false, q, Buffer.from(Array.from({ length: 1 + Math.floor(random() * 300) }, () => Math.floor(random() * 256))));
	}
	for (const text of ['not json', '<xml/>', 'undefined', 'NaN', '{,}', '[1,]', "{'StatusID': 4}", '{"StatusID": 4}}', '\u0000', 'null']) {
		add('non-JSON', false, q, text);
	}
	for (let i = 0; i < 3; i++) add('10,000-level nesting', false, q, `${'{"data":'.repeat(10_000)}${good}${'}'.repeat(10_000)}`);
	for (let i = 0; i < 3; i++) add('5 MiB body', false, q, JSON.stringify({ ...validRecord(2000 + i), padding: 'x'.repeat(5 * MIB) }));
	for (const type of ['text/xml', 'application/xml', 'multipart/form-data; boundary=x', 'application/octet-stream', 'image/png']) {
		add('wrong content type', false, q, type.startsWith('multipart') ? '--x\r\ncontent-disposition: form-data; name="a"\r\n\r\nb\r\n--x--' : '<a>1</a>', type);
	}
	for (let i = 0; i < 3; i++) add('huge array', false, q, JSON.stringify(Array.from({ length: 100_000 }, (_, n) => n)));
	add('too many records', false, q, JSON.stringify(Array.from({ length: 1500 }, (_, n) => validRecord(5000 + n))));
	// Bare strings: JSON, but no event can be a string.
	for (const text of ['"\ud800"', '"\udfff"', '"\u202e\u0000"', '"\\ud800\\udc00"', '"\u00ff\u00fe"']) {
		add('unicode garbage', false, q, text);
	}
	// Whitespace is a body, and not JSON (a callback with no body at all is an event: below).
	add('whitespace body', false, q, '   \n ');
	add('status record as text', false, q, JSON.stringify('StatusID=4'));
	return probes;
}

describeE2E('hostile callbacks at the trigger in the real n8n', () => {
	test('over 200 hostile requests start nothing and harm nothing; 20 valid ones start exactly one execution each', async () => {
		const { client } = e2e();
		const trigger = {
			id: randomUUID(),
			name: 'Print Store Trigger',
			type: `${PACKAGE_NODE_PREFIX}printStoreTrigger`,
			typeVersion: 1,
			position: [0, 0] as [number, number],
			webhookId: randomUUID(),
			parameters: { events: ['status', 'details'], options: { callbackSecret: SECRET } },
		};
		const workflow: WorkflowJson = {
			name: 'e2e: hostile callbacks',
			nodes: [
				trigger,
				{
					id: randomUUID(),
					name: 'Prototype check',
					type: 'n8n-nodes-base.set',
					typeVersion: 3.4,
					position: [220, 0],
					parameters: {
						mode: 'manual',
						includeOtherFields: true,
						assignments: {
							assignments: [
								{ id: randomUUID(), name: 'prototypesClean', type: 'boolean', value: '={{ ({}).polluted === undefined && ({}).isAdmin === undefined }}' },
							],
						},
						options: {},
					},
				},
			],
			connections: { 'Print Store Trigger': { main: [[{ node: 'Prototype check', type: 'main', index: 0 }]] } },
			settings: { executionOrder: 'v1' },
		};
		const saved = await client.createWorkflow(workflow);
		await client.activateWorkflow(saved.id);

		const probes = hostileProbes();
		// The secret in each place the trigger takes it: the query, a path segment, a path segment and a store.
		const places = [`?secret=${SECRET}`, `/${SECRET}`, `/${SECRET}/store_1001`];
		const valid: Probe[] = Array.from({ length: 20 }, (_, index) => ({
			kind: 'valid',
			forged: false,
			path: index % 2 ? 'details' : 'status',
			query: places[index % places.length],
			body: JSON.stringify(validRecord(index, index === 7 ? { OrderNumber: 'PS-Ünïcødé-😀-\u202e' } : {})),
			contentType: 'application/json',
		}));
		// Authenticated JSON of shapes the spec does not show: each is an event (a refused callback is a
		// lost event), emitted once with the payload intact under raw; an empty list carries none.
		const oddBodies = oddShapes().map((shape) => JSON.stringify(shape));
		oddBodies.forEach((body, index) => {
			valid.push({ kind: 'odd', forged: false, path: index % 2 ? 'details' : 'status', query: places[index % places.length], body, contentType: 'application/json' });
		});
		valid.push({ kind: 'odd', forged: false, path: 'status', query: `?secret=${SECRET}`, body: '[]', contentType: 'application/json' });
		// Authenticated callbacks without a body (a service set to send no payload): never refused; each is
		// an event, its status to be read from the API (it names no order here, so it says so).
		for (const query of [`?secret=${SECRET}`, `/${SECRET}`]) valid.push({ kind: 'bodiless', forged: false, path: 'status', query, body: '', contentType: 'application/json' });
		const prototypeEvents = prototypeBodies();
		for (const body of prototypeEvents) valid.push({ kind: 'prototype', forged: false, path: 'status', query: `?secret=${SECRET}`, body, contentType: 'application/json' });
		// Interleave: a valid callback after every ~11 hostile ones.
		const sequence: Probe[] = [];
		probes.forEach((probe, index) => {
			sequence.push(probe);
			if (index % 11 === 5 && valid.length) sequence.push(valid.shift()!);
		});
		sequence.push(...valid);

		const results: Array<{ probe: Probe; status: number }> = [];
		let next = 0;
		const worker = async () => {
			while (next < sequence.length) {
				const probe = sequence[next++];
				// A suffix starting with '/' is a path-form secret: the address is then <id>/<id>/<kind>.
				const address = probe.query.startsWith('/') ? `${trigger.webhookId}/${trigger.webhookId}/${probe.path}` : `${trigger.webhookId}/${probe.path}`;
				const url = `${client.webhookUrl(address)}${probe.query}`;
				let status: number;
				try {
					const response = await fetch(url, {
						method: 'POST',
						headers: { ...(probe.contentType ? { 'content-type': probe.contentType } : {}), ...probe.headers },
						body: probe.body,
					});
					status = response.status;
					await response.arrayBuffer();
				} catch {
					status = 0;
				}
				results.push({ probe, status });
			}
		};
		await Promise.all(Array.from({ length: 10 }, worker));

		const hostile = results.filter((result) => !['valid', 'odd', 'prototype', 'bodiless'].includes(result.probe.kind));
		const byKind = new Map<string, number[]>();
		for (const { probe, status } of hostile) byKind.set(probe.kind, [...(byKind.get(probe.kind) ?? []), status]);
		process.stdout.write(
			`\nhostile callbacks: ${hostile.length} sent\n${[...byKind].map(([kind, codes]) => `  ${kind}: ${[...new Set(codes)].join(', ')} (${codes.length})`).join('\n')}\n`,
		);

		expect(hostile.length).toBeGreaterThanOrEqual(200);
		for (const { probe, status } of hostile) {
			// Forged: refused for the secret. Authenticated: refused for the body: 400 unreadable, 413 too large,
			// 415 not JSON (the trigger), or 422 (n8n itself, for a body its parser cannot read).
			// A right secret at an address that is neither callback: 404 (the trigger, or n8n with no such route).
			const expected = probe.forged ? (probe.path === 'orders' ? [404] : [401, 403]) : [400, 413, 415, 422];
			expect([probe.kind, status]).toEqual([probe.kind, expected.includes(status) ? status : `one of ${expected.join(', ')}`]);
		}
		const validResults = results.filter((result) => result.probe.kind === 'valid');
		expect(validResults.map((result) => result.status)).toEqual(Array(20).fill(200));
		const oddResults = results.filter((result) => result.probe.kind === 'odd');
		expect(oddResults.map((result) => result.status)).toEqual(Array(oddBodies.length + 1).fill(200));
		expect(results.filter((result) => result.probe.kind === 'prototype').map((result) => result.status)).toEqual(Array(prototypeEvents.length).fill(200));
		expect(results.filter((result) => result.probe.kind === 'bodiless').map((result) => result.status)).toEqual([200, 200]);

		// n8n is still up, and exactly the 20 valid and the odd-shaped callbacks started executions.
		expect((await fetch(`${e2e().state.n8n.url}/healthz`)).status).toBe(200);
		const expectedRuns = 20 + oddBodies.length + prototypeEvents.length + 2;
		// A sentinel callback after everything else: once its execution has finished, every execution the
		// requests before it started is listed (no fixed quiet window a late execution could slip past).
		const sentinel = `sentinel-${randomUUID()}`;
		const sentinelAnswer = await fetch(`${client.webhookUrl(`${trigger.webhookId}/status`)}?secret=${SECRET}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(validRecord(0, { OrderID: sentinel })),
		});
		expect(sentinelAnswer.status).toBe(200);
		const ids = (run: Execution) => nodeOutput(run, 'Prototype check').map((item) => String(item.OrderID));
		const finished = await client.waitForExecutions(saved.id, expectedRuns + 1);
		expect(finished.some((run) => ids(run).includes(sentinel))).toBe(true);
		const executions = finished.filter((run) => run.mode === 'webhook' && !ids(run).includes(sentinel));
		expect(executions).toHaveLength(expectedRuns);
		const emitted = executions.flatMap((run) => nodeOutput(run, 'Prototype check'));
		expect(emitted).toHaveLength(expectedRuns);
		const validOrders = emitted.map((item) => String(item.OrderID)).filter((id) => id.startsWith('ord_valid_'));
		expect(new Set(validOrders).size).toBe(20);
		expect(emitted.every((item) => item.prototypesClean === true)).toBe(true);
		// Each event with a prototype key: emitted once, the key gone from what it carries.
		const prototypeItems = emitted.filter((item) => String(item.OrderID).startsWith('proto-'));
		expect(prototypeItems.map((item) => String(item.OrderID)).sort()).toEqual(prototypeEvents.map((body) => /"OrderID": "([^"]+)"/.exec(body)![1]).sort());
		for (const item of prototypeItems) expect(JSON.stringify(item)).not.toMatch(/"__proto__"|"constructor"|"prototype"|polluted/);
		expect(emitted.find((item) => item.OrderID === 'ord_valid_7')?.OrderNumber).toBe('PS-Ünïcødé-😀-\u202e');
		// The two without a body: one event each, saying it names no order to read the status of.
		expect(emitted.filter((item) => typeof item.statusError === 'string').map((item) => item.statusError)).toEqual([
			expect.stringContaining('names no order'),
			expect.stringContaining('names no order'),
		]);
		// Each odd shape: one item, its payload (or the one record of a list) intact under raw.
		expect(oddBodies.length).toBeGreaterThanOrEqual(30);
		oddBodies.forEach((body, index) => {
			const parsed = JSON.parse(body) as unknown;
			const items = emitted.filter((item) => JSON.stringify(item.raw).includes(`"odd-${index}"`));
			expect([index, items.length]).toEqual([index, 1]);
			const raw = JSON.stringify(items[0].raw);
			expect([index, raw === body || (Array.isArray(parsed) && raw === JSON.stringify(parsed[0]))]).toEqual([index, true]);
		});
		await client.deactivateWorkflow(saved.id);
	});
});
