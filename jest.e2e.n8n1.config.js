/**
 * The end-to-end suite on n8n's 1.x LTS line: n8n 1.123.81 (the newest 1.x the registry serves) as
 * one process on SQLite, on the machine's Node 20 (see docs/development.md, "n8n 1.x"). Not the
 * whole suite: a smoke set, the files with a branch for what 1.x does differently, and the files
 * proving what the nodes take from n8n undocumented: N8N1 in test/e2e/setups.js. `npm run compatibility -- --n8n 1.x-latest` (the weekly canary) runs the whole
 * one-process suite on the newest 1.x.
 */
const base = require('./jest.e2e.config');
const { N8N1, only } = require('./test/e2e/setups');

module.exports = {
	...base,
	testMatch: only(N8N1),
	globals: { printStoreSetup: { mode: 'single', n8nVersion: '1.123.81', list: 'n8n1' } },
};
