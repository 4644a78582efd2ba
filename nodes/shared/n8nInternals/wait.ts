import type { IExecuteFunctions, INodeExecutionData, IWebhookFunctions } from 'n8n-workflow';

import { isRecord } from '../json';
import { N8nChanged } from './changed';

/**
 * What Order > Wait Until Status takes from n8n beyond its documented API. Each entry names what it
 * relies on, checks it where it is used, and the end-to-end test that proves it on a real n8n.
 */

/**
 * How long after a wait's time limit n8n's own timer ends it, at the latest.
 * Relies on: n8n's wait tracker looks for due waits every 60 s and resumes those whose waitTill has
 * passed, running the waiting node as disabled (its items pass through). The wait asks n8n for its
 * time limit plus this margin, so that its own last check ends the wait with fresh histories first.
 * No run-time check can see n8n's timer; if it changes, only which of the two ends a wait past its
 * time limit changes (both output the items as timed out).
 * Tested: test/e2e/wait-for-status.test.ts ("a time limit shorter than the lifecycle").
 */
export const WAIT_TIMER_GRACE_MS = 90_000;

/**
 * What n8n itself answers, about an execution by its ID, to a POST to the execution's resume address
 * when the waiting node's webhook does not run: 'running' (409: the execution runs: at the wait's
 * start, or resumed and not waiting again yet), 'gone' (409, finished; or 404, no such execution),
 * 'here' (the execution is in this n8n's database, and nothing more is said), or undefined for any
 * other answer (another server, another n8n, a proxy's error page).
 * Relies on: n8n's waiting-webhook route answers so (n8n 1.123 and 2.41): 409 `The execution "<id>"
 * is running already.`, `... has finished ...`, 404 `... does not exist.`, naming the execution. And,
 * while the execution runs, before its data is saved as it is now: for a run whose data n8n has not
 * saved yet (a manual run), both read a field of the missing data first and answer 500 `Cannot read
 * properties of undefined (reading 'resumeToken')` (2.41; 1.123: `'validateSignature'`); for one a
 * queue-mode worker took over (a manual run offloaded to it), 2.41 checks the resume token against
 * the data main saved, which holds another, and answers 401 `{"error": "Invalid token"}`. Both are
 * 'here': the execution exists in this n8n. No run-time check can tell a change of wording: the
 * wait's start would then find no address (the node fails, saying what it tried), and the checks
 * would go on until the time limit.
 * Tested: test/e2e/out-of-reach.test.ts (a production run), test/e2e/callback-methods.test.ts
 * and test/e2e/wait-for-status.test.ts (manual runs), test/e2e/n8n-3-manual-runs.queue.test.ts (a
 * manual run on a worker), in one process, queue mode and n8n 1.x.
 */
export function n8nSaysOfExecution(answer: { status?: number; body?: unknown }, executionId: string): 'running' | 'gone' | 'here' | undefined {
	const body = isRecord(answer.body) ? answer.body : {};
	const message = typeof body.message === 'string' ? body.message : '';
	if (answer.status === 500 && /^Cannot read properties of undefined \(reading '(resumeToken|validateSignature)'\)$/.test(message)) return 'here';
	if (answer.status === 401 && body.error === 'Invalid token') return 'here';
	if (!message.includes(`"${executionId}`)) return undefined;
	if (answer.status === 409 && /is running already/.test(message)) return 'running';
	if ((answer.status === 409 && /has finished/.test(message)) || (answer.status === 404 && /does not exist/.test(message))) return 'gone';
	return undefined;
}

/**
 * n8n's resume address of this execution: `<webhook URL>/<waiting endpoint>/<execution ID>`, with
 * `?signature=` on n8n 2.x.
 * Relies on: the `$execution.resumeUrl` expression, evaluated in a node's execute() (or in its resume
 * webhook, for the fresh look of wait/reach.ts, `reachFromResumeCall`), gives an address
 * whose path ends in the execution ID (the node adds its own path after it). An address that is not
 * http(s) is returned as it is: that is n8n's WEBHOOK_URL setting, which the caller explains.
 * Tested: test/e2e/wait-for-status.test.ts.
 */
export function executionResumeUrl(ctx: IExecuteFunctions | IWebhookFunctions): string {
	const value = String(ctx.evaluateExpression('{{ $execution.resumeUrl }}', 0) ?? '');
	// No http(s) address at all is a setting (WEBHOOK_URL), which the caller explains.
	if (!/^https?:\/\//i.test(value)) return value;
	const executionId = ctx.getExecutionId();
	let path = '';
	try {
		path = new URL(value).pathname.replace(/\/+$/, '');
	} catch {
		return value;
	}
	if (!executionId || !path.endsWith(`/${executionId}`)) {
		throw new N8nChanged(ctx.getNode(), 'resumeUrl', `$execution.resumeUrl does not end in the execution ID (${executionId})`);
	}
	return value;
}

/**
 * Leaves `items` on the execution stack while the execution waits.
 * Relies on: `getExecuteData()` returns the live stack entry of this node, which n8n saves with the
 * waiting execution; the resume webhook reads its `data.main[0]` back (`waitingItems`), and when n8n's
 * own timer ends the wait, n8n runs the node as disabled, which outputs `data.main[0]` as it is.
 * So these items must be valid output items, with nothing internal in them. Checked: the entry is
 * this node's, and reading it again gives the items just left (not a copy).
 * Tested: test/e2e/wait-for-status.test.ts (every case that resumes by callback).
 */
export function leaveOnStack(ctx: IExecuteFunctions, items: INodeExecutionData[]): void {
	const node = ctx.getNode();
	const stackEntry = typeof ctx.getExecuteData === 'function' ? (ctx.getExecuteData() as unknown) : undefined;
	if (!isRecord(stackEntry) || !isRecord(stackEntry.node) || stackEntry.node.name !== node.name) {
		throw new N8nChanged(node, 'executionStack', "getExecuteData() does not give this node's stack entry");
	}
	stackEntry.data = { ...(isRecord(stackEntry.data) ? stackEntry.data : {}), main: [items] } as never;
	const again = ctx.getExecuteData() as unknown as { data?: { main?: unknown[] } };
	if (again?.data?.main?.[0] !== items) {
		throw new N8nChanged(node, 'executionStack', 'getExecuteData() gives a copy of the stack entry, not the entry n8n saves');
	}
}

/**
 * In the resume webhook: the items the waiting node left on the stack (`leaveOnStack`).
 * Relies on: n8n builds the waiting webhook's context from the execution's first stack entry, and
 * `$input.all()` reads that entry's `data.main[0]`. The node always leaves at least one item, so
 * anything but a non-empty list of items means n8n reads them from elsewhere now.
 * Tested: test/e2e/wait-for-status.test.ts.
 */
export function waitingItems(ctx: IWebhookFunctions): INodeExecutionData[] {
	let input: unknown;
	let failure = '';
	try {
		input = ctx.evaluateExpression('{{ $input.all() }}', 0);
	} catch (error) {
		failure = `: ${(error as Error).message}`;
	}
	if (failure) throw new N8nChanged(ctx.getNode(), 'waitingItems', `$input.all() in the resume webhook fails${failure}`);
	if (!Array.isArray(input) || input.length === 0 || !input.every((item) => isRecord(item) && isRecord(item.json))) {
		throw new N8nChanged(ctx.getNode(), 'waitingItems', '$input.all() in the resume webhook does not give the items the waiting node left');
	}
	return input as INodeExecutionData[];
}
