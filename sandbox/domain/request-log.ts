/** Raw log of API and token requests, a bounded ring buffer so the hot path stays O(1). */

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
}

export const REQUEST_LOG_CAPACITY = 50_000;

export class RequestLog {
	private buffer: RequestLogEntry[] = [];
	private next = 0;
	private seq = 0;

	constructor(private readonly capacity = REQUEST_LOG_CAPACITY) {}

	add(entry: Omit<RequestLogEntry, 'seq'>): RequestLogEntry {
		const full: RequestLogEntry = { seq: ++this.seq, ...entry };
		if (this.buffer.length < this.capacity) this.buffer.push(full);
		else this.buffer[this.next] = full;
		this.next = (this.next + 1) % this.capacity;
		return full;
	}

	/** Oldest first. */
	list(): RequestLogEntry[] {
		if (this.buffer.length < this.capacity) return this.buffer.slice();
		return [...this.buffer.slice(this.next), ...this.buffer.slice(0, this.next)];
	}

	clear(): void {
		this.buffer = [];
		this.next = 0;
	}
}
