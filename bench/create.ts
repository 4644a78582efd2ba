/**
 * Benchmark 1, batch create throughput: CRM-style records → orders on the sandbox, in a real n8n.
 *   (a) the Print Store node, batch sizes 50 and 100;
 *   (b) n8n's HTTP Request node as a capable user sets it up: the generic OAuth2 credential, the
 *       subscription key header, one request per item, its batching option at the setting that
 *       won a calibration round in this run;
 *   (c) a plain Node client posting the same batches straight to the sandbox, one at a time like
 *       the node;
 * plus the floor n8n puts under any node given this workload: Edit Fields evaluating the same
 * order-item expression per item (n8n evaluates expressions in an isolate, item by item).
 */
import { fork } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

import type { Log } from '../scripts/n8n/log';
import { SandboxControl } from '../scripts/n8n/sandbox-control';
import { PRINT_STORE_TYPE } from '../scripts/n8n/workflows';
import { runEngineChild } from './lib/engine-run';
import { recordsWorkflow, runMeasured, type BenchN8n, type MeasuredRun } from './lib/n8n';
import { largestProfile, nodeCpu } from './lib/profile';
import type { Section } from './lib/report';
import { fixed, markdownTable, mib, ratio, spread, summarize } from './lib/stats';
import { createParameters, ORDER_ITEM_EXPRESSION, type OrderMode } from './lib/workload';

export interface CreateOptions {
	items: number;
	runs: number;
	/** Items per calibration run of the HTTP Request node's batching settings. */
	calibrationItems: number;
	/**
	 * The same contenders in an n8n started with N8N_EXPRESSION_ENGINE=legacy (expressions evaluated
	 * in-process): no calibration (the setting the default run chose), no engine or profile rows.
	 */
	legacy?: { httpBatching: Batching };
}

export interface Batching {
	label: string;
	option?: { batch: { batchSize: number; batchInterval: number } };
}

/** Off (every request fired at once), then "N items per batch, 1 ms apart" (1 ms is its smallest interval). */
const HTTP_BATCHING: Batching[] = [
	{ label: 'off' },
	...[10, 50, 200, 1000].map((size) => ({ label: `${size} per batch, 1 ms apart`, option: { batch: { batchSize: size, batchInterval: 1 } } })),
];

export function printStoreCreateNode(bench: BenchN8n, batchSize: number, mode: OrderMode = 'json', parallelBatches = 1) {
	return {
		name: 'Print Store',
		type: PRINT_STORE_TYPE,
		typeVersion: 1,
		parameters: createParameters(bench.stack.sandbox.storeId, mode, batchSize, parallelBatches),
		credentials: { printStoreOAuth2Api: bench.stack.credential },
	};
}

function httpRequestNode(bench: BenchN8n, batching: Batching) {
	const { sandbox } = bench.stack;
	return {
		name: 'HTTP Request',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.5,
		parameters: {
			method: 'POST',
			url: `${sandbox.apiUrl}/store/${sandbox.storeId}/order`,
			authentication: 'genericCredentialType',
			genericAuthType: 'oAuth2Api',
			sendHeaders: true,
			headerParameters: { parameters: [{ name: 'Ocp-Apim-Subscription-Key', value: sandbox.subscriptionKey }] },
			sendBody: true,
			specifyBody: 'json',
			jsonBody: `={{ JSON.stringify({ Items: [${ORDER_ITEM_EXPRESSION}] }) }}`,
			options: batching.option ? { batching: batching.option } : {},
		},
		credentials: { oAuth2Api: bench.oauth2 },
	};
}

function expressionFloorNode() {
	return {
		name: 'Edit Fields',
		type: 'n8n-nodes-base.set',
		typeVersion: 3.4,
		parameters: {
			mode: 'manual',
			assignments: { assignments: [{ id: 'order', name: 'order', type: 'string', value: `={{ JSON.stringify(${ORDER_ITEM_EXPRESSION}) }}` }] },
			options: {},
		},
	};
}

interface PlainRun {
	ms: number;
	created: number;
	requests: number;
}

export async function runPlainClient(bench: BenchN8n, items: number, batchSize: number, concurrency = 1): Promise<PlainRun> {
	const { sandbox } = bench.stack;
	const options = {
		url: `${sandbox.apiUrl}/store/${sandbox.storeId}/order`,
		accessToken: sandbox.tokens.accessToken,
		subscriptionKey: sandbox.subscriptionKey,
		items,
		batchSize,
		concurrency,
	};
	const child = fork(path.join(__dirname, 'plain-client.ts'), [JSON.stringify(options)], {
		execArgv: ['--import', 'tsx'],
		stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
	});
	let out = '';
	child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
	const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
	if (code !== 0) throw new Error(`the plain client exited with ${code}`);
	return JSON.parse(out.trim().split('\n').pop()!) as PlainRun;
}

interface Contender {
	key: string;
	label: string;
	workflowId?: string;
	nodeName?: string;
	batchSize?: number;
	concurrency?: number;
	/** Orders are created (checked against the sandbox's counts); the floor creates none. */
	creates: boolean;
	runs: Array<{ ms: number; rssPeak?: number; rssStart?: number; wallMs?: number }>;
}

function checkRun(label: string, run: MeasuredRun, items: number) {
	if (run.status !== 'success' || run.outputItems !== items) {
		throw new Error(`${label}: execution ${run.status} with ${run.outputItems} of ${items} items${run.error ? `: ${run.error}` : ''}`);
	}
}

async function measure(bench: BenchN8n, sandbox: SandboxControl, contender: Contender, items: number) {
	await sandbox.reset();
	if (contender.workflowId) {
		const run = await runMeasured(bench, contender.workflowId, contender.nodeName!);
		checkRun(contender.label, run, items);
		contender.runs.push({ ms: run.nodeMs, rssPeak: run.rssPeak, rssStart: run.rssStart, wallMs: run.wallMs });
	} else {
		const run = await runPlainClient(bench, items, contender.batchSize!, contender.concurrency ?? 1);
		contender.runs.push({ ms: run.ms });
	}
	if (contender.creates) {
		const { total } = await sandbox.counts();
		if (total !== items) throw new Error(`${contender.label}: the sandbox counted ${total} orders for ${items} items`);
	}
}

async function calibrateHttpRequest(bench: BenchN8n, sandbox: SandboxControl, items: number, log: Log) {
	const rows: Array<{ batching: Batching; ms: number }> = [];
	for (const batching of HTTP_BATCHING) {
		const saved = await bench.stack.client.createWorkflow(recordsWorkflow(`bench: HTTP Request calibration (${batching.label})`, items, httpRequestNode(bench, batching)));
		await sandbox.reset();
		const run = await runMeasured(bench, saved.id, 'HTTP Request');
		checkRun(`HTTP Request (${batching.label})`, run, items);
		rows.push({ batching, ms: run.nodeMs });
		log.info(`  HTTP Request batching ${batching.label}: ${fixed(run.nodeMs / 1000, 2)} s for ${items} items`);
	}
	const best = rows.reduce((a, b) => (b.ms < a.ms ? b : a));
	return { rows, best: best.batching };
}

export async function benchCreate(bench: BenchN8n, options: CreateOptions, log: Log): Promise<Section> {
	const { client, sandbox: started } = bench.stack;
	const sandbox = new SandboxControl({ baseUrl: started.baseUrl, subscriptionKey: started.subscriptionKey, accessToken: started.tokens.accessToken });
	const { items, runs } = options;
	const legacy = options.legacy !== undefined;

	const calibration = options.legacy
		? { rows: [] as Array<{ batching: Batching; ms: number }>, best: options.legacy.httpBatching }
		: await log.step(`Calibrating the HTTP Request node's batching option on ${options.calibrationItems} items`, () =>
				calibrateHttpRequest(bench, sandbox, options.calibrationItems, log),
			);

	const inN8n = async (key: string, label: string, node: { name: string }, creates = true): Promise<Contender> => {
		const saved = await client.createWorkflow(recordsWorkflow(`bench: ${label}`, items, node as never));
		return { key, label, workflowId: saved.id, nodeName: node.name, creates, runs: [] };
	};
	const contenders: Contender[] = [
		...(legacy ? [] : [await inN8n('a50', '(a) Print Store node, JSON expression, batch size 50, 1 at a time', printStoreCreateNode(bench, 50))]),
		await inN8n('a100', '(a) Print Store node, JSON expression, batch size 100, 1 at a time', printStoreCreateNode(bench, 100)),
		await inN8n('f100', '(a) Print Store node, Fields Below with an expression per field, batch size 100, 1 at a time', printStoreCreateNode(bench, 100, 'fields')),
		await inN8n('n100', '(n) Print Store node, Input Item Fields, batch size 100, 1 at a time', printStoreCreateNode(bench, 100, 'inputItem', 1)),
		await inN8n('n100p4', '(n) Print Store node, Input Item Fields, batch size 100, 4 in parallel', printStoreCreateNode(bench, 100, 'inputItem', 4)),
		await inN8n('b', `(b) HTTP Request node, one request per item, batching ${calibration.best.label}`, httpRequestNode(bench, calibration.best)),
		...(legacy ? [] : [{ key: 'c50', label: '(c) plain Node client, batches of 50, 1 at a time', batchSize: 50, creates: true, runs: [] }]),
		{ key: 'c100', label: '(c) plain Node client, batches of 100, 1 at a time', batchSize: 100, creates: true, runs: [] },
		{ key: 'c100p4', label: '(c) plain Node client, batches of 100, 4 at a time', batchSize: 100, concurrency: 4, creates: true, runs: [] },
		await inN8n('floor', 'n8n floor: Edit Fields evaluating the same expression per item (no HTTP)', expressionFloorNode(), false),
	];

	// Round-robin, so drift over the run (heap growth, disk) spreads over every contender alike.
	for (let round = 1; round <= runs; round++) {
		await log.step(`Create throughput${legacy ? ' (legacy expression engine)' : ''}, round ${round} of ${runs} (${items} items each)`, async () => {
			for (const contender of contenders) await measure(bench, sandbox, contender, items);
		});
	}
	const time = (key: string) => summarize(contenders.find((c) => c.key === key)!.runs.map((r) => r.ms));
	const table = () =>
		markdownTable(
			['Contender', 'Node time, s: median (min–max)', 'Orders/s', 'µs per item', 'Whole execution, s', 'n8n peak RSS, MiB', 'RSS before, MiB'],
			contenders.map((contender) => {
				const ms = summarize(contender.runs.map((r) => r.ms));
				const perSecond = summarize(contender.runs.map((r) => (items / r.ms) * 1000));
				const peak = contender.workflowId ? spread(summarize(contender.runs.map((r) => mib(r.rssPeak!))), 0) : '-';
				const start = contender.workflowId ? fixed(summarize(contender.runs.map((r) => mib(r.rssStart!))).median, 0) : '-';
				const wall = contender.workflowId ? spread(summarize(contender.runs.map((r) => r.wallMs! / 1000)), 2) : '-';
				return [contender.label, spread(summarize(contender.runs.map((r) => r.ms / 1000)), 2), spread(perSecond, 0), fixed((ms.median / items) * 1000, 0), wall, peak, start];
			}),
		);
	const newMode = () => {
		const [n1, n4, b, c1, c4] = ['n100', 'n100p4', 'b', 'c100', 'c100p4'].map(time);
		const fastest = Math.min(n1.median, n4.median);
		return { overB: b.median / fastest, overC1: n1.median / c1.median, overC4: n4.median / c4.median };
	};

	if (legacy) {
		const n = newMode();
		const [a100, f100, b] = ['a100', 'f100', 'b'].map(time);
		const ratios = markdownTable(
			['Ratio (medians of this run)', 'Value'],
			[
				['(n) fastest is faster than (b) by', ratio(n.overB)],
				['(n) 1 at a time / (c) 1 at a time', ratio(n.overC1, 2)],
				['(n) 4 in parallel / (c) 4 at a time', ratio(n.overC4, 2)],
				['(a) JSON expression is faster than (b) by', ratio(b.median / a100.median)],
				['(a) Fields Below is faster than (b) by', ratio(b.median / f100.median)],
			],
		);
		return {
			id: 'create-legacy',
			title: `1b. Batch create with N8N_EXPRESSION_ENGINE=legacy (${items.toLocaleString('en-US')} items, ${runs} runs)`,
			body: [
				'The same contenders in a second n8n 2.41.1 started with `N8N_EXPRESSION_ENGINE=legacy`, which evaluates expressions in-process',
				`instead of in an isolate (the HTTP Request node keeps the batching chosen above: ${calibration.best.label}).`,
				'',
				table(),
				'',
				ratios,
			].join('\n'),
			targets: [],
			data: { items, runs, contenders },
		};
	}

	// The same node outside the n8n server: n8n-core's engine with in-process expressions (no isolate).
	await sandbox.reset();
	const engine = await log.step(`(a) batch 100 in n8n-core's engine without the expression isolate, ${runs} runs`, () =>
		runEngineChild(bench, { size: items, batchSize: 100, timedRuns: runs, memory: false }),
	);
	// And under V8's profiler, the expression mode and Input Item Fields: where the CPU time inside the node goes.
	const profileOf = async (mode: OrderMode) => {
		const profileDir = path.join(__dirname, '.runs', `profile-${mode}`);
		rmSync(profileDir, { recursive: true, force: true });
		mkdirSync(profileDir, { recursive: true });
		await sandbox.reset();
		await log.step(`Profiling the node (${mode}) in n8n-core's engine`, () =>
			runEngineChild(bench, { size: items, batchSize: 100, timedRuns: 1, memory: false, mode, cpuProfileDir: profileDir }),
		);
		return nodeCpu(largestProfile(profileDir));
	};
	const cpu = await profileOf('json');
	const cpuInput = await profileOf('inputItem');
	await sandbox.reset();
	contenders.push({ key: 'engine', label: "(a′) Print Store node, batch size 100, in n8n-core's engine, expressions without the isolate", creates: true, runs: engine.timedMs.map((ms) => ({ ms })) });
	const rows = table();
	const [a50, a100, b, c50, c100, floor, inEngine] = ['a50', 'a100', 'b', 'c50', 'c100', 'floor', 'engine'].map(time);
	const best = a100.median <= a50.median ? { a: a100, c: c100, size: 100 } : { a: a50, c: c50, size: 50 };
	const aOverB = b.median / best.a.median;
	const aOverC = best.a.median / best.c.median;
	const n = newMode();
	const nOverC = Math.max(n.overC1, n.overC4);
	const f100 = time('f100');
	const ratios = markdownTable(
		['Ratio (medians of this run)', 'Value', 'Target', 'Met'],
		[
			['(n) Input Item Fields, fastest setting, is faster than (b) by', ratio(n.overB), '≥ 20×', n.overB >= 20 ? 'yes' : 'no'],
			['(n) 1 at a time / (c) batches of 100, 1 at a time', ratio(n.overC1, 2), '≤ 2×', n.overC1 <= 2 ? 'yes' : 'no'],
			['(n) 4 in parallel / (c) batches of 100, 4 at a time', ratio(n.overC4, 2), '≤ 2×', n.overC4 <= 2 ? 'yes' : 'no'],
			['(a) Fields Below, an expression per field, is faster than (b) by', ratio(b.median / f100.median), '-', '-'],
			[`(a) batch ${best.size} is faster than (b) by`, ratio(aOverB), '≥ 20×', aOverB >= 20 ? 'yes' : 'no'],
			['(a) batch 50 / (c) batch 50', ratio(a50.median / c50.median, 2), '≤ 1.5×', a50.median / c50.median <= 1.5 ? 'yes' : 'no'],
			['(a) batch 100 / (c) batch 100', ratio(a100.median / c100.median, 2), '≤ 1.5×', a100.median / c100.median <= 1.5 ? 'yes' : 'no'],
			["n8n's floor / (c) batch 100: what any node reading this expression pays before sending anything", ratio(floor.median / c100.median, 2), '(explains the miss)', '-'],
			["(b) / n8n's floor: the most any node reading this expression can gain over (b)", ratio(b.median / floor.median), '(explains the miss)', '-'],
			["(a′) in n8n-core's engine, no isolate / (c) batch 100", ratio(inEngine.median / c100.median, 2), '(explains the miss)', '-'],
		],
	);
	const calibrationTable = markdownTable(
		['HTTP Request batching option', `Node time for ${options.calibrationItems} items, s`, 'Chosen'],
		calibration.rows.map((row) => [row.batching.label, fixed(row.ms / 1000, 2), row.batching === calibration.best ? 'yes' : '']),
	);

	// The profiled process ran the node on 2 × items + 1 items (a one-item start, a warm-up, one timed run).
	const profiledItems = 2 * items + 1;
	const cpuRow = (label: string, ms: number) => [label, fixed(ms, 0), `${fixed((100 * ms) / cpu.nodeMs, 0)}%`, fixed((ms / profiledItems) * 1000, 1)];
	const cpuInputRow = (label: string, ms: number) => [label, fixed(ms, 0), `${fixed((100 * ms) / cpuInput.nodeMs, 0)}%`, fixed((ms / profiledItems) * 1000, 1)];
	const cpuTable = markdownTable(
		["CPU inside the node's execute, in n8n-core's engine under V8's profiler", 'ms', 'Share', 'µs per item'],
		[
			cpuRow("JSON expression: n8n resolving the node's parameters (getNodeParameter: the order-item expression, per item)", cpu.parameterMs),
			cpuRow("JSON expression: sending (the node's transport and n8n's HTTP helper with OAuth2 signing, one call per batch)", cpu.requestMs),
			cpuRow("JSON expression: the node's own code (parsing, checking, batching, pairing results)", cpu.ownMs),
			cpuInputRow("Input Item Fields: n8n resolving the node's parameters (read once per run)", cpuInput.parameterMs),
			cpuInputRow('Input Item Fields: sending', cpuInput.requestMs),
			cpuInputRow("Input Item Fields: the node's own code (mapping, checking, batching, pairing results)", cpuInput.ownMs),
		],
	);
	const us = (summary: { median: number }) => (summary.median / items) * 1000;
	const notes = [
		`Per item (medians): n8n's floor, Edit Fields evaluating the same order-item expression in n8n's expression isolate and nothing`,
		`else, takes ${fixed(us(floor), 0)} µs; (a) batch ${best.size} takes ${fixed(us(best.a), 0)} µs, reading, checking, sending and pairing included; (c) takes ${fixed(us(best.c), 0)} µs`,
		`in all; (b) takes ${fixed(us(b), 0)} µs, the same expression plus one request through n8n per item. The floor alone is ${ratio(floor.median / best.c.median, 1)}`,
		"(c)'s whole time, so no node that reads its order item from an expression can come within 1.5× of (c) in this n8n, and none can be",
		`more than ${ratio(b.median / floor.median, 1)} faster than (b). The node without the isolate (a′: n8n-core's engine, same node, expressions evaluated`,
		`in-process, ${fixed(us(inEngine), 0)} µs per item) is ${ratio(inEngine.median / c100.median, 2)} (c).`,
		'',
		`Input Item Fields (n) reads each input item itself through a mapping set once, so n8n evaluates no expression per item: it takes`,
		`${fixed(us(time('n100')), 0)} µs per item one batch at a time and ${fixed(us(time('n100p4')), 0)} µs with 4 batches in parallel, against (c)'s ${fixed(us(c100), 0)} and ${fixed(us(time('c100p4')), 0)} µs.`,
	].join('\n');

	return {
		id: 'create',
		title: `1. Batch create throughput (${items.toLocaleString('en-US')} items, ${runs} runs)`,
		body: [
			rows,
			'',
			ratios,
			'',
			notes,
			'',
			cpuTable,
			'',
			`The HTTP Request node's batching option, one calibration run each on ${options.calibrationItems.toLocaleString('en-US')} items (the fastest is used above):`,
			'',
			calibrationTable,
		].join('\n'),
		targets: [
			{ name: 'create: (n) Input Item Fields ≥ 20× faster than (b)', met: n.overB >= 20, value: ratio(n.overB) },
			{ name: 'create: (n) within 2× of (c) at the same batches and concurrency', met: nOverC <= 2, value: `${ratio(n.overC1, 2)} (1 at a time), ${ratio(n.overC4, 2)} (4)` },
			{ name: 'create: (a) JSON expression ≥ 20× faster than (b) (earlier target)', met: aOverB >= 20, value: ratio(aOverB) },
			{ name: 'create: (a) JSON expression within 1.5× of (c) (earlier target)', met: aOverC <= 1.5, value: ratio(aOverC, 2) },
		],
		data: { items, runs, httpBatching: calibration.best, calibration: calibration.rows.map((r) => ({ label: r.batching.label, ms: r.ms })), contenders },
	};
}
