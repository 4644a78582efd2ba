/**
 * Jest's test sequencer for mutation runs (stryker.config.mjs):
 * - when scripts/mutation/jest-by-file-runner.mjs names the files holding a mutant's covering tests,
 *   only those files run (otherwise, in the dry run or for a mutant whose tests it could not place,
 *   every file jest found);
 * - the quick suites first (test/unit, then test/trigger, then test/node), so that with the bail
 *   (bail-environment.cjs) a killed mutant costs the fewest file loads.
 */
const Sequencer = require('@jest/test-sequencer').default;

const TEST_FILES_ENV = 'PRINT_STORE_MUTANT_TEST_FILES';
const ORDER = ['/test/unit/', '/test/trigger/', '/test/node/'];

function rank(test) {
	const index = ORDER.findIndex((part) => test.path.includes(part));
	return index === -1 ? ORDER.length : index;
}

class MutationSequencer extends Sequencer {
	sort(tests) {
		let chosen = tests;
		const named = process.env[TEST_FILES_ENV];
		if (named) {
			const wanted = new Set(JSON.parse(named));
			const narrowed = tests.filter((test) => wanted.has(test.path));
			// Never narrow to nothing: then jest would pass with no test run.
			if (narrowed.length > 0) chosen = narrowed;
		}
		return [...chosen].sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path));
	}
}

module.exports = MutationSequencer;
