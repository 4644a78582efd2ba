/**
 * Every bench run rewrites the footprint of bench/RESULTS.md (bench/lib/report.ts withFootprint):
 * its section comes from that run's tarball, and its rows in the Targets table are that run's, which
 * are none since the footprint is information, not a target; the rest of the report stays.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { withFootprint, type Section } from '../../bench/lib/report';

const results = readFileSync(path.resolve(__dirname, '..', '..', 'bench', 'RESULTS.md'), 'utf8');
const footprint: Section = {
	id: 'footprint',
	title: '3. Footprint (5 fresh processes per package)',
	body: '| Package | Tarball |\n| --- | ---: |\n| n8n-nodes-print-store (this package) | 12.3 kB (12,345 bytes) |',
	targets: [],
};
/** A report as older runs wrote it: footprint target rows among the others. */
const withTargetRows = results.replace(
	/^(\| scaling:)/m,
	'| footprint: tarball ≤ 40 kB | 39.9 kB, 11 files | yes |\n| footprint: require ≤ 30 ms | 3.41 ms | yes |\n$1',
);

test('the Footprint section is this run\'s, the footprint has no rows in the Targets table, and nothing else changes', () => {
	expect(withTargetRows).toContain('| footprint: tarball ≤ 40 kB |');
	const next = withFootprint(withTargetRows, footprint, 'npm run bench -- --only create', '2026-12-01');
	expect(next).not.toMatch(/^\| footprint:/m);
	expect(next).toContain('## 3. Footprint (5 fresh processes per package)\n\nMeasured by `npm run bench -- --only create` on 2026-12-01');
	expect(next).toContain('| n8n-nodes-print-store (this package) | 12.3 kB (12,345 bytes) |');
	expect(next.match(/^## \d+\. Footprint/gm)).toHaveLength(1);
	// The other sections and rows are untouched.
	const without = (text: string) => text.replace(/^\| footprint:.*\n/gm, '').replace(/^## \d+\. Footprint[\s\S]*?(?=^## )/m, '');
	expect(without(next)).toBe(without(withTargetRows));
	expect(next).toContain('| scaling: time grows linearly');
	// Applying it twice gives the same report: it replaces, never appends.
	expect(withFootprint(next, footprint, 'npm run bench -- --only create', '2026-12-01')).toBe(next);
});

test('targets a footprint run does state go at the end of the Targets table, once', () => {
	const targeted: Section = { ...footprint, targets: [{ name: 'footprint: example', met: false, value: '1 ms' }] };
	const next = withFootprint(withFootprint(withTargetRows, targeted, 'npm run bench', '2026-12-01'), targeted, 'npm run bench', '2026-12-01');
	const table = next.slice(next.indexOf('## Targets'), next.indexOf('\n## 1.'));
	expect(table.match(/^\| footprint:.*$/gm)).toEqual(['| footprint: example | 1 ms | **no** |']);
	expect(table.trimEnd().split('\n').at(-1)).toBe('| footprint: example | 1 ms | **no** |');
});

test('a report without a Footprint section is refused, not silently left as it was', () => {
	expect(() => withFootprint('# Benchmarks\n', footprint, 'npm run bench', '2026-12-01')).toThrow('no Footprint section');
	expect(() => withFootprint('# Benchmarks\n', { ...footprint, targets: [{ name: 'footprint: x', met: true, value: '1' }] }, 'npm run bench', '2026-12-01')).toThrow('no Targets table');
});
