/**
 * The versions of this package that README.md (and docker/, which builds from the same tarball)
 * names follow package.json. The rule:
 *
 * - What a reader builds, installs or pins is package.json's version: a tarball name
 *   (`n8n-nodes-print-store-X.Y.Z.tgz`, what `npm pack` makes of this checkout), a spec
 *   (`n8n-nodes-print-store@X.Y.Z`), the package in `N8N_COMMUNITY_PACKAGES`
 *   (`{"name":"n8n-nodes-print-store","version":"X.Y.Z"}`), the Dockerfile's `TARBALL`.
 * - What a reader is told about, a release's record, is package.json's version or one that
 *   CHANGELOG.md lists as released (`## [X.Y.Z] - date`): the Compatibility table's Release column
 *   (rows of earlier releases stay), and any other version of the package in the text (e.g.
 *   "upgrading from 0.1.0"). While the package is below 1.0, that is every X.Y.Z with major 0, as
 *   n8n, n8n-workflow and Node.js are all at 1 or above.
 *
 * - The guides under docs/ install or pin package.json's version too (their other numbers are n8n's).
 *
 * So `npm version` without README.md's install lines following it fails here (releasing.md, step 3).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const { name, version } = JSON.parse(read('package.json')) as { name: string; version: string };
const released = [...read('CHANGELOG.md').matchAll(/^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}$/gm)].map((match) => match[1]);

const SEMVER = String.raw`\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?`;
const escaped = name.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
/** Where a text names a version to build, install or pin. */
const INSTALLED = [
	new RegExp(`${escaped}-(${SEMVER})\\.tgz`, 'g'),
	new RegExp(`${escaped}@(${SEMVER})`, 'g'),
	new RegExp(`"name"\\s*:\\s*"${escaped}"\\s*,\\s*"version"\\s*:\\s*"(${SEMVER})"`, 'g'),
];

interface Named {
	file: string;
	version: string;
	where: string;
}

/** The versions a text names to build, install or pin, and where. */
function installed(file: string, text: string): Named[] {
	return INSTALLED.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => ({ file, version: match[1], where: match[0] })));
}

/** The Release column of README.md's Compatibility table. */
function releaseColumn(readme: string): Named[] {
	const table = /<!-- compatibility:begin -->([\s\S]*?)<!-- compatibility:end -->/.exec(readme)?.[1] ?? '';
	return table
		.split('\n')
		.filter((line) => line.startsWith('|') && !/^\|\s*(Release|-)/.test(line))
		.map((line) => ({ file: 'README.md', version: line.split('|')[1].trim(), where: `Compatibility table: ${line.trim()}` }));
}

/** Every other version with major 0 in the text (this package's, as it is below 1.0), outside what `installed` found. */
function mentioned(file: string, text: string): Named[] {
	const rest = INSTALLED.reduce((remaining, pattern) => remaining.replace(pattern, ''), text.replace(/<!-- compatibility:begin -->[\s\S]*?<!-- compatibility:end -->/, ''));
	return [...rest.matchAll(new RegExp(`(?<![\\d.])(0\\.\\d+\\.\\d+)(?![\\d]|\\.\\d)`, 'g'))].map((match) => ({
		file,
		version: match[1],
		where: rest.slice(Math.max(0, match.index - 30), match.index + match[1].length + 10).replace(/\s+/g, ' '),
	}));
}

function problems(texts: Record<string, string>): string[] {
	const found: string[] = [];
	for (const [file, text] of Object.entries(texts)) {
		for (const named of installed(file, text)) if (named.version !== version) found.push(`${file}: ${named.where} installs ${named.version}, not package.json's ${version}`);
		const records = [...(file === 'README.md' ? releaseColumn(text) : []), ...mentioned(file, text)];
		for (const named of records) if (named.version !== version && !released.includes(named.version)) found.push(`${file}: ${named.where} names ${named.version}, neither package.json's ${version} nor released in CHANGELOG.md (${released.join(', ')})`);
	}
	return found;
}

const files = ['README.md', 'docker/README.md', 'docker/Dockerfile'];
const texts = () => Object.fromEntries(files.map((file) => [file, read(file)]));
/** The guides under docs/, where what a reader installs or pins must follow package.json too (their other numbers are n8n's and its libraries'). */
const guides = () => readdirSync(path.join(root, 'docs')).filter((file) => file.endsWith('.md')).map((file) => `docs/${file}`);

test("README.md and docker/ install package.json's version, and name no version that was not released", () => {
	expect(version).toMatch(/^\d+\.\d+\.\d+/);
	expect(released.length).toBeGreaterThan(0);
	expect(problems(texts())).toEqual([]);
});

test("the guides under docs/ install and pin package.json's version", () => {
	const found = guides().flatMap((file) => installed(file, read(file)));
	// docs/n8n-3.md pins it in N8N_COMMUNITY_PACKAGES and quotes n8n's error naming it.
	expect(found.map((named) => named.file)).toContain('docs/n8n-3.md');
	expect(found.filter((named) => named.version !== version)).toEqual([]);
});

test('it reads every kind of place: a tarball, a spec, N8N_COMMUNITY_PACKAGES, the Release column, a version in the text', () => {
	const readme = read('README.md');
	expect(installed('README.md', readme).map((named) => named.where)).toEqual(
		expect.arrayContaining([`${name}-${version}.tgz`, `${name}@${version}`, `"name":"${name}","version":"${version}"`]),
	);
	expect(releaseColumn(readme).length).toBeGreaterThan(0);
	const dockerfile = read('docker/Dockerfile');
	expect(installed('docker/Dockerfile', dockerfile).map((named) => named.where)).toContain(`${name}-${version}.tgz`);
});

test('a changed number is seen: an install line, the Release column, an unreleased version in the text', () => {
	const readme = read('README.md');
	const next = '0.2.1';
	const withTarball = { 'README.md': readme.replace(`${name}-${version}.tgz`, `${name}-${next}.tgz`) };
	expect(problems(withTarball)).toEqual([`README.md: ${name}-${next}.tgz installs ${next}, not package.json's ${version}`]);
	const withSpec = { 'README.md': readme.replace(`${name}@${version}`, `${name}@${next}`) };
	expect(problems(withSpec)).toEqual([`README.md: ${name}@${next} installs ${next}, not package.json's ${version}`]);
	const withSettings = { 'README.md': readme.replace(`"version":"${version}"`, `"version":"${next}"`) };
	expect(problems(withSettings)).toHaveLength(1);
	const table = /<!-- compatibility:begin -->[\s\S]*?<!-- compatibility:end -->/.exec(readme)![0];
	const withRow = { 'README.md': readme.replace(table, table.replace(`| ${version} |`, '| 0.1.5 |')) };
	expect(problems(withRow)).toEqual([expect.stringMatching(/^README\.md: Compatibility table: \| 0\.1\.5 \| .* names 0\.1\.5, neither package\.json's/)]);
	const withProse = { 'README.md': readme.replace('## Credentials', 'Upgrading from 0.1.9: nothing to do.\n\n## Credentials') };
	expect(problems(withProse)).toEqual([expect.stringMatching(/^README\.md: .*Upgrading from 0\.1\.9.* names 0\.1\.9, neither/)]);
	// Not this package's: n8n's, n8n-workflow's and Node's versions, and IP addresses.
	expect(mentioned('README.md', 'n8n 2.41.1, `>=1.120.31 <2`, 127.0.0.1/32, Node 24')).toEqual([]);
});
