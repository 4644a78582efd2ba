/**
 * End-to-end suite: a real n8n (the pinned 2.41.1 on Node 24) with this package installed from its
 * npm tarball, and the sandbox. One stack per run: globalSetup starts it (the first run on a fresh
 * machine also provisions n8n, which takes minutes), every file uses it, globalTeardown stops it.
 * Files run one at a time: they share one n8n, one sandbox and a browser.
 */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.test.ts'],
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
