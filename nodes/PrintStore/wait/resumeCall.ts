import { createHash } from 'node:crypto';

import type { IDataObject, INodeExecutionData, IWebhookDescription, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { answerJson, refuse } from '../../shared/callbacks/respond';
import { normalizeEvents } from '../../shared/callbacks/normalize';
import { readPayload } from '../../shared/callbacks/readBody';
import { secretsMatch } from '../../shared/callbacks/secrets';
import { hideSecretsInText } from '../../shared/hideSecrets';
import { CALLBACK_HTTP_METHODS, N8nChanged, waitingItems } from '../../shared/n8nInternals';
import { triedText } from '../../shared/selfCalls/ask';
import { downloadOnResume, type ResumedOrder } from './downloadOnResume';
import { stopChecks } from './checks';
import { readStatusHistory as readHistory } from '../../shared/reads/orders';
import { matchesStatus } from '../../shared/statuses';
import type { CheckFailures, ResumedBy, WaitPlan } from './plan';
import { orderNames, planOf, resultJson, settle } from './plan';
import { askIn, askTheWait, proofFor, reachFromResumeCall, signedAsk, type WaitAnswer, type WaitAsk } from './reach';
import { resumeSecret, WAIT_WEBHOOK_PATH } from './resumeAddress';

/**
 * The Print Store node's resume webhook: `<resume address>/print-store-status`, answered by the node,
 * for any method a service may call with (n8nInternals, CALLBACK_HTTP_METHODS), with or without a body.
 * n8n calls it for calls to the execution's resume address while the execution waits at this node,
 * so there is no remote webhook to create or delete.
 */
export const RESUME_WEBHOOKS: IWebhookDescription[] = [
	{
		name: 'default',
		httpMethod: CALLBACK_HTTP_METHODS,
		responseMode: 'onReceived',
		// Without it n8n answers a resuming call with the text "firstEntryJson".
		responseData: '',
		path: WAIT_WEBHOOK_PATH,
		restartWebhook: true,
		isFullPath: true,
	},
];

/**
 * The resume webhook of Order > Wait Until Status (n8n calls it for calls to the execution's resume
 * address while the execution waits at this node, of any method, with or without a body). A call is
 * either a status callback of the service (Create sent the address, with the node's secret as
 * `?secret=`) or one of the node's own asks, signed instead (wait/reach.ts): a check (wait/checks.ts),
 * the fresh look below, or, at the wait's start, whether it is reachable.
 *
 * - Without the node's secret or signature a call is refused: it resumes nothing, reads nothing,
 *   and n8n saves nothing. The answer to a signed ask carries the node's proof, and `waiting`.
 * - A callback of an order this wait does not cover, or with a status that settles nothing, is
 *   acknowledged and changes nothing.
 * - Otherwise the status histories are read again, order by order, stopping at the first that is
 *   neither settled nor out of time; when none is left, the execution resumes with one item per
 *   input item. A replayed call can only make the node look again: the histories decide.
 * - It never throws: n8n would resume the execution with its data wiped. A failed read answers 503,
 *   so the service retries (and the next check looks again).
 *
 * What a call decides rests on the execution as n8n loaded it for this call: the wait it is at (its
 * node and the items that node left, `waitKey`), never on what this process saw before. An
 * execution waits any number of times (two waits in a row, a wait in a loop, a restart between),
 * and each wait is resumed by its own calls. The memory below lets a wait resume once per process
 * (a second call for it is answered 409). Across webhook processes it cannot: n8n 2.41.1 claims a
 * waiting execution by its status alone, after this webhook has answered, so a process that loaded
 * the execution at an earlier wait could resume it again once it waits at the next one. So before
 * resuming, the webhook has n8n load the execution again (a probe to its resume address, answered
 * by this webhook wherever it lands: `movedOn`) and resumes only if it still waits at this
 * wait; else it answers 409. That narrows the race to the moment between the probe and n8n's claim,
 * and two calls in that moment still both claim: n8n answers the loser 500. Only a load balancer
 * that sends an execution's calls to one process closes it (docs/queue-mode.md, "Waits: one webhook
 * process per execution").
 */

/** Calls in one process are taken one at a time per execution, and a wait resumes there once. */
const queues = new Map<string, Promise<unknown>>();
const resumed = new Set<string>();
const RESUMED_MEMORY = 10_000;

/**
 * One wait of one execution: the node it waits at and the orders and time limits it left on the
 * stack. A later wait (another node, another round of a loop, another run after a restart) leaves
 * other items (each wait's time limit is set when it starts), so it has another key.
 */
function waitKey(ctx: IWebhookFunctions, executionId: string, items: INodeExecutionData[]): string {
	const digest = createHash('sha256');
	for (const item of items) digest.update(JSON.stringify([orderNames(item.json), item.json.timeLimit ?? null, item.json.storeId ?? null])).update('\n');
	return `${executionId}\n${ctx.getNode().name}\n${digest.digest('base64url')}`;
}

/** The field of a probe's answer: the wait a freshly loaded copy is at. */
const PROBE_ANSWER = 'wait';

/** A wait's key as a probe answers it (a digest: the key holds order numbers). */
const waitDigest = (key: string) => createHash('sha256').update(key).digest('base64url');

/** Who is calling: the service (a callback with the node's secret), or the node itself (a signed ask, and the nonce its answer proves). */
type Caller = { callback: true } | { ask: WaitAsk; nonce: string; secret: string };

/** The call's caller, or the refusal: a wrong or missing secret, or a signature that is not the node's. */
async function callerOf(ctx: IWebhookFunctions, executionId: string): Promise<Caller | IWebhookResponseData> {
	const secret = await resumeSecret(ctx, executionId);
	const ask = askIn(ctx.getBodyData());
	if (ask) {
		const signed = signedAsk(ctx, executionId, secret, ask);
		if (signed) return { ask, nonce: signed.nonce, secret };
		if (signed === false) return refuse(ctx, 403, 'Wrong signature');
	}
	const given = (ctx.getQueryData() as IDataObject).secret;
	if (typeof given !== 'string' || given === '') return refuse(ctx, 401, 'Missing secret');
	if (!secretsMatch(given, secret)) return refuse(ctx, 403, 'Wrong secret');
	// A callback that looks like one of the node's asks but is not signed asks nothing of the node.
	return { callback: true };
}

/** An answer; to the node's own ask, with the node's proof and whether the wait goes on. */
function answer(ctx: IWebhookFunctions, caller: Caller | undefined, status: number, body: IDataObject, waiting: boolean): IWebhookResponseData {
	return answerJson(ctx, status, caller && 'ask' in caller ? { ...body, waiting, proof: proofFor(caller.secret, caller.nonce) } : body);
}

function remember(key: string): void {
	resumed.add(key);
	if (resumed.size > RESUMED_MEMORY) resumed.delete(resumed.values().next().value as string);
}

interface Waiting {
	item: INodeExecutionData;
	plan: WaitPlan | undefined;
}

/**
 * Whether a status callback can settle one of the waiting orders; a refusal when its body is
 * unreadable. A callback without a body (a GET, an empty POST) carries no status: unless its query
 * names an order this wait does not cover, it makes the node read the histories, as a check does.
 */
function concerns(ctx: IWebhookFunctions, waiting: Waiting[]): { relevant: boolean; refused?: IWebhookResponseData } {
	const read = readPayload(ctx);
	if ('refused' in read) return { relevant: false, refused: refuse(ctx, read.refused.httpStatus, read.refused.message) };
	const events = normalizeEvents(read.payload, 'status', new Date());
	const isWaitingOrder = (event: IDataObject, plan: WaitPlan | undefined, json: IDataObject) => {
		const names = orderNames(json);
		return plan !== undefined && (names.includes(String(event.OrderID ?? '')) || names.includes(String(event.OrderNumber ?? '')));
	};
	if (read.bodiless) {
		const namesNoOrder = events.every((event) => event.OrderID === null && event.OrderNumber === null);
		return { relevant: namesNoOrder || events.some((event) => waiting.some(({ item, plan }) => isWaitingOrder(event, plan, item.json))) };
	}
	const relevant = events.some((event) =>
		waiting.some(
			({ item, plan }) => isWaitingOrder(event, plan, item.json) && (matchesStatus(event, plan!.waitFor) || matchesStatus(event, plan!.failOn)),
		),
	);
	return { relevant };
}

async function decide(ctx: IWebhookFunctions, executionId: string, caller: Caller): Promise<IWebhookResponseData> {
	const items = waitingItems(ctx);
	const waiting: Waiting[] = items.map((item) => ({ item, plan: planOf(item.json) }));
	const waitingCount = waiting.filter((entry) => entry.plan !== undefined).length;
	if (waitingCount === 0) return answer(ctx, caller, 409, { received: true, resumed: false, error: 'This execution is not waiting for order statuses' }, false);
	const key = waitKey(ctx, executionId, items);
	if (resumed.has(key)) return answer(ctx, caller, 409, { received: true, resumed: false, error: 'This wait has resumed already' }, false);
	// The wait's start asks whether the node is reached here: it is (the execution waits already).
	if ('ask' in caller && 'printStoreReachable' in caller.ask) return answer(ctx, caller, 200, { received: true, resumed: false }, true);

	const check = 'ask' in caller && 'printStoreCheck' in caller.ask ? caller.ask : undefined;
	if (!check) {
		const { relevant, refused } = concerns(ctx, waiting);
		if (refused) return refused;
		if (!relevant) return answer(ctx, caller, 200, { received: true, resumed: false }, true);
	}

	const now = Date.now();
	const outputs: INodeExecutionData[] = [];
	const settled: ResumedOrder[] = [];
	let timedOut = false;
	for (const [index, { item, plan }] of waiting.entries()) {
		if (!plan) {
			outputs.push(item);
			continue;
		}
		const history = await readHistory(ctx, plan);
		const settlement = settle(history, plan);
		if (!settlement && Date.parse(plan.timeLimit) > now) {
			return answer(ctx, caller, 200, { received: true, resumed: false, waitingFor: waitingCount }, true);
		}
		timedOut ||= !settlement;
		const by: Exclude<ResumedBy, 'n8nTimer'> = !settlement ? 'timeLimit' : check ? 'check' : 'callback';
		const failures: CheckFailures | undefined = check?.failures;
		const output: INodeExecutionData = { json: resultJson(plan, history, by, settlement, failures), pairedItem: item.pairedItem ?? { item: index } };
		outputs.push(output);
		settled.push({ item: output, history, itemIndex: (output.pairedItem as { item?: number }).item ?? index });
	}
	if (await movedOn(ctx, key)) {
		remember(key);
		return answer(ctx, caller, 409, { received: true, resumed: false, error: 'This wait has resumed already' }, false);
	}
	remember(key);
	stopChecks(executionId);
	await downloadOnResume(ctx, settled);
	const resumedAnswer: IDataObject = { received: true, resumed: true, timedOut };
	return { webhookResponse: 'ask' in caller ? { ...resumedAnswer, waiting: false, proof: proofFor(caller.secret, caller.nonce) } : resumedAnswer, workflowData: [outputs] };
}

/**
 * Whether the execution, loaded again by n8n now, no longer waits at the wait this call loaded
 * (`key`): another process resumed it, and it runs, ended, or waits elsewhere. The probe goes to
 * the execution's resume webhook where this process took the call first (wait/reach.ts); one that
 * reaches no answer is logged, and the call goes on as it would without one.
 */
async function movedOn(ctx: IWebhookFunctions, key: string): Promise<boolean> {
	const reach = await reachFromResumeCall(ctx);
	const asked = await askTheWait(reach, { printStoreProbe: true }, 30_000).catch((error: Error) => ({ attempts: [{ address: 'n8n', got: hideSecretsInText(error.message ?? 'no answer') }] }));
	const seen = 'attempts' in asked ? triedText(asked.attempts) : asked.value;
	const wait = waitSeen(seen);
	if (wait === undefined) {
		const why = typeof seen === 'string' ? seen : `the node answered: ${String((seen as { node: IDataObject }).node.error ?? 'no wait')}`;
		ctx.logger.warn(`Print Store: could not check that this execution still waits here before resuming it (${why}); resuming`);
		return false;
	}
	return wait !== waitDigest(key);
}

/** The wait a probe's answer names ('' when n8n says the execution no longer waits), or undefined when it names none. */
function waitSeen(answer: WaitAnswer | string): string | undefined {
	if (typeof answer === 'string') return undefined;
	if ('n8n' in answer) return '';
	const wait = answer.node[PROBE_ANSWER];
	return typeof wait === 'string' && wait !== '' ? wait : undefined;
}

/** A probe (`movedOn`): which wait this copy of the execution, loaded by n8n for the probe, is at. Not queued: it only reads. */
function answerProbe(ctx: IWebhookFunctions, executionId: string, caller: Caller): IWebhookResponseData {
	const items = waitingItems(ctx);
	return answer(ctx, caller, 200, { received: true, resumed: false, [PROBE_ANSWER]: waitDigest(waitKey(ctx, executionId, items)) }, true);
}

export async function receiveResumeCall(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const executionId = this.getExecutionId();
	// It never throws: n8n would resume the execution with its data wiped.
	const failed = (error: unknown, caller?: Caller) => {
		const message = hideSecretsInText((error as Error).message ?? 'Unknown error');
		if (error instanceof N8nChanged) {
			// Not the service's fault and no retry mends it: n8n's log says what changed.
			this.logger.error(`${message}. ${error.description ?? ''}`);
			return answer(this, caller, 500, { received: false, resumed: false, error: message }, true);
		}
		return answer(this, caller, 503, { received: false, resumed: false, error: message }, true);
	};
	let caller: Caller | IWebhookResponseData;
	try {
		caller = await callerOf(this, executionId);
	} catch (error) {
		return failed(error);
	}
	if (!('callback' in caller) && !('ask' in caller)) return caller;
	const known = caller;
	// A probe can come from a call of this process that holds the execution's turn: it only reads, and is not queued.
	if ('ask' in known && 'printStoreProbe' in known.ask) {
		try {
			return answerProbe(this, executionId, known);
		} catch (error) {
			return failed(error, known);
		}
	}
	const previous = queues.get(executionId) ?? Promise.resolve();
	const turn = previous.then(async () => {
		try {
			return await decide(this, executionId, known);
		} catch (error) {
			return failed(error, known);
		}
	});
	queues.set(executionId, turn);
	try {
		return await turn;
	} finally {
		if (queues.get(executionId) === turn) queues.delete(executionId);
	}
}
