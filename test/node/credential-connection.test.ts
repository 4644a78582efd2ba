/**
 * How the node reaches the service from its credential: the API Base URL in each form users paste
 * (the node adds /api/v1 once), and a clear error, before anything is sent, when the URL or the
 * subscription key is missing.
 */
import { runPrintStore } from '../helpers/engine';
import { credentialsFor, useSandbox } from '../helpers/sandbox';

const env = useSandbox();

const currentUser = { resource: 'user', operation: 'getCurrent' };

async function apiRequests() {
	return (await env.api.requests()).filter((entry) => entry.path.startsWith('/api/'));
}

describe('the API Base URL as users paste it', () => {
	test.each([
		['as printed by the service', (base: string) => base],
		['with a trailing slash', (base: string) => `${base}/`],
		['with several trailing slashes', (base: string) => `${base}///`],
		['with spaces around', (base: string) => `  ${base}/ `],
		['with an upper-case scheme', (base: string) => base.replace(/^http/, 'HTTP')],
		['ending in /api/v1', (base: string) => `${base}/api/v1`],
		['ending in /API/V1/', (base: string) => `${base}/API/V1/`],
	])('%s: one GET /api/v1/user, with the subscription key', async (_name, form) => {
		await env.api.clearRequests();
		const credentials = await credentialsFor(env.sandbox, undefined, { baseUrl: form(env.sandbox.baseUrl) });
		const result = await runPrintStore({ parameters: currentUser, credentials });
		expect(result.error).toBeUndefined();
		const requests = await apiRequests();
		expect(requests.map((entry) => `${entry.method} ${entry.path}`)).toEqual(['GET /api/v1/user']);
		expect(requests[0].subscriptionKeyValid).toBe(true);
		expect(requests[0].headersPresent).toContain('accept');
	});
});

describe('a credential the node cannot use', () => {
	test.each([
		['empty', ''],
		['absent', undefined],
		['without a scheme', 'api.example.com'],
		['with another scheme', 'ftp://files.example.com'],
		['with a scheme and no host', 'https://'],
		['with a space for a host', 'https:// /api'],
		['with text before the scheme', 'see https://api.example.com'],
	])('an API Base URL %s: a clear error, nothing sent', async (_name, baseUrl) => {
		await env.api.clearRequests();
		const credentials = await credentialsFor(env.sandbox, undefined, { baseUrl });
		const result = await runPrintStore({ parameters: currentUser, credentials });
		expect(result.error?.message).toBe('The Print Store credential has no valid API Base URL');
		expect(result.error?.description).toBe('Open the credential and set API Base URL to an address such as https://api.your-print-store.com.');
		expect(await apiRequests()).toEqual([]);
	});

	test.each([
		['empty', ''],
		['absent', undefined],
	])('a subscription key %s: a clear error, nothing sent', async (_name, subscriptionKey) => {
		await env.api.clearRequests();
		const credentials = await credentialsFor(env.sandbox, undefined, { subscriptionKey });
		const result = await runPrintStore({ parameters: currentUser, credentials });
		expect(result.error?.message).toBe('The Print Store credential has no Subscription Key');
		expect(result.error?.description).toBe("Open the credential and paste the subscription key from your profile on the provider's portal.");
		expect(await apiRequests()).toEqual([]);
	});
});
