import type { ITriggerFunctions, ITriggerResponse } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { LastingFailure, triedText } from '../../shared/selfCalls/ask';
import { lastRecordedFor } from '../memory/door';
import { isPublish, runningCatchUp } from '../setup/settings';
import { catchUpFailed, failureItems, unreachable, type ClockFailure } from './failure';
import { askTheTrigger, PROBE_TIMEOUT_MS, reachTrigger } from './reach';

/**
 * The catch-up's clock: the trigger's `trigger()`, which n8n runs in the process that keeps the
 * workflow active (the main process; with several, the leader), when the workflow is published and
 * every time n8n starts, and closes when it is unpublished or n8n stops. It does not read the store
 * itself: every interval it asks the trigger's own webhook for a catch-up (a signed request, no
 * secret in it), at the first address where an n8n process answers as the trigger (clock/reach.ts),
 * so the catch-up runs where callbacks run, over the same memory, which n8n reads afresh for each
 * request and saves right after (clock/clockCall.ts answers it).
 *
 * What it shows, as a failed execution of the workflow (clock/failure.ts):
 * - a catch-up that failed (the store could not be read, the account's store is not known), once
 *   per failure, not once per try while it lasts (it is tried again after `retryMs`);
 * - no address answering as the trigger: after a publish at the second try (`retryMs` after the
 *   first), as n8n starts after a while (`unreachableReportedAfterMs`: its webhooks may not be served
 *   yet), or one interval when shorter; once, until one answers again.
 */

export const CLOCK_TIMING = {
	/** The first catch-up after a start comes once n8n serves the trigger's webhooks. */
	firstAfterMs: 5000,
	/** After no address answered, or a catch-up failed, the next try comes sooner. */
	retryMs: 30_000,
	/** As n8n starts, no address answering for this long (or one interval, when shorter) is the trigger's error; after a publish, `retryMs`. */
	unreachableReportedAfterMs: 5 * 60_000,
};
const RUN_TIMEOUT_MS = 10 * 60_000;
/** The clock waits in steps this long, so a closed clock ends within one. */
const STEP_MS = 1000;
/**
 * This long after callbacks in this process recorded something, the clock has the memory saved once
 * more (`save`): n8n saves concurrent requests' copies in an order of its own, and n8n 1.x saves a
 * request's copy again when its execution ends (n8nInternals/staticData.ts); one more save after them
 * all leaves the database with everything, before a restart could lose any of it.
 */
const SAVE_AFTER_MS = 1000;
/** How long the clock's last save may take as n8n closes the trigger. */
const CLOSING_TIMEOUT_MS = 3000;

export async function startClock(ctx: ITriggerFunctions): Promise<ITriggerResponse> {
	// Manual runs (the editor's test) have no clock; neither has a trigger whose catch-up does not run.
	const settings = ctx.getMode() === 'manual' ? undefined : runningCatchUp(ctx);
	if (!settings) return {};
	const node = ctx.getNode();
	const reach = await reachTrigger(ctx, settings);
	const clock = { closed: false };

	// After a publish, no address answering is shown at the second try; as n8n starts, only after a while.
	const reportUnreachableAfterMs = Math.min(settings.everyMs, isPublish(ctx) ? CLOCK_TIMING.retryMs : CLOCK_TIMING.unreachableReportedAfterMs);

	let saved = lastRecordedFor(ctx) ?? 0;
	const saveIfRecorded = async (closing: boolean) => {
		const recorded = lastRecordedFor(ctx);
		if (recorded === undefined || recorded <= saved || (!closing && Date.now() - recorded < SAVE_AFTER_MS)) return;
		saved = recorded;
		await askTheTrigger(reach, 'save', false, closing ? CLOSING_TIMEOUT_MS : PROBE_TIMEOUT_MS);
	};
	const wait = async (ms: number) => {
		for (let waited = 0; waited < ms && !clock.closed; waited += STEP_MS) {
			await sleep(Math.min(STEP_MS, ms - waited));
			if (!clock.closed) await saveIfRecorded(false);
		}
	};
	const where = `Print Store Trigger "${node.name}"`;
	const report = (failure: ClockFailure) => ctx.emit(failureItems(failure));
	// One failed execution per failure, not one per interval while it lasts.
	const failing = new LastingFailure();

	void (async () => {
		let first = true;
		let unansweredSince: number | undefined;
		await wait(CLOCK_TIMING.firstAfterMs);
		while (!clock.closed) {
			const result = await askTheTrigger(reach, 'run', first, RUN_TIMEOUT_MS);
			if (clock.closed) break;
			if ('attempts' in result) {
				unansweredSince ??= Date.now();
				const tried = triedText(result.attempts);
				ctx.logger.warn(`${where}: no n8n process answered the catch-up as this trigger: ${tried}`);
				if (Date.now() - unansweredSince >= reportUnreachableAfterMs && failing.isNew('unreachable')) {
					report(unreachable(tried, result.attempts));
				}
				await wait(Math.min(settings.everyMs, CLOCK_TIMING.retryMs));
				continue;
			}
			unansweredSince = undefined;
			first = false;
			const failed = typeof result.answer.failed === 'string' ? result.answer.failed : '';
			if (!failed) {
				failing.clear();
				ctx.logger.debug(`${where}: catch-up at ${result.root}: ${JSON.stringify({ ...result.answer, proof: undefined })}`);
				await wait(settings.everyMs);
				continue;
			}
			if (failing.isNew(failed)) report(catchUpFailed(failed, String(result.answer.description ?? '')));
			// Tried again sooner: nothing was recorded as read, and the next catch-up reads the same changes.
			await wait(Math.min(settings.everyMs, CLOCK_TIMING.retryMs));
		}
	})();
	return {
		// n8n closes the trigger when the workflow is unpublished and when n8n stops (before its server
		// stops serving webhooks): what was recorded since the last save is saved once more.
		closeFunction: async () => {
			clock.closed = true;
			await saveIfRecorded(true);
		},
	};
}
