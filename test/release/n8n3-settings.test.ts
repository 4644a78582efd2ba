/**
 * README.md's "n8n 3.0 and Docker" section and the runs with n8n 3.0's settings read one list,
 * scripts/n8n/n8n3.ts: every setting of it is in the section, with its value (or the placeholder a
 * reader fills in), the section gives no n8n setting outside it, and the end-to-end files that try
 * 3.0's settings, and every n8n process of the suite, take their settings from it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { CONTAINER_INSTALL, MANUAL_RUNS_ON_WORKERS, README_SETTINGS, SSRF_PROTECTION, UNVERIFIED_ALLOWED } from '../../scripts/n8n/n8n3';

const root = path.resolve(__dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const HEADING = '### n8n 3.0 and Docker';

/** The section, up to the next heading of its level or above. */
function section(readme: string): string {
	const start = readme.indexOf(HEADING);
	if (start < 0) return '';
	const rest = readme.slice(start + HEADING.length);
	const end = rest.search(/\n#{2,3} /);
	return end < 0 ? rest : rest.slice(0, end);
}

/** The n8n settings a text names as NAME=value (or NAME alone). */
const settingNames = (text: string) => [...new Set([...text.matchAll(/\b((?:N8N|OFFLOAD|EXECUTIONS|QUEUE|DB)_[A-Z0-9_]+)\b/g)].map((match) => match[1]))].sort();
/** Settings the section may name without giving them: the one a placeholder points at. */
const MENTIONED = ['N8N_WEBHOOK_URL'];

function problems(readme: string): string[] {
	const text = section(readme);
	if (!text) return [`README.md has no "${HEADING}" section`];
	const missing = README_SETTINGS.filter((setting) => !text.includes(`${setting.name}=${setting.value ?? setting.placeholder}`)).map((setting) => `missing: ${setting.name}=${setting.value ?? setting.placeholder}`);
	const listed = new Set([...README_SETTINGS.map((setting) => setting.name), ...MENTIONED]);
	const extra = settingNames(text).filter((name) => !listed.has(name)).map((name) => `not in scripts/n8n/n8n3.ts: ${name}`);
	return [...missing, ...extra];
}

test('README.md gives every setting of the list, with its value, and no other', () => {
	expect(problems(read('README.md'))).toEqual([]);
});

test('the check sees a README that drifted: a changed value, a dropped setting, a setting of its own', () => {
	const readme = read('README.md');
	expect(problems(readme.replace('N8N_UNVERIFIED_PACKAGES_ENABLED=true', 'N8N_UNVERIFIED_PACKAGES_ENABLED=false'))).toContain('missing: N8N_UNVERIFIED_PACKAGES_ENABLED=true');
	expect(problems(readme.replace(/^N8N_COMMUNITY_PACKAGES_MANAGED_BY_ENV=true\n/m, ''))).toContain('missing: N8N_COMMUNITY_PACKAGES_MANAGED_BY_ENV=true');
	expect(problems(readme.replace(HEADING, `${HEADING}\n\nAlso set N8N_COMMUNITY_PACKAGES_REGISTRY=https://example.org.`))).toContain('not in scripts/n8n/n8n3.ts: N8N_COMMUNITY_PACKAGES_REGISTRY');
	expect(problems(readme.replace(HEADING, '### Docker'))).toEqual([`README.md has no "${HEADING}" section`]);
});

test("the package's version in N8N_COMMUNITY_PACKAGES is package.json's", () => {
	const { name, version } = JSON.parse(read('package.json')) as { name: string; version: string };
	expect(CONTAINER_INSTALL.find((setting) => setting.name === 'N8N_COMMUNITY_PACKAGES')?.value).toBe(JSON.stringify([{ name, version }]));
});

test('the runs with 3.0\'s settings, and every n8n process of the suite, take them from the list', () => {
	const single = read('test/e2e/n8n-3-settings.single.test.ts');
	for (const used of ['CONTAINER_INSTALL', 'SSRF_PROTECTION', 'asEnvironment']) expect({ used, in: single.includes(used) }).toEqual({ used, in: true });
	const queue = read('test/e2e/n8n-3-manual-runs.queue.test.ts');
	expect(queue).toContain('asEnvironment(MANUAL_RUNS_ON_WORKERS)');
	expect(read('scripts/n8n/server.ts')).toContain('...UNVERIFIED_ALLOWED');
	expect(UNVERIFIED_ALLOWED).toEqual({ N8N_UNVERIFIED_PACKAGES_ENABLED: 'true' });
	// Every setting the README gives is in one of the groups the runs use.
	expect([...CONTAINER_INSTALL, ...MANUAL_RUNS_ON_WORKERS, ...SSRF_PROTECTION]).toEqual(README_SETTINGS);
});
