/**
 * Every link in README.md, CHANGELOG.md and docs/ that points into the repository resolves: the file exists, and
 * an anchor (#heading) names a heading of that file, slugged the way GitHub does. Links to the web
 * are not fetched. Also the reverse: every docs/ file is reachable from README.md.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const docs = readdirSync(path.join(root, 'docs'))
	.filter((file) => file.endsWith('.md'))
	.map((file) => path.join('docs', file));
const pages = ['README.md', 'CHANGELOG.md', ...docs];

/** Markdown without fenced code blocks and inline code, where a link is not a link. */
function prose(markdown: string): string {
	return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '``');
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchors(markdown: string): Set<string> {
	const seen = new Map<string, number>();
	const found = new Set<string>();
	const withoutCode = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
	for (const [, heading] of withoutCode.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
		const text = heading
			.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // links keep their text
			.replace(/<[^>]+>/g, '') // inline HTML
			.replace(/[*_`]/g, (mark) => (mark === '_' ? '_' : ''));
		const slug = text
			.toLowerCase()
			.replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
			.replace(/\s/g, '-');
		const count = seen.get(slug) ?? 0;
		seen.set(slug, count + 1);
		found.add(count === 0 ? slug : `${slug}-${count}`);
	}
	for (const [, id] of markdown.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) found.add(id);
	return found;
}

/** The links of a page: [text](target), ![alt](target) and [label]: target definitions. */
function links(markdown: string): string[] {
	const text = prose(markdown);
	const inline = [...text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]);
	const definitions = [...text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map((match) => match[1]);
	return [...inline, ...definitions];
}

const cases = pages.flatMap((page) =>
	links(readFileSync(path.join(root, page), 'utf8'))
		.filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
		.map((target) => [page, target] as const),
);

test('README.md links to docs/, and every docs/ page is reachable from it', () => {
	const reachable = new Set<string>(['README.md']);
	const queue = ['README.md'];
	while (queue.length > 0) {
		const page = queue.shift() as string;
		for (const target of links(readFileSync(path.join(root, page), 'utf8'))) {
			const file = target.split('#')[0];
			if (!file || /^[a-z][a-z0-9+.-]*:/i.test(file)) continue;
			const resolved = path.normalize(path.join(path.dirname(page), decodeURIComponent(file)));
			if (resolved.endsWith('.md') && existsSync(path.join(root, resolved)) && !reachable.has(resolved)) {
				reachable.add(resolved);
				queue.push(resolved);
			}
		}
	}
	expect(docs.length).toBeGreaterThan(0);
	expect(docs.filter((page) => !reachable.has(page))).toEqual([]);
});

test.each(cases)('%s → %s resolves', (page, target) => {
	const [file, anchor] = target.split('#');
	const resolved = file ? path.join(root, path.dirname(page), decodeURIComponent(file)) : path.join(root, page);
	expect({ target, exists: existsSync(resolved) }).toEqual({ target, exists: true });
	if (anchor === undefined) return;
	expect(statSync(resolved).isFile() && resolved.endsWith('.md')).toBe(true);
	expect([...anchors(readFileSync(resolved, 'utf8'))]).toContain(decodeURIComponent(anchor));
});

test('the anchor rule is GitHub\'s', () => {
	expect([...anchors('# Running in queue mode\n## Errors (and what they mean)\n## Errors (and what they mean)\n### `npm test`: the suites\n## Custom API Call\n')]).toEqual([
		'running-in-queue-mode',
		'errors-and-what-they-mean',
		'errors-and-what-they-mean-1',
		'npm-test-the-suites',
		'custom-api-call',
	]);
});
