import type { IDataObject, IHookFunctions, INode, IWebhookFunctions, WebhookType } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { isRecord } from '../json';
import { N8nChanged } from './changed';
import { workflowStaticData } from './staticData';
import { staticWebhookUrl } from './workflow';

/**
 * What the Print Store Trigger takes from n8n beyond its documented API: webhooks with names of its
 * own, the URL n8n serves it at (which Create computes), and when n8n saves its static data.
 * `checkTriggerActivation` checks all three when the workflow is activated (published), so a
 * change in n8n stops the activation with a clear error instead of losing or repeating events.
 */

/**
 * The trigger has webhooks and a `trigger()` (the catch-up's clock, PrintStoreTrigger/clock/ticks.ts).
 * Relies on: n8n registers a node's webhooks and runs its trigger() alike when it declares both (the
 * webhooks on publishing, trigger() in the process that keeps the workflow active, from every start
 * of n8n on: n8n 2.x re-registers only non-webhook triggers at start), and runs the node in an
 * execution through its `execute()` when it has one, before trying trigger() or passing a webhook's
 * items on (n8n-core's WorkflowExecute.runNode): execute() passes the items webhook() gave on, so
 * test events too reach the workflow as they were received. No run-time check can see how n8n
 * registers a node; the tests show both on a real n8n.
 * Tested: test/e2e/catch-up.test.ts (the clock after n8n restarts), test/e2e/trigger.test.ts (callbacks).
 */

/**
 * The path-form webhooks (secret, and store, as path segments). n8n's type names only 'default' and
 * 'setup', but n8n keys webhooks by any name (`getWebhookName()`, `getNodeWebhookUrl(name)`).
 * Tested: test/e2e/webhooks.test.ts, test/e2e/hostile-callbacks.test.ts.
 */
export const SECRET_IN_PATH = 'secretInPath' as WebhookType;
export const SECRET_AND_STORE_IN_PATH = 'secretAndStoreInPath' as WebhookType;

/**
 * The HTTP methods the package's callback webhooks answer (the trigger's, and the wait's resume
 * webhook): the provider's webhook settings let a service choose the method, and a callback the
 * webhook does not answer is refused by n8n (404), which may make the service disable the webhook.
 * Relies on: n8n registers a webhook once per method of a comma-separated `httpMethod` (n8n 1.123
 * and 2.41 split it at commas, as their own Webhook node's "Allow Multiple HTTP Methods" needs). No
 * run-time check can see n8n's registrations: were n8n to stop splitting, it would register one
 * method named "GET,POST,PUT,PATCH" and answer every callback 404, which the test below shows.
 * Tested: test/e2e/callback-methods.test.ts (GET, PUT and an empty POST in a real n8n).
 */
export const CALLBACK_HTTP_METHODS = 'GET,POST,PUT,PATCH';

interface ContextInternals {
	additionalData?: { webhookBaseUrl?: unknown };
}

/** n8n's own answer for the trigger's webhook of this name, or '' when n8n knows no such webhook. */
function servedUrl(ctx: IHookFunctions, name: WebhookType): string {
	const url = ctx.getNodeWebhookUrl(name);
	return typeof url === 'string' ? url : '';
}

/**
 * Checks, on activation (production mode), what the trigger's callbacks rely on:
 * - webhookNames: n8n gives a URL for each path-form webhook, with the node's webhook ID in it
 *   (skipped when the secret goes in the query: those webhooks are then never used);
 * - triggerUrl: the URL Create computes for the status webhook (`staticWebhookUrl`) is the one n8n
 *   gives the trigger;
 * - staticDataSave, with "Remember Across Processes": a write to the node's static data marks
 *   the workflow's static data changed, which is what makes n8n save it.
 * Tested: test/trigger/registration.test.ts (each check, with the internal taken away), and the
 * end-to-end trigger tests for what the checks stand for.
 */
export function checkTriggerActivation(ctx: IHookFunctions, placement: unknown, acrossProcesses: boolean): void {
	const node = ctx.getNode();
	if (placement !== 'query') {
		for (const name of [SECRET_IN_PATH, SECRET_AND_STORE_IN_PATH]) {
			const url = servedUrl(ctx, name);
			if (!node.webhookId || !url.includes(node.webhookId)) {
				throw new N8nChanged(node, 'webhookNames', `n8n gives no URL for the webhook "${name}"`);
			}
		}
	}
	const base = (ctx as unknown as ContextInternals).additionalData?.webhookBaseUrl;
	const served = servedUrl(ctx, 'default');
	if (typeof base === 'string' && base !== '' && served !== '') {
		const computed = staticWebhookUrl(base, String(ctx.getWorkflow().id ?? ''), node, 'status');
		// n8n may join a base ending in '/' with another '/': the same address.
		const same = (url: string) => url.replace(/([^:/])\/{2,}/g, '$1/');
		if (same(computed) !== same(served)) {
			throw new N8nChanged(node, 'triggerUrl', `n8n serves the trigger at another URL than the one Print Store computes (${served.replace(/\/[^/]*$/, '/…')})`);
		}
	}
	if (acrossProcesses) checkStaticDataMarks(ctx, node);
}

function checkStaticDataMarks(ctx: IHookFunctions, node: INode): void {
	const root = workflowStaticData(ctx);
	const data = ctx.getWorkflowStaticData('node');
	if (!isRecord(root) || !isRecord(data)) {
		throw new N8nChanged(node, 'staticDataSave', "the workflow's static data is not where n8n kept it");
	}
	const before = root.__dataChanged;
	root.__dataChanged = false;
	const probe = '__printStoreProbe';
	(data as IDataObject)[probe] = 1;
	const marked = (root.__dataChanged as unknown) === true;
	delete (data as IDataObject)[probe];
	root.__dataChanged = before;
	if (!marked) throw new N8nChanged(node, 'staticDataSave', "a write to the node's static data does not mark the workflow's static data changed");
}

/**
 * Answers the callback's sender just after n8n has taken this request's static data to save.
 * Relies on: n8n 2.x saves a trigger's static data only when the trigger answers the request itself
 * (queuing the execution reloads the workflow and clears n8n's mark that the data changed), and sends
 * the save to its database before the next turn of the event loop; answering then, rather than at
 * once, means a retry the sender makes on receiving the answer finds the event recorded.
 * Tested: test/e2e/queue-mode.queue.test.ts ("Remember Across Processes").
 */
export function answerAfterStaticDataSave(ctx: IWebhookFunctions, body: IDataObject): void {
	const response = ctx.getResponseObject();
	void sleep(0).then(() => {
		// n8n may have answered already (an error while starting the execution): never answer twice.
		if (!response.headersSent) response.status(200).json(body);
	});
}
