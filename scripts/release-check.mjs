#!/usr/bin/env node
/**
 * What must hold before a version is published (the publish workflow runs it with the pushed tag;
 * docs/releasing.md runs it by hand first):
 *   - the tag, when given, is package.json's version (tags have no "v": 0.2.0);
 *   - CHANGELOG.md has a dated section for that version, "## [0.2.0] - 2026-11-25";
 *   - README.md's Compatibility table lists the version and matches the end-to-end setups.
 * Exits 1 with every problem listed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { listedVersions, withTable } from './compatibility.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file) => readFileSync(path.join(root, file), 'utf8');

export function releaseProblems(tag) {
	const problems = [];
	const { version } = JSON.parse(read('package.json'));
	if (tag !== undefined && tag !== version) problems.push(`the tag ${tag} is not package.json's version ${version}`);
	const escaped = version.replace(/[.+-]/g, '\\$&');
	if (!new RegExp(`^## \\[${escaped}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm').test(read('CHANGELOG.md'))) {
		problems.push(`CHANGELOG.md has no section "## [${version}] - YYYY-MM-DD"`);
	}
	const readme = read('README.md');
	if (!listedVersions(readme).includes(version)) problems.push(`README.md's Compatibility table does not list ${version} (npm run compatibility)`);
	else if (withTable(readme, version) !== readme) problems.push(`README.md's Compatibility table is not what the end-to-end setups give (npm run compatibility)`);
	return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const problems = releaseProblems(process.argv[2]);
	if (problems.length > 0) {
		console.error(`Not ready to publish:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
		process.exit(1);
	}
	console.log('Ready to publish: tag, package.json, CHANGELOG.md and the Compatibility table agree');
}
