/**
 * The end-to-end suite in n8n's queue mode: n8n 2.41.1 as main (`n8n start`), one worker and two
 * webhook processes behind haproxy (scripts/n8n/proxy.ts), on PostgreSQL 17 and Redis, all started
 * by the global setup and removed at the end. Only what depends on separate processes runs here:
 * the files of QUEUE in test/e2e/setups.js (the `*.queue.test.ts` files, and the trigger's
 * callbacks, waits and resumes, chat and MCP webhooks served by webhook processes). Everything else
 * runs once, in the one-process setup (jest.e2e.config.js).
 */
const base = require('./jest.e2e.config');
const { QUEUE, only } = require('./test/e2e/setups');

module.exports = {
	...base,
	testMatch: only(QUEUE),
	testPathIgnorePatterns: ['/node_modules/'],
	globals: { printStoreSetup: { mode: 'queue', n8nVersion: '2.41.1', list: 'queue' } },
};
