#!/usr/bin/env node
/**
 * `npm run scan`: n8n's community package scanner (@n8n/scan-community-package) on this checkout,
 * the way n8n scans a package before verifying it. Its CLI downloads the package from the npm
 * registry, checks its provenance, fetches the source the provenance names, and lints both with
 * ESLint (inline eslint-disable comments ignored). Here the same two analyses (its exported
 * analyzePackage, with the CLI's file patterns) run without the network:
 *   source   nodes/, credentials/ and package.json of this checkout
 *   tarball  the compiled .js and package.json of the tarball `npm pack` makes from it (npm test
 *            gives the one it packed for every check in PRINT_STORE_TARBALL)
 * The provenance check cannot run on an unpublished tarball: it needs `npm publish --provenance`
 * from a public GitHub repository's CI.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { analyzePackage, SOURCE_FILE_PATTERNS } from '@n8n/scan-community-package/scanner/scanner.mjs';

/** What the scanner's CLI lints in the downloaded tarball (analyzePackageByName). */
const TARBALL_FILE_PATTERNS = ['**/*.js', 'package.json'];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(path.join(os.tmpdir(), 'print-store-scan-'));
let passed = true;

async function scan(name, directory, patterns) {
	const result = await analyzePackage(directory, patterns);
	if (result.passed) {
		console.log(`scan: ${name} passed`);
		return;
	}
	passed = false;
	console.log(`scan: ${name} failed: ${result.message}`);
	if (result.details) console.log(result.details);
}

try {
	await scan('source (nodes/, credentials/, package.json)', root, SOURCE_FILE_PATTERNS);

	// The tarball npm test has packed for every check (PRINT_STORE_TARBALL), or one packed here: prepack
	// builds dist/, but scripts stay off (see .npmrc), so it is built explicitly.
	let tarball = process.env.PRINT_STORE_TARBALL;
	if (!tarball) {
		execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
		execFileSync('npm', ['pack', '--ignore-scripts', '--loglevel=error', '--pack-destination', work], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
		tarball = path.join(work, readdirSync(work).find((file) => file.endsWith('.tgz')));
	}
	execFileSync('tar', ['-xzf', tarball, '-C', work]);
	await scan(`tarball ${path.basename(tarball)}`, path.join(work, 'package'), TARBALL_FILE_PATTERNS);
} finally {
	rmSync(work, { recursive: true, force: true });
}

if (passed) {
	console.log("scan: n8n's community package scanner found nothing (provenance not checked: see scripts/scan-package.mjs)");
} else {
	console.log("scan: n8n's community package scanner would refuse this package");
	process.exitCode = 1;
}
