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

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const reports = path.join(root, 'reports/mutation');
const out = path.join(root, 'test/MUTATION.md');

const DETECTED = ['Killed', 'Timeout'];
const UNDETECTED = ['Survived', 'NoCoverage'];

function readJson(file) {
	return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
}

/** The mutated code, on one line. */
function originalText(source, location) {
	const lines = source.split('\n');
	const { start, end } = location;
	let text;
	if (start.line === end.line) text = lines[start.line - 1].slice(start.column - 1, end.column - 1);
	else text = [lines[start.line - 1].slice(start.column - 1), ...lines.slice(start.line, end.line - 1), lines[end.line - 1].slice(0, end.column - 1)].join(' ');
	return text.replace(/\s+/g, ' ').trim();
}

function short(text, max = 70) {
	const one = text.replace(/\s+/g, ' ').trim();
	return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

function code(text) {
	const body = short(text).replace(/`/g, "'");
	return body === '' ? '(empty)' : `\`${body}\``;
}

function explain(file, mutant, lineText, original) {
	for (const rule of explained) {
		if (rule.file !== file) continue;
		if (rule.mutator && rule.mutator !== mutant.mutatorName) continue;
		if (rule.line && !lineText.includes(rule.line)) continue;
		if (rule.code && !original.includes(rule.code)) continue;
		if (rule.replacement !== undefined && !(mutant.replacement ?? '').includes(rule.replacement)) continue;
		// A result carried from an earlier run, for a mutant a later test targets that the stopped run did not reach.
		if (rule.carriedOnly && !mutant.carried) continue;
		return rule.why;
	}
	return undefined;
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

/** The results a stopped run streamed (scripts/mutation/stream-reporter.mjs). */
function readPartial(file) {
	if (!fs.existsSync(file)) return undefined;
	let planned;
	let started;
	let last;
	const byFile = new Map();
	for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
		if (!line.trim()) continue;
		let entry;
		try {
			entry = JSON.parse(line);
		} catch {
			continue; // a line cut off when the run was stopped
		}
		if (entry.planned) {
			planned = entry.planned;
			started = entry.started;
			continue;
		}
		if (!byFile.has(entry.file)) byFile.set(entry.file, []);
		byFile.get(entry.file).push(entry);
		last = entry.at;
	}
	if (!planned) return undefined;
	for (const file of Object.keys(planned)) if (!byFile.has(file)) byFile.set(file, []);
	return { planned, started, last, byFile };
}

function pct(detected, valid) {
	return valid === 0 ? 'n/a' : `${((100 * detected) / valid).toFixed(1)}%`;
}

export function writeReport() {
	const files = new Map();
	const groupsRun = [];
	const groupsMissing = [];
	const groupsPartial = [];
	for (const group of Object.keys(GROUPS)) {
		const report = readJson(path.join(reports, `${group}.json`));
		const meta = readJson(path.join(reports, `${group}.meta.json`));
		if (report && meta?.finished) {
			groupsRun.push({ group, meta });
			for (const [file, result] of Object.entries(report.files)) files.set(file, { ...result, group });
			continue;
		}
		const partial = readPartial(path.join(reports, `${group}.partial.jsonl`));
		if (!partial) {
			groupsMissing.push(group);
			continue;
		}
		// A stopped run's results, completed with those of the stopped run before it (group.previous.partial.jsonl)
		// for mutants it did not reach: tests only get added between runs, so those are the more pessimistic.
		const previous = readPartial(path.join(reports, `${group}.previous.partial.jsonl`));
		let carried = 0;
		if (previous) {
			const key = (mutant) => `${mutant.location.start.line}:${mutant.location.start.column}:${mutant.mutatorName}:${mutant.replacement}`;
			for (const [file, mutants] of partial.byFile) {
				const have = new Set(mutants.map(key));
				for (const mutant of previous.byFile.get(file) ?? []) {
					if (have.has(key(mutant))) continue;
					mutants.push({ ...mutant, carried: true });
					have.add(key(mutant));
					carried++;
				}
			}
		}
		groupsPartial.push({ group, meta, carried, previousStarted: previous?.started, ...partial });
		for (const [file, mutants] of partial.byFile) {
			const source = fs.existsSync(path.join(root, file)) ? fs.readFileSync(path.join(root, file), 'utf8') : '';
			files.set(file, { source, mutants, group, planned: partial.planned[file] ?? mutants.length });
		}
	}

	const rows = [];
	const survivors = [];
	const total = { detected: 0, valid: 0, killed: 0, timeout: 0, survived: 0, noCoverage: 0, compileError: 0, ignored: 0, runtimeError: 0, untested: 0 };
	for (const file of [...files.keys()].sort()) {
		const { source, mutants } = files.get(file);
		const count = (statuses) => mutants.filter((mutant) => statuses.includes(mutant.status)).length;
		const { planned } = files.get(file);
		const row = {
			file,
			untested: planned === undefined ? 0 : planned - mutants.length,
			killed: count(['Killed']),
			timeout: count(['Timeout']),
			survived: count(['Survived']),
			noCoverage: count(['NoCoverage']),
			compileError: count(['CompileError']),
			runtimeError: count(['RuntimeError']),
			ignored: count(['Ignored']),
		};
		row.detected = count(DETECTED);
		row.valid = row.detected + count(UNDETECTED);
		row.group = files.get(file).group;
		for (const key of Object.keys(total)) total[key] += row[key];
		rows.push(row);
		const lines = source.split('\n');
		for (const mutant of mutants.filter((candidate) => UNDETECTED.includes(candidate.status))) {
			const lineText = lines[mutant.location.start.line - 1] ?? '';
			const original = originalText(source, mutant.location);
			survivors.push({ file, mutant, original, why: explain(file, mutant, lineText, original) });
		}
	}

	const date = groupsRun.map(({ meta }) => meta.finished).sort().at(-1);
	const minutes = (ms) => `${Math.round(ms / 60000)} min`;
	const md = [];
	md.push('# Mutation testing');
	md.push('');
	md.push('Written by `npm run mutate` (scripts/mutation/run.mjs, StrykerJS with stryker.config.mjs); do not edit by hand:');
	md.push('reasons for surviving mutants live in scripts/mutation/explained.mjs, and `node scripts/mutation/report.mjs`');
	md.push('rewrites this file from the last reports under reports/mutation/.');
	md.push('');
	md.push(`- Date of the last run: ${date ?? 'never run'}`);
	md.push('- Command: `npm run mutate` (all groups, one after the other; `npm run mutate -- trigger` runs one group).');
	md.push(`- Groups run: ${groupsRun.map(({ group, meta }) => `${group} (${minutes(meta.durationMs)}, ${meta.concurrency ?? 2} workers${meta.incrementalReuse ? `, ${meta.incrementalReuse}` : ''})`).join(', ') || 'none'}.`);
	for (const { group, started, last, planned, byFile, carried, previousStarted } of groupsPartial) {
		const plannedCount = Object.values(planned).reduce((sum, count) => sum + count, 0);
		const tested = [...byFile.values()].reduce((sum, mutants) => sum + mutants.length, 0);
		md.push(
			`- **Group ${group} was stopped before it finished** (started ${started}, last result ${last ?? 'none'}): ${tested} of its ${plannedCount} mutants have a result` +
				(carried ? `, ${carried} of them (marked "earlier run" below) from the run started ${previousStarted}, which had fewer tests` : '') +
				'. Its files below show the score of the mutants with a result; the "not tested" column counts the rest.',
		);
	}
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
	md.push('| file | score | killed | timed out | survived | no coverage | compile errors | static (ignored) | not tested (run stopped) |');
	md.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
	for (const row of rows) {
		md.push(`| ${row.file} | ${pct(row.detected, row.valid)} | ${row.killed} | ${row.timeout} | ${row.survived} | ${row.noCoverage} | ${row.compileError} | ${row.ignored} | ${row.untested} |`);
	}
	md.push(`| **overall** | **${pct(total.detected, total.valid)}** | ${total.killed} | ${total.timeout} | ${total.survived} | ${total.noCoverage} | ${total.compileError} | ${total.ignored} | ${total.untested} |`);
	md.push('');
	md.push('## Score per group');
	md.push('');
	md.push('"Without timeouts" counts every timed-out mutant as surviving: the lower bound, for runs on a busy machine where a slow test run can pass for a timeout.');
	md.push('');
	md.push('| group | state | score | without timeouts | killed | timed out | survived | no coverage | not tested (run stopped) |');
	md.push('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
	const stateOf = (group) =>
		groupsRun.some((run) => run.group === group) ? 'finished' : groupsPartial.some((run) => run.group === group) ? 'stopped' : 'not run';
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
	for (const { file, mutant, original, why } of survivors) {
		if (file !== current) {
			md.push('');
			md.push(`### ${file}`);
			md.push('');
			current = file;
		}
		const status = (mutant.status === 'NoCoverage' ? ' (no test reaches it)' : '') + (mutant.carried ? ' (earlier run)' : '');
		md.push(`- L${mutant.location.start.line} ${mutant.mutatorName} ${code(original)} → ${code(mutant.replacement ?? '')}${status}: ${why ?? '**NOT EXPLAINED**'}`);
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
