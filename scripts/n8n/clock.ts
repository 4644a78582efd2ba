/**
 * The request the Print Store Trigger's catch-up clock sends to the trigger's own webhook, for the
 * tests and the benchmarks that run a catch-up when they choose: `{"printStoreCatchUp": "run"}`
 * to the static status webhook, signed in the `x-print-store-self-call` header with the trigger's
 * secret (nothing secret in the URL). Restated from nodes/shared/selfCalls/signing.ts and
 * nodes/PrintStoreTrigger/clock/reach.ts, not imported: a change there that these do not follow
 * shows as refused requests.
 */
import { createHmac, randomUUID } from 'node:crypto';

export type ClockAsk = 'run' | 'probe' | 'save';

export interface ClockTarget {
	/** The trigger's secret: its Callback Secret, or the one derived from its credential. */
	secret: string;
	workflowId: string;
	webhookId: string;
}

export const SELF_CALL_HEADER = 'x-print-store-self-call';

/** The header value: `v1,<time>,<nonce>,<HMAC-SHA256 of the lines print-store-self-call, time, nonce, catch-up, workflow, webhook, ask, first (1 or 0)>`. */
export function clockSignature(target: ClockTarget, ask: ClockAsk, first: boolean, time = Date.now(), nonce: string = randomUUID()): string {
	const subject = ['print-store-self-call', time, nonce, 'catch-up', target.workflowId, target.webhookId, ask, first ? 1 : 0].join('\n');
	return `v1,${time},${nonce},${createHmac('sha256', target.secret).update(subject).digest('hex')}`;
}

/** Sends the clock's request to a status webhook URL (`.../webhook/<webhook id>/status`). */
export async function askCatchUp(
	url: string,
	target: ClockTarget,
	{ ask = 'run', first = false, headers = {} }: { ask?: ClockAsk; first?: boolean; headers?: Record<string, string> } = {},
): Promise<Response> {
	return await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json', ...headers, [SELF_CALL_HEADER]: clockSignature(target, ask, first) },
		body: JSON.stringify({ printStoreCatchUp: ask, ...(first ? { first: true } : {}) }),
	});
}
