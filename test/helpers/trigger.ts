/**
 * The Print Store Trigger outside the n8n server, through n8n-core's own contexts: HookContext runs
 * its activation and deactivation, WebhookContext each callback. Callbacks are real HTTP requests to
 * a small server that does what n8n's webhook server does before calling a trigger (parse the body,
 * keep the raw bytes and the query) and sends the trigger's answer. Fast enough to test every
 * guarantee of the trigger in milliseconds; the real-n8n suite (test/e2e) proves the same in n8n.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { ExecutionLifecycleHooks, HookContext, TriggerContext, WebhookContext } from 'n8n-core';
import type { IDataObject, INode, INodeExecutionData, INodeParameters, ITriggerResponse, IWebhookData, IWebhookDescription, IWebhookResponseData, WorkflowExecuteMode } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { PrintStoreTrigger } from '../../nodes/PrintStoreTrigger/PrintStoreTrigger.node';
import { forgetProcessMemory } from '../../nodes/PrintStoreTrigger/memory/copies';
import { processOnlyKey } from '../../nodes/PrintStoreTrigger/memory/door';
import { askCatchUp, clockSignature, type ClockAsk } from '../../scripts/n8n/clock';
import { additionalDataFor, CREDENTIAL_TYPE, nodeTypes, PACKAGE, registerNodeType, runPrintStore, StoredCredentials } from './engine';
import { derivedTriggerSecret } from './secrets';
import { serveLikeN8n } from './webhook-server';

export const TRIGGER_TYPE = `${PACKAGE}.printStoreTrigger`;

/** A status record as a callback posts it: order `PS-<order>`, the sandbox's status names, a fixed time per status. */
export function statusRecord(order: string, statusId = 4, extra: IDataObject = {}): IDataObject {
	return {
		OrderID: order,
		OrderNumber: `PS-${order}`,
		StatusID: statusId,
		StatusDescription: ['', 'Received', 'In Production', 'Printed', 'Shipped', 'Delivered'][statusId],
		Timestamp: `2026-11-2${statusId}T10:00:00Z`,
		...extra,
	};
}
const trigger = new PrintStoreTrigger();
registerNodeType(TRIGGER_TYPE, trigger);

/** Runs `run` with the clock (Date.now) stopped `offsetMs` from now, as the trigger's catch-up reads it: no waiting in real time. */
export async function atClock<T>(offsetMs: number, run: () => Promise<T>): Promise<T> {
	const realNow = Date.now;
	const then = realNow() + offsetMs;
	Date.now = () => then;
	try {
		return await run();
	} finally {
		Date.now = realNow;
	}
}

export interface Delivery {
	status: number;
	answer: IDataObject | null;
	/** What the trigger started the workflow with (one execution), or undefined when it started none. */
	emitted?: IDataObject[];
}

export interface TriggerHost {
	/**
	 * Workflow static data, shared with any Print Store node run with the same object. With
	 * `copies`, what n8n's database holds: each request reads a copy and saves it as n8n does.
	 */
	readonly staticData: IDataObject;
	/** The production (or, in manual mode, test) URL of a webhook, without the secret. */
	url(kind: 'status' | 'details'): string;
	/** The path-form address of a webhook (`.../<id>/<id>/status`), to which `/<secret>[/<store>]` is added. */
	pathUrl(kind: 'status' | 'details'): string;
	/** The trigger node as saved in the workflow. */
	node: INode;
	/** What Print Store > Create needs to run in the same workflow (`runPrintStore`'s `workflow`). */
	workflow(): { id: string; active: true; nodes: INode[]; webhookBaseUrl: string };
	/**
	 * The secret callbacks must carry: the fixed Callback Secret, else the documented derivation
	 * (HMAC-SHA256 keyed with the credential's subscription key and client secret, of
	 * `print-store-trigger:<workflow ID>:<webhook ID>`), restated here rather than imported.
	 */
	secret(): string;
	/** The URL Print Store > Create sends for a webhook (before the store is added), as the trigger's option places the secret. */
	createUrl(kind: 'status' | 'details'): string;
	/** POSTs to the webhook URL (`url(kind)`) followed by `suffix`, e.g. `?secret=...` or `/<secret>`. */
	post(kind: 'status' | 'details', body: string | Buffer, options?: { query?: string; contentType?: string }): Promise<Delivery>;
	/** Every item the trigger has started the workflow with so far, from any sender, in arrival order. */
	emittedItems(): IDataObject[];
	/** What webhook() threw (n8n records each as a failed execution). */
	failures: Error[];
	/** With `copies`: the requests (numbered from 0, as `x-delivery`) whose copy n8n saved, having been written. */
	saves: number[];
	/** Every request the host's server received, as `METHOD path?query`, in order. */
	requests: string[];
	/** The items each execution the trigger's trigger() (the catch-up's clock) started was given, in order. */
	clockEmitted: IDataObject[][];
	/** POSTs to any URL of this host, e.g. one Create sent with an order. */
	postTo(url: string, body: string | Buffer, contentType?: string): Promise<Delivery>;
	/** Calls any URL of this host with any method, with a body or none (no content type then). */
	send(url: string, method: string, body?: string | Buffer, contentType?: string): Promise<Delivery>;
	/**
	 * Sends what the catch-up's clock sends: `{"printStoreCatchUp": "run"}` to the static status
	 * webhook, signed in its header (no secret in the URL); `first` as after an activation or a start.
	 */
	catchUp(first?: boolean, ask?: 'run' | 'probe' | 'save'): Promise<Delivery>;
	/** The header a clock request carries, signed with `secret` (scripts/n8n/clock.ts). */
	clockSignature(ask: string, first: boolean, options?: { secret?: string; time?: number; nonce?: string }): string;
	/** Empties this process's memory of the trigger's events and catch-up, as another n8n process (or a restart) would have it. */
	forgetProcessMemory(): void;
	/** Changes the node's parameters (a user editing it), for the next activation or callback. */
	setParameters(parameters: INodeParameters): void;
	/** As n8n activates it: by a publish (`activate`), or as n8n starts (`init`), which asks nothing of the service. */
	activate(activation?: 'activate' | 'init'): Promise<void>;
	deactivate(): Promise<void>;
	/**
	 * The same host taking requests on another port too, as another n8n process would (a webhook
	 * process in queue mode): where the trigger sees itself served differs. Its `/webhook` base.
	 */
	listenAlso(): Promise<string>;
	close(): Promise<void>;
}

/**
 * n8n's routing of `/webhook/<webhook id>/<path>`: a static webhook path first, else a dynamic one
 * (`:name` segments; a full-path template, its `$webhookId` resolved) with as many segments after
 * the first, its parameters taken from the path, decoded.
 */
function matchWebhook(allDescriptions: IWebhookDescription[], pathname: string, webhookId: string, method: string) {
	// n8n registers a webhook once per method of its comma-separated httpMethod.
	const descriptions = allDescriptions.filter((entry) => String(entry.httpMethod).split(',').map((name) => name.trim()).includes(method));
	const segments = pathname.split('/').filter(Boolean);
	const at = segments.indexOf(webhookId);
	if (at < 0) return undefined;
	const rest = segments.slice(at + 1).map((segment) => decodeURIComponent(segment));
	const fixed = descriptions.find((entry) => !String(entry.path).includes(':') && entry.path === rest.join('/'));
	if (fixed) return { description: fixed, params: {} as Record<string, string> };
	for (const entry of descriptions) {
		const parts = String(entry.path).replace('={{$webhookId}}', webhookId).split('/');
		if (parts.length !== rest.length) continue;
		const params: Record<string, string> = {};
		if (parts.every((part, index) => (part.startsWith(':') ? ((params[part.slice(1)] = rest[index]), true) : part === rest[index]))) {
			return { description: entry, params };
		}
	}
	return undefined;
}

/**
 * What static data holds that n8n would save: n8n's workflow creates an empty object for each node
 * asked about and saves none of them, so those are left out.
 */
export function storedState(staticData: IDataObject): IDataObject {
	return Object.fromEntries(Object.entries(staticData).filter(([, value]) => !(value && typeof value === 'object' && Object.keys(value).length === 0)));
}

/** A list of trigger hosts that are closed after each test: push every host a test starts. */
export function useTriggerHosts(): TriggerHost[] {
	const hosts: TriggerHost[] = [];
	afterEach(async () => {
		await Promise.all(hosts.splice(0).map((host) => host.close()));
	});
	return hosts;
}

export async function startTrigger(options: {
	parameters?: INodeParameters;
	mode?: 'trigger' | 'manual';
	credentials?: StoredCredentials;
	/** false: a trigger node without a credential. */
	credential?: false;
	staticData?: IDataObject;
	name?: string;
	/** The node's version (default 1.1; 2 has the catch-up). */
	typeVersion?: number;
	/** The node's webhook ID (default: a new one), e.g. the same trigger after a restart. */
	webhookId?: string;
	/**
	 * Static data as n8n keeps it: each webhook request works on a copy of what the database holds
	 * and saves it whole when it ends; for the n-th request (from 0), that save is carried out again
	 * `staleSaveMs(n)` later, as it was when the request ended (a save the database carries out after
	 * later ones, as n8n 1.x's pooled SQLite can). Without it, every request shares one object.
	 */
	copies?: { staleSaveMs: (request: number) => number };
	/** The production webhook base the trigger is given (N8N_WEBHOOK_URL + /webhook), when not the host's own (e.g. an address out of reach). */
	webhookBaseUrl?: string;
}): Promise<TriggerHost> {
	const mode: WorkflowExecuteMode = options.mode ?? 'trigger';
	const node: INode = {
		id: randomUUID(),
		name: options.name ?? 'Print Store Trigger',
		type: TRIGGER_TYPE,
		typeVersion: options.typeVersion ?? 1.1,
		position: [0, 0],
		webhookId: options.webhookId ?? randomUUID(),
		parameters: { events: ['status', 'details'], options: {}, ...options.parameters },
		...(options.credential === false ? {} : { credentials: { [CREDENTIAL_TYPE]: { id: 'cred-1', name: 'Print Store account' } } }),
	};
	let staticData = options.staticData ?? {};
	const workflowOver = (data: IDataObject) => new Workflow({ id: 'wf-trigger', name: 'Trigger test', nodes: [node], connections: {}, active: true, nodeTypes, staticData: data });
	const workflow = workflowOver(staticData);
	/** A request's copy as n8n saves it: the whole object, to be written over what the database holds. */
	const snapshot = (saved: Workflow) => {
		const { __dataChanged: _changed, ...data } = JSON.parse(JSON.stringify(saved.staticData)) as IDataObject;
		return data;
	};
	const credentials = options.credentials ?? new StoredCredentials();
	if (!options.credentials) credentials.set('cred-1', { subscriptionKey: 'trigger-test-subscription-key', clientSecret: 'trigger-test-client-secret' });
	const executionId = `trigger-${randomUUID()}`;
	const hooks = new ExecutionLifecycleHooks(mode, executionId, { id: 'wf-trigger', name: 'Trigger test', nodes: [node], connections: {} } as never);

	const requests: string[] = [];
	const { server, base } = await serveLikeN8n(async ({ url, response, res, request }) => {
		const method = String(request({}).method ?? 'POST');
		requests.push(`${method} ${url.pathname}${url.search}`);
		const route = matchWebhook(descriptions, url.pathname, String(node.webhookId), method);
		if (!route) {
			res.status(404).json({ message: 'The requested webhook is not registered.' });
			return;
		}
		const requestWorkflow = options.copies ? workflowOver(JSON.parse(JSON.stringify(staticData)) as IDataObject) : workflow;
		const context = new WebhookContext(
			requestWorkflow,
			node,
			{ ...additionalData, httpRequest: request(route.params) as never, httpResponse: res as never },
			mode,
			webhookData(route.description, method),
			[],
			null,
		);
		const id = emitted.length;
		emitted.push(undefined);
		response.setHeader('x-delivery', String(id));
		let result: IWebhookResponseData;
		try {
			result = await trigger.webhook.call(context);
		} catch (error) {
			// n8n answers a webhook that throws with an error and records a failed execution with the error.
			failures.push(error as Error);
			if (!response.headersSent) res.status(500).json({ message: 'Error in workflow', error: (error as Error).message });
			return;
		}
		// n8n saves a request's copy only when something in it was written (rule 2 in nodes/shared/n8nInternals/staticData.ts).
		if (options.copies && (requestWorkflow.staticData as IDataObject).__dataChanged === true) {
			saves.push(id);
			const saved = snapshot(requestWorkflow);
			staticData = saved;
			setTimeout(() => (staticData = structuredClone(saved)), options.copies.staleSaveMs(id));
		}
		if (!result.noWebhookResponse) res.status(200).json(result.webhookResponse ?? {});
		emitted[id] = result.workflowData?.[0]?.map((item) => item.json) ?? [];
	});

	const additionalData = {
		...additionalDataFor(credentials, hooks, executionId),
		webhookBaseUrl: options.webhookBaseUrl ?? `${base}/webhook`,
		webhookTestBaseUrl: `${base}/webhook-test`,
	};
	const ownBase = `${base}/webhook`;
	const descriptions = trigger.description.webhooks as IWebhookDescription[];
	const webhookData = (description: IWebhookDescription, method = 'POST'): IWebhookData =>
		({
			httpMethod: method,
			node: node.name,
			path: `${node.webhookId}/${String(description.path)}`,
			webhookDescription: description,
			workflowId: 'wf-trigger',
			workflowExecuteAdditionalData: additionalData,
			webhookId: node.webhookId,
			isTest: mode === 'manual',
		}) as IWebhookData;
	const hook = (activation: 'activate' | 'init' = 'activate') => new HookContext(workflow, node, additionalData, mode, activation, webhookData(descriptions[0]));

	type Lifecycle = Record<'checkExists' | 'create' | 'delete', (this: HookContext) => Promise<boolean>>;
	const lifecycle = (trigger.webhookMethods as unknown as { default: Lifecycle }).default;
	const emitted: Array<IDataObject[] | undefined> = [];
	const failures: Error[] = [];
	const saves: number[] = [];
	const servers: http.Server[] = [];
	const clockEmitted: IDataObject[][] = [];
	let running: ITriggerResponse | undefined;
	const host: TriggerHost = {
		failures,
		saves,
		requests,
		clockEmitted,
		get staticData() {
			return staticData;
		},
		url: (kind) => `${mode === 'manual' ? additionalData.webhookTestBaseUrl : ownBase}/${node.webhookId}/${kind === 'status' ? 'status' : 'details'}`,
		pathUrl: (kind) => `${mode === 'manual' ? additionalData.webhookTestBaseUrl : ownBase}/${node.webhookId}/${node.webhookId}/${kind === 'status' ? 'status' : 'details'}`,
		node,
		workflow: () => ({ id: 'wf-trigger', active: true, nodes: [node], webhookBaseUrl: additionalData.webhookBaseUrl }),
		secret: () => {
			const fixed = (node.parameters.options as IDataObject | undefined)?.callbackSecret;
			if (typeof fixed === 'string' && fixed !== '') return fixed;
			const stored = credentials.get('cred-1') ?? {};
			return derivedTriggerSecret({ subscriptionKey: stored.subscriptionKey, clientSecret: stored.clientSecret }, 'wf-trigger', node.webhookId);
		},
		emittedItems: () => emitted.flatMap((items) => items ?? []),
		createUrl: (kind) => {
			const secret = host.secret();
			const query = (node.parameters.options as IDataObject | undefined)?.secretPlacement === 'query' || !/^[A-Za-z0-9._~-]+$/.test(secret);
			return query ? `${host.url(kind)}?secret=${encodeURIComponent(secret)}` : `${host.pathUrl(kind)}/${secret}`;
		},
		// A suffix starting with '/' is a path-form secret: it goes after the path-form address.
		post: async (kind, body, { query = '', contentType = 'application/json' } = {}) =>
			await host.postTo(`${query.startsWith('/') ? host.pathUrl(kind) : host.url(kind)}${query}`, body, contentType),
		async postTo(url, body, contentType = 'application/json') {
			return await host.send(url, 'POST', body, contentType);
		},
		async send(url, method, body, contentType = 'application/json') {
			const response = await fetch(url, { method, ...(body !== undefined ? { headers: { 'content-type': contentType }, body } : {}) });
			const answer = (await response.json().catch(() => null)) as IDataObject | null;
			const id = Number(response.headers.get('x-delivery'));
			// Enrichment and a catch-up for a callback answer first and emit after their reads: wait for the emission.
			const later = answer?.emitted || answer?.catchUp === true;
			for (let tries = 0; tries < 2000 && emitted[id] === undefined && later && failures.length === 0; tries++) await new Promise((resolve) => setTimeout(resolve, 10));
			const items = emitted[id];
			return { status: response.status, answer, emitted: items && items.length > 0 ? items : undefined };
		},
		clockSignature(ask, first, { secret = host.secret(), time = Date.now(), nonce = randomUUID() } = {}) {
			return clockSignature({ secret, workflowId: 'wf-trigger', webhookId: String(node.webhookId) }, ask as ClockAsk, first, time, nonce);
		},
		async catchUp(first = false, ask = 'run') {
			const response = await askCatchUp(host.url('status'), { secret: host.secret(), workflowId: 'wf-trigger', webhookId: String(node.webhookId) }, { ask, first });
			const answer = (await response.json().catch(() => null)) as IDataObject | null;
			const id = Number(response.headers.get('x-delivery'));
			for (let tries = 0; tries < 2000 && emitted[id] === undefined && failures.length === 0; tries++) await new Promise((resolve) => setTimeout(resolve, 10));
			const items = emitted[id];
			return { status: response.status, answer, emitted: items && items.length > 0 ? items : undefined };
		},
		forgetProcessMemory() {
			const key = `wf-trigger:${String(node.webhookId)}:${mode === 'manual' ? 'test' : 'production'}`;
			forgetProcessMemory(key);
			forgetProcessMemory(processOnlyKey(key));
		},
		setParameters(parameters) {
			Object.assign(node.parameters, parameters);
		},
		// As n8n activates the trigger: its webhooks, then its trigger() (the catch-up's clock), closed on deactivation.
		async activate(activation = 'activate') {
			if (!(await lifecycle.checkExists.call(hook(activation)))) await lifecycle.create.call(hook(activation));
			if (mode !== 'manual') {
				const emit = (data: INodeExecutionData[][]) => {
					clockEmitted.push(data[0].map((item) => item.json));
				};
				running = await trigger.trigger.call(new TriggerContext(workflow, node, additionalData, mode, activation, emit));
			}
		},
		async deactivate() {
			await running?.closeFunction?.();
			running = undefined;
			await lifecycle.delete.call(hook());
		},
		async listenAlso() {
			const other = http.createServer((incoming, response) => server.emit('request', incoming, response));
			await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
			servers.push(other);
			return `http://127.0.0.1:${(other.address() as AddressInfo).port}/webhook`;
		},
		async close() {
			// A test that failed before deactivating leaves no catch-up clock running.
			await running?.closeFunction?.();
			await Promise.all([server, ...servers].map((each) => new Promise<void>((resolve) => each.close(() => resolve()))));
		},
	};
	return host;
}

/**
 * The trigger (version 2) in its execution: the events the webhook gave, as its input items, run
 * through its execute() by n8n's engine (Fetch From the API, Download Proof and Pages).
 */
export async function runTriggerExecution(options: { parameters: INodeParameters; events: IDataObject[]; credentials: StoredCredentials; continueOnFail?: boolean }) {
	return await runPrintStore({
		nodeType: TRIGGER_TYPE,
		typeVersion: 2,
		nodeName: 'Print Store Trigger',
		parameters: { events: ['status', 'details'], options: {}, ...options.parameters },
		items: options.events,
		credentials: options.credentials,
		continueOnFail: options.continueOnFail ?? false,
	});
}
