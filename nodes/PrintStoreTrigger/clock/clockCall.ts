import type { IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { catchUp, failureOf, type Outcome } from '../catchUp/runCatchUp';
import { emit } from '../pipeline/pass';
import { runningCatchUp } from '../setup/settings';
import { proofFor, type ClockRequest } from './reach';

/**
 * The clock's request, in the trigger's webhook, once its signature is checked (clock/reach.ts,
 * `checkClockRequest`): as wait/resumeCall.ts answers the wait's own asks. A probe or a save reads
 * nothing (the trigger keeps its memory whole as the request ends); a run is a catch-up
 * (catchUp/runCatchUp.ts), answered with its counts, or with `failed` and why, which the clock
 * shows as a failed execution (clock/failure.ts). Every answer carries the trigger's proof.
 *
 * Several clocks may call (n8n with several main processes starts one in each): a regular call within
 * half an interval of the last catch-up reads nothing. The first call after an activation or a start
 * always reads, and takes the newest records too: n8n was not there to receive their callbacks.
 */
export async function answerClock(ctx: IWebhookFunctions, request: ClockRequest & { secret: string }): Promise<IWebhookResponseData> {
	const proof = proofFor(request.secret, request.nonce);
	if (request.ask !== 'run') return { webhookResponse: { answered: request.ask, proof } };
	const settings = runningCatchUp(ctx);
	if (!settings) return { webhookResponse: { caughtUp: false, reason: 'The catch-up is off, or the trigger has no credential', proof } };
	let outcome: Outcome | undefined;
	try {
		outcome = await catchUp(ctx, settings, request.first ? 'firstTick' : 'tick');
	} catch (error) {
		const failure = failureOf(ctx, error);
		return { webhookResponse: { caughtUp: false, failed: failure.message, description: failure.description, proof } };
	}
	if (!outcome) return { webhookResponse: { caughtUp: false, reason: 'Another catch-up ran less than half an interval ago', proof } };
	return await emit(ctx, outcome.events, { caughtUp: true, ...outcome.counts, proof });
}
