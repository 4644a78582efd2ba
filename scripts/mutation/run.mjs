/**
 * `npm run mutate`: mutation testing of nodes/ and credentials/ with StrykerJS (stryker.config.mjs),
 * one group of files after the other, then test/MUTATION.md (scripts/mutation/report.mjs).
 *
 *   npm run mutate                  every group (guarantees, trigger, orders, shared, actions, wait)
 *   npm run mutate -- trigger       one group (or several, by name)
 *   npm run mutate -- --report      keep this machine's results in test/mutation/, rewrite test/MUTATION.md
 *
 * Each group keeps its own report and incremental file under reports/mutation/ (on this machine:
 * a rerun here retests only mutants whose code or tests changed), and, when its run ends or is
 * stopped, its results in test/mutation/<group>.json (committed: scripts/mutation/results.mjs), so
 * the groups a run finished count on every machine and a group not run keeps its last results.
 * Not part of `npm test`: on 2 cores a full run from nothing takes hours.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { GROUPS } from '../../stryker.config.mjs';
import { writeReport } from './report.mjs';
import { readResults, reportsDir as reports, resultsFromReports, root, writeResults } from './results.mjs';

const stryker = path.join(root, 'node_modules/@stryker-mutator/core/bin/stryker.js');

const args = process.argv.slice(2);
const reportOnly = args.includes('--report');
const named = args.filter((arg) => !arg.startsWith('--'));
for (const group of named) {
	if (!(group in GROUPS)) {
		console.error(`Unknown group "${group}": one of ${Object.keys(GROUPS).join(', ')}`);
		process.exit(2);
	}
}
const groups = named.length > 0 ? named : Object.keys(GROUPS);

let child;
let running;
/**
 * Keeps what this machine's run of a group found in test/mutation/: a finished run always, a stopped
 * one only where the group has no finished run yet (a part of a run does not replace a whole one).
 */
function saveResults(group) {
	const results = resultsFromReports(group);
	if (!results) return;
	if (results.state !== 'finished' && readResults(group)?.state === 'finished') {
		console.log(`== group "${group}" was stopped: test/mutation/${group}.json keeps its last finished run`);
		return;
	}
	writeResults(results);
}
for (const signal of ['SIGINT', 'SIGTERM']) {
	process.on(signal, () => {
		child?.kill(signal);
		// A stopped run keeps what it reached (streamed by scripts/mutation/stream-reporter.mjs).
		if (running) saveResults(running);
		writeReport();
		process.exit(130);
	});
}

function runGroup(group) {
	return new Promise((resolve) => {
		child = spawn(process.execPath, [stryker, 'run', 'stryker.config.mjs'], {
			cwd: root,
			stdio: 'inherit',
			env: { ...process.env, PRINT_STORE_MUTATION_GROUP: group },
		});
		child.on('exit', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
	});
}

let failed = false;
if (!reportOnly) {
	fs.mkdirSync(reports, { recursive: true });
	for (const group of groups) {
		const metaFile = path.join(reports, `${group}.meta.json`);
		const started = Date.now();
		console.log(`\n== mutation group "${group}": ${GROUPS[group].join(', ')}`);
		// A stopped run leaves no "finished": the report then says the group was not run.
		fs.writeFileSync(metaFile, JSON.stringify({ group, started: new Date(started).toISOString() }));
		running = group;
		const status = await runGroup(group);
		running = undefined;
		const durationMs = Date.now() - started;
		console.log(`== mutation group "${group}" ended with status ${status} after ${Math.round(durationMs / 1000)} s`);
		if (status !== 0) {
			failed = true;
			saveResults(group);
			continue;
		}
		fs.writeFileSync(
			metaFile,
			JSON.stringify({ group, started: new Date(started).toISOString(), finished: new Date().toISOString(), durationMs, concurrency: 2 }),
		);
		saveResults(group);
	}
}

// --report: first keep the results of groups run on this machine (a run stopped by a crash, or one
// started before scripts/mutation/ changed), then rewrite test/MUTATION.md.
if (reportOnly) for (const group of groups) saveResults(group);

const { total, survivors, groupsMissing } = writeReport();
const unexplained = survivors.filter((survivor) => !survivor.why).length;
const score = total.detected + total.survived + total.noCoverage === 0 ? 'n/a' : `${((100 * total.detected) / (total.detected + total.survived + total.noCoverage)).toFixed(1)}%`;
console.log(`test/MUTATION.md written: ${score} overall, ${survivors.length} surviving mutants (${unexplained} not explained)`);
if (groupsMissing.length > 0) console.log(`Groups without a finished run: ${groupsMissing.join(', ')}`);
process.exit(failed ? 1 : 0);
