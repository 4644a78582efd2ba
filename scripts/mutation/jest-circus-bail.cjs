/**
 * jest-circus, for mutation runs (stryker.config.mjs): a test file is not even loaded once a test
 * has failed under the active mutant (bail-environment.cjs records that), since loading a file
 * (n8n-core, the sandbox) is most of a mutant's time. (Stryker requires "jest-circus" in the name.)
 */
const circus = require('jest-circus/runner');
const { createEmptyTestResult } = require('@jest/test-result');

const { ACTIVE_MUTANT, KILLED } = require('./bail-environment.cjs');

module.exports = async function jestCircusWithBail(globalConfig, config, environment, runtime, testPath, sendMessageToJest) {
	const mutant = process.env[ACTIVE_MUTANT];
	if (mutant !== undefined && globalThis[KILLED] === mutant) {
		// Jest fails a file that reports no test at all: this one reports a single skipped entry.
		const skipped = {
			ancestorTitles: [],
			duration: 0,
			failureDetails: [],
			failureMessages: [],
			fullName: 'file not loaded: the mutant is already killed',
			numPassingAsserts: 0,
			status: 'pending',
			title: 'file not loaded: the mutant is already killed',
		};
		return { ...createEmptyTestResult(), numPendingTests: 1, testFilePath: testPath, testResults: [skipped] };
	}
	return await circus(globalConfig, config, environment, runtime, testPath, sendMessageToJest);
};
