/**
 * A service that keeps answering 429: the node retries as Retry-After says, then fails with the
 * rate-limit explanation (counted and timed by the sandbox's own request log).
 */
import { runPrintStore } from '../helpers/engine';
import { credentialsFor, useSandbox } from '../helpers/sandbox';

const env = useSandbox();

test('a read refused with 429 every time fails after 6 attempts with the rate-limit message and advice', async () => {
	await env.api.faults({ rate429: 1, retryAfterSeconds: 0 });
	const credentials = await credentialsFor(env.sandbox);
	const result = await runPrintStore({ parameters: { resource: 'user', operation: 'getCurrent' }, credentials, continueOnFail: true });
	await env.api.clearFaults();
	const attempts = (await env.api.requests()).filter((entry) => entry.path === '/api/v1/user');
	expect(attempts.map((entry) => entry.status)).toEqual(Array(6).fill(429));
	expect(result.json[0]).toMatchObject({
		error: 'The service is receiving too many requests',
		httpCode: '429',
	});
	const description = String(result.json[0].description);
	expect(description.split('\n')[0]).toBe('The node retried with backoff and gave up. Lower the Batch Size or run the workflow less often.');
	expect(description).toContain('Gave up after 6 attempts.');
}, 40_000);
