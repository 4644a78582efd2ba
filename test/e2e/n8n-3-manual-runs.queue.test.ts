/**
 * n8n 3.0 runs every manual execution on a worker in queue mode (it removes
 * OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS and always does so). On the queue-mode stack
 * (jest.e2e.queue.config.js), n8n's main process restarts with that setting (scripts/n8n/n8n3.ts),
 * and "Execute workflow", as the editor sends it, runs on the worker: a Create, a Create then Order >
 * Wait Until Status (the wait's checks, and its resume, from the worker), and the AI Agent with the
 * Print Store as its tool. n8n's Migration Report stops listing the setting once it is on. The main
 * process then restarts with the suite's settings (manual executions on main, 2.x's default).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';

import type { Execution, WorkflowJson } from '../../scripts/n8n/client';
import { nodeOutput, nodeRuns } from '../../scripts/n8n/executions';
import { asEnvironment, MANUAL_RUNS_ON_WORKERS } from '../../scripts/n8n/n8n3';
import { findNode, loadExample, MANUAL_TRIGGER_TYPE, withCredential } from '../../scripts/n8n/workflows';
import { startModelServer, type ModelServer } from '../helpers/model-server';
import { crmOrderItem } from '../helpers/sandbox';
import { describeE2E, e2e, expectSuccess, restartN8n, runPrintStore, startCreateThenWait, untilExecutionWaits } from './helpers/harness';

type Json = Record<string, unknown>;
const STORE = 'store_main';

/** The worker and its log; fails unless this run is in queue mode. */
function worker() {
	const { state } = e2e();
	if (state.mode !== 'queue' || !state.queue) throw new Error('These tests need the queue-mode stack: run them with jest.e2e.queue.config.js');
	return state.queue.worker;
}

/** Execution IDs the worker's log says it ran ("Worker started execution N"). */
const ranOnWorker = (id: string) => [...readFileSync(worker().logFile, 'utf8').matchAll(/Worker started execution (\d+)/g)].some((match) => match[1] === String(id));

/** Rule IDs of n8n's Migration Report for v3, computed afresh. */
async function reportRules(): Promise<string[]> {
	const report = await e2e().client.rest<{ report: { instanceResults: Array<{ ruleId: string }> } }>('POST', '/breaking-changes/report/refresh?version=v3');
	return report.report.instanceResults.map((rule) => rule.ruleId);
}

const order = (reference: string) => ({
	order: {
		Product: { ID: 'postcard-4x6', Quantity: 25 },
		Recipient: { NameFirst: 'Manual', NameLast: 'Worker', AddressLine1: '3 Queue Lane', City: 'Springfield', Country: 'US' },
		PartnerOrderReference: reference,
	},
});

describeE2E("n8n 3.0's queue mode on 2.41.1: manual executions on the worker", () => {
	let model: ModelServer;

	beforeAll(async () => {
		worker();
		// 2.x's default, as the suite runs: n8n's report says 3.0 changes it.
		expect(await reportRules()).toContain('offload-manual-executions-v3');
		await restartN8n(asEnvironment(MANUAL_RUNS_ON_WORKERS));
		model = await startModelServer();
	}, 180_000);

	// The suite's own settings again: restored by the next file (test/e2e/setup/settings.ts).
	afterAll(async () => {
		await model?.close();
	}, 180_000);

	test("the report no longer lists the setting, which 3.0 makes n8n's only behaviour", async () => {
		expect(await reportRules()).not.toContain('offload-manual-executions-v3');
	});

	test('a manual Create runs on the worker', async () => {
		const run = await runPrintStore({
			title: 'manual create on the worker',
			parameters: { resource: 'order', operation: 'create', storeId: STORE, inputMode: 'json', orderItemJson: '={{ JSON.stringify($json.order) }}' },
			items: [order(`manual-${randomUUID().slice(0, 8)}`)],
		});
		expectSuccess(run);
		expect(run.json).toHaveLength(1);
		expect(run.json[0]).toMatchObject({ OrderNumber: expect.stringMatching(/^PS-/) });
		expect(ranOnWorker(run.execution.id)).toBe(true);
	});

	test('a manual Create then Wait Until Status: it waits, the orders\' callbacks resume it, and the worker runs both parts', async () => {
		const { client, state, sandbox } = e2e();
		const { executionId } = await startCreateThenWait({
			name: 'e2e queue, manual on the worker: create and wait',
			credential: state.credential,
			storeId: STORE,
			items: [order(`manual-wait-${randomUUID().slice(0, 8)}-0`), order(`manual-wait-${randomUUID().slice(0, 8)}-1`)],
			wait: { checkEvery: 1, checkEveryUnit: 'hours' },
		});
		const waiting = await untilExecutionWaits(executionId);
		expect(ranOnWorker(executionId)).toBe(true);
		const created = nodeOutput(waiting, 'Create orders');
		for (const entry of created) await sandbox.advance(String(entry.ID), { toStatusId: 5 });
		const execution: Execution = await client.waitForExecution(executionId, 180_000);
		expect(execution.status).toBe('success');
		expect(nodeRuns(execution, 'Wait until delivered')).toHaveLength(1);
		expect(nodeOutput(execution, 'Wait until delivered').map((item) => [item.orderId, item.outcome, item.resumedBy])).toEqual(created.map((entry) => [entry.ID, 'reached', 'callback']));
		// The resumed part ran on the worker too: it logged the execution's start twice.
		expect([...readFileSync(worker().logFile, 'utf8').matchAll(/Worker started execution (\d+)/g)].filter((match) => match[1] === executionId)).toHaveLength(2);
	}, 300_000);

	test('a manual run of the AI Agent with the Print Store as its tool runs on the worker; the model gets the order\'s status', async () => {
		const { client, state, sandbox } = e2e();
		const credential = (await client.createCredential({ name: 'Scripted model (manual runs)', type: 'openAiApi', data: { apiKey: 'sk-scripted-model', url: model.url } })) as { id: string; name: string };
		// The order desk example, started by "Execute workflow" with a question instead of a chat message.
		const desk: WorkflowJson = withCredential(loadExample('order-desk-agent.json'), state.credential);
		desk.name = 'e2e queue, manual on the worker: order desk';
		findNode(desk, 'OpenAI Chat Model').credentials = { openAiApi: { id: credential.id, name: credential.name } };
		desk.nodes = desk.nodes.filter((node) => node.name !== 'When chat message received');
		delete (desk.connections as Json)['When chat message received'];
		const placed = await sandbox.api<Array<{ ID: string; OrderNumber: string }>>('POST', `/store/${STORE}/order`, { Items: [crmOrderItem(31)] });
		const { OrderNumber: number } = placed.body[0];
		desk.nodes.push(
			{ id: randomUUID(), name: 'Start', type: MANUAL_TRIGGER_TYPE, typeVersion: 1, position: [0, 0], parameters: {} },
			{
				id: randomUUID(),
				name: 'Question',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [200, 0],
				parameters: { mode: 'raw', jsonOutput: JSON.stringify({ chatInput: `Where is order ${number}?`, sessionId: 'manual' }), options: {} },
			},
		);
		Object.assign(desk.connections as Json, { Start: { main: [[{ node: 'Question', type: 'main', index: 0 }]] }, Question: { main: [[{ node: 'Order desk', type: 'main', index: 0 }]] } });
		model.script([
			{ toolCalls: [{ name: 'Order_status', arguments: { orderNumber: number } }] },
			{ answer: (results) => `Order ${number}: ${String((results[0]?.json as Array<{ status?: string }> | undefined)?.[0]?.status)}` },
		]);
		const saved = await client.createWorkflow(desk);
		const execution = await client.runManually(saved.id, 'Start', 180_000);
		expect({ status: execution.status, error: execution.data?.resultData.error?.message }).toEqual({ status: 'success', error: undefined });
		expect(ranOnWorker(execution.id)).toBe(true);
		expect(model.remaining()).toBe(0);
		expect(model.toolResults().map((result) => result.name)).toEqual(['Order_status']);
		expect(nodeOutput(execution, 'Order desk')[0].output).toBe(`Order ${number}: Received`);
	}, 300_000);
});
