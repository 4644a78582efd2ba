import type { IExecuteFunctions, INodeExecutionData, ITriggerFunctions, ITriggerResponse } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { isRecord } from '../../shared/json';
import { callOwnWebhook } from '../../shared/n8nInternals';
import { clockProof, CLOCK_HEADER, currentSecret, signedClockRequest, triggerKey, type ClockAsk } from '../setup/webhooks';
import { lastRecorded, servedAddresses, servedHereAt } from '../pipeline/memory';
import { candidateAddresses, statusWebhookAt } from './address';
import { runningCatchUp } from '../setup/settings';

/**
 * The catch-up's clock: the trigger's `trigger()`, which n8n runs in the process that keeps the
 * workflow active (the main process; with several, the leader), when the workflow is published and
 * every time n8n starts, and closes when it is unpublished or n8n stops. It does not read the store
 * itself: every interval it asks the trigger's own webhook for a catch-up (a signed request, no
 * secret in it: setup/webhooks.ts), at the first address where an n8n process answers as the
 * trigger (catchUp/address.ts), so the catch-up runs where callbacks run, over the same memory,
 * which n8n reads afresh for each request and saves right after.
 *
 * What it shows, as a failed execution of the workflow (its trigger's error, and the error workflow,
 * as for any execution that fails; the workflow stays published and callbacks go on):
 * - a catch-up that failed (the store could not be read, the account's store is not known), once
 *   per failure, not once per interval while it lasts;
 * - no address answering as the trigger for a while (`unreachableReportedAfterMs`, or one
 *   interval when shorter), once, until one answers again.
 * The clock starts an execution with one item that carries the failure; the trigger's execute()
 * throws it (`failureIn`), so n8n records it as it records any failed execution, on n8n 1.x and 2.x
 * alike.
 */

/** The field of the item that carries a failure of the catch-up into the execution. */
const FAILURE = 'printStoreCatchUpFailure';

/** The failure an execution's items carry from the clock, as the error to throw, or undefined. */
export function failureIn(ctx: IExecuteFunctions, items: INodeExecutionData[]): NodeOperationError | undefined {
	const failure = items.length === 1 ? items[0].json[FAILURE] : undefined;
	if (!isRecord(failure) || typeof failure.message !== 'string') return undefined;
	return new NodeOperationError(ctx.getNode(), failure.message, { description: typeof failure.description === 'string' ? failure.description : undefined });
}

export const CLOCK_TIMING = {
	/** The first catch-up after a start comes once n8n serves the trigger's webhooks. */
	firstAfterMs: 5000,
	/** After no address answered, the next try comes sooner. */
	retryMs: 30_000,
	/** No address answering for this long (or one interval, when shorter) is the trigger's error. */
	unreachableReportedAfterMs: 5 * 60_000,
};
const PROBE_TIMEOUT_MS = 10_000;
const RUN_TIMEOUT_MS = 10 * 60_000;
/** The clock waits in steps this long, so a closed clock ends within one. */
const STEP_MS = 1000;
/**
 * This long after callbacks in this process recorded something, the clock has the memory saved once
 * more (`save`): n8n saves concurrent requests' copies in an order of its own, and n8n 1.x saves a
 * request's copy again when its execution ends (memory.ts, rule 2); one more save after them all
 * leaves the database with everything, before a restart could lose any of it.
 */
const SAVE_AFTER_MS = 1000;
/** How long the clock's last save may take as n8n closes the trigger. */
const CLOSING_TIMEOUT_MS = 3000;

/** A clock's attempt at one address, as the error names it (the address holds no secret). */
interface Attempt {
	address: string;
	got: string;
}

type Answered = { answer: Record<string, unknown>; address: string } | { attempts: Attempt[] };

export async function startClock(ctx: ITriggerFunctions): Promise<ITriggerResponse> {
	// Manual runs (the editor's test) have no clock; neither has a trigger whose catch-up does not run.
	const settings = ctx.getMode() === 'manual' ? undefined : runningCatchUp(ctx);
	if (!settings) return {};
	const key = triggerKey(ctx);
	const node = ctx.getNode();
	const webhookId = String(node.webhookId ?? '');
	const secret = await currentSecret(ctx);
	const configured = String((ctx.getNodeParameter('catchUpOptions', {}) as { ownAddress?: unknown }).ownAddress ?? '');
	const place = { key, staticData: ctx.getWorkflowStaticData('node') };
	const clock: { closed: boolean; answered?: string } = { closed: false };

	/** Asks the trigger, at each address in turn, until one answers with the trigger's proof. */
	const ask = async (what: ClockAsk, first: boolean, timeoutMs: number): Promise<Answered> => {
		const attempts: Attempt[] = [];
		const known = { configured, answered: clock.answered, here: servedHereAt(key), served: servedAddresses(place) };
		for (const address of candidateAddresses(ctx, known)) {
			// An address not known to answer is first asked, briefly, whether it is the trigger's.
			if (what === 'run' && address !== clock.answered) {
				const probe = await askAt(address, 'probe', false, PROBE_TIMEOUT_MS);
				if (!probe.answer) {
					attempts.push(probe.attempt);
					continue;
				}
			}
			const result = await askAt(address, what, first, timeoutMs);
			if (!result.answer) {
				attempts.push(result.attempt);
				continue;
			}
			clock.answered = address;
			return { answer: result.answer, address };
		}
		return { attempts };
	};

	const askAt = async (address: string, what: ClockAsk, first: boolean, timeoutMs: number): Promise<{ answer: Record<string, unknown> } | { answer?: undefined; attempt: Attempt }> => {
		const signed = signedClockRequest(ctx, secret, what, first);
		const tick = await callOwnWebhook(ctx, statusWebhookAt(address, webhookId), signed.body, { [CLOCK_HEADER]: signed.signature }, timeoutMs);
		if (isRecord(tick.body) && tick.body.proof === clockProof(secret, signed.request.nonce)) return { answer: tick.body };
		const got = tick.status !== undefined ? `HTTP ${tick.status}${tick.status < 300 ? " without the trigger's proof" : ''}` : `no answer (${tick.error ?? 'unknown'})`;
		return { attempt: { address, got } };
	};

	let saved = lastRecorded(key) ?? 0;
	const saveIfRecorded = async (closing: boolean) => {
		const recorded = lastRecorded(key);
		if (recorded === undefined || recorded <= saved || (!closing && Date.now() - recorded < SAVE_AFTER_MS)) return;
		saved = recorded;
		await ask('save', false, closing ? CLOSING_TIMEOUT_MS : PROBE_TIMEOUT_MS);
	};
	const wait = async (ms: number) => {
		for (let waited = 0; waited < ms && !clock.closed; waited += STEP_MS) {
			await sleep(Math.min(STEP_MS, ms - waited));
			if (!clock.closed) await saveIfRecorded(false);
		}
	};
	const where = `Print Store Trigger "${node.name}"`;
	const report = (failure: { message: string; description: string }) => ctx.emit([[{ json: { [FAILURE]: failure } }]]);
	const reportOnce = { failed: '', unreachable: false };

	void (async () => {
		let first = true;
		let unansweredSince: number | undefined;
		await wait(CLOCK_TIMING.firstAfterMs);
		while (!clock.closed) {
			const result = await ask('run', first, RUN_TIMEOUT_MS);
			if (clock.closed) break;
			if ('attempts' in result) {
				unansweredSince ??= Date.now();
				const tried = result.attempts.map((attempt) => `${attempt.address} (${attempt.got})`).join(', ');
				ctx.logger.warn(`${where}: no n8n process answered the catch-up as this trigger: ${tried}`);
				if (!reportOnce.unreachable && Date.now() - unansweredSince >= Math.min(settings.everyMs, CLOCK_TIMING.unreachableReportedAfterMs)) {
					reportOnce.unreachable = true;
					report(unreachable(tried));
				}
				await wait(Math.min(settings.everyMs, CLOCK_TIMING.retryMs));
				continue;
			}
			unansweredSince = undefined;
			reportOnce.unreachable = false;
			first = false;
			const failed = typeof result.answer.failed === 'string' ? result.answer.failed : '';
			if (failed) {
				// One failed execution per failure, not one per interval while it lasts.
				if (failed !== reportOnce.failed) report(catchUpFailed(failed, String(result.answer.description ?? '')));
				reportOnce.failed = failed;
			} else {
				reportOnce.failed = '';
				ctx.logger.debug(`${where}: catch-up at ${result.address}: ${JSON.stringify({ ...result.answer, proof: undefined })}`);
			}
			await wait(settings.everyMs);
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

function catchUpFailed(message: string, description: string): { message: string; description: string } {
	return {
		message,
		description:
			`${description ? `${description} ` : ''}Nothing was emitted by this catch-up and nothing was recorded as read: the next one reads the same changes again. ` +
			'Callbacks still start the workflow meanwhile.',
	};
}

function unreachable(tried: string): { message: string; description: string } {
	return {
		message: 'The catch-up cannot reach this trigger: no n8n process answered at its own addresses',
		description:
			`Tried: ${tried}. The catch-up runs in a request to the trigger's own webhook, at the address n8n listens on or its Production URL (N8N_WEBHOOK_URL). ` +
			'Set Catch-Up Options > Own Address to an address this n8n process reaches itself at (e.g. http://127.0.0.1:5678), or let it reach N8N_WEBHOOK_URL ' +
			'(with N8N_SSRF_PROTECTION_ENABLED, allow that host). Callbacks still start the workflow meanwhile.',
	};
}
