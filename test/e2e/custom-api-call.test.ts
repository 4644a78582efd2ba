/**
 * "Custom API Call" in a real n8n: the node's own operation for endpoints it does not cover. It must
 * send both credentials (the sandbox, like the real service, refuses a request without the
 * subscription key), and keep every request below /api/v1.
 */
import { describeE2E, e2e, expectSuccess, runPrintStore } from './helpers/harness';

type Json = Record<string, unknown>;

const STORE = 'store_main';

async function requestsDuring<T>(action: () => Promise<T>) {
	const { sandbox } = e2e();
	const before = (await sandbox.requests()).at(-1)?.seq ?? 0;
	const result = await action();
	return { result, requests: (await sandbox.requests()).filter((request) => request.seq > before) };
}

describeE2E('Custom API Call through the Print Store credential', () => {
	test('the sandbox refuses a request that carries the token but not the subscription key', async () => {
		const { state } = e2e();
		const response = await fetch(`${state.sandbox.apiUrl}/user`, { headers: { authorization: `Bearer ${state.sandbox.tokens.accessToken}` } });
		expect(response.status).toBe(401);
	});

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

	test('GET /store/{id}/order/{number} from the Order resource’s list, and a POST with a JSON body', async () => {
		const { sandbox } = e2e();
		const placed = await sandbox.api<Json[]>('POST', `/store/${STORE}/order`, {
			Items: [{ Product: { ID: 'postcard-4x6', Quantity: 10 }, Recipient: { NameFirst: 'Ada', AddressLine1: '1 Way', City: 'London', Postalcode: 'N1', Country: 'GB' }, PartnerOrderReference: 'custom-call-1' }],
		});
		expect(placed.status).toBe(200);
		const order = placed.body[0];

		const get = await runPrintStore({
			title: 'custom GET order',
			parameters: { resource: 'order', operation: 'customApiCall', method: 'GET', path: `/api/v1/store/${STORE}/order/${String(order.OrderNumber)}` },
		});
		expectSuccess(get);
		expect(get.json).toHaveLength(1);
		expect(get.json[0]).toMatchObject({ ID: order.ID, OrderNumber: order.OrderNumber, PartnerOrderReference: 'custom-call-1', StoreID: STORE });

		const { result: price, requests } = await requestsDuring(() =>
			runPrintStore({
				title: 'custom POST price',
				parameters: {
					resource: 'customApiCall',
					operation: 'customApiCall',
					method: 'POST',
					path: `store/${STORE}/order/price`,
					body: JSON.stringify({ Items: [{ Product: { ID: 'postcard-4x6', Quantity: 10 }, Recipient: { NameFirst: 'Ada', Postalcode: 'N1' } }] }),
				},
			}),
		);
		expectSuccess(price);
		// The price answer is a list: one output item per quote.
		expect(price.json).toHaveLength(1);
		expect(typeof (price.json[0].orderPrices as Json).OrderTotalPrice).toBe('number');
		expect(requests.filter((request) => request.path === `/api/v1/store/${STORE}/order/price` && request.method === 'POST')).toHaveLength(1);
	});

	test.each([
		['a full URL to another host', 'https://attacker.example/api/v1/user', /not a full URL/],
		['a ".." segment', '/store/../../oauth/token', /"\." and "\.\." segments are not allowed/],
		['an encoded slash', '/store/a%2F..%2F..%2Fuser', /encoded slashes/],
	])('%s is refused before anything is sent', async (_name, path, problem) => {
		const { result: run, requests } = await requestsDuring(() =>
			runPrintStore({ title: `custom refused ${path}`, parameters: { resource: 'user', operation: 'customApiCall', method: 'GET', path } }),
		);
		expect(run.execution.status).toBe('error');
		expect(run.error?.message).toMatch(/^Invalid "Path" in item 0: /);
		expect(run.error?.message).toMatch(problem);
		expect(requests).toEqual([]);
	});

	test('a service error reads like the other operations’ errors', async () => {
		const run = await runPrintStore({
			title: 'custom GET missing order',
			parameters: { resource: 'customApiCall', operation: 'customApiCall', method: 'GET', path: `/store/${STORE}/order/ord_does_not_exist` },
		});
		expect(run.execution.status).toBe('error');
		expect(run.error?.message).toBe('The service answered HTTP 404');
	});
});
