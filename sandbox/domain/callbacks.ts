/**
 * At-least-once delivery of status events to the URLs given on an order.
 *
 * - One FIFO queue per (order, URL): record N+1 is not sent before N was delivered or given up.
 * - An attempt succeeds on any 2xx; anything else (non-2xx, timeout, connection error) is retried
 *   after `baseDelayMs * 2^(attempt-1)` until `attempts` attempts were made; the last failure is
 *   logged as 'gave-up'. Every attempt is logged.
 * - clear() (reset) and close() cancel queued events, pending retries and requests in flight.
 * - An outage (startOutage) plays a receiver that is down: while it lasts every attempt fails at
 *   once without sending anything, and is retried and given up by the same policy.
 */
import axios, { type AxiosInstance } from 'axios';
import { CancellableSleeps } from './sleeps';

export type CallbackKind = 'status' | 'details';

export interface DeliveryLogEntry {
	seq: number;
	orderId: string;
	url: string;
	kind: CallbackKind;
	attempt: number;
	/** 'dropped': never sent (the drop-callbacks profile). */
	outcome: 'delivered' | 'failed' | 'gave-up' | 'dropped';
	httpStatus?: number;
	error?: string;
	at: string;
	body: unknown;
}

export interface CallbackOptions {
	attempts: number;
	baseDelayMs: number;
	timeoutMs: number;
	/** Where an event really goes and what it carries (the profiles' say); default as given. */
	prepare?: (url: string, kind: CallbackKind, body: unknown) => { url: string; body: unknown; drop?: boolean };
}

interface Job {
	orderId: string;
	url: string;
	kind: CallbackKind;
	body: unknown;
	deliveryId: string;
}

const LOG_CAPACITY = 20_000;

export const OUTAGE_ERROR = 'outage: the receiver could not be reached (simulated)';

/** An outage as the control API reads it: `until` is when a timed outage ends, null for one that lasts until ended. */
/** Attempts per event, the first included, and the delay before the first retry (doubling after). */
export interface RetryPolicy {
	attempts: number;
	baseDelayMs: number;
}

export interface OutageView {
	active: boolean;
	until: string | null;
}

export class CallbackDispatcher {
	private readonly queues = new Map<string, Job[]>();
	private readonly sleeps = new CancellableSleeps();
	private readonly inFlight = new Set<AbortController>();
	private readonly http: AxiosInstance;
	private log: DeliveryLogEntry[] = [];
	private logSeq = 0;
	private deliverySeq = 0;
	/** Bumped by clear()/close(); a drain loop from an older generation stops at its next step. */
	private generation = 0;
	private closed = false;
	/** When the outage ends (ms since the epoch; Infinity: when ended); undefined: none. */
	private outageUntilMs: number | undefined;
	/** The retry policy now: the options' until changed (setPolicy), and again after resetPolicy(). */
	private retry: RetryPolicy;
	/**
	 * Origins the service reaches at another address than their name says (its network, not the
	 * receiver's): the public address of an n8n behind a proxy that n8n itself cannot reach.
	 */
	private readonly routes = new Map<string, string>();

	constructor(private readonly options: CallbackOptions) {
		this.retry = { attempts: options.attempts, baseDelayMs: options.baseDelayMs };
		this.http = axios.create({
			timeout: options.timeoutMs,
			proxy: false,
			maxRedirects: 0,
			responseType: 'text',
			transformResponse: [(data: unknown) => data],
			validateStatus: () => true,
			headers: { 'Content-Type': 'application/json', 'User-Agent': 'print-store-sandbox/1' },
		});
	}

	enqueue(orderId: string, givenUrl: string, kind: CallbackKind, givenBody: unknown): void {
		if (this.closed) return;
		const { url, body, drop } = this.options.prepare ? this.options.prepare(givenUrl, kind, givenBody) : { url: givenUrl, body: givenBody };
		const job: Job = { orderId, url, kind, body, deliveryId: `dlv_${++this.deliverySeq}` };
		if (drop) {
			this.record(job, 0, 'dropped', {});
			return;
		}
		const key = `${orderId}\n${url}`;
		const queue = this.queues.get(key);
		if (queue) {
			queue.push(job);
			return;
		}
		this.queues.set(key, [job]);
		void this.drain(key, this.generation);
	}

	/** Starts an outage of `forMs` milliseconds, or one that lasts until endOutage(); replaces one in progress. */
	startOutage(forMs?: number): OutageView {
		this.outageUntilMs = forMs === undefined ? Infinity : Date.now() + forMs;
		return this.outage();
	}

	endOutage(): OutageView {
		this.outageUntilMs = undefined;
		return this.outage();
	}

	outage(): OutageView {
		if (!this.outageActive()) return { active: false, until: null };
		const until = this.outageUntilMs!;
		return { active: true, until: until === Infinity ? null : new Date(until).toISOString() };
	}

	private outageActive(): boolean {
		if (this.outageUntilMs === undefined) return false;
		if (Date.now() < this.outageUntilMs) return true;
		this.outageUntilMs = undefined;
		return false;
	}

	/** Changes the retry policy for events from their next attempt on (a test playing a service that gives up sooner). */
	setPolicy(policy: Partial<RetryPolicy>): RetryPolicy {
		this.retry = { ...this.retry, ...policy };
		return this.policy();
	}

	resetPolicy(): RetryPolicy {
		this.retry = { attempts: this.options.attempts, baseDelayMs: this.options.baseDelayMs };
		return this.policy();
	}

	policy(): RetryPolicy {
		return { ...this.retry };
	}

	/** Sends callbacks for `from` (an origin, `http://host:port`) to `to` from now on; the log keeps the address given. */
	setRoute(from: string, to: string): Record<string, string> {
		this.routes.set(new URL(from).origin, new URL(to).origin);
		return this.routesView();
	}

	clearRoutes(): Record<string, string> {
		this.routes.clear();
		return this.routesView();
	}

	routesView(): Record<string, string> {
		return Object.fromEntries(this.routes);
	}

	private routed(url: string): string {
		const parsed = new URL(url);
		const to = this.routes.get(parsed.origin);
		return to ? `${to}${parsed.pathname}${parsed.search}` : url;
	}

	deliveries(): DeliveryLogEntry[] {
		return this.log.slice();
	}

	/** Reset: forget queued events and the log, cancel retries and requests in flight. */
	clear(): void {
		this.generation++;
		this.queues.clear();
		this.sleeps.cancelAll();
		for (const controller of this.inFlight) controller.abort();
		this.inFlight.clear();
		this.log = [];
	}

	close(): void {
		this.closed = true;
		this.clear();
	}

	private async drain(key: string, generation: number): Promise<void> {
		const queue = this.queues.get(key)!;
		while (queue.length > 0) {
			const job = queue[0];
			for (let attempt = 1; ; attempt++) {
				if (generation !== this.generation) return;
				const result = await this.send(job, attempt);
				if (generation !== this.generation) return;
				const last = attempt >= this.retry.attempts;
				this.record(job, attempt, result.ok ? 'delivered' : last ? 'gave-up' : 'failed', result);
				if (result.ok || last) break;
				await this.sleeps.sleep(this.retry.baseDelayMs * 2 ** (attempt - 1));
			}
			queue.shift();
		}
		this.queues.delete(key);
	}

	private async send(job: Job, attempt: number): Promise<{ ok: boolean; httpStatus?: number; error?: string }> {
		// A receiver that is down: the attempt fails as a refused connection would, and nothing is sent.
		if (this.outageActive()) return { ok: false, error: OUTAGE_ERROR };
		const controller = new AbortController();
		this.inFlight.add(controller);
		try {
			const response = await this.http.post(this.routed(job.url), job.body, {
				signal: controller.signal,
				headers: {
					'X-Print-Store-Event': job.kind === 'status' ? 'order.status' : 'order.status.details',
					'X-Print-Store-Delivery': job.deliveryId,
					'X-Print-Store-Attempt': String(attempt),
				},
			});
			const ok = response.status >= 200 && response.status < 300;
			return ok ? { ok, httpStatus: response.status } : { ok, httpStatus: response.status, error: `HTTP ${response.status}` };
		} catch (error) {
			const code = (error as { code?: string }).code;
			const message =
				code === 'ECONNABORTED' || code === 'ETIMEDOUT'
					? `timeout after ${this.options.timeoutMs} ms`
					: code ?? (error as Error).message ?? 'request failed';
			return { ok: false, error: message };
		} finally {
			this.inFlight.delete(controller);
		}
	}

	private record(
		job: Job,
		attempt: number,
		outcome: DeliveryLogEntry['outcome'],
		result: { httpStatus?: number; error?: string },
	): void {
		const entry: DeliveryLogEntry = {
			seq: ++this.logSeq,
			orderId: job.orderId,
			url: job.url,
			kind: job.kind,
			attempt,
			outcome,
			at: new Date().toISOString(),
			body: job.body,
		};
		if (result.httpStatus !== undefined) entry.httpStatus = result.httpStatus;
		if (result.error !== undefined) entry.error = result.error;
		this.log.push(entry);
		if (this.log.length > LOG_CAPACITY) this.log.splice(0, this.log.length - LOG_CAPACITY);
	}
}
