/**
 * A service (or a gateway in front of it) that repeats the request's credentials in its error
 * answers: the sandbox's `echo-credentials` profile puts the subscription key and the bare access
 * token in the error messages and in headers. Through n8n's engine, in a workflow and as an AI tool,
 * with Continue On Fail off and on: neither reaches the node's error, its output items or what a
 * model is given. The first test reads the raw answer, so the echo this guards against is proven there.
 */
import axios from 'axios';

import { runPrintStore } from '../helpers/engine';
import { credentialsFor, crmOrderItem, useSandbox } from '../helpers/sandbox';

const env = useSandbox({ profiles: ['echo-credentials'] });

const secrets = () => [env.sandbox.subscriptionKey, env.sandbox.tokens.accessToken, env.sandbox.tokens.refreshToken, env.sandbox.clientSecret];
const getMissing = { resource: 'order', operation: 'get', storeId: 'store_main', orderId: { __rl: true, mode: 'id', value: 'ord_missing' } };

function expectNoSecret(value: unknown) {
	const text = JSON.stringify(value, (_key, entry: unknown) => (entry instanceof Error ? { ...entry, message: entry.message, stack: entry.stack } : entry));
	for (const secret of secrets()) expect(text).not.toContain(secret);
}

test('the service does echo both: in the body and in the headers of its error answer', async () => {
	const answer = await axios.get(`${env.sandbox.baseUrl}/api/v1/store/store_main/order/ord_missing`, {
		headers: { Authorization: `Bearer ${env.sandbox.tokens.accessToken}`, 'Ocp-Apim-Subscription-Key': env.sandbox.subscriptionKey },
		validateStatus: () => true,
	});
	expect(answer.status).toBe(404);
	expect(JSON.stringify(answer.data)).toContain(env.sandbox.subscriptionKey);
	expect(JSON.stringify(answer.data)).toContain(`Access token ${env.sandbox.tokens.accessToken} was presented`);
	expect(answer.headers['x-echo-token']).toBe(env.sandbox.tokens.accessToken);
	expect(answer.headers['x-echo-subscription-key']).toBe(env.sandbox.subscriptionKey);
});

test.each([false, true])('in a workflow, Continue On Fail %s: the error says what happened, with neither the key nor the token', async (continueOnFail) => {
	const result = await runPrintStore({ parameters: getMissing, credentials: await credentialsFor(env.sandbox), continueOnFail });
	const shown = continueOnFail ? result.json[0] : result.error;
	expect(JSON.stringify(shown)).toContain('The requested order does not exist');
	// The service's own messages are kept, with the secrets taken out.
	expect(JSON.stringify(shown)).toContain('[redacted] was presented with this request');
	expectNoSecret(result.run.data.resultData);
});

test.each([false, true])('as an AI tool, Continue On Fail %s: what the model is given carries neither', async (continueOnFail) => {
	const credentials = await credentialsFor(env.sandbox);
	const get = await runPrintStore({ tool: true, parameters: getMissing, credentials, continueOnFail });
	expect(JSON.stringify(continueOnFail ? get.json : get.error?.message)).toContain('The requested order does not exist');
	expectNoSecret(get.run.data.resultData);
	// A refused create (an invalid store) goes the same way.
	const create = await runPrintStore({
		tool: true,
		parameters: { resource: 'order', operation: 'create', storeId: 'store_nope', inputMode: 'json', orderItemJson: JSON.stringify([crmOrderItem(0)]) },
		credentials,
		continueOnFail,
	});
	expect(JSON.stringify(continueOnFail ? create.json : create.error?.message)).toMatch(/store/i);
	expectNoSecret(create.run.data.resultData);
});
