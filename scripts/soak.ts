/**
 * Soak: mixed load through the Print Store node (n8n's engine) against a sandbox with faults on,
 * for a bounded time, on loopback only. Reports requests, errors, orders lost (must be 0) and
 * memory over time.  Usage: npm run soak -- --duration 60
 */
import { runPrintStore } from '../test/helpers/engine';
import { control, credentialsFor, crmOrderItem, startTestSandbox } from '../test/helpers/sandbox';

export interface SoakReport {
	seconds: number;
	rounds: number;
	requests: number;
	itemsSent: number;
	ordersCreated: number;
	itemErrors: number;
	ambiguousErrors: number;
	/** Ambiguous errors whose orders the service did create (once): the after-acting faults at work. */
	ambiguousCreated: number;
	ordersLost: number;
	duplicates: number;
	memory: Array<{ second: number; rssMb: number; heapMb: number }>;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** A soak that goes on until the faults have hit a create the service carried out stops here anyway. */
const MAX_ROUNDS_UNTIL_AMBIGUOUS = 500;

/**
 * Runs rounds for `durationSeconds`. With `untilAmbiguousCreated`, it goes on after that until a
 * create the service carried out has failed (dropped or answered 500 after acting): a short soak
 * then still shows that such an order is neither lost nor sent again, whatever the machine's pace.
 */
export async function runSoak(
	durationSeconds: number,
	log: (line: string) => void = () => undefined,
	options: { untilAmbiguousCreated?: boolean } = {},
): Promise<SoakReport> {
	const sandbox = await startTestSandbox();
	const api = control(sandbox);
	try {
		await api.faults({
			rate503: 0.05,
			rate429: 0.03,
			retryAfterSeconds: 1,
			dropRate: 0.005,
			// The service acts, then fails: a blind retry of these creates would order twice.
			dropAfterRate: 0.03,
			rate500After: 0.03,
			latencySpikeMs: 200,
			latencySpikeRate: 0.05,
			tokenLifetimeSeconds: 5,
			seed: 42,
		});
		const credentials = await credentialsFor(sandbox);
		const started = Date.now();
		const deadline = started + durationSeconds * 1000;
		const reported = new Map<string, 'created' | 'ambiguous' | 'failed'>();
		const report: SoakReport = {
			seconds: durationSeconds,
			rounds: 0,
			requests: 0,
			itemsSent: 0,
			ordersCreated: 0,
			itemErrors: 0,
			ambiguousErrors: 0,
			ambiguousCreated: 0,
			ordersLost: 0,
			duplicates: 0,
			memory: [],
		};
		let nextSample = started;
		let sequence = 0;
		/** Whether an item reported as "may have created" was in fact created (read from the sandbox). */
		const ambiguousCreatedYet = async () => {
			const ambiguous = [...reported].filter(([, outcome]) => outcome === 'ambiguous').map(([reference]) => reference);
			if (ambiguous.length === 0) return false;
			const { byPartnerOrderReference } = await api.counts();
			return ambiguous.some((reference) => (byPartnerOrderReference[reference] ?? 0) > 0);
		};
		const goOn = async () =>
			Date.now() < deadline || (options.untilAmbiguousCreated === true && report.rounds < MAX_ROUNDS_UNTIL_AMBIGUOUS && !(await ambiguousCreatedYet()));
		while (await goOn()) {
			if (Date.now() >= nextSample) {
				const usage = process.memoryUsage();
				report.memory.push({ second: Math.round((Date.now() - started) / 1000), rssMb: mb(usage.rss), heapMb: mb(usage.heapUsed) });
				nextSample += 5000;
			}
			const batch = Array.from({ length: 20 }, () => ({ order: crmOrderItem(sequence++) }));
			const order = {
				resource: 'order',
				storeId: sandbox.storeId,
				inputMode: 'json',
				orderItemJson: '={{ JSON.stringify($json.order) }}',
				options: { batchSize: 10 },
			};
			const created = await runPrintStore({ parameters: { ...order, operation: 'create' }, items: batch, credentials, continueOnFail: true });
			report.itemsSent += batch.length;
			created.json.forEach((json, index) => {
				const reference = String((batch[index].order as { PartnerOrderReference: string }).PartnerOrderReference);
				if (json.ID) {
					report.ordersCreated++;
					reported.set(reference, 'created');
				} else {
					report.itemErrors++;
					const ambiguous = /may have created/.test(String(json.description));
					if (ambiguous) report.ambiguousErrors++;
					reported.set(reference, ambiguous ? 'ambiguous' : 'failed');
				}
			});
			await runPrintStore({ parameters: { ...order, operation: 'getPriceQuote' }, items: batch.slice(0, 5), credentials, continueOnFail: true });
			const firstId = created.json.find((json) => json.ID)?.ID;
			if (firstId) {
				const locator = { __rl: true, mode: 'id', value: firstId };
				for (const operation of ['get', 'getStatusHistory']) {
					await runPrintStore({
						parameters: { resource: 'order', operation, storeId: sandbox.storeId, orderId: locator },
						credentials,
						continueOnFail: true,
					});
				}
			}
			await runPrintStore({ parameters: { resource: 'user', operation: 'getCurrent' }, credentials, continueOnFail: true });
			report.rounds++;
			if (report.rounds % 20 === 0) log(`  ${Math.round((Date.now() - started) / 1000)}s: ${report.ordersCreated} orders created`);
		}
		await api.clearFaults();
		const counts = await api.counts();
		report.requests = (await api.requests()).length;
		for (const [reference, outcome] of reported) {
			const times = counts.byPartnerOrderReference[reference] ?? 0;
			if (times > 1) report.duplicates++;
			if (outcome === 'ambiguous' && times === 1) report.ambiguousCreated++;
			// Lost: reported created but not there, or there though reported as a certain failure.
			if ((outcome === 'created' && times !== 1) || (outcome === 'failed' && times > 0)) report.ordersLost++;
		}
		return report;
	} finally {
		await sandbox.close();
	}
}

export function formatSoak(report: SoakReport): string {
	const lines = [
		`soak: ${report.seconds}s, ${report.rounds} rounds, ${report.requests} requests logged`,
		`  items sent ${report.itemsSent}, orders created ${report.ordersCreated}, item errors ${report.itemErrors} (ambiguous ${report.ambiguousErrors}, of which the service had created ${report.ambiguousCreated})`,
		`  orders lost ${report.ordersLost}, created twice ${report.duplicates}`,
		'  memory:  second | rss MB | heap MB',
		...report.memory.map((m) => `           ${String(m.second).padStart(6)} | ${String(m.rssMb).padStart(6)} | ${String(m.heapMb).padStart(7)}`),
	];
	return lines.join('\n');
}

if (require.main === module) {
	const flag = process.argv.indexOf('--duration');
	const seconds = flag > 0 ? Number(process.argv[flag + 1]) : 60;
	if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) {
		console.error('--duration takes a number of seconds from 1 to 3600');
		process.exit(2);
	}
	process.env.N8N_LOG_LEVEL = process.env.N8N_LOG_LEVEL || 'silent';
	runSoak(seconds, (line) => console.log(line))
		.then((report) => {
			console.log(formatSoak(report));
			process.exit(report.ordersLost === 0 && report.duplicates === 0 ? 0 : 1);
		})
		.catch((error) => {
			console.error(error);
			process.exit(1);
		});
}
