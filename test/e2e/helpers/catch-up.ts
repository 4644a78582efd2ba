/**
 * What the end-to-end files that watch the Print Store Trigger's catch-up share (catch-up.test.ts,
 * out-of-reach.test.ts): a trigger node, a published workflow whose Create gives the trigger the
 * orders' callbacks, the trigger's items as n8n recorded them, and the sandbox's callbacks settling.
 */
import { randomUUID } from 'node:crypto';

import type { WorkflowNode } from '../../../scripts/n8n/client';
import { isFinishedWithData } from '../../../scripts/n8n/client';
import { nodeOutput } from '../../../scripts/n8n/executions';
import { waitFor } from '../../../scripts/n8n/process';
import { CREDENTIAL_TYPE, PACKAGE_NODE_PREFIX, printStoreTestWorkflow, type CredentialRef } from '../../../scripts/n8n/workflows';
import { e2e } from './harness';

export const TRIGGER = 'Print Store Trigger';
const TRIGGER_TYPE = `${PACKAGE_NODE_PREFIX}printStoreTrigger`;

type Json = Record<string, unknown>;

/** A Print Store Trigger (version 2.1) for status events of the sandbox's store, with the stack's credential unless another is given. */
export function triggerNode(parameters: Json, credential: CredentialRef = e2e().state.credential): WorkflowNode {
	return {
		id: randomUUID(),
		name: TRIGGER,
		type: TRIGGER_TYPE,
		typeVersion: 2.1,
		position: [0, 300],
		webhookId: randomUUID(),
		parameters: { events: ['status'], enrichStoreId: e2e().state.sandbox.storeId, options: {}, ...parameters },
		credentials: { [CREDENTIAL_TYPE]: credential },
	};
}

const order = (reference: string) => ({
	order: {
		Product: { ID: 'postcard-4x6', Quantity: 50 },
		Recipient: { NameFirst: 'Catch', NameLast: 'Up', AddressLine1: '1 Callback Road', City: 'Springfield', Country: 'US' },
		PartnerOrderReference: reference,
	},
});

/** A published workflow with the trigger and Create (its callbacks from the trigger), run once: the orders it created. */
export async function publishAndCreate(name: string, references: string[], credential: CredentialRef = e2e().state.credential) {
	const { client, state } = e2e();
	const built = printStoreTestWorkflow({
		name,
		credential,
		items: references.map(order),
		nodeName: 'Create orders',
		parameters: { resource: 'order', operation: 'create', storeId: state.sandbox.storeId, inputMode: 'json', orderItemJson: '={{ JSON.stringify($json.order) }}', statusCallbacks: 'trigger' },
	});
	built.workflow.nodes.push(triggerNode({}, credential));
	const saved = await client.createWorkflow(built.workflow);
	await client.activateWorkflow(saved.id);
	const run = await client.runManually(saved.id, built.triggerName);
	expect(run.status).toBe('success');
	return { saved, orders: nodeOutput(run, built.nodeName) };
}

/** The trigger's items of the workflow's finished webhook executions, oldest execution first. */
async function triggerItems(workflowId: string): Promise<Json[]> {
	const executions = (await e2e().client.listExecutions(workflowId)).filter((execution) => execution.mode === 'webhook' && isFinishedWithData(execution));
	return executions.reverse().flatMap((execution) => nodeOutput(execution, TRIGGER));
}

/** The trigger's items once there are at least `count`. */
export async function untilItems(workflowId: string, count: number): Promise<Json[]> {
	return await waitFor(
		`${count} trigger items`,
		async () => {
			const items = await triggerItems(workflowId);
			return items.length >= count ? items : undefined;
		},
		{ timeoutMs: 120_000 },
	);
}

/** Waits until the service has given up (or delivered) `records` callbacks of these orders, on every URL it has, or on the URL of one `kind`. */
export async function callbacksSettled(orderIds: string[], records: number, kind?: 'status' | 'details'): Promise<void> {
	const { sandbox } = e2e();
	await waitFor(`${records} callbacks${kind ? ` (${kind})` : ''} given up or delivered`, async () => {
		const settled = (await sandbox.callbacks()).filter(
			(entry) => orderIds.includes(String(entry.orderId)) && (kind === undefined || entry.kind === kind) && (entry.outcome === 'gave-up' || entry.outcome === 'delivered'),
		);
		return settled.length >= records ? true : undefined;
	});
}

/** An order's events as `status/source`, in the order the workflow received them. */
export const statusesOf = (items: Json[], orderId: unknown) =>
	items.filter((item) => item.OrderID === orderId).map((item) => `${String(item.StatusDescription)}/${String(item.source)}`);
