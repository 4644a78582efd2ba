/**
 * The end-to-end setups there are, the jest.e2e*.config.js files, in the order `npm test` runs them:
 * one n8n process first, then queue mode, then n8n 1.x, then any other by name. scripts/test.js runs
 * them; scripts/compatibility.mjs writes README's Compatibility table from them.
 */
const fs = require('node:fs');

const ORDER = ['jest.e2e.config.js', 'jest.e2e.queue.config.js', 'jest.e2e.n8n1.config.js'];
const rank = (file) => (ORDER.includes(file) ? ORDER.indexOf(file) : ORDER.length);

function e2eSetupFiles(root) {
	return fs
		.readdirSync(root)
		.filter((file) => /^jest\.e2e(\.[\w-]+)?\.config\.js$/.test(file))
		.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

module.exports = { e2eSetupFiles };
