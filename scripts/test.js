#!/usr/bin/env node
/**
 * The test command (`npm test`): runs every jest suite of the project (sandbox, node through n8n's
 * engine, and, when present, the real-n8n end-to-end suites), then prints one closing line
 * "N passed, N failed, N skipped" with the counts of all of them, and exits non-zero on any
 * failure. Under CI (CI=true) skipped tests, or a test file that ran no test, fail the run too.
 * Extra arguments go to jest (e.g. `npm test -- test/node`).
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const extra = process.argv.slice(2);

const suites = [{ name: 'unit and integration', config: 'jest.config.js' }];
if (fs.existsSync(path.join(root, 'jest.e2e.config.js')) && extra.length === 0) {
	suites.push({ name: 'end to end (real n8n)', config: 'jest.e2e.config.js' });
}

// The browser test drives Debian's Chromium: install it first if it is missing (apt-get).
// n8n itself is provisioned by the e2e suite's global setup.
if (suites.length > 1) {
	const chromium = spawnSync('bash', [path.join(root, 'scripts', 'ensure-chromium.sh')], { cwd: root, stdio: 'inherit' });
	if (chromium.status !== 0) console.error('Chromium could not be installed: the browser test will fail.');
}

let passed = 0;
let failed = 0;
let skipped = 0;
let broken = false;
const ci = process.env.CI === 'true' || process.env.CI === '1';
const problems = [];

// Lint first (the whole tree: n8n's rules on the published code, typescript-eslint on the rest).
if (extra.length === 0) {
	console.log('\n=== lint (npm run lint) ===');
	const lint = spawnSync(process.execPath, [path.join(root, 'node_modules', 'eslint', 'bin', 'eslint.js'), '.'], { cwd: root, stdio: 'inherit' });
	if (lint.status !== 0) {
		console.error('lint: problems found (see above); counted as one failure');
		broken = true;
		failed += 1;
	} else {
		console.log('lint: no problems');
	}
	// n8n's own judgement of the published package: n8n-node lint with the starter's default config
	// (and cloud eligibility), then n8n's community package scanner on the packed tarball.
	for (const [name, command, args] of [
		['n8n-node lint and cloud-support (npm run lint:n8n)', 'bash', [path.join(root, 'scripts', 'n8n-node-check.sh')]],
		["n8n's community package scanner (npm run scan)", process.execPath, [path.join(root, 'scripts', 'scan-package.mjs')]],
	]) {
		console.log(`\n=== ${name} ===`);
		const check = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
		if (check.status !== 0) {
			console.error(`${name}: failed; counted as one failure`);
			broken = true;
			failed += 1;
		}
	}
}
for (const suite of suites) {
	const report = path.join(os.tmpdir(), `print-store-jest-${process.pid}-${suite.config}.json`);
	console.log(`\n=== ${suite.name} (${suite.config}) ===`);
	const result = spawnSync(
		process.execPath,
		[jest, '--config', suite.config, '--json', `--outputFile=${report}`, ...extra],
		{ cwd: root, stdio: 'inherit', env: process.env },
	);
	if (!fs.existsSync(report)) {
		console.error(`jest wrote no report for ${suite.config} (exit ${result.status})`);
		broken = true;
		continue;
	}
	const summary = JSON.parse(fs.readFileSync(report, 'utf8'));
	fs.rmSync(report, { force: true });
	passed += summary.numPassedTests;
	failed += summary.numFailedTests;
	skipped += summary.numPendingTests + summary.numTodoTests;
	// A file that ran no test, or tests left skipped, are work the run did not do.
	for (const file of summary.testResults) {
		const ran = file.assertionResults.filter((test) => test.status === 'passed' || test.status === 'failed').length;
		const relative = path.relative(root, file.name);
		if (ran === 0 && file.status !== 'failed') problems.push(`${relative} ran no test`);
		const notRun = file.assertionResults.filter((test) => test.status === 'pending' || test.status === 'todo' || test.status === 'skipped');
		if (notRun.length > 0) problems.push(`${relative}: ${notRun.length} test(s) skipped`);
	}
	// A suite that failed to load counts as failed even though none of its tests ran.
	if (summary.numRuntimeErrorTestSuites > 0 || (result.status !== 0 && summary.numFailedTests === 0)) {
		broken = true;
		failed += Math.max(1, summary.numRuntimeErrorTestSuites);
	}
}

if (passed + failed === 0) broken = true;
if (problems.length > 0) {
	console.log(`\n${ci ? 'Failing the run' : 'Warning'}: work was skipped${ci ? ' (CI=true)' : ''}:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
	if (ci) broken = true;
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || broken ? 1 : 0);
