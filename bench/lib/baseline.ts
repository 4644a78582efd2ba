/**
 * Another commit of the package, built and packed, for a benchmark's "before": `git archive` of the
 * commit into a temporary folder, this checkout's node_modules linked in (the commit's lockfile must
 * install the same build tools: its tsc and gulp are this checkout's), then `npm run build` and
 * `npm pack` there. The tarball is installed into an n8n of its own (lib/n8n.ts, startBenchN8n).
 */
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { Log } from '../../scripts/n8n/log';
import { buildAndPackAt } from '../../scripts/n8n/package';
import { run } from '../../scripts/n8n/process';
import { REPO_ROOT } from '../../scripts/n8n/runtime';

export interface Baseline {
	/** The commit as given (a branch, a tag, a hash) and its short hash. */
	ref: string;
	commit: string;
	tarball: string;
	remove(): void;
}

export async function packBaseline(log: Log, ref: string): Promise<Baseline> {
	const dir = mkdtempSync(path.join(os.tmpdir(), 'print-store-baseline-'));
	try {
		const commit = (await run('git', ['rev-parse', '--short', `${ref}^{commit}`], { cwd: REPO_ROOT })).stdout.trim();
		await log.step(`Extracting ${ref} (${commit}) for the baseline`, () => run('bash', ['-c', `git archive --format=tar ${commit} | tar -x -C '${dir}'`], { cwd: REPO_ROOT }));
		symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
		const tarball = await buildAndPackAt(log, dir, path.join(dir, 'pack'));
		return { ref, commit, tarball, remove: () => rmSync(dir, { recursive: true, force: true }) };
	} catch (error) {
		rmSync(dir, { recursive: true, force: true });
		throw error;
	}
}
