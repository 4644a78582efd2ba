import type { IExecuteFunctions, INode, ITriggerFunctions } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { isRecord } from '../json';
import { N8nChanged } from './changed';

/**
 * What Create's "From Print Store Trigger in This Workflow" takes from n8n beyond its documented API:
 * the workflow's other nodes and the production webhook base, read from the execution context, and
 * the URL n8n serves a trigger at, computed as n8n does. So any process (a queue-mode worker too)
 * computes the trigger's callback URLs without reading anything the trigger stored.
 */

/** What an execute context holds and does not declare (n8n-core's NodeExecutionContext). */
interface ContextInternals {
	workflow?: { nodes?: unknown };
	additionalData?: { webhookBaseUrl?: unknown };
}

/**
 * Every node of the workflow this execution runs, as saved: parameters, credentials, webhook IDs.
 * Relies on: the context keeps its Workflow as `workflow`, whose `nodes` maps names to nodes (n8n's
 * own `getChatTrigger()` reads it so). The public API names other nodes only as parents or children
 * of a node, and never gives their webhook IDs. Checked: the map holds this very node.
 * Tested: test/e2e/trigger.test.ts (Create from the trigger, one process and queue mode).
 */
export function workflowNodes(ctx: IExecuteFunctions): INode[] {
	const nodes = (ctx as unknown as ContextInternals).workflow?.nodes;
	const self = ctx.getNode();
	if (!isRecord(nodes) || !isRecord(nodes[self.name]) || (nodes[self.name] as unknown as INode).type !== self.type) {
		throw new N8nChanged(self, 'workflowNodes', "the execution context does not hold the workflow's nodes");
	}
	return Object.values(nodes) as unknown as INode[];
}

/**
 * The base of the instance's production webhook addresses, `<WEBHOOK_URL>/webhook` (with
 * N8N_ENDPOINT_WEBHOOK if set), the same on every process that has the same settings.
 * Relies on: the context's `additionalData.webhookBaseUrl`, from which n8n builds the production URL
 * of every trigger (`getNodeWebhookUrl`). Checked: it is a string (an empty or odd one is a setting,
 * which the caller explains).
 * Tested: test/e2e/trigger.test.ts, test/e2e/catch-up.test.ts (the trigger's catch-up clock).
 */
export function webhookBaseUrl(ctx: IExecuteFunctions | ITriggerFunctions): string {
	const additionalData = (ctx as unknown as ContextInternals).additionalData;
	if (!isRecord(additionalData) || typeof additionalData.webhookBaseUrl !== 'string') {
		throw new N8nChanged(ctx.getNode(), 'webhookBaseUrl', 'the execution context has no additionalData.webhookBaseUrl');
	}
	return additionalData.webhookBaseUrl;
}

/**
 * The production URL of a trigger's static webhook (`<base>/<webhook id>/<path>`), as n8n serves it.
 * Relies on: n8n-workflow's `NodeHelpers.getNodeWebhookUrl`, the function n8n itself builds the URL
 * with. Checked where it is used: here that it exists and answers under the base; at the trigger's
 * activation, that its answer equals the URL n8n gives the trigger (`checkTriggerActivation`).
 * Tested: test/e2e/trigger.test.ts, test/trigger/registration.test.ts.
 */
export function staticWebhookUrl(base: string, workflowId: string, node: INode, path: string): string {
	const build = (NodeHelpers as { getNodeWebhookUrl?: unknown } | undefined)?.getNodeWebhookUrl;
	if (typeof build !== 'function') {
		throw new N8nChanged(node, 'triggerUrl', 'n8n-workflow has no NodeHelpers.getNodeWebhookUrl');
	}
	const url = (build as typeof NodeHelpers.getNodeWebhookUrl)(base.replace(/\/+$/, ''), workflowId, node, path, false);
	if (typeof url !== 'string' || !url.startsWith(base.replace(/\/+$/, ''))) {
		throw new N8nChanged(node, 'triggerUrl', 'NodeHelpers.getNodeWebhookUrl gives no URL under the webhook base');
	}
	return url;
}
