import { randomBytes } from 'node:crypto';

import type { IHookFunctions } from 'n8n-workflow';

import { registerCallbacks, unregisterCallbacks } from '../shared/callbackRegistry';
import { secretsMatch } from '../shared/callbacks/secrets';
import { withSecretQuery } from '../shared/callbacks/urls';
import { forgetSharedEvents, forgetTrigger } from './webhook/dedupe';
import { pathFormUrl } from './webhook/routes';
import type { Registration } from './webhook/secret';
import { fixedSecret, registrationKey } from './webhook/secret';

/**
 * The trigger's lifecycle. On activation it makes a secret (or takes the fixed one), keeps its
 * callback URLs in the node's static data and lists them in the workflow's registry for Create; on
 * deactivation it retires the secret, so callbacks carrying it are refused from then on.
 */
function isTest(ctx: IHookFunctions): boolean {
	return ctx.getMode() === 'manual';
}

/** A webhook's URL with the secret where the trigger's "Secret in Callback URLs" option puts it. */
function callbackUrl(ctx: IHookFunctions, webhook: 'default' | 'setup', secret: string): string {
	const options = ctx.getNodeParameter('options', {}) as { secretPlacement?: string };
	const url = ctx.getNodeWebhookUrl(webhook) as string;
	// A secret of the user's own with characters a path segment would carry encoded goes in the query.
	const pathSafe = /^[A-Za-z0-9._~-]+$/.test(secret);
	const webhookId = ctx.getNode().webhookId;
	if (options.secretPlacement === 'query' || !pathSafe || !webhookId) return withSecretQuery(url, secret);
	return pathFormUrl(url, webhookId, secret);
}

function statusUrl(ctx: IHookFunctions, secret: string): string {
	return callbackUrl(ctx, 'default', secret);
}

/** Keeps an existing registration (and its secret) across n8n restarts. */
export function registrationExists(ctx: IHookFunctions): boolean {
	const stored = ctx.getWorkflowStaticData('node')[registrationKey(isTest(ctx))] as Registration | undefined;
	if (!stored?.secret) return false;
	const fixed = fixedSecret(ctx);
	if (fixed && !secretsMatch(fixed, stored.secret)) return false;
	return stored.statusUrl === statusUrl(ctx, stored.secret);
}

export function register(ctx: IHookFunctions): void {
	const secret = fixedSecret(ctx) || randomBytes(24).toString('hex');
	const registration: Registration = {
		statusUrl: statusUrl(ctx, secret),
		detailsUrl: callbackUrl(ctx, 'setup', secret),
		secret,
		registeredAt: new Date().toISOString(),
	};
	ctx.getWorkflowStaticData('node')[registrationKey(isTest(ctx))] = registration;
	if (!isTest(ctx)) {
		const { detailsUrl, registeredAt } = registration;
		registerCallbacks(ctx.getWorkflowStaticData('global'), ctx.getNode().name, { statusUrl: registration.statusUrl, detailsUrl, registeredAt });
	}
}

export function unregister(ctx: IHookFunctions): void {
	const nodeData = ctx.getWorkflowStaticData('node');
	const key = registrationKey(isTest(ctx));
	const stored = nodeData[key] as Registration | undefined;
	if (stored?.secret) forgetTrigger(stored.secret);
	delete nodeData[key];
	if (!isTest(ctx)) {
		forgetSharedEvents(nodeData);
		unregisterCallbacks(ctx.getWorkflowStaticData('global'), ctx.getNode().name);
	}
}
