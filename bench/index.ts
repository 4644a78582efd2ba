/**
 * `npm run bench`: the benchmarks against the peers a user would pick instead, printed as tables and
 * written to bench/RESULTS.md (with a JSON copy of the raw numbers): create throughput in every way
 * of defining orders (and again under the legacy expression engine), the trigger's acknowledgement
 * burst and its race against a Webhook + Code + Filter workflow, footprint, scaling, parallel batches,
 * the trigger's catch-up with Order > Get Many against the HTTP Request node's pagination, and Get
 * Status History downloading proofs and pages against Split Out + the HTTP Request node's file download,
 * and whole lists with the API at once and 50 ms away (before and after a change, with --baseline).
 *
 *   npm run bench                                  everything, full sizes (about an hour on 2 cores)
 *   npm run bench -- --only create --quick         one benchmark, small sizes, 3 runs
 *   npm run bench -- --only trigger,footprint --runs 7
 *   npm run bench -- --only lists --baseline main  whole lists, this checkout against the package at main
 *
 * A full run of all of them writes bench/RESULTS.md; anything else writes bench/.runs/results.md,
 * unless --out says where, and rewrites only the footprint of bench/RESULTS.md (measured every run).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { createLog } from '../scripts/n8n/log';
import { provisionRuntime } from '../scripts/n8n/runtime';
import { catchUpSection, measureCatchUp, type CatchUpOptions, type SizeRuns } from './catch-up';
import { benchCreate, type Batching } from './create';
import { benchParallel } from './parallel';
import { measureRace, raceSection, type RaceRuns } from './trigger-race';
import { benchFootprint } from './footprint';
import { filesSection, measureFiles } from './files';
import { fullRead, getManySection, measureGetMany, type GetManyRuns } from './get-many';
import { listsSection, measureLists, packageLabel } from './lists';
import { packBaseline } from './lib/baseline';
import { describeMachine } from './lib/machine';
import { startBenchN8n, type BenchN8n } from './lib/n8n';
import { sandboxControl } from './lib/order-store';
import { renderReport, withFootprint, type Section } from './lib/report';
import { benchScaling } from './scaling';
import { measureTrigger, triggerSection, type TriggerOptions, type TriggerRuns } from './trigger';

const ALL = ['create', 'trigger', 'footprint', 'scaling', 'parallel', 'catchup', 'lists', 'files'] as const;
/** Report order: each benchmark with its companion sections. */
const REPORT_ORDER = ['create', 'create-legacy', 'trigger', 'trigger-race', 'footprint', 'scaling', 'parallel', 'catchup', 'catchup-getmany', 'lists', 'files', 'files-latency'];
type Benchmark = (typeof ALL)[number];

const { values: args } = parseArgs({
	options: {
		only: { type: 'string', multiple: true },
		quick: { type: 'boolean', default: false },
		runs: { type: 'string' },
		items: { type: 'string' },
		out: { type: 'string' },
		baseline: { type: 'string' },
		help: { type: 'boolean', default: false },
	},
	strict: true,
});

if (args.help) {
	process.stdout.write(`Usage: npm run bench [-- --only create,trigger,footprint,scaling,parallel,catchup,lists,files] [-- --quick] [-- --runs N] [-- --items N] [-- --baseline REF] [-- --out FILE]
  --only LIST   run only these benchmarks (comma-separated or repeated); footprint always runs
                catchup: the trigger's catch-up over stores of 1,000 and 10,000 orders (again in an n8n with
                N8N_EXPRESSION_ENGINE=legacy, the control), and Order > Get Many over 10,000 against the HTTP
                Request node's pagination (500 and 2,000 orders, and 2,000, with --quick)
                lists: Get Many over 10,000 orders (2,000 with --quick) against the HTTP Request node's pagination, and
                the first catch-up over them, with the API at once and 50 ms away
                files: Get Status History downloading the proof and pages of 100 printed orders (20 with --quick)
                against Edit Fields, Split Out and the HTTP Request node downloading each URL as a file, with the
                API at once and 50 ms away
  --quick       small sizes and 3 runs, for a check that everything works (minutes, not half an hour)
  --runs N      runs per contender (default 3)
  --items N     items per run of the create benchmark (default 10000; 1000 with --quick)
  --baseline REF  lists: the same runs in a second n8n beside the first, with the package built at that commit (the "before")
  --out FILE    where the Markdown report goes (default: bench/RESULTS.md for a full run, else bench/.runs/results.md)
`);
	process.exit(0);
}

const only = (args.only ?? []).flatMap((entry) => entry.split(',')).map((entry) => entry.trim()).filter(Boolean);
for (const name of only) if (!ALL.includes(name as Benchmark)) throw new Error(`--only: unknown benchmark "${name}" (known: ${ALL.join(', ')})`);
const selected = new Set<Benchmark>(only.length ? (only as Benchmark[]) : ALL);
const quick = args.quick === true;
const runs = Number(args.runs ?? 3);
const items = Number(args.items ?? (quick ? 1_000 : 10_000));
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs needs a whole number of at least 1');
if (!Number.isInteger(items) || items < 1) throw new Error('--items needs a whole number of at least 1');
const fullRun = selected.size === ALL.length && !quick && args.runs === undefined && args.items === undefined;
// The footprint is measured in every run (half a minute): bench/RESULTS.md's footprint rows and
// section always state the current tarball (withFootprint), even after a run of other benchmarks.
selected.add('footprint');
const out = path.resolve(args.out ?? (fullRun ? path.join(__dirname, 'RESULTS.md') : path.join(__dirname, '.runs', 'results.md')));

const log = createLog('bench');

async function main() {
	const started = Date.now();
	const runtime = await provisionRuntime(log);
	const machine = describeMachine(runtime);
	const sections: Section[] = [];
	const print = (section: Section) => process.stdout.write(`\n## ${section.title}\n\n${section.body}\n\n`);

	// Footprint needs no n8n server; it runs first so a broken n8n start still leaves it measured.
	// The report keeps the issue's order (create, trigger, footprint, scaling) whatever order they ran in.
	if (selected.has('footprint')) {
		const section = await benchFootprint({ runtime, repetitions: quick ? 7 : 31 }, log);
		sections.push(section);
		print(section);
	}

	let bench: BenchN8n | undefined;
	const stop = async () => {
		await bench?.close();
		bench = undefined;
	};
	for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop().finally(() => process.exit(130)));
	const triggerOptions: TriggerOptions = { callbacks: quick ? 200 : 1_000, concurrency: 50, runs };
	let triggerRuns: TriggerRuns | undefined;
	let raceRuns: RaceRuns | undefined;
	const catchUpOptions: CatchUpOptions = { sizes: quick ? [500, 2_000] : [1_000, 10_000], runs };
	let catchUpRuns: { sizes: SizeRuns[]; getMany: GetManyRuns } | undefined;
	const listsOptions = { orders: quick ? 2_000 : 10_000, runs };
	try {
		if ((['create', 'trigger', 'scaling', 'parallel', 'catchup', 'lists', 'files'] as const).some((name) => selected.has(name))) bench = await startBenchN8n(log);
		let httpBatching: Batching | undefined;
		if (selected.has('create')) {
			const section = await benchCreate(bench!, { items, runs, calibrationItems: quick ? 300 : 2_000 }, log);
			httpBatching = (section.data as { httpBatching: Batching }).httpBatching;
			sections.push(section);
			print(section);
		}
		if (selected.has('scaling')) {
			const sizes = quick ? [200, 1_000, 2_000] : [1_000, 10_000, 50_000];
			const section = await benchScaling(bench!, { sizes, engineSizes: quick ? sizes : [...sizes, 200_000], runs }, log);
			sections.push(section);
			print(section);
		}
		if (selected.has('parallel')) {
			const section = await benchParallel(bench!, { items: quick ? 500 : 2_000, runs: quick ? 1 : 2, levels: [1, 2, 4, 8] }, log);
			sections.push(section);
			print(section);
		}
		if (selected.has('catchup')) {
			const sandbox = sandboxControl(bench!);
			const sizes = await measureCatchUp(bench!, sandbox, catchUpOptions, log);
			const getMany = await measureGetMany(bench!, sandbox, { orders: quick ? 2_000 : 10_000, runs }, log);
			await sandbox.reset();
			catchUpRuns = { sizes, getMany };
		}
		if (selected.has('lists')) {
			// With a baseline, the package at that commit in a second n8n beside this one: both measured under the same load.
			const baseline = args.baseline ? await packBaseline(log, args.baseline) : undefined;
			let beside: BenchN8n | undefined;
			try {
				const benches = [{ bench: bench!, label: packageLabel() }];
				if (baseline) {
					beside = await startBenchN8n(log, {}, baseline.tarball);
					benches.push({ bench: beside, label: packageLabel(baseline.commit) });
				}
				const [now, before] = await measureLists(benches, listsOptions, log);
				const section = listsSection(listsOptions, now, before);
				sections.push(section);
				print(section);
			} finally {
				await beside?.close();
				baseline?.remove();
			}
		}
		if (selected.has('files')) {
			const sandbox = sandboxControl(bench!);
			for (const latencyMs of [0, 50]) {
				const section = filesSection(await measureFiles(bench!, sandbox, { orders: quick ? 20 : 100, runs, latencyMs }, log));
				await sandbox.reset();
				sections.push(section);
				print(section);
			}
		}
		if (selected.has('trigger')) {
			triggerRuns = await measureTrigger(bench!, triggerOptions, log);
			raceRuns = await measureRace(bench!, triggerOptions, log);
		}
		await stop();
		if (httpBatching || catchUpRuns) {
			// Expressions evaluated in-process instead of in n8n's isolate: every create mode again, and the catch-up's control.
			bench = await startBenchN8n(log, { N8N_EXPRESSION_ENGINE: 'legacy' });
			if (httpBatching) {
				const section = await benchCreate(bench, { items, runs: quick ? 1 : 2, calibrationItems: 0, legacy: { httpBatching } }, log);
				sections.push(section);
				print(section);
			}
			if (catchUpRuns) {
				const control = await measureCatchUp(bench, sandboxControl(bench), { ...catchUpOptions, runs: quick ? 1 : 2 }, log, 'Catch-up, control n8n');
				for (const section of [catchUpSection(catchUpOptions, catchUpRuns.sizes, fullRead(catchUpRuns.getMany), control), getManySection(catchUpRuns.getMany)]) {
					sections.push(section);
					print(section);
				}
			}
			await stop();
		}
		if (triggerRuns) {
			// The control: a second n8n in which n8n's own Webhook node gets no isolate-free fast path either.
			bench = await startBenchN8n(log, { N8N_EXPRESSION_ENGINE_ALLOW_WEBHOOK_ISOLATE_SKIP: 'false' });
			const control = await measureTrigger(bench, { ...triggerOptions, runs: quick ? 1 : 2 }, log, 'Trigger burst, control n8n');
			const section = triggerSection(triggerOptions, triggerRuns, control);
			sections.push(section);
			print(section);
			const controlRace = await measureRace(bench, { ...triggerOptions, runs: quick ? 1 : 2 }, log, 'Trigger race, control n8n');
			const race = raceSection(triggerOptions, raceRuns!, controlRace);
			sections.push(race);
			print(race);
		}
	} finally {
		await stop();
	}
	sections.sort((a, b) => REPORT_ORDER.indexOf(a.id) - REPORT_ORDER.indexOf(b.id));

	const settings = [
		only.length ? `--only ${[...selected].join(',')}` : 'all eight benchmarks',
		quick ? '--quick' : 'full sizes',
		`${runs} runs per contender`,
	].join(', ');
	const command = `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
	const report = renderReport({ machine, command, settings, sections, minutes: (Date.now() - started) / 60_000 });
	mkdirSync(path.dirname(out), { recursive: true });
	writeFileSync(out, report);
	writeFileSync(out.replace(/\.md$/, '.json'), `${JSON.stringify({ machine, settings, sections }, null, 1)}\n`);
	process.stdout.write(`\nTargets:\n${sections.flatMap((s) => s.targets).map((t) => `  ${t.met ? 'met ' : 'MISS'}  ${t.name}: ${t.value}`).join('\n')}\n`);
	log.info(`Report written to ${path.relative(process.cwd(), out)}`);
	const results = path.join(__dirname, 'RESULTS.md');
	const footprint = sections.find((section) => section.id === 'footprint');
	if (out !== results && footprint) {
		writeFileSync(results, withFootprint(readFileSync(results, 'utf8'), footprint, command, new Date().toISOString().slice(0, 10)));
		// Its JSON copy too: the footprint entry replaced by this run's.
		const json = results.replace(/\.md$/, '.json');
		const raw = JSON.parse(readFileSync(json, 'utf8')) as { sections: Section[] };
		raw.sections = raw.sections.map((section) => (section.id === 'footprint' ? footprint : section));
		writeFileSync(json, `${JSON.stringify(raw, null, 1)}\n`);
		log.info('bench/RESULTS.md and RESULTS.json: footprint rewritten from this run');
	}
}

main().catch((error: Error) => {
	process.stderr.write(`\nBenchmark failed: ${error.stack ?? error.message}\n`);
	process.exit(1);
});
