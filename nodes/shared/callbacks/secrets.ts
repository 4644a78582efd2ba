import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

/**
 * The secrets of callback addresses, and how they are compared.
 *
 * A waiting execution's secret (Order > Wait Until Status) is derived, never stored: any n8n
 * process (main, worker, webhook process, after a restart) computes the same one from the
 * credential and the execution ID, and nobody without the credential can guess it. It is an HMAC
 * keyed with the credential's subscription key and client secret, so changing either retires every
 * address given out before.
 */
export function waitSecret(credentials: ICredentialDataDecryptedObject, executionId: string): string {
	const key = `${String(credentials.subscriptionKey ?? '')}\n${String(credentials.clientSecret ?? '')}`;
	return createHmac('sha256', key).update(`print-store-wait:${executionId}`).digest('hex');
}

function sha256(value: string): Buffer {
	return createHash('sha256').update(value, 'utf8').digest();
}

/** Constant-time: both sides are hashed to the same length first. */
export function secretsMatch(given: string, expected: string): boolean {
	return timingSafeEqual(sha256(given), sha256(expected));
}
