/**
 * The Print Store node as an AI tool in a real n8n: the "order desk" example (examples/
 * order-desk-agent.json: Chat Trigger → AI Agent with n8n's OpenAI Chat Model and five Print Store
 * tools) answers chat messages, its model played by a scripted OpenAI-compatible server
 * (test/helpers/model-server.ts) that makes the tool calls a test gives and answers from the tool
 * results it received. Checked at both ends: the requests that reached the sandbox (operation,
 * fields, headers) and the tool results the model server got. Then the same tools through n8n's MCP
 * Server Trigger, listed and called by the official MCP client.
 *
 * Runs in every end-to-end setup; in queue mode the chat and the MCP session go to a webhook process
 * and the agent runs on the worker.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import type { SavedWorkflow, WorkflowJson } from '../../scripts/n8n/client';
import type { SandboxRequest } from '../../scripts/n8n/sandbox-control';
import { findNode, loadExample, withCredential } from '../../scripts/n8n/workflows';
import { TOOL_DESCRIPTIONS } from '../../nodes/PrintStore/actions/router';
import { startModelServer, type ModelServer, type ToolResult } from '../helpers/model-server';
import { crmOrderItem } from '../helpers/sandbox';
import { describeE2E, e2e } from './helpers/harness';

type Json = Record<string, unknown>;

const STORE = 'store_main';
/** The example's tools, by the names n8n gives the model (node names, spaces as _). */
const TOOLS = { status: 'Order_status', find: 'Find_order', findMany: 'Find_orders', quote: 'Price_quote', create: 'Create_orders' };

describeE2E('the Print Store node as an AI Agent\'s tool, and through the MCP Server Trigger', () => {
	let model: ModelServer;
	let desk: { source: WorkflowJson; saved: SavedWorkflow };
	let openAiCredentialId = '';

	/** Where webhooks are received: n8n itself, or in queue mode one of its webhook processes. */
	const webhookBase = () => (e2e().state.queue ? e2e().state.queue!.webhooks[0].url : e2e().state.n8n.url);

	beforeAll(async () => {
		const { client, state } = e2e();
		model = await startModelServer();
		const credential = (await client.createCredential({
			name: 'Scripted model',
			type: 'openAiApi',
			data: { apiKey: 'sk-scripted-model', url: model.url },
		})) as { id: string };
		openAiCredentialId = credential.id;
		const source = withCredential(loadExample('order-desk-agent.json'), state.credential);
		findNode(source, 'OpenAI Chat Model').credentials = { openAiApi: { id: openAiCredentialId, name: 'Scripted model' } };
		desk = { source, saved: await client.createWorkflow(source) };
		await client.activateWorkflow(desk.saved.id);
	});

	afterAll(async () => {
		await e2e().client.deactivateWorkflow(desk.saved.id).catch(() => undefined);
		await model?.close();
	});

	/** Sends one chat message to the active order desk and returns the agent's answer. */
	async function chat(message: string): Promise<string> {
		const webhookId = String(findNode(desk.source, 'When chat message received').webhookId);
		const answer = await fetch(`${webhookBase()}/webhook/${webhookId}/chat`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ action: 'sendMessage', sessionId: `e2e-${Date.now()}`, chatInput: message }),
		});
		const text = await answer.text();
		expect({ status: answer.status, text }).toEqual({ status: 200, text: expect.any(String) });
		return String((JSON.parse(text) as { output?: unknown }).output);
	}

	/** The API requests the sandbox received since `seq`. */
	async function apiRequestsAfter(seq: number): Promise<SandboxRequest[]> {
		return (await e2e().sandbox.requests()).filter((request) => request.seq > seq && request.path.startsWith('/api/v1/'));
	}
	const lastSeq = async () => (await e2e().sandbox.requests()).at(-1)?.seq ?? 0;

	function expectAuthenticated(request: SandboxRequest) {
		expect(request.hasSubscriptionKey).toBe(true);
		expect(request.subscriptionKeyValid).toBe(true);
		expect(request.headers.authorization).toBe('Bearer [issued token]');
	}

	const firstResult = (results: ToolResult[]) => {
		expect(results).toHaveLength(1);
		return results[0];
	};

	test('"where is my order": the agent calls Order status with the order number; the model gets a small summary', async () => {
		const { sandbox } = e2e();
		const created = await sandbox.api<Array<{ ID: string; OrderNumber: string }>>('POST', `/store/${STORE}/order`, { Items: [crmOrderItem(1)] });
		const order = created.body[0];
		await sandbox.advance(order.ID);
		await sandbox.advance(order.ID);
		const before = await lastSeq();
		model.script([
			{ toolCalls: [{ name: TOOLS.status, arguments: { orderNumber: order.OrderNumber } }] },
			{
				answer: (results) => {
					const [summary] = firstResult(results).json as Array<{ status: string; since: string }>;
					return `Order ${order.OrderNumber} is ${summary.status} since ${summary.since}.`;
				},
			},
		]);
		const answer = await chat(`What is the status of order ${order.OrderNumber}?`);

		// What reached the sandbox: one status history read, by order number, with token and key.
		const requests = await apiRequestsAfter(before);
		expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([`GET /api/v1/store/${STORE}/order/${order.OrderNumber}/status`]);
		expectAuthenticated(requests[0]);
		// What the model got: the summary, not every record.
		const result = firstResult(model.toolResults());
		expect(result.name).toBe(TOOLS.status);
		const [summary] = result.json as Array<Json & { history: Array<{ status: string }> }>;
		expect(summary).toMatchObject({ order: order.OrderNumber, orderNumber: order.OrderNumber, orderId: order.ID, status: 'Printed', statusCount: 3 });
		expect(summary.history.map((entry) => entry.status)).toEqual(['Received', 'In Production', 'Printed']);
		expect(answer).toBe(`Order ${order.OrderNumber} is Printed since ${String(summary.since)}.`);
		expect(model.remaining()).toBe(0);

		// The tools n8n offered the model: the five of the example, each with its operation's description.
		const offered = Object.fromEntries((model.requests.at(-1)!.body.tools ?? []).map((tool) => [tool.function.name, tool.function]));
		expect(Object.keys(offered).sort()).toEqual(Object.values(TOOLS).sort());
		expect(offered[TOOLS.status].description).toBe(TOOL_DESCRIPTIONS['order.getStatusHistory']);
		expect(offered[TOOLS.find].description).toBe(TOOL_DESCRIPTIONS['order.get']);
		expect(offered[TOOLS.findMany].description).toBe(TOOL_DESCRIPTIONS['order.getAll']);
		expect(offered[TOOLS.quote].description).toBe(TOOL_DESCRIPTIONS['order.getPriceQuote']);
		expect(offered[TOOLS.create].description).toBe(TOOL_DESCRIPTIONS['order.create']);
		// Its inputs, from the example's $fromAI() calls, with their hints.
		expect(offered[TOOLS.status].parameters.properties?.orderNumber).toMatchObject({ type: 'string', description: 'The order number, like PS-100001' });
		expect(offered[TOOLS.status].parameters.required).toEqual(['orderNumber']);
		expect(offered[TOOLS.create].parameters.properties?.orderItems?.description).toMatch(/^A JSON list of order items, one per order/);
		// Find orders: the words to search for, which it must give, and the state, any unless it says otherwise.
		expect(Object.keys(offered[TOOLS.findMany].parameters.properties ?? {}).sort()).toEqual(['search', 'state']);
		expect(offered[TOOLS.findMany].parameters.properties?.search).toMatchObject({ type: 'string', description: expect.stringMatching(/recipient or customer name/) });
		expect(offered[TOOLS.findMany].parameters.properties?.state).toMatchObject({ type: 'string', description: expect.stringMatching(/^open: only orders not completed yet/) });
		expect(offered[TOOLS.findMany].parameters.required).toEqual(['search']);
		// The system message of the example reached the model.
		expect(String(model.requests.at(-1)!.body.messages[0].content)).toMatch(/^You are the order desk of a print shop/);
	});

	test('"which orders for Grace Hopper are not delivered yet": Find orders reads the order list and the model gets her open orders as summaries', async () => {
		const { sandbox } = e2e();
		// A name of this run only: other files of the suite order for a Grace Hopper too.
		const lastName = `Hopper-${Date.now().toString(36)}`;
		const who = `Grace ${lastName}`;
		const grace = (index: number, city: string) =>
			crmOrderItem(index, { Recipient: { ...crmOrderItem(index).Recipient, NameFirst: 'Grace', NameLast: lastName, City: city }, PartnerOrderReference: `hopper-${index}` });
		// Hers and someone else's, in one request: the list gives the later of a batch first.
		const created = await sandbox.api<Array<{ ID: string; OrderNumber: string }>>('POST', `/store/${STORE}/order`, {
			Items: [grace(21, 'Arlington'), crmOrderItem(22), grace(23, 'New York'), crmOrderItem(24), grace(25, 'Arlington')],
		});
		expect(created.status).toBe(200);
		const [shipped, , delivered, , received] = created.body;
		await sandbox.advance(shipped.ID, { toStatusId: 4 });
		await sandbox.advance(delivered.ID, { toStatusId: 5 });
		const before = await lastSeq();
		const numbers = (results: ToolResult[]) => (firstResult(results).json as Array<{ orderNumber: string }>).map((order) => order.orderNumber);
		model.script([
			{ toolCalls: [{ name: TOOLS.findMany, arguments: { search: who, state: 'open' } }] },
			{ answer: (results) => `Not delivered yet for ${who}: ${numbers(results).join(', ')}.` },
		]);
		const answer = await chat(`Which orders for ${who} are not delivered yet?`);

		// What reached the sandbox: the order list, page by page from the first, with only the paging and the
		// request for each order's details (one page while the store holds fewer than 100 orders); the search
		// and the state are the node's to apply.
		const requests = await apiRequestsAfter(before);
		expect(requests.map((request) => `${request.method} ${request.rawPath}`)).toEqual(
			requests.map((_, index) => `GET /api/v1/store/${STORE}/order?includeDetails=true&includeOrderDetails=true&details=true&verbose=true&pageNumber=${index + 1}&pageSize=100`),
		);
		expect(requests.length).toBeGreaterThanOrEqual(1);
		for (const request of requests) expectAuthenticated(request);
		// What the model got: her two open orders, newest first, one summary each; not the delivered one, not Customer22's or Customer24's.
		const result = firstResult(model.toolResults());
		expect(result.name).toBe(TOOLS.findMany);
		expect(result.arguments).toMatchObject({ search: who, state: 'open' });
		const stored = new Map((await sandbox.orders(STORE)).map((order) => [order.ID, order]));
		const summaryOf = (id: string) => {
			const order = stored.get(id)!;
			return {
				orderNumber: order.OrderNumber,
				orderId: order.ID,
				reference: order.PartnerOrderReference,
				status: order.StatusDescription,
				statusId: order.StatusID,
				completed: false,
				created: order.Created,
				recipient: `${who}, ${String(order.OrderDetails.Recipient.City)}`,
				product: `postcard-4x6 x ${String(order.OrderDetails.Product.Quantity)}`,
			};
		};
		expect(result.json).toEqual([summaryOf(received.ID), summaryOf(shipped.ID)]);
		expect((result.json as Json[]).map((summary) => summary.status)).toEqual(['Received', 'Shipped']);
		expect(stored.get(delivered.ID)).toMatchObject({ StatusDescription: 'Delivered', Completed: true });
		expect(answer).toBe(`Not delivered yet for ${who}: ${received.OrderNumber}, ${shipped.OrderNumber}.`);
		expect(model.remaining()).toBe(0);
	});

	test('"quote these two recipients": one price request with both order items; the model gets both quotes; nothing is created', async () => {
		const { sandbox } = e2e();
		const countsBefore = (await sandbox.counts()).total;
		const before = await lastSeq();
		const items = [crmOrderItem(2), crmOrderItem(3, { Product: { ID: 'postcard-4x6', Quantity: 250 } })];
		model.script([
			{ toolCalls: [{ name: TOOLS.quote, arguments: { orderItems: items } }] },
			{
				answer: (results) => {
					const quotes = firstResult(results).json as Array<{ PartnerOrderReference: string; orderPrices: { OrderTotalPrice: number } }>;
					return quotes.map((quote) => `${quote.PartnerOrderReference}: ${quote.orderPrices.OrderTotalPrice}`).join('; ');
				},
			},
		]);
		const answer = await chat('How much would 102 postcards to Customer2 and 250 to Customer3 cost?');

		const requests = await apiRequestsAfter(before);
		expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([`POST /api/v1/store/${STORE}/order/price`]);
		expectAuthenticated(requests[0]);
		expect((requests[0].body as { Items: unknown[] }).Items).toEqual(items);
		const quotes = firstResult(model.toolResults()).json as Array<{ PartnerOrderReference: string; orderPrices: { OrderTotalPrice: number } }>;
		expect(quotes.map((quote) => quote.PartnerOrderReference)).toEqual(['crm-2', 'crm-3']);
		for (const quote of quotes) expect(quote.orderPrices.OrderTotalPrice).toBeGreaterThan(0);
		expect(answer).toBe(quotes.map((quote) => `${quote.PartnerOrderReference}: ${quote.orderPrices.OrderTotalPrice}`).join('; '));
		expect((await sandbox.counts()).total).toBe(countsBefore);
	});

	test('"place the order": Create orders sends it in test mode (the example allows no live orders) and the model gets its order number', async () => {
		const { sandbox } = e2e();
		const before = await lastSeq();
		const item = crmOrderItem(4, { PartnerOrderReference: 'agent-order-1' });
		model.script([
			{ toolCalls: [{ name: TOOLS.create, arguments: { orderItems: [item] } }] },
			{ answer: (results) => `Placed order ${String((firstResult(results).json as Json[])[0].OrderNumber)} (test mode).` },
		]);
		const answer = await chat('Yes, place that order for Customer4.');

		const requests = await apiRequestsAfter(before);
		expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([`POST /api/v1/store/${STORE}/order`]);
		expectAuthenticated(requests[0]);
		expect(requests[0].body).toEqual({ Items: [item], TestMode: true });
		const [created] = firstResult(model.toolResults()).json as Array<{ ID: string; OrderNumber: string; PartnerOrderReference: string }>;
		expect(created.PartnerOrderReference).toBe('agent-order-1');
		expect((await sandbox.orders(STORE)).find((order) => order.ID === created.ID)?.PartnerOrderReference).toBe('agent-order-1');
		expect(answer).toBe(`Placed order ${created.OrderNumber} (test mode).`);
	});

	test('a wrong field: the model gets an error naming the field and what is allowed, and nothing is sent', async () => {
		const before = await lastSeq();
		const wrong = crmOrderItem(5, { Product: { ID: 'postcard-4x6', Quantity: 0 } });
		model.script([{ toolCalls: [{ name: TOOLS.create, arguments: { orderItems: [wrong] } }] }, { answer: (results) => firstResult(results).content }]);
		await chat('Order zero postcards for Customer5.');

		const text = firstResult(model.toolResults()).content;
		expect(text).toContain('Invalid \\"Order Item (JSON).Product.Quantity\\" in order item 0 of the list (the first is 0): must be a whole number of at least 1, got 0');
		expect(text).not.toMatch(/at \w+ \(|node_modules|stack/i);
		expect((await apiRequestsAfter(before)).filter((request) => request.method === 'POST')).toEqual([]);
	});

	test('a model that writes its own callback URLs: nothing reaches the service, and the model is told the workflow decides where reports go', async () => {
		const { sandbox } = e2e();
		const countsBefore = (await sandbox.counts()).total;
		const before = await lastSeq();
		const hijacked = crmOrderItem(13, { StatusCallbackUrl: 'https://collector.example/print-events', StatusDetailsCallbackUrl: 'https://collector.example/print-details' });
		model.script([{ toolCalls: [{ name: TOOLS.create, arguments: { orderItems: [hijacked] } }] }, { answer: (results) => firstResult(results).content }]);
		await chat('Order a postcard for Customer13, and have the status updates sent to https://collector.example/print-events.');

		const text = firstResult(model.toolResults()).content;
		expect(text).toContain('The order item gives \\"StatusCallbackUrl\\": where status reports go is set by the workflow, not by the tool\'s arguments');
		expect(text).toContain('Send the order item without \\"StatusCallbackUrl\\" and \\"StatusDetailsCallbackUrl\\". Nothing was sent.');
		// At the sandbox: no order request at all, so no callback field of the model's; no order created.
		const posts = (await apiRequestsAfter(before)).filter((request) => request.method === 'POST');
		expect(posts).toEqual([]);
		expect(JSON.stringify(await sandbox.orders(STORE))).not.toContain('collector.example');
		expect((await sandbox.counts()).total).toBe(countsBefore);
	});

	test('more orders than Max Orders per Call: none is created, counted at the sandbox, and the model is told why', async () => {
		const { sandbox } = e2e();
		const countsBefore = (await sandbox.counts()).total;
		const before = await lastSeq();
		const six = [6, 7, 8, 9, 10, 11].map((index) => crmOrderItem(index));
		model.script([{ toolCalls: [{ name: TOOLS.create, arguments: { orderItems: six } }] }, { answer: (results) => firstResult(results).content }]);
		await chat('Send a postcard to each of these six customers.');

		const text = firstResult(model.toolResults()).content;
		expect(text).toContain('This call asks for 6 orders, and one call may create at most 5 (\\"Max Orders per Call\\"). No order was created.');
		expect((await apiRequestsAfter(before)).filter((request) => request.method === 'POST')).toEqual([]);
		expect((await sandbox.counts()).total).toBe(countsBefore);
	});

	test('MCP: a client of n8n\'s MCP Server Trigger lists the Print Store tools with their descriptions and calls Get Status History', async () => {
		const { client, sandbox, state } = e2e();
		const created = await sandbox.api<Array<{ ID: string; OrderNumber: string }>>('POST', `/store/${STORE}/order`, { Items: [crmOrderItem(12)] });
		const order = created.body[0];
		await sandbox.advance(order.ID);
		// The example's Order status and Price quote tools, attached to an MCP Server Trigger instead of the agent.
		const path = `print-store-mcp-${Date.now()}`;
		const tools = ['Order status', 'Price quote'].map((name) => structuredClone(findNode(desk.source, name)));
		const mcp: WorkflowJson = withCredential(
			{
				name: 'Print Store tools over MCP (e2e)',
				nodes: [
					{
						id: 'mcp-trigger',
						name: 'MCP Server Trigger',
						type: '@n8n/n8n-nodes-langchain.mcpTrigger',
						typeVersion: 2,
						position: [0, 0],
						webhookId: '3c1f7b52-8e4d-4a6b-9f20-71d5a9e6c3b4',
						parameters: { path },
					},
					...tools.map((tool, index) => ({ ...tool, id: `mcp-tool-${index}`, position: [index * 200, 200] as [number, number] })),
				],
				connections: Object.fromEntries(tools.map((tool) => [tool.name, { ai_tool: [[{ node: 'MCP Server Trigger', type: 'ai_tool', index: 0 }]] }])),
				settings: { executionOrder: 'v1' },
			},
			state.credential,
		);
		const saved = await client.createWorkflow(mcp);
		await client.activateWorkflow(saved.id);
		const mcpClient = new Client({ name: 'print-store-e2e', version: '1.0.0' });
		try {
			await mcpClient.connect(new StreamableHTTPClientTransport(new URL(`${webhookBase()}/mcp/${path}`)));
			const listed = await mcpClient.listTools();
			const byName = Object.fromEntries(listed.tools.map((tool) => [tool.name, tool]));
			expect(Object.keys(byName).sort()).toEqual([TOOLS.quote, TOOLS.status].sort());
			expect(byName[TOOLS.status].description).toBe(TOOL_DESCRIPTIONS['order.getStatusHistory']);
			expect(byName[TOOLS.quote].description).toBe(TOOL_DESCRIPTIONS['order.getPriceQuote']);
			expect(Object.keys(byName[TOOLS.status].inputSchema.properties ?? {}).sort()).toEqual(['detail', 'orderNumber']);

			const before = await lastSeq();
			const called = (await mcpClient.callTool({ name: TOOLS.status, arguments: { orderNumber: order.OrderNumber } })) as { content: Array<{ type: string; text: string }>; isError?: boolean };
			expect(called.isError ?? false).toBe(false);
			const [summary] = JSON.parse(called.content[0].text) as Json[];
			expect(summary).toMatchObject({ orderNumber: order.OrderNumber, status: 'In Production', statusCount: 2 });
			const requests = await apiRequestsAfter(before);
			expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([`GET /api/v1/store/${STORE}/order/${order.OrderNumber}/status`]);
			expectAuthenticated(requests[0]);

			// The full records on request.
			const full = (await mcpClient.callTool({ name: TOOLS.status, arguments: { orderNumber: order.OrderNumber, detail: 'full' } })) as { content: Array<{ text: string }> };
			const records = JSON.parse(full.content[0].text) as Json[];
			expect(records.map((record) => record.StatusDescription)).toEqual(['Received', 'In Production']);
		} finally {
			await mcpClient.close().catch(() => undefined);
			await client.deactivateWorkflow(saved.id).catch(() => undefined);
		}
	});
});
