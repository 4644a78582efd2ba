/**
 * `test` when `runs`, else nothing at all: the test is not defined rather than skipped (a CI run
 * fails on skipped tests). For tests that belong to some runs only: the long runs
 * (test/helpers/long-run.ts) or some of the n8n setups (test/e2e/helpers/harness.ts).
 */
export function testWhen(runs: boolean): jest.It {
	return runs ? test : ((() => undefined) as unknown as jest.It);
}
