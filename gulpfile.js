// The build behind `npm run build`, after `tsc -p tsconfig.build.json` has compiled every file of
// nodes/ and credentials/ to its own .js under dist/ (dist/nodes/..., dist/credentials/...),
// readable and not minified, as n8n's starter and `n8n-node build` do: a stack trace in a user's
// n8n log then names our real files and functions. Gulp copies what tsc does not:
//
//   dist/icons/*.svg                 the icons the node descriptions point to
//   dist/nodes/**/*.node.json        the codex files beside each node
//
// `clean` runs first (`npm run build` calls it before tsc), so a file deleted from the sources
// leaves no stale .js in the tarball.
const { rmSync } = require('node:fs');
const path = require('node:path');
const { src, dest, parallel } = require('gulp');

function clean(done) {
	rmSync(path.join(__dirname, 'dist'), { recursive: true, force: true });
	done();
}

function copyIcons() {
	return src('icons/**/*.svg').pipe(dest('dist/icons'));
}

function copyCodex() {
	return src('nodes/**/*.node.json').pipe(dest('dist/nodes'));
}

exports.clean = clean;
exports.build = parallel(copyIcons, copyCodex);
