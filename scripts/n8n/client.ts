/**
 * Talks to a running n8n over HTTP, as its editor and its users do:
 * - the internal REST API (/rest) with the owner's session cookie for what has no public API:
 *   owner setup, login, API keys, credentials, the OAuth2 "Connect my account" flow, creating,
 *   activating and manually running workflows. n8n binds the session to a `browser-id` header,
 *   so every request carries the same one.
 * - the public API (/api/v1, API key) to read executions with their data, parsed (the internal
 *   API returns execution data "flatted"-encoded).
 */
import { randomUUID } from 'node:crypto';

import { sleep, waitFor } from './process';

export interface ClientState {
	url: string;
	browserId: string;
	cookies: Record<string, string>;
	apiKey?: string;
	/** The n8n version this client talks to (default: 2.x): 1.x activates workflows another way. */
	n8nVersion?: string;
	/** The ID n8n gave its first execution (default 1): listExecutions looks for the executions its list leaves out from there. */
	firstExecutionId?: number;
}

export interface WorkflowNode {
	id?: string;
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
	webhookId?: string;
	[key: string]: unknown;
}

export interface WorkflowJson {
	id?: string;
	name: string;
	nodes: WorkflowNode[];
	connections: Record<string, unknown>;
	settings?: Record<string, unknown>;
	pinData?: Record<string, unknown>;
	meta?: Record<string, unknown>;
	[key: string]: unknown;
}

export interface SavedWorkflow extends WorkflowJson {
	id: string;
	versionId: string;
	active: boolean;
}

export interface PublicationStatus {
	status: 'not_published' | 'in_progress' | 'published' | 'partial' | 'failed' | string;
	liveVersionId: string | null;
	pendingVersionId: string | null;
	triggers: Array<{ nodeId: string; status: string; errorMessage: string | null }>;
}

export interface ExecutionError {
	message: string;
	description?: string | null;
	httpCode?: string | null;
	node?: { name: string; type: string };
	[key: string]: unknown;
}

export interface TaskData {
	startTime: number;
	executionStatus?: string;
	data?: { main?: Array<Array<{ json: Record<string, unknown>; pairedItem?: unknown }> | null> };
	error?: ExecutionError;
}

export interface Execution {
	id: string;
	finished: boolean;
	mode: string;
	status: 'new' | 'running' | 'success' | 'error' | 'canceled' | 'crashed' | 'waiting' | string;
	workflowId: string;
	startedAt: string;
	stoppedAt: string | null;
	data?: {
		resultData: {
			runData: Record<string, TaskData[]>;
			error?: ExecutionError;
			lastNodeExecuted?: string;
		};
	};
}

const UNFINISHED = new Set(['new', 'running', 'waiting', 'unknown']);

/**
 * Whether an execution has finished and its data is stored. n8n 1.x on SQLite writes an execution's
 * status and its data in two updates: between them a finished execution shows the data it had
 * before, none at all, or, after a wait, the data its resume stored (the waiting node's run taken
 * off, so the last node executed has no run).
 */
export function isFinishedWithData(execution: Execution): boolean {
	if (UNFINISHED.has(execution.status) || !execution.stoppedAt) return false;
	// n8n stores nothing more for these: what they hold is all they will hold.
	if (execution.status === 'crashed' || execution.status === 'canceled') return true;
	const result = execution.data?.resultData;
	if (!result) return false;
	if (result.error) return true;
	const last = result.lastNodeExecuted;
	return Object.keys(result.runData ?? {}).length > 0 && (last === undefined || (result.runData[last]?.length ?? 0) > 0);
}

export class N8nHttpError extends Error {
	constructor(
		readonly status: number,
		readonly method: string,
		readonly path: string,
		readonly body: string,
	) {
		super(`${method} ${path} answered ${status}: ${body.slice(0, 500)}`);
	}
}

/**
 * fetch, sent once more when the pooled keep-alive socket it picked had just been closed by n8n
 * (undici: "other side closed" before any answer). n8n closes idle sockets after 5 s, so a request
 * after a pause can race that close; the request never reached n8n, so sending it again is safe.
 */
async function fetchOnFreshSocket(url: string, init: RequestInit): Promise<Response> {
	try {
		return await fetch(url, init);
	} catch (error) {
		const cause = (error as { cause?: { code?: string } }).cause;
		if (cause?.code !== 'UND_ERR_SOCKET') throw error;
		return await fetch(url, init);
	}
}

export class N8nClient {
	readonly url: string;
	readonly browserId: string;
	private readonly cookies: Map<string, string>;
	apiKey?: string;
	readonly n8nVersion?: string;
	readonly firstExecutionId: number;

	constructor(state: Partial<ClientState> & { url: string }) {
		this.url = state.url.replace(/\/+$/, '');
		this.n8nVersion = state.n8nVersion;
		this.browserId = state.browserId ?? randomUUID();
		this.cookies = new Map(Object.entries(state.cookies ?? {}));
		this.apiKey = state.apiKey;
		this.firstExecutionId = state.firstExecutionId ?? 1;
	}

	/** What another process (e.g. a jest worker) needs to act as the same logged-in owner. */
	get state(): ClientState {
		return { url: this.url, browserId: this.browserId, cookies: Object.fromEntries(this.cookies), apiKey: this.apiKey, n8nVersion: this.n8nVersion, firstExecutionId: this.firstExecutionId };
	}

	cookieHeader(): string {
		return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
	}

	private keepCookies(response: Response) {
		for (const header of response.headers.getSetCookie()) {
			const [pair] = header.split(';');
			const eq = pair.indexOf('=');
			if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
		}
	}

	/** A request to n8n with the session cookie; returns the raw response (redirects not followed). */
	async raw(method: string, path: string, init: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
		const headers: Record<string, string> = { 'browser-id': this.browserId, ...init.headers };
		const cookie = this.cookieHeader();
		if (cookie) headers.cookie = cookie;
		let body: string | undefined;
		if (init.body !== undefined) {
			headers['content-type'] = 'application/json';
			body = JSON.stringify(init.body);
		}
		const response = await fetchOnFreshSocket(`${this.url}${path}`, { method, headers, body, redirect: 'manual' });
		this.keepCookies(response);
		return response;
	}

	/** The internal REST API; returns the `data` member of n8n's answer. */
	async rest<T>(method: string, path: string, body?: unknown): Promise<T> {
		const response = await this.raw(method, `/rest${path}`, { body });
		const text = await response.text();
		if (!response.ok) throw new N8nHttpError(response.status, method, `/rest${path}`, text);
		return (text ? (JSON.parse(text) as { data: T }).data : undefined) as T;
	}

	/** The public API (needs createApiKey first). */
	async api<T>(method: string, path: string, body?: unknown): Promise<T> {
		if (!this.apiKey) throw new Error('No API key: call createApiKey() first');
		const headers: Record<string, string> = { 'X-N8N-API-KEY': this.apiKey, accept: 'application/json' };
		if (body !== undefined) headers['content-type'] = 'application/json';
		const response = await fetchOnFreshSocket(`${this.url}/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
		const text = await response.text();
		if (!response.ok) throw new N8nHttpError(response.status, method, `/api/v1${path}`, text);
		return JSON.parse(text) as T;
	}

	// --- users ---

	async setupOwner(owner: { email: string; firstName: string; lastName: string; password: string }) {
		return await this.rest<{ id: string; email: string }>('POST', '/owner/setup', owner);
	}

	async login(email: string, password: string) {
		return await this.rest<{ id: string; email: string }>('POST', '/login', { emailOrLdapLoginId: email, password });
	}

	/** An API key for the logged-in user with every scope n8n offers it. */
	async createApiKey(label: string): Promise<string> {
		const scopes = await this.rest<string[]>('GET', '/api-keys/scopes');
		const created = await this.rest<{ rawApiKey: string }>('POST', '/api-keys', { label, scopes, expiresAt: null });
		this.apiKey = created.rawApiKey;
		return created.rawApiKey;
	}

	// --- credentials ---

	async createCredential(credential: { name: string; type: string; data: Record<string, unknown> }) {
		return await this.rest<{ id: string; name: string; type: string }>('POST', '/credentials', credential);
	}

	/** With includeData, secrets come back blanked and oauthTokenData as `true` once connected. */
	async getCredential(id: string) {
		return await this.rest<{ id: string; name: string; type: string; data: Record<string, unknown> }>(
			'GET',
			`/credentials/${encodeURIComponent(id)}?includeData=true`,
		);
	}

	// --- workflows ---

	async createWorkflow(workflow: WorkflowJson): Promise<SavedWorkflow> {
		const { id: _ignored, active: _active, ...body } = workflow as WorkflowJson & { active?: boolean };
		// n8n 1.x needs `active` on a new workflow (its database column has no default); 2.x ignores it.
		return await this.rest<SavedWorkflow>('POST', '/workflows', { settings: {}, ...body, ...(this.isN8n1 ? { active: false } : {}) });
	}

	async getWorkflow(id: string): Promise<SavedWorkflow> {
		return await this.rest<SavedWorkflow>('GET', `/workflows/${encodeURIComponent(id)}`);
	}

	/** Saves changed parts of a workflow (e.g. its nodes) as a new version. */
	async updateWorkflow(id: string, changes: Partial<WorkflowJson>): Promise<SavedWorkflow> {
		return await this.rest<SavedWorkflow>('PATCH', `/workflows/${encodeURIComponent(id)}`, changes);
	}

	/**
	 * Publishes (activates) the current version and waits until its triggers are live. n8n 2.41
	 * publishes through an outbox, asynchronously: the activate call returns before production
	 * webhooks answer, so this polls /rest/workflows/:id/publication-status.
	 */
	async activateWorkflow(id: string, timeoutMs = 60_000): Promise<SavedWorkflow> {
		const { versionId } = await this.getWorkflow(id);
		const workflow = await this.rest<SavedWorkflow>('POST', `/workflows/${encodeURIComponent(id)}/activate`, { versionId });
		// n8n 1.x, and 2.x before its publication service (2.39 and earlier, unless
		// N8N_USE_WORKFLOW_PUBLICATION_SERVICE is set), activates synchronously: its triggers are live
		// when the call returns, a trigger that fails to activate fails the call, and there is no
		// publication status to poll.
		if (!(await this.publishesThroughOutbox(id))) {
			if (!workflow.active) throw new Error(`Workflow ${id} was not activated`);
			return workflow;
		}
		const settled = (s: PublicationStatus) => s.status !== 'in_progress' && s.pendingVersionId === null;
		let status = await this.waitForPublication(id, settled, timeoutMs);
		if (status.status !== 'published' || status.liveVersionId !== versionId) {
			// n8n reads the outbox and the trigger statuses in two queries, outside one transaction: read
			// across the commit that completes a publication, they show neither (not_published, nothing
			// pending) for a publish that went through (seen in queue mode on a busy machine). Asked again.
			await sleep(500);
			status = await this.waitForPublication(id, settled, timeoutMs);
		}
		if (status.status !== 'published' || status.liveVersionId !== versionId) {
			const errors = status.triggers.map((t) => t.errorMessage).filter(Boolean);
			throw new Error(`Workflow ${id} was not published (${status.status})${errors.length ? `: ${errors.join('; ')}` : ''}`);
		}
		return workflow;
	}

	/** Unpublishes (deactivates) the workflow and waits until its triggers are gone. */
	async deactivateWorkflow(id: string, timeoutMs = 60_000): Promise<SavedWorkflow> {
		const workflow = await this.rest<SavedWorkflow>('POST', `/workflows/${encodeURIComponent(id)}/deactivate`, {});
		if (!(await this.publishesThroughOutbox(id))) return workflow;
		await this.waitForPublication(id, (s) => s.status === 'not_published' && s.pendingVersionId === null, timeoutMs);
		return workflow;
	}

	private get isN8n1(): boolean {
		return this.n8nVersion?.startsWith('1.') === true;
	}

	/** Whether this n8n publishes asynchronously, through its publication service (it answers 404 "not available" when that is off). */
	private async publishesThroughOutbox(id: string): Promise<boolean> {
		if (this.isN8n1) return false;
		try {
			await this.publicationStatus(id);
			return true;
		} catch (error) {
			if (error instanceof N8nHttpError && error.status === 404 && error.body.includes('publication status is not available')) return false;
			throw error;
		}
	}

	async publicationStatus(id: string): Promise<PublicationStatus> {
		return await this.rest<PublicationStatus>('GET', `/workflows/${encodeURIComponent(id)}/publication-status`);
	}

	private async waitForPublication(id: string, settled: (status: PublicationStatus) => boolean, timeoutMs: number) {
		return await waitFor(
			`the publication of workflow ${id} to settle`,
			async () => {
				const status = await this.publicationStatus(id);
				return settled(status) ? status : undefined;
			},
			{ timeoutMs, intervalMs: 100 },
		);
	}

	/**
	 * Runs a saved workflow from one of its triggers, exactly as the editor's "Execute workflow"
	 * button does (POST /rest/workflows/:id/run); returns the execution ID at once.
	 */
	/**
	 * What the editor sends to run a workflow from a trigger: "Execute workflow" on a manual trigger,
	 * "Listen for test event" on a webhook trigger (then n8n answers waitingForWebhook).
	 */
	async runFromTrigger(workflowId: string, triggerName: string): Promise<{ executionId?: string; waitingForWebhook?: boolean }> {
		// n8n 1.x runs the workflow JSON the editor sends along; 2.x reads the saved workflow.
		const workflowData = this.isN8n1 ? { workflowData: await this.getWorkflow(workflowId) } : {};
		return await this.rest<{ executionId?: string; waitingForWebhook?: boolean }>('POST', `/workflows/${encodeURIComponent(workflowId)}/run`, {
			...workflowData,
			triggerToStartFrom: { name: triggerName },
		});
	}

	async startManualRun(workflowId: string, triggerName: string): Promise<string> {
		const result = await this.runFromTrigger(workflowId, triggerName);
		if (!result.executionId) {
			throw new Error(`n8n did not start workflow ${workflowId} from "${triggerName}" (answer: ${JSON.stringify(result)})`);
		}
		return result.executionId;
	}

	/** startManualRun + wait for the execution to finish; returns it with its data. */
	async runManually(workflowId: string, triggerName: string, timeoutMs = 120_000): Promise<Execution> {
		const executionId = await this.startManualRun(workflowId, triggerName);
		return await this.waitForExecution(executionId, timeoutMs);
	}

	webhookUrl(path: string): string {
		return `${this.url}/webhook/${path.replace(/^\/+/, '')}`;
	}

	// --- executions (public API) ---

	async getExecution(id: string): Promise<Execution> {
		return await this.api<Execution>('GET', `/executions/${encodeURIComponent(id)}?includeData=true`);
	}

	/** Waits until the execution has finished, whatever its outcome, and returns it with its data (isFinishedWithData). */
	async waitForExecution(id: string, timeoutMs = 120_000): Promise<Execution> {
		return await waitFor(
			`execution ${id} to finish`,
			async () => {
				const execution = await this.getExecution(id);
				return isFinishedWithData(execution) ? execution : undefined;
			},
			{ timeoutMs, intervalMs: 200 },
		);
	}

	private async listPages(filter: Record<string, string>, includeData: boolean, limit: number): Promise<Execution[]> {
		const out: Execution[] = [];
		let cursor: string | undefined;
		do {
			const query = new URLSearchParams({ ...filter, includeData: String(includeData), limit: String(limit) });
			if (cursor) query.set('cursor', cursor);
			const page = await this.api<{ data: Execution[]; nextCursor?: string | null }>('GET', `/executions?${query}`);
			out.push(...page.data);
			cursor = page.nextCursor ?? undefined;
		} while (cursor);
		return out;
	}

	/** Execution IDs that are not listed and are known to belong to no workflow we asked about, or to none. */
	private readonly settledGaps = new Map<string, string | null>();

	/**
	 * Executions of one workflow, newest first, with their data.
	 *
	 * n8n's list leaves out every execution the main process still counts as running. In queue mode a
	 * worker can finish a short execution before main has registered it as enqueued; main then counts
	 * it as running until it restarts (seen with n8n 2.41.1), so the list never shows it although it
	 * finished. Execution IDs are consecutive from `firstExecutionId`, so the IDs missing from the list
	 * of all executions are read one by one, and those of this workflow are added: those below the
	 * highest listed ID, and those above it up to the first ID that does not exist yet (the newest
	 * executions can be the unlisted ones).
	 */
	async listExecutions(workflowId: string, { includeData = true, limit = 250 } = {}): Promise<Execution[]> {
		const [own, all] = await Promise.all([this.listPages({ workflowId }, includeData, limit), this.listPages({}, false, limit)]);
		const listed = new Set(all.map((execution) => Number(execution.id)));
		const highest = Math.max(this.firstExecutionId - 1, ...listed);
		const missing: Execution[] = [];
		for (let id = this.firstExecutionId; id < highest; id++) {
			const key = String(id);
			if (listed.has(id) || (this.settledGaps.has(key) && this.settledGaps.get(key) !== workflowId)) continue;
			const execution = await this.api<Execution>('GET', `/executions/${key}?includeData=${includeData}`).catch(() => undefined);
			if (!execution) {
				this.settledGaps.set(key, null);
				continue;
			}
			if (execution.stoppedAt && !UNFINISHED.has(execution.status)) this.settledGaps.set(key, execution.workflowId ?? null);
			if (execution.workflowId === workflowId) missing.push(execution);
		}
		// Above the highest listed ID: read on until an ID that does not exist (not remembered, it may come).
		for (let id = highest + 1; id <= highest + 100; id++) {
			const execution = await this.api<Execution>('GET', `/executions/${id}?includeData=${includeData}`).catch(() => undefined);
			if (!execution) break;
			if (execution.workflowId === workflowId) missing.push(execution);
		}
		// The two lists are read at the same time: an execution may be in one and not yet in the other.
		const ownIds = new Set(own.map((execution) => String(execution.id)));
		return [...own, ...missing.filter((execution) => !ownIds.has(String(execution.id)))].sort((a, b) => Number(b.id) - Number(a.id));
	}

	/** Waits until a workflow has at least `count` finished executions; returns them oldest first. */
	async waitForExecutions(workflowId: string, count: number, timeoutMs = 120_000): Promise<Execution[]> {
		let seen = 'none listed yet';
		try {
			return await waitFor(
				`${count} finished execution(s) of workflow ${workflowId}`,
				async () => {
					const all = await this.listExecutions(workflowId);
					const finished = all.filter(isFinishedWithData);
					const byStatus = new Map<string, number>();
					for (const execution of all) byStatus.set(execution.status, (byStatus.get(execution.status) ?? 0) + 1);
					seen = `${finished.length} finished; listed by status: ${[...byStatus].map(([status, n]) => `${status} ${n}`).join(', ') || 'none'}`;
					return finished.length >= count ? finished.reverse() : undefined;
				},
				{ timeoutMs, intervalMs: 300 },
			);
		} catch (error) {
			// How far it got tells a lost execution (all finished, too few) from a slow one (some still running).
			throw new Error(`${(error as Error).message}: ${seen}`);
		}
	}
}
