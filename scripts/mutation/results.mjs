/**
 * The committed results of mutation runs: test/mutation/<group>.json, one file per group of
 * stryker.config.mjs. Stryker's own reports (reports/mutation/, not committed) stay on the machine
 * that ran them; these files keep what test/MUTATION.md needs, so a group run on one machine still
 * counts on the next: per mutated file its counts per status, a hash of the source it ran on (the
 * report marks files changed since), and every surviving mutant with the code and line it mutated.
 *
 * A group's file is written when its run ends (finished, or stopped with what it reached) by
 * scripts/mutation/run.mjs, and only from a run on this machine: a group not run keeps its file.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const reportsDir = path.join(root, 'reports/mutation');
export const resultsDir = path.join(root, 'test/mutation');

export const STATUSES = ['Killed', 'Timeout', 'Survived', 'NoCoverage', 'CompileError', 'RuntimeError', 'Ignored'];
export const DETECTED = ['Killed', 'Timeout'];
export const UNDETECTED = ['Survived', 'NoCoverage'];

export function sourceHash(source) {
	return crypto.createHash('sha1').update(source).digest('hex').slice(0, 12);
}

export function currentSource(file) {
	const full = path.join(root, file);
	return fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : undefined;
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

function readJson(file) {
	return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
}

/** Per file: counts and survivors, from mutants with Stryker's location, mutatorName, replacement and status. */
function summarizeFile(source, mutants, planned) {
	const counts = Object.fromEntries(STATUSES.map((status) => [status, mutants.filter((mutant) => mutant.status === status).length]));
	const lines = source.split('\n');
	const survivors = mutants
		.filter((mutant) => UNDETECTED.includes(mutant.status))
		.sort((a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column)
		.map((mutant) => ({
			line: mutant.location.start.line,
			column: mutant.location.start.column,
			mutator: mutant.mutatorName,
			status: mutant.status,
			original: originalText(source, mutant.location),
			replacement: mutant.replacement ?? '',
			lineText: (lines[mutant.location.start.line - 1] ?? '').trim(),
		}));
	return { sha: sourceHash(source), planned, untested: Math.max(0, planned - mutants.length), counts, survivors };
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

/**
 * The results of this machine's last run of a group, from Stryker's reports: its JSON report when
 * the run finished, what it streamed when it was stopped; undefined when the group has not run here.
 * The source each file is summarised with is the one the run mutated (the report's copy), or, for a
 * stopped run, the file as it is now (a run is stopped and summarised in one sitting).
 */
export function resultsFromReports(group) {
	const meta = readJson(path.join(reportsDir, `${group}.meta.json`));
	if (!meta) return undefined;
	const report = readJson(path.join(reportsDir, `${group}.json`));
	const files = {};
	if (report && meta.finished) {
		for (const [file, result] of Object.entries(report.files)) files[file] = summarizeFile(result.source, result.mutants, result.mutants.length);
		return { group, state: 'finished', started: meta.started, finished: meta.finished, durationMs: meta.durationMs, concurrency: meta.concurrency ?? 2, files };
	}
	const partial = readPartial(path.join(reportsDir, `${group}.partial.jsonl`));
	if (!partial) return undefined;
	for (const [file, mutants] of partial.byFile) {
		files[file] = summarizeFile(currentSource(file) ?? '', mutants, partial.planned[file] ?? mutants.length);
	}
	return { group, state: 'stopped', started: partial.started ?? meta.started, lastResult: partial.last, concurrency: meta.concurrency ?? 2, files };
}

function resultsFile(group) {
	return path.join(resultsDir, `${group}.json`);
}

export function readResults(group) {
	return readJson(resultsFile(group));
}

/** One line per file and per survivor, so a rerun's diff shows what changed. */
export function writeResults(results) {
	fs.mkdirSync(resultsDir, { recursive: true });
	const { files, ...head } = results;
	const out = [`{"group":${JSON.stringify(head.group)},`];
	for (const [key, value] of Object.entries(head)) if (key !== 'group') out.push(`"${key}":${JSON.stringify(value)},`);
	out.push('"files":{');
	const names = Object.keys(files).sort();
	names.forEach((file, index) => {
		const { survivors, ...rest } = files[file];
		out.push(`${JSON.stringify(file)}:{${Object.entries(rest).map(([key, value]) => `"${key}":${JSON.stringify(value)}`).join(',')},"survivors":[`);
		survivors.forEach((survivor, at) => out.push(`${JSON.stringify(survivor)}${at < survivors.length - 1 ? ',' : ''}`));
		out.push(`]}${index < names.length - 1 ? ',' : ''}`);
	});
	out.push('}}');
	fs.writeFileSync(resultsFile(results.group), `${out.join('\n')}\n`);
}
