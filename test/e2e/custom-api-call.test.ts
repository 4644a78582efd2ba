/**
 * "Custom API Call" in a real n8n: the node's own operation for endpoints it does not cover sends
 * n8n's OAuth2 token and the credential's subscription key (the sandbox, like the real service,
 * refuses a request without the key: test/sandbox/auth.test.ts). What it sends and answers (bodies,
 * lists, paths refused before sending, errors) is the engine suite's (test/node/custom-api-call.test.ts).
 */
import { describeE2E, e2e, expectSuccess, runPrintStore } from './helpers/harness';

async function requestsDuring<T>(action: () => Promise<T>) {
	const { sandbox } = e2e();
	const before = (await sandbox.requests()).at(-1)?.seq ?? 0;
	const result = await action();
	return { result, requests: (await sandbox.requests()).filter((request) => request.seq > before) };
}

describeE2E('Custom API Call through the Print Store credential', () => {
	test('GET /user: the connected user, sent with both the token and the subscription key', async () => {
		const { result: run, requests } = await requestsDuring(() =>
			runPrintStore({ title: 'custom GET /user', parameters: { resource: 'customApiCall', operation: 'customApiCall', method: 'GET', path: '/user' } }),
		);
		expectSuccess(run);
		expect(run.json).toHaveLength(1);
		expect(run.json[0]).toMatchObject({ Username: 'alice', IsServiceUser: false });
		const sent = requests.filter((request) => request.path === '/api/v1/user');
		expect(sent).toHaveLength(1);
		expect(sent[0].method).toBe('GET');
		expect(sent[0].headersPresent).toEqual(expect.arrayContaining(['authorization', 'ocp-apim-subscription-key']));
		expect(sent[0].subscriptionKeyValid).toBe(true);
		expect(sent[0].status).toBe(200);
	});
});
