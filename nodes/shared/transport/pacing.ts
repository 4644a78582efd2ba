import { sleep } from 'n8n-workflow';

/**
 * One pace for the requests of one run that are in flight together. When the service asks any of
 * them to slow down (429 with Retry-After, 503, or a backoff after a transient failure), every
 * request of the run waits before its next attempt, so parallel batches never turn one rate limit
 * into a storm of retries.
 */
export class Pacing {
	private resumeAt = 0;

	/** Resolves when no slow-down is in force. */
	async waitTurn(now: () => number = Date.now): Promise<void> {
		for (let wait = this.resumeAt - now(); wait > 0; wait = this.resumeAt - now()) await sleep(wait);
	}

	/** Holds every request of the run back for `ms` from now (never shortens a longer hold). */
	slowDown(ms: number, now = Date.now()): void {
		this.resumeAt = Math.max(this.resumeAt, now + ms);
	}
}
