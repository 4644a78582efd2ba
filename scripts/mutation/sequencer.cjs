/**
 * Jest's test sequencer for mutation runs (stryker.config.mjs): when scripts/mutation/jest-by-file-runner.mjs
 * names the files holding a mutant's covering tests, only those files run. Otherwise (the dry run,
 * or a mutant whose tests it could not place) every file jest found runs, as with the default sequencer.
 */
const Sequencer = require('@jest/test-sequencer').default;

const TEST_FILES_ENV = 'PRINT_STORE_MUTANT_TEST_FILES';

class MutationSequencer extends Sequencer {
	sort(tests) {
		const named = process.env[TEST_FILES_ENV];
		if (named) {
			const wanted = new Set(JSON.parse(named));
			const chosen = tests.filter((test) => wanted.has(test.path));
			// Never narrow to nothing: then jest would pass with no test run.
			if (chosen.length > 0) return super.sort(chosen);
		}
		return super.sort(tests);
	}
}

module.exports = MutationSequencer;
