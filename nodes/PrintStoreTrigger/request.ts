import type { IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { refuse } from '../shared/callbacks/respond';
import { normalizeEvents, PayloadRejected, type NormalizedEvent } from '../shared/callbacks/normalize';
import { readPayload } from '../shared/callbacks/readBody';
import { isRecord } from '../shared/json';
import { servedRoot } from '../shared/n8nInternals';
import { noteServedHere } from '../shared/selfCalls/addresses';
import { readStatusesFromApi } from './bodilessCallback';
import { catchUpForCallback } from './catchUp/runCatchUp';
import { answerClock } from './clock/clockCall';
import { checkClockRequest } from './clock/reach';
import { noteWhereServed } from './memory/door';
import { passCallback } from './pipeline/pass';
import { callbackKind, checkSecret } from './setup/access';
import { runningCatchUp } from './setup/settings';

/**
 * The trigger's request router: what a request to the trigger is, and who answers it. The catch-up's
 * clock (a signed request, checked in clock/reach.ts, answered in clock/clockCall.ts), a callback
 * without a body (bodilessCallback.ts: its status read from the API, or, when it names no order, a
 * catch-up), or a callback with its events. Every event goes through the one pipeline
 * (pipeline/pass.ts).
 */
export async function receive(ctx: IWebhookFunctions): Promise<IWebhookResponseData> {
	const read = readPayload(ctx);
	if ('refused' in read) return refuse(ctx, read.refused.httpStatus, read.refused.message);
	const live = ctx.getMode() !== 'manual';
	// Signed: the clock's (a callback carries its secret instead; unsigned, this is undefined).
	const clock = live && !read.bodiless ? await checkClockRequest(ctx, read.payload) : undefined;
	if (clock === false) return refuse(ctx, 403, 'Wrong catch-up signature');
	if (clock) {
		noteServed(ctx);
		return await answerClock(ctx, clock);
	}
	const auth = await checkSecret(ctx);
	if (!auth.ok) return refuse(ctx, auth.status, auth.error);
	// A catch-up request is signed (no secret in its URL); one that is not is no callback either.
	if (isRecord(read.payload) && 'printStoreCatchUp' in read.payload) return refuse(ctx, 400, 'A catch-up request must be signed');
	if (live) noteServed(ctx);
	let events = readEvents(ctx, read.payload);
	if (!Array.isArray(events)) return refuse(ctx, events.httpStatus, events.message);
	if (read.bodiless) {
		// No body (a GET, an empty POST): the status comes from the API; with no order named, from a catch-up.
		const catchUp = live ? runningCatchUp(ctx) : undefined;
		const namesNoOrder = events.every((event) => (event.OrderID ?? event.OrderNumber ?? '') === '');
		if (catchUp && namesNoOrder) return await catchUpForCallback(ctx, catchUp, events);
		events = await readStatusesFromApi(ctx, events, events[0]?.event ?? 'status', new Date());
	}
	return await passCallback(ctx, events);
}

/** Normalized events as a list, or the refusal for a payload with more records than allowed or an address that is neither callback. */
function readEvents(ctx: IWebhookFunctions, payload: unknown): NormalizedEvent[] | PayloadRejected {
	const kind = callbackKind(ctx);
	if (!kind) return new PayloadRejected(404, 'Unknown callback address: the path after the webhook ID must start with status/ or details/');
	try {
		return normalizeEvents(payload, kind, new Date()).map((event) => ({ ...event, source: 'callback' }));
	} catch (error) {
		if (error instanceof PayloadRejected) return error;
		throw new NodeOperationError(ctx.getNode(), error as Error);
	}
}

/**
 * Where this process serves the trigger (the root n8n listens on, as the request shows it): for the
 * package's calls to n8n itself in this process (the clock, the wait's checks: shared/selfCalls),
 * and, with a shared memory, in the memory, for the clock after a restart or in another process.
 */
function noteServed(ctx: IWebhookFunctions): void {
	const root = servedRoot(ctx, ctx.getNode().webhookId);
	if (!root) return;
	noteServedHere(root);
	noteWhereServed(ctx, root);
}
