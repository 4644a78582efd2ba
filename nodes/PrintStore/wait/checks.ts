import type { IExecuteFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { WAIT_TIMER_GRACE_MS } from '../../shared/n8nInternals';
import { LastingFailure, triedText, whereToPointIt } from '../../shared/selfCalls/ask';
import type { CheckFailures } from './plan';
import { askTheWait, type WaitReach } from './reach';

/**
 * The checks of Order > Wait Until Status, for a service that drops callbacks: n8n runs nothing of
 * a waiting node on a timer (its timer only ends the wait, passing the items through), so the
 * process that put the execution to wait asks the execution's resume webhook itself (wait/reach.ts:
 * where n8n answers from this process, signed, the node's answer proved), at the interval the user
 * set and at the time limit. Each check makes the webhook read the status histories again
 * (wait/resumeCall.ts), and resume the execution when every order is settled or out of time. The
 * checks stop when the execution resumed or is gone.
 *
 * A check that fails (no address answers as the node, or n8n fails it) is never dropped: it is tried
 * again soon (5 s, doubling, at most the interval), n8n's log says why once per reason (with what to
 * set), and the next check that gets through carries the failures to the node, which puts them on
 * the output (`checkFailures`). Where the wait ends by n8n's own timer instead, its items say that
 * no check ran at the end (wait/plan.ts, `pendingItem`).
 *
 * They live in the memory of the process: if n8n restarts meanwhile, callbacks still resume the
 * execution, and n8n's own timer ends the wait TIMER_GRACE_MS after the time limit at the latest.
 */

/** n8n's own timer ends a wait this long after its time limit, at the latest (see n8nInternals). */
export const TIMER_GRACE_MS = WAIT_TIMER_GRACE_MS;
export const CHECK_TIMING = {
	/** After a check that failed, the next comes this soon, doubling up to the interval. */
	retryMs: 5000,
	/** How long a check may take (reading every history of the wait). */
	timeoutMs: 60_000,
};

const running = new Map<string, { stopped: boolean }>();

export function stopChecks(executionId: string): void {
	const checks = running.get(executionId);
	if (checks) checks.stopped = true;
	running.delete(executionId);
}

/** What one check came to: the wait goes on, it ended (resumed, or nothing left), or the check failed (`unreached`: no address answered). */
type Checked = 'waiting' | 'ended' | { failed: string; unreached?: true };

export function startChecks(ctx: IExecuteFunctions, reach: WaitReach, everyMs: number, finalAt: number): void {
	const executionId = reach.executionId;
	const logger = ctx.logger;
	const where = `Print Store "${ctx.getNode().name}", execution ${executionId}`;
	stopChecks(executionId);
	const checks = { stopped: false };
	running.set(executionId, checks);
	const failures: { count: number; last?: string; lastAt?: string } = { count: 0 };
	const lasting = new LastingFailure();

	const check = async (): Promise<Checked> => {
		const report: CheckFailures | undefined = failures.count > 0 ? { count: failures.count, last: failures.last ?? '', lastAt: failures.lastAt ?? '' } : undefined;
		const asked = await askTheWait(reach, { printStoreCheck: true, ...(report ? { failures: report } : {}) }, CHECK_TIMING.timeoutMs);
		if ('attempts' in asked) return { failed: `no n8n process answered as this wait: ${triedText(asked.attempts)}`, unreached: true };
		const answer = asked.value;
		if ('n8n' in answer) return answer.n8n === 'gone' ? 'ended' : 'waiting';
		if (answer.node.resumed === true || answer.node.waiting === false) return 'ended';
		if (typeof answer.node.error === 'string' && answer.node.received === false) return { failed: `the wait answered: ${answer.node.error}` };
		return 'waiting';
	};

	void (async () => {
		let retry = 0;
		for (;;) {
			const now = Date.now();
			if (now > finalAt + TIMER_GRACE_MS) break;
			const untilNext = retry > 0 ? Math.min(everyMs, retry) : now >= finalAt ? CHECK_TIMING.retryMs : Math.max(1000, Math.min(everyMs, finalAt - now));
			await sleep(untilNext);
			if (checks.stopped) break;
			const checked = await check().catch((error: Error): Checked => ({ failed: error.message ?? 'unknown error' }));
			if (checks.stopped || checked === 'ended') break;
			if (checked === 'waiting') {
				retry = 0;
				if (lasting.clear()) logger.info(`${where}: the wait's checks reach n8n again`);
				continue;
			}
			failures.count += 1;
			failures.last = checked.failed;
			failures.lastAt = new Date().toISOString();
			retry = retry === 0 ? CHECK_TIMING.retryMs : retry * 2;
			if (lasting.isNew(checked.failed.replace(/\(no answer \([^)]*\)\)/g, '(no answer)'))) {
				const help = checked.unreached ? ` ${whereToPointIt([], '')}` : '';
				logger.warn(`${where}: a check of the orders' statuses failed and is tried again: ${checked.failed}.${help} Callbacks still resume the wait.`);
			}
		}
		if (running.get(executionId) === checks) running.delete(executionId);
	})();
}
