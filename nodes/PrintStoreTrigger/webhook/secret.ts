import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import { secretsMatch } from '../../shared/callbacks/secrets';
import { givenSecret } from './routes';

/** What an activation of the trigger registered: its callback URLs and the secret they carry. */
export interface Registration extends IDataObject {
	statusUrl: string;
	detailsUrl: string;
	secret: string;
	registeredAt: string;
}

export function registrationKey(isTest: boolean): string {
	return isTest ? 'testRegistration' : 'registration';
}

export function fixedSecret(ctx: IHookFunctions | IWebhookFunctions): string {
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	return typeof options.callbackSecret === 'string' ? options.callbackSecret : '';
}

export type SecretCheck = { ok: true; secret: string } | { ok: false; status: number; error: string };

/**
 * Production callbacks must carry the activation's secret (or the fixed one), as a path segment or
 * as `?secret=`. A test URL listens
 * only while someone waits in the editor; without a fixed secret it takes events without one, so a
 * sample can be sent by hand.
 */
export function checkSecret(ctx: IWebhookFunctions): SecretCheck {
	const isTest = ctx.getMode() === 'manual';
	const stored = ctx.getWorkflowStaticData('node')[registrationKey(isTest)] as Registration | undefined;
	const expected = fixedSecret(ctx) || stored?.secret || '';
	const given = givenSecret(ctx);
	if (isTest && !fixedSecret(ctx) && given === undefined) return { ok: true, secret: expected || 'test' };
	if (given === undefined || given === '') return { ok: false, status: 401, error: 'Missing callback secret' };
	if (!expected || !secretsMatch(given, expected)) return { ok: false, status: 403, error: 'Wrong callback secret' };
	return { ok: true, secret: expected };
}
