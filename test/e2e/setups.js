/**
 * Which end-to-end files run in which n8n setup (the jest.e2e*.config.js files read this).
 *
 * Each guarantee is tested once, where it lives. The engine suite (test/node, test/trigger) is the
 * contract for the operations; these files are smoke and integration tests in a real n8n:
 * - one process (jest.e2e.config.js, and `npm run compatibility` on any version): every file but
 *   the `*.queue.test.ts` ones;
 * - queue mode (jest.e2e.queue.config.js): only what depends on separate main, worker and webhook
 *   processes, QUEUE below;
 * - n8n 1.x (jest.e2e.n8n1.config.js): a smoke set plus what n8n 1.x does differently, N8N1 below.
 * docs/test-map.md says why each file is where it is.
 */
const fs = require('node:fs');
const path = require('node:path');

const folder = __dirname;

/** Queue mode: the files that need processes of their own. */
const QUEUE = [
	// Made for queue mode, found by name so that a new one cannot be left out: callbacks split over
	// two webhook processes, resumes routed by execution, a worker stopped mid-run, manual runs on the worker.
	...fs.readdirSync(folder).filter((file) => file.endsWith('.queue.test.ts')).sort(),
	// A webhook process derives the trigger's secret from the credential on its own, and refuses
	// forged callbacks (its accepted ones: queue-mode.queue.test.ts).
	'trigger.test.ts',
	// The two callbacks of one status change, sent through the load balancer (which routes a trigger's
	// callbacks by its webhook ID), meet in one webhook process and start one execution.
	'once-per-change.test.ts',
	// The trigger's GET/PUT webhooks and the wait's GET resume are registered and served by the
	// webhook processes, not by main.
	'callback-methods.test.ts',
	// The catch-up: main's clock calls the trigger's webhook where an n8n process listens (main, with
	// its public address out of reach), over the static data in PostgreSQL shared with the webhook
	// processes' callbacks.
	'catch-up.test.ts',
	// A wait started on the worker is resumed through a webhook process: by the callbacks across a
	// restart of main, in a loop, by its checks and at its time limit; forged resume calls refused.
	'wait-for-status.test.ts',
	// The checks run on the worker, which serves no webhooks: with n8n's public address out of reach,
	// they reach n8n through the credential's n8n Internal URL; without it the wait fails as it begins,
	// and with main serving no production webhooks a catch-up trigger is not published.
	'out-of-reach.test.ts',
	// The chat and the MCP session go to a webhook process, the agent and its tools run on the worker.
	'ai-agent.test.ts',
	// A production webhook served by a webhook process runs the node there.
	'webhooks.test.ts',
	// Proofs and pages downloaded on the worker reach the next nodes through n8n's binary data (database mode).
	'files.test.ts',
	// The executions the worker and the webhook processes stored, and main's log, searched for secrets.
	'secrets.last.test.ts',
];

/**
 * n8n 1.x: a smoke set, the files with a branch for what 1.x does differently, and the files that
 * prove what the nodes take from n8n without n8n documenting it (nodes/shared/n8nInternals/: each
 * entry names its test), which 1.x may do differently. The browser test (1.x's editor: other
 * labels, "Connect my account", an empty mapper field) runs on 1.x in the weekly canary, which runs
 * every file on the newest 1.x: in every npm test it was two thirds of this setup's time.
 */
const N8N1 = [
	// Smoke: the package installed from its tarball, one operation per resource and the credential
	// through n8n; a production webhook (1.x activates workflows another way), path-form webhooks.
	'operations.test.ts',
	'webhooks.test.ts',
	// The trigger: Create derives its URLs from the workflow (n8nInternals/workflow.ts).
	'trigger.test.ts',
	// One execution per status change: the trigger answers a callback itself, then starts the
	// workflow with both callbacks' records (n8n 1.x's webhook responses differ).
	'once-per-change.test.ts',
	// The catch-up's clock, started by the activation's context, calling the address n8n 1.x listens
	// on (n8nInternals/trigger.ts), and its failures recorded as failed executions.
	'catch-up.test.ts',
	// A webhook registered once per method of a comma-separated httpMethod (n8nInternals/trigger.ts).
	'callback-methods.test.ts',
	// The tool variant's name and output in the AI Agent and the MCP Server Trigger (n8nInternals/tool.ts).
	'ai-agent.test.ts',
	// The node's own Custom API Call, sent with both credentials (n8nInternals/versions.ts).
	'custom-api-call.test.ts',
	// Proofs and pages as binary data: n8n 1.x keeps it in memory by default.
	'files.test.ts',
	// 1.x has no resume token: the node refuses forged resume calls itself (n8nInternals/wait.ts).
	'wait-for-status.test.ts',
	// The checks find n8n 1.x where it listens, and its answer for a running execution (n8nInternals/wait.ts).
	'out-of-reach.test.ts',
	// 1.x keeps the workflow's static data with each execution: searched for secrets too.
	'secrets.last.test.ts',
];

/** jest `testMatch` globs for exactly these files; a name that is no file stops the run. */
function only(files) {
	const missing = files.filter((file) => !fs.existsSync(path.join(folder, file)));
	if (missing.length > 0) throw new Error(`test/e2e/setups.js names files that do not exist: ${missing.join(', ')}`);
	return files.map((file) => `**/test/e2e/${file}`);
}

module.exports = { QUEUE, N8N1, only };
