/**
 * The end-to-end suite on n8n's 1.x LTS line: n8n 1.123.81 (the newest 1.x the registry serves) as
 * one process on SQLite, on the machine's Node 20 (see docs/development.md, "n8n 1.x").
 */
const base = require('./jest.e2e.config');

module.exports = {
	...base,
	globals: { printStoreSetup: { mode: 'single', n8nVersion: '1.123.81' } },
};
