/**
 * The checks of Order > Wait Until Status (nodes/PrintStore/wait/poller.ts): once the execution
 * waits, the process that put it to wait calls the execution's resume address itself, at the set
 * interval and at the time limit, until the answer says there is nothing left to check. The node
 * runs through n8n's engine against the sandbox; its resume address points at a test server that
 * records each call and answers as each test says.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject } from 'n8n-workflow';

import { stopChecks } from '../../nodes/PrintStore/wait/poller';
import { runPrintStore } from '../helpers/engine';
import { credentialsFor, crmOrderItem, useSandbox } from '../helpers/sandbox';

const env = useSandbox();

interface Call {
	at: number;
	path: string;
	query: URLSearchParams;
	body: IDataObject;
}

/** A resume endpoint: records every call, answers with `answer(n)` for the n-th (from 1); 'drop' closes the connection unanswered. */
async function resumeEndpoint(answer: (n: number) => { status: number; body: IDataObject } | 'drop') {
	const calls: Call[] = [];
	let probes = 0;
	const server = http.createServer((request, response) => {
		let raw = '';
		request.on('data', (chunk) => (raw += chunk));
		request.on('end', () => {
			const url = new URL(request.url ?? '/', 'http://127.0.0.1');
			const body = JSON.parse(raw || '{}') as IDataObject;
			// The one call before the wait that proves n8n lets the node reach this address (SSRF
			// protection): answered as n8n answers it while the execution runs, and not a check.
			if (body.printStoreReachable === true) {
				probes += 1;
				response.writeHead(409, { 'content-type': 'application/json' }).end('{"message":"The execution is running"}');
				return;
			}
			calls.push({ at: Date.now(), path: url.pathname, query: url.searchParams, body });
			const given = answer(calls.length);
			if (given === 'drop') {
				request.socket.destroy();
				return;
			}
			response.writeHead(given.status, { 'content-type': 'application/json' }).end(JSON.stringify(given.body));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		calls,
		probes: () => probes,
		base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook-waiting`,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

async function openOrder(): Promise<string> {
	const created = await runPrintStore({
		parameters: { resource: 'order', operation: 'create', storeId: env.sandbox.storeId, inputMode: 'json', orderItemJson: JSON.stringify(crmOrderItem(1)) },
		credentials: await credentialsFor(env.sandbox),
	});
	return String(created.json[0].ID);
}

/** Puts an execution to wait for an order that stays at Received; returns when the node has returned. */
async function waitFor(order: string, base: string, wait: IDataObject) {
	const started = Date.now();
	const result = await runPrintStore({
		parameters: {
			resource: 'order',
			operation: 'waitForStatus',
			storeId: env.sandbox.storeId,
			orderId: { __rl: true, mode: 'id', value: order },
			waitFor: ['Delivered'],
			...wait,
		},
		credentials: await credentialsFor(env.sandbox),
		webhookWaitingBaseUrl: base,
	});
	expect(result.error).toBeUndefined();
	return { started, result };
}

const until = async (what: string, check: () => boolean, timeoutMs = 15_000) => {
	const deadline = Date.now() + timeoutMs;
	while (!check()) {
		if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const resumed = { status: 200, body: { received: true, resumed: true } };
const stillWaiting = { status: 200, body: { received: true, resumed: false } };

test('the execution waits until the time limit (plus the margin for n8n\'s timer), and checks at the interval, with its secret, until resumed', async () => {
	const endpoint = await resumeEndpoint((n) => (n < 3 ? stillWaiting : resumed));
	try {
		const order = await openOrder();
		const { started, result } = await waitFor(order, endpoint.base, { timeLimit: 1, timeLimitUnit: 'hours', checkEvery: 1, checkEveryUnit: 'seconds' });
		// n8n's timer: the time limit plus 90 s.
		const waitTill = result.run.waitTill!.getTime();
		expect(waitTill - started).toBeGreaterThanOrEqual(3_600_000 + 90_000 - 50);
		expect(waitTill - Date.now()).toBeLessThanOrEqual(3_600_000 + 90_000);
		// The pending item n8n would output if its timer ended the wait.
		expect(result.json[0]).toMatchObject({ orderId: order, outcome: 'timedOut', resumedBy: 'timeLimit' });
		// Before it waited, the node called the address once to see that n8n lets it.
		expect(endpoint.probes()).toBe(1);

		await until('3 checks', () => endpoint.calls.length >= 3);
		const [first, second, third] = endpoint.calls;
		expect(first.path).toMatch(/^\/webhook-waiting\/exec-\d+\/print-store-status$/);
		expect(first.query.get('secret')).toMatch(/^[0-9a-f]{64}$/);
		expect(first.body).toEqual({ printStoreCheck: true });
		// One second apart (the sandbox and the engine add a little), never sooner.
		expect(first.at - started).toBeGreaterThanOrEqual(1000);
		expect(second.at - first.at).toBeGreaterThanOrEqual(950);
		expect(third.at - second.at).toBeGreaterThanOrEqual(950);
		// Resumed: no check after the third.
		await pause(2500);
		expect(endpoint.calls).toHaveLength(3);
	} finally {
		await endpoint.close();
	}
});

test.each([
	[404, { message: 'gone' }],
	[401, { error: 'Missing secret' }],
	[403, { error: 'Wrong secret' }],
	[409, { message: 'The execution "7" has finished already.' }],
])('an answer %i that leaves nothing to check ends the checks', async (status, body) => {
	const endpoint = await resumeEndpoint(() => ({ status, body }));
	try {
		await waitFor(await openOrder(), endpoint.base, { timeLimit: 1, timeLimitUnit: 'hours', checkEvery: 1, checkEveryUnit: 'seconds' });
		await until('the first check', () => endpoint.calls.length >= 1);
		await pause(2500);
		expect(endpoint.calls).toHaveLength(1);
	} finally {
		await endpoint.close();
	}
});

test('answers that do not end the wait keep the checks going: still running (409), an error (500, even one that says "finished"), "not resumed" (200), no answer', async () => {
	const answers: Array<{ status: number; body: IDataObject } | 'drop'> = [
		{ status: 409, body: { message: 'The execution "7" is running already.' } },
		{ status: 500, body: { message: 'boom' } },
		{ status: 500, body: { message: 'Request handling finished with an error' } },
		stillWaiting,
		'drop',
	];
	const endpoint = await resumeEndpoint((n) => answers[n - 1] ?? resumed);
	try {
		await waitFor(await openOrder(), endpoint.base, { timeLimit: 1, timeLimitUnit: 'hours', checkEvery: 1, checkEveryUnit: 'seconds' });
		await until('6 checks', () => endpoint.calls.length >= 6, 20_000);
		await pause(2500);
		expect(endpoint.calls).toHaveLength(6);
	} finally {
		await endpoint.close();
	}
});

test('a time limit sooner than the interval: one check at the time limit, then again every 5 s until one ends the wait', async () => {
	const endpoint = await resumeEndpoint((n) => (n < 2 ? { status: 500, body: {} } : resumed));
	try {
		const { started } = await waitFor(await openOrder(), endpoint.base, { timeLimit: 0.05, timeLimitUnit: 'minutes', checkEvery: 1, checkEveryUnit: 'hours' });
		await until('2 checks', () => endpoint.calls.length >= 2, 20_000);
		const [atLimit, retry] = endpoint.calls;
		// The time limit is 3 s: the first check then, not an hour later.
		expect(atLimit.at - started).toBeGreaterThanOrEqual(2900);
		expect(atLimit.at - started).toBeLessThan(3_600_000);
		expect(retry.at - atLimit.at).toBeGreaterThanOrEqual(4900);
		await pause(1000);
		expect(endpoint.calls).toHaveLength(2);
	} finally {
		await endpoint.close();
	}
}, 30_000);

test('an order already settled ends at once: nothing waits, nothing is checked', async () => {
	const endpoint = await resumeEndpoint(() => resumed);
	try {
		const order = await openOrder();
		await env.api.advance(order, { toStatusId: 5 });
		const { result } = await waitFor(order, endpoint.base, { timeLimit: 1, timeLimitUnit: 'hours', checkEvery: 1, checkEveryUnit: 'seconds' });
		expect(result.run.waitTill).toBeUndefined();
		await pause(1500);
		expect(endpoint.calls).toEqual([]);
	} finally {
		await endpoint.close();
	}
});

test('the checks of an execution stop when it resumes in this process (stopChecks, called by the resume webhook)', async () => {
	const endpoint = await resumeEndpoint(() => stillWaiting);
	try {
		await waitFor(await openOrder(), endpoint.base, { timeLimit: 1, timeLimitUnit: 'hours', checkEvery: 1, checkEveryUnit: 'seconds' });
		await until('the first check', () => endpoint.calls.length >= 1);
		stopChecks(endpoint.calls[0].path.split('/')[2]);
		await pause(2500);
		expect(endpoint.calls).toHaveLength(1);
	} finally {
		await endpoint.close();
	}
});
