/**
 * The sandbox seen from outside, over HTTP only: its control API (/_sandbox, started with control
 * on) and direct calls to its Print Store API, used as the oracle the n8n results are checked
 * against. Works from any process that knows the sandbox's URL (e.g. a jest worker).
 */
import type { FileSettings, FileSettingsChange } from '../../sandbox/domain/file-links';
import type { ListPagePlay } from '../../sandbox/domain/list-pages';
import type { FileRequestEntry, RequestLogEntry } from '../../sandbox/domain/request-log';
import type { OrderView } from '../../sandbox/domain/views';

/** An order as the control API lists it: the API's view plus who created it. */
export type SandboxOrder = Omit<OrderView, 'OrderDetails'> & {
	OrderDetails: Record<string, unknown> & { Product: Record<string, unknown>; Recipient: Record<string, unknown> };
	CreatedBy: string;
	ApplicationID: string;
	[key: string]: unknown;
};

/** One entry of the sandbox's request log, as its control API returns it. */
export type SandboxRequest = RequestLogEntry;

/** One request the sandbox's file host received (secrets shown as markers). */
export type SandboxFileRequest = FileRequestEntry;

/** Where the files of status records live, and the file host's origin. */
export type SandboxFileSettings = FileSettings & { filesUrl: string };

export interface SandboxConnection {
	baseUrl: string;
	subscriptionKey: string;
	/** An access token for direct API calls (the sandbox prints the admin's pair on start). */
	accessToken: string;
}

export class SandboxControl {
	constructor(readonly connection: SandboxConnection) {}

	private async call<T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
		const init: RequestInit = { method, headers: { accept: 'application/json', ...headers } };
		if (body !== undefined) {
			init.body = JSON.stringify(body);
			(init.headers as Record<string, string>)['content-type'] = 'application/json';
		}
		const response = await fetch(url, init);
		const text = await response.text();
		return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
	}

	private async control<T>(method: string, path: string, body?: unknown): Promise<T> {
		const { status, body: answer } = await this.call<T>(method, `${this.connection.baseUrl}/_sandbox${path}`, body);
		if (status >= 400) throw new Error(`sandbox control ${method} ${path} answered ${status}: ${JSON.stringify(answer)}`);
		return answer;
	}

	async orders(storeId?: string): Promise<SandboxOrder[]> {
		const query = storeId ? `?storeId=${encodeURIComponent(storeId)}` : '';
		return (await this.control<{ orders: SandboxOrder[] }>('GET', `/orders${query}`)).orders;
	}

	/** Moves an order on (one step, or to a status); `errors` go on the new status record. */
	async advance(orderId: string, options: { toStatusId?: number; fail?: boolean; errors?: Array<{ dataElement: string; dataElementErrors: string[] }> } = {}) {
		return await this.control<Array<Record<string, unknown>>>('POST', `/orders/${encodeURIComponent(orderId)}/advance`, options);
	}

	/**
	 * Orders made elsewhere (another application, the provider's portal): no callback URLs, created
	 * over the last `createdOverDays` days with their status histories (see sandbox/README.md).
	 */
	async ordersElsewhere(options: {
		storeId: string;
		count?: number;
		username?: string;
		applicationId?: string;
		createdOverDays?: number;
		toStatusId?: number;
		statusMix?: Record<string, number>;
		referencePrefix?: string | null;
	}) {
		return await this.control<{ created: number; orders?: Array<{ ID: string; OrderNumber: string; Created: string; StatusID: number }> }>('POST', '/orders', options);
	}

	/** A callback receiver that is down: every delivery attempt fails (retried, then given up) for `forMs`, or until ended. */
	async callbackOutage(forMs?: number) {
		return await this.control<{ active: boolean; until: string | null }>('POST', '/callbacks/outage', forMs === undefined ? {} : { forMs });
	}

	/** The callbacks' retry policy from now on (attempts, the first included; the first retry's delay); reset restores it. */
	async callbackPolicy(policy: { attempts?: number; baseDelayMs?: number }) {
		return await this.control<{ attempts: number; baseDelayMs: number }>('PUT', '/callbacks/policy', policy);
	}

	async resetCallbackPolicy() {
		return await this.control<{ attempts: number; baseDelayMs: number }>('DELETE', '/callbacks/policy');
	}

	/** The service's network: callbacks to the origin `from` go to `to` (an n8n behind a proxy whose public address n8n cannot reach). */
	async callbackRoute(from: string, to: string) {
		return await this.control<Record<string, string>>('PUT', '/callbacks/routes', { from, to });
	}

	async clearCallbackRoutes() {
		return await this.control<Record<string, string>>('DELETE', '/callbacks/routes');
	}

	async endCallbackOutage() {
		return await this.control<{ active: boolean; until: string | null }>('DELETE', '/callbacks/outage');
	}

	async setClock(advanceEveryMs: number) {
		return await this.control<{ advanceEveryMs: number }>('POST', '/clock', { advanceEveryMs });
	}

	/** Back to the seed data: no orders, empty logs (see sandbox/README.md, Control API). */
	async reset() {
		return await this.control<{ reset: boolean }>('POST', '/reset', {});
	}

	async counts() {
		return await this.control<{ total: number; byStore: Record<string, number>; byPartnerOrderReference: Record<string, number> }>('GET', '/counts');
	}

	async requests(): Promise<SandboxRequest[]> {
		return (await this.control<{ requests: SandboxRequest[] }>('GET', '/requests')).requests;
	}

	async clearRequests() {
		return await this.control<unknown>('DELETE', '/requests');
	}

	/** Fault injection for /api/v1 (rates 0..1, durations in ms or s as named; see sandbox/README.md). */
	async faults(config: Record<string, number>) {
		return await this.control<Record<string, number>>('POST', '/faults', config);
	}

	async clearFaults() {
		return await this.control<unknown>('DELETE', '/faults');
	}

	/** Replaces the active profiles (names from sandbox/domain/profiles.ts; [] = none); reset restores the start set. */
	async setProfiles(profiles: string[]) {
		return (await this.control<{ profiles: string[] }>('PUT', '/profile', { profiles })).profiles;
	}

	async profiles(): Promise<string[]> {
		return (await this.control<{ profiles: string[] }>('GET', '/profile')).profiles;
	}

	/**
	 * The order list's query names (roles page, size, statuses, createdAfter, createdBefore, details;
	 * not under profile sandbox-shapes); roles left out get their defaults; reset restores the start set.
	 */
	async setListQueryNames(names: Record<string, string>) {
		return await this.control<Record<string, string>>('PUT', '/list-query-names', names);
	}

	/**
	 * What the order list does at given pages, by page number (delayMs, status with times and
	 * retryAfterSeconds, addOrders); replaces every page's settings ({} clears them). Reset clears them.
	 */
	async setListPages(pages: Record<string, ListPagePlay>) {
		return await this.control<{ pages: Record<string, ListPagePlay> }>('PUT', '/list-pages', pages);
	}

	/** Expires every access token issued so far; refresh tokens stay valid. */
	async expireTokens() {
		return await this.control<{ expired: number }>('POST', '/tokens/expire', {});
	}

	/**
	 * Where the files of status records live from now on (proofs 'api' | 'cdn' | 'redirect', pages
	 * 'cdn' | 'api', missing: order IDs or numbers whose files answer 404) and how they are sent
	 * (chunked: without a Content-Length; delayMs: {proofs, pages} later); settings left out are kept.
	 * Without an argument, reads them. Reset restores the defaults.
	 */
	async fileSettings(settings?: FileSettingsChange): Promise<SandboxFileSettings> {
		if (settings === undefined) return await this.control<SandboxFileSettings>('GET', '/files');
		return await this.control<SandboxFileSettings>('PUT', '/files', settings);
	}

	/** What the file host received, oldest first. */
	async fileRequests(): Promise<SandboxFileRequest[]> {
		return (await this.control<{ requests: SandboxFileRequest[] }>('GET', '/files/requests')).requests;
	}

	async clearFileRequests() {
		return await this.control<unknown>('DELETE', '/files/requests');
	}

	async callbacks(): Promise<Array<Record<string, unknown>>> {
		return (await this.control<{ deliveries: Array<Record<string, unknown>> }>('GET', '/callbacks')).deliveries;
	}

	/** A direct call to the Print Store API, bypassing n8n: the expected answer. */
	async api<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
		return await this.call<T>(method, `${this.connection.baseUrl}/api/v1${path}`, body, {
			authorization: `Bearer ${this.connection.accessToken}`,
			'ocp-apim-subscription-key': this.connection.subscriptionKey,
		});
	}
}
