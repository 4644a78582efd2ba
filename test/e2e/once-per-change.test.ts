/**
 * A workflow as a new user builds it, in a real n8n: n8n's Webhook → Split Out → Print Store > Create
 * (newest version, its defaults: test orders; Status Callbacks "From Print Store Trigger in This
 * Workflow"), and in the same workflow a Print Store Trigger (newest version) with both kinds of
 * event, as declared and as a user who adds the second kind has it → the next step. The sandbox
 * reports every status change to both URLs an order carries: each change starts the workflow once,
 * with what both callbacks carried available to the next step. In queue mode the service reaches n8n
 * through the load balancer in front of the two webhook processes (the suite's n8n public address is
 * main's: the sandbox routes it there), which sends both callbacks of a trigger to one of them, as
 * docs/queue-mode.md recommends. The rules themselves: test/trigger/once-per-change.test.ts.
 */
import { randomUUID } from 'node:crypto';

import type { WorkflowNode } from '../../scripts/n8n/client';
import { nodeOutput } from '../../scripts/n8n/executions';
import { waitFor } from '../../scripts/n8n/process';
import { CREDENTIAL_TYPE, PACKAGE_NODE_PREFIX, PRINT_STORE_TYPE } from '../../scripts/n8n/workflows';
import { callbacksSettled } from './helpers/catch-up';
import { describeE2E, e2e, expectOnlyTestOrders } from './helpers/harness';

type Json = Record<string, unknown>;

const STATUSES = ['Received', 'In Production', 'Printed', 'Shipped', 'Delivered'];

/** The workflow, published; `trigger` is the trigger's parameters beside its Store. */
async function publishedWorkflow(title: string, trigger: Json) {
	const { client, state } = e2e();
	const credentials = { [CREDENTIAL_TYPE]: state.credential };
	const store = { __rl: true, mode: 'list', value: state.sandbox.storeId };
	const webhookPath = `print-store-${randomUUID()}`;
	const nodes: WorkflowNode[] = [
		{
			id: randomUUID(),
			name: 'New CRM deals',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			position: [0, 0],
			webhookId: randomUUID(),
			parameters: { httpMethod: 'POST', path: webhookPath, responseMode: 'lastNode', responseData: 'allEntries', options: {} },
		},
		{ id: randomUUID(), name: 'One item per deal', type: 'n8n-nodes-base.splitOut', typeVersion: 1, position: [220, 0], parameters: { fieldToSplitOut: 'body.deals', include: 'noOtherFields', options: {} } },
		{
			id: randomUUID(),
			name: 'Create orders',
			type: PRINT_STORE_TYPE,
			typeVersion: 5,
			position: [440, 0],
			// Only what a user sets: the store, the orders from the input items, where the status reports go.
			parameters: { resource: 'order', operation: 'create', storeId: store, inputMode: 'inputItem', itemShape: 'apiShape', orderItemField: 'order', statusCallbacks: 'trigger' },
			credentials,
		},
		{
			id: randomUUID(),
			name: 'Print Store Trigger',
			type: `${PACKAGE_NODE_PREFIX}printStoreTrigger`,
			typeVersion: 3,
			position: [0, 300],
			webhookId: randomUUID(),
			parameters: { enrichStoreId: store, ...trigger },
			credentials,
		},
		{
			id: randomUUID(),
			name: 'Next step',
			type: 'n8n-nodes-base.set',
			typeVersion: 3.4,
			position: [220, 300],
			parameters: {
				mode: 'manual',
				assignments: {
					assignments: [
						['orderNumber', '={{ $json.OrderNumber }}', 'string'],
						['status', '={{ $json.StatusDescription }}', 'string'],
						['source', '={{ $json.source }}', 'string'],
						['callbacks', "={{ ($json.callbacks ?? []).join(',') }}", 'string'],
						// From the status record.
						['timestamp', '={{ $json.Timestamp }}', 'string'],
						// From the detailed record (the sandbox's adds the order's fields and the order itself).
						['crmRecordId', '={{ $json.PartnerOrderReference }}', 'string'],
						['completed', '={{ $json.Completed }}', 'boolean'],
						['recipient', "={{ $json.rawDetails?.Order?.OrderDetails?.Recipient?.NameFirst ?? '' }}", 'string'],
					].map(([name, value, type]) => ({ id: randomUUID(), name, value, type })),
				},
				options: {},
			},
		},
	];
	const link = (node: string) => ({ main: [[{ node, type: 'main', index: 0 }]] });
	const connections = { 'New CRM deals': link('One item per deal'), 'One item per deal': link('Create orders'), 'Print Store Trigger': link('Next step') };
	const saved = await client.createWorkflow({ name: `e2e once per change: ${title}`, nodes, connections, settings: { executionOrder: 'v1' } });
	await client.activateWorkflow(saved.id);
	const base = state.queue ? state.queue.proxy.url : state.n8n.url;
	return { id: saved.id, webhookUrl: `${base}/webhook/${webhookPath}` };
}

describeE2E('the Print Store Trigger with both kinds of event: one execution per status change', () => {
	afterEach(async () => {
		if (e2e().state.queue) await e2e().sandbox.clearCallbackRoutes();
	});

	test.each([
		['with its declared defaults', {}],
		['as a user who adds the second kind has it', { events: ['status', 'details'] }],
	])('%s: 3 orders, 15 status changes reported to both URLs, 15 events, each with what both callbacks carried; Create sent test orders', async (title, trigger) => {
		const { client, sandbox, state } = e2e();
		const workflow = await publishedWorkflow(title, trigger);
		// Queue mode: the callbacks go through the load balancer, round robin but for a trigger's callbacks.
		if (state.queue) await sandbox.callbackRoute(state.n8n.url, state.queue.proxy.url);
		const run = randomUUID().slice(0, 8);
		const deals = ['Ada', 'Grace', 'Edsger'].map((name, index) => ({
			order: {
				Product: { ID: 'postcard-4x6', Quantity: 25 },
				Recipient: { NameFirst: name, AddressLine1: `${index + 1} Deal Street`, City: 'Springfield', Country: 'US' },
				PartnerOrderReference: `deal-${run}-${index}`,
			},
		}));
		const before = (await sandbox.requests()).at(-1)?.seq ?? 0;
		const answer = await fetch(workflow.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ deals }) });
		expect(answer.status).toBe(200);
		const created = (await answer.json()) as Json[];
		expect(created.map((order) => [order.PartnerOrderReference, order.testMode])).toEqual(deals.map((deal) => [deal.order.PartnerOrderReference, true]));
		// One create request for the three deals, in test mode.
		expect(await expectOnlyTestOrders(before)).toBe(1);
		for (const order of created) expect(Object.keys(order.OrderDetails as Json)).toEqual(expect.arrayContaining(['StatusCallbackUrl', 'StatusDetailsCallbackUrl']));

		const ids = created.map((order) => String(order.ID));
		for (const id of ids) await sandbox.advance(id, { toStatusId: 5 });
		await callbacksSettled(ids, ids.length * STATUSES.length * 2);
		const delivered = (await sandbox.callbacks()).filter((entry) => ids.includes(String(entry.orderId)) && entry.outcome === 'delivered');
		expect(delivered).toHaveLength(30);

		// Events, not executions, are counted: the trigger's first catch-up may find several changes at once.
		const expected = ids.length * STATUSES.length;
		let runs: Awaited<ReturnType<typeof client.listExecutions>> = [];
		const events = await waitFor(
			`${expected} events of the trigger`,
			async () => {
				runs = (await client.listExecutions(workflow.id)).filter((execution) => nodeOutput(execution, 'Print Store Trigger').length > 0);
				const found = runs.flatMap((execution) => nodeOutput(execution, 'Next step'));
				return found.length >= expected && runs.every((execution) => execution.status === 'success') ? found : undefined;
			},
			{ timeoutMs: 120_000, intervalMs: 500 },
		);
		// A moment more for an execution that should not come (a second callback of a change that started one).
		await new Promise((resolve) => setTimeout(resolve, 3000));
		const all = (await client.listExecutions(workflow.id)).filter((execution) => nodeOutput(execution, 'Print Store Trigger').length > 0).flatMap((execution) => nodeOutput(execution, 'Next step'));
		// On failure: each event, and when the service had each callback of each change answered.
		const start = Math.min(...delivered.map((entry) => Date.parse(String(entry.at))));
		const answered = delivered.map((entry) => {
			const body = entry.body as Json;
			return `${String(body.OrderNumber)} ${String(body.StatusDescription)} ${String(entry.kind)} answered at +${Date.parse(String(entry.at)) - start} ms`;
		});
		const story = [...all.map((event) => `${String(event.orderNumber)} ${String(event.status)} ${String(event.source)} [${String(event.callbacks)}]`), ...answered.sort()].join('\n');
		const problems: string[] = [];
		if (all.length !== expected) problems.push(`${all.length} events, ${expected} expected`);
		for (const [index, order] of created.entries()) {
			const own = events.filter((event) => event.orderNumber === order.OrderNumber);
			if (own.map((event) => event.status).sort().join() !== [...STATUSES].sort().join()) problems.push(`${String(order.OrderNumber)}: ${own.map((event) => String(event.status)).join(', ')}`);
			for (const event of own) {
				const name = `${String(order.OrderNumber)} ${String(event.status)} (${String(event.source)} [${String(event.callbacks)}])`;
				if (event.crmRecordId !== deals[index].order.PartnerOrderReference || event.completed !== (event.status === 'Delivered')) problems.push(`${name}: crmRecordId ${String(event.crmRecordId)}, completed ${String(event.completed)}`);
				// A callback's event has what both callbacks brought; the catch-up's (it read the change first) has the order's fields from the API.
				if (event.source === 'callback' && !/^(status,details|details,status)$/.test(String(event.callbacks))) problems.push(`${name}: not both callbacks`);
				if (event.source === 'callback' && event.recipient !== deals[index].order.Recipient.NameFirst) problems.push(`${name}: recipient ${String(event.recipient)}`);
				if (event.source !== 'callback' && event.source !== 'catchUp') problems.push(`${name}: source`);
			}
		}
		if (problems.length > 0) throw new Error(`${problems.join('\n')}\n\n${story}`);
		await client.deactivateWorkflow(workflow.id);
	});
});
