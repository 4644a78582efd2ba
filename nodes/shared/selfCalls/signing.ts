import { createHmac, randomUUID } from 'node:crypto';

import { secretsMatch } from '../callbacks/secrets';

/**
 * How a request the package sends to n8n itself is signed, and how its answer is proved. The URL
 * carries no secret of the package: n8n's log names webhook paths, and anything between the caller
 * and n8n may keep URLs. A header signs what is asked (HMAC-SHA256 keyed with a secret both ends
 * derive: the trigger's callback secret, or the waiting execution's), with the time and a nonce, so
 * nothing that passes by works again later than five minutes; the node's answer carries a proof
 * keyed the same way, so only the node's own answer counts as a call that reached it. An answer
 * without the proof is n8n's (or anything else's), never the node's.
 */
export const SELF_CALL_HEADER = 'x-print-store-self-call';
const MAX_AGE_MS = 5 * 60_000;

/** What a signature covers besides its time and nonce: what is asked, of whom (strings and numbers as they are). */
export type About = ReadonlyArray<string | number | boolean>;

function hmac(secret: string, subject: string): string {
	return createHmac('sha256', secret).update(subject).digest('hex');
}

function subject(time: number, nonce: string, about: About): string {
	return ['print-store-self-call', time, nonce, ...about.map(String)].join('\n');
}

/** The header value that signs a request about `about`, and its nonce (to check the answer's proof with). */
export function signSelfCall(secret: string, about: About, now = Date.now()): { header: string; nonce: string } {
	const nonce = randomUUID();
	return { header: `v1,${now},${nonce},${hmac(secret, subject(now, nonce, about))}`, nonce };
}

/**
 * The signature a request carries, checked against the secrets it may be keyed with: undefined when
 * it carries none; false when it is not one of theirs for `about`, or older than five minutes; else
 * the secret that signed it and its nonce.
 */
export function readSelfCall(header: unknown, secrets: string[], about: About, now = Date.now()): { secret: string; nonce: string } | false | undefined {
	if (header === undefined) return undefined;
	if (typeof header !== 'string') return false;
	const [version, timeText, nonce, signature] = header.split(',');
	const time = Number(timeText);
	if (version !== 'v1' || !Number.isFinite(time) || Math.abs(now - time) > MAX_AGE_MS || !nonce || !signature) return false;
	const secret = secrets.find((candidate) => candidate !== '' && secretsMatch(signature, hmac(candidate, subject(time, nonce, about))));
	return secret === undefined ? false : { secret, nonce };
}

/** The proof the node's answer to a signed request carries. */
export function answerProof(secret: string, nonce: string): string {
	return hmac(secret, `print-store-self-call-answer:${nonce}`);
}
