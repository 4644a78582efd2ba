import type { ITriggerFunctions } from 'n8n-workflow';

import { webhookBaseUrl } from '../../shared/n8nInternals';

/**
 * Where the catch-up's clock calls the trigger's own webhook: at an address an n8n process serves
 * it on, in this order, the first whose answer carries the trigger's proof:
 *
 * 1. the address set in Catch-Up Options > Own Address (for a setup none of the others reach);
 * 2. the address that answered last time;
 * 3. the addresses n8n processes were seen serving the trigger on (the server's side of a callback
 *    or a clock request: the address n8n listens on), this process's first;
 * 4. n8n's editor address (N8N_EDITOR_BASE_URL), which some setups keep inside;
 * 5. n8n's default, `http://127.0.0.1:5678`;
 * 6. the trigger's Production URL (N8N_WEBHOOK_URL), the only one in queue mode where the main
 *    process serves no production webhooks.
 *
 * What cannot be found: n8n on another port than 5678, whose Production URL and editor address are
 * both out of its own reach, before any callback or clock request has come to it. Until then the
 * catch-up cannot run, and says so (catchUp/clock.ts); Own Address settles it from the first publish.
 *
 * Why the address n8n listens on before the public one: behind a reverse proxy, n8n often cannot
 * reach its own public address (no hairpin routing, closed egress, split DNS) while the provider's
 * callbacks reach it through the proxy. Any process that serves the trigger can run the catch-up:
 * each reads the trigger's memory afresh for the request and saves it right after.
 */

/** A base address as typed (`http://127.0.0.1:5678`, with or without the webhook path): with the webhook path. */
function withWebhookPath(base: string, endpoint: string): string {
	const trimmed = base.trim().replace(/\/+$/, '');
	return trimmed.endsWith(`/${endpoint}`) ? `${trimmed}/` : `${trimmed}/${endpoint}/`;
}

/** The static status webhook at an address (`<address><webhook id>/status`): no secret in it. */
export function statusWebhookAt(address: string, webhookId: string): string {
	return `${address}${webhookId}/status`;
}

/**
 * The addresses to try, each once, in the order above. Each is a base up to the webhook ID
 * (`http://127.0.0.1:5678/webhook/`).
 */
export function candidateAddresses(ctx: ITriggerFunctions, known: { configured: string; answered?: string; here?: string; served: string[] }): string[] {
	const production = `${webhookBaseUrl(ctx).replace(/\/+$/, '')}/`;
	// n8n's webhook path (N8N_ENDPOINT_WEBHOOK): the last segment of the production base.
	const endpoint = production.replace(/\/+$/, '').split('/').pop() || 'webhook';
	const list = [
		known.configured ? withWebhookPath(known.configured, endpoint) : '',
		known.answered ?? '',
		known.here ?? '',
		...known.served,
		withWebhookPath(ctx.getInstanceBaseUrl(), endpoint),
		`http://127.0.0.1:5678/${endpoint}/`,
		production,
	];
	return [...new Set(list.filter((address) => /^https?:\/\//i.test(address)))];
}
