/**
 * The node as an AI tool (the Print Store Tool variant n8n derives from `usableAsTool`), run by
 * n8n's engine against the sandbox: what a model gets back, and the guard rails on Create (test mode
 * unless the workflow allows live orders, a cap on the orders of one call), counted at the sandbox.
 * The same node in a plain workflow is unchanged (checked here too). The real AI Agent and MCP
 * Server Trigger run it in test/e2e/ai-agent.test.ts.
 */
import { NodeHelpers, type INodeTypeDescription } from 'n8n-workflow';

import { TOOL_DESCRIPTIONS } from '../../nodes/PrintStore/actions/router';
import { PrintStore } from '../../nodes/PrintStore/PrintStore.node';
import { runPrintStore } from '../helpers/engine';
import { credentialsFor, crmOrderItem, useSandbox } from '../helpers/sandbox';

const env = useSandbox();

const order = (index: number) => crmOrderItem(index);
const createTool = (storeId: string, orders: unknown, extra: Record<string, unknown> = {}) => ({
	resource: 'order',
	operation: 'create',
	storeId,
	inputMode: 'json',
	orderItemJson: JSON.stringify(orders),
	...extra,
});

async function orderRequests() {
	return (await env.api.requests())
		.filter((entry) => entry.method === 'POST' && entry.path.endsWith('/order'))
		.map((entry) => entry.body as { TestMode?: boolean; Items: Array<{ PartnerOrderReference: string }> });
}

describe('Create as a tool', () => {
	test('a list of order items creates one order each, in test mode, every output paired with the call', async () => {
		const result = await runPrintStore({
			tool: true,
			parameters: createTool(env.sandbox.storeId, [order(0), order(1), order(2)]),
			credentials: await credentialsFor(env.sandbox),
		});
		expect(result.error).toBeUndefined();
		expect(result.json.map((created) => created.PartnerOrderReference)).toEqual(['crm-0', 'crm-1', 'crm-2']);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }, { item: 0 }]);
		const sent = await orderRequests();
		expect(sent.flatMap((body) => body.Items.map((item) => item.PartnerOrderReference))).toEqual(['crm-0', 'crm-1', 'crm-2']);
		expect(sent.map((body) => body.TestMode)).toEqual(sent.map(() => true));
		expect((await env.api.counts()).total).toBe(3);
	});

	test('Options > Test Mode off does not make the orders real; Create Live Orders does', async () => {
		const credentials = await credentialsFor(env.sandbox);
		const notLive = await runPrintStore({ tool: true, parameters: createTool(env.sandbox.storeId, [order(0)], { options: { testMode: false } }), credentials });
		expect(notLive.error).toBeUndefined();
		const live = await runPrintStore({
			tool: true,
			parameters: createTool(env.sandbox.storeId, [order(1)], { options: { testMode: false }, toolLiveOrders: true }),
			credentials,
		});
		expect(live.error).toBeUndefined();
		expect((await orderRequests()).map((body) => [body.Items[0].PartnerOrderReference, body.TestMode])).toEqual([
			['crm-0', true],
			['crm-1', false],
		]);
	});

	test('a call over Max Orders per Call creates nothing and tells the model why', async () => {
		const result = await runPrintStore({
			tool: true,
			parameters: createTool(env.sandbox.storeId, [order(0), order(1), order(2), order(3)], { toolMaxOrders: 3 }),
			credentials: await credentialsFor(env.sandbox),
		});
		expect(result.error?.message).toBe(
			'This call asks for 4 orders, and one call may create at most 3 ("Max Orders per Call"). No order was created. Create at most 3 orders per call, or ask the user whether the limit should be raised.',
		);
		expect(await orderRequests()).toEqual([]);
		expect((await env.api.counts()).total).toBe(0);
	});

	test('with On Error: Continue, the refusal is the item the model gets (n8n 1.x would pass the input on instead)', async () => {
		const result = await runPrintStore({
			tool: true,
			continueOnFail: true,
			parameters: createTool(env.sandbox.storeId, [order(0), order(1)], { toolMaxOrders: 1 }),
			credentials: await credentialsFor(env.sandbox),
		});
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([
			{
				error: 'This call asks for 2 orders, and one call may create at most 1 ("Max Orders per Call"). No order was created. Create at most 1 order per call, or ask the user whether the limit should be raised.',
			},
		]);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(await orderRequests()).toEqual([]);
	});

	test('a Max Orders per Call that is no whole number is refused, not taken as no limit', async () => {
		const result = await runPrintStore({
			tool: true,
			parameters: createTool(env.sandbox.storeId, [order(0)], { toolMaxOrders: '={{ "many" }}' }),
			credentials: await credentialsFor(env.sandbox),
		});
		expect(result.error?.message).toBe('Invalid "Max Orders per Call": must be a whole number of at least 1, got NaN. No order was created.');
		expect(await orderRequests()).toEqual([]);
	});

	test('exactly Max Orders per Call orders are created; a cap of 0 is refused, not taken as "none"', async () => {
		const credentials = await credentialsFor(env.sandbox);
		const atCap = await runPrintStore({ tool: true, parameters: createTool(env.sandbox.storeId, [order(0), order(1)], { toolMaxOrders: 2 }), credentials });
		expect(atCap.error).toBeUndefined();
		expect(atCap.json.map((created) => created.PartnerOrderReference)).toEqual(['crm-0', 'crm-1']);
		const zero = await runPrintStore({ tool: true, parameters: createTool(env.sandbox.storeId, [order(2)], { toolMaxOrders: 0 }), credentials });
		expect(zero.error?.message).toBe('Invalid "Max Orders per Call": must be a whole number of at least 1, got 0. No order was created.');
		expect((await env.api.counts()).total).toBe(2);
	});

	test('the default cap is 10 orders per call', async () => {
		const result = await runPrintStore({
			tool: true,
			parameters: createTool(env.sandbox.storeId, Array.from({ length: 11 }, (_, index) => order(index))),
			credentials: await credentialsFor(env.sandbox),
		});
		expect(result.error?.message).toContain('This call asks for 11 orders, and one call may create at most 10');
		expect((await env.api.counts()).total).toBe(0);
	});

	test('a wrong field names the field, the order in the list and what is allowed, with what to do, in the message itself', async () => {
		const result = await runPrintStore({
			tool: true,
			parameters: createTool(env.sandbox.storeId, [order(0), { ...order(1), Product: { ID: 'postcard-4x6', Quantity: 0 } }]),
			credentials: await credentialsFor(env.sandbox),
		});
		// n8n 2.x gives a model only the message: it carries what is wrong and what to do.
		expect(result.error?.message).toMatch(/^Invalid "Order Item \(JSON\)\.Product\.Quantity" in order item 1 of the list \(the first is 0\): must be a whole number of at least 1, got 0\. /);
		expect(result.error?.message).toContain('Nothing was sent');
		expect(await orderRequests()).toEqual([]);
	});

	test('one order item (not a list) still creates one order', async () => {
		const result = await runPrintStore({ tool: true, parameters: createTool(env.sandbox.storeId, order(5)), credentials: await credentialsFor(env.sandbox) });
		expect(result.error).toBeUndefined();
		expect(result.json.map((created) => created.PartnerOrderReference)).toEqual(['crm-5']);
		expect((await orderRequests())[0].TestMode).toBe(true);
	});

	test('with On Error: Continue, the error items the model gets speak of the order in the list too', async () => {
		const result = await runPrintStore({
			tool: true,
			parameters: createTool(env.sandbox.storeId, [order(0), { ...order(1), Product: { ID: 'postcard-4x6', Quantity: 0 } }]),
			credentials: await credentialsFor(env.sandbox),
			continueOnFail: true,
		});
		expect(result.json[1].error).toBe('Invalid "Order Item (JSON).Product.Quantity" in order item 1 of the list (the first is 0): must be a whole number of at least 1, got 0');
		expect(JSON.stringify(result.json)).not.toContain('in item ');
	});

	test('an error about a single order item speaks of the order item, not of n8n\'s item 0', async () => {
		const result = await runPrintStore({
			tool: true,
			parameters: createTool(env.sandbox.storeId, { ...order(0), Recipient: undefined }),
			credentials: await credentialsFor(env.sandbox),
		});
		expect(result.error?.message).toMatch(/^Invalid "Order Item \(JSON\)\.Recipient" in the order item: is required/);
		expect(result.error?.message).not.toContain('item 0');
		expect(await orderRequests()).toEqual([]);
	});

	test.each([
		['the API request', { Items: [crmOrderItem(0)], TestMode: false }],
		['TestMode beside an order item', { ...crmOrderItem(0), TestMode: false }],
	])('an argument shaped like %s is told to send the order items themselves, nothing sent', async (_shape, argument) => {
		const result = await runPrintStore({ tool: true, parameters: createTool(env.sandbox.storeId, argument), credentials: await credentialsFor(env.sandbox) });
		expect(result.error?.message).toBe(
			'This tool takes the order items themselves, not an API request with "Items", "TestMode", "MaxRetries". Send the list that is under "Items" as the argument, like [{"Product": {...}, "Recipient": {...}}]; the workflow sets test mode. Nothing was sent.',
		);
		expect(await orderRequests()).toEqual([]);
	});
});

describe('Create as a tool: where status reports go is the workflow\'s choice', () => {
	const callbackFields = (entry: { Items: Array<Record<string, unknown>> }) =>
		entry.Items.map((item) => Object.keys(item).filter((key) => /callback/i.test(key)).map((key) => [key, item[key]]));

	test.each([
		['StatusCallbackUrl', { StatusCallbackUrl: 'https://attacker.example/collect' }],
		['StatusDetailsCallbackUrl in a list', { StatusDetailsCallbackUrl: 'https://attacker.example/collect' }],
		['statuscallbackurl in other case', { statuscallbackurl: 'https://attacker.example/collect' }],
	])('a model-written %s is refused with what to send instead, nothing sent', async (_what, callbacks) => {
		const result = await runPrintStore({
			tool: true,
			parameters: createTool(env.sandbox.storeId, [order(0), { ...order(1), ...callbacks }]),
			credentials: await credentialsFor(env.sandbox),
		});
		const key = Object.keys(callbacks)[0];
		expect(result.error?.message).toBe(
			`The order item gives "${key}": where status reports go is set by the workflow, not by the tool's arguments. Send the order item without "StatusCallbackUrl" and "StatusDetailsCallbackUrl". Nothing was sent.`,
		);
		expect(await orderRequests()).toEqual([]);
	});

	test("the workflow's own Status Callbacks still apply, and a model's URL is refused beside them too", async () => {
		const credentials = await credentialsFor(env.sandbox);
		const workflowUrls = { statusCallbacks: 'custom', statusCallbackUrl: 'https://n8n.example.com/webhook/ours' };
		const own = await runPrintStore({ tool: true, parameters: createTool(env.sandbox.storeId, [order(0)], workflowUrls), credentials });
		expect(own.error).toBeUndefined();
		const theirs = await runPrintStore({
			tool: true,
			parameters: createTool(env.sandbox.storeId, [{ ...order(1), StatusCallbackUrl: 'https://attacker.example/collect' }], workflowUrls),
			credentials,
		});
		expect(theirs.error?.message).toMatch(/^The order item gives "StatusCallbackUrl": where status reports go is set by the workflow/);
		expect((await orderRequests()).map(callbackFields)).toEqual([[[['StatusCallbackUrl', 'https://n8n.example.com/webhook/ours']]]]);
	});

	test('with "Allow Callback URLs From the Model" on, the model\'s URLs are sent', async () => {
		const result = await runPrintStore({
			tool: true,
			parameters: createTool(env.sandbox.storeId, [{ ...order(0), StatusCallbackUrl: 'https://crm.example.com/hooks/print' }], { toolModelCallbacks: true }),
			credentials: await credentialsFor(env.sandbox),
		});
		expect(result.error).toBeUndefined();
		expect((await orderRequests()).map(callbackFields)).toEqual([[[['StatusCallbackUrl', 'https://crm.example.com/hooks/print']]]]);
	});

	test('the plain node keeps sending the callback URLs its JSON gives', async () => {
		const result = await runPrintStore({
			parameters: createTool(env.sandbox.storeId, { ...order(0), StatusCallbackUrl: 'https://crm.example.com/hooks/print' }),
			credentials: await credentialsFor(env.sandbox),
		});
		expect(result.error).toBeUndefined();
		expect((await orderRequests()).map(callbackFields)).toEqual([[[['StatusCallbackUrl', 'https://crm.example.com/hooks/print']]]]);
	});
});

describe('Create as a tool: errors', () => {
	test('an empty list is refused by name, nothing sent', async () => {
		const result = await runPrintStore({ tool: true, parameters: createTool(env.sandbox.storeId, []), credentials: await credentialsFor(env.sandbox) });
		expect(result.error?.message).toBe('Invalid "Order Item (JSON)": the list of order items is empty. Give at least one order item. Nothing was sent.');
		expect(await orderRequests()).toEqual([]);
	});
});

describe('the plain node is unchanged', () => {
	test('Create in a workflow sends Test Mode as the options say, and refuses a list', async () => {
		const credentials = await credentialsFor(env.sandbox);
		const plain = await runPrintStore({ parameters: createTool(env.sandbox.storeId, order(0), { options: { testMode: false } }), credentials });
		expect(plain.error).toBeUndefined();
		expect((await orderRequests()).map((body) => body.TestMode)).toEqual([false]);
		const list = await runPrintStore({ parameters: createTool(env.sandbox.storeId, [order(1)]), credentials });
		expect(list.error?.message).toMatch(/^Invalid "Order Item \(JSON\)" in item 0: must be a JSON object/);
	});
});

describe('Get Price Quote as a tool', () => {
	test('prices a list of order items, nothing created, every output paired with the call', async () => {
		const result = await runPrintStore({
			tool: true,
			parameters: { ...createTool(env.sandbox.storeId, [order(0), order(1)]), operation: 'getPriceQuote' },
			credentials: await credentialsFor(env.sandbox),
		});
		expect(result.error).toBeUndefined();
		expect(result.json.map((quote) => quote.PartnerOrderReference)).toEqual(['crm-0', 'crm-1']);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }]);
		expect((await env.api.counts()).total).toBe(0);
	});

	test('the guard rails are for Create only: a quote of more orders than the default cap is priced, and sent as the options say', async () => {
		const result = await runPrintStore({
			tool: true,
			parameters: { ...createTool(env.sandbox.storeId, Array.from({ length: 11 }, (_, index) => order(index))), operation: 'getPriceQuote' },
			credentials: await credentialsFor(env.sandbox),
		});
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(11);
		const quotes = (await env.api.requests()).filter((entry) => entry.method === 'POST' && entry.path.endsWith('/order/price'));
		expect(quotes.map((entry) => (entry.body as { TestMode?: boolean }).TestMode)).toEqual([undefined]);
	});
});

describe('Get Status History as a tool', () => {
	async function createdOrder() {
		const created = await runPrintStore({
			parameters: createTool(env.sandbox.storeId, order(0)),
			credentials: await credentialsFor(env.sandbox),
		});
		const [json] = created.json as Array<{ ID: string; OrderNumber: string }>;
		await env.api.advance(json.ID);
		await env.api.advance(json.ID);
		return json;
	}
	const historyTool = (storeId: string, orderNumber: string, extra: Record<string, unknown> = {}) => ({
		resource: 'order',
		operation: 'getStatusHistory',
		storeId,
		orderId: { __rl: true, mode: 'orderNumber', value: orderNumber },
		...extra,
	});

	test('by default one small summary: the current status, when, and the earlier statuses', async () => {
		const created = await createdOrder();
		const result = await runPrintStore({ tool: true, parameters: historyTool(env.sandbox.storeId, created.OrderNumber), credentials: await credentialsFor(env.sandbox) });
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(1);
		const summary = result.json[0] as { order: string; orderNumber: string; status: string; since: string; history: Array<{ status: string; at: string }>; statusCount: number };
		expect(summary.order).toBe(created.OrderNumber);
		expect(summary.orderNumber).toBe(created.OrderNumber);
		expect(summary.statusCount).toBe(summary.history.length);
		expect(summary.history.length).toBeGreaterThanOrEqual(2);
		expect(summary.status).toBe(summary.history.at(-1)?.status);
		expect(summary.since).toBe(summary.history.at(-1)?.at);
		for (const entry of summary.history) expect(Object.keys(entry).sort()).toEqual(['at', 'status']);
		// Small: far less than the full records.
		const full = await runPrintStore({
			tool: true,
			// As a model may write it.
			parameters: historyTool(env.sandbox.storeId, created.OrderNumber, { toolDetail: '={{ "Full" }}' }),
			credentials: await credentialsFor(env.sandbox),
		});
		expect(full.json).toHaveLength(summary.statusCount);
		expect(JSON.stringify(result.json).length).toBeLessThan(JSON.stringify(full.json).length);
		expect(full.json.every((record) => 'StatusID' in record && 'Timestamp' in record)).toBe(true);
	});

	test('the plain node still gives one item per record', async () => {
		const created = await createdOrder();
		const result = await runPrintStore({ parameters: historyTool(env.sandbox.storeId, created.OrderNumber), credentials: await credentialsFor(env.sandbox) });
		expect(result.json.length).toBeGreaterThanOrEqual(2);
		expect(result.json.every((record) => 'StatusID' in record)).toBe(true);
	});
});

test('Wait Until Status refuses to run as a tool, saying what to use instead', async () => {
	const result = await runPrintStore({
		tool: true,
		parameters: { resource: 'order', operation: 'waitForStatus', storeId: env.sandbox.storeId, orderId: { __rl: true, mode: 'id', value: 'x' } },
		credentials: await credentialsFor(env.sandbox),
	});
	expect(result.error?.message).toBe(
		'Wait Until Status cannot run as an AI tool: waiting pauses the whole workflow. Use Get Status History to answer where an order is.',
	);
});

describe('descriptions for the model', () => {
	const tool: INodeTypeDescription = { ...new PrintStore().description, name: 'printStoreTool' };
	const plain = new PrintStore().description;

	test.each(Object.entries(TOOL_DESCRIPTIONS))('%s: n8n gives the model the operation\'s own description', (key, text) => {
		const [resource, operation] = key.includes('.') ? key.split('.') : ['order', key];
		for (const typeVersion of [1, 2]) {
			const node = { id: 'n', name: 'Print Store', type: 'n8n-nodes-print-store.printStoreTool', typeVersion, position: [0, 0] as [number, number], parameters: {} };
			const parameters = NodeHelpers.getNodeParameters(tool.properties, { resource, operation }, true, false, node, tool);
			expect(parameters?.toolDescription).toBe(text);
			expect(NodeHelpers.getToolDescriptionForNode({ ...node, parameters: parameters ?? {} }, { description: tool } as never)).toBe(text);
		}
		// A sentence or two for the model, not a manual.
		expect(text.length).toBeGreaterThan(60);
		expect(text.length).toBeLessThan(700);
	});

	test('a description asks only for what the tool takes without the workflow mapping more: no "detail" argument', () => {
		// Detail is a setting of the workflow; a model can set it only where the workflow lets it ($fromAI).
		expect(TOOL_DESCRIPTIONS['order.getStatusHistory']).not.toMatch(/\bdetail\b|"full"/i);
		for (const text of Object.values(TOOL_DESCRIPTIONS)) expect(text).not.toMatch(/StatusCallbackUrl|callback url/i);
	});

	test('every operation has one', () => {
		const operations = plain.properties
			.filter((property) => property.name === 'operation')
			.flatMap((property) => (property.options as Array<{ value: string }>).map((option) => `${String(property.displayOptions?.show?.resource?.[0])}.${option.value}`))
			.map((key) => (key.endsWith('.customApiCall') ? 'customApiCall' : key));
		expect([...new Set(operations)].sort()).toEqual(Object.keys(TOOL_DESCRIPTIONS).sort());
	});

	test('the plain node shows none of the tool fields', () => {
		const node = { id: 'n', name: 'Print Store', type: 'n8n-nodes-print-store.printStore', typeVersion: 2, position: [0, 0] as [number, number], parameters: {} };
		const parameters = NodeHelpers.getNodeParameters(plain.properties, { resource: 'order', operation: 'create' }, true, false, node, plain);
		expect(parameters).toHaveProperty('operation', 'create');
		for (const name of ['toolDescription', 'toolLiveOrders', 'toolMaxOrders', 'toolDetail']) expect(parameters).not.toHaveProperty(name);
	});
});
