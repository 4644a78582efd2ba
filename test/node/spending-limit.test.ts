/**
 * Create's spending limit, Options > Max Orders per Execution, through n8n's engine against the
 * sandbox: in every way of giving orders (fields, JSON, input items, as an AI tool), a run at the
 * limit creates every order and a run one over it creates none, with Continue On Fail off (the node
 * stops) and on (one error item per input item). The count spans the execution: a second Create
 * run in the same execution (another node, or the same node again in a loop) counts what the first
 * created, and a loop sends each round's orders once.
 */
import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import type { IDataObject, IExecuteFunctions, INode, INodeExecutionData, INodeType, IRun } from 'n8n-workflow';
import { createRunExecutionData, NodeConnectionTypes, Workflow } from 'n8n-workflow';

import { additionalDataFor, CREDENTIAL_TYPE, nodeTypes, PRINT_STORE_TYPE, registerNodeType, runPrintStore, type StoredCredentials } from '../helpers/engine';
import { credentialsFor, crmOrderItem, useSandbox } from '../helpers/sandbox';

const env = useSandbox();
const LIMIT = 3;

type Mode = 'fields' | 'json' | 'inputItem' | 'tool';

/** Create's parameters for `orders` orders in each mode, the limit set, and the input items it takes. */
function createRun(mode: Mode, orders: number) {
	const options = { maxOrdersPerExecution: LIMIT };
	const base = { resource: 'order', operation: 'create', storeId: env.sandbox.storeId, options };
	const records = Array.from({ length: orders }, (_, index) => crmOrderItem(index));
	switch (mode) {
		case 'fields':
			return {
				parameters: { ...base, inputMode: 'fields', productId: 'postcard-4x6', quantity: '={{ $json.quantity }}', recipient: { NameFirst: '={{ $json.name }}', AddressLine1: '1 Way', City: 'London' } },
				items: records.map((_, index) => ({ quantity: index + 1, name: `Customer${index}` })),
			};
		case 'json':
			return { parameters: { ...base, inputMode: 'json', orderItemJson: '={{ JSON.stringify($json.order) }}' }, items: records.map((order) => ({ order })) };
		case 'inputItem':
			return { parameters: { ...base, inputMode: 'inputItem', itemShape: 'apiShape' }, items: records };
		case 'tool':
			// One call with a list; the tool's own cap per call is set above the limit, so the limit decides.
			return { parameters: { ...base, inputMode: 'json', orderItemJson: JSON.stringify(records), toolMaxOrders: 50 }, items: [{}], tool: true };
	}
}

const createdCount = async () => (await env.api.counts()).total;
const createRequests = async () => (await env.api.requests()).filter((entry) => entry.method === 'POST' && entry.path.endsWith('/order'));

describe.each<Mode>(['fields', 'json', 'inputItem', 'tool'])('%s', (mode) => {
	test(`at the limit (${LIMIT} orders): every order is created`, async () => {
		const run = createRun(mode, LIMIT);
		const result = await runPrintStore({ ...run, credentials: await credentialsFor(env.sandbox), typeVersion: 2 });
		expect(result.error).toBeUndefined();
		expect(result.json.map((order) => typeof order.OrderNumber)).toEqual(Array(LIMIT).fill('string'));
		expect(await createdCount()).toBe(LIMIT);
	});

	test.each([false, true])('one over the limit, Continue On Fail %s: nothing is created, and the error says the count, the limit and where to change it', async (continueOnFail) => {
		const run = createRun(mode, LIMIT + 1);
		const result = await runPrintStore({ ...run, credentials: await credentialsFor(env.sandbox), typeVersion: 2, continueOnFail });
		const message = `This run would create ${LIMIT + 1} order(s), more than "Max Orders per Execution" allows (${LIMIT}). No order was created.`;
		if (continueOnFail) {
			// One error item per order asked for (as an AI tool, per order of the call's list, all paired with the call).
			expect(result.error).toBeUndefined();
			expect(result.json).toEqual(Array.from({ length: LIMIT + 1 }, () => ({ error: message, description: expect.stringContaining('raise Options > Max Orders per Execution') })));
			expect(result.items.map((item) => item.pairedItem)).toEqual(Array.from({ length: LIMIT + 1 }, (_, item) => ({ item: mode === 'tool' ? 0 : item })));
		} else {
			expect(result.error?.message).toContain(message);
			expect(result.error?.description ?? result.error?.message).toContain('raise Options > Max Orders per Execution on this node');
		}
		expect(await createRequests()).toEqual([]);
		expect(await createdCount()).toBe(0);
	});
});

test('without the option nothing is limited (saved workflows are unchanged)', async () => {
	const run = createRun('json', LIMIT + 2);
	const result = await runPrintStore({ ...run, parameters: { ...run.parameters, options: {} }, credentials: await credentialsFor(env.sandbox) });
	expect(result.error).toBeUndefined();
	expect(await createdCount()).toBe(LIMIT + 2);
});

test('a limit that is no whole number of at least 1 stops the run before anything is sent', async () => {
	const run = createRun('json', 1);
	const result = await runPrintStore({ ...run, parameters: { ...run.parameters, options: { maxOrdersPerExecution: 0 } }, credentials: await credentialsFor(env.sandbox) });
	expect(result.error?.message).toBe('Invalid "Options.Max Orders per Execution" in item 0: must be a whole number from 1 to 1000000, got 0');
	expect(await createRequests()).toEqual([]);
});

/** Two Create nodes one after the other in one execution, each with the limit: A creates `orders`, then B one more per order A created. */
async function twoCreatesInOneExecution(credentials: StoredCredentials, orders: number): Promise<IRun> {
	const create = (name: string, x: number): INode => ({
		id: name,
		name,
		type: PRINT_STORE_TYPE,
		typeVersion: 2,
		position: [x, 0],
		parameters: { ...createRun('json', 1).parameters, orderItemJson: '={{ JSON.stringify($json.order ?? $json.next) }}' } as never,
		credentials: { [CREDENTIAL_TYPE]: { id: 'cred-1', name: 'Print Store account' } },
	});
	const a = create('Create A', 0);
	const b = create('Create B', 200);
	// Create B gets one input item per order A created, each carrying an order of its own.
	b.parameters.orderItemJson = `={{ JSON.stringify(${JSON.stringify(Array.from({ length: orders }, (_, index) => crmOrderItem(100 + index)))}[$itemIndex]) }}`;
	const workflow = new Workflow({ id: 'wf-limit', name: 'Limit', nodes: [a, b], connections: { 'Create A': { main: [[{ node: 'Create B', type: 'main', index: 0 }]] } }, active: false, nodeTypes });
	const executionId = `exec-limit-${Date.now()}`;
	const hooks = new ExecutionLifecycleHooks('manual', executionId, { id: 'wf-limit', name: 'Limit', nodes: [a, b], connections: {} } as never);
	const finished = new Promise<IRun>((resolve) => hooks.addHandler('workflowExecuteAfter', (run) => resolve(run)));
	const input = Array.from({ length: orders }, (_, index) => ({ json: { order: crmOrderItem(index) } as IDataObject }));
	const data = createRunExecutionData({ executionData: { nodeExecutionStack: [{ node: a, data: { main: [input] }, source: null }] } });
	await new WorkflowExecute(additionalDataFor(credentials, hooks, executionId), 'manual', data).processRunExecutionData(workflow);
	return await finished;
}

test('the count spans the execution: a second Create run that would go over creates nothing', async () => {
	const credentials = await credentialsFor(env.sandbox);
	// A creates 2 of the 3; B is given 2 more (one over) and creates none.
	const over = await twoCreatesInOneExecution(credentials, 2);
	expect(over.data.resultData.runData['Create A'][0].data?.main[0]).toHaveLength(2);
	expect(over.data.resultData.runData['Create B'][0].error?.message).toBe(
		'This run would create 2 order(s) and this execution has created 2 already, more than "Max Orders per Execution" allows (3). No order was created.',
	);
	expect(await createdCount()).toBe(2);
	// A new execution starts from 0: A's 1 and B's 1 fit.
	const within = await twoCreatesInOneExecution(credentials, 1);
	expect(within.data.resultData.error).toBeUndefined();
	expect(within.data.resultData.runData['Create B'][0].data?.main[0]).toHaveLength(1);
	expect(await createdCount()).toBe(4);
});

/**
 * A loop as n8n's Loop Over Items makes one: the first time it runs it sends its items back (output
 * "again"), the second time on (output "done"). It keeps its round in n8n's node context, which n8n
 * keeps with the execution.
 */
const LOOP_TYPE = 'test.loopTwice';
const loopTwice: INodeType = {
	description: {
		displayName: 'Loop Twice',
		name: 'loopTwice',
		group: ['transform'],
		version: 1,
		description: 'Sends its items back once',
		defaults: { name: 'Loop Twice' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main, NodeConnectionTypes.Main],
		outputNames: ['again', 'done'],
		properties: [],
	},
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const context = this.getContext('node');
		context.round = Number(context.round ?? 0) + 1;
		// Each round's items carry the next round's orders, numbered on from the last.
		const items = this.getInputData().map((item, index) => ({ json: { order: crmOrderItem(10 * Number(context.round) + index), created: item.json.OrderNumber } }));
		return Number(context.round) === 1 ? [items, []] : [[], items];
	},
};
registerNodeType(LOOP_TYPE, loopTwice);

/** One Create node run twice in one execution by a loop (Create -> Loop Twice -> Create), two orders a round. */
async function sameCreateTwice(credentials: StoredCredentials, limit: number): Promise<IRun> {
	const create: INode = {
		id: 'create',
		name: 'Create',
		type: PRINT_STORE_TYPE,
		typeVersion: 2,
		position: [0, 0],
		parameters: { ...createRun('json', 1).parameters, options: { maxOrdersPerExecution: limit }, orderItemJson: '={{ JSON.stringify($json.order) }}' } as never,
		credentials: { [CREDENTIAL_TYPE]: { id: 'cred-1', name: 'Print Store account' } },
	};
	const loop: INode = { id: 'loop', name: 'Loop Twice', type: LOOP_TYPE, typeVersion: 1, position: [200, 0], parameters: {} };
	const connections = {
		Create: { main: [[{ node: 'Loop Twice', type: NodeConnectionTypes.Main, index: 0 }]] },
		'Loop Twice': { main: [[{ node: 'Create', type: NodeConnectionTypes.Main, index: 0 }], []] },
	};
	const workflow = new Workflow({ id: 'wf-loop', name: 'Loop', nodes: [create, loop], connections, active: false, nodeTypes });
	const executionId = `exec-loop-${Date.now()}`;
	const hooks = new ExecutionLifecycleHooks('manual', executionId, { id: 'wf-loop', name: 'Loop', nodes: [create, loop], connections: {} } as never);
	const finished = new Promise<IRun>((resolve) => hooks.addHandler('workflowExecuteAfter', (run) => resolve(run)));
	const input = [0, 1].map((index) => ({ json: { order: crmOrderItem(index) } as IDataObject }));
	const data = createRunExecutionData({ executionData: { nodeExecutionStack: [{ node: create, data: { main: [input] }, source: null }] } });
	await new WorkflowExecute(additionalDataFor(credentials, hooks, executionId), 'manual', data).processRunExecutionData(workflow);
	return await finished;
}

describe('the same Create run twice in one execution by a loop', () => {
	test("each round's orders are sent once, and the second round's output pairs with its own input", async () => {
		const run = await sameCreateTwice(await credentialsFor(env.sandbox), 10);
		expect(run.data.resultData.error).toBeUndefined();
		const rounds = run.data.resultData.runData.Create.map((task) => task.data?.main[0]?.map((item) => item.json.PartnerOrderReference));
		const references = (index: number) => crmOrderItem(index).PartnerOrderReference;
		expect(rounds).toEqual([
			[references(0), references(1)],
			[references(10), references(11)],
		]);
		expect(run.data.resultData.runData.Create[1].data?.main[0]?.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		// Two requests, one a round, and four orders: nothing sent twice.
		expect((await createRequests()).map((entry) => (entry.body as { Items: IDataObject[] }).Items.map((item) => item.PartnerOrderReference))).toEqual(rounds);
		expect(await createdCount()).toBe(4);
	});

	test('the second round counts the first: over the limit, it creates nothing and says how many the execution made', async () => {
		const run = await sameCreateTwice(await credentialsFor(env.sandbox), 3);
		expect(run.data.resultData.runData.Create[0].data?.main[0]).toHaveLength(2);
		expect(run.data.resultData.runData.Create[1].error?.message).toBe(
			'This run would create 2 order(s) and this execution has created 2 already, more than "Max Orders per Execution" allows (3). No order was created.',
		);
		expect(await createdCount()).toBe(2);
	});
});
