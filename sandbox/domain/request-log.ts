/** Raw logs of API and token requests and of the file host's requests, bounded ring buffers so the hot path stays O(1). */

export interface RequestLogEntry {
	seq: number;
	method: string;
	/** Exactly as received on the wire: undecoded, query string included. */
	rawPath: string;
	/** rawPath without its query string, still undecoded. */
	path: string;
	/** Lower-case names of the headers sent. */
	headersPresent: string[];
	hasSubscriptionKey: boolean;
	subscriptionKeyValid: boolean;
	/** HTTP status answered; 0 while pending, and for connections dropped by fault injection. */
	status: number;
	/** Set when fault injection answered or dropped the request: '429', '500', '503', 'drop'. */
	fault?: string;
	at: string;
	/** When the sandbox received the request, in ms since the epoch: its own clock, for timing checks. */
	receivedAtMs: number;
	/** When it had sent its answer, on the same clock; absent while pending and for dropped connections. */
	answeredAtMs?: number;
	/**
	 * The headers that matter, secrets replaced by what can be said of them: Authorization as
	 * `Bearer [valid|invalid|expired]`-style markers, the subscription key as `[valid]` or `[wrong]`.
	 */
	headers: { authorization?: string; 'ocp-apim-subscription-key'?: string; 'content-type'?: string };
	/** The parsed body (JSON), or `{ truncated: true, bytes }` when larger than BODY_LOG_LIMIT. Set once parsed. */
	body?: unknown;
}

/** Bodies above this many bytes (as JSON) are not kept whole in the log. */
export const BODY_LOG_LIMIT = 64 * 1024;

export function loggedBody(body: unknown): unknown {
	if (body === undefined) return undefined;
	const text = JSON.stringify(body) ?? '';
	return text.length > BODY_LOG_LIMIT ? { truncated: true, bytes: text.length } : body;
}

/** One request the file host received (GET /_sandbox/files/requests). */
export interface FileRequestEntry {
	seq: number;
	method: string;
	/** Undecoded and without the query string (a signed link's `sig` is not kept). */
	path: string;
	/** Lower-case names of the headers sent. */
	headersPresent: string[];
	/** The same markers as the request log's: secrets never appear. */
	headers: RequestLogEntry['headers'];
	/** HTTP status answered; 0 while pending. */
	status: number;
	at: string;
}

export const REQUEST_LOG_CAPACITY = 50_000;

export class RequestLog<T extends { seq: number } = RequestLogEntry> {
	private buffer: T[] = [];
	private next = 0;
	private seq = 0;

	constructor(private readonly capacity = REQUEST_LOG_CAPACITY) {}

	add(entry: Omit<T, 'seq'>): T {
		const full = { seq: ++this.seq, ...entry } as T;
		if (this.buffer.length < this.capacity) this.buffer.push(full);
		else this.buffer[this.next] = full;
		this.next = (this.next + 1) % this.capacity;
		return full;
	}

	/** Oldest first. */
	list(): T[] {
		if (this.buffer.length < this.capacity) return this.buffer.slice();
		return [...this.buffer.slice(this.next), ...this.buffer.slice(0, this.next)];
	}

	clear(): void {
		this.buffer = [];
		this.next = 0;
	}
}
