#!/usr/bin/env node
/**
 * The test command (`npm test`): the lint (the whole tree, then n8n's own checks of the published
 * package), every jest suite of the project (sandbox, unit, node through n8n's engine, then each
 * real-n8n end-to-end setup, jest.e2e*.config.js; n8n 1.x and then queue mode in a second lane,
 * beside the unit suite and the one-process setup: see lanesOf), and
 * one closing line "N passed, N failed, N skipped" with the counts of all of them.
 * It exits non-zero on any failure.
 * A lint or check that fails, or a jest run that could not start, counts as one failed test.
 * Under CI (CI=true) skipped tests, or a test file that ran no test, fail the run too.
 * Each jest run's report (jest --json: every file's start and end, every test) is left in
 * test-artifacts/jest-<config>.json.
 *
 * Extra arguments go to jest and select what runs, without the lint:
 *   npm test -- test/node                 the unit and integration files under test/node
 *   npm test -- test/e2e/trigger.test.ts  that file in the first end-to-end setup (jest.e2e.config.js)
 *   npm test -- --config jest.e2e.queue.config.js test/e2e/queue-mode   exactly what jest is given
 *
 * PRINT_STORE_CLOCK_OFFSET=+365d npm test runs the jest suites, and all they start, a year ahead
 * (see clockOffsetEnv).
 */
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { e2eSetupFiles, SECOND_LANE, BESIDE_ONE_PROCESS } = require('./e2e-setups');

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

/** libfaketime's relative offsets: seconds (no unit or s), minutes, hours, days, years of 365 days. */
const OFFSET_UNIT_MS = { '': 1000, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, y: 365 * 86_400_000 };

/**
 * PRINT_STORE_CLOCK_OFFSET (e.g. +365d, -30d, +2y): every jest run, and all it starts (the sandboxes,
 * n8n, its PostgreSQL and Redis, haproxy), on a clock that far from the real one, to show that no
 * test depends on today's date. Debian's libfaketime, preloaded through the environment the
 * children inherit (installed with apt-get when missing, as Chromium is). Only the wall clock moves:
 * with FAKETIME_DONT_FAKE_MONOTONIC, timers, timeouts and measured durations run as they do without
 * it. Installs from the network run on the real clock (scripts/real-clock.sh), and so does Chromium
 * (scripts/n8n/runtime.ts, onTheRealClock). The lint, the build and the pack run on the real clock.
 * Returns the variables to add to the jest runs' environment; exits when the clock cannot be moved.
 */
function clockOffsetEnv() {
	const offset = process.env.PRINT_STORE_CLOCK_OFFSET;
	if (!offset) return {};
	const parsed = /^([+-])(\d+(?:\.\d+)?)([smhdy]?)$/.exec(offset);
	if (!parsed) {
		console.error(`PRINT_STORE_CLOCK_OFFSET=${offset}: expected a sign, a number and a unit (s, m, h, d or y), e.g. +365d`);
		process.exit(2);
	}
	const installed = spawnSync('bash', [path.join(root, 'scripts', 'ensure-faketime.sh')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
	if (installed.status !== 0) {
		console.error(`PRINT_STORE_CLOCK_OFFSET=${offset}: Debian's faketime could not be installed (above); nothing ran.`);
		process.exit(1);
	}
	const clock = {
		// $LIB is the dynamic loader's own (lib/x86_64-linux-gnu on Debian's amd64), as faketime(1) writes it.
		LD_PRELOAD: ['/usr/$LIB/faketime/libfaketime.so.1', process.env.LD_PRELOAD].filter(Boolean).join(' '),
		FAKETIME: offset,
		FAKETIME_DONT_FAKE_MONOTONIC: '1',
	};
	// The clock a child sees, read the way the tests read it: a preload that did not take is a failure,
	// never a run on today's date that looks like one a year ahead.
	const before = Date.now();
	const seen = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(Date.now()))'], { env: { ...process.env, ...clock }, encoding: 'utf8' }).stdout);
	const wanted = (parsed[1] === '-' ? -1 : 1) * Number(parsed[2]) * OFFSET_UNIT_MS[parsed[3]];
	if (!(Math.abs(seen - before - wanted) < 60_000)) {
		console.error(`PRINT_STORE_CLOCK_OFFSET=${offset}: a child process under libfaketime reads ${Number.isFinite(seen) ? new Date(seen).toISOString() : 'no clock'}, not ${new Date(before + wanted).toISOString()}; nothing ran.`);
		process.exit(1);
	}
	console.log(`\n=== the tests' clock: ${new Date(seen).toISOString()} (PRINT_STORE_CLOCK_OFFSET=${offset}, libfaketime; the real one: ${new Date(before).toISOString()}) ===`);
	return clock;
}

// Asked first: a clock that cannot be moved stops the run before the build.
const clock = clockOffsetEnv();

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

const slug = (label) => label.replace(/\W+/g, '-');

/**
 * The suites in two lanes that run side by side; the first lane's output shows as it comes.
 * - The first lane: the unit suite, then the end-to-end setups one after the other.
 * - The second lane, from the start: the setups of SECOND_LANE (scripts/e2e-setups.js), n8n 1.x
 *   beside the unit suite, then queue mode beside the one-process setup of n8n 2.x
 *   (PRINT_STORE_E2E_SIDE_BY_SIDE=0 keeps those of BESIDE_ONE_PROCESS in the first lane). Only
 *   when the unit suite runs too; else in the first lane.
 * The unit suite waits on timers as much as it computes (its 4 workers keep 1.8 of 2 cores busy),
 * and so does an n8n setup (alone, the one-process one keeps about 1.3 busy): two side by side
 * each slow down, and the whole run is 60 to 190 s shorter than one after the other
 * (docs/development.md).
 * A one-process setup runs n8n on its default port 5678 (where a process that cannot reach its
 * public address finds itself: test/e2e/out-of-reach.test.ts), so those take the port in turn
 * (portTurn). A queue setup reaches n8n through the credential's n8n Internal URL, runs its n8n
 * processes on free ports and numbers its executions apart (scripts/n8n/stack.ts). Each stack's
 * sandbox has a subscription key of its own, so no execution of one n8n can answer for another's
 * (test/e2e/setup/global-setup.ts).
 */
function lanesOf(chosen) {
	const modeOf = (suite) => (suite.e2e && suite.config ? require(path.join(root, suite.config)).globals?.printStoreSetup?.mode : undefined);
	for (const suite of chosen) suite.onPort5678 = suite.e2e && modeOf(suite) !== 'queue';
	const configs = process.env.PRINT_STORE_E2E_SIDE_BY_SIDE === '0' ? SECOND_LANE.filter((config) => !BESIDE_ONE_PROCESS.includes(config)) : SECOND_LANE;
	const second = chosen.includes(unit) ? configs.map((config) => chosen.find((suite) => suite.config === config)).filter(Boolean) : [];
	const first = chosen.filter((suite) => !second.includes(suite));
	return second.length > 0 ? [{ suites: first }, { suites: second }] : [{ suites: first }];
}

/**
 * Port 5678, one end-to-end setup at a time: the promise settles, in the order asked, with the
 * function that gives it back.
 */
let portQueue = Promise.resolve();
function portTurn() {
	let giveBack;
	const given = new Promise((resolve) => (giveBack = resolve));
	const turn = portQueue.then(() => giveBack);
	portQueue = portQueue.then(() => given);
	return turn;
}

/**
 * Runs a lane's jest suites one after the other: `write` undefined shows their output as it comes
 * (the first lane), else each piece of it goes to `write`.
 */
async function runLane(lane, write) {
	const results = [];
	const say = (text) => (write ? write(text) : process.stdout.write(text));
	for (const suite of lane.suites) {
		const label = suite.config ?? 'given config';
		// Asked before any wait: a lane beside the unit suite has the port first.
		const turn = suite.onPort5678 ? portTurn() : undefined;
		const waited = Date.now();
		const giveBack = await turn;
		if (Date.now() - waited > 1000) say(`\n(${label} waited ${Math.round((Date.now() - waited) / 1000)}s for port 5678, which a setup beside had)\n`);
		const started = Date.now();
		const report = path.join(os.tmpdir(), `print-store-jest-${process.pid}-${slug(label)}.json`);
		say(`\n=== ${suite.name} (${label}) ===\n`);
		const configArgs = suite.config ? ['--config', suite.config] : [];
		const status = await new Promise((resolve) => {
			const child = spawn(process.execPath, [jest, ...configArgs, '--json', `--outputFile=${report}`, ...extra], {
				cwd: root,
				stdio: write ? ['ignore', 'pipe', 'pipe'] : 'inherit',
				env: { ...env, ...clock, ...(write ? { FORCE_COLOR: '0' } : {}) },
			});
			if (write) {
				child.stdout.on('data', (chunk) => write(chunk.toString()));
				child.stderr.on('data', (chunk) => write(chunk.toString()));
			}
			child.on('error', (error) => {
				say(`${error.message}\n`);
				resolve(1);
			});
			child.on('close', (code) => resolve(code ?? 1));
		});
		giveBack?.();
		const seconds = Math.round((Date.now() - started) / 1000);
		say(`${label} took ${seconds}s\n`);
		results.push({ suite, status, seconds, report });
	}
	return results;
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

	const artifacts = path.join(root, 'test-artifacts');
	fs.mkdirSync(artifacts, { recursive: true });
	const timings = [];
	const wallStarted = Date.now();
	// The suites in lanes side by side (lanesOf): the first lane's output is shown as it comes, every
	// other lane's is kept in test-artifacts/output-<config>.log and printed whole once the first is done.
	const [first, ...others] = lanesOf(suites);
	const kept = others.map((lane) => {
		const names = lane.suites.map((suite) => suite.config).join(', ');
		const file = path.join(artifacts, `output-${slug(names)}.log`);
		fs.writeFileSync(file, '');
		console.log(`\n=== ${names}: run in a second lane from now; their output follows the first lane's (as it comes: ${path.relative(root, file)}) ===`);
		return { file, names, done: runLane(lane, (text) => fs.appendFileSync(file, text)) };
	});
	const results = [...(await runLane(first, undefined))];
	for (const { file, names, done } of kept) {
		results.push(...(await done));
		console.log(`\n=== the output of ${names}, which ran beside the suites above ===`);
		process.stdout.write(fs.readFileSync(file, 'utf8'));
	}
	for (const { suite, status, seconds, report } of results) {
		const label = suite.config ?? 'given config';
		timings.push(`  ${label}: ${seconds}s`);
		if (!fs.existsSync(report)) {
			// e.g. a global setup that could not start the end-to-end stack: none of its tests ran.
			countFailure(`jest wrote no report for ${label} (exit ${status}): its tests did not run`);
			continue;
		}
		const summary = JSON.parse(fs.readFileSync(report, 'utf8'));
		// Kept for reading the time each file took (each file's startTime and endTime): test-artifacts/ is ignored by git.
		fs.renameSync(report, path.join(artifacts, `jest-${slug(label)}.json`));
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
		} else if (status !== 0 && summary.numFailedTests === 0) {
			countFailure(`jest failed for ${label} (exit ${status}) without a failed test`);
		}
	}
	if (others.length > 0) timings.push(`  all of them, in lanes side by side: ${Math.round((Date.now() - wallStarted) / 1000)}s`);

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
