/**
 * Order > Wait Until Status in queue mode with two webhook processes (jest.e2e.queue.config.js):
 * Create → Wait Until Shipped → a step → Wait Until Delivered → a step, in production executions
 * on the worker. The service is played by the test (the sandbox drops its own callbacks): each
 * wait's final callback is sent twice at the same moment, as a retrying service or load balancer
 * does.
 *
 * - Through the load balancer of docs/queue-mode.md (haproxy, resume calls hashed on the execution
 *   ID: scripts/n8n/proxy.ts), both copies reach one webhook process: each wait resumes once, each
 *   step runs once per execution, and no copy is answered 500.
 * - Sent straight to the two webhook processes, it is measured (test-artifacts/wait-resume-once.json):
 *   n8n 2.41.1's claim can let a wait resume twice, and answers the loser 500. Only what always holds
 *   is asserted there.
 * - A worker stopped while the final callbacks arrive, and started again without the previous
 *   worker's event log (docs/queue-mode.md, "Worker restarts"): every execution ends success with its
 *   orders reached. Started again on the previous event log, it is measured.
 *
 * The steps are HTTP Request nodes that post to a counter in this test process, so a step that runs
 * twice is seen even when n8n's saved run data shows it once (a second resume runs from a stale copy).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import type { Execution, WorkflowNode } from '../../scripts/n8n/client';
import { nodeOutput, nodeRuns } from '../../scripts/n8n/executions';
import { waitFor } from '../../scripts/n8n/process';
import { ARTIFACTS_DIR } from '../../scripts/n8n/runtime';
import { CREDENTIAL_TYPE, PRINT_STORE_TYPE } from '../../scripts/n8n/workflows';
import { longRunTest, sized } from '../helpers/long-run';
import { controlWorker, describeE2E, e2e } from './helpers/harness';

type Json = Record<string, unknown>;
/** Executions of the two-waits workflow: 8 in the long runs (npm run test:long), 4 in npm test. */
const EXECUTIONS = sized(4, 8);
const ORDERS_PER_EXECUTION = 2;
const CREATE = 'Create orders';
const SHIPPED = 'Wait until shipped';
const AFTER_SHIPPED = 'After shipped';
const DELIVERED = 'Wait until delivered';
const AFTER_DELIVERED = 'After delivered';
const measurements: Record<string, unknown> = {};

/** Counts the steps' posts: `<execution ID>|<step>` → posts (one per order each time the step runs). */
const stepRuns = new Map<string, number>();
let counter: http.Server;
let counterUrl = '';

beforeAll(async () => {
	counter = http.createServer((request, response) => {
		let body = '';
		request.on('data', (chunk: Buffer) => (body += chunk.toString()));
		request.on('end', () => {
			const { executionId, step } = JSON.parse(body || '{}') as { executionId?: string; step?: string };
			const key = `${String(executionId)}|${String(step)}`;
			stepRuns.set(key, (stepRuns.get(key) ?? 0) + 1);
			response.writeHead(200, { 'content-type': 'application/json' }).end('{"counted":true}');
		});
	});
	await new Promise<void>((resolve) => counter.listen(0, '127.0.0.1', resolve));
	counterUrl = `http://127.0.0.1:${(counter.address() as AddressInfo).port}/step`;
	await e2e().sandbox.setProfiles(['drop-callbacks']);
});

afterAll(async () => {
	await e2e().sandbox.setProfiles([]);
	await new Promise((resolve) => counter?.close(resolve));
	if (Object.keys(measurements).length === 0) return;
	mkdirSync(ARTIFACTS_DIR, { recursive: true });
	writeFileSync(path.join(ARTIFACTS_DIR, 'wait-resume-once.json'), `${JSON.stringify(measurements, null, 2)}\n`);
	process.stderr.write(`\nwait resume measurements: ${JSON.stringify(measurements)}\n`);
});

function queue() {
	const { state } = e2e();
	if (state.mode !== 'queue' || !state.queue) throw new Error('These tests need the queue-mode stack: run them with jest.e2e.queue.config.js');
	return state.queue;
}

const order = (reference: string) => ({
	Product: { ID: 'postcard-4x6', Quantity: 10 },
	Recipient: { NameFirst: 'Resume', NameLast: 'Once', AddressLine1: '1 Hash Road', City: 'Springfield', Country: 'US' },
	PartnerOrderReference: reference,
});

function node(name: string, x: number, type: string, typeVersion: number, parameters: Json, extra: Partial<WorkflowNode> = {}): WorkflowNode {
	return { id: randomUUID(), name, type, typeVersion, position: [x, 0], parameters, ...extra };
}

function waitNode(name: string, x: number, status: string, orderId: string): WorkflowNode {
	const { state } = e2e();
	return node(
		name,
		x,
		PRINT_STORE_TYPE,
		1,
		{
			resource: 'order',
			operation: 'waitForStatus',
			storeId: state.sandbox.storeId,
			orderId: { __rl: true, mode: 'id', value: orderId },
			waitFor: [status],
			timeLimit: 10,
			timeLimitUnit: 'minutes',
			// The test is the service here: no check resumes anything behind its back.
			checkEvery: 1,
			checkEveryUnit: 'hours',
		},
		{ credentials: { [CREDENTIAL_TYPE]: state.credential } },
	);
}

/** A step with an effect outside n8n: one POST to the counter per item it runs for (an order). */
function stepNode(name: string, x: number): WorkflowNode {
	return node(
		name,
		x,
		'n8n-nodes-base.httpRequest',
		4.2,
		{
			method: 'POST',
			url: counterUrl,
			sendBody: true,
			specifyBody: 'json',
			jsonBody: `={{ JSON.stringify({ executionId: $execution.id, step: ${JSON.stringify(name)}, orderId: $json.orderId }) }}`,
			options: {},
		},
	);
}

/** Webhook → one item per order → Create (resume address as callback) → wait → step → wait → step; active. */
async function twoWaitsWorkflow(title: string) {
	const { client, state } = e2e();
	const webhookPath = `resume-once-${randomUUID()}`;
	const nodes: WorkflowNode[] = [
		node('Webhook', 0, 'n8n-nodes-base.webhook', 2, { httpMethod: 'POST', path: webhookPath, responseMode: 'onReceived', options: {} }, { webhookId: randomUUID() }),
		node('One item each', 220, 'n8n-nodes-base.splitOut', 1, { fieldToSplitOut: 'body.orders', include: 'noOtherFields', options: {} }),
		node(
			CREATE,
			440,
			PRINT_STORE_TYPE,
			1,
			{
				resource: 'order',
				operation: 'create',
				storeId: state.sandbox.storeId,
				inputMode: 'json',
				orderItemJson: '={{ JSON.stringify($json) }}',
				statusCallbacks: 'wait',
			},
			{ credentials: { [CREDENTIAL_TYPE]: state.credential } },
		),
		waitNode(SHIPPED, 660, 'Shipped', '={{ $json.ID }}'),
		stepNode(AFTER_SHIPPED, 880),
		// The step outputs the counter's answers: the second wait reads its orders from the first wait's items.
		waitNode(DELIVERED, 1100, 'Delivered', `={{ $('${SHIPPED}').item.json.orderId }}`),
		stepNode(AFTER_DELIVERED, 1320),
	];
	const chain = ['Webhook', 'One item each', CREATE, SHIPPED, AFTER_SHIPPED, DELIVERED, AFTER_DELIVERED];
	const connections = Object.fromEntries(chain.slice(0, -1).map((from, index) => [from, { main: [[{ node: chain[index + 1], type: 'main', index: 0 }]] }]));
	const saved = await client.createWorkflow({ name: `e2e queue, resume once: ${title}`, nodes, connections, settings: { executionOrder: 'v1' } });
	await client.activateWorkflow(saved.id);
	return { id: saved.id, webhookUrl: `${queue().webhooks[0].url}/webhook/${webhookPath}` };
}

/** The workflow's executions, by ID, once there are `count` of them and `ready` holds for each. */
async function executionsWhere(workflowId: string, count: number, what: string, ready: (execution: Execution) => boolean): Promise<Execution[]> {
	const { client } = e2e();
	return await waitFor(
		`${count} executions of workflow ${workflowId} ${what}`,
		async () => {
			const listed = await client.listExecutions(workflowId, { includeData: false });
			if (listed.length < count) return undefined;
			const full = await Promise.all(listed.map(async (execution) => await client.getExecution(execution.id)));
			return full.every(ready) ? full : undefined;
		},
		{ timeoutMs: 240_000, intervalMs: 1000 },
	);
}

const waitingAt = (nodeName: string) => (execution: Execution) => execution.status === 'waiting' && execution.data?.resultData?.lastNodeExecuted === nodeName;
const ended = (execution: Execution) => !['new', 'running', 'waiting'].includes(execution.status) && Boolean(execution.stoppedAt);

/** The resume address Create gave the execution's orders (the sandbox keeps it), on another host:port. */
async function resumeAddress(orderId: string, port: number): Promise<string> {
	const stored = (await e2e().sandbox.orders()).find((entry) => entry.ID === orderId)!;
	const url = new URL(String(stored.OrderDetails.StatusCallbackUrl));
	url.port = String(port);
	return url.toString();
}

interface Answer {
	status: number;
	body: string;
}

async function post(url: string, body: unknown): Promise<Answer> {
	const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
	return { status: response.status, body: await response.text() };
}

/** A status record, as the service posts it, for `orderId`. */
const record = (orderId: string, statusId: number, description: string) => ({ OrderID: orderId, StatusID: statusId, StatusDescription: description, Timestamp: new Date().toISOString() });

/** Starts the executions and returns each with its orders (input order), all waiting at the first wait. */
async function startExecutions(workflow: { id: string; webhookUrl: string }, run: string): Promise<Array<{ id: string; orders: string[] }>> {
	for (let index = 0; index < EXECUTIONS; index++) {
		const answer = await post(workflow.webhookUrl, { orders: Array.from({ length: ORDERS_PER_EXECUTION }, (_, item) => order(`${run}-${index}-${item}`)) });
		expect(answer.status).toBe(200);
	}
	const waiting = await executionsWhere(workflow.id, EXECUTIONS, `waiting at "${SHIPPED}"`, waitingAt(SHIPPED));
	expect(waiting).toHaveLength(EXECUTIONS);
	return waiting.map((execution) => ({ id: String(execution.id), orders: nodeOutput(execution, CREATE).map((created) => String(created.ID)) }));
}

/**
 * Moves every order of every execution to `statusId` in the sandbox (its callbacks dropped), then
 * sends each execution's final callback (its last order's) to every target at the same moment,
 * all executions at once. Returns every answer.
 */
async function finalCallbacks(executions: Array<{ id: string; orders: string[] }>, statusId: number, description: string, targets: number[]): Promise<Answer[]> {
	const { sandbox } = e2e();
	for (const { orders } of executions) for (const id of orders) await sandbox.advance(id, { toStatusId: statusId });
	const answers = await Promise.all(
		executions.map(async ({ orders }) => {
			const last = orders.at(-1)!;
			const urls = await Promise.all(targets.map(async (port) => await resumeAddress(last, port)));
			return await Promise.all(urls.map(async (url) => await post(url, record(last, statusId, description))));
		}),
	);
	return answers.flat();
}

/** What the run left: per execution, how often each wait output each order, and how often each step ran. */
function tally(executions: Execution[]) {
	return executions.map((execution) => {
		const id = String(execution.id);
		const outputsPerOrder = (waitName: string) => {
			const counts = new Map<string, number>();
			for (const item of nodeOutput(execution, waitName)) counts.set(String(item.orderId), (counts.get(String(item.orderId)) ?? 0) + 1);
			return [...counts.values()];
		};
		return {
			id,
			status: execution.status,
			shippedRuns: nodeRuns(execution, SHIPPED).length,
			deliveredRuns: nodeRuns(execution, DELIVERED).length,
			shippedOutputsPerOrder: outputsPerOrder(SHIPPED),
			deliveredOutputsPerOrder: outputsPerOrder(DELIVERED),
			outcomes: [...nodeOutput(execution, SHIPPED), ...nodeOutput(execution, DELIVERED)].map((item) => item.outcome),
			// How many times each step ran: its posts over the orders it runs for.
			afterShipped: (stepRuns.get(`${id}|${AFTER_SHIPPED}`) ?? 0) / ORDERS_PER_EXECUTION,
			afterDelivered: (stepRuns.get(`${id}|${AFTER_DELIVERED}`) ?? 0) / ORDERS_PER_EXECUTION,
		};
	});
}

/** Lines where a webhook process's node said it could not look at the execution afresh before resuming it. */
const probeWarnings = () =>
	queue().webhooks.flatMap((process) => readFileSync(process.logFile, 'utf8').split('\n').filter((line) => /could not check that this execution still waits/.test(line)));

const statusCounts = (answers: Answer[]) => answers.reduce<Record<string, number>>((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});
/** A 500 whose body shows a stack trace or n8n's "problem executing" message: what a lost claim looks like. */
const serverErrors = (answers: Answer[]) => answers.filter((answer) => answer.status >= 500);

/** Both waits, each final callback sent to `targets` at the same moment; returns the tallies and answers. */
async function twoWaitsWithDoubleCallbacks(title: string, targets: () => number[]) {
	const workflow = await twoWaitsWorkflow(title);
	const executions = await startExecutions(workflow, randomUUID().slice(0, 8));
	const shippedAnswers = await finalCallbacks(executions, 4, 'Shipped', targets());
	await executionsWhere(workflow.id, EXECUTIONS, `waiting at "${DELIVERED}" or ended`, (execution) => waitingAt(DELIVERED)(execution) || ended(execution));
	const deliveredAnswers = await finalCallbacks(executions, 5, 'Delivered', targets());
	const finished = await executionsWhere(workflow.id, EXECUTIONS, 'ended', ended);
	// A step that ran a second time from a stale copy may post a moment after n8n saved the end.
	await e2e().client.deactivateWorkflow(workflow.id);
	return { tallies: tally(finished), answers: [...shippedAnswers, ...deliveredAnswers] };
}

describeE2E('Wait Until Status in queue mode: one resume per wait, and worker restarts', () => {
	test(`through the load balancer of docs/queue-mode.md: ${EXECUTIONS} executions, two waits each, every final callback sent twice at the same moment, resume each wait once`, async () => {
		const { proxy } = queue();
		const { tallies, answers } = await twoWaitsWithDoubleCallbacks('through haproxy', () => [proxy.port, proxy.port]);
		measurements.throughLoadBalancer = { executions: EXECUTIONS, callbacks: answers.length, answers: statusCounts(answers), tallies };
		expect(tallies).toHaveLength(EXECUTIONS);
		for (const entry of tallies) {
			expect(entry).toMatchObject({
				status: 'success',
				shippedRuns: 1,
				deliveredRuns: 1,
				shippedOutputsPerOrder: [1, 1],
				deliveredOutputsPerOrder: [1, 1],
				outcomes: ['reached', 'reached', 'reached', 'reached'],
				afterShipped: 1,
				afterDelivered: 1,
			});
		}
		// One copy resumed the wait; the other was told so (409) or, arriving while the execution ran, n8n's 409.
		expect(serverErrors(answers)).toEqual([]);
		// Before each resume the node looked at the execution afresh, and could (no warning that it could not).
		expect(probeWarnings()).toEqual([]);
		expect(answers.filter((answer) => answer.status === 200 && /"resumed":true/.test(answer.body))).toHaveLength(EXECUTIONS * 2);
	}, 600_000);

	longRunTest(`measured: the same, each copy sent straight to another webhook process (no load balancer routing by execution)`, async () => {
		const { webhooks } = queue();
		const { tallies, answers } = await twoWaitsWithDoubleCallbacks('straight to both processes', () => webhooks.map((process) => process.port));
		const steps = tallies.flatMap((entry) => [entry.afterShipped, entry.afterDelivered]);
		const result = {
			executions: EXECUTIONS,
			callbacks: answers.length,
			answers: statusCounts(answers),
			waitsResumedTwice: tallies.filter((entry) => entry.afterShipped > 1).length + tallies.filter((entry) => entry.afterDelivered > 1).length,
			stepsRunTwice: steps.filter((runs) => runs > 1).length,
			serverErrorBodies: serverErrors(answers).map((answer) => answer.body.slice(0, 200)),
			// Why a fresh look could not be made (n8n's answer), when it could not.
			probeWarnings: probeWarnings().map((line) => line.replace(/^.*could not check/, 'could not check').slice(0, 300)),
			tallies,
		};
		measurements.straightToBothProcesses = result;
		// What always holds: every execution ends, each step ran at least once, no step more than twice.
		expect(tallies).toHaveLength(EXECUTIONS);
		expect(steps.every((runs) => runs >= 1 && runs <= 2)).toBe(true);
		expect(answers.every((answer) => [200, 409, 500].includes(answer.status))).toBe(true);
	}, 600_000);

	/**
	 * The first wait resumed normally; then the worker stops, every execution's final callback arrives
	 * (through the load balancer: answered, and the resume queued) while no worker runs, or after the
	 * new worker has started (`callbacks`), and a new worker starts.
	 */
	async function restartWhileCallbacksArrive(title: string, stop: 'graceful' | 'hard', eventLog: 'kept' | 'fresh', callbacks: 'whileDown' | 'afterStart' = 'whileDown') {
		const { proxy } = queue();
		const { client } = e2e();
		const workflow = await twoWaitsWorkflow(title);
		const executions = await startExecutions(workflow, randomUUID().slice(0, 8));
		await finalCallbacks(executions, 4, 'Shipped', [proxy.port]);
		await executionsWhere(workflow.id, EXECUTIONS, `waiting at "${DELIVERED}"`, waitingAt(DELIVERED));
		await controlWorker('stop', `how=${stop}`);
		let answers: Answer[] = [];
		let statusesBeforeCallbacks: string[] = [];
		try {
			if (callbacks === 'whileDown') answers = await finalCallbacks(executions, 5, 'Delivered', [proxy.port]);
		} finally {
			await controlWorker('start', `eventLog=${eventLog}`);
		}
		if (callbacks === 'afterStart') {
			// The new worker's start-up recovery has run once it answers: what did it leave?
			statusesBeforeCallbacks = await Promise.all(executions.map(async ({ id }) => (await client.getExecution(id)).status));
			answers = await finalCallbacks(executions, 5, 'Delivered', [proxy.port]);
		}
		const finished = await executionsWhere(workflow.id, EXECUTIONS, 'ended', ended);
		await client.deactivateWorkflow(workflow.id);
		const tallies = tally(finished);
		// What the new worker's start-up recovery said (n8n logs the executions it marked from the event log).
		const recovery = readFileSync(queue().worker.logFile, 'utf8').split('\n').filter((line) => /Found unfinished executions/.test(line)).at(-1) ?? null;
		return {
			stop,
			eventLog,
			callbacks,
			executions: EXECUTIONS,
			answers: statusCounts(answers),
			...(callbacks === 'afterStart' ? { statusesBeforeCallbacks } : {}),
			lost: tallies.filter((entry) => entry.status !== 'success').length,
			lastRecoveryLogLine: recovery,
			tallies,
		};
	}

	test(`a worker stopped while the final callbacks arrive and started without the previous worker's event log: all ${EXECUTIONS} executions end success, their orders delivered`, async () => {
		const result = await restartWhileCallbacksArrive('worker restart, fresh event log', 'graceful', 'fresh');
		measurements.workerRestartFreshEventLog = result;
		expect(result.answers).toEqual({ 200: EXECUTIONS });
		for (const entry of result.tallies) {
			expect(entry).toMatchObject({ status: 'success', deliveredOutputsPerOrder: [1, 1], outcomes: ['reached', 'reached', 'reached', 'reached'], afterDelivered: 1 });
		}
	}, 600_000);

	longRunTest('measured: the worker started again on the previous worker\'s event log (shared user folder): stopped gracefully or hard while the callbacks arrive, and callbacks after it started', async () => {
		const results = [];
		for (const [stop, callbacks] of [['graceful', 'whileDown'], ['hard', 'whileDown'], ['graceful', 'afterStart']] as const) {
			const result = await restartWhileCallbacksArrive(`worker restart, kept event log, ${stop} stop, callbacks ${callbacks}`, stop, 'kept', callbacks);
			results.push({ ...result, tallies: result.tallies.map(({ id, status }) => ({ id, status })) });
			expect(result.tallies).toHaveLength(EXECUTIONS);
		}
		measurements.workerRestartKeptEventLog = results;
	}, 900_000);
});
