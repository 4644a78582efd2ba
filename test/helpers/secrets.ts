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
 * An execution as n8n's API returns it, as JSON, without the copies n8n keeps of its own: n8n 1.x
 * stores the workflow's static data with each execution (where the trigger must keep its secret to
 * check callbacks; 2.x no longer does), and n8n 2.x the execution's resume token. What the package
 * writes (output items, errors, the workflow's parameters) is all still there.
 */
export function executionJsonWithoutN8nCopies(execution: unknown): string {
	const copy = structuredClone(execution) as { workflowData?: { staticData?: unknown }; data?: { resumeToken?: unknown } };
	if (copy.workflowData && 'staticData' in copy.workflowData) copy.workflowData.staticData = '<n8n: the workflow\'s static data>';
	if (copy.data && 'resumeToken' in copy.data) copy.data.resumeToken = '<n8n: resume token>';
	return JSON.stringify(copy);
}
