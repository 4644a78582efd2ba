/**
 * The end-to-end suite on n8n's 1.x LTS line: n8n 1.123.81 (the newest 1.x the registry serves) as
 * one process on SQLite, on the machine's Node 20 (see docs/development.md, "n8n 1.x"). The
 * `*.single.test.ts` files, which restart n8n 2.41.1 with n8n 3.0's settings, do not run here.
 */
const base = require('./jest.e2e.config');

module.exports = {
	...base,
	testPathIgnorePatterns: [...base.testPathIgnorePatterns, '\\.single\\.test\\.ts$'],
	globals: { printStoreSetup: { mode: 'single', n8nVersion: '1.123.81' } },
};
