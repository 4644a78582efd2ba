/**
 * The package as users get it: `npm run build`, `npm pack`, then the tarball installed into
 * `<user folder>/.n8n/nodes` by the command README.md gives users (scripts/install-into-n8n.sh).
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

import type { Log } from './log';
import { run } from './process';
import { REPO_ROOT, withoutNpmVariables } from './runtime';

export const PACKAGE_NAME = 'n8n-nodes-print-store';

const cleanEnv = () => withoutNpmVariables(process.env);

/** Builds dist and packs it into outDir; returns the tarball's path. */
export async function buildAndPack(log: Log, outDir: string): Promise<string> {
	// npm test builds and packs once for all its end-to-end setups (scripts/test.js), and says where.
	const packed = process.env.PRINT_STORE_TARBALL;
	if (packed && existsSync(packed)) {
		log.info(`  using ${path.basename(packed)}, built and packed by npm test for every setup`);
		return packed;
	}
	return await buildAndPackAt(log, REPO_ROOT, outDir);
}

/** Builds the package in `root` (this checkout, or another version of it with its node_modules) and packs it into outDir. */
export async function buildAndPackAt(log: Log, root: string, outDir: string): Promise<string> {
	mkdirSync(outDir, { recursive: true });
	await log.step(`Building the package (npm run build${root === REPO_ROOT ? '' : ` in ${root}`})`, () => run('npm', ['run', 'build'], { cwd: root, env: cleanEnv() }));
	return await log.step('Packing it (npm pack)', async () => {
		// The project's .npmrc turns scripts off, so prepack would not build: built just above.
		const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', outDir], { cwd: root, env: cleanEnv() });
		const start = stdout.indexOf('[');
		const [packed] = JSON.parse(stdout.slice(start)) as Array<{ filename: string; files: Array<{ path: string }> }>;
		const tarball = path.join(outDir, packed.filename);
		log.info(`  ${packed.filename} (${packed.files.length} files)`);
		return tarball;
	});
}

/** The one install command, README.md's "Installation" (test/release/install-command.test.ts keeps them the same). */
export const INSTALL_SCRIPT = 'scripts/install-into-n8n.sh';

/** The command, as words, that installs `source` (a tarball or an npm spec) into the nodes folder `nodesDir` (run from the repository). */
export function installCommand(source: string, nodesDir?: string): string[] {
	return ['sh', INSTALL_SCRIPT, source, ...(nodesDir === undefined ? [] : [nodesDir])];
}

/** Installs the tarball into `<userFolder>/.n8n/nodes`, where n8n loads community packages from, with README.md's command. */
export async function installIntoUserFolder(log: Log, tarball: string, userFolder: string): Promise<string> {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const [command, ...args] = installCommand(tarball, nodesDir);
	const { stdout } = await log.step(`Installing ${path.basename(tarball)} into ${nodesDir} (${INSTALL_SCRIPT})`, () => run(command, args, { cwd: REPO_ROOT, env: cleanEnv() }));
	// The script's own last line: "Installed <package>@<version> in <folder>. ..."
	log.info(`  ${stdout.trim().split('\n').pop() ?? ''}`);
	return path.join(nodesDir, 'node_modules', PACKAGE_NAME);
}
