/**
 * Statuses of the user's own service, in a real n8n, against the sandbox's profile own-statuses
 * (Submitted, InProcess, PrintComplete, Dispatched, Fulfilled, Rejected: none of the example names).
 * The editor's pickers (n8n's dynamic-node-parameters endpoint, as the editor calls it) offer the
 * store's statuses; the one picked ends a wait on the sandbox's callbacks, and filters the trigger.
 */
import { randomUUID } from 'node:crypto';

import type { Execution, WorkflowNode } from '../../scripts/n8n/client';
import { nodeOutput } from '../../scripts/n8n/executions';
import { CREDENTIAL_TYPE, PACKAGE_NODE_PREFIX, PRINT_STORE_TYPE } from '../../scripts/n8n/workflows';
import { describeE2E, e2e, expectSuccess, runPrintStore, startCreateThenWait, untilExecutionWaits } from './helpers/harness';

type Json = Record<string, unknown>;
const TRIGGER = 'Print Store Trigger';
const TRIGGER_TYPE = `${PACKAGE_NODE_PREFIX}printStoreTrigger`;

const orderItem = (reference: string) => ({
	Product: { ID: 'postcard-4x6', Quantity: 25 },
	Recipient: { NameFirst: 'Own', NameLast: 'Statuses', AddressLine1: '1 Naming Way', City: 'Springfield', Country: 'US' },
	PartnerOrderReference: reference,
});

/** The options n8n's editor gets for a node's status picker. */
async function pickerOptions(type: string, version: number, path: string, parameters: Json): Promise<Array<{ name: string; value: string; description?: string }>> {
	const { client, state } = e2e();
	return await client.rest('POST', '/dynamic-node-parameters/options', {
		nodeTypeAndVersion: { name: type, version },
		path,
		methodName: 'getOrderStatuses',
		currentNodeParameters: parameters,
		credentials: { [CREDENTIAL_TYPE]: state.credential },
	});
}

describeE2E("the store's own statuses in a real n8n", () => {
	beforeAll(async () => {
		await e2e().sandbox.setProfiles(['own-statuses']);
	});
	afterAll(async () => {
		await e2e().sandbox.setProfiles([]);
	});

	test('the pickers offer what the store shows; the status picked ends a wait on the callbacks and filters the trigger', async () => {
		const { client, sandbox, state } = e2e();
		// An order that went all the way, so the store shows every status of its lifecycle.
		const seed = await runPrintStore({
			title: 'an order of the own-statuses store',
			parameters: { resource: 'order', operation: 'create', storeId: state.sandbox.storeId, inputMode: 'json', orderItemJson: JSON.stringify(orderItem(`own-${randomUUID().slice(0, 6)}`)) },
		});
		expectSuccess(seed);
		await sandbox.advance(String(seed.json[0].ID), { toStatusId: 5 });

		const forWait = await pickerOptions(PRINT_STORE_TYPE, 1, 'parameters.waitFor', { resource: 'order', operation: 'waitForStatus', storeId: state.sandbox.storeId });
		const forTrigger = await pickerOptions(TRIGGER_TYPE, 1.1, 'parameters.statuses', { events: ['status'], enrichStoreId: state.sandbox.storeId });
		for (const options of [forWait, forTrigger]) {
			expect(options.slice(0, 5).map((option) => option.value)).toEqual(['Submitted', 'InProcess', 'PrintComplete', 'Dispatched', 'Fulfilled']);
			expect(options.find((option) => option.value === 'Delivered')?.description).toMatch(/^An example name/);
		}
		const fulfilled = forWait.find((option) => option.name === 'Fulfilled')!.value;
		const dispatched = forTrigger.find((option) => option.name === 'Dispatched')!.value;

		// Create (callbacks to the trigger and to this execution's resume address: the trigger in
		// another workflow, as a user would set it up) then Wait Until Status for the picked status.
		const secret = `fixed-${randomUUID()}`;
		const trigger: WorkflowNode = {
			id: randomUUID(),
			name: TRIGGER,
			type: TRIGGER_TYPE,
			typeVersion: 1.1,
			position: [0, 0],
			webhookId: randomUUID(),
			parameters: { events: ['status'], statuses: [dispatched], enrichStoreId: state.sandbox.storeId, options: { callbackSecret: secret } },
			credentials: { [CREDENTIAL_TYPE]: state.credential },
		};
		const listener = await client.createWorkflow({ name: 'e2e: own statuses, trigger', nodes: [trigger], connections: {}, settings: { executionOrder: 'v1' } });
		await client.activateWorkflow(listener.id);
		try {
			const { executionId } = await startCreateThenWait({
				name: 'e2e: own statuses, wait',
				credential: state.credential,
				storeId: state.sandbox.storeId,
				items: [{ order: orderItem(`own-wait-${randomUUID().slice(0, 6)}`) }],
				wait: { waitFor: [fulfilled], failOn: ['Rejected'], checkEvery: 1, checkEveryUnit: 'hours' },
				createNode: 'Create',
				waitNode: 'Wait',
			});
			const waiting = await untilExecutionWaits(executionId);
			const [created] = nodeOutput(waiting, 'Create');
			const id = String(created.ID);

			// The trigger hears of this order's statuses through GETs naming it (its statuses read from the API).
			const hear = async () => await (await fetch(`${client.webhookUrl(`${String(trigger.webhookId)}/status`)}?secret=${secret}&OrderID=${id}`)).json();
			await sandbox.advance(id, { toStatusId: 3 });
			expect(await hear()).toMatchObject({ emitted: 0, filtered: 1 });
			await sandbox.advance(id, { toStatusId: 4 });
			expect(await hear()).toMatchObject({ emitted: 1 });
			// Dispatched is not what the wait waits for: the sandbox's callbacks so far resumed nothing.
			expect((await client.getExecution(executionId)).status).toBe('waiting');

			await sandbox.advance(id, { toStatusId: 5 });
			expect(await hear()).toMatchObject({ emitted: 0, filtered: 1 });
			const execution = await client.waitForExecution(executionId, 120_000);
			expect(execution.status).toBe('success');
			expect(nodeOutput(execution, 'Wait')).toEqual([
				expect.objectContaining({ orderId: id, outcome: 'reached', resumedBy: 'callback', waitedFor: ['Fulfilled'], status: expect.objectContaining({ StatusDescription: 'Fulfilled' }) }),
			]);

			const started = (await client.waitForExecutions(listener.id, 1)).filter((run: Execution) => run.mode === 'webhook');
			expect(started.flatMap((run) => nodeOutput(run, TRIGGER)).map((item) => [item.OrderID, item.StatusDescription])).toEqual([[id, 'Dispatched']]);
		} finally {
			await client.deactivateWorkflow(listener.id);
		}
	}, 300_000);
});
