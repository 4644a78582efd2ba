import { testWhen } from './test-when';

/**
 * Whether the long runs are asked for: `npm run test:long` (jest.long.config.js, the weekly canary)
 * sets the jest global `printStoreLong`; `npm test` runs the same tests with small numbers.
 */
export const longRun = (globalThis as { printStoreLong?: boolean }).printStoreLong === true;

/** `long` in the long runs, `short` in `npm test`. */
export function sized<T>(short: T, long: T): T {
	return longRun ? long : short;
}

/**
 * `test` in the long runs; in `npm test` such a test is not defined at all (not skipped): it
 * belongs to the long runs, e.g. a measurement written to test-artifacts/.
 */
export const longRunTest = testWhen(longRun);
