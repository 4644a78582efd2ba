import type { IExecuteFunctions, INode, INodeExecutionData, IWebhookFunctions } from 'n8n-workflow';

import { isRecord } from './json';

/**
 * Everything the package takes from n8n that n8n does not document for community nodes, in one
 * place. Each function names what it relies on. All of it was tested on n8n 1.123.81 and 2.41.1
 * (the end-to-end suites run each path); after an n8n upgrade, these are what to check first.
 */

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
