import type { IExecuteFunctions, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { refuse } from '../shared/callbacks/answer';
import { readPayload } from '../shared/callbacks/read';
import { answerClock, catchUpForCallback, isClockRequest } from './catchUp/requests';
import { runningCatchUp } from './catchUp/settings';
import { healState } from './memory/catchUpState';
import { completeSharedEvents } from './memory/dedupe';
import { emit, readEvents, selectEvents } from './webhook/receive';
import { triggerKey } from './webhook/secret';
import { readStatusesFromApi } from './webhook/statusFromApi';

/**
 * What an authenticated request to the trigger is, and who answers it: the catch-up clock's request
 * (catchUp/), a callback without a body (its status read from the API, or, when it names no order,
 * a catch-up), or callbacks with their events (webhook/).
 */
export async function receive(ctx: IWebhookFunctions): Promise<IWebhookResponseData> {
	const read = readPayload(ctx);
	if ('refused' in read) return refuse(ctx, read.refused.httpStatus, read.refused.message);
	const live = ctx.getMode() !== 'manual';
	if (live && isClockRequest(read.payload, read.bodiless)) return await answerClock(ctx, read.payload);
	let events = readEvents(ctx, read.payload);
	if (!Array.isArray(events)) return refuse(ctx, events.httpStatus, events.message);
	const catchUp = live ? runningCatchUp(ctx) : undefined;
	if (read.bodiless) {
		// No body (a GET, an empty POST): the status comes from the API; with none named, from a catch-up.
		const namesNoOrder = events.every((event) => (event.OrderID ?? event.OrderNumber ?? '') === '');
		if (catchUp && namesNoOrder) return await catchUpForCallback(ctx, catchUp, events);
		events = await readStatusesFromApi(ctx, events, events[0]?.event ?? 'status', new Date());
	}
	const { emitted, acknowledgement } = selectEvents(ctx, events, triggerKey(ctx), catchUp !== undefined);
	if (emitted.length === 0) return { webhookResponse: acknowledgement };
	return await emit(ctx, emitted, acknowledgement, catchUp !== undefined);
}

/**
 * As a request ends, n8n saves its static data (and n8n 1.x the copy of the execution a callback
 * started, as it ends): the copy gets everything this process has recorded, events and what the
 * catch-up read, so the copy saved last holds it all, also what a request recorded after this one
 * read its copy; and it is kept, so whatever is recorded later goes into it too (memory/copies.ts).
 * Nothing to do for a trigger whose memory is not shared through the static data (this process then
 * holds nothing of it), nor on a worker, which records nothing.
 */
export function keepMemoryWhole(ctx: IWebhookFunctions | IExecuteFunctions): void {
	if (ctx.getMode() === 'manual') return;
	const nodeStaticData = ctx.getWorkflowStaticData('node');
	const key = triggerKey(ctx);
	completeSharedEvents(nodeStaticData, key);
	healState(nodeStaticData, key);
}
