// @ts-check
/**
 * Mutation testing of the published code (nodes/, credentials/) with StrykerJS: `npm run mutate`
 * (scripts/mutation/run.mjs) runs it group by group; a group whose score falls below its threshold
 * (GROUPS below) fails the command. Nothing is kept by hand: what a surviving mutant shows becomes a
 * test, or nothing. `npx stryker run` alone runs every group at once; `--mutate <file>` one file.
 *
 * - Tests: the fast jest suites that run nodes/ (test/unit, test/trigger, test/node: real sandbox,
 *   n8n's engine), through Stryker's jest runner, with per-test coverage: each mutant runs only the
 *   tests that reach it, jest loads only the files holding them (scripts/mutation/jest-by-file-runner.mjs,
 *   sequencer.cjs), and stops at the first that fails (scripts/mutation/bail-environment.cjs).
 * - Not mutated: the files that only declare the editor's fields and texts (DESCRIPTION_ONLY below).
 *   Mutants run only while a module loads are "static" and ignored (ignoreStatic).
 * - TypeScript checker: a mutant that does not compile is dropped before any test runs.
 */
/** Files that only declare INodeProperties / credential fields and display text. */
export const DESCRIPTION_ONLY = [
	'credentials/PrintStoreOAuth2Api.credentials.ts',
	'nodes/PrintStore/descriptions/common.fields.ts',
	'nodes/PrintStore/descriptions/inputItem.fields.ts',
	'nodes/PrintStore/descriptions/orderItem.fields.ts',
	'nodes/PrintStore/descriptions/tool.fields.ts',
	'nodes/PrintStore/descriptions/order.fields.ts',
	'nodes/PrintStore/descriptions/list.fields.ts',
	'nodes/PrintStore/actions/custom/index.ts',
	'nodes/PrintStore/actions/order/index.ts',
	'nodes/PrintStore/actions/product/index.ts',
	'nodes/PrintStore/actions/store/index.ts',
	'nodes/PrintStore/actions/user/index.ts',
];

const GUARANTEES = [
	'nodes/PrintStoreTrigger/setup/access.ts',
	'nodes/PrintStoreTrigger/memory/**/*.ts',
	'nodes/PrintStoreTrigger/pipeline/pass.ts',
	'nodes/shared/ids.ts',
	'nodes/shared/apiCalls.ts',
	'nodes/shared/transport/index.ts',
	'nodes/shared/transport/pacing.ts',
	'nodes/shared/callbacks/urls.ts',
	'nodes/shared/hideSecrets.ts',
	'nodes/shared/statuses.ts',
	'nodes/shared/callbacks/secrets.ts',
];
/**
 * The groups `npm run mutate` runs one after the other, each with its own report and incremental
 * file, and the lowest score it may have (the scores of the last full runs, rounded down, less a
 * margin for mutants of new code): first the files that hold the guarantees README promises
 * (secret check, duplicate suppression, filters, IDs in paths, what may be repeated, retries and
 * pacing, secret hiding).
 */
export const GROUPS = {
	guarantees: { files: GUARANTEES, threshold: 90 },
	trigger: { files: ['nodes/PrintStoreTrigger/**/*.ts', ...GUARANTEES.map((file) => `!${file}`)], threshold: 85 },
	orders: { files: ['nodes/PrintStore/orderRun/**/*.ts', 'nodes/PrintStore/perItem/**/*.ts', 'nodes/PrintStore/toolCall/answer.ts'], threshold: 75 },
	shared: { files: ['nodes/shared/**/*.ts', '!nodes/shared/lists/**/*.ts', ...GUARANTEES.map((file) => `!${file}`)], threshold: 72 },
	actions: { files: ['nodes/PrintStore/actions/**/*.ts', 'nodes/PrintStore/*.ts'], threshold: 80 },
	wait: { files: ['nodes/PrintStore/wait/**/*.ts'], threshold: 88 },
	lists: { files: ['nodes/PrintStore/lookups/**/*.ts', 'nodes/PrintStore/descriptions/limit.ts', 'nodes/shared/lists/**/*.ts'], threshold: 75 },
};

const group = process.env.PRINT_STORE_MUTATION_GROUP;
if (group !== undefined && !(group in GROUPS)) throw new Error(`Unknown mutation group "${group}"`);
const reportName = group ?? 'all';
const mutate = [
	...(group ? GROUPS[group].files : ['nodes/**/*.ts', 'credentials/**/*.ts']),
	...DESCRIPTION_ONLY.map((file) => `!${file}`),
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
	packageManager: 'npm',
	plugins: [
		'@stryker-mutator/jest-runner',
		'@stryker-mutator/typescript-checker',
		'./scripts/mutation/jest-by-file-runner.mjs',
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
	reporters: ['progress', 'clear-text', 'json', 'html'],
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
	// Below its group's threshold, Stryker exits non-zero.
	thresholds: { high: 90, low: 80, break: group ? GROUPS[group].threshold : null },
};
