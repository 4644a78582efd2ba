/**
 * "Connect my account" without a browser: the OAuth2 authorization-code flow through n8n's own
 * endpoints, so the tokens n8n stores are real ones it obtained itself.
 *   1. n8n builds the authorization URL (GET /rest/oauth2-credential/auth?id=...), with its state;
 *   2. the authorization server's login form is filled in and posted, as a user would;
 *   3. its redirect goes to n8n's callback, which exchanges the code at the token URL and saves
 *      the tokens in the credential's oauthTokenData.
 */
import type { N8nClient } from './client';

export interface AccountLogin {
	username: string;
	password: string;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>' };
const decode = (value: string) => value.replace(/&(amp|quot|#39|lt|gt);/g, (entity) => ENTITIES[entity]);

function attribute(tag: string, name: string): string | undefined {
	const match = new RegExp(`\\b${name}="([^"]*)"`, 'i').exec(tag);
	return match ? decode(match[1]) : undefined;
}

/** The login form of the authorization page: where it posts and its hidden fields. */
export function parseLoginForm(html: string, pageUrl: string): { action: string; fields: Record<string, string> } {
	const form = /<form\b[^>]*>/i.exec(html);
	if (!form) throw new Error(`The authorization page ${pageUrl} has no form:\n${html.slice(0, 500)}`);
	const action = new URL(attribute(form[0], 'action') ?? pageUrl, pageUrl).toString();
	const fields: Record<string, string> = {};
	for (const input of html.match(/<input\b[^>]*>/gi) ?? []) {
		if (attribute(input, 'type')?.toLowerCase() !== 'hidden') continue;
		const name = attribute(input, 'name');
		if (name) fields[name] = attribute(input, 'value') ?? '';
	}
	return { action, fields };
}

function pageText(html: string): string {
	return html.replace(/<style[\s\S]*?<\/style>/gi, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 300);
}

export async function connectOAuth2Credential(client: N8nClient, credentialId: string, login: AccountLogin): Promise<void> {
	const authorizationUrl = await client.rest<string>('GET', `/oauth2-credential/auth?id=${encodeURIComponent(credentialId)}`);

	const page = await fetch(authorizationUrl, { redirect: 'manual' });
	const html = await page.text();
	if (!page.ok) throw new Error(`The authorization page answered ${page.status}: ${pageText(html)}`);
	const form = parseLoginForm(html, authorizationUrl);

	const consent = await fetch(form.action, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({ ...form.fields, username: login.username, password: login.password, allowed: 'true' }),
		redirect: 'manual',
	});
	const location = consent.headers.get('location');
	if (consent.status < 300 || consent.status >= 400 || !location) {
		throw new Error(`Signing in as ${login.username} did not redirect back to n8n (${consent.status}): ${pageText(await consent.text())}`);
	}
	const redirect = new URL(location, form.action);
	if (redirect.searchParams.has('error')) {
		throw new Error(`The authorization server refused: ${redirect.searchParams.get('error')} ${redirect.searchParams.get('error_description') ?? ''}`);
	}
	if (redirect.origin !== new URL(client.url).origin) {
		throw new Error(`The authorization server redirected to ${redirect.origin}, not to this n8n (${client.url})`);
	}

	const callback = await client.raw('GET', `${redirect.pathname}${redirect.search}`);
	const callbackPage = await callback.text();
	const credential = await client.getCredential(credentialId);
	if (!credential.data.oauthTokenData) {
		throw new Error(`n8n did not store tokens for credential ${credentialId} (callback ${callback.status}): ${pageText(callbackPage)}`);
	}
}
