/**
 * End-to-end suite: a real n8n (the pinned 2.41.1 on Node 24) with this package installed from its
 * npm tarball, and the sandbox. One stack per run: globalSetup starts it (the first run on a fresh
 * machine also provisions n8n, which takes minutes), every file uses it, globalTeardown stops it.
 * Files run one at a time: they share one n8n, one sandbox and a browser.
 *
 * This is the first of three setups `npm test` runs: n8n 2.41.1 as one process on SQLite, where
 * every end-to-end file runs but the `*.queue.test.ts` ones (they need queue mode). The other two
 * run a list each (test/e2e/setups.js): queue mode (jest.e2e.queue.config.js) only what needs
 * separate processes, n8n 1.x (jest.e2e.n8n1.config.js) a smoke set and what 1.x does differently.
 * `*.single.test.ts` files run only here (they restart this one n8n process with other settings:
 * n8n 3.0's, in n8n-3-settings.single.test.ts). `npm run compatibility` runs this setup on any n8n.
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
	setupFilesAfterEnv: ['<rootDir>/test/e2e/setup/settings.ts'],
	testSequencer: '<rootDir>/test/e2e/sequencer.js',
	testTimeout: 180000,
	maxWorkers: 1,
	slowTestThreshold: 60,
	verbose: true,
};
