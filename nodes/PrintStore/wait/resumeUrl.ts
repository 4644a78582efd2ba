import type { IExecuteFunctions, IWebhookDescription, IWebhookFunctions } from 'n8n-workflow';

import { waitSecret } from '../../shared/callbacks/secrets';
import { hideSecretsInText } from '../../shared/hideSecrets';
import { CALLBACK_HTTP_METHODS, executionResumeUrl } from '../../shared/n8nInternals';
import { CREDENTIAL_TYPE } from '../../shared/transport';

/**
 * The address that resumes a waiting execution (Order > Wait Until Status), as Create sends it
 * with each order ("Status Callbacks: Resume This Execution") and as the wait's own checks call it.
 *
 * n8n gives every execution one resume address, `<webhook URL>/webhook-waiting/<execution ID>`, the
 * same for every wait of the execution; n8n 2.x adds a per-execution token (`?signature=`), n8n 1.x
 * none, and execution IDs are consecutive. So the node adds a secret of its own, which any process
 * can recompute and nobody can guess (shared/callbacks/secrets.ts). A call without it resumes
 * nothing, on every n8n version. The path ends in WAIT_WEBHOOK_PATH, the node's resume webhook.
 */
export const WAIT_WEBHOOK_PATH = 'print-store-status';

/**
 * The Print Store node's resume webhook: `<resume address>/print-store-status`, answered by the node,
 * for any method a service may call with (n8nInternals, CALLBACK_HTTP_METHODS), with or without a body.
 */
export const RESUME_WEBHOOKS: IWebhookDescription[] = [
	{
		name: 'default',
		httpMethod: CALLBACK_HTTP_METHODS,
		responseMode: 'onReceived',
		// Without it n8n answers a resuming call with the text "firstEntryJson".
		responseData: '',
		path: WAIT_WEBHOOK_PATH,
		restartWebhook: true,
		isFullPath: true,
	},
];

export async function resumeSecret(ctx: IExecuteFunctions | IWebhookFunctions, executionId: string): Promise<string> {
	return waitSecret(await ctx.getCredentials(CREDENTIAL_TYPE), executionId);
}

/** n8n's resume address of this execution with the node's path and secret added (in execute(), or in the resume webhook). */
export async function resumeAddress(ctx: IExecuteFunctions | IWebhookFunctions): Promise<string> {
	const base = executionResumeUrl(ctx);
	if (!/^https?:\/\//i.test(base)) {
		throw new Error(`n8n gave no usable resume address for this execution (got "${hideSecretsInText(base)}"); check n8n's WEBHOOK_URL setting`);
	}
	const url = new URL(base);
	// n8n's resume address ends with the execution ID: the node's path goes after it.
	url.pathname = `${url.pathname}/${WAIT_WEBHOOK_PATH}`;
	url.searchParams.set('secret', await resumeSecret(ctx, ctx.getExecutionId()));
	return url.toString();
}
