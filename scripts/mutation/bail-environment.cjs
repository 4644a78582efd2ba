/**
 * Jest's node environment for mutation runs (stryker.config.mjs), with the bail Stryker's jest runner
 * cannot give (jest's own bail ends the process when run in band): once a test fails while a mutant
 * is active, that mutant is killed, so the rest of its tests are skipped, and later test files are
 * not loaded (jest-circus-bail.cjs). Outside mutant runs (the dry run) nothing changes.
 */
const { TestEnvironment } = require('jest-environment-node');

const ACTIVE_MUTANT = '__STRYKER_ACTIVE_MUTANT__';
/** The active mutant of the run in which a test failed, for every test file of this process. */
const KILLED = Symbol.for('print-store.mutation.killed');

function skipAll(block) {
	for (const child of block.children) {
		if (child.type === 'test') child.mode = 'skip';
		else skipAll(child);
	}
}

class BailEnvironment extends TestEnvironment {
	async handleTestEvent(event) {
		const mutant = process.env[ACTIVE_MUTANT];
		if (mutant === undefined) return;
		const killed = globalThis[KILLED] === mutant;
		if (event.name === 'test_done' && event.test.errors.length > 0) globalThis[KILLED] = mutant;
		else if (killed && event.name === 'run_describe_start') skipAll(event.describeBlock);
		else if (killed && event.name === 'test_start') event.test.mode = 'skip';
	}
}

module.exports = BailEnvironment;
module.exports.ACTIVE_MUTANT = ACTIVE_MUTANT;
module.exports.KILLED = KILLED;
