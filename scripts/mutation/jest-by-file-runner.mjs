/**
 * A Stryker test runner: Stryker's own jest runner, which jest then runs on the test files that hold
 * the tests covering the mutant, instead of on every test file that imports the mutated file.
 *
 * Stryker's jest runner picks a mutant's tests by name (--testNamePattern) among the files related
 * to the mutated one (--findRelatedTests). Jest still loads every related file to find the names,
 * and each test/node or test/trigger file loads n8n-core and the sandbox first: seconds per file, for
 * every mutant. Here the dry run's results (which test lives in which file) are kept in the Stryker
 * sandbox, and each mutant run names the files of its covering tests to
 * scripts/mutation/sequencer.cjs (jest's test sequencer) through an environment variable. The tests
 * that run, and what decides killed or survived, are unchanged.
 */
import fs from 'node:fs';
import path from 'node:path';

import { commonTokens, declareFactoryPlugin, PluginKind, tokens } from '@stryker-mutator/api/plugin';
import { strykerPlugins as jestPlugins } from '@stryker-mutator/jest-runner';

export const TEST_FILES_ENV = 'PRINT_STORE_MUTANT_TEST_FILES';
const MAP_FILE = '.mutation-test-files.json';

const jestFactory = jestPlugins.find((plugin) => plugin.name === 'jest').factory;

function jestByFileFactory(injector) {
	const jest = jestFactory(injector);
	/** Test ID (jest's full test name) -> the test files that have a test of that name. */
	let filesById;

	function loadMap() {
		if (filesById) return filesById;
		try {
			filesById = new Map(Object.entries(JSON.parse(fs.readFileSync(path.resolve(MAP_FILE), 'utf8'))));
		} catch {
			filesById = undefined;
		}
		return filesById;
	}

	function filesFor(testFilter) {
		if (!testFilter || testFilter.length === 0) return undefined;
		const map = loadMap();
		if (!map) return undefined;
		const files = new Set();
		for (const id of testFilter) {
			const found = map.get(id);
			// A test the dry run did not see: let jest look in every related file.
			if (!found) return undefined;
			for (const file of found) files.add(file);
		}
		return [...files];
	}

	return {
		init: () => jest.init?.(),
		dispose: () => jest.dispose?.(),
		capabilities: () => jest.capabilities(),
		async dryRun(options) {
			delete process.env[TEST_FILES_ENV];
			const result = await jest.dryRun(options);
			if (result.status === 'complete') {
				const map = {};
				for (const test of result.tests) {
					if (!test.fileName) continue;
					const files = (map[test.id] ??= []);
					if (!files.includes(test.fileName)) files.push(test.fileName);
				}
				fs.writeFileSync(path.resolve(MAP_FILE), JSON.stringify(map));
				filesById = new Map(Object.entries(map));
			}
			return result;
		},
		async mutantRun(options) {
			const files = filesFor(options.testFilter);
			if (files) process.env[TEST_FILES_ENV] = JSON.stringify(files);
			else delete process.env[TEST_FILES_ENV];
			try {
				return await jest.mutantRun(options);
			} finally {
				delete process.env[TEST_FILES_ENV];
			}
		},
	};
}
jestByFileFactory.inject = tokens(commonTokens.injector);

export const strykerPlugins = [declareFactoryPlugin(PluginKind.TestRunner, 'jest-by-file', jestByFileFactory)];
