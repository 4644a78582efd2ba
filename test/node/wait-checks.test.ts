/**
 * The checks of Order > Wait Until Status (nodes/PrintStore/wait/checks.ts, wait/reach.ts): when the
 * wait begins, the node finds where n8n answers for this very execution (or fails, saying what to
 * set); once the execution waits, the process that put it to wait asks the execution's resume
 * webhook there itself, signed, at the set interval and at the time limit, until the node's proven
 * answer (or n8n's word on the execution) says there is nothing left to check. A check that fails is
 * tried again soon, said in n8n's log, and carried to the node with the next check. The node runs
 * through n8n's engine against the sandbox; the addresses point at test servers that answer as n8n
 * and the node's webhook would, as each test says.
 */
import { logLines } from '../helpers/verbose-logs';

import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject } from 'n8n-workflow';

import { waitSecret } from '../../nodes/shared/callbacks/secrets';
import { answerProof, readSelfCall, SELF_CALL_HEADER } from '../../nodes/shared/selfCalls/signing';
import { CHECK_TIMING, stopChecks } from '../../nodes/PrintStore/wait/checks';
import { freePort } from '../../scripts/n8n/process';
import { runPrintStore } from '../helpers/engine';
import { credentialsFor, crmOrderItem, useSandbox } from '../helpers/sandbox';

const env = useSandbox();

interface Call {
	at: number;
	path: string;
	query: URLSearchParams;
	body: IDataObject;
	/** Whether the signature header is the wait's own, for what the body asks. */
	signed: boolean;
}

/** What the node's webhook (or n8n) answers a check: `proved` adds the node's proof. 'drop' closes the connection. */
type Answer = { status: number; body: IDataObject; proved?: boolean } | 'drop';

const secretOf = (executionId: string) => waitSecret({ subscriptionKey: env.sandbox.subscriptionKey, clientSecret: env.sandbox.clientSecret }, executionId);

/**
 * A resume route as n8n serves it: the wait's start is answered as n8n answers while the execution
 * runs (unless `running` is false); each check is recorded and answered with `answer(n)` for the n-th.
 */
async function resumeEndpoint(answer: (n: number) => Answer, running = true) {
	const calls: Call[] = [];
	let starts = 0;
	const server = http.createServer((request, response) => {
		let raw = '';
		request.on('data', (chunk) => (raw += chunk));
		request.on('end', () => {
			const url = new URL(request.url ?? '/', 'http://127.0.0.1');
			const body = JSON.parse(raw || '{}') as IDataObject;
			const executionId = url.pathname.split('/')[2];
			const json = (status: number, value: IDataObject) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
			if (body.printStoreReachable === true) {
				starts += 1;
				if (running) json(409, { code: 409, message: `The execution "${executionId}" is running already.` });
				else json(404, { code: 404, message: 'The requested webhook is not registered.' });
				return;
			}
			const what = ['wait', executionId, 'check', JSON.stringify(body.failures ?? null)];
			const signature = readSelfCall(request.headers[SELF_CALL_HEADER], [secretOf(executionId)], what);
			calls.push({ at: Date.now(), path: url.pathname, query: url.searchParams, body, signed: signature !== false && signature !== undefined });
			const given = answer(calls.length);
			if (given === 'drop') {
				request.socket.destroy();
				return;
			}
			json(given.status, given.proved && signature ? { ...given.body, proof: answerProof(secretOf(executionId), signature.nonce) } : given.body);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	return {
		calls,
		starts: () => starts,
		root,
		base: `${root}/webhook-waiting`,
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

/** An address nothing answers at: n8n's public address out of its own reach. */
const OUT_OF_REACH = 'http://127.0.0.1:9/webhook-waiting';

/** Runs Wait Until Status for an order that stays at Received; returns when the node has returned. */
async function runWait(order: string, base: string, wait: IDataObject, credential: Record<string, unknown> = {}) {
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
		credentials: await credentialsFor(env.sandbox, undefined, credential),
		webhookWaitingBaseUrl: base,
	});
	return { started, result };
}

async function waitFor(order: string, base: string, wait: IDataObject, credential: Record<string, unknown> = {}) {
	const run = await runWait(order, base, wait, credential);
	expect(run.result.error).toBeUndefined();
	return run;
}

const until = async (what: string, check: () => boolean, timeoutMs = 15_000) => {
	const deadline = Date.now() + timeoutMs;
	while (!check()) {
		if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const resumed: Answer = { status: 200, body: { received: true, resumed: true, waiting: false }, proved: true };
const stillWaiting: Answer = { status: 200, body: { received: true, resumed: false, waiting: true }, proved: true };
const everySecond = { timeLimit: 1, timeLimitUnit: 'hours', checkEvery: 1, checkEveryUnit: 'seconds' };

const timing = { ...CHECK_TIMING };
afterEach(() => Object.assign(CHECK_TIMING, timing));

test("the execution waits until the time limit (plus the margin for n8n's timer), and checks at the interval, signed, with no secret in the URL, until the node says it resumed", async () => {
	const endpoint = await resumeEndpoint((n) => (n < 3 ? stillWaiting : resumed));
	try {
		const order = await openOrder();
		const { started, result } = await waitFor(order, endpoint.base, everySecond);
		// n8n's timer: the time limit plus 90 s.
		const waitTill = result.run.waitTill!.getTime();
		expect(waitTill - started).toBeGreaterThanOrEqual(3_600_000 + 90_000 - 50);
		expect(waitTill - Date.now()).toBeLessThanOrEqual(3_600_000 + 90_000);
		// The item n8n would output if its own timer ended the wait: unchecked, the status as read, and when.
		expect(result.json[0]).toMatchObject({ orderId: order, outcome: 'unchecked', resumedBy: 'n8nTimer', status: { StatusDescription: 'Received' } });
		expect(Date.parse(String(result.json[0].statusReadAt))).toBeGreaterThanOrEqual(started);
		expect(String(result.json[0].error)).toMatch(/^No check ran when the wait ended: n8n's own timer ended it after the time limit .*"Received" when its status was last read, at /);
		// Before it waited, the node asked once where n8n answers for this execution.
		expect(endpoint.starts()).toBe(1);

		await until('3 checks', () => endpoint.calls.length >= 3);
		const [first, second, third] = endpoint.calls;
		expect(first.path).toMatch(/^\/webhook-waiting\/exec-\d+\/print-store-status$/);
		// n8n's own resume token only: the node's secret is in no URL.
		expect([...first.query.keys()]).toEqual(['signature']);
		expect(endpoint.calls.map((call) => call.signed)).toEqual([true, true, true]);
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

test("a check that fails is tried again soon, said in n8n's log with what to set, and carried to the node with the next check that gets through", async () => {
	CHECK_TIMING.retryMs = 300;
	// An answer without the node's proof (a proxy's error page, another server) is a failed check too.
	const answers: Answer[] = [{ status: 502, body: { message: 'Bad Gateway' } }, { status: 200, body: { received: true, resumed: true } }, 'drop', stillWaiting, resumed];
	const endpoint = await resumeEndpoint((n) => answers[n - 1] ?? resumed);
	try {
		const { started } = await waitFor(await openOrder(), endpoint.base, { timeLimit: 1, timeLimitUnit: 'hours', checkEvery: 8, checkEveryUnit: 'seconds' });
		await until('5 checks', () => endpoint.calls.length >= 5, 50_000);
		const [first, second, third, fourth, fifth] = endpoint.calls;
		// The first after the interval; each retry 0.3 s, 0.6 s, 1.2 s after its failure, where an interval
		// would be 8 s: the margin is the rest, for a busy machine.
		expect(first.at - started).toBeGreaterThanOrEqual(8000 - 50);
		expect([second.at - first.at, third.at - second.at, fourth.at - third.at].map((gap) => gap < 8000)).toEqual([true, true, true]);
		expect(second.body).toMatchObject({ failures: { count: 1, last: expect.stringMatching(/HTTP 502: Bad Gateway/) } });
		expect(third.body).toMatchObject({ failures: { count: 2, last: expect.stringMatching(/without the node's proof/) } });
		expect(fourth.body).toMatchObject({ failures: { count: 3, last: expect.stringMatching(/no answer/) } });
		expect(Date.parse(String((fourth.body.failures as IDataObject).lastAt))).toBeGreaterThanOrEqual(third.at);
		// Through again: the failures stay counted until the wait ends.
		expect(fifth.body).toMatchObject({ failures: { count: 3 } });
		const warnings = logLines().filter((line) => line.includes('a check of the orders\' statuses failed'));
		// Said once per reason, with what to set.
		expect(warnings).toHaveLength(3);
		expect(warnings[0]).toMatch(/n8n Internal URL/);
	} finally {
		await endpoint.close();
	}
}, 75_000);

test.each([
	[404, { code: 404, message: 'The execution "EXEC" does not exist.' }],
	[409, { code: 409, message: 'The execution "EXEC has finished already.' }],
])("n8n's own answer %i that the execution is gone ends the checks", async (status, body) => {
	const endpoint = await resumeEndpoint((n) => ({ status, body: { ...body, message: String(body.message).replace('EXEC', endpoint.calls[n - 1].path.split('/')[2]) } }));
	try {
		await waitFor(await openOrder(), endpoint.base, everySecond);
		await until('the first check', () => endpoint.calls.length >= 1);
		await pause(2500);
		expect(endpoint.calls).toHaveLength(1);
	} finally {
		await endpoint.close();
	}
});

test("\"gone\" only from a proven address: the proven address silent and another n8n saying 404 \"does not exist\" at an address that never proved itself, the check fails, is said in n8n's log and carried to the node, and the checks go on", async () => {
	CHECK_TIMING.retryMs = 300;
	// The proven address (the credential's n8n Internal URL, where n8n said at the start that the execution runs) drops the first check, then answers as the node.
	const endpoint = await resumeEndpoint((n) => (n === 1 ? 'drop' : resumed));
	// Another n8n, where n8n's public address leads (tried after n8n's default address): it knows no such execution.
	const otherAsked: Array<{ path: string; body: IDataObject }> = [];
	const other = http.createServer((request, response) => {
		let raw = '';
		request.on('data', (chunk) => (raw += chunk));
		request.on('end', () => {
			const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
			otherAsked.push({ path, body: JSON.parse(raw || '{}') as IDataObject });
			const message = `The execution "${path.split('/')[2]}" does not exist.`;
			response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 404, message }));
		});
	});
	await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
	const otherRoot = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
	try {
		await waitFor(await openOrder(), `${otherRoot}/webhook-waiting`, everySecond, { n8nInternalUrl: `${endpoint.root}/` });
		expect(endpoint.starts()).toBe(1);
		await until('a second check at the proven address', () => endpoint.calls.length >= 2);
		const executionId = endpoint.calls[0].path.split('/')[2];
		// The first check reached the other n8n, which said the execution does not exist: that did not end the checks.
		const checksAtOther = otherAsked.filter((asked) => asked.body.printStoreCheck === true);
		expect(checksAtOther).toEqual([{ path: `/webhook-waiting/${executionId}/print-store-status`, body: { printStoreCheck: true } }]);
		const saidThere = `${otherRoot}/webhook-waiting/${executionId}/print-store-status (HTTP 404: The execution "${executionId}" does not exist.)`;
		expect(endpoint.calls[1].body).toMatchObject({ failures: { count: 1, last: expect.stringContaining(saidThere) } });
		expect(String((endpoint.calls[1].body.failures as IDataObject).last)).toMatch(/^no n8n process answered as this wait: /);
		const warnings = logLines()
			.map((line) => {
				// n8n's log file holds JSON lines; console lines are kept as they are.
				try {
					return String((JSON.parse(line) as { message?: unknown }).message ?? '');
				} catch {
					return line;
				}
			})
			.filter((message) => message.includes(`execution ${executionId}: a check of the orders' statuses failed`));
		expect(warnings).toHaveLength(1);
		expect(warnings[0]).toContain(saidThere);
	} finally {
		await endpoint.close();
		await new Promise<void>((resolve) => other.close(() => resolve()));
	}
});

test('answers that do not end the wait keep the checks going: n8n says it runs (409), the node says it still waits, a wrong secret without proof', async () => {
	const answers: Answer[] = [{ status: 409, body: { message: 'The execution "X" is running already.' } }, stillWaiting, { status: 403, body: { error: 'Wrong secret' } }];
	const endpoint = await resumeEndpoint((n) => {
		const given = answers[n - 1] ?? resumed;
		if (given !== 'drop' && typeof given.body.message === 'string') given.body.message = given.body.message.replace('"X"', `"${endpoint.calls[n - 1].path.split('/')[2]}"`);
		return given;
	});
	try {
		await waitFor(await openOrder(), endpoint.base, everySecond);
		await until('4 checks', () => endpoint.calls.length >= 4, 20_000);
		await pause(2500);
		expect(endpoint.calls).toHaveLength(4);
	} finally {
		await endpoint.close();
	}
});

test('a time limit sooner than the interval: one check at the time limit, then again every 5 s until one ends the wait', async () => {
	const endpoint = await resumeEndpoint((n) => (n < 2 ? stillWaiting : resumed));
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

test('no address answers for the execution when the wait begins: the node fails, naming each address tried and what to set, and nothing waits', async () => {
	const endpoint = await resumeEndpoint(() => resumed, false);
	// The credential's n8n Internal URL on a port nothing listens on; n8n's default address (127.0.0.1:5678) is tried too, whatever answers there on this machine.
	const closed = `http://127.0.0.1:${await freePort()}`;
	try {
		const { result } = await runWait(await openOrder(), `${endpoint.root}/webhook-waiting`, everySecond, { n8nInternalUrl: closed });
		expect(result.run.waitTill).toBeUndefined();
		const error = result.error as Error & { description?: string };
		expect(error.message).toBe("Wait Until Status cannot reach this execution in n8n to check the orders' statuses: no address of n8n answered");
		expect(error.description).toContain(`${closed}/webhook-waiting/`);
		expect(error.description).toMatch(/ \(no answer \(ECONNREFUSED\)\), /);
		expect(error.description).toContain('http://127.0.0.1:5678/webhook-waiting/');
		expect(error.description).toContain(`${endpoint.root}/webhook-waiting/`);
		expect(error.description).toContain('HTTP 404: The requested webhook is not registered.');
		expect(error.description).toMatch(/Set "n8n Internal URL" in the Print Store credential/);
		expect(error.description).toMatch(/Or set Status Checks to Off/);
		expect(endpoint.starts()).toBe(1);
		await pause(1500);
		expect(endpoint.calls).toEqual([]);
	} finally {
		await endpoint.close();
	}
});

test("n8n's public address out of its reach: the wait finds the execution at the credential's n8n Internal URL, and checks there", async () => {
	const endpoint = await resumeEndpoint((n) => (n < 2 ? stillWaiting : resumed));
	try {
		await waitFor(await openOrder(), OUT_OF_REACH, everySecond, { n8nInternalUrl: `${endpoint.root}/` });
		await until('2 checks', () => endpoint.calls.length >= 2);
		expect(endpoint.starts()).toBe(1);
		expect(endpoint.calls[0].path).toMatch(/^\/webhook-waiting\/exec-\d+\/print-store-status$/);
	} finally {
		await endpoint.close();
	}
});

test('Status Checks off: nothing is asked of n8n, and n8n ends the wait at the time limit itself', async () => {
	const endpoint = await resumeEndpoint(() => resumed);
	try {
		const { started, result } = await waitFor(await openOrder(), OUT_OF_REACH, { timeLimit: 1, timeLimitUnit: 'hours', statusChecks: 'off' });
		const waitTill = result.run.waitTill!.getTime();
		expect(waitTill - started).toBeGreaterThanOrEqual(3_600_000 - 50);
		expect(waitTill - Date.now()).toBeLessThanOrEqual(3_600_000);
		expect(result.json[0]).toMatchObject({ outcome: 'unchecked', resumedBy: 'n8nTimer' });
	} finally {
		await endpoint.close();
	}
});

test('an order already settled ends at once: nothing waits, nothing is checked', async () => {
	const endpoint = await resumeEndpoint(() => resumed);
	try {
		const order = await openOrder();
		await env.api.advance(order, { toStatusId: 5 });
		const { result } = await waitFor(order, endpoint.base, everySecond);
		expect(result.run.waitTill).toBeUndefined();
		await pause(1500);
		expect([endpoint.starts(), endpoint.calls.length]).toEqual([0, 0]);
	} finally {
		await endpoint.close();
	}
});

test('the checks of an execution stop when it resumes in this process (stopChecks, called by the resume webhook)', async () => {
	const endpoint = await resumeEndpoint(() => stillWaiting);
	try {
		await waitFor(await openOrder(), endpoint.base, everySecond);
		await until('the first check', () => endpoint.calls.length >= 1);
		stopChecks(endpoint.calls[0].path.split('/')[2]);
		await pause(2500);
		expect(endpoint.calls).toHaveLength(1);
	} finally {
		await endpoint.close();
	}
});
