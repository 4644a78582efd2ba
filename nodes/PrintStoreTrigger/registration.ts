import type { IDataObject, IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { forgetLegacyCallbacks } from '../shared/legacyCallbacks';
import { checkTriggerActivation } from '../shared/n8nInternals';
import { checkedCatchUpSettings, runningCatchUp, scopeKey } from './catchUp/settings';
import { forgetState, recordPublish } from './memory/catchUpState';
import { forgetSharedEvents, forgetTrigger } from './memory/dedupe';
import { derivedSecret, fixedSecret, hasCredential, legacyRegistrationKey, legacySecret, triggerKey } from './webhook/secret';

/**
 * The trigger's lifecycle. Nothing is registered or stored: the callback addresses and their secret
 * are derived (webhook/secret.ts), so every n8n process, Print Store > Create on a queue-mode
 * worker included, computes the same ones. Activation checks that the trigger has a secret to
 * derive, that its catch-up settings hold, and that n8n still serves the trigger as the package
 * relies on; deactivation forgets this process's memory of events and what earlier versions of the
 * package kept in static data. What the catch-up has read stays in the static data: publishing the
 * workflow again goes on from there. (The catch-up's clock is the trigger's `trigger()`:
 * catchUp/clock.ts.)
 */
function isTest(ctx: IHookFunctions): boolean {
	return ctx.getMode() === 'manual';
}

export async function register(ctx: IHookFunctions): Promise<void> {
	if (isTest(ctx)) return;
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const catchUp = checkedCatchUpSettings(ctx);
	checkTriggerActivation(ctx, options.secretPlacement, options.acrossProcesses === true || catchUp !== undefined);
	// Changes from now on are emitted, even when n8n stops before the first catch-up reads the store.
	if (catchUp) recordPublish(ctx.getWorkflowStaticData('node'), triggerKey(ctx), scopeKey(catchUp), Date.now());
	if (fixedSecret(ctx) || legacySecret(ctx)) return;
	if (hasCredential(ctx)) {
		// Reading the credential now turns a broken one into an activation error, not refused callbacks.
		await derivedSecret(ctx);
		return;
	}
	throw new NodeOperationError(ctx.getNode(), 'The trigger has no credential to derive its callback secret from', {
		description:
			'Select your Print Store credential on the trigger, the same one Print Store > Create uses: the secret of the callback URLs is derived from it. ' +
			'Or set Options > Callback Secret, for orders created outside this workflow.',
	});
}

export function unregister(ctx: IHookFunctions): void {
	const key = triggerKey(ctx);
	forgetTrigger(key);
	forgetState(key);
	const nodeData = ctx.getWorkflowStaticData('node');
	const legacyKey = legacyRegistrationKey(isTest(ctx));
	if (legacyKey in nodeData) delete nodeData[legacyKey];
	if (!isTest(ctx)) {
		// With the catch-up, the events callbacks emitted stay: the next catch-up must not emit them again.
		if (!runningCatchUp(ctx)) forgetSharedEvents(nodeData);
		forgetLegacyCallbacks(ctx.getWorkflowStaticData('global'), ctx.getNode().name);
	}
}
