/**
 * README.md is the first page: what the package is and for which service, then what a new user
 * needs in the order they need it, and last the commands for working on the package. Everything
 * else is one link away (its links: docs-links.test.ts; its size: package.test.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const readme = readFileSync(path.resolve(__dirname, '..', '..', 'README.md'), 'utf8');

/** The README's sections: its second-level headings, in order. */
export const sectionsOf = (markdown: string) => [...markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^## (.+)$/gm)].map((match) => match[1].trim());

const ORDER = ['Status', 'Installation', 'Credentials', 'Operations', 'Quick start', 'Example workflows', 'Compatibility', 'Self-hosting', 'Resources', 'Version history', 'Working on the package', 'License'];

test('its sections, in the order a new user needs them', () => {
	expect(sectionsOf(readme)).toEqual(ORDER);
});

test('it names the service and links its public API documentation before the first section', () => {
	const intro = readme.slice(0, readme.indexOf('\n## '));
	expect(intro).toMatch(/PFLlink API of PrintingForLess/);
	expect(intro).toMatch(/\]\(https:\/\/help\.pflportal\.com\/Help\/APIDocumentation\)/);
});

test('the status says it is not verified, so not on n8n Cloud', () => {
	const status = readme.slice(readme.indexOf('## Status'), readme.indexOf('## Installation'));
	expect(status).toMatch(/not yet verified by n8n/);
	expect(status).toMatch(/n8n Cloud cannot install it/);
});

test('the two commands for working on the package come last, before the license, and install what they need', () => {
	const working = readme.slice(readme.indexOf('## Working on the package'), readme.indexOf('## License'));
	expect(working).toContain('npm install && npm run demo');
	expect(working).toMatch(/^npm test\b/m);
});

test('the checks can fail: a section moved or missing is seen', () => {
	const moved = readme.replace('## Quick start', '## Quick start moved');
	expect(sectionsOf(moved)).not.toEqual(ORDER);
	expect(sectionsOf(readme.replace('## Compatibility', '### Compatibility'))).not.toEqual(ORDER);
});
