import type { IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { toNodeError } from '../shared/errors';
import { secretPlacement } from '../shared/callbacks/urls';
import { forgetLegacyCallbacks } from '../shared/legacyCallbacks';
import { NO_FILTERS, orderListSource } from '../shared/lists/orderList';
import { collect } from '../shared/lists/pages';
import { checkTriggerActivation } from '../shared/n8nInternals';
import { catchUpScope, checkedCatchUpSettings, hasCredential, isPublish, runningCatchUp, scopeKey, triggerOptions, type CatchUpSettings } from './setup/settings';
import { resolveStore } from './catchUp/runCatchUp';
import { derivedSecret, fixedSecret, legacyRegistrationKey, legacySecret } from './setup/access';
import { forgetTrigger, publishFor, readPlace, sharesMemory } from './memory/door';

/**
 * The trigger's lifecycle: what a publish checks and records, and what deactivation forgets.
 * Nothing is registered anywhere: the callback addresses and their secret
 * are derived (setup/access.ts), so every n8n process, Print Store > Create on a queue-mode
 * worker included, computes the same ones.
 *
 * Publishing checks what the trigger needs from outside it, so a trigger that cannot work is refused
 * with the reason, in the editor: a secret to derive (a credential, or a Callback Secret); for the
 * catch-up, the credential, a store it knows (picked, or the account's only one) and can read; and
 * that n8n still serves the trigger as the package relies on. The publish is recorded in the memory:
 * changes from then on are emitted. (The catch-up's clock is the trigger's `trigger()`:
 * clock/ticks.ts.) When n8n starts or a new leader takes over, nothing is asked of the service: a
 * passing outage must not keep the callbacks from being registered; the clock shows what fails.
 */
function isTest(ctx: IHookFunctions): boolean {
	return ctx.getMode() === 'manual';
}

export async function register(ctx: IHookFunctions): Promise<void> {
	if (isTest(ctx)) return;
	const options = triggerOptions(ctx);
	const catchUp = checkedCatchUpSettings(ctx);
	checkTriggerActivation(ctx, secretPlacement(ctx.getNode(), options.secretPlacement), sharesMemory(ctx));
	if (catchUpScope(ctx) !== 'off' && !hasCredential(ctx)) {
		throw new NodeOperationError(ctx.getNode(), 'The catch-up has no credential to read the store with', {
			description: 'Select your Print Store credential on the trigger, the same one Print Store > Create uses, or set Catch Up Missed Events to Off.',
		});
	}
	if (!fixedSecret(ctx) && !legacySecret(ctx)) {
		if (!hasCredential(ctx)) {
			throw new NodeOperationError(ctx.getNode(), 'The trigger has no credential to derive its callback secret from', {
				description:
					'Select your Print Store credential on the trigger, the same one Print Store > Create uses: the secret of the callback URLs is derived from it. ' +
					'Or set Options > Callback Secret, for orders created outside this workflow.',
			});
		}
		// Reading the credential now turns a broken one into an activation error, not refused callbacks.
		await derivedSecret(ctx);
	}
	if (catchUp) await recordPublish(ctx, catchUp);
}

/**
 * At a publish: the store the catch-up reads, known and readable (one page of its order list), and
 * the publish recorded, so changes from now on are emitted even when n8n stops before the first
 * catch-up. Publishing again for the same store and scope goes on from the last read.
 */
async function recordPublish(ctx: IHookFunctions, configured: CatchUpSettings): Promise<void> {
	let settings = configured;
	if (isPublish(ctx)) {
		settings = await resolveStore(ctx, configured, readPlace(ctx).reader);
		try {
			await collect(ctx, orderListSource(settings.storeId, NO_FILTERS, 1), () => true, 1);
		} catch (error) {
			const cause = toNodeError(ctx.getNode(), error, 0);
			throw new NodeOperationError(ctx.getNode(), `The catch-up cannot read store ${settings.storeId}: ${cause.message}`, {
				description: `${cause.description ? `${cause.description} ` : ''}Check the trigger's Store and credential, or set Catch Up Missed Events to Off.`,
			});
		}
	}
	if (settings.storeId !== '') publishFor(ctx, scopeKey(settings));
}

export function unregister(ctx: IHookFunctions): void {
	// With the catch-up, the stored memory stays: publishing again goes on from there, and emits nothing twice.
	forgetTrigger(ctx, isTest(ctx) || runningCatchUp(ctx) !== undefined);
	const nodeData = ctx.getWorkflowStaticData('node');
	const legacyKey = legacyRegistrationKey(isTest(ctx));
	if (legacyKey in nodeData) delete nodeData[legacyKey];
	if (!isTest(ctx)) forgetLegacyCallbacks(ctx.getWorkflowStaticData('global'), ctx.getNode().name);
}
