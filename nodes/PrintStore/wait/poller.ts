import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { resumeCaller, WAIT_TIMER_GRACE_MS } from '../../shared/n8nInternals';

/**
 * The checks of Order > Wait Until Status, for a service that drops callbacks: n8n runs nothing of
 * a waiting node on a timer (its timer only ends the wait, passing the items through), so the
 * process that put the execution to wait calls the execution's resume address itself, at the
 * interval the user set and once more at the time limit. Each call makes the node's resume webhook
 * read the status histories again (wait/resumeCall.ts), and resume the execution when every order is
 * settled or out of time. The checks stop when the execution resumed or is gone.
 *
 * They live in the memory of that process: if n8n restarts meanwhile, callbacks still resume the
 * execution, and n8n's own timer ends the wait TIMER_GRACE_MS after the time limit at the latest,
 * with the items marked timed out.
 */

/** n8n's own timer ends a wait this long after its time limit, at the latest (see n8nInternals). */
export const TIMER_GRACE_MS = WAIT_TIMER_GRACE_MS;
/** After the time limit, a last check that failed (no answer) is tried again this often. */
const FINAL_RETRY_MS = 5000;

const running = new Map<string, { stopped: boolean }>();

export function stopChecks(executionId: string): void {
	const checks = running.get(executionId);
	if (checks) checks.stopped = true;
	running.delete(executionId);
}

export function startChecks(ctx: IExecuteFunctions, address: string, everyMs: number, finalAt: number): void {
	const executionId = ctx.getExecutionId();
	// Made now, while the node runs: the checks call it after execute() has returned (n8nInternals).
	const callResumeAddress = resumeCaller(ctx);
	stopChecks(executionId);
	const checks = { stopped: false };
	running.set(executionId, checks);
	const check = async (): Promise<boolean> => {
		try {
			// Resumed (the webhook says so), or nothing left to resume.
			const answer = await callResumeAddress(address, { printStoreCheck: true });
			return answer.gone || (answer.status === 200 && (answer.body as IDataObject | undefined)?.resumed === true);
		} catch {
			return false;
		}
	};
	void (async () => {
		for (;;) {
			const now = Date.now();
			if (now > finalAt + TIMER_GRACE_MS) break;
			await sleep(now >= finalAt ? FINAL_RETRY_MS : Math.max(1000, Math.min(everyMs, finalAt - now)));
			if (checks.stopped || (await check()) || checks.stopped) break;
		}
		if (running.get(executionId) === checks) running.delete(executionId);
	})();
}
