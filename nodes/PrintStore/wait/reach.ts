import type { IDataObject, IExecuteFunctions, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { waitSecret } from '../../shared/callbacks/secrets';
import { isRecord } from '../../shared/json';
import { n8nSaysOfExecution, n8nSender, servedRoot, type GuardName, type SendToN8n } from '../../shared/n8nInternals';
import { addressesToTry, credentialAddress, noteServedHere, servedHere } from '../../shared/selfCalls/addresses';
import { askAtOnce, askInTurn, triedText, whereToPointIt, whyNoneAnswered, type Accept, type Asked } from '../../shared/selfCalls/ask';
import { answerProof, readSelfCall, SELF_CALL_HEADER, signSelfCall } from '../../shared/selfCalls/signing';
import { CREDENTIAL_TYPE } from '../../shared/transport';
import type { CheckFailures } from './plan';
import { resumeParts } from './resumeAddress';

/**
 * How Order > Wait Until Status reaches its waiting execution in n8n, through the package's one way
 * of calling n8n itself (shared/selfCalls): the checks (wait/checks.ts), and the resume webhook's
 * fresh look before it resumes (wait/resumeCall.ts). Both call the execution's resume webhook, at
 * an address n8n answers on from the calling process: where n8n listens first, n8n's public address
 * last (shared/selfCalls/addresses.ts). Each call is signed (no secret in its URL) and counts only
 * when the node's answer proves it, or n8n itself says what became of the execution.
 *
 * Whether the checks can reach n8n is known when the wait begins (`findWaitingExecution`): the node
 * asks every address at once, while the execution still runs, and takes the first where n8n answers
 * for this very execution. None: the node fails there, saying what it tried and what to set.
 */

/** What the node's resume webhook is asked by the node itself: a check, a probe (the fresh look), or whether it is reachable (the wait's start). */
export type WaitAsk = { printStoreCheck: true; failures?: CheckFailures } | { printStoreProbe: true } | { printStoreReachable: true };

/** How the wait reaches its execution. */
export interface WaitReach {
	send: SendToN8n;
	executionId: string;
	secret: string;
	/** After a root: `<waiting endpoint>/<execution ID>/print-store-status`, with n8n's resume token. */
	relative: string;
	/** The roots to try, the one that answered last first. */
	roots: string[];
	/** Roots known to be this n8n: n8n answered there for this execution, or the node with its proof. Only their word that the execution is gone ends the checks. */
	proven: Set<string>;
}

/** What an ask came back with: the node's answer (proved), or n8n's word on the execution. */
export type WaitAnswer = { node: IDataObject } | { n8n: 'gone' | 'running' };

const START_TIMEOUT_MS = 10_000;

/** What a signature of an ask covers: the execution and what is asked. */
function about(executionId: string, ask: WaitAsk): string[] {
	const what = 'printStoreCheck' in ask ? 'check' : 'printStoreProbe' in ask ? 'probe' : 'reachable';
	return ['wait', executionId, what, 'printStoreCheck' in ask ? JSON.stringify(ask.failures ?? null) : ''];
}

/** The ask a request's body carries, if it is one of the node's. */
export function askIn(body: unknown): WaitAsk | undefined {
	if (!isRecord(body)) return undefined;
	if (body.printStoreCheck === true) return isRecord(body.failures) ? { printStoreCheck: true, failures: body.failures as CheckFailures } : { printStoreCheck: true };
	if (body.printStoreProbe === true) return { printStoreProbe: true };
	if (body.printStoreReachable === true) return { printStoreReachable: true };
	return undefined;
}

/** In the resume webhook: the signature of the node's own ask, checked (see signing.ts for undefined and false). */
export function signedAsk(ctx: IWebhookFunctions, executionId: string, secret: string, ask: WaitAsk): { nonce: string } | false | undefined {
	const read = readSelfCall(ctx.getHeaderData()[SELF_CALL_HEADER], [secret], about(executionId, ask));
	return read ? { nonce: read.nonce } : read;
}

/** The proof the resume webhook adds to its answer to a signed ask. */
export function proofFor(secret: string, nonce: string): string {
	return answerProof(secret, nonce);
}

/**
 * The node's answer (its proof), or n8n's word on the execution. At the wait's start, any word that
 * the execution is in that n8n proves the root. Later, only from a root proven before: that the
 * execution runs (the wait goes on) or is gone (the checks end); another n8n at a default address
 * knows no such execution.
 */
function accept(reach: WaitReach, nonce: string, start: boolean): Accept<WaitAnswer> {
	return (answer, root) => {
		if (isRecord(answer.body) && answer.body.proof === answerProof(reach.secret, nonce)) return { node: answer.body };
		const said = n8nSaysOfExecution(answer, reach.executionId);
		if (start) return said === 'running' || said === 'here' ? { n8n: 'running' } : undefined;
		return reach.proven.has(root) && (said === 'running' || said === 'gone') ? { n8n: said } : undefined;
	};
}

async function prepare(ctx: IExecuteFunctions | IWebhookFunctions, guard: GuardName, here?: string): Promise<WaitReach> {
	const executionId = ctx.getExecutionId();
	const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
	const { root, relative, endpoints } = resumeParts(ctx);
	const seen = here ? [here, ...servedHere()] : servedHere();
	const roots = addressesToTry({ given: [credentialAddress(credentials)], seen, editor: ctx.getInstanceBaseUrl(), public: root }, endpoints);
	return { send: n8nSender(ctx, guard), executionId, secret: waitSecret(credentials, executionId), relative, roots, proven: new Set(here ? [here] : []) };
}

/** Asks at the roots (at once at the wait's start, else in turn); the root that answered goes first next time, and is proven. */
async function ask(reach: WaitReach, what: WaitAsk, timeoutMs: number, start = false): Promise<Asked<WaitAnswer>> {
	const signed = signSelfCall(reach.secret, about(reach.executionId, what));
	const request = { url: (root: string) => `${root}${reach.relative}`, body: what, headers: { [SELF_CALL_HEADER]: signed.header }, timeoutMs };
	const take = accept(reach, signed.nonce, start);
	const asked = start ? await askAtOnce(reach.send, reach.roots, request, take) : await askInTurn(reach.send, reach.roots, request, take);
	if ('root' in asked) {
		reach.proven.add(asked.root);
		reach.roots = [asked.root, ...reach.roots.filter((root) => root !== asked.root)];
	}
	return asked;
}

/**
 * At the wait's start, while the execution runs: the addresses where n8n answers for this very
 * execution (it says it is running), the first in order first. None: the node fails, saying what it
 * tried and what to set, before anything waits.
 */
export async function findWaitingExecution(ctx: IExecuteFunctions): Promise<WaitReach> {
	const reach = await prepare(ctx, 'backgroundChecks');
	const found = await ask(reach, { printStoreReachable: true }, START_TIMEOUT_MS, true);
	if ('attempts' in found) {
		throw new NodeOperationError(ctx.getNode(), `Wait Until Status cannot reach this execution in n8n to check the orders' statuses: ${whyNoneAnswered(found.attempts)}`, {
			description:
				`Tried: ${triedText(found.attempts)}. The checks run in the n8n process that runs the wait (in queue mode, a worker) and call the execution's resume webhook in n8n. ` +
				whereToPointIt(found.attempts, "Or set Status Checks to Off: the wait then ends by the orders' callbacks, or at its time limit. Nothing has waited yet."),
		});
	}
	return reach;
}

/** One signed ask of the waiting execution, at its addresses in turn, the one that answered last first. */
export async function askTheWait(reach: WaitReach, what: WaitAsk, timeoutMs: number): Promise<Asked<WaitAnswer>> {
	return await ask(reach, what, timeoutMs);
}

/**
 * In the resume webhook: how to reach the execution again for the fresh look, where this process
 * took the call first (noted for the checks and the trigger's clock in this process too).
 */
export async function reachFromResumeCall(ctx: IWebhookFunctions): Promise<WaitReach> {
	const here = servedRoot(ctx, ctx.getExecutionId());
	if (here) noteServedHere(here);
	return await prepare(ctx, 'freshRead', here);
}
