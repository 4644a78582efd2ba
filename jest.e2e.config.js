/**
 * End-to-end suite: a real n8n (the pinned 2.41.1 on Node 24) with this package installed from its
 * npm tarball, and the sandbox. One stack per run: globalSetup starts it (the first run on a fresh
 * machine also provisions n8n, which takes minutes), every file uses it, globalTeardown stops it.
 * Files run one at a time: they share one n8n, one sandbox and a browser.
 *
 * This is the first of three setups `npm test` runs (the others: jest.e2e.queue.config.js and
 * jest.e2e.n8n1.config.js): n8n 2.41.1 as one process on SQLite. `*.queue.test.ts` files need
 * queue mode and run only in that setup; `*.single.test.ts` files run only here (they restart this
 * one n8n process with other settings: n8n 3.0's, in n8n-3-settings.single.test.ts).
 */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '\\.queue\\.test\\.ts$'],
	globals: { printStoreSetup: { mode: 'single', n8nVersion: '2.41.1' } },
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }],
	},
	globalSetup: '<rootDir>/test/e2e/setup/global-setup.ts',
	globalTeardown: '<rootDir>/test/e2e/setup/global-teardown.ts',
	testSequencer: '<rootDir>/test/e2e/sequencer.js',
	testTimeout: 180000,
	maxWorkers: 1,
	slowTestThreshold: 60,
	verbose: true,
};
