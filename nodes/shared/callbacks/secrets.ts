import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

/**
 * The secrets of callback addresses, and how they are compared.
 *
 * Secrets are derived, never stored: any n8n process (main, worker, webhook process, after a
 * restart) computes the same one from the credential and public facts about the address, and
 * nobody without the credential can guess it. Each is an HMAC keyed with the credential's
 * subscription key and client secret, so changing either retires every address given out before.
 */
function derivedSecret(credentials: ICredentialDataDecryptedObject, subject: string): string {
	const key = `${String(credentials.subscriptionKey ?? '')}\n${String(credentials.clientSecret ?? '')}`;
	return createHmac('sha256', key).update(subject).digest('hex');
}

/** The secret of a waiting execution's resume address (Order > Wait Until Status). */
export function waitSecret(credentials: ICredentialDataDecryptedObject, executionId: string): string {
	return derivedSecret(credentials, `print-store-wait:${executionId}`);
}

/**
 * The secret of a Print Store Trigger's callback addresses: the same for every activation of the
 * same trigger node (its webhook ID) in the same workflow, so orders created before an n8n restart
 * or a deactivation report again once the workflow is active.
 */
export function triggerSecret(credentials: ICredentialDataDecryptedObject, workflowId: string, trigger: { name: string; webhookId?: string }): string {
	// n8n gives every trigger node a webhook ID; a workflow imported without one is told apart by the node's name.
	return derivedSecret(credentials, `print-store-trigger:${workflowId}:${trigger.webhookId ?? `node:${trigger.name}`}`);
}

function sha256(value: string): Buffer {
	return createHash('sha256').update(value, 'utf8').digest();
}

/** Constant-time: both sides are hashed to the same length first. */
export function secretsMatch(given: string, expected: string): boolean {
	return timingSafeEqual(sha256(given), sha256(expected));
}
