/**
 * The long runs in queue mode (the second half of `npm run test:long`, the weekly canary): the
 * queue-mode files with their full counts (200 orders through their lifecycle, 100 events repeated
 * across webhook processes) and their measurements (repeats under load, simultaneous duplicates,
 * worker restarts on a kept event log), written to test-artifacts/. `npm test` runs the same files
 * in its queue-mode setup (jest.e2e.queue.config.js) with smaller counts (20 orders, 12 events, 4 two-wait executions) and without the
 * measurements. The files read `printStoreLong` (test/helpers/long-run.ts).
 */
const queue = require('./jest.e2e.queue.config');

module.exports = {
	...queue,
	testMatch: ['**/test/e2e/queue-mode.queue.test.ts', '**/test/e2e/wait-resume-once.queue.test.ts'],
	globals: { ...queue.globals, printStoreLong: true },
};
