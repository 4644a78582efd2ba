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
