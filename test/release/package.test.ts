/**
 * What `npm publish` would ship, read from the real tarball: `npm run build`, then `npm pack
 * --dry-run --json` (what the registry would get, without writing a file). The build is n8n's
 * starter layout: one readable .js per source file, dist/nodes/... and dist/credentials/...
 * mirroring nodes/ and credentials/, so a stack trace in a user's n8n log names our files and
 * functions, and a source map beside each .js (as the starter's `sourceMap`), so n8n, which maps
 * stack traces (source-map-support), shows the .ts file and line. The tarball holds that, the icons and
 * codex files, README.md (at most 20 kB), LICENSE and package.json, and nothing else; the code requires nothing but n8n-workflow, Node's own modules
 * and its own files. Also the release files the publish workflow relies on: the lockfile agrees with
 * package.json, CHANGELOG.md keeps the Keep a Changelog form and has this version, and README.md's
 * Compatibility table is what the end-to-end setups give.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const packageJson = JSON.parse(read('package.json')) as {
	name: string;
	version: string;
	files: string[];
	devDependencies: Record<string, string>;
	dependencies?: Record<string, string>;
	peerDependencies?: Record<string, string>;
	n8n: { nodes: string[]; credentials: string[] };
};

interface Packed {
	size: number;
	unpackedSize: number;
	files: Array<{ path: string; size: number }>;
}
let packed: Packed;

/** npm without the npm_* settings an enclosing `npm test` exports (they would change what it does). */
function npm(args: string[]) {
	const env: NodeJS.ProcessEnv = {};
	for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('npm_')) env[key] = value;
	const result = spawnSync('npm', args, { cwd: root, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
	if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
	return result.stdout;
}

beforeAll(() => {
	npm(['run', 'build', '--silent']);
	packed = (JSON.parse(npm(['pack', '--dry-run', '--json', '--loglevel=error'])) as Packed[])[0];
}, 180_000);

/** Every file below `folder` (relative to the repository, '/'-separated), sorted. */
function filesUnder(folder: string): string[] {
	const full = path.join(root, folder);
	if (!existsSync(full)) return [];
	return (readdirSync(full, { recursive: true, withFileTypes: true }) as Array<{ name: string; parentPath: string; isFile(): boolean }>)
		.filter((entry) => entry.isFile())
		.map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
		.sort();
}

/** The sources tsc compiles (tsconfig.build.json: nodes/ and credentials/, tests left out). */
const sources = () => [...filesUnder('nodes'), ...filesUnder('credentials')].filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'));
/** Where each source's JavaScript is published. */
const compiled = (source: string) => `dist/${source.replace(/\.ts$/, '.js')}`;
const builtCode = () => filesUnder('dist').filter((file) => file.endsWith('.js'));

test('README.md is at most 10 kB, and it is in the tarball', () => {
	expect(Buffer.byteLength(read('README.md'))).toBeLessThanOrEqual(10_000);
	expect(packed.files.map((file) => file.path)).toContain('README.md');
});

test('dist/ mirrors nodes/ and credentials/ file by file: each source has its .js at the same path, and there is no other .js', () => {
	expect(sources().length).toBeGreaterThan(10);
	expect(builtCode()).toEqual(sources().map(compiled).sort());
	// The files n8n loads are among them.
	for (const file of [...packageJson.n8n.nodes, ...packageJson.n8n.credentials]) expect(builtCode()).toContain(file);
});

test('the published code is readable: short lines, and every function keeps the name it has in the source', () => {
	let checked = 0;
	for (const source of sources()) {
		const code = read(compiled(source));
		const lines = code.split('\n').filter((line) => line.trim() !== '');
		const averageLength = lines.reduce((sum, line) => sum + line.length, 0) / lines.length;
		// tsc keeps the source's lines (about 55 characters on average here); a minifier makes one long line.
		expect({ file: compiled(source), short: averageLength <= 120 }).toEqual({ file: compiled(source), short: true });
		// Each function declared in the source (a minifier renames those it does not export; tsc renames none).
		const functions = [...read(source).matchAll(/^\s*(?:export\s+)?(?:async\s+)?function\*?\s+([\w$]+)/gm)].map((match) => match[1]);
		checked += functions.length;
		const missing = functions.filter((name) => !new RegExp(`\\bfunction\\s+${name.replace(/\$/g, '\\$')}\\b`).test(code));
		expect({ file: compiled(source), missing }).toEqual({ file: compiled(source), missing: [] });
	}
	expect(checked).toBeGreaterThan(100);
	// The functions a failed request's stack names (test/e2e/stack-trace.test.ts sees them in n8n).
	expect(read('dist/nodes/shared/transport/index.js')).toMatch(/^async function apiRequestWithStatus\(/m);
});

test('each .js has its source map beside it, and the map points at the source the .js was compiled from', () => {
	let checked = 0;
	for (const source of sources()) {
		const code = compiled(source);
		const mapFile = `${code}.map`;
		// The comment n8n's source-map-support (and Node's --enable-source-maps) follows to the map.
		expect({ code, last: read(code).trimEnd().split('\n').at(-1) }).toEqual({ code, last: `//# sourceMappingURL=${path.basename(mapFile)}` });
		const map = JSON.parse(read(mapFile)) as { version: number; file: string; sources: string[]; mappings: string };
		// Its sources, resolved from the map's folder as a stack trace mapper resolves them: the .ts at the same path in the repository (not published, as in the starter).
		const resolved = map.sources.map((entry) => path.posix.join(path.posix.dirname(mapFile), entry));
		expect({ mapFile, file: map.file, resolved }).toEqual({ mapFile, file: path.basename(code), resolved: [source] });
		expect(map.mappings.length).toBeGreaterThan(0);
		checked++;
	}
	expect(checked).toBe(sources().length);
});

test('the tarball holds the compiled code with its source maps, the icons, the codex files, README.md, LICENSE and package.json, and nothing else', () => {
	const paths = packed.files.map((file) => file.path).sort();
	expect(paths).toEqual(
		[
			'LICENSE',
			'README.md',
			'package.json',
			...sources().map(compiled),
			...sources().map((source) => `${compiled(source)}.map`),
			...filesUnder('icons').filter((file) => file.endsWith('.svg')).map((file) => `dist/${file}`),
			...filesUnder('nodes').filter((file) => file.endsWith('.node.json')).map((file) => `dist/${file}`),
		].sort(),
	);
	expect(paths).toEqual(expect.arrayContaining(['dist/icons/printStore.svg', 'dist/nodes/PrintStore/PrintStore.node.json']));
	for (const forbidden of [/^docs\//, /^test\//, /^sandbox\//, /^scripts\//, /^bench\//, /^examples\//, /\.ts$/, /\.test\./]) {
		expect(paths.filter((file) => forbidden.test(file))).toEqual([]);
	}
});

test('each file n8n loads gives n8n the class its name promises', () => {
	for (const file of [...packageJson.n8n.nodes, ...packageJson.n8n.credentials]) {
		const className = path.basename(file).split('.')[0];
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const loaded = require(path.join(root, file)) as Record<string, new () => { description?: { name: string }; name?: string }>;
		expect(Object.keys(loaded)).toEqual([className]);
		const instance = new loaded[className]();
		expect(instance.description?.name ?? instance.name).toBe(className.charAt(0).toLowerCase() + className.slice(1));
	}
});

test('no runtime dependencies: n8n-workflow is a peer, everything else is for development', () => {
	expect(packageJson.dependencies ?? {}).toEqual({});
	expect(Object.keys(packageJson.peerDependencies ?? {})).toEqual(['n8n-workflow']);
});

test('the published code requires only n8n-workflow, Node\'s own modules and its own files', () => {
	const outside: string[] = [];
	let required = 0;
	for (const file of builtCode()) {
		for (const [call, argument] of read(file).matchAll(/\brequire\(([^)]*)\)/g)) {
			required++;
			const name = /^"([^"]+)"$|^'([^']+)'$/.exec(argument.trim());
			const target = name?.[1] ?? name?.[2];
			if (target === 'n8n-workflow' || target?.startsWith('node:')) continue;
			// A relative require must land on a .js of dist/ (its own code, never a file outside it).
			const resolved = target?.startsWith('.') ? path.relative(root, path.resolve(root, path.dirname(file), target)).split(path.sep).join('/') : undefined;
			if (resolved?.startsWith('dist/') && (existsSync(path.join(root, `${resolved}.js`)) || existsSync(path.join(root, resolved, 'index.js')))) continue;
			outside.push(`${file}: ${call}`);
		}
	}
	expect(required).toBeGreaterThan(50);
	expect(outside).toEqual([]);
});

test('package-lock.json is package.json\'s: same name, version and development dependencies (npm ci relies on it)', () => {
	const lock = JSON.parse(read('package-lock.json')) as { name: string; version: string; packages: Record<string, { name?: string; version?: string; devDependencies?: Record<string, string>; resolved?: string }> };
	expect(lock.name).toBe(packageJson.name);
	expect(lock.version).toBe(packageJson.version);
	expect(lock.packages[''].version).toBe(packageJson.version);
	expect(lock.packages[''].devDependencies).toEqual(packageJson.devDependencies);
	// Every pinned development dependency is locked at the version package.json names.
	for (const [name, version] of Object.entries(packageJson.devDependencies)) {
		expect({ name, version: lock.packages[`node_modules/${name}`]?.version }).toEqual({ name, version });
	}
});

test('CHANGELOG.md: Keep a Changelog form, with a dated section for this version and a link for each version', () => {
	const changelog = read('CHANGELOG.md');
	expect(changelog).toMatch(/^# Changelog\n/);
	expect(changelog).toContain('https://keepachangelog.com/en/1.1.0/');
	expect(changelog).toContain('https://semver.org/spec/v2.0.0.html');
	const versions = [...changelog.matchAll(/^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$/gm)].map((match) => ({ version: match[1], date: match[2] }));
	expect(versions.map((entry) => entry.version)).toContain(packageJson.version);
	for (const entry of versions) {
		if (entry.version !== 'Unreleased') expect(entry.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
		// Each version heading has its link reference at the bottom.
		expect(changelog).toMatch(new RegExp(`^\\[${entry.version.replace(/[.+-]/g, '\\$&')}\\]: https://`, 'm'));
	}
	// Newest first.
	const dated = versions.filter((entry) => entry.date).map((entry) => entry.date as string);
	expect([...dated].sort().reverse()).toEqual(dated);
	// Only the change types Keep a Changelog names.
	for (const [, type] of changelog.matchAll(/^### (.+)$/gm)) expect(['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security']).toContain(type);
});

test('README.md\'s Compatibility table is what the end-to-end setups give, and the release check passes for this version', () => {
	const check = spawnSync(process.execPath, [path.join(root, 'scripts', 'compatibility.mjs'), '--check'], { cwd: root, encoding: 'utf8' });
	expect(check.stderr).toBe('');
	expect(check.status).toBe(0);
	const release = spawnSync(process.execPath, [path.join(root, 'scripts', 'release-check.mjs'), packageJson.version], { cwd: root, encoding: 'utf8' });
	expect(release.stderr).toBe('');
	expect(release.status).toBe(0);
	// A tag that is not the version is refused.
	const wrongTag = spawnSync(process.execPath, [path.join(root, 'scripts', 'release-check.mjs'), `v${packageJson.version}`], { cwd: root, encoding: 'utf8' });
	expect(wrongTag.status).toBe(1);
	expect(wrongTag.stderr).toContain(`the tag v${packageJson.version} is not package.json's version ${packageJson.version}`);
});

test('the Compatibility table has one row per end-to-end setup for this version', () => {
	const setups = ['jest.e2e.config.js', 'jest.e2e.queue.config.js', 'jest.e2e.n8n1.config.js'].map(
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		(file) => (require(path.join(root, file)) as { globals: { printStoreSetup: { mode: string; n8nVersion: string } } }).globals.printStoreSetup,
	);
	const readme = read('README.md');
	const section = readme.slice(readme.indexOf('<!-- compatibility:begin -->'), readme.indexOf('<!-- compatibility:end -->'));
	const rows = section.split('\n').filter((line) => line.startsWith(`| ${packageJson.version} |`)).map((line) => line.split('|').map((cell) => cell.trim()));
	expect(rows.map((row) => row[2])).toEqual(setups.map((setup) => setup.n8nVersion));
	expect(rows.map((row) => /queue mode/.test(row[3]))).toEqual(setups.map((setup) => setup.mode === 'queue'));
});
