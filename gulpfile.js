// The build behind `npm run build` (after tsc has type-checked the sources):
//
//   dist/print-store.js                                   every node and the credential, one bundle
//   dist/nodes/PrintStore/PrintStore.node.js              the files package.json's "n8n" section
//   dist/nodes/PrintStoreTrigger/PrintStoreTrigger.node.js  lists: each takes its one class from
//   dist/credentials/PrintStoreOAuth2Api.credentials.js     the bundle, as n8n's loader expects
//   dist/icons/*.svg, dist/nodes/**/*.node.json           the icons and the codex files, copied
//
// One bundle, because the action node and the trigger share most of their code (callbacks,
// errors, transport): bundled once and minified, it keeps the tarball under 40 kB
// (test/release/package.test.ts). The sources are in the repository, and each published release
// carries npm provenance that ties the tarball to the commit and the workflow that built it. To debug
// in a local n8n with readable stack traces, build with PRINT_STORE_READABLE_BUILD=1.
const { rmSync, mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { src, dest, parallel, series } = require('gulp');
const esbuild = require('esbuild');

const DIST = path.join(__dirname, 'dist');
const BUNDLE = 'print-store.js';

/**
 * Each file n8n loads (package.json's "n8n" section), the class it must export (its name, as n8n's
 * loader expects) and the source that defines the class (the same path below the repository).
 */
const manifest = require('./package.json').n8n;
const ENTRIES = [...manifest.nodes, ...manifest.credentials].map((distFile) => {
	const file = path.relative('dist', distFile);
	return { file, className: path.basename(file).split('.')[0], source: `./${file.replace(/\.js$/, '').split(path.sep).join('/')}` };
});

function clean(done) {
	rmSync(DIST, { recursive: true, force: true });
	done();
}

async function bundle() {
	await esbuild.build({
		stdin: {
			contents: ENTRIES.map((entry) => `export { ${entry.className} } from '${entry.source}';`).join('\n'),
			resolveDir: __dirname,
			sourcefile: 'print-store-entry.ts',
			loader: 'ts',
		},
		outfile: path.join(DIST, BUNDLE),
		bundle: true,
		platform: 'node',
		format: 'cjs',
		target: 'node20',
		// n8n-workflow is n8n's own (a peer dependency); the package has no runtime dependencies.
		packages: 'external',
		// PRINT_STORE_READABLE_BUILD=1 npm run build: the same bundle, not minified, for debugging.
		minify: process.env.PRINT_STORE_READABLE_BUILD !== '1',
		legalComments: 'none',
		logLevel: 'warning',
	});
}

function entryFiles(done) {
	for (const entry of ENTRIES) {
		const file = path.join(DIST, entry.file);
		const relative = path.relative(path.dirname(file), path.join(DIST, BUNDLE)).split(path.sep).join('/');
		const bundle = relative.startsWith('.') ? relative : `./${relative}`;
		mkdirSync(path.dirname(file), { recursive: true });
		writeFileSync(file, `'use strict';\nexports.${entry.className} = require('${bundle}').${entry.className};\n`);
	}
	done();
}

function copyIcons() {
	return src('icons/**/*.svg').pipe(dest('dist/icons'));
}

function copyCodex() {
	return src('nodes/**/*.node.json').pipe(dest('dist/nodes'));
}

exports.build = series(clean, bundle, parallel(entryFiles, copyIcons, copyCodex));
