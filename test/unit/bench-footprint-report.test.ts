/**
 * Every bench run rewrites the footprint of bench/RESULTS.md (bench/lib/report.ts withFootprint):
 * its target rows and its section come from that run's tarball; the rest of the report stays.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { withFootprint, type Section } from '../../bench/lib/report';

const results = readFileSync(path.resolve(__dirname, '..', '..', 'bench', 'RESULTS.md'), 'utf8');
const footprint: Section = {
	id: 'footprint',
	title: '3. Footprint (5 fresh processes per package)',
	body: '| Package | Tarball |\n| --- | ---: |\n| n8n-nodes-print-store (this package) | 12.3 kB (12,345 bytes) |',
	targets: [
		{ name: 'footprint: tarball ≤ 40 kB', met: true, value: '12.3 kB, 11 files' },
		{ name: 'footprint: require ≤ 30 ms', met: false, value: '31.00 ms' },
	],
};

test('the footprint rows of the Targets table and the Footprint section are this run\'s; nothing else changes', () => {
	const next = withFootprint(results, footprint, 'npm run bench -- --only create', '2026-12-01');
	expect(next).toContain('| footprint: tarball ≤ 40 kB | 12.3 kB, 11 files | yes |');
	expect(next).toContain('| footprint: require ≤ 30 ms | 31.00 ms | **no** |');
	expect(next.match(/^\| footprint:/gm)).toHaveLength(2);
	expect(next).toContain('## 3. Footprint (5 fresh processes per package)\n\nMeasured by `npm run bench -- --only create` on 2026-12-01');
	expect(next.match(/^## \d+\. Footprint/gm)).toHaveLength(1);
	// The other sections and rows are untouched.
	const without = (text: string) => text.replace(/^\| footprint:.*\n/gm, '').replace(/^## \d+\. Footprint[\s\S]*?(?=^## )/m, '');
	expect(without(next)).toBe(without(results));
	// Applying it twice gives the same report: it replaces, never appends.
	expect(withFootprint(next, footprint, 'npm run bench -- --only create', '2026-12-01')).toBe(next);
});

test('a report without footprint rows or section is refused, not silently left as it was', () => {
	expect(() => withFootprint('# Benchmarks\n', footprint, 'npm run bench', '2026-12-01')).toThrow('no footprint rows');
});
