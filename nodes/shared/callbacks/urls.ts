import type { INode } from 'n8n-workflow';

import { staticWebhookUrl } from '../n8nInternals';

import type { EventKind } from './normalize';

/**
 * The callback URLs a Print Store Trigger registers, and how their secret is kept out of sight.
 *
 * The secret travels in two forms, both accepted by the trigger:
 * - a query parameter, `<webhook URL>?secret=<secret>` (what Create sends for triggers from
 *   version 2.1 on: n8n's log never shows it; and for URLs typed by hand);
 * - a path segment, `.../webhook/<id>/<id>/status/<secret>` (what Create sends for earlier
 *   triggers, or when chosen: it survives a service that drops or rewrites query strings; see the
 *   trigger's setup/access.ts).
 * Whatever form an URL carries it in, `hideCallbackSecrets` (shared/hideSecrets.ts, a leaf module
 * every layer may import) replaces the secret by a fixed marker so output items, errors and logs
 * show which trigger an order reports to, never the secret.
 */

/** The trigger node, as far as its addresses go. */
export interface TriggerNodeRef {
	name: string;
	webhookId?: string;
	typeVersion?: number;
}

/**
 * Where a trigger's URLs carry the secret: its "Secret in Callback URLs" option, else, from version
 * 2.1 on, the query (n8n's log never shows it), before that the path (as those orders were made).
 */
export function secretPlacement(node: TriggerNodeRef, option: unknown): 'path' | 'query' {
	if (option === 'path' || option === 'query') return option;
	return (node.typeVersion ?? 1) >= 2.1 ? 'query' : 'path';
}

/**
 * The address of a trigger's callback with the secret in it, as the trigger's "Secret in Callback
 * URLs" option places it. Any process computes it from what it has: n8n's production webhook base
 * (`<WEBHOOK_URL>/webhook`), the workflow ID and the trigger node. n8n's own `getNodeWebhookUrl`
 * gives the static address (through the door, n8nInternals); the path form inserts the webhook ID again before the kind (the
 * trigger's setup/access.ts says why). A secret with characters a path segment would carry
 * encoded goes in the query.
 */
export function triggerCallbackUrl(
	webhookBaseUrl: string,
	workflowId: string,
	node: TriggerNodeRef,
	kind: EventKind,
	secret: string,
	placement: 'path' | 'query',
): string {
	const url = staticWebhookUrl(webhookBaseUrl, workflowId, node as INode, kind);
	const pathSafe = /^[A-Za-z0-9._~-]+$/.test(secret);
	if (placement === 'query' || !pathSafe || !node.webhookId) return withSecretQuery(url, secret);
	return pathFormUrl(url, node.webhookId, secret);
}

/**
 * The path-form address of a callback: the static webhook's URL (`.../webhook/<id>/status`) with the
 * webhook ID repeated before the kind, the secret after it.
 */
export function pathFormUrl(staticWebhookUrl: string, webhookId: string, secret: string): string {
	const at = staticWebhookUrl.lastIndexOf('/');
	return `${staticWebhookUrl.slice(0, at)}/${webhookId}${staticWebhookUrl.slice(at)}/${encodeURIComponent(secret)}`;
}

export function withSecretQuery(webhookUrl: string, secret: string): string {
	return `${webhookUrl}${webhookUrl.includes('?') ? '&' : '?'}secret=${encodeURIComponent(secret)}`;
}

/**
 * A trigger URL with the order's store added in the same form as its secret: one more path segment
 * after a path-form secret (`.../status/<secret>/<store>`), `&store=` after a query-form one. The
 * trigger reads it back for Fetch From the API, since status records carry no store.
 */
export function withStore(callbackUrl: string, storeId: string): string {
	if (/[?&]secret=/i.test(callbackUrl)) return `${callbackUrl}&store=${encodeURIComponent(storeId)}`;
	const [base, query] = callbackUrl.split('?', 2);
	return `${base.replace(/\/+$/, '')}/${encodeURIComponent(storeId)}${query !== undefined ? `?${query}` : ''}`;
}
