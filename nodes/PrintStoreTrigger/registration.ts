import type { IDataObject, IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { forgetLegacyCallbacks } from '../shared/legacyCallbacks';
import { pathFormUrl, withSecretQuery } from '../shared/callbacks/urls';
import { toNodeError } from '../shared/errors';
import { checkTriggerActivation, startCatchUpClock, stopCatchUpClock, type ClockTick } from '../shared/n8nInternals';
import { catchUpSettings, type CatchUpSettings } from './catchUp/settings';
import { forgetState } from './memory/catchUpState';
import { forgetSharedEvents, forgetTrigger } from './memory/dedupe';
import { derivedSecret, fixedSecret, hasCredential, legacyRegistrationKey, legacySecret, triggerKey } from './webhook/secret';

/**
 * The trigger's lifecycle. Nothing is registered or stored: the callback addresses and their secret
 * are derived (webhook/secret.ts), so every n8n process, Print Store > Create on a queue-mode
 * worker included, computes the same ones. Activation checks that the trigger has a secret to
 * derive, and that n8n still serves the trigger as the package relies on, and starts the catch-up's
 * clock; deactivation stops it, forgets this process's memory of events and what earlier versions of
 * the package kept in static data. What the catch-up has read stays in the static data: publishing
 * the workflow again goes on from there.
 */
function isTest(ctx: IHookFunctions): boolean {
	return ctx.getMode() === 'manual';
}

function catchUpOrError(ctx: IHookFunctions): CatchUpSettings | undefined {
	try {
		return catchUpSettings(ctx);
	} catch (error) {
		throw toNodeError(ctx.getNode(), error, 0);
	}
}

export async function register(ctx: IHookFunctions): Promise<void> {
	if (isTest(ctx)) return;
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const catchUp = catchUpOrError(ctx);
	checkTriggerActivation(ctx, options.secretPlacement, options.acrossProcesses === true || catchUp !== undefined);
	let secret = fixedSecret(ctx) || legacySecret(ctx);
	if (!secret && hasCredential(ctx)) {
		// Reading the credential now turns a broken one into an activation error, not refused callbacks.
		secret = await derivedSecret(ctx);
	}
	if (!secret) {
		throw new NodeOperationError(ctx.getNode(), 'The trigger has no credential to derive its callback secret from', {
			description:
				'Select your Print Store credential on the trigger, the same one Print Store > Create uses: the secret of the callback URLs is derived from it. ' +
				'Or set Options > Callback Secret, for orders created outside this workflow.',
		});
	}
	if (catchUp) startClock(ctx, catchUp, secret, options.secretPlacement);
	else stopCatchUpClock(triggerKey(ctx));
}

/** The first catch-up after an activation or a start comes once n8n serves the trigger's webhooks. */
const FIRST_CATCH_UP_AFTER_MS = 3000;

/** The clock calls the status webhook with the trigger's secret, in the form the trigger's option places it. */
function startClock(ctx: IHookFunctions, settings: CatchUpSettings, secret: string, placement: unknown): void {
	const url = ctx.getNodeWebhookUrl('default') ?? '';
	const webhookId = ctx.getNode().webhookId ?? '';
	const address = placement !== 'query' && webhookId && /^[A-Za-z0-9._~-]+$/.test(secret) ? pathFormUrl(url, webhookId, secret) : withSecretQuery(url, secret);
	const name = ctx.getNode().name;
	const workflow = ctx.getWorkflow().name ?? String(ctx.getWorkflow().id ?? '');
	// The log names the trigger and what came back, never the address: it carries the secret.
	const log = (tick: ClockTick, first: boolean) => {
		const where = `Print Store Trigger "${name}" of workflow "${workflow}"`;
		if (tick.status !== undefined && tick.status < 300) {
			ctx.logger.debug(`${where}: catch-up ${first ? 'after start ' : ''}answered ${JSON.stringify(tick.body)}`);
		} else if (tick.status !== undefined && tick.status >= 500 && tick.status < 502) {
			ctx.logger.warn(`${where}: the catch-up failed (HTTP ${tick.status}); its error is in the workflow's executions`);
		} else {
			ctx.logger.warn(`${where}: the catch-up request to n8n's own webhook address got ${tick.status !== undefined ? `HTTP ${tick.status}` : `no answer (${tick.error ?? 'unknown'})`}; it is tried again. Check that this process reaches N8N_WEBHOOK_URL.`);
		}
	};
	startCatchUpClock(ctx, triggerKey(ctx), address, settings.everyMs, FIRST_CATCH_UP_AFTER_MS, log);
}

export function unregister(ctx: IHookFunctions): void {
	const key = triggerKey(ctx);
	stopCatchUpClock(key);
	forgetTrigger(key);
	forgetState(key);
	const nodeData = ctx.getWorkflowStaticData('node');
	const legacyKey = legacyRegistrationKey(isTest(ctx));
	if (legacyKey in nodeData) delete nodeData[legacyKey];
	if (!isTest(ctx)) {
		// With the catch-up, the events callbacks emitted stay: the next catch-up must not emit them again.
		if (!catchUpOn(ctx)) forgetSharedEvents(nodeData);
		forgetLegacyCallbacks(ctx.getWorkflowStaticData('global'), ctx.getNode().name);
	}
}

function catchUpOn(ctx: IHookFunctions): boolean {
	try {
		return catchUpSettings(ctx) !== undefined;
	} catch {
		return false;
	}
}
