/**
 * Runs after every other end-to-end file: nothing the run left behind in n8n (the log of every n8n
 * process, at debug level: main, and in queue mode the worker and the webhook processes; and the
 * data of every execution) contains a secret: the subscription key, the client secret, any access or
 * refresh token the sandbox issued (recognisable by their format), the callback secret of any
 * trigger activation (read from the callback URLs of every order the sandbox stored, the only place
 * they are meant to be), and the secrets of resume addresses. A trigger's secret in the query (the
 * form of new triggers) is in no log line at all; one in the path (triggers before version 2.1) only
 * in the lines where n8n logs a webhook request's path, as the README says. Left out of the
 * executions: n8n 2.x's copy of the resume token. n8n 1.x keeps the workflow's static data with each
 * execution: it is searched too, since the package keeps no secret there.
 */
import { readFileSync } from 'node:fs';

import type { Execution } from '../../scripts/n8n/client';
import { callbackSecretOf, executionJsonWithoutN8nCopies } from '../helpers/secrets';
import { describeE2E, e2e, keepsItsOwnSettings } from './helpers/harness';

const SANDBOX_TOKEN = /\b(?:at|rt)_[A-Za-z0-9_-]{32}/g;

/** Each secret found, named by its first characters, with the text around it (the secret masked) to find its source. */
function findings(where: string, text: string, secrets: string[]): string[] {
	const found = secrets
		.filter((secret) => text.includes(secret))
		.map((secret) => {
			const at = text.indexOf(secret);
			// Every secret masked, also one that happens to stand near: the failure message must not show any.
			let around = text.slice(Math.max(0, at - 150), at + secret.length + 150).replace(SANDBOX_TOKEN, '<token>');
			for (const other of secrets) around = around.split(other).join('<secret>');
			return `${where}: ${secret.slice(0, 6)}… in "${around.replace(/\s+/g, ' ')}"`;
		});
	for (const match of text.matchAll(SANDBOX_TOKEN)) found.push(`${where}: token ${match[0].slice(0, 6)}…`);
	return found;
}

// It reads what the run left behind, in n8n as the files before left it.
keepsItsOwnSettings();

describeE2E('secrets after the whole end-to-end run', () => {
	test('no secret in n8n\'s log or in any execution', async () => {
		const { client, state } = e2e();
		const secrets = [state.sandbox.subscriptionKey, state.sandbox.clientSecret, state.sandbox.tokens.accessToken, state.sandbox.tokens.refreshToken];
		const callbackSecrets = new Set<string>();
		const inPath = new Set<string>();
		for (const order of await e2e().sandbox.orders()) {
			const details = (order.OrderDetails ?? {}) as Record<string, unknown>;
			for (const url of [details.StatusCallbackUrl, details.StatusDetailsCallbackUrl]) {
				if (typeof url !== 'string' || url.includes('/webhook-waiting/')) continue;
				const secret = callbackSecretOf(url);
				// Derived from the credential (64 hex digits). A fixed Callback Secret is a parameter of the
				// workflow, shown wherever the workflow is, like any other node parameter.
				if (!secret || !/^[0-9a-f]{64}$/.test(secret)) continue;
				callbackSecrets.add(secret);
				if (!new URL(url).searchParams.has('secret')) inPath.add(secret);
			}
		}
		// Trigger activations of this run sent orders with their URLs, new triggers' (the catch-up's, in
		// every setup) in the query: the scan must have something of each to look for.
		expect(callbackSecrets.size).toBeGreaterThanOrEqual(1);
		expect(callbackSecrets.size - inPath.size).toBeGreaterThanOrEqual(1);
		secrets.push(...callbackSecrets);
		// Resume addresses Create sent for Order > Wait Until Status: the node's secret, and n8n 2.x's
		// token of the execution (n8n keeps its own copy in the execution's data, left out below).
		const resumeSecrets = new Set<string>();
		for (const order of await e2e().sandbox.orders()) {
			const url = (order.OrderDetails as Record<string, unknown> | undefined)?.StatusCallbackUrl;
			if (typeof url !== 'string' || !url.includes('/webhook-waiting/')) continue;
			for (const name of ['secret', 'signature']) {
				const value = new URL(url).searchParams.get(name);
				if (value) resumeSecrets.add(value);
			}
		}
		expect(resumeSecrets.size).toBeGreaterThanOrEqual(1);
		secrets.push(...resumeSecrets);

		// Every n8n process's log: main, and in queue mode the worker and each webhook process.
		const logFiles = [state.n8n.logFile, ...(state.queue ? [state.queue.worker.logFile, ...state.queue.webhooks.map((process) => process.logFile)] : [])];
		const logs = logFiles.map((file) => ({ file, text: readFileSync(file, 'utf8') }));
		for (const { text } of logs) expect(text.split('\n').length).toBeGreaterThan(20);
		const log = logs.map(({ text }) => text).join('\n');

		const executions: Execution[] = [];
		let cursor: string | undefined;
		do {
			const query = new URLSearchParams({ includeData: 'true', limit: '100' });
			if (cursor) query.set('cursor', cursor);
			const page = await client.api<{ data: Execution[]; nextCursor?: string | null }>('GET', `/executions?${query}`);
			executions.push(...page.data);
			cursor = page.nextCursor ?? undefined;
		} while (cursor);
		process.stdout.write(
			`\nsecrets scan: ${log.length} bytes of ${logs.length} n8n logs, ${executions.length} executions, ${callbackSecrets.size} callback secrets (${inPath.size} in the path), ${resumeSecrets.size} resume secrets\n`,
		);
		expect(executions.length).toBeGreaterThan(20);

		// n8n writes the path of every webhook request to its log at debug level, and of a request for a
		// webhook it does not know at every level. A callback secret sent as a path segment (triggers
		// before version 2.1) is in those lines by n8n's design, as the README says; only they are left
		// out, and only of the search for those secrets.
		const webhookPathLines = /^.*(?:Received webhook "[A-Z]+" for path "[^"]*"|Received request for unknown webhook|The requested webhook "[A-Z]+ [^"]*" is not registered).*$/gm;
		expect(log.match(webhookPathLines)?.length ?? 0).toBeGreaterThan(0);
		const anywhere = secrets.filter((secret) => !inPath.has(secret));
		expect([
			...logs.flatMap(({ file, text }) => findings(`n8n log ${file}`, text, anywhere)),
			...logs.flatMap(({ file, text }) => findings(`n8n log ${file} (webhook path lines left out)`, text.replace(webhookPathLines, ''), [...inPath])),
			...findings('executions', `[${executions.map(executionJsonWithoutN8nCopies).join(',')}]`, secrets),
		]).toEqual([]);
	});
});
