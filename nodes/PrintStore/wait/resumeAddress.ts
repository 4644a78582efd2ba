import type { IExecuteFunctions, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { waitSecret } from '../../shared/callbacks/secrets';
import { hideSecretsInText } from '../../shared/hideSecrets';
import { executionResumeUrl } from '../../shared/n8nInternals';
import { splitEndpoint, type Endpoints } from '../../shared/selfCalls/addresses';
import { CREDENTIAL_TYPE } from '../../shared/transport';

/**
 * The address that resumes a waiting execution (Order > Wait Until Status), as Create sends it
 * with each order ("Status Callbacks: Resume This Execution"), and its parts, from which the wait's
 * own calls to n8n (wait/reach.ts) reach the same webhook at other addresses of n8n.
 *
 * n8n gives every execution one resume address, `<webhook URL>/webhook-waiting/<execution ID>`, the
 * same for every wait of the execution; n8n 2.x adds a per-execution token (`?signature=`), n8n 1.x
 * none, and execution IDs are consecutive. So the node adds a secret of its own, which any process
 * can recompute and nobody can guess (shared/callbacks/secrets.ts). A call without it resumes
 * nothing, on every n8n version. The path ends in WAIT_WEBHOOK_PATH, the node's resume webhook.
 */

/** The resume webhook's path after the execution ID. */
export const WAIT_WEBHOOK_PATH = 'print-store-status';

/** The execution's resume address, split: its root, and the rest after it (with n8n's token, without the node's secret). */
export function resumeParts(ctx: IExecuteFunctions | IWebhookFunctions): { root: string; relative: string; endpoints: Endpoints } {
	const url = executionResumeUrl(ctx);
	if (!/^https?:\/\//i.test(url)) {
		throw new NodeOperationError(ctx.getNode(), `n8n gave no usable resume address for this execution (got "${hideSecretsInText(url)}"); check n8n's WEBHOOK_URL setting`, {
			description: "Set N8N_WEBHOOK_URL (n8n 1.x: WEBHOOK_URL) to this n8n's public address on every n8n process.",
		});
	}
	const parsed = new URL(url);
	const { root, endpoint } = splitEndpoint(`${parsed.origin}${parsed.pathname}`, 1);
	return { root, relative: `${endpoint}/${ctx.getExecutionId()}/${WAIT_WEBHOOK_PATH}${parsed.search}`, endpoints: { webhook: 'webhook', waiting: endpoint } };
}

/** The secret of the execution's resume address and of the node's own asks (derived: shared/callbacks/secrets.ts). */
export async function resumeSecret(ctx: IExecuteFunctions | IWebhookFunctions, executionId: string): Promise<string> {
	return waitSecret(await ctx.getCredentials(CREDENTIAL_TYPE), executionId);
}

/** n8n's resume address of this execution with the node's path and secret: what Create gives the service (Status Callbacks: Resume This Execution). */
export async function resumeAddress(ctx: IExecuteFunctions): Promise<string> {
	const { root, relative } = resumeParts(ctx);
	const url = new URL(`${root}${relative}`);
	url.searchParams.set('secret', await resumeSecret(ctx, ctx.getExecutionId()));
	return url.toString();
}
