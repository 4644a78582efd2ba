import type { IDataObject, IExecuteFunctions, INode, INodeExecutionData, IWebhookFunctions } from 'n8n-workflow';

import { isRecord } from './json';

/**
 * Everything the package takes from n8n that n8n does not document for community nodes, in one
 * place: each entry names what it relies on and where it was tested. Every entry was tested on
 * n8n 2.41.1 (one process, and queue mode) and 1.123.81, by the end-to-end suites that run its path
 * (`TESTED_ON`); after an n8n upgrade, these are what to check first.
 */

/** The n8n versions and setups every entry below was tested on (jest.e2e*.config.js). */
export const TESTED_ON = ['2.41.1 (one process)', '2.41.1 (queue mode)', '1.123.81 (one process)'] as const;

/**
 * How long after a wait's time limit n8n's own timer ends it, at the latest.
 * Relies on: n8n's wait tracker looks for due waits every 60 s and resumes those whose waitTill has
 * passed, running the waiting node as disabled (its items pass through). The wait asks n8n for its
 * time limit plus this margin, so that its own last check ends the wait with fresh histories first.
 * Tested: test/e2e/wait-for-status.test.ts ("a time limit shorter than the lifecycle").
 */
export const WAIT_TIMER_GRACE_MS = 90_000;

/**
 * A POST to this execution's resume address, as the wait's checks send it.
 * Relies on: n8n runs the waiting node's webhook (`restartWebhook`) for a POST to the resume
 * address, in whichever process receives it, while the execution waits; once it no longer waits, n8n
 * answers 404 (no waiting execution) or 409 saying it finished. `gone` is true for those answers,
 * and for 401/403 (a wrong secret will not become right).
 * Tested: test/e2e/wait-for-status.test.ts (callbacks dropped: the checks resume the execution).
 */
export async function callResumeAddress(ctx: IExecuteFunctions, address: string, body: IDataObject): Promise<{ status?: number; body?: unknown; gone: boolean }> {
	const response = (await ctx.helpers.httpRequest({
		method: 'POST',
		url: address,
		body,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: 60_000,
	})) as { statusCode?: number; body?: unknown };
	const status = response.statusCode;
	const gone = status === 404 || status === 401 || status === 403 || (status === 409 && /finished/i.test(JSON.stringify(response.body ?? '')));
	return { status, body: response.body, gone };
}

/**
 * n8n's resume address of this execution: `<webhook URL>/<waiting endpoint>/<execution ID>`, with
 * `?signature=` on n8n 2.x.
 * Relies on: the documented `$execution.resumeUrl` expression, evaluated in a node's execute().
 */
export function executionResumeUrl(ctx: IExecuteFunctions): string {
	return String(ctx.evaluateExpression('{{ $execution.resumeUrl }}', 0) ?? '');
}

/**
 * Leaves `items` on the execution stack while the execution waits.
 * Relies on: `getExecuteData()` returns the live stack entry that n8n saves with the waiting
 * execution; the resume webhook reads its `data.main[0]` back (`waitingItems`), and when n8n's
 * own timer ends the wait, n8n runs the node as disabled, which outputs `data.main[0]` as it is.
 * So these items must be valid output items, with nothing internal in them.
 */
export function leaveOnStack(ctx: IExecuteFunctions, items: INodeExecutionData[]): void {
	const stackEntry = ctx.getExecuteData();
	stackEntry.data = { ...stackEntry.data, main: [items] };
}

/**
 * In the resume webhook: the items the waiting node left on the stack (`leaveOnStack`).
 * Relies on: n8n builds the waiting webhook's context from the execution's first stack entry, and
 * `$input.all()` reads that entry's `data.main[0]`.
 */
export function waitingItems(ctx: IWebhookFunctions): INodeExecutionData[] {
	const input = ctx.evaluateExpression('{{ $input.all() }}', 0) as unknown;
	return Array.isArray(input) ? (input as INodeExecutionData[]) : [];
}

/** What an execute context holds and does not declare (n8n-core's NodeExecutionContext). */
interface ContextInternals {
	workflow?: { nodes?: Record<string, INode> };
	additionalData?: { webhookBaseUrl?: unknown };
}

/**
 * Every node of the workflow this execution runs, as saved: parameters, credentials, webhook IDs.
 * Relies on: the context keeps its Workflow as `workflow`, whose `nodes` maps names to nodes
 * (n8n's own `getChatTrigger()` reads it so). The public API names other nodes only as parents or
 * children of a node, and never gives their webhook IDs.
 */
export function workflowNodes(ctx: IExecuteFunctions): INode[] {
	const nodes = (ctx as unknown as ContextInternals).workflow?.nodes;
	return isRecord(nodes) ? (Object.values(nodes) as INode[]) : [];
}

/**
 * The base of the instance's production webhook addresses, `<WEBHOOK_URL>/webhook` (with
 * N8N_ENDPOINT_WEBHOOK if set), the same on every process that has the same settings.
 * Relies on: the context's `additionalData.webhookBaseUrl`, from which n8n builds the production
 * URL of every trigger (`getNodeWebhookUrl`).
 */
export function webhookBaseUrl(ctx: IExecuteFunctions): string {
	const base = (ctx as unknown as ContextInternals).additionalData?.webhookBaseUrl;
	return typeof base === 'string' ? base : '';
}
