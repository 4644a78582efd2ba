/**
 * The long runs (`npm run test:long`), run by the weekly canary (.github/workflows/canary.yml), not
 * by `npm test`: the soak for 60 seconds and the 2,000-order fault run. `npm test` runs the same
 * files with small numbers (a few seconds of soak, 200 orders under faults): the same code paths,
 * quickly. The files read `printStoreLong` to pick their numbers.
 */
const base = require('./jest.config');

module.exports = {
	...base,
	roots: ['<rootDir>/test/reliability'],
	testMatch: ['**/test/reliability/soak.test.ts', '**/test/reliability/faults.test.ts'],
	testPathIgnorePatterns: ['/node_modules/'],
	globals: { printStoreLong: true },
	testTimeout: 600000,
	verbose: true,
};
