/**
 * The soak script for a bounded time: mixed load with faults on, no order lost or created twice,
 * and memory that does not keep growing. 60 seconds in `npm run test:long` (the weekly canary),
 * a few seconds in `npm test` (the same code, fewer rounds); SOAK_SECONDS sets it.
 */
import { formatSoak, runSoak } from '../../scripts/soak';
import { sized } from '../helpers/long-run';

const seconds = Number(process.env.SOAK_SECONDS ?? sized(5, 60));

test(`soak for ${seconds} seconds: nothing lost, nothing twice`, async () => {
	// However busy the machine, it goes on until the faults have hit a create the service carried out.
	const report = await runSoak(seconds, undefined, { untilAmbiguousCreated: true });
	process.stdout.write(`\n${formatSoak(report)}\n`);
	// Each round sends 20 creates; all but the ambiguous ones are created.
	expect(report.itemsSent).toBe(report.rounds * 20);
	expect(report.ordersCreated + report.itemErrors).toBe(report.itemsSent);
	expect(report.ordersLost).toBe(0);
	expect(report.duplicates).toBe(0);
	// Errors only where a create may have gone through (dropped connections, failures after acting).
	expect(report.itemErrors).toBe(report.ambiguousErrors);
	// Some of those the service had carried out: none was sent again, or it would be a duplicate above.
	expect(report.ambiguousCreated).toBeGreaterThan(0);
	// Memory: the last sample is not far above the first third's peak (no growth per round).
	if (report.memory.length >= 6) {
		const early = Math.max(...report.memory.slice(0, Math.ceil(report.memory.length / 3)).map((m) => m.heapMb));
		const last = report.memory[report.memory.length - 1].heapMb;
		expect(last).toBeLessThan(early * 2 + 50);
	}
}, (seconds + 120) * 1000);
