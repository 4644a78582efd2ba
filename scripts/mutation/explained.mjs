/**
 * Why each mutant that survives `npm run mutate` may survive: scripts/mutation/report.mjs puts the
 * first matching rule's `why` beside it in test/MUTATION.md. A rule matches a mutant of `file` when
 * every criterion it gives holds: `mutator` (Stryker's mutator name), `line` (text on the mutant's
 * first line), `code` (text in the mutated code), `replacement` (text in what replaced it).
 * A surviving mutant that shows a real gap gets a test instead of a rule.
 */

/** What test/MUTATION.md says of the static mutants it does not count. */
export const staticNote =
	'mutants in code that runs only while a module loads (the node descriptions built at load, module-level tables and patterns) ' +
	'would need every test to run for each one; Stryker ignores them (ignoreStatic) and the table counts them per file. ' +
	'Code that also runs inside a test is not static and is counted.';

export const explained = [];
