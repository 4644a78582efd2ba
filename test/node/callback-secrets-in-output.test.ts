/**
 * The secret of a trigger's callback URL never reaches an output item: an order whose
 * StatusCallbackUrl and StatusDetailsCallbackUrl carry it (path form and query form) is read by every
 * operation that outputs what the service answers (Get, Get Many, Get Status History, Custom API
 * Call), through n8n's engine against the sandbox, and each output shows the marker where the secret
 * was. The hiding lives in one place (perItem/run.ts, per output item; orderRun/runOrders.ts for Price and Create); this is its test.
 */
import { SECRET_MARKER } from '../../nodes/shared/hideSecrets';
import { runPrintStore } from '../helpers/engine';
import { credentialsFor, crmOrderItem, useSandbox } from '../helpers/sandbox';

const env = useSandbox();

const PATH_SECRET = 'pathSecretValue0123456789';
const QUERY_SECRET = 'querySecretValue0123456789';
const WEBHOOK_ID = '0b5f4c2e-8a1d-4e7b-9c3f-2d6a8e1b4f70';

async function orderWithSecrets(): Promise<{ ID: string; OrderNumber: string }> {
	const item = {
		...crmOrderItem(1),
		// As Create gives them: the path form (the secret after the webhook ID and the kind, then the store) and the query form.
		StatusCallbackUrl: `http://127.0.0.1:5678/webhook/${WEBHOOK_ID}/${WEBHOOK_ID}/status/${PATH_SECRET}/store_main`,
		StatusDetailsCallbackUrl: `http://127.0.0.1:5678/webhook/${WEBHOOK_ID}/details?secret=${QUERY_SECRET}&store=store_main`,
	};
	const answer = await env.api.api<Array<{ ID: string; OrderNumber: string }>>('POST', `/store/${env.sandbox.storeId}/order`, { Items: [item] });
	expect(answer.status).toBe(200);
	// A status record that repeats the address, as a service reporting a failed callback may.
	const [order] = answer.body;
	await env.api.advance(order.ID, { fail: true, errors: [{ dataElement: 'StatusCallbackUrl', dataElementErrors: [`No answer from ${item.StatusCallbackUrl}`] }] });
	return order;
}

test.each<[string, (id: string) => Record<string, unknown>, string[]]>([
	['Get', (id) => ({ resource: 'order', operation: 'get', orderId: { __rl: true, mode: 'id', value: id } }), []],
	// The documented list carries each order's details (and so its callback URLs) when asked, as Search asks.
	['Get Many, with a Search (the details asked for)', () => ({ resource: 'order', operation: 'getAll', returnAll: true, filters: { search: 'crm-1' } }), []],
	// A list that always carries each order whole.
	['Get Many, from a list of whole orders (sandbox-shapes)', () => ({ resource: 'order', operation: 'getAll', returnAll: true }), ['sandbox-shapes']],
	['Get Status History', (id) => ({ resource: 'order', operation: 'getStatusHistory', orderId: { __rl: true, mode: 'id', value: id } }), []],
	['Custom API Call', (id) => ({ resource: 'order', operation: 'customApiCall', method: 'GET', path: `/store/store_main/order/${id}` }), []],
])('%s: the output shows the marker, never the callback secret', async (_name, parameters, profiles) => {
	await env.api.setProfiles(profiles);
	const order = await orderWithSecrets();
	// The service does answer them in clear.
	const raw = JSON.stringify((await env.api.api('GET', `/store/${env.sandbox.storeId}/order/${order.ID}`)).body);
	expect(raw).toContain(PATH_SECRET);
	expect(raw).toContain(QUERY_SECRET);
	expect(JSON.stringify((await env.api.api('GET', `/store/${env.sandbox.storeId}/order/${order.ID}/status`)).body)).toContain(PATH_SECRET);

	const result = await runPrintStore({
		parameters: { storeId: env.sandbox.storeId, ...parameters(order.ID) },
		credentials: await credentialsFor(env.sandbox),
		typeVersion: 4,
	});
	expect(result.error).toBeUndefined();
	expect(result.json.length).toBeGreaterThan(0);
	const output = JSON.stringify(result.json);
	expect(output).not.toContain(PATH_SECRET);
	expect(output).not.toContain(QUERY_SECRET);
	expect(output).toContain(SECRET_MARKER);
});
