// Copies what tsc does not: the icons and the codex (.node.json) files, into dist beside the code.
const { src, dest, parallel } = require('gulp');

function copyIcons() {
	return src('icons/**/*.svg').pipe(dest('dist/icons'));
}

function copyCodex() {
	return src('nodes/**/*.node.json').pipe(dest('dist/nodes'));
}

exports['build:icons'] = parallel(copyIcons, copyCodex);
