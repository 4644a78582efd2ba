/**
 * The pure part of `npm run compatibility -- --n8n <version>` (scripts/compatibility.mjs): its
 * arguments, which n8n version a name such as `latest` means, why an install or a start failed,
 * which guards tripped, and the results file (docs/compatibility-runs.json) with the runs table
 * (docs/compatibility.md) written from it. No network and no files here, so test/unit/compatibility-runs.test.ts can check it.
 */

const RUNS_BEGIN = '<!-- compatibility-runs:begin -->';
const RUNS_END = '<!-- compatibility-runs:end -->';
const SETUPS = ['single', 'queue'];

const USAGE = `Usage:
  node scripts/compatibility.mjs                      write the Compatibility tables (README.md, docs/compatibility.md)
  node scripts/compatibility.mjs --check              exit 1 when they are not what the setups and the results give
  node scripts/compatibility.mjs --n8n <version>      run the end-to-end suite on that n8n, record the result
      <version>: 2.40.7, 2.38 or 2.38.x (newest patch), 1.x-latest (newest 1.x), 3.x-latest, latest (npm's latest tag)
      --setup single|queue       one n8n process (default) or queue mode
      --dry-run                  only say which version would run
      --install-timeout <min>    give up on an install after that long (default 20)`;

/** The command line, as options; throws with the reason on anything it does not know. */
function parseArgs(argv) {
	const options = { check: false, n8n: undefined, setup: 'single', dryRun: false, installTimeoutMinutes: 20, help: false };
	const args = [...argv];
	const value = (flag) => {
		const next = args.shift();
		if (next === undefined || next.startsWith('--')) throw new Error(`${flag} needs a value`);
		return next;
	};
	while (args.length > 0) {
		let arg = args.shift();
		// --flag=value is --flag value
		const eq = arg.indexOf('=');
		if (arg.startsWith('--') && eq > 0) {
			args.unshift(arg.slice(eq + 1));
			arg = arg.slice(0, eq);
		}
		if (arg === '--check') options.check = true;
		else if (arg === '--dry-run') options.dryRun = true;
		else if (arg === '--help' || arg === '-h') options.help = true;
		else if (arg === '--n8n') options.n8n = value(arg);
		else if (arg === '--setup') options.setup = value(arg);
		else if (arg === '--install-timeout') options.installTimeoutMinutes = Number(value(arg));
		else throw new Error(`unknown argument ${arg}\n${USAGE}`);
	}
	if (!SETUPS.includes(options.setup)) throw new Error(`--setup is one of ${SETUPS.join(', ')}, not ${options.setup}`);
	if (!(options.installTimeoutMinutes > 0)) throw new Error('--install-timeout needs a number of minutes');
	if (options.check && options.n8n) throw new Error('--check and --n8n do not go together');
	if ((options.dryRun || options.setup !== 'single') && !options.n8n) throw new Error('--setup and --dry-run go with --n8n <version>');
	return options;
}

const STABLE = /^(\d+)\.(\d+)\.(\d+)$/;

function compareVersions(a, b) {
	const pa = a.split(/[.-]/).map(Number);
	const pb = b.split(/[.-]/).map(Number);
	for (let i = 0; i < 3; i += 1) if (pa[i] !== pb[i]) return pa[i] - pb[i];
	return 0;
}

/**
 * The versions a name means, newest first: the first is the one to run; when it is a name (not an
 * exact version) the others are the older ones to fall back to when it cannot be installed here.
 * `versions` and `distTags` are what `npm view n8n versions dist-tags --json` gives.
 */
function resolveVersions(spec, { versions, distTags }) {
	if (/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) return [spec];
	const stable = versions.filter((version) => STABLE.test(version)).sort(compareVersions).reverse();
	let candidates;
	if (spec === 'latest') {
		const latest = distTags?.latest;
		if (!latest) throw new Error('npm gives n8n no "latest" tag');
		const major = latest.split('.')[0];
		candidates = [latest, ...stable.filter((version) => version.split('.')[0] === major && compareVersions(version, latest) < 0)];
	} else if (/^\d+\.x(-latest)?$/.test(spec)) {
		const major = spec.split('.')[0];
		candidates = stable.filter((version) => version.split('.')[0] === major);
	} else if (/^\d+\.\d+(\.x)?$/.test(spec)) {
		const [major, minor] = spec.split('.');
		candidates = stable.filter((version) => version.startsWith(`${major}.${minor}.`));
	} else if (distTags?.[spec]) {
		candidates = [distTags[spec]];
	} else {
		throw new Error(`"${spec}" is not an n8n version or a name this script knows (2.40.7, 2.38.x, 1.x-latest, latest)`);
	}
	if (candidates.length === 0) throw new Error(`npm has no n8n release for "${spec}"`);
	return candidates;
}

/** The guards that tripped, each once, in the order they first appear ("(guard \"name\")" in JSON too). */
function guardsIn(text) {
	const names = [];
	for (const [, name] of text.matchAll(/\(guard \\*"([^"\\\s)]+)\\*"\)/g)) if (!names.includes(name)) names.push(name);
	return names;
}

/** Why `npm install` of n8n failed, in a line, from npm's output. */
function installFailureReason(output) {
	const lines = output.split('\n');
	const lacking = new Set();
	for (const line of lines) {
		const notTarget = line.match(/No matching version found for (\S+?)\.?$/);
		if (notTarget) lacking.add(notTarget[1]);
		const notFound = line.match(/404\s+'([^']+)' is not in this registry/);
		if (notFound) lacking.add(notFound[1]);
	}
	if (lacking.size === 0) {
		for (const line of lines) {
			const missing = line.match(/404 Not Found - GET \S+\/((?:@[^/\s]+(?:\/|%2[fF]))?[^/\s]+)(?: |$)/);
			if (missing) lacking.add(decodeURIComponent(missing[1]));
		}
	}
	if (lacking.size > 0) return `a dependency the registry here lacks: ${[...lacking].join(', ')}`;
	const timedOut = lines.find((line) => line.startsWith('install did not finish'));
	if (timedOut) return timedOut;
	const code = lines.map((line) => line.match(/npm (?:error|ERR!) code (\S+)/)?.[1]).find(Boolean);
	const last = lines.filter((line) => /npm (?:error|ERR!) (?!code)\S/.test(line)).map((line) => line.replace(/^.*npm (?:error|ERR!) /, '')).find((line) => !/^(A complete log|Log files were written)/.test(line));
	if (code || last) return `npm install failed${code ? ` (${code})` : ''}${last ? `: ${last.trim()}` : ''}`;
	const other = lines.map((line) => line.trim()).filter(Boolean).pop();
	return other ? `the install failed: ${other}` : 'the install failed';
}

/** Why the end-to-end stack did not start, in a line, from jest's output (its global setup threw). */
function startFailureReason(output) {
	const lines = output.split('\n').map((line) => line.trim());
	const error = lines.find((line) => /^(\w*Error|Error): \S/.test(line));
	if (error) return error.replace(/^(\w*Error): /, '').slice(0, 200);
	return 'the end-to-end stack did not start (see the output of the run)';
}

/** The results with one run added: it replaces an earlier run of the same n8n version and setup. */
function recordRun(results, run) {
	const others = results.filter((entry) => !(entry.n8n === run.n8n && entry.setup === run.setup));
	return [...others, run].sort((a, b) => compareVersions(b.n8n, a.n8n) || SETUPS.indexOf(a.setup) - SETUPS.indexOf(b.setup));
}

const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** Notes for a run: why it failed (guards first), and where the result comes from. */
function notes(run) {
	const parts = [];
	if (run.guards?.length) parts.push(`guard tripped: ${run.guards.map((name) => `\`${name}\``).join(', ')}`);
	if (run.reason) parts.push(run.reason);
	if (run.failedFiles?.length) parts.push(`failed in ${run.failedFiles.join(', ')}`);
	// Written by hand: where a result comes from, or what an earlier run of it showed.
	if (run.note) parts.push(run.note);
	return parts.join('; ');
}

function runsTable(results) {
	const rows = results.map((run) => {
		const tests = typeof run.passed === 'number' ? `${run.passed} / ${run.failed}` : '-';
		return `| ${cell(run.n8n)} | ${cell(run.n8nWorkflow ?? '?')} | ${cell(run.setup)} | ${run.result === 'passed' ? 'passed' : `**${cell(run.result)}**`} | ${tests} | ${cell(run.node ?? '-')} | ${cell(run.package ?? '-')} | ${cell(run.date)} | ${cell(notes(run))} |`;
	});
	// Package: the commit of this package the suite ran on.
	return ['| n8n | n8n-workflow | Setup | Result | Tests passed / failed | Node.js | Package | Date | Notes |', '| --- | --- | --- | --- | --- | --- | --- | --- | --- |', ...rows];
}

/** A page (docs/compatibility.md) with the runs table (between the compatibility-runs markers) written from the results. */
function withRunsTable(page, results) {
	const begin = page.indexOf(RUNS_BEGIN);
	const end = page.indexOf(RUNS_END);
	if (begin < 0 || end < begin) throw new Error(`the runs page has no ${RUNS_BEGIN} … ${RUNS_END} markers`);
	return `${page.slice(0, begin + RUNS_BEGIN.length)}\n${runsTable(results).join('\n')}\n${page.slice(end)}`;
}

/** Whether a version satisfies a range made of `||` alternatives of space-separated >=, >, <=, <, = comparators. */
function satisfies(version, range) {
	return range.split('||').some((alternative) =>
		alternative
			.trim()
			.split(/\s+/)
			.every((comparator) => {
				const [, op, bound] = comparator.match(/^(>=|<=|>|<|=)?(\d+(?:\.\d+){0,2})$/) ?? [];
				if (!bound) throw new Error(`"${comparator}" is not a comparator this check reads`);
				const full = [...bound.split('.'), '0', '0'].slice(0, 3).join('.');
				const order = compareVersions(version, full);
				return { '>=': order >= 0, '>': order > 0, '<=': order <= 0, '<': order < 0 }[op] ?? order === 0;
			}),
	);
}

/** What a peer range gets wrong about the recorded runs: a passed n8n outside it, or a failed one inside. */
function peerRangeProblems(range, results) {
	const problems = [];
	const passedWorkflows = new Set(results.filter((run) => run.result === 'passed').map((run) => run.n8nWorkflow));
	for (const run of results) {
		if (!run.n8nWorkflow) continue;
		const inside = satisfies(run.n8nWorkflow, range);
		if (run.result === 'passed' && !inside) problems.push(`n8n ${run.n8n} passed, but its n8n-workflow ${run.n8nWorkflow} is outside ${range}`);
		// A failed n8n that shares its n8n-workflow with a passed one cannot be told apart by the range.
		if (run.result !== 'passed' && inside && !passedWorkflows.has(run.n8nWorkflow)) problems.push(`n8n ${run.n8n} ${run.result}, but its n8n-workflow ${run.n8nWorkflow} is inside ${range}`);
	}
	return problems;
}

module.exports = {
	RUNS_BEGIN,
	RUNS_END,
	USAGE,
	parseArgs,
	compareVersions,
	resolveVersions,
	guardsIn,
	installFailureReason,
	startFailureReason,
	recordRun,
	runsTable,
	withRunsTable,
	satisfies,
	peerRangeProblems,
};
