/**
 * Runs the package's nodes through n8n's own execution engine (n8n-core's WorkflowExecute), with the
 * real credential type and n8n's real request path: OAuth2 signing and refresh happen in n8n-core,
 * and every request goes over HTTP to a sandbox. What is provided here is what the n8n server would
 * provide around the engine: node types, credential storage and lifecycle hooks.
 */
import { ExecutionLifecycleHooks, ExternalSecretsProxy, LoadOptionsContext, WorkflowExecute } from 'n8n-core';
import type {
	ExecutionError,
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IDataObject,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeExecutionData,
	INodeListSearchResult,
	INodeParameters,
	INodeProperties,
	INodeType,
	INodeTypes,
	IRun,
	IRunExecutionData,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	ResourceMapperFields,
} from 'n8n-workflow';
import { createRunExecutionData, ICredentialsHelper, Workflow } from 'n8n-workflow';

import { PrintStoreOAuth2Api } from '../../credentials/PrintStoreOAuth2Api.credentials';
import { PrintStore } from '../../nodes/PrintStore/PrintStore.node';

export const PACKAGE = 'n8n-nodes-print-store';
export const PRINT_STORE_TYPE = `${PACKAGE}.printStore`;
export const CREDENTIAL_TYPE = 'printStoreOAuth2Api';

const credentialTypes: Record<string, ICredentialType> = { [CREDENTIAL_TYPE]: new PrintStoreOAuth2Api() };

/** Parent properties n8n's own oAuth2Api adds that matter when requests are signed. */
const OAUTH2_API_DEFAULTS: ICredentialDataDecryptedObject = {
	grantType: 'authorizationCode',
	authentication: 'header',
	ignoreSSLIssues: false,
	tokenExpiredStatusCode: 401,
};

function defaultsOf(properties: INodeProperties[]): ICredentialDataDecryptedObject {
	const out: ICredentialDataDecryptedObject = {};
	for (const property of properties) out[property.name] = property.default as never;
	return out;
}

/** Holds credentials the way n8n's database does, and records token refreshes n8n-core writes back. */
export class StoredCredentials extends ICredentialsHelper {
	private readonly stored = new Map<string, ICredentialDataDecryptedObject>();

	readonly tokenUpdates: Array<{ id: string; accessToken: string }> = [];

	set(id: string, data: ICredentialDataDecryptedObject) {
		this.stored.set(id, data);
	}

	get(id: string): ICredentialDataDecryptedObject | undefined {
		return this.stored.get(id);
	}

	getParentTypes(name: string): string[] {
		return credentialTypes[name]?.extends ?? [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const authenticate = credentialTypes[typeName]?.authenticate;
		return typeof authenticate === 'function' ? await authenticate(credentials, requestOptions) : requestOptions;
	}

	async preAuthentication() {
		return undefined;
	}

	async runPreAuthentication() {
		return undefined;
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('Raw credentials are not used by these nodes');
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const data = this.stored.get(String(nodeCredentials.id));
		if (!data) throw new Error(`No credential with ID ${String(nodeCredentials.id)}`);
		const type_ = credentialTypes[type];
		// Deep copy, as n8n decrypts a fresh object for every use.
		return structuredClone({ ...OAUTH2_API_DEFAULTS, ...defaultsOf(type_.properties), ...data });
	}

	async updateCredentials(nodeCredentials: INodeCredentialsDetails, _type: string, data: ICredentialDataDecryptedObject) {
		this.stored.set(String(nodeCredentials.id), structuredClone(data));
	}

	async updateCredentialsOauthTokenData(
		nodeCredentials: INodeCredentialsDetails,
		_type: string,
		data: ICredentialDataDecryptedObject,
	) {
		const id = String(nodeCredentials.id);
		const current = this.stored.get(id) ?? {};
		this.stored.set(id, { ...current, oauthTokenData: structuredClone(data.oauthTokenData) });
		const token = (data.oauthTokenData as IDataObject | undefined)?.access_token;
		this.tokenUpdates.push({ id, accessToken: String(token) });
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		return credentialTypes[type]?.properties ?? [];
	}
}

/**
 * The tool variant, as n8n derives it from `usableAsTool` for AI Agents (its type name ends in
 * "Tool"; `@tool` display rules then show the tool-only fields). n8n's own conversion also swaps the
 * outputs for an ai_tool connection; here the node keeps its main output, so a test reads the items
 * the model would get. The real conversion runs in the end-to-end suite (test/e2e/ai-agent.test.ts).
 */
export const PRINT_STORE_TOOL_TYPE = `${PACKAGE}.printStoreTool`;

function toolVariant(node: INodeType): INodeType {
	const tool = Object.create(node) as INodeType;
	tool.description = { ...node.description, name: `${node.description.name}Tool`, displayName: `${node.description.displayName} Tool` };
	delete tool.description.usableAsTool;
	return tool;
}

const nodeTypeInstances: Record<string, INodeType> = {
	[PRINT_STORE_TYPE]: new PrintStore(),
	[PRINT_STORE_TOOL_TYPE]: toolVariant(new PrintStore()),
};

export const nodeTypes: INodeTypes = {
	getByName: (type) => nodeTypeInstances[type],
	getByNameAndVersion: (type) => nodeTypeInstances[type],
	getKnownTypes: () => ({}),
};

export function registerNodeType(type: string, nodeType: INodeType) {
	nodeTypeInstances[type] = nodeType;
}

export interface RunOptions {
	/** Node parameters as in workflow JSON; n8n resolves expressions and defaults. */
	parameters: Record<string, unknown>;
	items?: IDataObject[];
	credentials: StoredCredentials;
	credentialId?: string;
	continueOnFail?: boolean;
	nodeName?: string;
	staticData?: IDataObject;
	/** Where n8n's resume addresses point (`$execution.resumeUrl`), e.g. a test server's. */
	webhookWaitingBaseUrl?: string;
	/** The workflow around the node: its ID, whether it is active, its other nodes (e.g. triggers). */
	workflow?: { id?: string; active?: boolean; nodes?: INode[]; webhookBaseUrl?: string };
	/** Run the tool variant (Print Store Tool), as an AI Agent or the MCP Server Trigger would. */
	tool?: boolean;
	/** The node's version (default 1, as the workflows saved before version 2). */
	typeVersion?: number;
	/** Another registered node type to run (`registerNodeType`), e.g. a variant n8n might derive. */
	nodeType?: string;
}

export interface RunResult {
	items: INodeExecutionData[];
	json: IDataObject[];
	error?: ExecutionError;
	run: IRun;
}

let executionCounter = 0;

export function additionalDataFor(credentials: StoredCredentials, hooks: ExecutionLifecycleHooks, executionId: string) {
	const unavailable = (what: string) => async () => {
		throw new Error(`${what} is not available in this test engine`);
	};
	const data: IWorkflowExecuteAdditionalData = {
		credentialsHelper: credentials,
		hooks,
		executionId,
		currentNodeExecutionIndex: 0,
		executeWorkflow: unavailable('Sub-workflow execution'),
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		formBaseUrl: 'http://127.0.0.1:5678/form',
		formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
		formTestBaseUrl: 'http://127.0.0.1:5678/form-test',
		webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
		mcpBaseUrl: 'http://127.0.0.1:5678/mcp',
		mcpTestBaseUrl: 'http://127.0.0.1:5678/mcp-test',
		variables: {},
		logAiEvent: () => undefined,
		externalSecretsProxy: new ExternalSecretsProxy(),
		startRunnerTask: unavailable('The code task runner'),
	};
	return data;
}

/** Executes one Print Store node on the given input items, as n8n would in a workflow. */
export async function runPrintStore(options: RunOptions): Promise<RunResult> {
	const nodeName = options.nodeName ?? 'Print Store';
	const credentialId = options.credentialId ?? 'cred-1';
	const node: INode = {
		id: 'node-1',
		name: nodeName,
		type: options.nodeType ?? (options.tool ? PRINT_STORE_TOOL_TYPE : PRINT_STORE_TYPE),
		typeVersion: options.typeVersion ?? 1,
		position: [0, 0],
		parameters: options.parameters as INodeParameters,
		credentials: { [CREDENTIAL_TYPE]: { id: credentialId, name: 'Print Store account' } },
		...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
	};
	const around = options.workflow ?? {};
	const workflowData: IWorkflowBase = {
		id: around.id ?? 'wf-test',
		name: 'Print Store test',
		active: around.active ?? false,
		isArchived: false,
		nodes: [node, ...(around.nodes ?? [])],
		connections: {},
		settings: {},
		createdAt: new Date(),
		updatedAt: new Date(),
	} as IWorkflowBase;
	const workflow = new Workflow({
		id: workflowData.id,
		name: workflowData.name,
		nodes: workflowData.nodes,
		connections: workflowData.connections,
		active: workflowData.active,
		nodeTypes,
		staticData: options.staticData,
	});
	const executionId = `exec-${++executionCounter}`;
	const hooks = new ExecutionLifecycleHooks('manual', executionId, workflowData);
	let resolveFinished: (run: IRun) => void = () => undefined;
	const finished = new Promise<IRun>((resolve) => (resolveFinished = resolve));
	hooks.addHandler('workflowExecuteAfter', (run) => resolveFinished(run));

	const input = (options.items ?? [{}]).map((json) => ({ json }));
	const runExecutionData: IRunExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [{ node, data: { main: [input] }, source: null }],
		},
	});
	const execute = new WorkflowExecute(
		{
			...additionalDataFor(options.credentials, hooks, executionId),
			...(options.webhookWaitingBaseUrl !== undefined ? { webhookWaitingBaseUrl: options.webhookWaitingBaseUrl } : {}),
			...(around.webhookBaseUrl !== undefined ? { webhookBaseUrl: around.webhookBaseUrl } : {}),
		},
		'manual',
		runExecutionData,
	);
	await execute.processRunExecutionData(workflow);
	const run = await finished;
	const taskData = run.data.resultData.runData[nodeName]?.[0];
	const items = taskData?.data?.main?.[0] ?? [];
	return {
		items,
		json: items.map((item: INodeExecutionData) => item.json),
		error: taskData?.error ?? run.data.resultData.error,
		run,
	};
}

/**
 * n8n-core's own LoadOptionsContext, as the n8n server builds one when the editor asks the node for
 * options (a list search, a resource mapper's fields): the node's current parameters and the stored
 * credential; requests go over HTTP like any other.
 */
function loadOptionsContext(options: { parameters: Record<string, unknown>; credentials: StoredCredentials; typeVersion?: number }, path: string) {
	const node: INode = {
		id: 'node-1',
		name: 'Print Store',
		type: PRINT_STORE_TYPE,
		typeVersion: options.typeVersion ?? 4,
		position: [0, 0],
		parameters: options.parameters as INodeParameters,
		credentials: { [CREDENTIAL_TYPE]: { id: 'cred-1', name: 'Print Store account' } },
	};
	const workflow = new Workflow({ id: 'wf-list', name: 'List search', nodes: [node], connections: {}, active: false, nodeTypes });
	const workflowData = { id: 'wf-list', name: 'List search', nodes: [node], connections: {} } as unknown as IWorkflowBase;
	const additionalData = {
		...additionalDataFor(options.credentials, new ExecutionLifecycleHooks('internal', 'list-search', workflowData), 'list-search'),
		currentNodeParameters: options.parameters as INodeParameters,
	};
	return new LoadOptionsContext(workflow, node, additionalData, path);
}

/**
 * Calls one of the node's list searches (a resource locator's "From List" mode) as the n8n server
 * does when the editor opens or scrolls the list.
 */
export async function searchList(options: {
	method: 'searchOrders' | 'searchProducts' | 'searchStores';
	parameters: Record<string, unknown>;
	credentials: StoredCredentials;
	filter?: string;
	paginationToken?: string;
	typeVersion?: number;
}): Promise<INodeListSearchResult> {
	const method = new PrintStore().methods.listSearch[options.method];
	return await method.call(loadOptionsContext(options, 'parameters'), options.filter, options.paginationToken);
}

/** Calls a resource mapper's fields method (e.g. Template Fields) as the n8n server does when the editor shows the mapper. */
export async function resourceMapperFields(options: {
	method: 'getTemplateFields';
	parameters: Record<string, unknown>;
	credentials: StoredCredentials;
	typeVersion?: number;
}): Promise<ResourceMapperFields> {
	const method = new PrintStore().methods.resourceMapping[options.method];
	return await method.call(loadOptionsContext({ typeVersion: 5, ...options }, 'parameters.templateFieldValues'));
}
