import { createHmac } from 'node:crypto';

import type { Sandbox } from './sandbox';

/** Every secret a run could leak: the sandbox's keys and the tokens it issued. */
export function secretValues(sandbox: Sandbox, extra: string[] = []): string[] {
	return [sandbox.subscriptionKey, sandbox.clientSecret, sandbox.tokens.accessToken, sandbox.tokens.refreshToken, ...extra].filter(
		(value) => value && value.length >= 8,
	);
}

/** Names each secret found in the text, with where; empty when clean. */
export function leaks(where: string, text: string, secrets: string[]): string[] {
	return secrets.filter((secret) => text.includes(secret)).map((secret) => `${where} contains ${secret.slice(0, 4)}…`);
}

/**
 * The callback secret a trigger URL carries: the `?secret=` query, else the path segment after
 * `/<webhook id>/status/` or `/details/` (the path form, `.../<id>/<id>/status/<secret>`); null if none.
 */
export function callbackSecretOf(url: string): string | null {
	const parsed = new URL(url);
	const inQuery = parsed.searchParams.get('secret');
	if (inQuery) return inQuery;
	const match = /\/[0-9a-f-]{36}\/(?:status|details)\/([^/]+)/i.exec(parsed.pathname);
	return match ? decodeURIComponent(match[1]) : null;
}

/**
 * An execution as n8n's API returns it, as JSON, without n8n 2.x's own copy of the execution's
 * resume token. Everything else stays: what the package writes (output items, errors, the
 * workflow's parameters) and the workflow's static data that n8n 1.x keeps with each execution
 * (the package keeps no secret there: the trigger's is derived).
 */
export function executionJsonWithoutN8nCopies(execution: unknown): string {
	const copy = structuredClone(execution) as { data?: { resumeToken?: unknown } };
	if (copy.data && 'resumeToken' in copy.data) copy.data.resumeToken = '<n8n: resume token>';
	return JSON.stringify(copy);
}

/**
 * The secrets the package derives, as the README documents them (restated here, not imported, so a
 * change in the package's derivation shows as a failing test): an HMAC-SHA256 keyed with the
 * credential's subscription key and client secret, of `print-store-wait:<execution ID>` (a waiting
 * execution's resume address) or `print-store-trigger:<workflow ID>:<webhook ID>` (a trigger's URLs).
 */
export interface CredentialKeys {
	subscriptionKey: unknown;
	clientSecret: unknown;
}

function derive(keys: CredentialKeys, subject: string): string {
	return createHmac('sha256', `${String(keys.subscriptionKey)}\n${String(keys.clientSecret)}`).update(subject).digest('hex');
}

export const derivedWaitSecret = (keys: CredentialKeys, executionId: string) => derive(keys, `print-store-wait:${executionId}`);
export const derivedTriggerSecret = (keys: CredentialKeys, workflowId: string, webhookId: unknown) => derive(keys, `print-store-trigger:${workflowId}:${String(webhookId)}`);
