/** Jest runs TypeScript straight from source; every suite talks real HTTP to a sandbox it starts. */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	// The real-n8n suites run from jest.e2e*.config.js (npm test runs them in two lanes: scripts/test.js).
	// The soak and the fault run run here with small numbers; jest.long.config.js (npm run test:long,
	// the weekly canary) runs them long.
	testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }],
	},
	testTimeout: 60000,
	// Several suites each start their own sandbox on a free port. The files wait on timers and on
	// HTTP as much as they compute: on 2 cores, 4 workers keep about 1.8 of them busy (2 workers 1.2).
	maxWorkers: 4,
	setupFiles: ['<rootDir>/test/setup-env.js'],
};
