import type { IDataObject, IExecuteFunctions, IHookFunctions, ITriggerFunctions, IWebhookDescription, IWebhookFunctions } from 'n8n-workflow';

import type { EventKind } from '../../shared/callbacks/normalize';
import { secretsMatch, triggerSecret } from '../../shared/callbacks/secrets';
import { CALLBACK_HTTP_METHODS, SECRET_AND_STORE_IN_PATH, SECRET_IN_PATH } from '../../shared/n8nInternals';
import { readSelfCall, SELF_CALL_HEADER, signSelfCall, type About } from '../../shared/selfCalls/signing';
import { CREDENTIAL_TYPE } from '../../shared/transport';

/**
 * How the trigger is reached: its webhooks and what a request to them carries (the callback's kind,
 * its secret, Create's store), where the secret comes from, and the catch-up clock's signed requests.
 */
/**
 * The trigger's webhooks. Status and status details callbacks each have a static address that
 * takes the secret as `?secret=` (and Create's store as `&store=`). Both are also served by dynamic
 * addresses that take them as path segments, for services that drop or rewrite query strings:
 * `<n8n>/webhook/<webhook id>/<webhook id>/status/<secret>[/<store>]` (shared/callbacks/urls.ts
 * builds both forms).
 *
 * Why the webhook ID twice: n8n finds a dynamic webhook by the request's first segment (the node's
 * webhook ID) and the template the rest must match, and it keeps one template per path across all
 * workflows. A template of `:kind/:secret` alone would be taken by the first workflow activated; the
 * ID makes it this node's own. `isFullPath` keeps n8n from prefixing the ID a second time.
 *
 * The path-form ones have names of their own (n8nInternals: n8n's type names only 'default' and
 * 'setup'), no lifecycle methods, and no URL shown in the editor (it would show `:kind/:secret`).
 */
/**
 * Every webhook answers GET, POST, PUT and PATCH (n8nInternals, CALLBACK_HTTP_METHODS): the service
 * may be set to call with any method, with or without a payload.
 *
 * The answer to a callback that starts the workflow is the trigger's acknowledgement. Left unset,
 * n8n (1.x and 2.x) falls back to the text "firstEntryJson" for it; empty, it sends the trigger's own.
 */
const ANSWER = { responseMode: 'onReceived', responseData: '' } as const;

export const CALLBACK_WEBHOOKS: IWebhookDescription[] = [
	{ name: 'default', httpMethod: CALLBACK_HTTP_METHODS, ...ANSWER, path: 'status' },
	// 'setup' here is the status details webhook.
	{ name: 'setup', httpMethod: CALLBACK_HTTP_METHODS, ...ANSWER, path: 'details' },
	{ name: SECRET_IN_PATH, httpMethod: CALLBACK_HTTP_METHODS, ...ANSWER, path: '={{$webhookId}}/:kind/:secret', isFullPath: true, ndvHideUrl: true },
	{
		name: SECRET_AND_STORE_IN_PATH,
		httpMethod: CALLBACK_HTTP_METHODS,
		...ANSWER,
		path: '={{$webhookId}}/:kind/:secret/:store',
		isFullPath: true,
		ndvHideUrl: true,
	},
];

function pathParameter(ctx: IWebhookFunctions, name: string): string | undefined {
	const value = (ctx.getParamsData() as Record<string, unknown> | undefined)?.[name];
	return typeof value === 'string' && value !== '' ? value : undefined;
}

function queryParameter(ctx: IWebhookFunctions, name: string): string | undefined {
	const value = ctx.getRequestObject().query?.[name];
	return typeof value === 'string' ? value : undefined;
}

/** Which callback the request came to, or undefined for a path-form address of neither kind. */
export function callbackKind(ctx: IWebhookFunctions): EventKind | undefined {
	const name = ctx.getWebhookName();
	if (name === 'default') return 'status';
	if (name === 'setup') return 'details';
	const kind = pathParameter(ctx, 'kind');
	return kind === 'status' || kind === 'details' ? kind : undefined;
}

/** The secret the callback carries: the path segment, else `?secret=`; undefined when it has none. */
export function givenSecret(ctx: IWebhookFunctions): string | undefined {
	return pathParameter(ctx, 'secret') ?? queryParameter(ctx, 'secret');
}

/** The store Create put in the URL (path segment or `?store=`), or ''. */
export function callbackStore(ctx: IWebhookFunctions): string {
	return (pathParameter(ctx, 'store') ?? queryParameter(ctx, 'store') ?? '').trim();
}

type TriggerContext = IHookFunctions | IWebhookFunctions | ITriggerFunctions;

/**
 * Where the trigger's secret comes from, in this order:
 * - the Callback Secret of the trigger's options, when set (for orders created outside n8n);
 * - else derived from the trigger's credential, its workflow and its webhook ID
 *   (shared/callbacks/secrets.ts): any process computes it, Print Store > Create included, and
 *   nothing is stored;
 * - and, until the trigger is next deactivated, the random secret that earlier versions of the
 *   package kept in the node's static data on activation, so orders created back then still report.
 */
export function fixedSecret(ctx: TriggerContext): string {
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	return typeof options.callbackSecret === 'string' ? options.callbackSecret : '';
}

export function hasCredential(ctx: TriggerContext): boolean {
	return Boolean(ctx.getNode().credentials?.[CREDENTIAL_TYPE]);
}

/** The secret derived from the trigger's credential, or '' when the trigger has no credential. */
export async function derivedSecret(ctx: TriggerContext): Promise<string> {
	if (!hasCredential(ctx)) return '';
	return triggerSecret(await ctx.getCredentials(CREDENTIAL_TYPE), String(ctx.getWorkflow().id ?? ''), ctx.getNode());
}

/** Where earlier versions of the package kept an activation's secret, in the node's static data. */
export function legacyRegistrationKey(isTest: boolean): string {
	return isTest ? 'testRegistration' : 'registration';
}

export function legacySecret(ctx: TriggerContext): string {
	const stored = ctx.getWorkflowStaticData('node')[legacyRegistrationKey(false)] as IDataObject | undefined;
	return typeof stored?.secret === 'string' ? stored.secret : '';
}

/** A key that names this trigger in this process's memory of events, without its secret. */
export function triggerKey(ctx: TriggerContext | IExecuteFunctions): string {
	const node = ctx.getNode();
	return `${String(ctx.getWorkflow().id ?? '')}:${node.webhookId ?? node.name}:${ctx.getMode() === 'manual' ? 'test' : 'production'}`;
}

/** The secret the trigger's callbacks carry now: its Callback Secret, else the one derived from its credential, else an earlier version's. */
export async function currentSecret(ctx: TriggerContext): Promise<string> {
	return fixedSecret(ctx) || (await derivedSecret(ctx)) || legacySecret(ctx);
}

export type SecretCheck = { ok: true } | { ok: false; status: number; error: string };

/**
 * Production callbacks must carry the trigger's secret (see the top of this file), as a path
 * segment or as `?secret=`. A test URL listens only while someone waits in the editor; without a
 * fixed secret it takes events without one, so a sample can be sent by hand.
 */
export async function checkSecret(ctx: IWebhookFunctions): Promise<SecretCheck> {
	const isTest = ctx.getMode() === 'manual';
	const fixed = fixedSecret(ctx);
	const given = givenSecret(ctx);
	if (isTest && !fixed && given === undefined) return { ok: true };
	if (given === undefined || given === '') return { ok: false, status: 401, error: 'Missing callback secret' };
	const accepted = fixed ? [fixed] : [await derivedSecret(ctx), isTest ? '' : legacySecret(ctx)];
	if (!accepted.some((secret) => secret !== '' && secretsMatch(given, secret))) return { ok: false, status: 403, error: 'Wrong callback secret' };
	return { ok: true };
}

/**
 * The catch-up's clock calls the trigger's own webhook (catchUp/clock.ts) through the package's one
 * way of calling n8n itself (shared/selfCalls): at its static address, with no secret in it, and a
 * signature keyed with the trigger's secret over the workflow, the trigger and what is asked; the
 * trigger's answer carries the proof keyed the same way.
 */

/** What the clock asks: whether the trigger answers (`probe`), a catch-up (`run`, `first` after a start), or only the memory saved (`save`). */
export type ClockAsk = 'probe' | 'run' | 'save';

export interface ClockRequest {
	ask: ClockAsk;
	first: boolean;
	nonce: string;
}

/** What a clock request's signature covers. */
function clockAbout(ctx: TriggerContext, ask: ClockAsk, first: boolean): About {
	const node = ctx.getNode();
	return ['catch-up', String(ctx.getWorkflow().id ?? ''), node.webhookId ?? node.name, ask, first ? 1 : 0];
}

/** A clock request: its body, and the headers that sign it. */
export function signedClockRequest(ctx: ITriggerFunctions, secret: string, ask: ClockAsk, first = false, now = Date.now()): { nonce: string; body: IDataObject; headers: Record<string, string> } {
	const signed = signSelfCall(secret, clockAbout(ctx, ask, first), now);
	return { nonce: signed.nonce, body: { printStoreCatchUp: ask, ...(first ? { first: true } : {}) }, headers: { [SELF_CALL_HEADER]: signed.header } };
}

/**
 * The clock request a webhook request is, checked: undefined when it carries no clock signature (a
 * callback), `false` when its signature is not the trigger's or too old (refused), else what it asks
 * with the secret that signed it (to prove the answer with).
 */
export async function checkClockRequest(ctx: IWebhookFunctions, body: unknown): Promise<(ClockRequest & { secret: string }) | false | undefined> {
	const header = ctx.getHeaderData()[SELF_CALL_HEADER];
	if (header === undefined) return undefined;
	const asked = (body as IDataObject | undefined)?.printStoreCatchUp;
	if (asked !== 'probe' && asked !== 'run' && asked !== 'save') return false;
	const first = (body as IDataObject).first === true;
	const fixed = fixedSecret(ctx);
	const secrets = fixed ? [fixed] : [await derivedSecret(ctx), legacySecret(ctx)];
	const signed = readSelfCall(header, secrets, clockAbout(ctx, asked, first));
	return signed ? { ask: asked, first, nonce: signed.nonce, secret: signed.secret } : false;
}
