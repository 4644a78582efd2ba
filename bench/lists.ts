/**
 * Benchmark 7b (`--only lists`): whole lists with the API at once and 50 ms away. Order > Get Many
 * with Return All over a store of 10,000 orders against n8n's HTTP Request node paging through it
 * (get-many.ts: the same workflows, measured in the same n8n, in turn), and the trigger's first
 * catch-up after publishing over the same store (catch-up.ts). The sandbox's latency fault adds 50 ms
 * to every API request, as a remote service's round trip. With `--baseline <commit>` a second n8n
 * runs beside the first with the package built at that commit (lib/baseline.ts), each with its own
 * sandbox, and their runs are interleaved: before and after under the same load, each set against
 * the HTTP Request node in its own n8n.
 */
import os from 'node:os';

import type { Log } from '../scripts/n8n/log';
import { measureFirstCatchUps, type CatchUpRun } from './catch-up';
import { measureGetManyIn, type GetManyRuns, type ListRun } from './get-many';
import type { BenchN8n } from './lib/n8n';
import { describeStore, sameOrSpread, sandboxControl, summaryOf } from './lib/order-store';
import type { Section, Target } from './lib/report';
import { markdownTable, ratio, spread } from './lib/stats';

/** The API at once, and 50 ms away. */
export const LATENCIES = [0, 50] as const;
/** The most Get Many may take at 50 ms, against the HTTP Request node (issue 62). */
const TARGET_AT_50 = 0.33;

export interface ListsRuns {
	/** The package measured: this checkout, or the baseline's commit. */
	label: string;
	getMany: Record<number, GetManyRuns>;
	firstCatchUp: Record<number, CatchUpRun[]>;
	/** The machine's 1-minute load average, sampled every 10 s while the runs went on (every process on it, this benchmark's too). */
	load: number[];
}

export interface ListsOptions {
	orders: number;
	runs: number;
}

/** Each n8n given (labelled by its package), measured the same way, their runs interleaved: one ListsRuns each. */
export async function measureLists(benches: Array<{ bench: BenchN8n; label: string }>, options: ListsOptions, log: Log): Promise<ListsRuns[]> {
	const places = benches.map(({ bench, label }) => ({ bench, label, sandbox: sandboxControl(bench) }));
	const load: number[] = [];
	const measured: ListsRuns[] = benches.map(({ label }) => ({ label, getMany: {}, firstCatchUp: {}, load }));
	// The machine may be shared: what else ran is in the report.
	const sampler = setInterval(() => load.push(os.loadavg()[0]), 10_000);
	try {
		for (const latencyMs of LATENCIES) {
			const getMany = await measureGetManyIn(places, { orders: options.orders, runs: options.runs, latencyMs, keys: ['printStore', 'httpRequest'] }, log);
			const firstCatchUps = await measureFirstCatchUps(places, { orders: options.orders, runs: options.runs, latencyMs }, log);
			measured.forEach((runs, index) => {
				runs.getMany[latencyMs] = getMany[index];
				runs.firstCatchUp[latencyMs] = firstCatchUps[index];
			});
		}
	} finally {
		clearInterval(sampler);
	}
	for (const place of places) await place.sandbox.reset();
	return measured;
}

const medianOf = <T>(runs: T[], value: (run: T) => number) => summaryOf(runs, value).median;
const contender = (runs: GetManyRuns, key: 'printStore' | 'httpRequest') => runs.contenders.find((entry) => entry.key === key)!.runs;
const execution = (run: ListRun) => run.executionSeconds;
/** Print Store's Get Many over the HTTP Request node's, medians, in one n8n at one latency. */
const againstPeer = (runs: GetManyRuns) => medianOf(contender(runs, 'printStore'), execution) / medianOf(contender(runs, 'httpRequest'), execution);
const apiLabel = (latencyMs: number) => (latencyMs === 0 ? 'at once' : `${latencyMs} ms away`);

export function listsSection(options: ListsOptions, now: ListsRuns, before?: ListsRuns): Section {
	const measured = before ? [now, before] : [now];
	const getManyRows = measured.flatMap((runs) =>
		LATENCIES.map((latencyMs) => {
			const getMany = runs.getMany[latencyMs];
			const [printStore, http] = [contender(getMany, 'printStore'), contender(getMany, 'httpRequest')];
			return [
				runs.label,
				apiLabel(latencyMs),
				spread(summaryOf(printStore, execution), 2),
				sameOrSpread(summaryOf(printStore, (run) => run.listPages)),
				spread(summaryOf(http, execution), 2),
				sameOrSpread(summaryOf(http, (run) => run.listPages)),
				ratio(againstPeer(getMany), 2),
			];
		}),
	);
	const catchUpRows = measured.flatMap((runs) =>
		LATENCIES.map((latencyMs) => {
			const first = runs.firstCatchUp[latencyMs];
			return [
				runs.label,
				apiLabel(latencyMs),
				spread(summaryOf(first, (run) => run.seconds), 2),
				sameOrSpread(summaryOf(first, (run) => run.listPages)),
				sameOrSpread(summaryOf(first, (run) => run.total)),
				sameOrSpread(summaryOf(first, (run) => run.answer.listed)),
			];
		}),
	);

	const at50 = againstPeer(now.getMany[50]);
	const targets: Target[] = [{ name: `lists: Get Many, Return All, the API 50 ms away ≤ ${TARGET_AT_50}× the HTTP Request node`, value: ratio(at50, 2), met: at50 <= TARGET_AT_50 }];
	const ratioRows = LATENCIES.map((latencyMs) => [`Get Many: Print Store (${now.label}) / HTTP Request, API ${apiLabel(latencyMs)}`, ratio(againstPeer(now.getMany[latencyMs]), 2)]);
	if (before) {
		for (const latencyMs of LATENCIES) ratioRows.push([`Get Many: Print Store (${before.label}) / HTTP Request in its n8n, API ${apiLabel(latencyMs)}`, ratio(againstPeer(before.getMany[latencyMs]), 2)]);
		const getManyNowOverBefore = (latencyMs: number) =>
			medianOf(contender(now.getMany[latencyMs], 'printStore'), execution) / medianOf(contender(before.getMany[latencyMs], 'printStore'), execution);
		const catchUpNowOverBefore = (latencyMs: number) => medianOf(now.firstCatchUp[latencyMs], (run) => run.seconds) / medianOf(before.firstCatchUp[latencyMs], (run) => run.seconds);
		for (const latencyMs of LATENCIES) ratioRows.push([`Get Many: ${now.label} / ${before.label}, API ${apiLabel(latencyMs)}`, ratio(getManyNowOverBefore(latencyMs), 2)]);
		for (const latencyMs of LATENCIES) ratioRows.push([`First catch-up: ${now.label} / ${before.label}, API ${apiLabel(latencyMs)}`, ratio(catchUpNowOverBefore(latencyMs), 2)]);
		const atOnce = againstPeer(now.getMany[0]) / againstPeer(before.getMany[0]);
		targets.push({
			name: 'lists: Get Many with the API at once no slower than before, each against the HTTP Request node in its n8n (ratio of the two ratios ≤ 1)',
			value: `${ratio(againstPeer(now.getMany[0]), 2)} / ${ratio(againstPeer(before.getMany[0]), 2)} = ${ratio(atOnce, 2)}`,
			met: atOnce <= 1,
		});
	}

	const orders = options.orders.toLocaleString('en-US');
	const body = [
		markdownTable(['Package', 'API', 'Get Many: execution, s', 'Its list pages', 'HTTP Request + Split Out: execution, s', 'Its list pages', 'Get Many / HTTP Request'], getManyRows),
		'',
		markdownTable(['Package', 'API', 'First catch-up, s: median (min–max)', 'List pages', 'Requests', 'Orders listed'], catchUpRows),
		'',
		markdownTable(['Ratio (medians of this run)', 'Value'], ratioRows),
		'',
		`One store of ${orders} ${describeStore()}. "API 50 ms away": the sandbox's latency fault, 50 ms added to every API request (the token`,
		"requests too, which none of these runs send). Get Many: Order > Get Many, Return All, and the peer, n8n's HTTP Request node (version 4.2) with its",
		'pagination then Split Out, the sandbox\'s token and subscription key in headers (section 7), each from its Manual Trigger, in turn, each round',
		`starting with another; "execution" is n8n's startedAt to stoppedAt; each must output all ${orders} orders. The first catch-up: the request`,
		"the trigger's clock sends, sent as soon as n8n reports the workflow published (section 6, (a)), timed to its answer; a new store and trigger",
		"each run. Requests counted in the sandbox's request log.",
		...(before
			? [
					`"${before.label}" is the package built at that commit, installed into a second n8n 2.41.1 running beside the first, with its own sandbox and store, measured the same way against the same HTTP Request node there; the two n8n's runs interleaved, each round starting with another.`,
				]
			: []),
		`${options.runs} runs of each. The machine's 1-minute load average while they ran (${os.cpus().length} cores; sampled every 10 s, this benchmark's own processes included): ${spread(summaryOf(now.load, (value) => value), 1)}.`,
	];
	return {
		id: 'lists',
		title: `7b. Whole lists over ${orders} orders, the API at once and 50 ms away: Order > Get Many against the HTTP Request node, and the first catch-up (${options.runs} runs)`,
		body: body.join('\n'),
		targets,
		data: { now, before },
	};
}

/** What a measured package is called in the tables: this checkout, or the baseline's commit. */
export function packageLabel(commit?: string): string {
	return commit ? `before (${commit})` : 'after (this checkout)';
}
