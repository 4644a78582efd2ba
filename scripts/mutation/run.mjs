/**
 * `npm run mutate`: mutation testing of nodes/ and credentials/ with StrykerJS (stryker.config.mjs),
 * one group of files after the other. A group whose score is below its threshold (GROUPS in
 * stryker.config.mjs) fails the command; the reports are in reports/mutation/<group>.html.
 *
 *   npm run mutate                  every group (guarantees, trigger, orders, shared, actions, wait)
 *   npm run mutate -- trigger       one group (or several, by name)
 *
 * Each group keeps its own incremental file under reports/mutation/, so a rerun on the same machine
 * retests only mutants whose code or tests changed. Not part of `npm test`: on 2 cores a full run
 * from nothing takes hours. A survivor is read in the HTML report: what it shows becomes a test.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { GROUPS } from '../../stryker.config.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const stryker = path.join(root, 'node_modules/@stryker-mutator/core/bin/stryker.js');

const named = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
for (const group of named) {
	if (!(group in GROUPS)) {
		console.error(`Unknown group "${group}": one of ${Object.keys(GROUPS).join(', ')}`);
		process.exit(2);
	}
}
const groups = named.length > 0 ? named : Object.keys(GROUPS);

let child;
for (const signal of ['SIGINT', 'SIGTERM']) {
	process.on(signal, () => {
		child?.kill(signal);
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

const below = [];
for (const group of groups) {
	const { files, threshold } = GROUPS[group];
	console.log(`\n== mutation group "${group}" (threshold ${threshold}%): ${files.join(', ')}`);
	const started = Date.now();
	const status = await runGroup(group);
	console.log(`== mutation group "${group}" ended with status ${status} after ${Math.round((Date.now() - started) / 1000)} s; report: reports/mutation/${group}.html`);
	if (status !== 0) below.push(group);
}
if (below.length > 0) {
	console.log(`Groups below their threshold, or whose run failed: ${below.join(', ')}`);
	process.exit(1);
}
console.log(`Every group at or above its threshold: ${groups.join(', ')}`);
