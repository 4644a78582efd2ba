/**
 * The resume webhook of Order > Wait Until Status outside the n8n server, through n8n-core's own
 * WebhookContext: an execution waiting at a Print Store node (its pending items on the stack, as
 * the node left them), and a small HTTP server that calls the node's webhook() the way n8n's
 * waiting-webhook route does, answering with what it returns. Each host is one execution.
 */
import { randomUUID } from 'node:crypto';

import { ExecutionLifecycleHooks, WebhookContext } from 'n8n-core';
import type { IDataObject, INode, INodeExecutionData, IWebhookData, IWebhookDescription, IWebhookResponseData } from 'n8n-workflow';
import { createRunExecutionData, Workflow } from 'n8n-workflow';

import { PrintStore } from '../../nodes/PrintStore/PrintStore.node';
import { additionalDataFor, CREDENTIAL_TYPE, nodeTypes, PRINT_STORE_TYPE, type StoredCredentials } from './engine';
import { serveLikeN8n } from './webhook-server';
import { derivedWaitSecret, type CredentialKeys } from './secrets';
import { SELF_CALL_HEADER, signSelfCall } from '../../nodes/shared/selfCalls/signing';

const printStore = new PrintStore();

function keysOf(credentials: StoredCredentials): CredentialKeys {
	const data = credentials.get('cred-1') ?? {};
	return { subscriptionKey: data.subscriptionKey, clientSecret: data.clientSecret };
}

export interface ResumeCall {
	status: number;
	answer: IDataObject | null;
	/** The items the execution resumed with, when this call resumed it. */
	resumedWith?: INodeExecutionData[];
}

export interface WaitHost {
	executionId: string;
	/** `<base>/webhook-waiting/<execution ID>/print-store-status`, without any query. */
	address: string;
	post(query: string, body: unknown): Promise<ResumeCall>;
	/** Calls the address with any method, with a body (JSON) or none. */
	send(query: string, method: string, body?: unknown, headers?: Record<string, string>): Promise<ResumeCall>;
	/** One of the node's own checks, as wait/checks.ts sends it: signed with the wait's secret (or `secret`), no query. */
	check(options?: { failures?: IDataObject; secret?: string; time?: number }): Promise<ResumeCall>;
	/**
	 * The same execution, now waiting at a later wait (the node given, by default the same one: a
	 * second round of a loop, or after a restart) with these items on its stack.
	 */
	waitAgain(pending: INodeExecutionData[], nodeName?: string): void;
	/**
	 * The next call gets the execution as it is now, although the execution then moves on (the
	 * `waitAgain` given is where it goes): a copy n8n loaded for that call just before another process
	 * resumed the wait. Calls after it, the node's own probe among them, see where it went.
	 */
	loadThenMoveOn(pending: INodeExecutionData[], nodeName?: string): void;
	close(): Promise<void>;
}

export async function startWaitHost(options: { pending: INodeExecutionData[]; credentials: StoredCredentials; parameters?: IDataObject }): Promise<WaitHost> {
	let pending = options.pending;
	let node: INode = {
		id: randomUUID(),
		name: 'Wait Until Status',
		type: PRINT_STORE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: { resource: 'order', operation: 'waitForStatus', ...options.parameters },
		credentials: { [CREDENTIAL_TYPE]: { id: 'cred-1', name: 'Print Store account' } },
	};
	const later: INode = { ...node, id: randomUUID(), name: 'Wait Until Delivered' };
	const workflow = new Workflow({ id: 'wf-wait', name: 'Wait test', nodes: [node, later], connections: {}, active: false, nodeTypes });
	const executionId = `wait-${randomUUID()}`;
	const hooks = new ExecutionLifecycleHooks('manual', executionId, { id: 'wf-wait', name: 'Wait test', nodes: [node], connections: {} } as never);

	const { server, base } = await serveLikeN8n(async ({ url, response, res, request }) => {
		// n8n registers the waiting webhook once per method of its comma-separated httpMethod.
		const methods = String(description.httpMethod).split(',').map((name) => name.trim());
		if (`${base}${url.pathname}` !== address || !methods.includes(String(request({}).method))) {
			res.status(404).json({ message: 'No waiting webhook at this path' });
			return;
		}
		// A fresh copy of the waiting execution for every call, as n8n loads it from the database.
		const loaded = { node, pending };
		if (moveOn) {
			[node, pending] = [moveOn.node, moveOn.pending];
			moveOn = undefined;
		}
		const runExecutionData = createRunExecutionData({
			executionData: { nodeExecutionStack: [{ node: loaded.node, data: { main: [structuredClone(loaded.pending)] }, source: null }] },
		});
		const context = new WebhookContext(
			workflow,
			loaded.node,
			{ ...additionalData, httpRequest: request({}) as never, httpResponse: res as never },
			'manual',
			webhookData,
			[],
			runExecutionData,
		);
		const id = randomUUID();
		response.setHeader('x-call', id);
		// webhook() must never throw: n8n would resume the execution with its data wiped (a 500 here).
		const result: IWebhookResponseData = await printStore.webhook.call(context);
		if (result.workflowData) resumed.set(id, result.workflowData[0]);
		if (!result.noWebhookResponse) res.status(200).json(result.webhookResponse ?? {});
	});

	const additionalData = { ...additionalDataFor(options.credentials, hooks, executionId), webhookWaitingBaseUrl: `${base}/webhook-waiting` };
	const description = (printStore.description.webhooks as IWebhookDescription[])[0];
	const webhookData = {
		httpMethod: 'POST',
		node: node.name,
		path: String(description.path),
		webhookDescription: description,
		workflowId: 'wf-wait',
		workflowExecuteAdditionalData: additionalData,
	} as IWebhookData;
	const address = `${base}/webhook-waiting/${executionId}/${String(description.path)}`;

	const resumed = new Map<string, INodeExecutionData[]>();
	let moveOn: { node: INode; pending: INodeExecutionData[] } | undefined;
	const nodeNamed = (nodeName: string | undefined) => {
		if (nodeName === undefined) return node;
		const found = workflow.getNode(nodeName);
		if (!found) throw new Error(`No node "${nodeName}" in the wait test workflow`);
		return found;
	};
	const send = async (query: string, method: string, body?: unknown, headers: Record<string, string> = {}): Promise<ResumeCall> => {
		const response = await fetch(`${address}${query}`, {
			method,
			...(body !== undefined ? { headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) } : { headers }),
		});
		const answer = (await response.json().catch(() => null)) as IDataObject | null;
		return { status: response.status, answer, resumedWith: resumed.get(response.headers.get('x-call') ?? '') };
	};
	return {
		executionId,
		address,
		post: async (query, body) => await send(query, 'POST', body),
		send,
		check: async ({ failures, secret, time } = {}) => {
			const about = ['wait', executionId, 'check', JSON.stringify(failures ?? null)];
			const signed = signSelfCall(secret ?? derivedWaitSecret(keysOf(options.credentials), executionId), about, time);
			return await send('', 'POST', { printStoreCheck: true, ...(failures ? { failures } : {}) }, { [SELF_CALL_HEADER]: signed.header });
		},
		waitAgain(items, nodeName) {
			node = nodeNamed(nodeName);
			pending = items;
		},
		loadThenMoveOn(items, nodeName) {
			moveOn = { node: nodeNamed(nodeName), pending: items };
		},
		async close() {
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
