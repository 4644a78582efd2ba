/**
 * Callbacks of any method, with or without a body, in a real n8n: n8n serves the trigger's and the
 * wait's webhooks for GET, PUT and an empty POST too (it registers one webhook per method of the
 * node's comma-separated httpMethod: n8nInternals, CALLBACK_HTTP_METHODS), the trigger starts one
 * execution each with the status read from the API, the wait resumes on a GET, and a forged callback
 * starts and resumes nothing.
 */
import { randomUUID } from 'node:crypto';

import type { Execution, WorkflowNode } from '../../scripts/n8n/client';
import { nodeOutput } from '../../scripts/n8n/executions';
import { CREDENTIAL_TYPE, PACKAGE_NODE_PREFIX } from '../../scripts/n8n/workflows';
import { describeE2E, e2e, expectSuccess, runPrintStore, startCreateThenWait, untilExecutionWaits } from './helpers/harness';

type Json = Record<string, unknown>;
const TRIGGER = 'Print Store Trigger';

const orderItem = (reference: string) => ({
	Product: { ID: 'postcard-4x6', Quantity: 25 },
	Recipient: { NameFirst: 'Method', NameLast: 'Test', AddressLine1: '1 Verb Street', City: 'Springfield', Country: 'US' },
	PartnerOrderReference: reference,
});

async function createOrders(count: number): Promise<Json[]> {
	const run = await runPrintStore({
		title: 'orders for callbacks of any method',
		parameters: { resource: 'order', operation: 'create', storeId: e2e().state.sandbox.storeId, inputMode: 'json', orderItemJson: '={{ JSON.stringify($json.order) }}' },
		items: Array.from({ length: count }, (_, index) => ({ order: orderItem(`method-${randomUUID().slice(0, 6)}-${index}`) })),
	});
	expectSuccess(run);
	return run.json;
}

const webhookExecutions = (executions: Execution[]) => executions.filter((execution) => execution.mode === 'webhook');

describeE2E('callbacks of any method, with or without a body, in a real n8n', () => {
	afterEach(async () => {
		await e2e().sandbox.setProfiles([]);
	});

	test('the trigger: a GET, an empty POST and a PUT without a body start one execution each, with the status read from the API; a forged GET starts none', async () => {
		const { client, sandbox, state } = e2e();
		const [first, second, third] = await createOrders(3);
		await sandbox.advance(String(first.ID), { toStatusId: 4 });
		await sandbox.advance(String(second.ID), { toStatusId: 2 });
		const secret = `fixed-${randomUUID()}`;
		const trigger: WorkflowNode = {
			id: randomUUID(),
			name: TRIGGER,
			type: `${PACKAGE_NODE_PREFIX}printStoreTrigger`,
			typeVersion: 1.1,
			position: [0, 0],
			webhookId: randomUUID(),
			parameters: { events: ['status'], enrichStoreId: state.sandbox.storeId, options: { callbackSecret: secret } },
			credentials: { [CREDENTIAL_TYPE]: state.credential },
		};
		const saved = await client.createWorkflow({ name: 'e2e: callbacks of any method', nodes: [trigger], connections: {}, settings: { executionOrder: 'v1' } });
		await client.activateWorkflow(saved.id);
		try {
			const url = client.webhookUrl(`${String(trigger.webhookId)}/status`);
			const forged = await fetch(`${url}?secret=forged&OrderID=${String(first.ID)}`);
			expect(forged.status).toBe(403);

			const get = await fetch(`${url}?secret=${secret}&OrderNumber=${String(first.OrderNumber)}`);
			expect(get.status).toBe(200);
			expect(await get.json()).toMatchObject({ received: true, emitted: 1 });
			const post = await fetch(`${url}?secret=${secret}&OrderID=${String(second.ID)}`, { method: 'POST' });
			expect(await post.json()).toMatchObject({ received: true, emitted: 1 });
			const put = await fetch(`${url}?secret=${secret}&OrderID=${String(third.ID)}`, { method: 'PUT' });
			expect(await put.json()).toMatchObject({ received: true, emitted: 1 });
			// The same GET again: the same status, a repeat.
			expect(await (await fetch(`${url}?secret=${secret}&OrderNumber=${String(first.OrderNumber)}`)).json()).toMatchObject({ emitted: 0, duplicates: 1 });

			const executions = webhookExecutions(await client.waitForExecutions(saved.id, 3));
			expect(executions).toHaveLength(3);
			const items = executions.map((execution) => nodeOutput(execution, TRIGGER)).flat();
			const seen = items.map((item) => [item.OrderID, item.StatusDescription, item.statusFrom]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
			const expected = [
				[first.ID, 'Shipped', 'api'],
				[second.ID, 'In Production', 'api'],
				[third.ID, 'Received', 'api'],
			].sort((a, b) => String(a[0]).localeCompare(String(b[0])));
			expect(seen).toEqual(expected);
		} finally {
			await client.deactivateWorkflow(saved.id);
		}
	}, 240_000);

	test('the wait: a GET to the resume address resumes the execution once the order is delivered; a GET without its secret does nothing', async () => {
		const { client, sandbox, state } = e2e();
		// The service's own callbacks are lost: only the GETs below reach n8n.
		await sandbox.setProfiles(['drop-callbacks']);
		const { executionId } = await startCreateThenWait({
			name: 'e2e: wait resumed by a GET',
			credential: state.credential,
			storeId: state.sandbox.storeId,
			items: [{ order: orderItem(`method-wait-${randomUUID().slice(0, 6)}`) }],
			wait: { checkEvery: 1, checkEveryUnit: 'hours' },
			createNode: 'Create',
			waitNode: 'Wait',
		});
		const waiting = await untilExecutionWaits(executionId);
		const [created] = nodeOutput(waiting, 'Create');
		const stored = (await sandbox.orders()).find((entry) => entry.ID === created.ID)!;
		const real = new URL(String(stored.OrderDetails.StatusCallbackUrl));
		real.searchParams.set('OrderID', String(created.ID));
		const withoutSecret = new URL(real);
		withoutSecret.searchParams.delete('secret');

		expect((await fetch(real)).status).toBe(200);
		expect((await client.getExecution(executionId)).status).toBe('waiting');
		await sandbox.advance(String(created.ID), { toStatusId: 5 });
		expect([401, 403]).toContain((await fetch(withoutSecret)).status);
		expect((await client.getExecution(executionId)).status).toBe('waiting');
		const resumed = await fetch(real);
		expect(await resumed.json()).toMatchObject({ received: true, resumed: true });
		const execution = await client.waitForExecution(executionId, 120_000);
		expect(execution.status).toBe('success');
		expect(nodeOutput(execution, 'Wait')).toEqual([expect.objectContaining({ orderId: created.ID, outcome: 'reached', resumedBy: 'callback' })]);
	}, 300_000);
});
