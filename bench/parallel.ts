/**
 * Benchmark 5, parallel batches against a service 50 ms away: the sandbox adds 50 ms to every API
 * request (a realistic remote API), and the Print Store node (Input Item Fields, batches of 50)
 * sends with 1, 2, 4 and 8 batches in flight, beside the plain Node client at the same settings.
 * Then the same with the sandbox answering 429 (Retry-After: 1) to one request in ten: every order
 * must be created exactly once (none lost, none duplicated), counted by the sandbox.
 */
import type { Log } from '../scripts/n8n/log';
import { SandboxControl } from '../scripts/n8n/sandbox-control';
import { printStoreCreateNode, runPlainClient } from './create';
import { recordsWorkflow, runMeasured, type BenchN8n } from './lib/n8n';
import type { Section } from './lib/report';
import { fixed, markdownTable, ratio, spread, summarize } from './lib/stats';

export interface ParallelOptions {
	items: number;
	runs: number;
	levels: number[];
}

const BATCH_SIZE = 50;
const LATENCY_MS = 50;

interface Level {
	parallel: number;
	nodeMs: number[];
	plainMs: number[];
}

export async function benchParallel(bench: BenchN8n, options: ParallelOptions, log: Log): Promise<Section> {
	const { client, sandbox: started } = bench.stack;
	const sandbox = new SandboxControl({ baseUrl: started.baseUrl, subscriptionKey: started.subscriptionKey, accessToken: started.tokens.accessToken });
	const workflows = new Map<number, string>();
	for (const parallel of options.levels) {
		const saved = await client.createWorkflow(recordsWorkflow(`bench: ${parallel} batches in parallel`, options.items, printStoreCreateNode(bench, BATCH_SIZE, 'inputItem', parallel)));
		workflows.set(parallel, saved.id);
	}
	const levels: Level[] = options.levels.map((parallel) => ({ parallel, nodeMs: [], plainMs: [] }));
	const checkCounts = async (label: string) => {
		const counts = await sandbox.counts();
		const duplicated = Object.values(counts.byPartnerOrderReference).filter((count) => count > 1).length;
		const lost = options.items - Object.keys(counts.byPartnerOrderReference).length;
		if (lost || duplicated) throw new Error(`${label}: ${lost} orders lost, ${duplicated} duplicated`);
		return { lost, duplicated };
	};

	try {
		for (let round = 1; round <= options.runs; round++) {
			await log.step(`Parallel batches with ${LATENCY_MS} ms latency, round ${round} of ${options.runs}`, async () => {
				for (const level of levels) {
					await sandbox.reset();
					await sandbox.faults({ latencyMs: LATENCY_MS });
					const run = await runMeasured(bench, workflows.get(level.parallel)!, 'Print Store');
					if (run.status !== 'success' || run.outputItems !== options.items) throw new Error(`parallel ${level.parallel}: ${run.status} ${run.error ?? ''}`);
					await checkCounts(`node, ${level.parallel} in parallel`);
					level.nodeMs.push(run.nodeMs);
					await sandbox.reset();
					await sandbox.faults({ latencyMs: LATENCY_MS });
					const plain = await runPlainClient(bench, options.items, BATCH_SIZE, level.parallel);
					await checkCounts(`plain client, ${level.parallel} at a time`);
					level.plainMs.push(plain.ms);
					log.info(`  ${level.parallel} in flight: node ${fixed(run.nodeMs / 1000, 2)} s, plain client ${fixed(plain.ms / 1000, 2)} s`);
				}
			});
		}

		const limited: Array<{ parallel: number; ms: number; rejected: number; lost: number; duplicated: number }> = [];
		await log.step('Parallel batches under rate limits: 429 to one request in ten', async () => {
			for (const parallel of options.levels.filter((level) => level >= 2)) {
				await sandbox.reset();
				await sandbox.faults({ latencyMs: LATENCY_MS, rate429: 0.1, retryAfterSeconds: 1 });
				const run = await runMeasured(bench, workflows.get(parallel)!, 'Print Store');
				if (run.status !== 'success' || run.outputItems !== options.items) throw new Error(`rate-limited, ${parallel} in parallel: ${run.status} ${run.error ?? ''}`);
				const rejected = (await sandbox.requests()).filter((request) => request.status === 429).length;
				const { lost, duplicated } = await checkCounts(`rate-limited, ${parallel} in parallel`);
				limited.push({ parallel, ms: run.nodeMs, rejected, lost, duplicated });
				log.info(`  ${parallel} in flight: ${fixed(run.nodeMs / 1000, 2)} s, ${rejected} answered 429, ${lost} lost, ${duplicated} duplicated`);
			}
		});

		const base = summarize(levels[0].nodeMs).median;
		const table = markdownTable(
			['Batches in flight', 'Node time, s', 'Orders/s', 'Speed-up vs 1', 'Plain client, s', 'Node / plain client'],
			levels.map((level) => {
				const node = summarize(level.nodeMs);
				const plain = summarize(level.plainMs);
				return [
					String(level.parallel),
					spread(summarize(level.nodeMs.map((ms) => ms / 1000)), 2),
					fixed((options.items / node.median) * 1000, 0),
					ratio(base / node.median, 2),
					spread(summarize(level.plainMs.map((ms) => ms / 1000)), 2),
					ratio(node.median / plain.median, 2),
				];
			}),
		);
		const limitedTable = markdownTable(
			['Batches in flight', 'Node time, s', 'Requests answered 429', 'Orders lost', 'Orders created twice'],
			limited.map((row) => [String(row.parallel), fixed(row.ms / 1000, 2), String(row.rejected), String(row.lost), String(row.duplicated)]),
		);
		const clean = limited.every((row) => row.lost === 0 && row.duplicated === 0);
		return {
			id: 'parallel',
			title: `5. Parallel batches (${options.items.toLocaleString('en-US')} items in batches of ${BATCH_SIZE}, ${LATENCY_MS} ms added to every request, ${options.runs} runs)`,
			body: [
				`The sandbox waits ${LATENCY_MS} ms before answering each API request. Node: Print Store, Input Item Fields, Options > Batches in Parallel;`,
				'plain client: the same batches with the same number in flight. Every run is checked against the sandbox: each order created once.',
				'',
				table,
				'',
				'The same with the sandbox answering 429 (Retry-After: 1) to one request in ten, checked the same way:',
				'',
				limitedTable,
			].join('\n'),
			targets: [{ name: 'parallel: under 429s, 0 orders lost and 0 created twice', met: clean, value: limited.map((row) => `${row.lost}/${row.duplicated}`).join(', ') }],
			data: { levels, limited },
		};
	} finally {
		await sandbox.clearFaults();
	}
}
