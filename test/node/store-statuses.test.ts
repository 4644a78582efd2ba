/**
 * Statuses of the user's own service. Neither the spec nor the provider lists them, and a service
 * may name them otherwise than the sandbox does (profile own-statuses: Submitted, InProcess,
 * PrintComplete, Dispatched, Fulfilled, Rejected). The pickers of Wait Until Status and the trigger
 * offer what the store's orders and histories show, before the example names; a status picked there
 * ends a wait and filters the trigger, where an example name would not. Through n8n-core's contexts
 * against the sandbox; in a real n8n: test/e2e/store-statuses.test.ts.
 */
import { ExecutionLifecycleHooks, LoadOptionsContext } from 'n8n-core';
import type { IDataObject, INode, INodeParameters, INodePropertyOptions, IWorkflowBase } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { OWN_STATUS_NAMES } from '../../sandbox/domain/profiles';
import { pendingItem, type WaitPlan } from '../../nodes/PrintStore/wait/plan';
import { additionalDataFor, CREDENTIAL_TYPE, nodeTypes, PRINT_STORE_TYPE, runPrintStore, type StoredCredentials } from '../helpers/engine';
import { credentialsFor, crmOrderItem, useSandbox } from '../helpers/sandbox';
import { startTrigger, TRIGGER_TYPE, useTriggerHosts } from '../helpers/trigger';
import { startWaitHost, type WaitHost } from '../helpers/wait';

const env = useSandbox({ profiles: ['own-statuses'] });
const triggerHosts = useTriggerHosts();
const waitHosts: WaitHost[] = [];
afterEach(async () => {
	await Promise.all(waitHosts.splice(0).map((host) => host.close()));
});

/** A node's loadOptions method, as the n8n server calls it when the editor opens the picker. */
async function pickerOptions(type: string, parameters: INodeParameters, credentials: StoredCredentials): Promise<INodePropertyOptions[]> {
	const node: INode = {
		id: 'node-1',
		name: 'Node',
		type,
		typeVersion: type === TRIGGER_TYPE ? 1.1 : 4,
		position: [0, 0],
		parameters,
		credentials: { [CREDENTIAL_TYPE]: { id: 'cred-1', name: 'Print Store account' } },
	};
	const workflow = new Workflow({ id: 'wf-options', name: 'Options', nodes: [node], connections: {}, active: false, nodeTypes });
	const workflowData = { id: 'wf-options', name: 'Options', nodes: [node], connections: {} } as unknown as IWorkflowBase;
	const additionalData = {
		...additionalDataFor(credentials, new ExecutionLifecycleHooks('internal', 'options', workflowData), 'options'),
		currentNodeParameters: parameters,
	};
	const context = new LoadOptionsContext(workflow, node, additionalData, 'parameters.statuses');
	const method = nodeTypes.getByNameAndVersion(type).methods?.loadOptions?.getOrderStatuses;
	if (!method) throw new Error(`${type} has no getOrderStatuses`);
	return await method.call(context);
}

async function createOrders(count: number): Promise<Array<{ id: string; number: string }>> {
	const result = await runPrintStore({
		parameters: { resource: 'order', operation: 'create', storeId: env.sandbox.storeId, inputMode: 'json', orderItemJson: '={{ JSON.stringify($json.order) }}' },
		items: Array.from({ length: count }, (_, index) => ({ order: crmOrderItem(index) })),
		credentials: await credentialsFor(env.sandbox),
	});
	expect(result.error).toBeUndefined();
	return result.json.map((order) => ({ id: String(order.ID), number: String(order.OrderNumber) }));
}

describe('the status pickers', () => {
	test("offer the store's own statuses, by status ID, before the examples it does not use", async () => {
		const [first, second] = await createOrders(2);
		await env.api.advance(first.id, { toStatusId: 5 });
		await env.api.advance(second.id, { fail: true });
		const credentials = await credentialsFor(env.sandbox);
		const forWait = await pickerOptions(PRINT_STORE_TYPE, { resource: 'order', operation: 'waitForStatus', storeId: env.sandbox.storeId }, credentials);
		// Every status the two orders went through, each once, from the list and the histories.
		const own = [1, 2, 3, 4, 5, 9].map((id) => OWN_STATUS_NAMES[id]);
		expect(forWait.slice(0, own.length).map((option) => option.value)).toEqual(own);
		expect(forWait[3]).toEqual({ name: 'Dispatched', value: 'Dispatched', description: "In your store's orders (status ID 4)" });
		// The examples follow, said to be examples.
		expect(forWait.slice(own.length).map((option) => option.value)).toEqual(['Received', 'In Production', 'Printed', 'Shipped', 'Delivered', 'Failed', 'Cancelled']);
		expect(forWait.at(-1)?.description).toMatch(/^An example name, not seen in your store/);

		// The trigger without a Store ID reads the account's stores.
		const forTrigger = await pickerOptions(TRIGGER_TYPE, { events: ['status'] }, credentials);
		expect(forTrigger.map((option) => option.value)).toEqual(forWait.map((option) => option.value));
	});

	test('a status the store shows under a default name appears once, as the store spells it', async () => {
		await env.api.setProfiles([]);
		const [order] = await createOrders(1);
		await env.api.advance(order.id, { toStatusId: 4 });
		const options = await pickerOptions(PRINT_STORE_TYPE, { storeId: { __rl: true, mode: 'id', value: env.sandbox.storeId } }, await credentialsFor(env.sandbox));
		expect(options.map((option) => option.value)).toEqual(['Received', 'In Production', 'Printed', 'Shipped', 'Delivered', 'Failed', 'Cancelled']);
		expect(options.slice(0, 4).every((option) => String(option.description).startsWith("In your store's orders"))).toBe(true);
	});

	test('without a usable credential the examples are still offered', async () => {
		const credentials = await credentialsFor(env.sandbox, undefined, { subscriptionKey: 'wrong' });
		const options = await pickerOptions(PRINT_STORE_TYPE, { storeId: env.sandbox.storeId }, credentials);
		expect(options.map((option) => option.value)).toEqual(['Received', 'In Production', 'Printed', 'Shipped', 'Delivered', 'Failed', 'Cancelled']);
	});
});

describe("a status picked from the store's", () => {
	const planFor = (order: string, waitFor: string[]): WaitPlan => ({
		storeId: env.sandbox.storeId,
		order,
		orderBy: 'id',
		waitFor,
		failOn: ['Rejected'],
		timeLimit: new Date(Date.now() + 3_600_000).toISOString(),
	});

	test('ends a wait; the example name of the same status would not', async () => {
		const [order] = await createOrders(1);
		await env.api.advance(order.id, { toStatusId: 5 });
		const credentials = await credentialsFor(env.sandbox);
		const picked = await startWaitHost({ pending: [pendingItem(planFor(order.id, ['Fulfilled']), [], 0)], credentials });
		const example = await startWaitHost({ pending: [pendingItem(planFor(order.id, ['Delivered']), [], 0)], credentials });
		waitHosts.push(picked, example);
		const ended = await picked.check();
		expect(ended.resumedWith?.[0].json).toMatchObject({ outcome: 'reached', status: { StatusID: 5, StatusDescription: 'Fulfilled' } });
		const notEnded = await example.check();
		expect(notEnded.answer).toMatchObject({ resumed: false });
	});

	test('filters the trigger', async () => {
		const [shipped, printed] = await createOrders(2);
		const host = await startTrigger({ parameters: { statuses: ['Dispatched'], enrichStoreId: env.sandbox.storeId }, credentials: await credentialsFor(env.sandbox) });
		triggerHosts.push(host);
		await host.activate();
		await env.api.advance(shipped.id, { toStatusId: 4 });
		await env.api.advance(printed.id, { toStatusId: 3 });
		const get = (order: string) => host.send(`${host.pathUrl('status')}/${host.secret()}?OrderID=${order}`, 'GET');
		expect((await get(shipped.id)).emitted).toEqual([expect.objectContaining({ StatusDescription: 'Dispatched' }) as IDataObject]);
		expect((await get(printed.id)).answer).toMatchObject({ emitted: 0, filtered: 1 });
	});
});
