/**
 * Writes test/MUTATION.md from the JSON reports Stryker wrote under reports/mutation/ (one per group
 * of stryker.config.mjs): the score per file and overall, what was left out and why, and every
 * surviving mutant with the one-line reason from scripts/mutation/explained.mjs (or "NOT EXPLAINED").
 *
 *   node scripts/mutation/report.mjs      rewrite test/MUTATION.md from the reports there are
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { DESCRIPTION_ONLY, GROUPS } from '../../stryker.config.mjs';
import { explained, staticNote, testsAdded } from './explained.mjs';
import { currentSource, DETECTED, readResults, root, sourceHash, UNDETECTED } from './results.mjs';

const out = path.join(root, 'test/MUTATION.md');

function short(text, max = 70) {
	const one = text.replace(/\s+/g, ' ').trim();
	return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

function code(text) {
	const body = short(text).replace(/`/g, "'");
	return body === '' ? '(empty)' : `\`${body}\``;
}

function explain(file, mutant) {
	const original = mutant.original;
	for (const rule of explained) {
		if (rule.file !== file) continue;
		if (rule.mutator && rule.mutator !== mutant.mutator) continue;
		if (rule.line && !mutant.lineText.includes(rule.line.trim())) continue;
		if (rule.code && !original.includes(rule.code)) continue;
		if (rule.replacement !== undefined && !mutant.replacement.includes(rule.replacement)) continue;
		// A result carried from an earlier run, for a mutant a later test targets that the stopped run did not reach.
		if (rule.carriedOnly && !mutant.earlierRun) continue;
		return rule.why;
	}
	// Results carried from an earlier report keep the reason given then (their code is shortened).
	return mutant.reasonThen ?? undefined;
}

function globToRegExp(glob) {
	const body = glob
		.replace(/[.+^${}()|[\]\\]/g, '\\$&')
		.replace(/\*\*\//g, '\u0000')
		.replace(/\*/g, '[^/]*')
		.replace(/\u0000/g, '(?:.*/)?');
	return new RegExp(`^${body}$`);
}

function walk(dir) {
	return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
		const relative = `${dir}/${entry.name}`;
		return entry.isDirectory() ? walk(relative) : [relative];
	});
}

/** The files a group of stryker.config.mjs mutates. */
function filesOf(group) {
	const patterns = GROUPS[group];
	const include = patterns.filter((pattern) => !pattern.startsWith('!')).map(globToRegExp);
	const exclude = [...patterns.filter((pattern) => pattern.startsWith('!')).map((pattern) => pattern.slice(1)), ...DESCRIPTION_ONLY].map(globToRegExp);
	return [...walk('nodes'), ...walk('credentials')]
		.filter((file) => file.endsWith('.ts'))
		.filter((file) => include.some((re) => re.test(file)) && !exclude.some((re) => re.test(file)))
		.sort();
}

function pct(detected, valid) {
	return valid === 0 ? 'n/a' : `${((100 * detected) / valid).toFixed(1)}%`;
}

export function writeReport() {
	const files = new Map();
	const groupsRun = [];
	const groupsMissing = [];
	const groupsPartial = [];
	const carried = [];
	for (const group of Object.keys(GROUPS)) {
		const results = readResults(group);
		if (!results) {
			groupsMissing.push(group);
			continue;
		}
		(results.state === 'finished' ? groupsRun : groupsPartial).push(results);
		if (results.carriedFrom) carried.push(results);
		for (const [file, result] of Object.entries(results.files)) {
			const now = currentSource(file);
			const changed = now === undefined ? 'removed' : result.sha === null ? 'not known' : sourceHash(now) !== result.sha ? 'yes' : 'no';
			files.set(file, { ...result, group, changed });
		}
	}

	const rows = [];
	const survivors = [];
	const total = { detected: 0, valid: 0, killed: 0, timeout: 0, survived: 0, noCoverage: 0, compileError: 0, ignored: 0, runtimeError: 0, untested: 0 };
	for (const file of [...files.keys()].sort()) {
		const result = files.get(file);
		const count = (statuses) => statuses.reduce((sum, status) => sum + (result.counts[status] ?? 0), 0);
		const row = {
			file,
			untested: result.untested,
			killed: count(['Killed']),
			timeout: count(['Timeout']),
			survived: count(['Survived']),
			noCoverage: count(['NoCoverage']),
			compileError: count(['CompileError']),
			runtimeError: count(['RuntimeError']),
			ignored: count(['Ignored']),
			changed: result.changed,
		};
		row.detected = count(DETECTED);
		row.valid = row.detected + count(UNDETECTED);
		row.group = result.group;
		for (const key of Object.keys(total)) total[key] += row[key];
		rows.push(row);
		for (const mutant of result.survivors) survivors.push({ file, mutant, why: explain(file, mutant) });
	}

	const date = [...groupsRun, ...groupsPartial].map((run) => run.finished ?? run.lastResult).filter(Boolean).sort().at(-1);
	const minutes = (ms) => `${Math.round(ms / 60000)} min`;
	const md = [];
	md.push('# Mutation testing');
	md.push('');
	md.push('Written by `npm run mutate` (scripts/mutation/run.mjs, StrykerJS with stryker.config.mjs); do not edit by hand:');
	md.push('reasons for surviving mutants live in scripts/mutation/explained.mjs, and `node scripts/mutation/report.mjs`');
	md.push('rewrites this file from the committed results of each group\'s last run, test/mutation/<group>.json.');
	md.push('');
	md.push(`- Date of the last run: ${date ?? 'never run'}`);
	md.push('- Command: `npm run mutate` (all groups, one after the other; `npm run mutate -- trigger` runs one group).');
	md.push(
		`- Groups run to the end: ${groupsRun.map((run) => `${run.group} (${minutes(run.durationMs)}, ${run.concurrency ?? 2} workers${run.finished ? `, finished ${run.finished}` : ''})`).join(', ') || 'none'}.`,
	);
	for (const { group, started, lastResult, files: groupFiles } of groupsPartial) {
		const plannedCount = Object.values(groupFiles).reduce((sum, file) => sum + file.planned, 0);
		const untested = Object.values(groupFiles).reduce((sum, file) => sum + file.untested, 0);
		md.push(
			`- **Group ${group} was stopped before it finished** (started ${started}, last result ${lastResult ?? 'none'}): ${plannedCount - untested} of its ${plannedCount} mutants have a result. ` +
				'Its files below show the score of the mutants with a result; the "not tested" column counts the rest.',
		);
	}
	for (const { group, carriedFrom } of carried) md.push(`- Group ${group}: results carried from ${carriedFrom}.`);
	const changedFiles = rows.filter((row) => row.changed === 'yes').map((row) => row.file);
	if (changedFiles.length > 0) md.push(`- **Changed since their group's run** (their results are for the earlier code): ${changedFiles.join(', ')}.`);
	const removedFiles = rows.filter((row) => row.changed === 'removed').map((row) => row.file);
	if (removedFiles.length > 0) md.push(`- **Removed or moved since their group's run** (their code now lives elsewhere or is gone): ${removedFiles.join(', ')}.`);
	const ran = new Set([...groupsRun, ...groupsPartial].map((run) => run.group));
	const withoutResult = Object.keys(GROUPS)
		.filter((group) => ran.has(group))
		.flatMap((group) => filesOf(group).filter((file) => !files.has(file)));
	if (withoutResult.length > 0) md.push(`- **Files with no result** (added or moved since their group's run; no score below): ${withoutResult.join(', ')}.`);
	if (groupsMissing.length > 0) {
		md.push(`- **Groups NOT run:** ${groupsMissing.map((group) => `${group} (${filesOf(group).join(', ')})`).join('; ')}. These files have no score below.`);
	}
	md.push('- Tests: the fast suites that run nodes/: test/unit, test/trigger, test/node (a real sandbox in process, nodes run through n8n\'s engine; no mocked HTTP). Per-test coverage: each mutant runs the tests that reach it.');
	md.push('- Score = (killed + timed out) / (killed + timed out + survived + no coverage). Mutants that do not compile (TypeScript checker) and static mutants (below) are not counted.');
	md.push('');
	md.push('## Left out, and why');
	md.push('');
	md.push('Description-only files, not mutated: they only declare the editor\'s fields (INodeProperties), the credential\'s fields and display text; what of them the code relies on (field names, defaults) is read through the nodes by the tests of test/node.');
	md.push('');
	for (const file of DESCRIPTION_ONLY) md.push(`- ${file}`);
	md.push('');
	md.push(`Static mutants (ignoreStatic): ${staticNote}`);
	md.push('');
	md.push('## Tests written for surviving mutants');
	md.push('');
	for (const line of testsAdded) md.push(`- ${line}`);
	md.push('');
	md.push('## Score per file');
	md.push('');
	md.push('"Changed since run": whether the file differs from the code its group\'s run mutated ("not known" for results carried from an earlier report, "removed" for a file that is gone).');
	md.push('');
	md.push('| file | score | killed | timed out | survived | no coverage | compile errors | static (ignored) | not tested (run stopped) | changed since run |');
	md.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
	for (const row of rows) {
		md.push(
			`| ${row.file} | ${pct(row.detected, row.valid)} | ${row.killed} | ${row.timeout} | ${row.survived} | ${row.noCoverage} | ${row.compileError} | ${row.ignored} | ${row.untested} | ${row.changed} |`,
		);
	}
	md.push(`| **overall** | **${pct(total.detected, total.valid)}** | ${total.killed} | ${total.timeout} | ${total.survived} | ${total.noCoverage} | ${total.compileError} | ${total.ignored} | ${total.untested} | |`);
	md.push('');
	md.push('## Score per group');
	md.push('');
	md.push('"Without timeouts" counts every timed-out mutant as surviving: the lower bound, for runs on a busy machine where a slow test run can pass for a timeout.');
	md.push('');
	md.push('| group | state | score | without timeouts | killed | timed out | survived | no coverage | not tested (run stopped) |');
	md.push('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
	const stateOf = (group) => {
		const run = [...groupsRun, ...groupsPartial].find((candidate) => candidate.group === group);
		if (!run) return 'not run';
		return run.carriedFrom ? `${run.state} (carried)` : run.state;
	};
	for (const group of Object.keys(GROUPS)) {
		const mine = rows.filter((row) => row.group === group);
		const sum = (key) => mine.reduce((acc, row) => acc + row[key], 0);
		const valid = sum('valid');
		md.push(
			`| ${group} | ${stateOf(group)} | ${pct(sum('detected'), valid)} | ${pct(sum('killed'), valid)} | ${sum('killed')} | ${sum('timeout')} | ${sum('survived')} | ${sum('noCoverage')} | ${sum('untested')} |`,
		);
	}
	md.push(
		`| **all** | | **${pct(total.detected, total.valid)}** | ${pct(total.killed, total.valid)} | ${total.killed} | ${total.timeout} | ${total.survived} | ${total.noCoverage} | ${total.untested} |`,
	);
	md.push('');
	const unexplained = survivors.filter((survivor) => !survivor.why).length;
	md.push(`## Surviving mutants (${survivors.length}${unexplained ? `, ${unexplained} not explained` : ''})`);
	md.push('');
	md.push('Each one: line, mutator, the code and what Stryker put in its place, and why no test needs to fail for it.');
	const pending = survivors.filter((survivor) => survivor.why?.startsWith('killed by ')).length;
	if (pending > 0) {
		md.push('');
		md.push(
			`${pending} of them are marked "killed by" a test written after the run reached them: the score above still counts them as surviving until a run re-tests them (\`npm run mutate -- <group>\`, incremental).`,
		);
	}
	let current;
	for (const { file, mutant, why } of survivors) {
		if (file !== current) {
			md.push('');
			md.push(`### ${file}`);
			md.push('');
			current = file;
		}
		const status = (mutant.status === 'NoCoverage' ? ' (no test reaches it)' : '') + (mutant.earlierRun ? ' (earlier run)' : '');
		md.push(`- L${mutant.line} ${mutant.mutator} ${code(mutant.original)} → ${code(mutant.replacement)}${status}: ${why ?? '**NOT EXPLAINED**'}`);
	}
	md.push('');
	fs.writeFileSync(out, md.join('\n'));
	return { total, rows, survivors, groupsRun, groupsMissing, groupsPartial };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const { total, survivors, groupsMissing } = writeReport();
	const unexplained = survivors.filter((survivor) => !survivor.why).length;
	console.log(`test/MUTATION.md: ${pct(total.detected, total.valid)} overall, ${survivors.length} surviving (${unexplained} not explained)${groupsMissing.length ? `, groups not run: ${groupsMissing.join(', ')}` : ''}`);
}
