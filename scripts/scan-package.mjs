#!/usr/bin/env node
/**
 * `npm run scan`: n8n's community package scanner (@n8n/scan-community-package) on the packed
 * tarball, the way n8n scans a package before verifying it. The scanner's CLI downloads the package
 * from the npm registry by name; here the same analysis (its exported analyzePackage) runs on the
 * tarball this checkout packs, so a change is scanned before it is published.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(path.join(os.tmpdir(), 'print-store-scan-'));
try {
	// prepack builds dist/ first; scripts stay off for the rest (see .npmrc), so ask for it explicitly.
	execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
	execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', work], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
	const tarball = readdirSync(work).find((file) => file.endsWith('.tgz'));
	const unpacked = path.join(work, 'package');
	execFileSync('tar', ['-xzf', path.join(work, tarball), '-C', work]);
	const { analyzePackage } = await import('@n8n/scan-community-package/scanner/scanner.mjs');
	const result = await analyzePackage(unpacked);
	if (result.passed) {
		console.log(`scan: ${tarball} passed n8n's community package scanner`);
	} else {
		console.log(`scan: ${tarball} failed n8n's community package scanner: ${result.message}`);
		if (result.details) console.log(result.details);
		process.exitCode = 1;
	}
} finally {
	rmSync(work, { recursive: true, force: true });
}
