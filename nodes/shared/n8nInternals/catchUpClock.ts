import type { IHookFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { N8nChanged } from './changed';

/**
 * The Print Store Trigger's catch-up clock. The catch-up runs inside a request to the trigger's own
 * webhook (so it shares the memory of what was emitted with the callbacks: the node's static data,
 * which n8n loads for every webhook request and saves after it); this clock sends that request every
 * interval, from the process that activated the workflow.
 *
 * Relies on:
 * - n8n runs the trigger's webhook `create()` in the process that keeps the workflow active (the
 *   main process, or the leader with several), when the workflow is activated (published) and when
 *   n8n starts, and `delete()` when it is deactivated;
 * - the hook context can still send HTTP requests (`helpers.httpRequest`, with n8n's own settings,
 *   SSRF protection included) after `create()` has returned.
 * Checked at activation: the context has `helpers.httpRequest`. The catch-up's requests go to n8n's
 * own production address (N8N_WEBHOOK_URL): the process must reach it, as Wait Until Status's checks
 * must.
 * Tested: test/e2e/catch-up.test.ts (n8n stopped while orders change: the catch-up emits them).
 */

/** What the clock's request answers (the catch-up's outcome), or why it got none. */
export interface ClockTick {
	status?: number;
	body?: unknown;
	error?: string;
}

interface Clock {
	stopped: boolean;
}

const clocks = new Map<string, Clock>();

/** After a request that got no answer (n8n's webhooks not served yet, at start), the next one comes sooner. */
const RETRY_MS = 30_000;
const REQUEST_TIMEOUT_MS = 10 * 60_000;
/** The clock waits in steps this long, so a stopped clock ends within one. */
const STEP_MS = 1000;

export function stopCatchUpClock(key: string): void {
	const clock = clocks.get(key);
	if (!clock) return;
	clock.stopped = true;
	clocks.delete(key);
}

async function waitUnlessStopped(clock: Clock, ms: number): Promise<void> {
	for (let waited = 0; waited < ms && !clock.stopped; waited += STEP_MS) await sleep(Math.min(STEP_MS, ms - waited));
}

/**
 * Starts (or restarts) the clock of one trigger: the first request after `firstInMs`, then one every
 * `everyMs` after the previous one answered (sooner after one that got no answer). `onTick` hears
 * each outcome (for the log).
 */
export function startCatchUpClock(
	ctx: IHookFunctions,
	key: string,
	url: string,
	everyMs: number,
	firstInMs: number,
	onTick: (tick: ClockTick, first: boolean) => void,
): void {
	const helpers = ctx.helpers;
	if (typeof helpers?.httpRequest !== 'function') {
		throw new N8nChanged(ctx.getNode(), 'catchUpClock', 'the activation context has no helpers.httpRequest');
	}
	stopCatchUpClock(key);
	const clock: Clock = { stopped: false };
	clocks.set(key, clock);
	const tick = async (first: boolean): Promise<ClockTick> => {
		try {
			const response = (await helpers.httpRequest({
				method: 'POST',
				url,
				body: { printStoreCatchUp: true, ...(first ? { first: true } : {}) },
				json: true,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				timeout: REQUEST_TIMEOUT_MS,
			})) as { statusCode?: number; body?: unknown };
			return { status: response.statusCode, body: response.body };
		} catch (error) {
			return { error: (error as { code?: string }).code ?? (error as Error).name ?? 'request failed' };
		}
	};
	void (async () => {
		let first = true;
		await waitUnlessStopped(clock, firstInMs);
		while (!clock.stopped) {
			const outcome = await tick(first);
			if (clock.stopped) break;
			onTick(outcome, first);
			// 404: n8n does not serve the trigger (yet); 502 and up: a proxy in front of n8n did not reach it.
			const answered = outcome.status !== undefined && outcome.status !== 404 && outcome.status < 502;
			if (answered) first = false;
			await waitUnlessStopped(clock, answered ? everyMs : Math.min(everyMs, RETRY_MS));
		}
	})();
}
