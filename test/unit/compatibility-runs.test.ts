/**
 * The pure part of `npm run compatibility -- --n8n <version>` (scripts/compatibility-runs.js): its
 * arguments, which version a name means, why an install failed, the guard lines, and the runs table.
 */
import { compatibilityRuns as runs, type Run } from '../helpers/compatibility-runs';

describe('arguments', () => {
	test('no argument writes the tables, as before', () => {
		expect(runs.parseArgs([])).toEqual({ check: false, n8n: undefined, setup: 'single', dryRun: false, installTimeoutMinutes: 20, help: false });
		expect(runs.parseArgs(['--check']).check).toBe(true);
	});

	test('--n8n takes a version, with a space or an equals sign, and a setup', () => {
		expect(runs.parseArgs(['--n8n', '2.40.7'])).toMatchObject({ n8n: '2.40.7', setup: 'single' });
		expect(runs.parseArgs(['--n8n=latest', '--setup=queue', '--dry-run'])).toMatchObject({ n8n: 'latest', setup: 'queue', dryRun: true });
		expect(runs.parseArgs(['--n8n', '1.x-latest', '--install-timeout', '5']).installTimeoutMinutes).toBe(5);
	});

	test('refuses what it does not know, or what does not go together', () => {
		expect(() => runs.parseArgs(['--n8n'])).toThrow('--n8n needs a value');
		expect(() => runs.parseArgs(['--n8n', '--check'])).toThrow('--n8n needs a value');
		expect(() => runs.parseArgs(['--version', '2.40.7'])).toThrow('unknown argument --version');
		expect(() => runs.parseArgs(['--n8n', '2.40.7', '--setup', 'cluster'])).toThrow('--setup is one of single, queue');
		expect(() => runs.parseArgs(['--check', '--n8n', '2.40.7'])).toThrow('do not go together');
		expect(() => runs.parseArgs(['--setup', 'queue'])).toThrow('go with --n8n');
		expect(() => runs.parseArgs(['--n8n', '2.40.7', '--install-timeout', 'soon'])).toThrow('minutes');
	});
});

describe('which version a name means', () => {
	// As `npm view n8n versions dist-tags --json` gives them, oldest first, with a pre-release.
	const view = {
		versions: ['1.122.5', '1.123.9', '1.123.81', '1.123.10', '2.0.0-rc.1', '2.38.6', '2.38.7', '2.39.9', '2.39.10', '2.40.7', '2.41.1', '2.41.3'],
		distTags: { latest: '2.41.3', beta: '2.42.0' },
	};

	test('an exact version is itself, with nothing to fall back to', () => {
		expect(runs.resolveVersions('2.39.9', view)).toEqual(['2.39.9']);
		expect(runs.resolveVersions('2.0.0-rc.1', view)).toEqual(['2.0.0-rc.1']);
	});

	test('latest is the latest tag, then the older releases of its major to fall back to, newest first', () => {
		expect(runs.resolveVersions('latest', view)).toEqual(['2.41.3', '2.41.1', '2.40.7', '2.39.10', '2.39.9', '2.38.7', '2.38.6']);
	});

	test('1.x-latest and 1.x are the newest 1.x, compared as numbers (1.123.81 after 1.123.10), without pre-releases', () => {
		expect(runs.resolveVersions('1.x-latest', view)[0]).toBe('1.123.81');
		expect(runs.resolveVersions('1.x', view)).toEqual(['1.123.81', '1.123.10', '1.123.9', '1.122.5']);
		expect(runs.resolveVersions('2.x-latest', view)[0]).toBe('2.41.3');
	});

	test('a minor is its newest patch', () => {
		expect(runs.resolveVersions('2.39.x', view)[0]).toBe('2.39.10');
		expect(runs.resolveVersions('2.38', view)).toEqual(['2.38.7', '2.38.6']);
	});

	test('another dist-tag is what it points at; an unknown name, a major with no release or a missing latest tag is an error', () => {
		expect(runs.resolveVersions('beta', view)).toEqual(['2.42.0']);
		expect(() => runs.resolveVersions('newest', view)).toThrow('not an n8n version');
		expect(() => runs.resolveVersions('3.x-latest', view)).toThrow('no n8n release for "3.x-latest"');
		expect(() => runs.resolveVersions('latest', { versions: view.versions, distTags: {} })).toThrow('no "latest" tag');
	});
});

describe('guards that tripped', () => {
	test('from jest output and from n8n log lines, JSON-escaped or not, each once, in order', () => {
		const text = [
			'  ● Print Store › Wait Until Status resumes',
			'    NodeOperationError: n8n no longer keeps the execution on its stack (guard "leaveOnStack"). Update the package.',
			'2026-11-25T14:02:01.123Z | error | Workflow execution failed {"error":"Resume address unknown (guard \\"resumeUrl\\")","file":"x.js"}',
			'NodeOperationError: again (guard "leaveOnStack")',
			'a guard "notOne" said without parentheses, and (guard "") empty',
		].join('\n');
		expect(runs.guardsIn(text)).toEqual(['leaveOnStack', 'resumeUrl']);
	});

	test('nothing tripped: no guard', () => {
		expect(runs.guardsIn('Tests: 212 passed, 212 total\n[e2e] n8n stopped')).toEqual([]);
	});
});

describe('why an install failed', () => {
	test('a version the registry here lacks', () => {
		const npm = 'npm error code ETARGET\nnpm error notarget No matching version found for @n8n/agents@0.26.2.\nnpm error notarget In most cases you or one of your dependencies are requesting\n';
		expect(runs.installFailureReason(npm)).toBe('a dependency the registry here lacks: @n8n/agents@0.26.2');
	});

	test('a package the registry here lacks', () => {
		const npm = [
			'npm error code E404',
			'npm error 404 Not Found - GET https://registry.npmjs.org/cssomnom - Not found',
			"npm error 404  'cssomnom@^0.1.0' is not in this registry.",
		].join('\n');
		expect(runs.installFailureReason(npm)).toBe('a dependency the registry here lacks: cssomnom@^0.1.0');
		expect(runs.installFailureReason('npm error 404 Not Found - GET https://registry.npmjs.org/@scope%2fthing - Not found')).toBe('a dependency the registry here lacks: @scope/thing');
	});

	test('a timeout, another npm error, or anything else', () => {
		expect(runs.installFailureReason('[n8n runtime] installing...\ninstall did not finish within 20 minutes')).toBe('install did not finish within 20 minutes');
		expect(runs.installFailureReason('npm error code ECONNRESET\nnpm error network aborted\nnpm error A complete log of this run can be found in: /x.log')).toBe(
			'npm install failed (ECONNRESET): network aborted',
		);
		expect(runs.installFailureReason('gyp: sqlite3 failed\n')).toBe('the install failed: gyp: sqlite3 failed');
	});

	test('why n8n did not start: the first error jest printed', () => {
		expect(runs.startFailureReason('[e2e] Starting n8n...\n  Error: n8n did not answer on http://127.0.0.1:5678 within 120s\n  at x')).toBe('n8n did not answer on http://127.0.0.1:5678 within 120s');
		expect(runs.startFailureReason('nothing useful')).toContain('did not start');
	});
});

describe('the results file and the table written from it', () => {
	const passed: Run = { n8n: '2.40.7', setup: 'single', result: 'passed', date: '2026-11-25', n8nWorkflow: '2.40.1', passed: 200, failed: 0, node: '24.11.1', package: '5e7f826' };
	const failed: Run = {
		n8n: '2.35.7',
		setup: 'single',
		result: 'failed',
		date: '2026-11-25',
		n8nWorkflow: '2.35.3',
		passed: 190,
		failed: 2,
		node: '24.11.1',
		package: '5e7f826',
		guards: ['leaveOnStack'],
		failedFiles: ['test/e2e/wait-for-status.test.ts'],
	};
	const missing: Run = { n8n: '2.41.3', setup: 'single', result: 'not installed', date: '2026-11-25', n8nWorkflow: '2.41.2', reason: 'a dependency the registry here lacks: @n8n/agents@0.26.2' };

	test('runs are kept newest n8n first, single before queue, and a rerun replaces the earlier one', () => {
		let results = runs.recordRun([], failed);
		results = runs.recordRun(results, missing);
		results = runs.recordRun(results, { ...passed, setup: 'queue' });
		results = runs.recordRun(results, passed);
		expect(results.map((run) => `${run.n8n} ${run.setup}`)).toEqual(['2.41.3 single', '2.40.7 single', '2.40.7 queue', '2.35.7 single']);
		const rerun = runs.recordRun(results, { ...failed, result: 'passed', failed: 0, guards: [] });
		expect(rerun).toHaveLength(4);
		expect(rerun.find((run) => run.n8n === '2.35.7')?.result).toBe('passed');
	});

	test('the table says which passed, which failed and why', () => {
		const table = runs.runsTable([missing, passed, failed]);
		expect(table[0]).toBe('| n8n | n8n-workflow | Setup | Result | Tests passed / failed | Node.js | Package | Date | Notes |');
		expect(table.slice(2)).toEqual([
			'| 2.41.3 | 2.41.2 | single | **not installed** | - | - | - | 2026-11-25 | a dependency the registry here lacks: @n8n/agents@0.26.2 |',
			'| 2.40.7 | 2.40.1 | single | passed | 200 / 0 | 24.11.1 | 5e7f826 | 2026-11-25 |  |',
			'| 2.35.7 | 2.35.3 | single | **failed** | 190 / 2 | 24.11.1 | 5e7f826 | 2026-11-25 | guard tripped: `leaveOnStack`; failed in test/e2e/wait-for-status.test.ts |',
		]);
		// A pipe in a reason does not break the row; a note written by hand comes last.
		expect(runs.runsTable([{ ...missing, reason: 'a | b' }])[2]).toContain('| a \\| b |');
		expect(runs.runsTable([{ ...passed, note: 'from CI' }])[2]).toMatch(/\| from CI \|$/);
	});

	test('the README keeps everything outside the markers, and the table replaces what was between them', () => {
		const readme = `# x\n\n${runs.RUNS_BEGIN}\n| old |\n${runs.RUNS_END}\n\nafter\n`;
		const written = runs.withRunsTable(readme, [passed]);
		expect(written).toBe(`# x\n\n${runs.RUNS_BEGIN}\n${runs.runsTable([passed]).join('\n')}\n${runs.RUNS_END}\n\nafter\n`);
		expect(runs.withRunsTable(written, [passed])).toBe(written);
		expect(() => runs.withRunsTable('# no markers', [])).toThrow('no <!-- compatibility-runs:begin -->');
	});

	test('a peer range is checked against the runs: passed inside, failed outside', () => {
		expect(runs.satisfies('2.40.1', '>=1.120.0 <2 || >=2.36.0')).toBe(true);
		expect(runs.satisfies('2.35.3', '>=1.120.0 <2 || >=2.36.0')).toBe(false);
		expect(runs.satisfies('1.120.4', '>=1.120 <2')).toBe(true);
		expect(runs.satisfies('2.0.0', '>=1.120 <2')).toBe(false);
		expect(runs.satisfies('2.0.0', '2.0.0')).toBe(true);
		expect(() => runs.satisfies('2.0.0', '^2.0.0')).toThrow('not a comparator');
		expect(runs.peerRangeProblems('>=2.36.0', [passed, failed, missing])).toEqual(['n8n 2.41.3 not installed, but its n8n-workflow 2.41.2 is inside >=2.36.0']);
		expect(runs.peerRangeProblems('>=2.35.0 <2.41.2', [passed, failed, missing])).toEqual(['n8n 2.35.7 failed, but its n8n-workflow 2.35.3 is inside >=2.35.0 <2.41.2']);
		expect(runs.peerRangeProblems('>=2.41.0', [passed])).toEqual(['n8n 2.40.7 passed, but its n8n-workflow 2.40.1 is outside >=2.41.0']);
	});
});
