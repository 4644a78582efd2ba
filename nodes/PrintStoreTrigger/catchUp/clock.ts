import type { IExecuteFunctions, INodeExecutionData, ITriggerFunctions, ITriggerResponse } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { isRecord } from '../../shared/json';
import { n8nSender, webhookBaseUrl } from '../../shared/n8nInternals';
import { addressesToTry, credentialAddress, servedHere, splitEndpoint } from '../../shared/selfCalls/addresses';
import { askInTurn, LastingFailure, triedText, whereToPointIt, type Attempt } from '../../shared/selfCalls/ask';
import { answerProof } from '../../shared/selfCalls/signing';
import { CREDENTIAL_TYPE } from '../../shared/transport';
import { currentSecret, signedClockRequest, type ClockAsk } from '../setup/webhooks';
import { addressesServed, lastRecordedFor } from '../pipeline/pipeline';
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
 *   per failure, not once per try while it lasts (it is tried again after `retryMs`);
 * - no address answering as the trigger: after a publish at the second try (`retryMs` after the
 *   first), as n8n starts after a while (`unreachableReportedAfterMs`: its webhooks may not be served
 *   yet), or one interval when shorter; once, until one answers again.
 * The clock starts an execution with one item that carries the failure; the trigger's execute()
 * throws it (`failureIn`), so n8n records it as it records any failed execution, on n8n 1.x and 2.x
 * alike. (A running trigger's `emitError` would unpublish the workflow until n8n activates it again,
 * and callbacks would go unanswered meanwhile.)
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
	/** After no address answered, or a catch-up failed, the next try comes sooner. */
	retryMs: 30_000,
	/** As n8n starts, no address answering for this long (or one interval, when shorter) is the trigger's error; after a publish, `retryMs`. */
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

type Answered = { answer: Record<string, unknown>; root: string } | { attempts: Attempt[] };

/** A publish by a user (or a save of a published workflow), not n8n starting or a new leader taking over. */
function isPublish(ctx: ITriggerFunctions): boolean {
	return !['init', 'leadershipChange'].includes(ctx.getActivationMode());
}

export async function startClock(ctx: ITriggerFunctions): Promise<ITriggerResponse> {
	// Manual runs (the editor's test) have no clock; neither has a trigger whose catch-up does not run.
	const settings = ctx.getMode() === 'manual' ? undefined : runningCatchUp(ctx);
	if (!settings) return {};
	const node = ctx.getNode();
	const webhookId = String(node.webhookId ?? '');
	const secret = await currentSecret(ctx);
	const send = n8nSender(ctx, 'catchUpClock');
	const given = [credentialAddress(await ctx.getCredentials(CREDENTIAL_TYPE)), String((ctx.getNodeParameter('catchUpOptions', {}) as { ownAddress?: unknown }).ownAddress ?? '')];
	// n8n's production webhooks: `<root><endpoint>/<webhook ID>/status` (N8N_ENDPOINT_WEBHOOK is the endpoint).
	const production = splitEndpoint(webhookBaseUrl(ctx), 0);
	const endpoints = { webhook: production.endpoint, waiting: '' };
	const clock: { closed: boolean; answered?: string } = { closed: false };

	const roots = () =>
		addressesToTry({ given, seen: [clock.answered ?? '', ...servedHere(), ...addressesServed(ctx)], editor: ctx.getInstanceBaseUrl(), public: production.root }, endpoints);

	/** Asks the trigger at one root; its answer when it carries the trigger's proof. */
	const askAt = async (root: string, what: ClockAsk, first: boolean, timeoutMs: number): Promise<Answered> => {
		const signed = signedClockRequest(ctx, secret, what, first);
		const proof = answerProof(secret, signed.nonce);
		const asked = await askInTurn(send, [root], { url: (at) => `${at}${production.endpoint}/${webhookId}/status`, body: signed.body, headers: signed.headers, timeoutMs }, (answer) =>
			isRecord(answer.body) && answer.body.proof === proof ? answer.body : undefined,
		);
		return 'value' in asked ? { answer: asked.value, root } : asked;
	};

	/** Asks the trigger, at each root in turn, until one answers with the trigger's proof; a root not known to answer is first probed briefly. */
	const ask = async (what: ClockAsk, first: boolean, timeoutMs: number): Promise<Answered> => {
		const attempts: Attempt[] = [];
		for (const root of roots()) {
			if (what === 'run' && root !== clock.answered) {
				const probed = await askAt(root, 'probe', false, PROBE_TIMEOUT_MS);
				if ('attempts' in probed) {
					attempts.push(...probed.attempts);
					continue;
				}
			}
			const result = await askAt(root, what, first, timeoutMs);
			if ('attempts' in result) {
				attempts.push(...result.attempts);
				continue;
			}
			clock.answered = root;
			return result;
		}
		return { attempts };
	};

	// After a publish, no address answering is shown at the second try; as n8n starts, only after a while.
	const reportUnreachableAfterMs = Math.min(settings.everyMs, isPublish(ctx) ? CLOCK_TIMING.retryMs : CLOCK_TIMING.unreachableReportedAfterMs);

	let saved = lastRecordedFor(ctx) ?? 0;
	const saveIfRecorded = async (closing: boolean) => {
		const recorded = lastRecordedFor(ctx);
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
	// One failed execution per failure, not one per interval while it lasts.
	const failing = new LastingFailure();

	void (async () => {
		let first = true;
		let unansweredSince: number | undefined;
		await wait(CLOCK_TIMING.firstAfterMs);
		while (!clock.closed) {
			const result = await ask('run', first, RUN_TIMEOUT_MS);
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

function catchUpFailed(message: string, description: string): { message: string; description: string } {
	return {
		message,
		description:
			`${description ? `${description} ` : ''}Nothing was emitted by this catch-up and nothing was recorded as read: the next one reads the same changes again. ` +
			'Callbacks still start the workflow meanwhile.',
	};
}

function unreachable(tried: string, attempts: Attempt[]): { message: string; description: string } {
	return {
		message: 'The catch-up cannot reach this trigger: no n8n process answered at its own addresses',
		description:
			`Tried: ${tried}. The catch-up runs in a request to the trigger's own webhook, sent by the n8n process that keeps the workflow published (the main process). ` +
			whereToPointIt(attempts, '(Catch-Up Options > Own Address sets one for this trigger alone.) Or set Catch Up Missed Events to Off. Callbacks still start the workflow meanwhile.'),
	};
}
