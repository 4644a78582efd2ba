import type { IDataObject, IExecuteFunctions, IHookFunctions, ITriggerFunctions, IWebhookFunctions } from 'n8n-workflow';

import { secretsMatch, triggerSecret } from '../../shared/callbacks/secrets';
import { CREDENTIAL_TYPE } from '../../shared/transport';
import { givenSecret } from './routes';

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
