/**
 * The end-to-end setups there are, the jest.e2e*.config.js files, in this order: one n8n process
 * first, then queue mode, then n8n 1.x, then any other by name (SECOND_LANE below runs beside the
 * others). scripts/test.js runs them; scripts/compatibility.mjs writes README's Compatibility table
 * from them.
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
 * The setups `npm test` runs in its second lane, from the start, one after the other
 * (scripts/test.js, lanesOf): n8n 1.x beside the unit suite, which it ends before (it takes port 5678
 * first; the one-process setup of n8n 2.x waits for it), then queue mode beside the one-process
 * setup of n8n 2.x.
 */
const SECOND_LANE = ['jest.e2e.n8n1.config.js', 'jest.e2e.queue.config.js'];

/** With PRINT_STORE_E2E_SIDE_BY_SIDE=0 these run in the first lane instead, after the one-process setup: longer, and lighter on the machine. */
const BESIDE_ONE_PROCESS = ['jest.e2e.queue.config.js'];

module.exports = { e2eSetupFiles, SECOND_LANE, BESIDE_ONE_PROCESS };
