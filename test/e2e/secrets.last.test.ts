/**
 * Runs after every other end-to-end file: nothing the run left behind in n8n (its log, at debug
 * level, and the data of every execution) contains a secret: the subscription key, the client
 * secret, or any access or refresh token the sandbox issued (recognisable by their format).
 */
import { readFileSync } from 'node:fs';

import type { Execution } from '../../scripts/n8n/client';
import { describeE2E, e2e } from './helpers/harness';

const SANDBOX_TOKEN = /\b(?:at|rt)_[A-Za-z0-9_-]{32}/g;

function findings(where: string, text: string, secrets: string[]): string[] {
	const found = secrets.filter((secret) => text.includes(secret)).map((secret) => `${where}: ${secret.slice(0, 6)}…`);
	for (const match of text.matchAll(SANDBOX_TOKEN)) found.push(`${where}: token ${match[0].slice(0, 6)}…`);
	return found;
}

describeE2E('secrets after the whole end-to-end run', () => {
	test('no secret in n8n\'s log or in any execution', async () => {
		const { client, state } = e2e();
		const secrets = [state.sandbox.subscriptionKey, state.sandbox.clientSecret, state.sandbox.tokens.accessToken, state.sandbox.tokens.refreshToken];

		const log = readFileSync(state.n8n.logFile, 'utf8');
		expect(log.split('\n').length).toBeGreaterThan(100);

		const executions: Execution[] = [];
		let cursor: string | undefined;
		do {
			const query = new URLSearchParams({ includeData: 'true', limit: '100' });
			if (cursor) query.set('cursor', cursor);
			const page = await client.api<{ data: Execution[]; nextCursor?: string | null }>('GET', `/executions?${query}`);
			executions.push(...page.data);
			cursor = page.nextCursor ?? undefined;
		} while (cursor);
		process.stdout.write(`\nsecrets scan: ${log.length} bytes of n8n log, ${executions.length} executions\n`);
		expect(executions.length).toBeGreaterThan(20);

		expect([...findings('n8n log', log, secrets), ...findings('executions', JSON.stringify(executions), secrets)]).toEqual([]);
	});
});
