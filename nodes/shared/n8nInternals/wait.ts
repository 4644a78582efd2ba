import type { IDataObject, IExecuteFunctions, INodeExecutionData, IWebhookFunctions } from 'n8n-workflow';

import { isRecord } from '../json';
import { N8nChanged, N8nSettingStops } from './changed';

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

/** n8n's answer to a POST to a resume address, as far as the wait's checks need it. */
export interface ResumeAnswer {
	status?: number;
	body?: unknown;
	/** Nothing left to resume: the execution finished, or no longer waits, or the secret is refused. */
	gone: boolean;
}

/** A JSON POST to n8n's own resume address, answered whatever its status. */
async function postJson(helpers: IExecuteFunctions['helpers'] | IWebhookFunctions['helpers'], url: string, body: IDataObject, timeout: number) {
	const response = (await helpers.httpRequest({ method: 'POST', url, body, json: true, returnFullResponse: true, ignoreHttpStatusErrors: true, timeout })) as {
		statusCode?: number;
		body?: unknown;
	};
	return { status: response.statusCode, body: response.body };
}

/**
 * The wait's checks call the execution's resume address after execute() has returned, with the
 * context the node ran with. Returns the call to make, or undefined when the context can no longer
 * send requests.
 * Relies on: n8n leaves an execution context usable after execute() returns (its helpers still send
 * HTTP). Checked here, before the node returns; a check that fails later is tried again, and
 * callbacks and n8n's timer end the wait whatever the checks do.
 * Relies on, for the answers: n8n runs the waiting node's webhook (`restartWebhook`) for a POST to
 * the resume address, in whichever process receives it, while the execution waits; once it no longer
 * waits, n8n answers 404 (no waiting execution) or 409 saying it finished. `gone` is true for those
 * answers, and for 401/403 (a wrong secret will not become right).
 * Tested: test/e2e/wait-for-status.test.ts (callbacks dropped: the checks resume the execution).
 */
export function resumeCaller(ctx: IExecuteFunctions): (address: string, body: IDataObject) => Promise<ResumeAnswer> {
	const helpers = ctx.helpers;
	if (typeof helpers?.httpRequest !== 'function') {
		throw new N8nChanged(ctx.getNode(), 'backgroundChecks', 'the execution context has no helpers.httpRequest');
	}
	return async (address, body) => {
		const { status, body: answer } = await postJson(helpers, address, body, 60_000);
		const gone = status === 404 || status === 401 || status === 403 || (status === 409 && /finished/i.test(JSON.stringify(answer ?? '')));
		return { status, body: answer, gone };
	};
}

/** The errors n8n's SSRF protection (n8n 2.x, N8N_SSRF_PROTECTION_ENABLED) refuses a request with, before sending it. */
const SSRF_REFUSALS = new Set(['SsrfBlockedIpError', 'SsrfBlockedHostnameError']);

/**
 * Before a wait starts: stops the node with a clear error when n8n's own settings refuse the calls
 * its checks make to the execution's resume address, which would otherwise fail unseen until the
 * time limit. Sends one POST, `{printStoreReachable: true}`; n8n answers it 409 (the execution is
 * running), and any answer at all means the address can be called.
 * Relies on: with SSRF protection on, n8n's helpers.httpRequest refuses an address it blocks
 * (private and reserved ranges by default; 3.0 blocks more) before sending, with an error named
 * SsrfBlockedIpError or SsrfBlockedHostnameError (n8n 2.41.1, @n8n/backend-network). Any other
 * failure is left to the checks, which try again, as before.
 * Tested: test/e2e/n8n-3-settings.single.test.ts (SSRF protection allowing only the API's host).
 */
export async function refuseBlockedResumeAddress(ctx: IExecuteFunctions, address: string): Promise<void> {
	const refusal = await postJson(ctx.helpers, address, { printStoreReachable: true }, 10_000).then(
		() => undefined,
		(error: { name?: string; message?: string; description?: string }) =>
			SSRF_REFUSALS.has(String(error?.name)) || /^The request was blocked because/.test(String(error?.message))
				? [error.message, error.description].filter(Boolean).map((text) => (/[.!?]$/.test(String(text)) ? text : `${text}.`)).join(' ')
				: undefined,
	);
	if (refusal === undefined) return;
	const host = new URL(address).hostname;
	throw new N8nSettingStops(ctx.getNode(), 'ssrfProtection', `n8n's SSRF protection refuses requests to this execution's resume address (${host})`, refusal);
}

/**
 * n8n's resume address of this execution: `<webhook URL>/<waiting endpoint>/<execution ID>`, with
 * `?signature=` on n8n 2.x.
 * Relies on: the `$execution.resumeUrl` expression, evaluated in a node's execute() (or in its resume
 * webhook, for the fresh look of `freshWaitCaller`), gives an address
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

/**
 * The resume webhook's fresh look at the wait the execution is at now, just before it resumes it.
 * n8n gives the webhook the execution as it loaded it for this call and, after the webhook answers,
 * claims it by its status alone (n8n 2.41.1: `waiting`). Meanwhile another webhook process may have
 * resumed it, and it may wait again at a later wait: resuming from the copy loaded here would run the
 * nodes between the two waits again. n8n offers a node no read of its execution, so the webhook asks
 * n8n to load it again: it POSTs a probe to the execution's resume address, and the node's webhook
 * there (wait/resumeCall.ts) answers which wait the fresh copy is at.
 * Relies on: the webhook context can send HTTP; n8n runs the waiting node's webhook for a POST to the
 * resume address while the execution waits, from a copy it loads for that call, and once the
 * execution no longer waits answers 409 (running, or finished) or 404. Checked: the context can send
 * HTTP, here; a 200 that is not the node's answer to a probe, where the answer is read (`readProbe`).
 * Tested: test/node/wait-resume.test.ts (a copy loaded before the execution moved on resumes
 * nothing), test/e2e/wait-resume-once.queue.test.ts (callbacks at two webhook processes at once).
 */
export function freshWaitCaller(ctx: IWebhookFunctions): (address: string, body: IDataObject) => Promise<ResumeAnswer> {
	const helpers = ctx.helpers;
	if (typeof helpers?.httpRequest !== 'function') {
		throw new N8nChanged(ctx.getNode(), 'freshRead', 'the resume webhook\'s context has no helpers.httpRequest');
	}
	return async (address, body) => {
		const { status, body: answer } = await postJson(helpers, address, body, 30_000);
		return { status, body: answer, gone: status === 404 || status === 409 };
	};
}

/**
 * What a probe's answer says: the wait the execution is at now (`wait`), or that it no longer waits
 * (`movedOn`), or nothing usable (`unknown`: the probe could not be made or n8n failed; the caller
 * goes on as without a probe). A 200 without the node's answer means n8n no longer runs the node's
 * webhook for the probe.
 */
export function readProbe(ctx: IWebhookFunctions, answer: ResumeAnswer, field: string): { wait: string } | { movedOn: true } | { unknown: string } {
	if (answer.gone) return { movedOn: true };
	if (answer.status !== 200) return { unknown: `n8n answered ${String(answer.status)}` };
	const wait = isRecord(answer.body) ? answer.body[field] : undefined;
	if (typeof wait !== 'string' || wait === '') {
		throw new N8nChanged(ctx.getNode(), 'freshRead', "a POST to the execution's resume address is not answered by the waiting node's webhook");
	}
	return { wait };
}
