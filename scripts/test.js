#!/usr/bin/env node
/**
 * The test command (`npm test`): the lint (the whole tree, then n8n's own checks of the published
 * package), every jest suite of the project (sandbox, unit, node through n8n's engine, then each
 * real-n8n end-to-end setup, jest.e2e*.config.js), and one closing line
 * "N passed, N failed, N skipped" with the counts of all of them. It exits non-zero on any failure.
 * A lint or check that fails, or a jest run that could not start, counts as one failed test.
 * Under CI (CI=true) skipped tests, or a test file that ran no test, fail the run too.
 * Each jest run's report (jest --json: every file's start and end, every test) is left in
 * test-artifacts/jest-<config>.json.
 *
 * Extra arguments go to jest and select what runs, without the lint:
 *   npm test -- test/node                 the unit and integration files under test/node
 *   npm test -- test/e2e/trigger.test.ts  that file in the first end-to-end setup (jest.e2e.config.js)
 *   npm test -- --config jest.e2e.queue.config.js test/e2e/queue-mode   exactly what jest is given
 */
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { e2eSetupFiles } = require('./e2e-setups');

const root = path.resolve(__dirname, '..');
const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const extra = process.argv.slice(2);
const ci = process.env.CI === 'true' || process.env.CI === '1';

const unit = { name: 'unit and integration', config: 'jest.config.js' };
// Every end-to-end setup there is (scripts/e2e-setups.js), all of them by default.
// PRINT_STORE_E2E_SETUPS=single runs only the first (one n8n 2.x process), a faster check while
// working; npm run test:queue / npm run test:n8n1 run one of the others.
const onlyFirst = process.env.PRINT_STORE_E2E_SETUPS === 'single';
const e2eSetups = e2eSetupFiles(root)
	.filter((file) => !onlyFirst || file === 'jest.e2e.config.js')
	.map((config) => ({ name: 'end to end, real n8n', config, e2e: true }));

/** The test files a jest config would run with the extra arguments. */
function listTests(config) {
	const listed = spawnSync(process.execPath, [jest, '--config', config, '--listTests', ...extra], { cwd: root, encoding: 'utf8' });
	return listed.status === 0 ? listed.stdout.split('\n').filter(Boolean) : [];
}

function chooseSuites() {
	if (extra.length === 0) return [unit, ...e2eSetups];
	// The caller named a config: run exactly that.
	if (extra.some((arg) => arg === '--config' || arg === '-c' || arg.startsWith('--config='))) {
		return [{ name: 'jest with the given config', config: undefined, e2e: extra.some((arg) => arg.includes('jest.e2e')) }];
	}
	const chosen = [];
	if (listTests(unit.config).length > 0) chosen.push(unit);
	// End-to-end files start a whole n8n stack: only when an argument names them, in the first setup that has them.
	if (extra.some((arg) => arg.includes('e2e'))) {
		const setup = e2eSetups.find((candidate) => listTests(candidate.config).length > 0);
		if (setup) chosen.push(setup);
	}
	// Nothing matched: let jest say so (and fail) for the unit config.
	return chosen.length > 0 ? chosen : [unit];
}

let passed = 0;
let failed = 0;
let skipped = 0;
let broken = false;
const problems = [];

function countFailure(what) {
	console.error(`${what}; counted as one failure`);
	broken = true;
	failed += 1;
}

const suites = chooseSuites();
const lint = extra.length === 0;

// The package as it is published, built and packed once: n8n's community package scanner reads it,
// and every end-to-end setup installs it (scripts/n8n/package.ts and scripts/scan-package.mjs read
// PRINT_STORE_TARBALL) instead of building it again each.
const env = { ...process.env };
let packDir;
if ((lint || suites.filter((suite) => suite.e2e).length > 1) && !env.PRINT_STORE_TARBALL) {
	packDir = fs.mkdtempSync(path.join(os.tmpdir(), 'print-store-pack-'));
	console.log('\n=== the package (npm run build, npm pack) ===');
	const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit', env });
	const pack = build.status === 0 ? spawnSync('npm', ['pack', '--json', '--loglevel=error', '--pack-destination', packDir], { cwd: root, encoding: 'utf8', env }) : undefined;
	const start = pack?.status === 0 ? pack.stdout.indexOf('[') : -1;
	// Not built: the scanner and each setup build it themselves, and say what failed.
	if (start >= 0) env.PRINT_STORE_TARBALL = path.join(packDir, JSON.parse(pack.stdout.slice(start))[0].filename);
}

/** Runs a command with its output kept, to be printed whole (the checks run side by side). */
function runKept(command, args) {
	return new Promise((resolve) => {
		const started = Date.now();
		const child = spawn(command, args, { cwd: root, env: { ...env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } });
		let output = '';
		child.stdout.on('data', (chunk) => (output += chunk));
		child.stderr.on('data', (chunk) => (output += chunk));
		child.on('error', (error) => resolve({ status: 1, output: `${output}${error.message}\n`, seconds: 0 }));
		child.on('close', (status) => resolve({ status, output, seconds: Math.round((Date.now() - started) / 1000) }));
	});
}

async function main() {
	// Lint first: the whole tree (n8n's rules on the published code, typescript-eslint on the rest),
	// then n8n's own judgement of the published package: n8n-node lint with the starter's default config
	// (and cloud eligibility), and n8n's community package scanner on the packed tarball. The three are
	// independent: they run side by side, each one's output printed whole, in this order.
	if (lint) {
		const checks = [
			['lint (npm run lint)', process.execPath, [path.join(root, 'node_modules', 'eslint', 'bin', 'eslint.js'), '.']],
			['n8n-node lint and cloud-support (npm run lint:n8n)', 'bash', [path.join(root, 'scripts', 'n8n-node-check.sh')]],
			["n8n's community package scanner (npm run scan)", process.execPath, [path.join(root, 'scripts', 'scan-package.mjs')]],
		];
		const results = await Promise.all(checks.map(([, command, args]) => runKept(command, args)));
		for (const [index, [name]] of checks.entries()) {
			const { status, output, seconds } = results[index];
			console.log(`\n=== ${name} (${seconds}s) ===\n${output.trimEnd()}`);
			if (status === 0) console.log(`${name}: no problems`);
			else countFailure(`${name}: failed (see above)`);
		}
	}

	// The browser test drives Debian's Chromium: install it first if it is missing (apt-get).
	// n8n itself is provisioned by the e2e suite's global setup.
	if (suites.some((suite) => suite.e2e)) {
		const chromium = spawnSync('bash', [path.join(root, 'scripts', 'ensure-chromium.sh')], { cwd: root, stdio: 'inherit' });
		if (chromium.status !== 0) console.error('Chromium could not be installed: the browser test will fail.');
	}

	const timings = [];
	const artifacts = path.join(root, 'test-artifacts');
	for (const suite of suites) {
		const suiteStarted = Date.now();
		const label = suite.config ?? 'given config';
		const report = path.join(os.tmpdir(), `print-store-jest-${process.pid}-${label.replace(/\W+/g, '-')}.json`);
		console.log(`\n=== ${suite.name} (${label}) ===`);
		const configArgs = suite.config ? ['--config', suite.config] : [];
		const result = spawnSync(process.execPath, [jest, ...configArgs, '--json', `--outputFile=${report}`, ...extra], {
			cwd: root,
			stdio: 'inherit',
			env,
		});
		timings.push(`  ${label}: ${Math.round((Date.now() - suiteStarted) / 1000)}s`);
		console.log(`${label} took ${Math.round((Date.now() - suiteStarted) / 1000)}s`);
		if (!fs.existsSync(report)) {
			// e.g. a global setup that could not start the end-to-end stack: none of its tests ran.
			countFailure(`jest wrote no report for ${label} (exit ${result.status}): its tests did not run`);
			continue;
		}
		const summary = JSON.parse(fs.readFileSync(report, 'utf8'));
		// Kept for reading the time each file took (each file's startTime and endTime): test-artifacts/ is ignored by git.
		fs.mkdirSync(artifacts, { recursive: true });
		fs.renameSync(report, path.join(artifacts, `jest-${label.replace(/\W+/g, '-')}.json`));
		passed += summary.numPassedTests;
		failed += summary.numFailedTests;
		skipped += summary.numPendingTests + summary.numTodoTests;
		// A file that ran no test, or tests left skipped, are work the run did not do.
		for (const file of summary.testResults) {
			const ran = file.assertionResults.filter((test) => test.status === 'passed' || test.status === 'failed').length;
			const relative = path.relative(root, file.name);
			if (ran === 0 && file.status !== 'failed') problems.push(`${relative} (${label}) ran no test`);
			const notRun = file.assertionResults.filter((test) => test.status === 'pending' || test.status === 'todo' || test.status === 'skipped');
			if (notRun.length > 0) problems.push(`${relative} (${label}): ${notRun.length} test(s) skipped`);
		}
		if (summary.numTotalTestSuites === 0) problems.push(`${label} found no test file`);
		// A file that failed to load counts as failed even though none of its tests ran.
		if (summary.numRuntimeErrorTestSuites > 0) {
			broken = true;
			failed += summary.numRuntimeErrorTestSuites;
		} else if (result.status !== 0 && summary.numFailedTests === 0) {
			countFailure(`jest failed for ${label} (exit ${result.status}) without a failed test`);
		}
	}

	if (packDir) fs.rmSync(packDir, { recursive: true, force: true });
	console.log(`\nTime per suite:\n${timings.join('\n')}`);
	if (passed + failed === 0) {
		console.error('\nNo test ran.');
		broken = true;
	}
	if (problems.length > 0) {
		const verdict = ci ? 'Failing the run (CI=true): work was skipped' : 'Warning: work was skipped (under CI=true this fails the run)';
		console.log(`\n${verdict}:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
		if (ci) broken = true;
	}
	console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
	process.exit(failed > 0 || broken ? 1 : 0);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
