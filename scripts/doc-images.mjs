#!/usr/bin/env node
// `npm run docs:images`: the docs' images are the browser test's screenshots named `docs-<image>`
// (test/e2e/editor.browser.test.ts). After a run of that test, this copies each one from
// test-artifacts/browser/ to docs/images/<image>.png, so the pictures show the editor as it is.
// test/release/doc-images.test.ts keeps both lists the same, and each image referenced.
import { copyFileSync, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shots = path.join(root, 'test-artifacts', 'browser');
if (!existsSync(shots)) {
	process.stderr.write('No screenshots in test-artifacts/browser: run the browser test first (npm test -- test/e2e/editor.browser.test.ts).\n');
	process.exit(1);
}
const copied = readdirSync(shots)
	.filter((file) => file.startsWith('docs-') && file.endsWith('.png'))
	.map((file) => {
		const image = file.slice('docs-'.length);
		copyFileSync(path.join(shots, file), path.join(root, 'docs', 'images', image));
		return image;
	});
process.stdout.write(`Copied ${copied.length} screenshot(s) to docs/images: ${copied.join(', ')}\n`);
