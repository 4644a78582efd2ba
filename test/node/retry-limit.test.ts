/**
 * The transport's retry limit, by the sandbox's own log: a read that keeps failing is sent exactly six
 * times, then fails with an error that does not claim the service may have acted (only writes can).
 */
import { runPrintStore } from '../helpers/engine';
import { credentialsFor, useSandbox } from '../helpers/sandbox';

const env = useSandbox();

test('a read whose every connection drops is sent 6 times, then fails without a "may have acted" note', async () => {
	await env.api.faults({ dropRate: 1 });
	const credentials = await credentialsFor(env.sandbox);
	const result = await runPrintStore({ parameters: { resource: 'user', operation: 'getCurrent' }, credentials, continueOnFail: true });
	await env.api.clearFaults();
	const attempts = (await env.api.requests()).filter((entry) => entry.path === '/api/v1/user');
	expect(attempts).toHaveLength(6);
	const failure = result.json[0] as { error?: string; description?: string };
	expect(failure.error).toBeDefined();
	expect(failure.description ?? '').not.toMatch(/may have/);
}, 40_000);
