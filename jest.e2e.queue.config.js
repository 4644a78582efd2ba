/**
 * The end-to-end suite in n8n's queue mode: n8n 2.41.1 as main (`n8n start`), one worker and two
 * webhook processes behind haproxy (scripts/n8n/proxy.ts), on PostgreSQL 17 and Redis, all started
 * by the global setup and removed at the end. Every file of jest.e2e.config.js runs here too, but its
 * `*.single.test.ts` files (one n8n process restarted with other settings), plus the `*.queue.test.ts` files.
 */
const base = require('./jest.e2e.config');

module.exports = {
	...base,
	testPathIgnorePatterns: ['/node_modules/', '\\.single\\.test\\.ts$'],
	globals: { printStoreSetup: { mode: 'queue', n8nVersion: '2.41.1' } },
};
