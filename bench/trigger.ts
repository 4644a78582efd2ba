/**
 * Benchmark 2, trigger burst: status callbacks at a fixed concurrency into an active workflow, the
 * Print Store Trigger against n8n's Webhook node (responseMode onReceived) on the same load. The
 * bodies are real status records from the sandbox (one order's Received record, its IDs varied so
 * no two callbacks are duplicates), sent with the headers the sandbox's callbacks carry.
 * Executions are counted through n8n's API once they stop changing.
 */
import { randomUUID } from 'node:crypto';

import type { Execution, WorkflowJson, WorkflowNode } from '../scripts/n8n/client';
import type { Log } from '../scripts/n8n/log';
import { sleep } from '../scripts/n8n/process';
import { SandboxControl } from '../scripts/n8n/sandbox-control';
import { PACKAGE_NODE_PREFIX } from '../scripts/n8n/workflows';
import type { BenchN8n } from './lib/n8n';
import type { Section } from './lib/report';
import { watchRss } from './lib/rss';
import { fixed, markdownTable, mib, percentile, ratio, spread, summarize } from './lib/stats';

export interface TriggerOptions {
	callbacks: number;
	concurrency: number;
	runs: number;
}

const WARM_UP = 20;
const UNFINISHED = new Set(['new', 'running', 'waiting', 'unknown']);

interface Listener {
	kind: 'printStore' | 'webhook';
	workflowId: string;
	url: string;
}

interface BurstResult {
	acknowledged: number;
	refused: number;
	started: number;
	lost: number;
	p50: number;
	p99: number;
	max: number;
	seconds: number;
	rssPeak: number;
}

async function createListener(bench: BenchN8n, kind: Listener['kind']): Promise<Listener> {
	const { client } = bench.stack;
	const webhookId = randomUUID();
	const secret = `bench-${randomUUID()}`;
	const node: WorkflowNode =
		kind === 'printStore'
			? {
					id: randomUUID(),
					name: 'Print Store Trigger',
					type: `${PACKAGE_NODE_PREFIX}printStoreTrigger`,
					// What the editor gives a new node (the description's defaultVersion).
					typeVersion: 1.1,
					position: [0, 0],
					webhookId,
					parameters: { events: ['status', 'details'], options: { callbackSecret: secret } },
				}
			: {
					id: randomUUID(),
					name: 'Webhook',
					type: 'n8n-nodes-base.webhook',
					typeVersion: 2.1,
					position: [0, 0],
					webhookId,
					parameters: { httpMethod: 'POST', path: webhookId, responseMode: 'onReceived', options: {} },
				};
	const workflow: WorkflowJson = { name: `bench: trigger burst (${kind})`, nodes: [node], connections: {}, settings: { executionOrder: 'v1' } };
	const saved = await client.createWorkflow(workflow);
	await client.activateWorkflow(saved.id);
	const url = kind === 'printStore' ? `${client.webhookUrl(`${webhookId}/status`)}?secret=${secret}` : client.webhookUrl(webhookId);
	return { kind, workflowId: saved.id, url };
}

/** A real status record: one order created on the sandbox, its first record read back. */
export async function statusRecordTemplate(bench: BenchN8n): Promise<Record<string, unknown>> {
	const { sandbox } = bench.stack;
	const control = new SandboxControl({ baseUrl: sandbox.baseUrl, subscriptionKey: sandbox.subscriptionKey, accessToken: sandbox.tokens.accessToken });
	const created = await control.api<Array<{ ID: string }>>('POST', `/store/${sandbox.storeId}/order`, {
		Items: [{ Product: { ID: 'postcard-4x6', Quantity: 100 }, Recipient: { NameFirst: 'Burst', NameLast: 'Test', AddressLine1: '1 Main Street', City: 'Springfield', Country: 'US' } }],
	});
	const history = await control.api<Array<Record<string, unknown>>>('GET', `/store/${sandbox.storeId}/order/${created.body[0].ID}/status`);
	if (history.status !== 200 || !history.body[0]) throw new Error(`could not read a status record from the sandbox (${history.status})`);
	return history.body[0];
}

export function bodies(template: Record<string, unknown>, count: number, tag: string): string[] {
	return Array.from({ length: count }, (_, index) =>
		JSON.stringify({ ...template, OrderID: `ord_${tag}_${index}`, OrderNumber: `PS-${tag}-${index}`, Timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString() }),
	);
}

/** Posts every body with `concurrency` requests in flight; returns each acknowledgement's latency (ms) and status. */
export async function burst(url: string, payloads: string[], concurrency: number) {
	const results: Array<{ ms: number; status: number; index: number; sentAt: number }> = [];
	let next = 0;
	const worker = async () => {
		while (next < payloads.length) {
			const index = next++;
			const sentAt = Date.now();
			const started = performance.now();
			let status = 0;
			try {
				const response = await fetch(url, {
					method: 'POST',
					headers: {
						'Content-Type': 'application/json',
						'User-Agent': 'print-store-sandbox/1',
						'X-Print-Store-Event': 'order.status',
						'X-Print-Store-Delivery': `dlv_${index}`,
						'X-Print-Store-Attempt': '1',
					},
					body: payloads[index],
				});
				await response.arrayBuffer();
				status = response.status;
			} catch {
				status = 0;
			}
			results.push({ ms: performance.now() - started, status, index, sentAt });
		}
	};
	await Promise.all(Array.from({ length: concurrency }, worker));
	return results;
}

/** Waits until the workflow's executions have all finished and their count holds still for 3 s. */
export async function settledExecutions(bench: BenchN8n, workflowId: string, expected: number): Promise<number> {
	const { client } = bench.stack;
	let last = -1;
	let stableSince = Date.now();
	const deadline = Date.now() + 180_000;
	for (;;) {
		const executions: Execution[] = await client.listExecutions(workflowId, { includeData: false });
		const running = executions.some((execution) => UNFINISHED.has(execution.status));
		if (executions.length !== last || running) {
			last = executions.length;
			stableSince = Date.now();
		}
		const quietFor = executions.length >= expected ? 1_000 : 3_000;
		if (!running && Date.now() - stableSince >= quietFor) return executions.length;
		if (Date.now() > deadline) return executions.length;
		await sleep(250);
	}
}

async function runBurst(bench: BenchN8n, kind: Listener['kind'], template: Record<string, unknown>, options: TriggerOptions, tag: string): Promise<BurstResult> {
	const listener = await createListener(bench, kind);
	try {
		await burst(listener.url, bodies(template, WARM_UP, `${tag}w`), Math.min(WARM_UP, options.concurrency));
		const before = await settledExecutions(bench, listener.workflowId, WARM_UP);
		const payloads = bodies(template, options.callbacks, tag);
		const rss = watchRss(bench.stack.n8n.pid);
		const burstStart = performance.now();
		const results = await burst(listener.url, payloads, options.concurrency);
		const seconds = (performance.now() - burstStart) / 1000;
		const after = await settledExecutions(bench, listener.workflowId, before + options.callbacks);
		const { peak } = rss.stop();
		const latencies = results.map((result) => result.ms);
		const acknowledged = results.filter((result) => result.status === 200).length;
		const started = after - before;
		return {
			acknowledged,
			refused: results.length - acknowledged,
			started,
			lost: Math.max(0, acknowledged - started),
			p50: percentile(latencies, 50),
			p99: percentile(latencies, 99),
			max: Math.max(...latencies),
			seconds,
			rssPeak: peak,
		};
	} finally {
		await bench.stack.client.deactivateWorkflow(listener.workflowId).catch(() => undefined);
	}
}

export type TriggerRuns = Record<Listener['kind'], BurstResult[]>;

/** Alternating bursts into the Print Store Trigger and the Webhook node, `options.runs` of each. */
export async function measureTrigger(bench: BenchN8n, options: TriggerOptions, log: Log, title = 'Trigger burst'): Promise<TriggerRuns> {
	const template = await statusRecordTemplate(bench);
	const runs: TriggerRuns = { printStore: [], webhook: [] };
	for (let round = 1; round <= options.runs; round++) {
		// Alternate which goes first, so neither always meets a warmer or a busier n8n.
		const order: Array<Listener['kind']> = round % 2 ? ['printStore', 'webhook'] : ['webhook', 'printStore'];
		await log.step(`${title}, round ${round} of ${options.runs} (${options.callbacks} callbacks at concurrency ${options.concurrency})`, async () => {
			for (const kind of order) {
				const result = await runBurst(bench, kind, template, options, `r${round}${kind[0]}${Date.now()}`);
				runs[kind].push(result);
				log.info(`  ${kind}: ${result.acknowledged} acknowledged, ${result.started} started, p50 ${fixed(result.p50)} ms, p99 ${fixed(result.p99)} ms`);
			}
		});
	}
	return runs;
}

const LABELS: Record<Listener['kind'], string> = {
	printStore: 'Print Store Trigger',
	webhook: "n8n's Webhook node (responseMode onReceived)",
};

const sum = (list: BurstResult[], key: keyof BurstResult) => list.reduce((total, run) => total + (run[key] as number), 0);
const median = (list: BurstResult[], key: keyof BurstResult) => summarize(list.map((run) => run[key] as number)).median;

function burstTable(runs: TriggerRuns, callbacks: number): string {
	const rows = (['printStore', 'webhook'] as const).map((kind) => {
		const list = runs[kind];
		return [
			LABELS[kind],
			`${sum(list, 'acknowledged')} / ${callbacks * list.length}`,
			String(sum(list, 'started')),
			String(sum(list, 'lost') + sum(list, 'refused')),
			spread(summarize(list.map((r) => r.p50))),
			spread(summarize(list.map((r) => r.p99))),
			spread(summarize(list.map((r) => r.max)), 0),
			spread(summarize(list.map((r) => callbacks / r.seconds)), 0),
			spread(summarize(list.map((r) => mib(r.rssPeak))), 0),
		];
	});
	return markdownTable(
		['Listener', 'Acknowledged (all runs)', 'Executions started', 'Lost', 'p50 ack ms', 'p99 ack ms', 'max ack ms', 'Callbacks/s', 'n8n peak RSS, MiB'],
		rows,
	);
}

/** The section: the bursts in the stock n8n, and the same bursts in an n8n whose Webhook node gets no isolate-free fast path. */
export function triggerSection(options: TriggerOptions, runs: TriggerRuns, control?: TriggerRuns): Section {
	const p99Ratio = median(runs.printStore, 'p99') / median(runs.webhook, 'p99');
	const lost = sum(runs.printStore, 'lost') + sum(runs.printStore, 'refused');
	const ratioRows = [
		['p99: Print Store Trigger / Webhook node', ratio(p99Ratio, 2), '≤ 1.2×', p99Ratio <= 1.2 ? 'yes' : 'no'],
		['p50: Print Store Trigger / Webhook node', ratio(median(runs.printStore, 'p50') / median(runs.webhook, 'p50'), 2), '-', '-'],
	];
	if (control) {
		ratioRows.push([
			'p99, control n8n (no fast path for the Webhook node): Print Store Trigger / Webhook node',
			ratio(median(control.printStore, 'p99') / median(control.webhook, 'p99'), 2),
			'(explains the miss)',
			'-',
		]);
	}
	const body = [
		burstTable(runs, options.callbacks),
		'',
		markdownTable(['Ratio (medians)', 'Value', 'Target', 'Met'], ratioRows),
		'',
		`Each run uses a new active workflow holding only the listener, warmed up with ${WARM_UP} callbacks first (not counted). Latency is from`,
		'sending a callback to reading the whole acknowledgement. "Executions started" is counted through the public API once every execution',
		'has finished and the count holds still; "Lost" is acknowledged minus started, plus any callback not answered 200.',
	];
	if (control) {
		body.push(
			'',
			`Control: the same bursts (${control.printStore.length} runs each) in a second n8n started with`,
			'`N8N_EXPRESSION_ENGINE_ALLOW_WEBHOOK_ISOLATE_SKIP=false`. n8n 2.41 takes an expression isolate from its pool (pool size 1, so under',
			"load it builds a new one) for the webhook phase of every request, except for its own Webhook node (n8n's",
			'`webhookPhaseNeedsIsolate()` in `live-webhooks.js` checks the node type); this setting turns that exception off, so both listeners pay',
			'the same. Every community trigger pays it in a stock n8n.',
			'',
			burstTable(control, options.callbacks),
		);
	}
	return {
		id: 'trigger',
		title: `2. Trigger burst (${options.callbacks.toLocaleString('en-US')} status callbacks at concurrency ${options.concurrency}, ${options.runs} runs)`,
		body: body.join('\n'),
		targets: [
			{ name: 'trigger: p99 within 1.2× of the Webhook node', met: p99Ratio <= 1.2, value: ratio(p99Ratio, 2) },
			{ name: 'trigger: nothing lost', met: lost === 0, value: String(lost) },
		],
		data: { runs, control },
	};
}
