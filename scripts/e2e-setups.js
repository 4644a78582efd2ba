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

/**
 * The setups `npm test` runs beside the unit suite, from the start (scripts/test.js, lanesOf): n8n 1.x,
 * the shortest, which is over before the unit suite is. It takes port 5678 first; the one-process
 * setup of n8n 2.x waits for it.
 */
const SETUPS_BESIDE_UNIT = ['jest.e2e.n8n1.config.js'];

module.exports = { e2eSetupFiles, SETUPS_BESIDE_UNIT };
