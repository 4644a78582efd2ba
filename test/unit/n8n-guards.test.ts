/**
 * Every guard of the door to n8n's undocumented behaviour (nodes/shared/n8nInternals): on n8n's own
 * contexts (n8n-core's ExecuteContext, WebhookContext and HookContext, built as n8n builds them),
 * each entry first works as it is, then the internal it relies on is taken away or changed, as a
 * future n8n might, and the entry stops with the clear error that names its guard, never a wrong
 * result. Three guards are also seen through n8n's engine, as a user would meet them.
 */
import { randomUUID } from 'node:crypto';

import { ExecutionLifecycleHooks, ExecuteContext, HookContext, TriggerContext, WebhookContext } from 'n8n-core';
import type { IDataObject, INode, INodeExecutionData, INodeType, IRunExecutionData, IWorkflowExecuteAdditionalData, WorkflowExecuteMode } from 'n8n-workflow';
import { createRunExecutionData, NodeConnectionTypes, NodeHelpers, Workflow } from 'n8n-workflow';

import {
	checkTriggerActivation,
	executionResumeUrl,
	GUARDS,
	isToolRun,
	leaveOnStack,
	N8nChanged,
	n8nSaysOfExecution,
	n8nSender,
	refuseN8nCustomApiCall,
	deleteStaticData,
	staticDataOf,
	staticWebhookUrl,
	TESTED_ON,
	waitingItems,
	webhookBaseUrl,
	workflowNodes,
	writeStaticData,
} from '../../nodes/shared/n8nInternals';
import { PrintStore } from '../../nodes/PrintStore/PrintStore.node';
import { additionalDataFor, CREDENTIAL_TYPE, nodeTypes, PACKAGE, PRINT_STORE_TOOL_TYPE, PRINT_STORE_TYPE, registerNodeType, runPrintStore, StoredCredentials } from '../helpers/engine';
import { credentialsFor, crmOrderItem, useSandbox } from '../helpers/sandbox';
import { TRIGGER_TYPE } from '../helpers/trigger';

const printStoreNode = (type = PRINT_STORE_TYPE, parameters: IDataObject = { resource: 'order', operation: 'waitForStatus' }): INode => ({
	id: randomUUID(),
	name: 'Print Store',
	type,
	typeVersion: 2,
	position: [0, 0],
	parameters: parameters as never,
	credentials: { [CREDENTIAL_TYPE]: { id: 'cred-1', name: 'Print Store account' } },
});

const triggerNode = (options: IDataObject = {}): INode => ({
	id: randomUUID(),
	name: 'Print Store Trigger',
	type: TRIGGER_TYPE,
	typeVersion: 1.1,
	position: [0, 0],
	webhookId: randomUUID(),
	parameters: { options } as never,
	credentials: { [CREDENTIAL_TYPE]: { id: 'cred-1', name: 'Print Store account' } },
});

function workflowOf(nodes: INode[]) {
	return new Workflow({ id: 'wf-guards', name: 'Guards', nodes, connections: {}, active: true, nodeTypes });
}

function additionalData(executionId = `exec-${randomUUID()}`): IWorkflowExecuteAdditionalData {
	return additionalDataFor(new StoredCredentials(), new ExecutionLifecycleHooks('manual', executionId, {} as never), executionId);
}

/** An execute context of `node`, as n8n's engine makes one, its stack entry holding `items`. */
function executeContext(node: INode, items: INodeExecutionData[] = [{ json: {} }], others: INode[] = []) {
	const workflow = workflowOf([node, ...others]);
	const executeData = { node, data: { main: [items] }, source: null };
	const runExecutionData: IRunExecutionData = createRunExecutionData({ executionData: { nodeExecutionStack: [executeData] } });
	const data = additionalData();
	const ctx = new ExecuteContext(workflow, node, data, 'manual', runExecutionData, 0, items, { main: [items] }, executeData, [], new AbortController().signal);
	return { ctx, workflow, data, executeData };
}

/** Runs `act` and returns the N8nChanged error it throws (failing the test when it throws none). */
function tripped(act: () => unknown): N8nChanged {
	try {
		act();
	} catch (error) {
		expect(error).toBeInstanceOf(N8nChanged);
		return error as N8nChanged;
	}
	throw new Error('the guard did not trip');
}

afterEach(() => jest.restoreAllMocks());

test('a tripped guard names the feature, the guard, the n8n running, the versions tested and what to do', () => {
	const { ctx } = executeContext(printStoreNode());
	const error = tripped(() => refuseN8nCustomApiCall(ctx.getNode(), '__CUSTOM_API_CALL__', 'x'));
	expect(error.guard).toBe('customApiCall');
	expect(error.message).toBe(`Custom API Call does not work on this n8n version: n8n's own Custom API Call was selected on this node (guard "customApiCall")`);
	expect(error.description).toContain(`It was tested on n8n ${TESTED_ON}; this is an n8n with node API level 1`);
	expect(error.description).toContain(GUARDS.customApiCall.instead);
	expect(error.description).toContain('Settings > About n8n');
	expect(error.node?.name).toBe('Print Store');
});

describe('Wait Until Status', () => {
	test('executionStack: the stack entry n8n saves, not a copy of it', () => {
		const items = [{ json: { outcome: 'timedOut' } }];
		const { ctx, executeData } = executeContext(printStoreNode());
		leaveOnStack(ctx, items);
		expect(executeData.data.main[0]).toBe(items);

		const copy = executeContext(printStoreNode());
		jest.spyOn(ExecuteContext.prototype, 'getExecuteData').mockImplementation(function (this: ExecuteContext) {
			return structuredClone(copy.executeData);
		});
		expect(tripped(() => leaveOnStack(copy.ctx, items)).message).toMatch(/gives a copy of the stack entry.*\(guard "executionStack"\)$/);
	});

	test("executionStack: another node's stack entry", () => {
		const { ctx } = executeContext(printStoreNode());
		jest.spyOn(ExecuteContext.prototype, 'getExecuteData').mockReturnValue({ node: { ...printStoreNode(), name: 'Other' }, data: { main: [[]] }, source: null });
		expect(tripped(() => leaveOnStack(ctx, [])).guard).toBe('executionStack');
	});

	test('resumeUrl: an address that does not end in the execution ID', () => {
		const { ctx, data } = executeContext(printStoreNode());
		expect(executionResumeUrl(ctx)).toMatch(new RegExp(`^${data.webhookWaitingBaseUrl}/${data.executionId}\\?signature=\\w+$`));
		// An empty WEBHOOK_URL is a setting, which the wait explains itself: no guard.
		jest.spyOn(ExecuteContext.prototype, 'evaluateExpression').mockReturnValue('');
		expect(executionResumeUrl(ctx)).toBe('');
		jest.spyOn(ExecuteContext.prototype, 'evaluateExpression').mockReturnValue('http://127.0.0.1:5678/webhook-waiting/resume?signature=abc');
		expect(tripped(() => executionResumeUrl(ctx)).message).toMatch(/does not end in the execution ID .*\(guard "resumeUrl"\)$/);
	});

	test('backgroundChecks: a context that cannot send requests after execute() returned', () => {
		const { ctx } = executeContext(printStoreNode());
		expect(typeof n8nSender(ctx, 'backgroundChecks')).toBe('function');
		(ctx as unknown as { helpers: object }).helpers = {};
		expect(tripped(() => n8nSender(ctx, 'backgroundChecks')).guard).toBe('backgroundChecks');
	});

	test('waitingItems: $input.all() in the resume webhook gives the items the waiting node left', () => {
		const node = printStoreNode();
		const left = [{ json: { outcome: 'timedOut', orderId: 'ord_1' } }];
		const webhookData = { httpMethod: 'POST', node: node.name, path: 'print-store-status', webhookDescription: new PrintStore().description.webhooks![0], workflowId: 'wf-guards' } as never;
		const waiting = (items: INodeExecutionData[]) =>
			new WebhookContext(workflowOf([node]), node, additionalData(), 'webhook', webhookData, [], createRunExecutionData({ executionData: { nodeExecutionStack: [{ node, data: { main: [items] }, source: null }] } }));
		expect(waitingItems(waiting(left)).map((item) => item.json)).toEqual(left.map((item) => item.json));
		// n8n reads $input from elsewhere: the node's items are not there.
		expect(tripped(() => waitingItems(waiting([]))).guard).toBe('waitingItems');
		jest.spyOn(WebhookContext.prototype, 'evaluateExpression').mockReturnValue({ json: {} });
		expect(tripped(() => waitingItems(waiting(left))).guard).toBe('waitingItems');
	});

	test("n8nSaysOfExecution: n8n's own answers about an execution, read only when they name it (or, while it runs, its unsaved data or token)", () => {
		const said = (status: number, message: string) => n8nSaysOfExecution({ status, body: { code: status, message } }, '42');
		expect(said(409, 'The execution "42" is running already.')).toBe('running');
		expect(said(500, "Cannot read properties of undefined (reading 'resumeToken')")).toBe('here');
		expect(said(500, "Cannot read properties of undefined (reading 'validateSignature')")).toBe('here');
		expect(n8nSaysOfExecution({ status: 401, body: { error: 'Invalid token' } }, '42')).toBe('here');
		expect(said(409, 'The execution "42 has finished already.')).toBe('gone');
		expect(said(409, 'The execution "42" has finished with error.')).toBe('gone');
		expect(said(404, 'The execution "42" does not exist.')).toBe('gone');
		// Another execution, another server's answer, another error.
		expect([said(409, 'The execution "43" is running already.'), said(404, 'The requested webhook "POST x" is not registered.'), said(500, 'boom'), said(502, 'Bad Gateway')]).toEqual([undefined, undefined, undefined, undefined]);
		expect(n8nSaysOfExecution({ status: 409, body: '<html>' }, '42')).toBeUndefined();
	});

	test('freshRead: the resume webhook can send its probe', () => {
		const node = printStoreNode();
		const webhookData = { httpMethod: 'POST', node: node.name, path: 'print-store-status', webhookDescription: new PrintStore().description.webhooks![0], workflowId: 'wf-guards' } as never;
		const ctx = new WebhookContext(workflowOf([node]), node, additionalData(), 'webhook', webhookData, [], createRunExecutionData());
		expect(typeof n8nSender(ctx, 'freshRead')).toBe('function');
		(ctx as unknown as { helpers: object }).helpers = {};
		expect(tripped(() => n8nSender(ctx, 'freshRead')).guard).toBe('freshRead');
	});
});

describe('Create "From Print Store Trigger in This Workflow"', () => {
	test("workflowNodes: the context holds the workflow's nodes", () => {
		const trigger = triggerNode();
		const { ctx, workflow } = executeContext(printStoreNode(), undefined, [trigger]);
		expect(workflowNodes(ctx).map((node) => node.name)).toEqual(['Print Store', 'Print Store Trigger']);
		workflow.nodes = {};
		expect(tripped(() => workflowNodes(ctx)).guard).toBe('workflowNodes');
		(ctx as unknown as { workflow?: unknown }).workflow = undefined;
		expect(tripped(() => workflowNodes(ctx)).guard).toBe('workflowNodes');
	});

	test('webhookBaseUrl: the context holds the production webhook base', () => {
		const { ctx, data } = executeContext(printStoreNode());
		expect(webhookBaseUrl(ctx)).toBe('http://127.0.0.1:5678/webhook');
		delete (data as Partial<IWorkflowExecuteAdditionalData>).webhookBaseUrl;
		expect(tripped(() => webhookBaseUrl(ctx)).guard).toBe('webhookBaseUrl');
	});

	test("triggerUrl: n8n-workflow's getNodeWebhookUrl is there and answers under the base", () => {
		const trigger = triggerNode();
		const url = staticWebhookUrl('http://127.0.0.1:5678/webhook/', 'wf-guards', trigger, 'status');
		expect(url).toBe(`http://127.0.0.1:5678/webhook/${trigger.webhookId}/status`);
		jest.spyOn(NodeHelpers, 'getNodeWebhookUrl').mockReturnValue(`https://elsewhere.example/${trigger.webhookId}/status`);
		expect(tripped(() => staticWebhookUrl('http://127.0.0.1:5678/webhook', 'wf-guards', trigger, 'status')).guard).toBe('triggerUrl');
		const helpers = NodeHelpers as unknown as Record<string, unknown>;
		const kept = helpers.getNodeWebhookUrl;
		helpers.getNodeWebhookUrl = undefined;
		try {
			expect(tripped(() => staticWebhookUrl('http://127.0.0.1:5678/webhook', 'wf-guards', trigger, 'status')).message).toMatch(/has no NodeHelpers.getNodeWebhookUrl \(guard "triggerUrl"\)$/);
		} finally {
			helpers.getNodeWebhookUrl = kept;
		}
	});
});

describe('Print Store Trigger catch-up', () => {
	test("catchUpClock: the trigger's clock can send requests to n8n's own webhooks", () => {
		const node = triggerNode();
		const ctx = new TriggerContext(workflowOf([node]), node, additionalData(), 'trigger', 'activate');
		expect(typeof n8nSender(ctx, 'catchUpClock')).toBe('function');
		(ctx as unknown as { helpers: object }).helpers = {};
		expect(tripped(() => n8nSender(ctx, 'catchUpClock')).guard).toBe('catchUpClock');
	});
});

describe('Print Store Trigger activation', () => {
	function activation(options: IDataObject = {}, mode: WorkflowExecuteMode = 'trigger') {
		const node = triggerNode(options);
		const workflow = workflowOf([node]);
		const ctx = new HookContext(workflow, node, additionalData(), mode, 'activate', { httpMethod: 'POST', node: node.name, path: 'status', webhookDescription: {} as never, workflowId: 'wf-guards' } as never);
		return { ctx, node, workflow };
	}

	test('as n8n is: every check passes, and the probe leaves no trace in static data', () => {
		const { ctx, workflow } = activation({ acrossProcesses: true });
		checkTriggerActivation(ctx, 'path', true);
		// The node's entry, as n8n makes it for any read, stays empty: n8n saves nothing for it.
		expect(JSON.parse(JSON.stringify(workflow.staticData))).toEqual({ 'node:Print Store Trigger': {} });
		expect((workflow.staticData as { __dataChanged?: boolean }).__dataChanged).toBe(false);
	});

	test('webhookNames: n8n gives no URL for a webhook of its own name (unless the secret goes in the query)', () => {
		const { ctx } = activation();
		const served = HookContext.prototype.getNodeWebhookUrl;
		jest.spyOn(HookContext.prototype, 'getNodeWebhookUrl').mockImplementation(function (this: HookContext, name) {
			return name === 'default' ? served.call(this, name) : undefined;
		});
		expect(tripped(() => checkTriggerActivation(ctx, 'path', false)).message).toMatch(/no URL for the webhook "secretInPath" \(guard "webhookNames"\)$/);
		expect(() => checkTriggerActivation(ctx, 'query', false)).not.toThrow();
	});

	test('triggerUrl: n8n serves the trigger at another URL than Create computes', () => {
		const { ctx, node } = activation();
		const served = HookContext.prototype.getNodeWebhookUrl;
		jest.spyOn(HookContext.prototype, 'getNodeWebhookUrl').mockImplementation(function (this: HookContext, name) {
			return name === 'default' ? `http://127.0.0.1:5678/webhook/wf-guards/${node.webhookId}/status` : served.call(this, name);
		});
		expect(tripped(() => checkTriggerActivation(ctx, 'path', false)).guard).toBe('triggerUrl');
	});

	test('staticDataSave: a write to static data no longer marks it changed', () => {
		const { ctx } = activation({ acrossProcesses: true });
		jest.spyOn(Workflow.prototype, 'getStaticData').mockReturnValue({});
		(ctx as unknown as { workflow: { staticData: IDataObject } }).workflow.staticData = {};
		expect(tripped(() => checkTriggerActivation(ctx, 'path', true)).guard).toBe('staticDataSave');
		// Without the option, nothing relies on it.
		expect(() => checkTriggerActivation(ctx, 'path', false)).not.toThrow();
		(ctx as unknown as { workflow: { staticData?: IDataObject } }).workflow.staticData = undefined;
		expect(tripped(() => checkTriggerActivation(ctx, 'path', true)).message).toMatch(/static data is not where n8n kept it \(guard "staticDataSave"\)$/);
	});
});

describe('Print Store Trigger memory', () => {
	/** A webhook request's context of the trigger, on a workflow of its own (its static data a copy n8n would save). */
	function request() {
		const node = triggerNode({ acrossProcesses: true });
		const workflow = workflowOf([node]);
		const webhookData = { httpMethod: 'POST', node: node.name, path: 'status', webhookDescription: {} as never, workflowId: 'wf-guards' } as never;
		const ctx = new WebhookContext(workflow, node, additionalData(), 'webhook', webhookData, [], createRunExecutionData());
		return { ctx, workflow };
	}

	test("staticDataCopies: a write to a request's copy of the static data marks it changed, so n8n saves it", () => {
		const { ctx, workflow } = request();
		const copy = staticDataOf(ctx);
		writeStaticData(copy, 'memory', { v: 3 });
		expect((workflow.staticData as { __dataChanged?: boolean }).__dataChanged).toBe(true);
		deleteStaticData(copy, 'memory');
		expect(copy.memory).toBeUndefined();
		// A copy n8n did not hand the trigger (the memory's own unit tests) is not checked.
		expect(() => writeStaticData({}, 'memory', { v: 3 })).not.toThrow();
	});

	test('staticDataCopies: n8n hands a copy whose writes it does not notice', () => {
		const { ctx } = request();
		jest.spyOn(Workflow.prototype, 'getStaticData').mockReturnValue({});
		expect(tripped(() => writeStaticData(staticDataOf(ctx), 'memory', { v: 3 })).message).toMatch(/does not mark the workflow's static data changed \(guard "staticDataCopies"\)$/);
	});

	test("staticDataCopies: the workflow's static data is not where n8n kept it", () => {
		const { ctx } = request();
		(ctx as unknown as { workflow: { staticData?: IDataObject } }).workflow.staticData = undefined;
		jest.spyOn(Workflow.prototype, 'getStaticData').mockReturnValue({});
		expect(tripped(() => deleteStaticData(staticDataOf(ctx), 'memory')).message).toMatch(/not where n8n kept it \(guard "staticDataCopies"\)$/);
	});
});

/** A tool variant as a future n8n might name it: an ai_tool output, no "Tool" at the end of its type. */
const UNNAMED_TOOL = `${PACKAGE}.printStoreAgentVariant`;
const unnamedTool = Object.create(new PrintStore()) as INodeType;
unnamedTool.description = { ...new PrintStore().description, name: 'printStoreAgentVariant', outputs: [NodeConnectionTypes.AiTool] };
registerNodeType(UNNAMED_TOOL, unnamedTool);

describe('as an AI tool', () => {

	test('toolVariant: a tool run is known by its name, and an ai_tool output without the name stops the node', () => {
		expect(isToolRun(executeContext(printStoreNode(PRINT_STORE_TOOL_TYPE)).ctx)).toBe(true);
		expect(isToolRun(executeContext(printStoreNode()).ctx)).toBe(false);
		expect(tripped(() => isToolRun(executeContext(printStoreNode(UNNAMED_TOOL)).ctx)).guard).toBe('toolVariant');
	});
});

describe("through n8n's engine, as a user meets them", () => {
	const env = useSandbox();

	test("customApiCall: n8n's own Custom API Call on this node stops before anything is sent", async () => {
		await env.api.clearRequests();
		const result = await runPrintStore({ parameters: { resource: '__CUSTOM_API_CALL__', operation: '__CUSTOM_API_CALL__' }, credentials: await credentialsFor(env.sandbox), typeVersion: 2 });
		expect(result.error?.message).toMatch(/^Custom API Call does not work on this n8n version: .*\(guard "customApiCall"\)$/);
		expect(await env.api.requests()).toEqual([]);
	});

	test('executionStack: Wait Until Status stops instead of waiting with items n8n would not keep', async () => {
		const credentials = await credentialsFor(env.sandbox);
		const created = await runPrintStore({
			parameters: { resource: 'order', operation: 'create', storeId: env.sandbox.storeId, inputMode: 'json', orderItemJson: JSON.stringify(crmOrderItem(1)) },
			credentials,
		});
		const wait = { resource: 'order', operation: 'waitForStatus', storeId: env.sandbox.storeId, orderId: { __rl: true, mode: 'id', value: String(created.json[0].ID) }, waitFor: ['Delivered'], timeLimit: 1, timeLimitUnit: 'hours' };
		const original = ExecuteContext.prototype.getExecuteData;
		jest.spyOn(ExecuteContext.prototype, 'getExecuteData').mockImplementation(function (this: ExecuteContext) {
			return structuredClone(original.call(this));
		});
		const result = await runPrintStore({ parameters: wait, credentials });
		expect(result.error?.message).toMatch(/^Order > Wait Until Status does not work on this n8n version: .*\(guard "executionStack"\)$/);
		expect(result.run.waitTill).toBeUndefined();
	});

	test('toolVariant: a tool run that n8n names otherwise creates nothing', async () => {
		await env.api.clearRequests();
		const result = await runPrintStore({
			parameters: { resource: 'order', operation: 'create', storeId: env.sandbox.storeId, inputMode: 'json', orderItemJson: JSON.stringify(crmOrderItem(1)) },
			credentials: await credentialsFor(env.sandbox),
			typeVersion: 2,
			nodeType: UNNAMED_TOOL,
		});
		expect(result.error?.message).toMatch(/^Print Store as an AI tool .* \(guard "toolVariant"\)$/);
		expect(await env.api.requests()).toEqual([]);
	});
});
