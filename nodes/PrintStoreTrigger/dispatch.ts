import type { IDataObject, IExecuteFunctions, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { refuse } from '../shared/callbacks/answer';
import { readPayload } from '../shared/callbacks/read';
import { answerClock, catchUpForCallback, catchUpOn, isClockRequest } from './catchUp/requests';
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
	const catchUp = live && catchUpOn(ctx);
	if (read.bodiless) {
		// No body (a GET, an empty POST): the status comes from the API; with none named, from a catch-up.
		const namesNoOrder = events.every((event) => (event.OrderID ?? event.OrderNumber ?? '') === '');
		if (catchUp && namesNoOrder) return await catchUpForCallback(ctx, events);
		events = await readStatusesFromApi(ctx, events, events[0]?.event ?? 'status', new Date());
	}
	const { emitted, acknowledgement } = selectEvents(ctx, events, triggerKey(ctx), catchUp);
	if (emitted.length === 0) return { webhookResponse: acknowledgement };
	return await emit(ctx, emitted, acknowledgement, catchUp);
}

/**
 * As a request ends, n8n saves its static data, and the requests of one process end one after the
 * other: its copy gets everything this process has recorded (events, what the catch-up read), so the
 * copy saved last holds it all, also what a request recorded after this one had read its copy.
 * Only where the memory is shared through the static data (the catch-up, Remember Across Processes).
 */
export function keepMemoryWhole(ctx: IWebhookFunctions): void {
	if (ctx.getMode() === 'manual') return;
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const catchUp = catchUpOn(ctx);
	if (!catchUp && options.acrossProcesses !== true) return;
	const nodeStaticData = ctx.getWorkflowStaticData('node');
	const key = triggerKey(ctx);
	completeSharedEvents(nodeStaticData, key);
	if (catchUp) healState(nodeStaticData, key);
}

/**
 * The execution a callback started: n8n (1.x) may save its copy of the static data when it ends, a
 * copy read from the database as the execution started. It gets what this process has recorded,
 * and is kept with the request copies, so whatever is recorded later goes into it too
 * (memory/copies.ts). Only triggers whose memory is in the static data; nothing to do on a worker,
 * which records nothing.
 */
export function keepExecutionMemoryWhole(ctx: IExecuteFunctions): void {
	if (ctx.getMode() === 'manual') return;
	const nodeStaticData = ctx.getWorkflowStaticData('node');
	if (!('recentEvents' in nodeStaticData) && !('catchUp' in nodeStaticData)) return;
	const key = triggerKey(ctx);
	completeSharedEvents(nodeStaticData, key);
	healState(nodeStaticData, key);
}
