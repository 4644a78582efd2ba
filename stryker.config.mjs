// @ts-check
/**
 * Mutation testing of the published code (nodes/, credentials/) with StrykerJS: `npm run mutate`
 * (scripts/mutation/run.mjs) runs it file group by file group and writes test/MUTATION.md.
 * `npx stryker run` alone runs every group at once; `npx stryker run --mutate <file>` one file.
 *
 * - Tests: the fast jest suites that run nodes/ (test/unit, test/trigger, test/node: real sandbox,
 *   n8n's engine), through Stryker's jest runner, with per-test coverage: each mutant runs only the
 *   tests that reach it, jest loads only the files holding them (scripts/mutation/jest-by-file-runner.mjs,
 *   sequencer.cjs), and stops at the first that fails (scripts/mutation/bail-environment.cjs).
 *   test/sandbox does not run nodes/; test/reliability and the end-to-end suites are too slow for
 *   one run per mutant.
 * - Not mutated: the files that only declare the editor's fields and texts (DESCRIPTION_ONLY below).
 *   Mutants run only while a module loads (the node's description objects, module-level tables)
 *   are "static": every test would have to run for each of them, so they are ignored
 *   (ignoreStatic) and test/MUTATION.md counts them per file.
 * - TypeScript checker: a mutant that does not compile is dropped before any test runs.
 */
/** Files that only declare INodeProperties / credential fields and display text. */
export const DESCRIPTION_ONLY = [
	'credentials/PrintStoreOAuth2Api.credentials.ts',
	'nodes/PrintStore/descriptions/common.fields.ts',
	'nodes/PrintStore/descriptions/inputItem.fields.ts',
	'nodes/PrintStore/descriptions/orderItem.fields.ts',
	'nodes/PrintStore/descriptions/tool.fields.ts',
	'nodes/PrintStore/actions/custom/index.ts',
	'nodes/PrintStore/actions/order/index.ts',
	'nodes/PrintStore/actions/store/index.ts',
	'nodes/PrintStore/actions/user/index.ts',
];

const GUARANTEES = [
	'nodes/PrintStoreTrigger/webhook/secret.ts',
	'nodes/PrintStoreTrigger/webhook/dedupe.ts',
	'nodes/PrintStoreTrigger/webhook/filter.ts',
	'nodes/shared/ids.ts',
	'nodes/shared/operations.ts',
	'nodes/shared/transport/index.ts',
	'nodes/shared/transport/pacing.ts',
	'nodes/shared/callbacks/urls.ts',
	'nodes/shared/callbacks/secrets.ts',
];
/**
 * The groups `npm run mutate` runs one after the other, each with its own report and incremental
 * file: first the files that hold the guarantees README promises (secret check, duplicate
 * suppression, filters, IDs in paths, what may be repeated, retries and pacing, secret hiding).
 */
export const GROUPS = {
	guarantees: GUARANTEES,
	trigger: ['nodes/PrintStoreTrigger/**/*.ts', ...GUARANTEES.map((file) => `!${file}`)],
	orders: ['nodes/PrintStore/orders/**/*.ts', 'nodes/PrintStore/helpers/**/*.ts'],
	shared: ['nodes/shared/**/*.ts', ...GUARANTEES.map((file) => `!${file}`)],
	actions: ['nodes/PrintStore/actions/**/*.ts', 'nodes/PrintStore/*.ts'],
	wait: ['nodes/PrintStore/wait/**/*.ts'],
};

const group = process.env.PRINT_STORE_MUTATION_GROUP;
if (group !== undefined && !(group in GROUPS)) throw new Error(`Unknown mutation group "${group}"`);
const reportName = group ?? 'all';
const mutate = [
	...(group ? GROUPS[group] : ['nodes/**/*.ts', 'credentials/**/*.ts']),
	...DESCRIPTION_ONLY.map((file) => `!${file}`),
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
	packageManager: 'npm',
	plugins: [
		'@stryker-mutator/jest-runner',
		'@stryker-mutator/typescript-checker',
		'./scripts/mutation/jest-by-file-runner.mjs',
		'./scripts/mutation/stream-reporter.mjs',
	],
	testRunner: 'jest-by-file',
	jest: {
		projectType: 'custom',
		configFile: 'jest.config.js',
		enableFindRelatedTests: true,
		config: {
			// findRelatedTests follows imports only through files under the roots: nodes/ must be one.
			roots: ['<rootDir>/test', '<rootDir>/nodes', '<rootDir>/credentials'],
			testMatch: ['<rootDir>/test/{unit,trigger,node}/**/*.test.ts'],
			testSequencer: '<rootDir>/scripts/mutation/sequencer.cjs',
			// Node's environment, with a bail: a mutant's remaining tests are skipped once one fails.
			testEnvironment: './scripts/mutation/bail-environment.cjs',
			testRunner: '<rootDir>/scripts/mutation/jest-circus-bail.cjs',
		},
	},
	coverageAnalysis: 'perTest',
	ignoreStatic: true,
	checkers: ['typescript'],
	// The checker compiles the published code only (nodes/, credentials/): a whole-project check per
	// mutant (tests, sandbox, scripts) made it the bottleneck of a run.
	tsconfigFile: 'tsconfig.build.json',
	typescriptChecker: { prioritizePerformanceOverAccuracy: true },
	mutate,
	// Files the tests do not need are not copied into Stryker's sandbox (nor type-checked there).
	ignorePatterns: ['dist', 'test-artifacts', 'bench', 'coverage', 'reports', 'examples', '*.tgz'],
	// ts-jest only transpiles (isolatedModules); the checker does the type checking.
	disableTypeChecks: '{nodes,credentials}/**/*.ts',
	incremental: true,
	incrementalFile: `reports/mutation/${reportName}.incremental.json`,
	// "stream" keeps each result as it comes (scripts/mutation/stream-reporter.mjs), for a run that is stopped.
	reporters: ['progress', 'clear-text', 'json', 'html', 'stream'],
	jsonReporter: { fileName: `reports/mutation/${reportName}.json` },
	htmlReporter: { fileName: `reports/mutation/${reportName}.html` },
	clearTextReporter: { allowColor: false, logTests: false, reportMutants: false },
	concurrency: 2,
	// A mutant's run may take 1.5 times its tests' time in the dry run, plus jest's start, plus 5 s.
	timeoutMS: 5000,
	timeoutFactor: 1.5,
	// The dry run of a group (every test that reaches it, with coverage) can outlast Stryker's 5-minute
	// default on a busy 2-core machine.
	dryRunTimeoutMinutes: 20,
	// Each run loads n8n-core anew in jest's module registry: a fresh worker now and then bounds the memory.
	maxTestRunnerReuse: 50,
	tempDirName: '.stryker-tmp',
	cleanTempDir: true,
	thresholds: { high: 90, low: 80, break: null },
};
