/**
 * The docs' pictures are the browser test's screenshots of the real editor (test/e2e/editor.browser.test.ts
 * takes each as `docs-<image>`; `npm run docs:images` copies them into docs/images after a run), and
 * each picture is shown somewhere in the docs: none of an older editor left behind unreferenced.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const images = readdirSync(path.join(root, 'docs', 'images')).filter((file) => !file.startsWith('.')).sort();
/** The screenshots the browser test names `docs-<image>`. */
export const docsShots = (source: string) => [...source.matchAll(/shot\(\s*\w+\s*,\s*'docs-([\w-]+)'\s*\)/g)].map((match) => `${match[1]}.png`).sort();
const pages = ['README.md', ...readdirSync(path.join(root, 'docs')).filter((file) => file.endsWith('.md')).map((file) => path.join('docs', file))];
const referenced = (image: string) => pages.some((page) => read(page).includes(`images/${image}`));

test('every image in docs/images is a screenshot the browser test takes, and every such screenshot is there', () => {
	expect(images).toEqual(docsShots(read('test/e2e/editor.browser.test.ts')));
});

test.each(images)('docs/images/%s is shown in the docs', (image) => {
	expect(referenced(image)).toBe(true);
});

test('the checks can fail: an image no shot takes, a shot renamed', () => {
	const source = read('test/e2e/editor.browser.test.ts');
	expect(docsShots(source.replace("'docs-trigger-panel'", "'docs-trigger-panel-old'"))).not.toEqual(images);
	expect(referenced('no-such-picture.png')).toBe(false);
});
