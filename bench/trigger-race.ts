/**
 * The race a user actually runs: a status callback comes in, and the workflow has a normalized,
 * status-filtered event in hand when its execution finishes. The Print Store Trigger (statuses
 * filtered to the callbacks' status) against what a user would build instead: n8n's Webhook node, a
 * Code node that normalizes the payload, and a Filter node on the status. Latency per callback is
 * from sending it to the stoppedAt of the execution it started (both on this machine's clock); every
 * execution is matched to its callback by the order ID it carries, so none is counted twice or lost.
 */
import { randomUUID } from 'node:crypto';

import type { Execution, WorkflowJson } from '../scripts/n8n/client';
import type { Log } from '../scripts/n8n/log';
import { PACKAGE_NODE_PREFIX } from '../scripts/n8n/workflows';
import type { BenchN8n } from './lib/n8n';
import type { Section } from './lib/report';
import { fixed, markdownTable, percentile, ratio, spread, summarize } from './lib/stats';
import { bodies, burst, settledExecutions, statusRecordTemplate, type TriggerOptions } from './trigger';

type RaceKind = 'printStore' | 'webhookCodeFilter';

const LABELS: Record<RaceKind, string> = {
	printStore: 'Print Store Trigger, Statuses filter',
	webhookCodeFilter: "n8n's Webhook node → Code (normalize) → Filter (status)",
};

/** What a user writes in the Code node to get the fields the trigger gives. */
const NORMALIZE_CODE = `return $input.all().map((item) => {
  const body = item.json.body ?? {};
  const record = Array.isArray(body) ? body[0] ?? {} : body.data ?? body;
  return { json: {
    event: 'status',
    OrderID: record.OrderID ?? record.OrderId ?? null,
    OrderNumber: record.OrderNumber ?? null,
    StatusID: record.StatusID ?? record.StatusId ?? null,
    StatusDescription: record.StatusDescription ?? record.Status ?? null,
    Timestamp: record.Timestamp ? new Date(record.Timestamp).toISOString() : null,
    TrackingNumber: record.TrackingNumber ?? null,
    receivedAt: new Date().toISOString(),
    raw: record,
  } };
});`;

async function createRaceWorkflow(bench: BenchN8n, kind: RaceKind, status: string) {
	const { client } = bench.stack;
	const webhookId = randomUUID();
	const secret = `bench-${randomUUID()}`;
	let workflow: WorkflowJson;
	let lastNode: string;
	if (kind === 'printStore') {
		lastNode = 'Print Store Trigger';
		workflow = {
			name: 'bench: trigger race (Print Store Trigger)',
			settings: { executionOrder: 'v1' },
			connections: {},
			nodes: [
				{
					id: randomUUID(),
					name: lastNode,
					type: `${PACKAGE_NODE_PREFIX}printStoreTrigger`,
					typeVersion: 1.1,
					position: [0, 0],
					webhookId,
					parameters: { events: ['status', 'details'], statuses: [status], options: { callbackSecret: secret } },
				},
			],
		};
	} else {
		lastNode = 'Filter';
		workflow = {
			name: 'bench: trigger race (Webhook + Code + Filter)',
			settings: { executionOrder: 'v1' },
			nodes: [
				{ id: randomUUID(), name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2.1, position: [0, 0], webhookId, parameters: { httpMethod: 'POST', path: webhookId, responseMode: 'onReceived', options: {} } },
				{ id: randomUUID(), name: 'Normalize', type: 'n8n-nodes-base.code', typeVersion: 2, position: [220, 0], parameters: { jsCode: NORMALIZE_CODE } },
				{
					id: randomUUID(),
					name: lastNode,
					type: 'n8n-nodes-base.filter',
					typeVersion: 2.2,
					position: [440, 0],
					parameters: {
						conditions: {
							options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
							conditions: [{ id: randomUUID(), leftValue: '={{ $json.StatusDescription }}', rightValue: status, operator: { type: 'string', operation: 'equals' } }],
							combinator: 'and',
						},
						options: {},
					},
				},
			],
			connections: {
				Webhook: { main: [[{ node: 'Normalize', type: 'main', index: 0 }]] },
				Normalize: { main: [[{ node: lastNode, type: 'main', index: 0 }]] },
			},
		};
	}
	const saved = await client.createWorkflow(workflow);
	await client.activateWorkflow(saved.id);
	const url = kind === 'printStore' ? `${client.webhookUrl(`${webhookId}/status`)}?secret=${secret}` : client.webhookUrl(webhookId);
	return { workflowId: saved.id, url, lastNode };
}

interface RaceResult {
	sent: number;
	finished: number;
	lost: number;
	p50: number;
	p99: number;
	max: number;
}

async function runRace(bench: BenchN8n, kind: RaceKind, template: Record<string, unknown>, options: TriggerOptions, tag: string): Promise<RaceResult> {
	const { client } = bench.stack;
	const listener = await createRaceWorkflow(bench, kind, String(template.StatusDescription));
	try {
		await burst(listener.url, bodies(template, 20, `${tag}w`), 20);
		const before = await settledExecutions(bench, listener.workflowId, 20);
		const payloads = bodies(template, options.callbacks, tag);
		const sent = await burst(listener.url, payloads, options.concurrency);
		await settledExecutions(bench, listener.workflowId, before + options.callbacks);
		const executions: Execution[] = await client.listExecutions(listener.workflowId, { includeData: true, limit: 100 });
		const finishedAt = new Map<string, number>();
		for (const execution of executions) {
			const output = execution.data?.resultData.runData[listener.lastNode]?.[0]?.data?.main?.[0] ?? [];
			for (const item of output) {
				const orderId = String((item.json as { OrderID?: unknown }).OrderID);
				if (orderId.startsWith(`ord_${tag}_`) && execution.stoppedAt) finishedAt.set(orderId, Date.parse(String(execution.stoppedAt)));
			}
		}
		const latencies: number[] = [];
		for (const result of sent) {
			const done = finishedAt.get(`ord_${tag}_${result.index}`);
			if (result.status === 200 && done !== undefined) latencies.push(done - result.sentAt);
		}
		return {
			sent: sent.length,
			finished: latencies.length,
			lost: sent.length - latencies.length,
			p50: percentile(latencies, 50),
			p99: percentile(latencies, 99),
			max: Math.max(...latencies),
		};
	} finally {
		await client.deactivateWorkflow(listener.workflowId).catch(() => undefined);
	}
}

export type RaceRuns = Record<RaceKind, RaceResult[]>;

export async function measureRace(bench: BenchN8n, options: TriggerOptions, log: Log, title = 'Trigger race'): Promise<RaceRuns> {
	const template = await statusRecordTemplate(bench);
	const runs: RaceRuns = { printStore: [], webhookCodeFilter: [] };
	for (let round = 1; round <= options.runs; round++) {
		const order: RaceKind[] = round % 2 ? ['printStore', 'webhookCodeFilter'] : ['webhookCodeFilter', 'printStore'];
		await log.step(`${title}, round ${round} of ${options.runs} (${options.callbacks} callbacks at concurrency ${options.concurrency})`, async () => {
			for (const kind of order) {
				const result = await runRace(bench, kind, template, options, `race${round}${kind[0]}${Date.now()}`);
				runs[kind].push(result);
				log.info(`  ${kind}: ${result.finished} of ${result.sent} finished, p50 ${fixed(result.p50)} ms, p99 ${fixed(result.p99)} ms`);
			}
		});
	}
	return runs;
}

function raceTable(runs: RaceRuns): string {
	return markdownTable(
		['Workflow', 'Callbacks (all runs)', 'Finished with the event', 'Lost', 'p50 to finished, ms', 'p99 to finished, ms', 'max, ms'],
		(['printStore', 'webhookCodeFilter'] as const).map((kind) => [
			LABELS[kind],
			String(runs[kind].reduce((total, run) => total + run.sent, 0)),
			String(runs[kind].reduce((total, run) => total + run.finished, 0)),
			String(runs[kind].reduce((total, run) => total + run.lost, 0)),
			spread(summarize(runs[kind].map((run) => run.p50))),
			spread(summarize(runs[kind].map((run) => run.p99))),
			spread(summarize(runs[kind].map((run) => run.max)), 0),
		]),
	);
}

export function raceSection(options: TriggerOptions, runs: RaceRuns, control?: RaceRuns): Section {
	const median = (from: RaceRuns, kind: RaceKind, key: 'p50' | 'p99') => summarize(from[kind].map((run) => run[key])).median;
	const p99Ratio = median(runs, 'printStore', 'p99') / median(runs, 'webhookCodeFilter', 'p99');
	const lost = runs.printStore.reduce((total, run) => total + run.lost, 0);
	const ratioRows = [
		['p99: Print Store Trigger / Webhook + Code + Filter', ratio(p99Ratio, 2), '≤ 0.8×', p99Ratio <= 0.8 ? 'yes' : 'no'],
		['p50: Print Store Trigger / Webhook + Code + Filter', ratio(median(runs, 'printStore', 'p50') / median(runs, 'webhookCodeFilter', 'p50'), 2), '-', '-'],
	];
	if (control) {
		ratioRows.push([
			'p99, control n8n (no isolate-free fast path for the Webhook node): Print Store Trigger / Webhook + Code + Filter',
			ratio(median(control, 'printStore', 'p99') / median(control, 'webhookCodeFilter', 'p99'), 2),
			'(explains the miss)',
			'-',
		]);
	}
	return {
		id: 'trigger-race',
		title: `2b. Trigger race: callback in → execution finished with a normalized, filtered event (${options.callbacks.toLocaleString('en-US')} callbacks at concurrency ${options.concurrency}, ${options.runs} runs)`,
		body: [
			raceTable(runs),
			'',
			markdownTable(['Ratio (medians)', 'Value', 'Target', 'Met'], ratioRows),
			'',
			'Each run: a new active workflow, 20 warm-up callbacks (not counted), then the burst. Latency: from sending a callback to the',
			'stoppedAt n8n recorded for the execution that carries its order ID. "Lost": sent but not acknowledged 200, or no finished',
			'execution carrying it.',
			...(control
				? [
						'',
						'Control: the same race in the second n8n started with `N8N_EXPRESSION_ENGINE_ALLOW_WEBHOOK_ISOLATE_SKIP=false`, where the Webhook',
						'node pays for an expression isolate per request as every community trigger does in a stock n8n 2.41:',
						'',
						raceTable(control),
					]
				: []),
		].join('\n'),
		targets: [
			{ name: 'trigger race: p99 ≤ 0.8× of Webhook + Code + Filter', met: p99Ratio <= 0.8, value: ratio(p99Ratio, 2) },
			{ name: 'trigger race: nothing lost', met: lost === 0, value: String(lost) },
		],
		data: { runs },
	};
}
