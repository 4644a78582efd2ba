/**
 * What an end-to-end test file uses: the stack that global-setup.ts started (read from the file
 * PRINT_STORE_E2E_STATE names), an n8n client logged in as its owner, the sandbox's control API,
 * and runPrintStore(), which runs one Print Store node inside the real n8n and returns what n8n
 * recorded for it.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';

import { N8nClient, type Execution, type ExecutionError } from '../../../scripts/n8n/client';
import { executionError, nodeError, nodeItems, nodeOutput } from '../../../scripts/n8n/executions';
import { waitFor } from '../../../scripts/n8n/process';
import { SandboxControl } from '../../../scripts/n8n/sandbox-control';
import type { StackState } from '../../../scripts/n8n/stack';
import { CREDENTIAL_TYPE, PRINT_STORE_TYPE, printStoreTestWorkflow, type CredentialRef } from '../../../scripts/n8n/workflows';
import { testWhen } from '../../helpers/test-when';

const stateFile = process.env.PRINT_STORE_E2E_STATE;

/**
 * `describe` when the e2e stack is up (jest.e2e.config.js). Without it the file fails loudly with
 * one test saying so: a silently skipped end-to-end suite would let a run end green on no work.
 */
export function describeE2E(name: string, body: () => void): void {
	if (stateFile) {
		describe(name, body);
		return;
	}
	describe(name, () => {
		test('needs the end-to-end stack', () => {
			throw new Error('PRINT_STORE_E2E_STATE is not set: run the end-to-end tests with jest.e2e.config.js (npm test runs them)');
		});
	});
}

/**
 * The setup that runs this file (the jest config's `globals.printStoreSetup.list`): 'every', where
 * every test of every file runs (one n8n 2.x process in `npm test`, and `npm run compatibility` on
 * any version), or one of the two setups that run only a list (test/e2e/setups.js): 'queue'
 * (what depends on separate processes) and 'n8n1' (what n8n 1.x does differently).
 */
export type SetupList = 'every' | 'queue' | 'n8n1';
export const setupList: SetupList = (globalThis as { printStoreSetup?: { list?: SetupList } }).printStoreSetup?.list ?? 'every';

/**
 * `test` for a test that only some of the listed setups need: it runs where every test runs and
 * in the setups named, and is not defined at all elsewhere (not skipped: a CI run fails on skips).
 * A file in a setup's list runs its plain `test`s in that setup too. Say beside each use why the
 * other setups would test nothing new.
 */
export function testIn(...lists: Array<Exclude<SetupList, 'every'>>): jest.It {
	return testWhen(setupList === 'every' || lists.includes(setupList));
}

/** A test that neither separate processes nor n8n 1.x change: run once, where every test runs. */
export const testOnce = testIn();

/** `test` for a test that only the setups named can run (not where every test runs), with a comment saying why. */
export function testOnlyIn(...lists: Array<Exclude<SetupList, 'every'>>): jest.It {
	return testWhen(lists.includes(setupList as Exclude<SetupList, 'every'>));
}

/**
 * `describeE2E` for a block that only some setups need, as testIn() for a test: jest refuses hooks
 * (beforeAll, afterEach) in a block left without tests, so such a block is left out as a whole.
 */
export function describeIn(...lists: Array<Exclude<SetupList, 'every'>>): (name: string, body: () => void) => void {
	return setupList === 'every' || lists.includes(setupList) ? describeE2E : () => undefined;
}

let cached: { state: StackState; client: N8nClient; sandbox: SandboxControl } | undefined;

export function e2e() {
	if (!stateFile) throw new Error('PRINT_STORE_E2E_STATE is not set: run these tests with jest.e2e.config.js');
	if (!cached) {
		const state = JSON.parse(readFileSync(stateFile, 'utf8')) as StackState;
		cached = {
			state,
			client: new N8nClient(state.client),
			sandbox: new SandboxControl({
				baseUrl: state.sandbox.baseUrl,
				subscriptionKey: state.sandbox.subscriptionKey,
				accessToken: state.sandbox.tokens.accessToken,
			}),
		};
	}
	return cached;
}

/**
 * A POST to the suite's control server, on a connection of its own: a long restart left a kept-alive
 * connection that the server could close just as the next call went out (seen as ECONNRESET).
 */
async function controlCall(pathname: string, body?: unknown): Promise<{ ok: boolean; text: string }> {
	const { state } = e2e();
	const url = new URL(`${state.controlUrl}${pathname}`);
	const payload = body === undefined ? undefined : JSON.stringify(body);
	return await new Promise((resolve, reject) => {
		const request = http.request(url, { method: 'POST', agent: false, headers: payload === undefined ? {} : { 'content-type': 'application/json' } }, (response) => {
			let text = '';
			response.setEncoding('utf8');
			response.on('data', (chunk: string) => (text += chunk));
			response.on('end', () => resolve({ ok: (response.statusCode ?? 0) >= 200 && (response.statusCode ?? 0) < 300, text }));
			response.on('error', reject);
		});
		request.on('error', reject);
		request.end(payload);
	});
}

/**
 * Restarts n8n's main process (same port, user folder and database) and waits until it answers
 * again; `settings` are added to its environment until the next restart (null: left unset). Rejects
 * with n8n's log when it does not start.
 */
export async function restartN8n(settings: Record<string, string | null> = {}): Promise<void> {
	const { state } = e2e();
	if (!state.controlUrl) throw new Error('This end-to-end run has no control server to restart n8n');
	const answer = await controlCall('/restart', { settings });
	if (!answer.ok) throw new Error(`Restarting n8n failed: ${answer.text}`);
}

/**
 * Restarts every n8n process (main; in queue mode the worker and the webhook processes too) with
 * `settings` added to their environment until the next restart, and `mainOnly` to main's alone.
 */
export async function restartAllOfN8n(settings: Record<string, string | null> = {}, mainOnly: Record<string, string | null> = {}): Promise<void> {
	const { state } = e2e();
	if (!state.controlUrl) throw new Error('This end-to-end run has no control server to restart n8n');
	const answer = await controlCall('/restart-all', { settings, mainOnly });
	if (!answer.ok) throw new Error(`Restarting n8n failed: ${answer.text}`);
}

/**
 * The suite's own settings on every n8n process, restarting only those a restart left with others
 * (test/e2e/setup/settings.ts asks for it before each file).
 */
export async function restoreDefaultSettings(): Promise<void> {
	const { state } = e2e();
	if (!state.controlUrl) return;
	const answer = await controlCall('/defaults');
	if (!answer.ok) throw new Error(`Restarting n8n with the suite's settings failed: ${answer.text}`);
}

let ownSettings = false;

/**
 * Called at the top of a file that restarts n8n with its own settings before its first test, or
 * reads n8n as the file before left it (the secrets scan): n8n is not restarted with the suite's
 * settings first. Such a file leaves its settings to the next one, which restores them.
 */
export function keepsItsOwnSettings(): void {
	ownSettings = true;
}

export const settingsAreTheFileOwn = () => ownSettings;

/** Stops n8n (main, and the webhook processes in queue mode: callbacks then fail), or starts it again. */
export async function stopOrStartN8n(action: 'stop' | 'start'): Promise<void> {
	const { state } = e2e();
	if (!state.controlUrl) throw new Error(`This end-to-end run has no control server to ${action} n8n`);
	const answer = await controlCall(`/${action}`);
	if (!answer.ok) throw new Error(`${action} n8n failed: ${answer.text}`);
}

/** Queue mode: the control server stops n8n's worker (`/worker/stop?how=`) or starts a new one (`/worker/start?eventLog=`). */
export async function controlWorker(action: 'stop' | 'start', query: string): Promise<void> {
	const { state } = e2e();
	if (!state.controlUrl) throw new Error('This end-to-end run has no control server for the worker');
	const answer = await controlCall(`/worker/${action}?${query}`);
	if (!answer.ok) throw new Error(`${action} the worker failed: ${answer.text}`);
}

/**
 * What a workflow sent since the sandbox's request `after`: every create request (POST .../order)
 * carries TestMode true (a real account would print nothing). Returns how many there were.
 */
export async function expectOnlyTestOrders(after: number): Promise<number> {
	const creates = (await e2e().sandbox.requests()).filter((request) => request.seq > after && request.method === 'POST' && /\/store\/[^/]+\/order$/.test(request.path));
	expect(creates.length).toBeGreaterThan(0);
	expect(creates.map((request) => (request.body as Record<string, unknown> | undefined)?.TestMode)).toEqual(creates.map(() => true));
	return creates.length;
}

export interface NodeRun {
	execution: Execution;
	workflowId: string;
	/** JSON of the items the Print Store node output. */
	json: Array<Record<string, unknown>>;
	items: ReturnType<typeof nodeItems>;
	/** The error n8n recorded for the execution, and for the node. */
	error?: ExecutionError;
	nodeError?: ExecutionError;
}

let runCounter = 0;

/** Saves a Manual Trigger → [items] → Print Store workflow in n8n, runs it there, and reads the result. */
export async function runPrintStore(options: {
	title: string;
	parameters: Record<string, unknown>;
	items?: Array<Record<string, unknown>>;
	continueOnFail?: boolean;
	/** Default: the credential the stack connected. */
	credential?: { id: string; name: string };
	typeVersion?: number;
}): Promise<NodeRun> {
	const { client, state } = e2e();
	const test = printStoreTestWorkflow({
		name: `e2e ${++runCounter}: ${options.title}`,
		parameters: options.parameters,
		credential: options.credential ?? state.credential,
		items: options.items,
		continueOnFail: options.continueOnFail,
		typeVersion: options.typeVersion,
	});
	const saved = await client.createWorkflow(test.workflow);
	const execution = await client.runManually(saved.id, test.triggerName);
	return {
		execution,
		workflowId: saved.id,
		json: nodeOutput(execution, test.nodeName),
		items: nodeItems(execution, test.nodeName),
		error: executionError(execution),
		nodeError: nodeError(execution, test.nodeName),
	};
}

/** Fails with n8n's own error message when the run did not succeed. */
export function expectSuccess(run: NodeRun): void {
	if (run.execution.status !== 'success') {
		throw new Error(`n8n execution ${run.execution.id} ended "${run.execution.status}": ${run.error?.message ?? ''} ${run.error?.description ?? ''}`);
	}
}

/**
 * The execution once it waits (at a Wait Until Status), polled through n8n's REST API; fails at once,
 * with the execution's error, when it ends instead.
 */
export async function untilExecutionWaits(executionId: string, timeoutMs = 120_000): Promise<Execution> {
	return await waitFor(
		`execution ${executionId} to wait`,
		async () => {
			const execution = await e2e().client.getExecution(executionId);
			if (execution.status === 'error' || execution.status === 'success') {
				throw new Error(`execution ${executionId} ended "${execution.status}" instead of waiting: ${JSON.stringify(execution.data?.resultData.error ?? {})}`);
			}
			return execution.status === 'waiting' ? execution : undefined;
		},
		{ timeoutMs, intervalMs: 250 },
	);
}

/**
 * Saves and starts (as a manual run) a workflow of Create, with Status Callbacks resuming this
 * execution, then Order > Wait Until Status for the orders it made. `wait` adds to or replaces the
 * wait's parameters (by default: Delivered, within 10 minutes).
 */
export async function startCreateThenWait(options: {
	name: string;
	credential: CredentialRef;
	storeId: string;
	items: Array<Record<string, unknown>>;
	wait?: Record<string, unknown>;
	createNode?: string;
	waitNode?: string;
}): Promise<{ executionId: string; workflowId: string }> {
	const { client } = e2e();
	const createNode = options.createNode ?? 'Create orders';
	const waitNode = options.waitNode ?? 'Wait until delivered';
	const built = printStoreTestWorkflow({
		name: options.name,
		credential: options.credential,
		items: options.items,
		nodeName: createNode,
		parameters: { resource: 'order', operation: 'create', storeId: options.storeId, inputMode: 'json', orderItemJson: '={{ JSON.stringify($json.order) }}', statusCallbacks: 'wait' },
	});
	built.workflow.nodes.push({
		id: randomUUID(),
		name: waitNode,
		type: PRINT_STORE_TYPE,
		typeVersion: 1,
		position: [1100, 0],
		parameters: {
			resource: 'order',
			operation: 'waitForStatus',
			storeId: options.storeId,
			orderId: { __rl: true, mode: 'id', value: '={{ $json.ID }}' },
			waitFor: ['Delivered'],
			timeLimit: 10,
			timeLimitUnit: 'minutes',
			...options.wait,
		},
		credentials: { [CREDENTIAL_TYPE]: options.credential },
	});
	(built.workflow.connections as Record<string, unknown>)[createNode] = { main: [[{ node: waitNode, type: 'main', index: 0 }]] };
	const saved = await client.createWorkflow(built.workflow);
	return { executionId: await client.startManualRun(saved.id, built.triggerName), workflowId: saved.id };
}
