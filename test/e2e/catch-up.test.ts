/**
 * The Print Store Trigger's catch-up in the real n8n (one process, queue mode, n8n 1.x): with
 * "Every Order in the Store", orders made elsewhere (no callback URLs) are emitted too, at once when
 * a callback names no order; a catch-up that cannot read the store whole is a failed execution
 * saying why, as n8n's REST API shows. Elsewhere: n8n stopped while orders change, then the catch-up
 * once it is back, with n8n's public address out of its own reach (the clock calls the trigger where
 * n8n listens, as it does whenever a callback has shown that address), and where no n8n process
 * answers as the trigger: test/e2e/out-of-reach.test.ts; a trigger that does not know its store is
 * not published: trigger.test.ts. The engine suite (test/trigger/catch-up.test.ts) holds every rule;
 * these files show that a real n8n gives the trigger what they rely on: its activation's clock, its
 * own webhook at the address it listens on, the static data saved per request, failed executions.
 */
import { randomUUID } from 'node:crypto';

import type { Execution } from '../../scripts/n8n/client';
import { isFinishedWithData } from '../../scripts/n8n/client';
import { waitFor } from '../../scripts/n8n/process';
import { triggerNode, untilItems } from './helpers/catch-up';
import { describeE2E, e2e } from './helpers/harness';

describeE2E('Print Store Trigger catch-up in the real n8n', () => {
	afterEach(async () => {
		await e2e().sandbox.clearFaults();
		await e2e().sandbox.resetCallbackPolicy();
	});

	test('every order in the store: orders made elsewhere are emitted when a callback names no order', async () => {
		const { client, sandbox, state } = e2e();
		const secret = `catch-up-${randomUUID()}`;
		const trigger = triggerNode({ catchUp: 'storeOrders', options: { callbackSecret: secret } });
		const saved = await client.createWorkflow({ name: 'e2e catch-up: every order', nodes: [trigger], connections: {}, settings: {} });
		await sandbox.clearRequests();
		await client.activateWorkflow(saved.id);
		// The publish reads one page of the list (the store can be read); the first catch-up reads it and records the store as it is.
		const storeList = `/api/v1/store/${state.sandbox.storeId}/order`;
		await waitFor('the first catch-up', async () => ((await sandbox.requests()).filter((request) => request.method === 'GET' && request.path === storeList).length >= 2 ? true : undefined));
		// The first catch-up has read the list; let it record the store before the orders are made.
		await new Promise((resolve) => setTimeout(resolve, 2000));

		const made = await sandbox.ordersElsewhere({ storeId: state.sandbox.storeId, count: 2, toStatusId: 1, referencePrefix: `elsewhere-${randomUUID().slice(0, 8)}-` });
		const [first, second] = made.orders!;
		await sandbox.advance(first.ID, { toStatusId: 2 });
		await sandbox.advance(second.ID, { toStatusId: 3 });
		const address = `${client.webhookUrl(`${trigger.webhookId}/status`)}?secret=${secret}`;
		// A webhook set up in the provider's portal without payload: it names no order.
		const bodiless = await fetch(address, { method: 'GET' });
		expect(bodiless.status).toBe(200);
		const items = await untilItems(saved.id, 5);
		// Oldest first across the orders: both were created, then first moved on, then second.
		expect(items.map((item) => `${String(item.OrderNumber)}:${String(item.StatusDescription)}:${String(item.source)}`)).toEqual([
			`${first.OrderNumber}:Received:catchUp`,
			`${second.OrderNumber}:Received:catchUp`,
			`${first.OrderNumber}:In Production:catchUp`,
			`${second.OrderNumber}:In Production:catchUp`,
			`${second.OrderNumber}:Printed:catchUp`,
		]);

		await client.deactivateWorkflow(saved.id);
	});

	test('a catch-up that cannot read the store whole is a failed execution of the workflow, with both counts', async () => {
		const { client, sandbox } = e2e();
		// A list whose count exceeds its pages: the publish reads one page and passes; the clock's first catch-up reads it all.
		await sandbox.faults({ listTotalCountExtra: 5 });
		const saved = await client.createWorkflow({ name: 'e2e catch-up: list short of its count', nodes: [triggerNode({ catchUp: 'storeOrders' })], connections: {}, settings: {} });
		await client.activateWorkflow(saved.id);
		const message = await failedExecutionMessage(saved.id);
		const counts = /^The catch-up could not read store [^:]+: The order list could not be read to its end: the service reports (\d+) orders, the node could read (\d+)/.exec(message);
		expect(counts).not.toBeNull();
		expect(Number(counts![1])).toBe(Number(counts![2]) + 5);
		await client.deactivateWorkflow(saved.id);
	});
});

/** The error of the workflow's first failed execution, as n8n's REST API gives it. */
async function failedExecutionMessage(workflowId: string, timeoutMs = 120_000): Promise<string> {
	const failed: Execution = await waitFor(
		'a failed execution',
		async () => (await e2e().client.listExecutions(workflowId)).find((execution) => execution.status === 'error' && isFinishedWithData(execution)),
		{ timeoutMs },
	);
	const error = failed.data?.resultData?.error as { message?: string; description?: string } | undefined;
	expect(JSON.stringify(failed)).not.toContain(e2e().state.sandbox.subscriptionKey);
	return String(error?.message ?? '');
}
