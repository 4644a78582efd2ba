/**
 * Custom API Call through n8n's engine against the sandbox: the path below /api/v1, query
 * parameters and JSON body as sent (the sandbox's request log), what comes back for a list, an
 * object and an empty answer, and the error for a status code the spec gives no meaning to.
 */
import type { IDataObject } from 'n8n-workflow';

import { runPrintStore } from '../helpers/engine';
import { credentialsFor, crmOrderItem, useSandbox } from '../helpers/sandbox';

const env = useSandbox();

async function call(parameters: IDataObject, continueOnFail = false) {
	return await runPrintStore({
		parameters: { resource: 'customApiCall', operation: 'customApiCall', ...parameters },
		credentials: await credentialsFor(env.sandbox),
		continueOnFail,
	});
}

const apiRequests = async () => (await env.api.requests()).filter((entry) => entry.path.startsWith('/api/v1/'));

test('GET with query parameters: the object answered is the item; the path and query arrive as given', async () => {
	const result = await call({ method: 'GET', path: '/api/v1/user', queryParameters: { parameter: [{ name: ' login ', value: 'alice@print-store.test' }] } });
	expect(result.error).toBeUndefined();
	expect(result.json).toHaveLength(1);
	expect(result.json[0]).toMatchObject({ Username: 'alice', UsernameWithDomain: 'alice@print-store.test' });
	expect((await apiRequests()).map((entry) => [entry.method, entry.rawPath])).toEqual([['GET', '/api/v1/user?login=alice%40print-store.test']]);
});

test('POST with a JSON body: the body is sent as given, and a list answered gives one item per entry', async () => {
	const items = [crmOrderItem(1), crmOrderItem(2)];
	const result = await call({ method: 'POST', path: `store/${env.sandbox.storeId}/order/price`, body: JSON.stringify({ Items: items }) });
	expect(result.error).toBeUndefined();
	const [sent] = await apiRequests();
	expect([sent.method, sent.path]).toEqual(['POST', `/api/v1/store/${env.sandbox.storeId}/order/price`]);
	expect(sent.body).toEqual({ Items: items });
	// The spec answers an array of price quotes, one per order item.
	expect(result.json).toHaveLength(2);
	expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }]);
});

test('a status code the spec gives no meaning to: "The service answered HTTP 404" with the service messages', async () => {
	const result = await call({ method: 'GET', path: `/store/${env.sandbox.storeId}/order/ord_missing` }, true);
	expect(result.json[0]).toMatchObject({ error: 'The service answered HTTP 404', httpCode: '404' });
	const description = String(result.json[0].description).split('\n');
	expect(description[0]).toBe('See the service messages for details.');
	expect(description[1]).toBe(`Service says: Order 'ord_missing' does not exist in store '${env.sandbox.storeId}'`);
});

test.each([
	['a query parameter without a name', { queryParameters: { parameter: [{ name: ' ', value: 'x' }] } }, 'Invalid "Query Parameters[0].Name" in item 0: is required'],
	['a body that is not JSON', { method: 'POST', body: '{"a": ' }, /^Invalid "Body \(JSON\)" in item 0: is not valid JSON/],
	['a body that is JSON but no object or list', { method: 'POST', body: '42' }, 'Invalid "Body (JSON)" in item 0: must be a JSON object or list'],
])('%s is refused before sending', async (_name, parameters, message) => {
	const result = await call({ method: 'GET', path: '/user', ...parameters });
	expect(result.error?.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
	expect(await apiRequests()).toEqual([]);
});

test('an empty answer (204) gives its status code as the item', async () => {
	await env.api.setProfiles(['delete-204']);
	const result = await call({ method: 'DELETE', path: `/application/${env.sandbox.applicationId}/store/${env.sandbox.storeId}` });
	expect(result.error).toBeUndefined();
	expect(result.json).toEqual([{ statusCode: 204 }]);
});

test.each([
	[1, 'customApiCall'],
	[1, 'order'],
	[2, 'order'],
	[2, 'user'],
])('version %s, resource %s: Custom API Call runs the same call', async (typeVersion, resource) => {
	const result = await runPrintStore({
		typeVersion,
		parameters: { resource, operation: 'customApiCall', method: 'GET', path: '/api/v1/user' },
		credentials: await credentialsFor(env.sandbox),
	});
	expect(result.error).toBeUndefined();
	expect(result.json[0]).toMatchObject({ Username: 'alice' });
	expect((await apiRequests()).map((entry) => [entry.method, entry.path])).toEqual([['GET', '/api/v1/user']]);
});
