import type { ITriggerFunctions, ITriggerResponse } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { triggerCallbackUrl } from '../../shared/callbacks/urls';
import { callOwnWebhook, webhookBaseUrl, type OwnWebhookAnswer } from '../../shared/n8nInternals';
import { lastRecorded } from '../memory/dedupe';
import { derivedSecret, fixedSecret, legacySecret, triggerKey } from '../webhook/secret';
import { runningCatchUp } from './settings';

/**
 * The catch-up's clock: the trigger's `trigger()`, which n8n runs in the process that keeps the
 * workflow active (the main process; with several, the leader), when the workflow is published and
 * every time n8n starts, and closes when it is unpublished or n8n stops. It does not read the store
 * itself: every interval it sends the trigger's own webhook `{"printStoreCatchUp": true}` (with the
 * trigger's secret, to n8n's production address), so the catch-up runs where the callbacks run and
 * shares their memory (catchUp/index.ts). A catch-up that fails is recorded by n8n as a failed
 * execution there; the clock only logs what it could not reach.
 *
 * The first request after a start says so (`first`): it always reads, and takes the newest records
 * too, since n8n was not there to receive their callbacks.
 */

/** The first catch-up after a start comes once n8n serves the trigger's webhooks. */
export const FIRST_CATCH_UP_AFTER_MS = 5000;
/** After a request that got no answer (webhooks not served yet, a proxy down), the next one comes sooner. */
const RETRY_MS = 30_000;
const REQUEST_TIMEOUT_MS = 10 * 60_000;
/** The clock waits in steps this long, so a closed clock ends within one. */
const STEP_MS = 1000;
/**
 * This long after callbacks in this process recorded new events, the clock has the memory saved once
 * more (`persist`): n8n saves the static data of concurrent requests in an order of its own, so a
 * copy read before the last event was recorded may be saved last; one more save after them all
 * leaves the database with every event, before a restart could lose one.
 */
const PERSIST_AFTER_MS = 1000;
/** How long the clock's last save may take as n8n closes the trigger. */
const CLOSING_TIMEOUT_MS = 3000;

/** The status webhook's production address with the trigger's secret, in the form its option places it. */
async function ownAddress(ctx: ITriggerFunctions): Promise<string> {
	const secret = fixedSecret(ctx) || legacySecret(ctx) || (await derivedSecret(ctx));
	const placement = (ctx.getNodeParameter('options', {}) as { secretPlacement?: string }).secretPlacement;
	return triggerCallbackUrl(webhookBaseUrl(ctx), String(ctx.getWorkflow().id ?? ''), ctx.getNode(), 'status', secret, placement);
}

/** The log names the trigger and what came back, never the address: it carries the secret. */
function logTick(ctx: ITriggerFunctions, tick: OwnWebhookAnswer, first: boolean): void {
	const where = `Print Store Trigger "${ctx.getNode().name}" of workflow "${ctx.getWorkflow().name ?? String(ctx.getWorkflow().id ?? '')}"`;
	if (tick.status !== undefined && tick.status < 300) {
		ctx.logger.debug(`${where}: catch-up${first ? ' after start' : ''}: ${JSON.stringify(tick.body)}`);
	} else if (tick.status === 500) {
		ctx.logger.warn(`${where}: the catch-up failed; its error is in the workflow's executions`);
	} else {
		const got = tick.status !== undefined ? `HTTP ${tick.status}` : `no answer (${tick.error ?? 'unknown'})`;
		ctx.logger.warn(`${where}: the catch-up request to n8n's own webhook address got ${got}; it is tried again. Check that this n8n process reaches N8N_WEBHOOK_URL.`);
	}
}

export async function startClock(ctx: ITriggerFunctions): Promise<ITriggerResponse> {
	// Manual runs (the editor's test) have no clock; neither has a trigger whose catch-up does not run.
	const settings = ctx.getMode() === 'manual' ? undefined : runningCatchUp(ctx);
	if (!settings) return {};
	const address = await ownAddress(ctx);
	const everyMs = settings.everyMs;
	const clock = { closed: false };
	const key = triggerKey(ctx);
	let persisted = lastRecorded(key) ?? 0;
	const persistIfRecorded = async (now: boolean) => {
		const recorded = lastRecorded(key);
		if (recorded === undefined || recorded <= persisted || (!now && Date.now() - recorded < PERSIST_AFTER_MS)) return;
		persisted = recorded;
		const tick = await callOwnWebhook(ctx, address, { printStoreCatchUp: true, persist: true }, now ? CLOSING_TIMEOUT_MS : REQUEST_TIMEOUT_MS);
		if (!now && (tick.status === undefined || tick.status >= 300)) logTick(ctx, tick, false);
	};
	const wait = async (ms: number) => {
		for (let waited = 0; waited < ms && !clock.closed; waited += STEP_MS) {
			await sleep(Math.min(STEP_MS, ms - waited));
			if (!clock.closed) await persistIfRecorded(false);
		}
	};
	void (async () => {
		let first = true;
		await wait(FIRST_CATCH_UP_AFTER_MS);
		while (!clock.closed) {
			const tick = await callOwnWebhook(ctx, address, { printStoreCatchUp: true, ...(first ? { first: true } : {}) }, REQUEST_TIMEOUT_MS);
			if (clock.closed) break;
			logTick(ctx, tick, first);
			// 404: n8n does not serve the trigger (yet); 502 and up: a proxy in front of n8n did not reach it.
			const answered = tick.status !== undefined && tick.status !== 404 && tick.status < 502;
			if (answered) first = false;
			await wait(answered ? everyMs : Math.min(everyMs, RETRY_MS));
		}
	})();
	return {
		// n8n closes the trigger when the workflow is unpublished and when n8n stops (before its server
		// stops serving webhooks): events recorded since the last save are saved once more.
		closeFunction: async () => {
			clock.closed = true;
			await persistIfRecorded(true);
		},
	};
}
