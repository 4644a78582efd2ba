/**
 * Hiding secrets in what the package shows: output items, errors, logs. A leaf module (it imports
 * nothing of the package) so that every layer can hide secrets without pulling in the callback
 * addresses or the door to n8n's internals.
 *
 * Callback secrets travel in two forms (see callbacks/urls.ts): a path segment,
 * `.../webhook/<id>/<id>/status/<secret>`, and a query parameter, `?secret=<secret>`; n8n's resume
 * token is `signature=`. Whatever the form, the secret is replaced by a fixed marker, so a reader
 * sees which trigger an order reports to, never the secret.
 */
export const SECRET_MARKER = 'SECRET-HIDDEN';

/** `?secret=...` / `&secret=...` in any URL, and n8n's resume token `signature=` (Order > Wait Until Status). */
const QUERY_SECRET = /([?&](?:secret|signature)=)[^&#\s"'<>]*/gi;
/** `/<webhook id>/status/<secret>` or `.../details/<secret>`: the path form. */
const PATH_SECRET = /(\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/(?:status|details)\/)[^/?#\s"'<>]+/gi;

export function hideSecretsInText(text: string, knownSecrets: readonly string[] = []): string {
	let out = text;
	if (/secret=|signature=/i.test(out)) out = out.replace(QUERY_SECRET, `$1${SECRET_MARKER}`);
	if (out.includes('/status/') || out.includes('/details/')) out = out.replace(PATH_SECRET, `$1${SECRET_MARKER}`);
	for (const secret of knownSecrets) {
		if (secret.length >= 8 && out.includes(secret)) out = out.split(secret).join(SECRET_MARKER);
	}
	return out;
}

/**
 * A copy of `value` with every callback secret in its strings replaced by the marker. Values with
 * nothing to hide are returned as they are (no copy), so the common case costs one scan.
 */
export function hideCallbackSecrets<T>(value: T, knownSecrets: readonly string[] = []): T {
	if (typeof value === 'string') return hideSecretsInText(value, knownSecrets) as T;
	if (Array.isArray(value)) {
		let changed = false;
		const out = value.map((entry: unknown) => {
			const hidden = hideCallbackSecrets(entry, knownSecrets);
			if (hidden !== entry) changed = true;
			return hidden;
		});
		return (changed ? out : value) as T;
	}
	if (value && typeof value === 'object') {
		let out: Record<string, unknown> | undefined;
		for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
			const hidden = hideCallbackSecrets(entry, knownSecrets);
			if (hidden !== entry) {
				out ??= { ...(value as Record<string, unknown>) };
				out[key] = hidden;
			}
		}
		return (out ?? value) as T;
	}
	return value;
}

/**
 * A text with the given credential secrets (subscription key, client secret, tokens), any bearer
 * token and any callback secret replaced: what a failure's message or stack may show.
 */
export function hideCredentialSecrets(text: string, secrets: readonly string[]): string {
	let out = text;
	for (const secret of secrets) if (secret) out = out.split(secret).join('[redacted]');
	return hideSecretsInText(out.replace(/Bearer\s+[\w.~+/=-]+/gi, 'Bearer [redacted]'));
}
