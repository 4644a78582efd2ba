/**
 * What the package says it supports agrees with what was run: the README's supported n8n-workflow
 * range covers exactly the n8n-workflow versions of the n8n versions that passed the end-to-end
 * suite (docs/compatibility-runs.json, written by `npm run compatibility -- --n8n`), and the results
 * file holds only well-formed runs. package.json's peer dependency cannot carry that range: n8n's
 * community package scanner refuses anything but "n8n-workflow": "*" (valid-peer-dependencies).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { compatibilityRuns, type Run } from '../helpers/compatibility-runs';

const root = path.resolve(__dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const { peerRangeProblems, satisfies } = compatibilityRuns;

const results = JSON.parse(read('docs/compatibility-runs.json')) as Run[];
const readme = read('README.md');
const compatibility = readme.slice(readme.indexOf('## Compatibility'), readme.indexOf('\n## ', readme.indexOf('## Compatibility') + 1));
const range = compatibility.match(/supported `n8n-workflow` range: `([^`]+)`/)?.[1] ?? '';

test('every recorded run says what ran, when, and how it ended; a failure says why', () => {
	expect(results.length).toBeGreaterThan(0);
	for (const run of results) {
		expect(run.n8n).toMatch(/^\d+\.\d+\.\d+/);
		expect(['single', 'queue']).toContain(run.setup);
		expect(['passed', 'failed', 'not installed', 'did not start']).toContain(run.result);
		expect(run.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
		if (run.result === 'passed') expect({ n8n: run.n8n, failed: run.failed, passedSome: (run.passed ?? 0) > 0 }).toEqual({ n8n: run.n8n, failed: 0, passedSome: true });
		if (run.result === 'failed') expect({ n8n: run.n8n, why: Boolean(run.guards?.length || run.failedFiles?.length || run.reason) }).toEqual({ n8n: run.n8n, why: true });
		if (run.result === 'not installed' || run.result === 'did not start') expect({ n8n: run.n8n, reason: run.reason }).toEqual({ n8n: run.n8n, reason: expect.any(String) });
	}
});

test("the README's supported n8n-workflow range covers the n8n versions that passed, and none that failed", () => {
	expect(range).toMatch(/\d/);
	expect(peerRangeProblems(range, results)).toEqual([]);
	// The two pinned versions (the end-to-end setups npm test runs) are among them.
	for (const pinned of ['2.41.1', '1.123.81']) {
		const run = results.find((entry) => entry.n8n === pinned && entry.setup === 'single');
		expect({ pinned, result: run?.result, inRange: run?.n8nWorkflow ? satisfies(run.n8nWorkflow, range) : false }).toEqual({ pinned, result: 'passed', inRange: true });
	}
});

test('package.json keeps the peer dependency n8n\'s scanner requires, "n8n-workflow": "*"', () => {
	expect((JSON.parse(read('package.json')) as { peerDependencies: Record<string, string> }).peerDependencies).toEqual({ 'n8n-workflow': '*' });
});
