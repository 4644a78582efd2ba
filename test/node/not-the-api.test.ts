/**
 * A credential whose API Base URL points at a server that is not the API (a web page, another
 * service, a proxy that answers everything with 200): a status history read there must fail the
 * item with what went wrong, never pass for "no status yet" or an order still waited for. The node
 * sends real HTTP to a real server that answers each path as the test says.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { runPrintStore } from '../helpers/engine';
import { credentialsFor, useSandbox } from '../helpers/sandbox';

const env = useSandbox();

let server: http.Server;
let base = '';
/** What the server answers to any GET: a JSON text, served as application/json with 200. */
let answer = '{}';
const paths: string[] = [];

beforeAll(async () => {
	server = http.createServer((request, response) => {
		paths.push(request.url ?? '');
		response.writeHead(200, { 'content-type': 'application/json' }).end(answer);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
	await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
	paths.length = 0;
});

const history = { resource: 'order', operation: 'getStatusHistory', storeId: 'store_main', orderId: { __rl: true, mode: 'id', value: 'ord_1' } };
const wait = {
	resource: 'order',
	operation: 'waitForStatus',
	storeId: 'store_main',
	orderId: { __rl: true, mode: 'id', value: 'ord_1' },
	waitFor: ['Delivered'],
	timeLimit: 1,
	timeLimitUnit: 'hours',
};

describe('a status history that is no list fails the item, naming what came back', () => {
	test.each([
		['an object', '{"message": "Welcome"}', 'object'],
		// The transport reads an empty or null answer as {}.
		['null', 'null', 'object'],
		['a text', '"OK"', 'string'],
	])('%s: Get Status History and Wait Until Status', async (_name, body, kind) => {
		answer = body;
		const credentials = await credentialsFor(env.sandbox, undefined, { baseUrl: base });
		for (const parameters of [history, wait]) {
			const result = await runPrintStore({ parameters, credentials, continueOnFail: true });
			expect(result.error).toBeUndefined();
			expect(result.run.waitTill).toBeUndefined();
			expect(result.json).toHaveLength(1);
			expect(result.json[0]).toMatchObject({
				error: 'The service answered the status history with something other than a list',
				description: `Expected a list of status records, got ${kind}. Nothing was output for this item; check the API Base URL of the credential.`,
			});
		}
		expect(paths).toEqual(['/api/v1/store/store_main/order/ord_1/status', '/api/v1/store/store_main/order/ord_1/status']);
	});
});

test('entries of a history that are no record are left out; the records come out as listed', async () => {
	const delivered = { OrderID: 'ord_1', StatusID: 5, StatusDescription: 'Delivered', Timestamp: '2026-11-22T10:00:00Z' };
	const received = { OrderID: 'ord_1', StatusID: 1, StatusDescription: 'Received', Timestamp: '2026-11-20T10:00:00Z' };
	answer = JSON.stringify([received, null, 'Shipped', 7, [delivered], delivered]);
	const credentials = await credentialsFor(env.sandbox, undefined, { baseUrl: base });
	const all = await runPrintStore({ parameters: history, credentials });
	expect(all.error).toBeUndefined();
	expect(all.json).toEqual([received, delivered]);
	const waited = await runPrintStore({ parameters: wait, credentials });
	expect(waited.error).toBeUndefined();
	expect(waited.json[0]).toMatchObject({ outcome: 'reached', resumedBy: 'alreadyThere', status: delivered, statusHistory: [received, delivered] });
});
