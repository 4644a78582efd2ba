/**
 * One install command, scripts/install-into-n8n.sh: README.md's "Installation" gives it,
 * docker/README.md and docker/Dockerfile run it, and the end-to-end setup installs the package into
 * its real n8n with it (scripts/n8n/package.ts, installIntoUserFolder). Here: every place that runs
 * it runs it as `installCommand` words it, README.md gives no other way to install from a shell, the
 * Dockerfile's install step is that command, as the node user, into /home/node/.n8n/nodes; and the
 * script itself, run for real on a small package packed here, does what README.md says. The real
 * package in a real n8n is the end-to-end suite's: every one of its setups starts with this install.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { Log } from '../../scripts/n8n/log';
import { INSTALL_SCRIPT, installCommand, installIntoUserFolder, PACKAGE_NAME } from '../../scripts/n8n/package';
import { N8N_VERSION } from '../../scripts/n8n/runtime';

const root = path.resolve(__dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const DOCKER_NODES_FOLDER = '/home/node/.n8n/nodes';

/** A heading's section, up to the next heading of its level or above. */
function section(markdown: string, heading: string): string {
	const start = markdown.indexOf(`\n${heading}\n`);
	if (start < 0) return '';
	const level = heading.indexOf(' ');
	const rest = markdown.slice(start + heading.length + 2);
	const end = rest.search(new RegExp(`\\n#{1,${level}} `));
	return end < 0 ? rest : rest.slice(0, end);
}

/** The lines of the fenced code blocks of a markdown text. */
function codeLines(markdown: string): string[] {
	return [...markdown.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].flatMap((match) => match[1].split('\n')).filter((line) => line.trim() !== '');
}

/** Shell words of one simple command (quotes removed; enough for the commands these files show). */
const words = (command: string) => command.trim().split(/\s+/).map((word) => word.replace(/^(["'])(.*)\1$/, '$2'));

/** Where a line runs the script: the command from `sh <script>` up to the end, a `&&` or a comment. */
function scriptRuns(line: string): string[][] {
	return [...line.matchAll(/(?:^|&&|;|\s)(\S*sh\s+\S*install-into-n8n\.sh[^&;#]*)/g)].map((match) => words(match[1]));
}

/** Problems with a run of the script: anything but `installCommand(source, folder?)`. */
function runProblems(where: string, run: string[]): string[] {
	const [, , source, folder, ...rest] = run;
	const expected = source === undefined ? undefined : installCommand(source, folder);
	if (rest.length > 0 || !expected || JSON.stringify(run) !== JSON.stringify(expected)) return [`${where}: "${run.join(' ')}" is not the tested command (${installCommand('<tarball or npm spec>', '[folder]').join(' ')})`];
	return [];
}

/** README.md's install section: the script with a tarball and with the npm name, and no other install command. */
function readmeProblems(readme: string): string[] {
	const text = section(readme, '## Installation');
	if (!text) return ['README.md has no "## Installation" section'];
	const lines = codeLines(text);
	const runs = lines.flatMap(scriptRuns);
	const problems = runs.flatMap((run) => runProblems('README.md', run));
	if (!runs.some((run) => new RegExp(`^${PACKAGE_NAME}-\\d+\\.\\d+\\.\\d+\\.tgz$`).test(run[2] ?? ''))) problems.push(`README.md: no ${INSTALL_SCRIPT} with a tarball (${PACKAGE_NAME}-X.Y.Z.tgz)`);
	if (!runs.some((run) => new RegExp(`^${PACKAGE_NAME}@\\d+\\.\\d+\\.\\d+$`).test(run[2] ?? ''))) problems.push(`README.md: no ${INSTALL_SCRIPT} with the npm name (${PACKAGE_NAME}@X.Y.Z)`);
	for (const line of lines) if (/\b(npm\s+(install|i|add)|yarn\s+add|pnpm\s+(add|install))\b/.test(line)) problems.push(`README.md: "${line.trim()}" installs another way than ${INSTALL_SCRIPT}`);
	return problems;
}

/** The Dockerfile's instructions, continuation lines joined, comments left out. */
function instructions(dockerfile: string): Array<{ keyword: string; args: string }> {
	return dockerfile
		.replace(/\\\n/g, ' ')
		.split('\n')
		.filter((line) => line.trim() && !line.trim().startsWith('#'))
		.map((line) => {
			const [, keyword, args] = /^\s*(\S+)\s*(.*)$/.exec(line)!;
			return { keyword: keyword.toUpperCase(), args: args.trim() };
		});
}

/**
 * The Dockerfile: from n8n's image at the pinned version, and one install step, as the node user,
 * that changes into the repository files mounted for it and runs the tested command into the nodes
 * folder of n8n's image.
 */
function dockerfileProblems(dockerfile: string): string[] {
	const steps = instructions(dockerfile);
	const problems: string[] = [];
	const args = new Map(steps.filter((step) => step.keyword === 'ARG').map((step) => step.args.split('=') as [string, string]));
	const from = steps.find((step) => step.keyword === 'FROM')?.args.replace(/\$\{(\w+)\}/g, (_, name: string) => args.get(name) ?? '') ?? '';
	if (from !== `n8nio/n8n:${N8N_VERSION}`) problems.push(`Dockerfile: FROM ${from}, not n8n's image at the tested version (n8nio/n8n:${N8N_VERSION})`);
	const installIndex = steps.findIndex((step) => step.keyword === 'RUN' && step.args.includes('install-into-n8n.sh'));
	const installs = steps.filter((step) => step.keyword === 'RUN' && /npm|install-into-n8n/.test(step.args));
	if (installIndex < 0) return [...problems, `Dockerfile: no RUN step runs ${INSTALL_SCRIPT}`];
	if (installs.length !== 1) problems.push(`Dockerfile: ${installs.length} RUN steps install; only the tested command may`);
	const user = steps.slice(0, installIndex).filter((step) => step.keyword === 'USER').pop()?.args;
	if (user !== 'node') problems.push(`Dockerfile: the install runs as ${user ?? "the base image's user"}, not as node`);
	const run = steps[installIndex].args;
	const mount = /--mount=type=bind,source=\.,target=(\S+)/.exec(run)?.[1];
	const commands = run.replace(/--mount=\S+/g, '').split('&&').map((part) => part.trim());
	if (!mount || commands.length !== 2 || commands[0] !== `cd ${mount}`) problems.push(`Dockerfile: the install step does not run in the build context's files (cd into a bind mount of ".")`);
	const runs = scriptRuns(commands[commands.length - 1]);
	problems.push(...runs.flatMap((each) => runProblems('Dockerfile', each)));
	if (runs[0]?.[2] !== '$TARBALL' || runs[0]?.[3] !== DOCKER_NODES_FOLDER) problems.push(`Dockerfile: the install is not of "$TARBALL" into ${DOCKER_NODES_FOLDER}`);
	return problems;
}

test("README.md installs with the end-to-end setup's command only: a tarball now, the npm name after release", () => {
	expect(readmeProblems(read('README.md'))).toEqual([]);
});

test('docker/README.md runs the same command wherever it runs the script', () => {
	const runs = codeLines(read('docker/README.md')).flatMap(scriptRuns);
	expect(runs.length).toBeGreaterThan(0);
	expect(runs.flatMap((run) => runProblems('docker/README.md', run))).toEqual([]);
});

test("docker/Dockerfile's install step is the tested command, as node, into n8n's nodes folder", () => {
	expect(dockerfileProblems(read('docker/Dockerfile'))).toEqual([]);
	// The build context sends what the step mounts: the script and the tarball it names by default.
	const ignore = read('docker/Dockerfile.dockerignore').split('\n');
	const tarball = /^ARG TARBALL=(\S+)$/m.exec(read('docker/Dockerfile'))?.[1] ?? '';
	expect(ignore).toContain(`!${INSTALL_SCRIPT}`);
	const allowed = ignore.filter((line) => line.startsWith('!')).map((line) => new RegExp(`^${line.slice(1).replace(/[.]/g, '\\.').replace(/\*/g, '[^/]*')}$`));
	expect({ tarball, sent: allowed.some((pattern) => pattern.test(tarball)) }).toEqual({ tarball, sent: true });
});

test('the checks see drift: another command in README.md, a script renamed, an install as root or of something else', () => {
	const readme = read('README.md');
	const tarballLine = /^sh scripts\/install-into-n8n\.sh n8n-nodes-print-store-[\d.]+\.tgz$/m.exec(readme)![0];
	expect(readmeProblems(readme.replace(tarballLine, 'cd ~/.n8n/nodes && npm install n8n-nodes-print-store-0.2.0.tgz'))).toEqual([
		`README.md: no ${INSTALL_SCRIPT} with a tarball (${PACKAGE_NAME}-X.Y.Z.tgz)`,
		'README.md: "cd ~/.n8n/nodes && npm install n8n-nodes-print-store-0.2.0.tgz" installs another way than scripts/install-into-n8n.sh',
	]);
	expect(readmeProblems(readme.replace(tarballLine, tarballLine.replace('scripts/install-into-n8n.sh', 'scripts/install.sh')))).toContain(`README.md: no ${INSTALL_SCRIPT} with a tarball (${PACKAGE_NAME}-X.Y.Z.tgz)`);
	expect(readmeProblems(readme.replace(tarballLine, `${tarballLine} ~/.n8n/nodes --force`))[0]).toMatch(/is not the tested command/);
	const dockerfile = read('docker/Dockerfile');
	expect(dockerfileProblems(dockerfile.replace('USER node', 'USER root'))).toEqual(['Dockerfile: the install runs as root, not as node']);
	expect(dockerfileProblems(dockerfile.replace('"$TARBALL" /home/node/.n8n/nodes', '"$TARBALL" /usr/local/lib/node_modules/n8n'))).toEqual([`Dockerfile: the install is not of "$TARBALL" into ${DOCKER_NODES_FOLDER}`]);
	expect(dockerfileProblems(dockerfile.replace('&& sh scripts/install-into-n8n.sh', '&& sh /tmp/install-into-n8n.sh'))[0]).toMatch(/is not the tested command/);
	expect(dockerfileProblems(`${dockerfile}\nRUN cd /home/node/.n8n/nodes && npm install n8n-nodes-print-store\n`)).toEqual(['Dockerfile: 2 RUN steps install; only the tested command may']);
	expect(dockerfileProblems(dockerfile.replace(`n8nio/n8n:${N8N_VERSION}`, 'n8nio/n8n:latest'))).toEqual([`Dockerfile: FROM n8nio/n8n:latest, not n8n's image at the tested version (n8nio/n8n:${N8N_VERSION})`]);
});

describe('the script, run on a package packed here', () => {
	let work: string;
	let tarball: string;
	/** The environment of a user's shell: no npm_* settings of an enclosing `npm test`, HOME and N8N_USER_FOLDER as given. */
	const shellEnv = (extra: Record<string, string>) => {
		const env: NodeJS.ProcessEnv = {};
		for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('npm_') && key !== 'N8N_USER_FOLDER') env[key] = value;
		return { ...env, npm_config_update_notifier: 'false', ...extra };
	};
	/** Runs a command from the repository root, as README.md's are; its stderr is part of what fails when it does. */
	const runCommand = (command: string[], env: Record<string, string>) => spawnSync(command[0], command.slice(1), { cwd: root, env: shellEnv(env), encoding: 'utf8' });
	const expectSuccess = (result: ReturnType<typeof runCommand>) => expect({ status: result.status, stderr: result.status === 0 ? '' : result.stderr }).toEqual({ status: 0, stderr: '' });
	const installedVersion = (nodes: string) => (JSON.parse(readFileSync(path.join(nodes, 'node_modules', PACKAGE_NAME, 'package.json'), 'utf8')) as { version: string }).version;

	beforeAll(() => {
		work = mkdtempSync(path.join(os.tmpdir(), 'print-store-install-'));
		const source = path.join(work, 'package');
		mkdirSync(source);
		// What the script relies on in the real package: its name, a peer on n8n-workflow, no dependencies.
		writeFileSync(path.join(source, 'package.json'), JSON.stringify({ name: PACKAGE_NAME, version: '9.9.9', peerDependencies: { 'n8n-workflow': '*' }, n8n: { nodes: [] } }));
		const packed = spawnSync('npm', ['pack', '--pack-destination', work, '--loglevel=error'], { cwd: source, env: shellEnv({}), encoding: 'utf8' });
		expect(packed.status).toBe(0);
		tarball = path.join(work, `${PACKAGE_NAME}-9.9.9.tgz`);
	}, 60_000);
	afterAll(() => rmSync(work, { recursive: true, force: true }));

	test("installIntoUserFolder (the end-to-end setup's install) runs it: a new nodes folder gets a package.json, the package and its tarball, no n8n-workflow", async () => {
		const lines: string[] = [];
		const log: Log = { info: (line) => lines.push(line), step: (_title, run) => run() };
		const userFolder = path.join(work, 'e2e-user');
		const installed = await installIntoUserFolder(log, tarball, userFolder);
		const nodes = path.join(userFolder, '.n8n', 'nodes');
		expect(installed).toBe(path.join(nodes, 'node_modules', PACKAGE_NAME));
		expect(installedVersion(nodes)).toBe('9.9.9');
		// The line only the script prints, so the setup did run it.
		expect(lines).toContain(`  Installed ${PACKAGE_NAME}@9.9.9 in ${nodes}. Restart n8n to load it.`);
		expect(JSON.parse(readFileSync(path.join(nodes, 'package.json'), 'utf8'))).toEqual({ name: 'installed-nodes', private: true, dependencies: { [PACKAGE_NAME]: `file:${PACKAGE_NAME}-9.9.9.tgz` } });
		expect(existsSync(path.join(nodes, `${PACKAGE_NAME}-9.9.9.tgz`))).toBe(true);
		expect(existsSync(path.join(nodes, 'node_modules', 'n8n-workflow'))).toBe(false);
	}, 60_000);

	test("README.md's command without a folder installs into n8n's default one: $N8N_USER_FOLDER/.n8n/nodes, else ~/.n8n/nodes", () => {
		const home = path.join(work, 'home');
		const byHome = runCommand(installCommand(tarball), { HOME: home });
		expectSuccess(byHome);
		expect(installedVersion(path.join(home, '.n8n', 'nodes'))).toBe('9.9.9');
		const userFolder = path.join(work, 'n8n-user-folder');
		const byUserFolder = runCommand(installCommand(tarball), { HOME: home, N8N_USER_FOLDER: userFolder });
		expectSuccess(byUserFolder);
		expect(installedVersion(path.join(userFolder, '.n8n', 'nodes'))).toBe('9.9.9');
	}, 60_000);

	test('a nodes folder n8n already uses keeps its package.json, and the tarball may already lie in it', () => {
		const nodes = path.join(work, 'existing', 'nodes');
		mkdirSync(nodes, { recursive: true });
		writeFileSync(path.join(nodes, 'package.json'), JSON.stringify({ name: 'installed-nodes', private: true, description: 'n8n wrote this', dependencies: {} }));
		spawnSync('cp', [tarball, nodes]);
		const result = runCommand(installCommand(path.join(nodes, path.basename(tarball)), nodes), { HOME: path.join(work, 'home') });
		expectSuccess(result);
		expect(installedVersion(nodes)).toBe('9.9.9');
		expect(JSON.parse(readFileSync(path.join(nodes, 'package.json'), 'utf8'))).toMatchObject({ description: 'n8n wrote this', dependencies: { [PACKAGE_NAME]: `file:${PACKAGE_NAME}-9.9.9.tgz` } });
	}, 60_000);

	test('it refuses what is neither a tarball nor this package, and a tarball that is not there, and says how to make one', () => {
		const other = runCommand(installCommand('n8n-nodes-other'), { HOME: path.join(work, 'home') });
		expect({ status: other.status, stderr: other.stderr }).toEqual({ status: 2, stderr: expect.stringContaining(`usage: sh ${INSTALL_SCRIPT}`) });
		const missing = runCommand(installCommand(path.join(work, `${PACKAGE_NAME}-0.0.1.tgz`)), { HOME: path.join(work, 'home') });
		expect({ status: missing.status, stderr: missing.stderr }).toEqual({ status: 1, stderr: expect.stringContaining('npm ci && npm run build && npm pack') });
	});
});
