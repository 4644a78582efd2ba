import type { IDataObject, ITriggerFunctions, IWebhookFunctions } from 'n8n-workflow';

import { isRecord } from '../../shared/json';
import { n8nSender, webhookBaseUrl, type SendToN8n } from '../../shared/n8nInternals';
import { addressesToTry, credentialAddress, servedHere, splitEndpoint } from '../../shared/selfCalls/addresses';
import { askInTurn, type Attempt } from '../../shared/selfCalls/ask';
import { answerProof, readSelfCall, SELF_CALL_HEADER, signSelfCall, type About } from '../../shared/selfCalls/signing';
import { CREDENTIAL_TYPE } from '../../shared/transport';
import { addressesServed } from '../memory/door';
import { acceptedSecrets, currentSecret } from '../setup/access';
import type { CatchUpSettings } from '../setup/settings';

/**
 * How the catch-up's clock (clock/ticks.ts) reaches its own trigger in n8n, through the package's one
 * way of calling n8n itself (shared/selfCalls), as wait/reach.ts does for Wait Until Status: what
 * it may ask, what a request's signature covers, the proof an answer carries, and asking at the
 * addresses in turn. The request goes to the trigger's static status webhook with no secret in its
 * address: a header signs it (HMAC keyed with the trigger's secret, setup/access.ts, over the
 * workflow, the trigger and what is asked, with a time and a nonce), and only an answer that carries
 * the proof keyed the same way counts. The webhook side checks the signature here
 * (`checkClockRequest`) and answers in clock/clockCall.ts.
 */

/** What the clock asks: whether the trigger answers (`probe`), a catch-up (`run`, `first` after a start), or only the memory saved (`save`). */
export type ClockAsk = 'probe' | 'run' | 'save';

export interface ClockRequest {
	ask: ClockAsk;
	first: boolean;
	nonce: string;
}

/** How long a probe (and a save) may take. */
export const PROBE_TIMEOUT_MS = 10_000;

type ClockContext = ITriggerFunctions | IWebhookFunctions;

/** What a clock request's signature covers. */
function clockAbout(ctx: ClockContext, ask: ClockAsk, first: boolean): About {
	const node = ctx.getNode();
	return ['catch-up', String(ctx.getWorkflow().id ?? ''), node.webhookId ?? node.name, ask, first ? 1 : 0];
}

/** A clock request: its body, and the headers that sign it. */
function signedClockRequest(ctx: ITriggerFunctions, secret: string, ask: ClockAsk, first: boolean): { nonce: string; body: IDataObject; headers: Record<string, string> } {
	const signed = signSelfCall(secret, clockAbout(ctx, ask, first));
	return { nonce: signed.nonce, body: { printStoreCatchUp: ask, ...(first ? { first: true } : {}) }, headers: { [SELF_CALL_HEADER]: signed.header } };
}

/**
 * In the webhook: the clock request a request is, checked. Undefined when it carries no clock
 * signature (a callback), `false` when its signature is not the trigger's or too old (refused), else
 * what it asks with the secret that signed it (to prove the answer with).
 */
export async function checkClockRequest(ctx: IWebhookFunctions, body: unknown): Promise<(ClockRequest & { secret: string }) | false | undefined> {
	const header = ctx.getHeaderData()[SELF_CALL_HEADER];
	if (header === undefined) return undefined;
	const asked = (body as IDataObject | undefined)?.printStoreCatchUp;
	if (asked !== 'probe' && asked !== 'run' && asked !== 'save') return false;
	const first = (body as IDataObject).first === true;
	const signed = readSelfCall(header, await acceptedSecrets(ctx, true), clockAbout(ctx, asked, first));
	return signed ? { ask: asked, first, nonce: signed.nonce, secret: signed.secret } : false;
}

/** The proof the trigger adds to its answer to a clock request. */
export function proofFor(secret: string, nonce: string): string {
	return answerProof(secret, nonce);
}

/** How the clock reaches its trigger. */
export interface ClockReach {
	ctx: ITriggerFunctions;
	send: SendToN8n;
	secret: string;
	/** After a root: n8n's production webhook endpoint, `/<webhook ID>/status` after it. */
	endpoint: string;
	webhookId: string;
	/** The addresses to try, in order, as they are known now. */
	roots: () => string[];
	/** The root that answered last, tried first. */
	answered?: string;
}

/** What an ask came back with: the trigger's proved answer and where, or every attempt. */
export type ClockAnswer = { answer: Record<string, unknown>; root: string } | { attempts: Attempt[] };

/**
 * Where the clock asks, in order: the credential's n8n Internal URL and Catch-Up Options > Own
 * Address; the address that answered last; where n8n processes were seen serving the trigger (this
 * process's, and those the memory keeps); n8n's editor address; n8n's default; the trigger's
 * Production URL (shared/selfCalls/addresses.ts).
 */
export async function reachTrigger(ctx: ITriggerFunctions, settings: CatchUpSettings): Promise<ClockReach> {
	const secret = await currentSecret(ctx);
	const send = n8nSender(ctx, 'catchUpClock');
	const given = [credentialAddress(await ctx.getCredentials(CREDENTIAL_TYPE)), settings.ownAddress];
	// n8n's production webhooks: `<root><endpoint>/<webhook ID>/status` (N8N_ENDPOINT_WEBHOOK is the endpoint).
	const production = splitEndpoint(webhookBaseUrl(ctx), 0);
	const endpoints = { webhook: production.endpoint, waiting: '' };
	const reach: ClockReach = {
		ctx,
		send,
		secret,
		endpoint: production.endpoint,
		webhookId: String(ctx.getNode().webhookId ?? ''),
		roots: () => addressesToTry({ given, seen: [reach.answered ?? '', ...servedHere(), ...addressesServed(ctx)], editor: ctx.getInstanceBaseUrl(), public: production.root }, endpoints),
	};
	return reach;
}

/** Asks the trigger at one root; its answer when it carries the trigger's proof. */
async function askAt(reach: ClockReach, root: string, what: ClockAsk, first: boolean, timeoutMs: number): Promise<ClockAnswer> {
	const signed = signedClockRequest(reach.ctx, reach.secret, what, first);
	const proof = proofFor(reach.secret, signed.nonce);
	const request = { url: (at: string) => `${at}${reach.endpoint}/${reach.webhookId}/status`, body: signed.body, headers: signed.headers, timeoutMs };
	const asked = await askInTurn(reach.send, [root], request, (answer) => (isRecord(answer.body) && answer.body.proof === proof ? answer.body : undefined));
	return 'value' in asked ? { answer: asked.value, root } : asked;
}

/** Asks the trigger, at each root in turn, until one answers with the trigger's proof; a root not known to answer is first probed briefly. */
export async function askTheTrigger(reach: ClockReach, what: ClockAsk, first: boolean, timeoutMs: number): Promise<ClockAnswer> {
	const attempts: Attempt[] = [];
	for (const root of reach.roots()) {
		if (what === 'run' && root !== reach.answered) {
			const probed = await askAt(reach, root, 'probe', false, PROBE_TIMEOUT_MS);
			if ('attempts' in probed) {
				attempts.push(...probed.attempts);
				continue;
			}
		}
		const result = await askAt(reach, root, what, first, timeoutMs);
		if ('attempts' in result) {
			attempts.push(...result.attempts);
			continue;
		}
		reach.answered = root;
		return result;
	}
	return { attempts };
}
