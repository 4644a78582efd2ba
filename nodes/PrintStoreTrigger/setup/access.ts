import type { IExecuteFunctions, IHookFunctions, ITriggerFunctions, IWebhookDescription, IWebhookFunctions } from 'n8n-workflow';

import type { EventKind } from '../../shared/callbacks/normalize';
import { secretsMatch, triggerSecret } from '../../shared/callbacks/secrets';
import { CALLBACK_HTTP_METHODS, SECRET_AND_STORE_IN_PATH, SECRET_IN_PATH } from '../../shared/n8nInternals';
import { CREDENTIAL_TYPE } from '../../shared/transport';
import { hasCredential, triggerOptions } from './settings';

type TriggerContext = IHookFunctions | IWebhookFunctions | ITriggerFunctions;

/**
 * The trigger's access: its webhooks, what a request to them carries (the callback's kind, its
 * secret, Create's store), where its secret comes from and the check of a callback's, and the key
 * that names the trigger in a process. The clock's signed requests: clock/reach.ts.
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

/**
 * The trigger's secret, which its callbacks carry and which signs its clock's requests
 * (clock/reach.ts). Where it comes from, in this order:
 * - the Callback Secret of the trigger's options, when set (for orders created outside n8n);
 * - else derived from the trigger's credential, its workflow and its webhook ID
 *   (shared/callbacks/secrets.ts): any process computes it, Print Store > Create included, and
 *   nothing is stored;
 * - and, until the trigger is next deactivated, the random secret that earlier versions of the
 *   package kept in the node's static data on activation, so orders created back then still report.
 */
export function fixedSecret(ctx: TriggerContext): string {
	return triggerOptions(ctx).callbackSecret;
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
	const stored = ctx.getWorkflowStaticData('node')[legacyRegistrationKey(false)] as { secret?: unknown } | undefined;
	return typeof stored?.secret === 'string' ? stored.secret : '';
}

/** The secret the trigger's callbacks carry now: its Callback Secret, else the one derived from its credential, else an earlier version's. */
export async function currentSecret(ctx: TriggerContext): Promise<string> {
	return fixedSecret(ctx) || (await derivedSecret(ctx)) || legacySecret(ctx);
}

/** The secrets a request may carry or be signed with: the Callback Secret alone, else the derived one and (`withLegacy`) an earlier version's ('' is none). */
export async function acceptedSecrets(ctx: TriggerContext, withLegacy: boolean): Promise<string[]> {
	const fixed = fixedSecret(ctx);
	return fixed ? [fixed] : [await derivedSecret(ctx), withLegacy ? legacySecret(ctx) : ''];
}

export type SecretCheck = { ok: true } | { ok: false; status: number; error: string };

/**
 * Production callbacks must carry the trigger's secret, as a path segment or as `?secret=` (see
 * the webhooks above). A test URL listens only while someone waits in the editor; without a fixed
 * secret it takes events without one, so a sample can be sent by hand.
 */
export async function checkSecret(ctx: IWebhookFunctions): Promise<SecretCheck> {
	const isTest = ctx.getMode() === 'manual';
	const given = givenSecret(ctx);
	if (isTest && !fixedSecret(ctx) && given === undefined) return { ok: true };
	if (given === undefined || given === '') return { ok: false, status: 401, error: 'Missing callback secret' };
	const accepted = await acceptedSecrets(ctx, !isTest);
	if (!accepted.some((secret) => secret !== '' && secretsMatch(given, secret))) return { ok: false, status: 403, error: 'Wrong callback secret' };
	return { ok: true };
}

/** A key that names this trigger in this process (its memory, its catch-ups, its waiting callbacks), without its secret. */
export function triggerKey(ctx: TriggerContext | IExecuteFunctions): string {
	const node = ctx.getNode();
	return `${String(ctx.getWorkflow().id ?? '')}:${node.webhookId ?? node.name}:${ctx.getMode() === 'manual' ? 'test' : 'production'}`;
}
