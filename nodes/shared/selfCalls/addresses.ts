/**
 * Where the package finds n8n when it calls n8n itself (the trigger's catch-up clock, Wait Until
 * Status's checks, the resume webhook's fresh look): the addresses to try, each once, in this order,
 * the first whose answer proves it is n8n running the node (ask.ts):
 *
 * 1. the addresses the user gave: the credential's "n8n Internal URL" (given once, for
 *    every node and process that uses the credential; queue mode needs it when the workers cannot
 *    reach n8n's public address), then, for a trigger, its Catch-Up Options > Own Address;
 * 2. where n8n processes were seen serving the package's webhooks: the server's side of a callback,
 *    a clock request or a resume call, the address n8n listens on (this process's first);
 * 3. n8n's editor address (N8N_EDITOR_BASE_URL), which some setups keep inside;
 * 4. n8n's default, `http://127.0.0.1:5678/`: where n8n listens unless told otherwise;
 * 5. n8n's public address (N8N_WEBHOOK_URL), the last resort: behind a reverse proxy, n8n often
 *    cannot reach it itself (no hairpin routing, closed egress, split DNS, a company CA its Node
 *    does not trust), while the provider's callbacks reach n8n through the proxy.
 *
 * An address is kept as its root, up to n8n's endpoints (`http://10.0.0.5:5678/`); each caller
 * adds its endpoint (`webhook/<id>/status`, `webhook-waiting/<execution>/...`).
 */

/** The credential's n8n Internal URL, or ''. */
export function credentialAddress(credentials: { n8nInternalUrl?: unknown }): string {
	return typeof credentials.n8nInternalUrl === 'string' ? credentials.n8nInternalUrl.trim() : '';
}

/** n8n's address when nothing says otherwise (N8N_PORT 5678, listening on every interface). */
export const N8N_DEFAULT_ADDRESS = 'http://127.0.0.1:5678/';

/** n8n's endpoint names, as its production and waiting webhook addresses end (N8N_ENDPOINT_WEBHOOK, N8N_ENDPOINT_WEBHOOK_WAIT). */
export interface Endpoints {
	webhook: string;
	waiting: string;
}

const isHttp = (address: string) => /^https?:\/\/[^/]/i.test(address);

/**
 * An address as given or seen, as a root: without a trailing n8n endpoint (`.../webhook`,
 * `.../webhook-waiting`), ending in `/`. '' for anything that is not an http(s) address.
 */
export function rootOf(address: string, endpoints: Endpoints): string {
	let trimmed = address.trim().replace(/\/+$/, '');
	if (!isHttp(trimmed)) return '';
	for (const endpoint of [endpoints.webhook, endpoints.waiting]) {
		if (endpoint && trimmed.endsWith(`/${endpoint}`)) {
			trimmed = trimmed.slice(0, -endpoint.length - 1);
			break;
		}
	}
	return `${trimmed}/`;
}

/**
 * The root and endpoint of an n8n address that ends in an endpoint and one more segment (a resume
 * URL `<root><endpoint>/<execution ID>`, without its query) or in an endpoint (`<root><endpoint>`).
 */
export function splitEndpoint(url: string, segmentsAfter: number): { root: string; endpoint: string } {
	const parsed = new URL(url);
	const segments = parsed.pathname.replace(/\/+$/, '').split('/');
	const endpoint = segments[segments.length - 1 - segmentsAfter] ?? '';
	const prefix = segments.slice(0, segments.length - 1 - segmentsAfter).join('/');
	return { root: `${parsed.origin}${prefix}/`, endpoint };
}

/** What is known of where n8n can be reached. */
export interface Whereabouts {
	/** Addresses the user gave, in order. */
	given: string[];
	/** Where n8n processes were seen serving the package's webhooks, this process's first. */
	seen: string[];
	/** n8n's editor address. */
	editor: string;
	/** n8n's public address (the root of its production or resume URLs). */
	public: string;
}

/** The roots to try, each once, in the order above. */
export function addressesToTry(where: Whereabouts, endpoints: Endpoints): string[] {
	const list = [...where.given, ...where.seen, where.editor, N8N_DEFAULT_ADDRESS, where.public].map((address) => rootOf(address, endpoints));
	return [...new Set(list.filter((root) => root !== ''))];
}

/**
 * Where this process was seen serving the package's webhooks (its own side of a request): the same
 * for every trigger and every wait, so what one request showed serves the others.
 */
const MAX_SEEN = 4;
const seenHere = new Map<string, true>();

/** Notes a root this process serves at, as the newest. */
export function noteServedHere(root: string): void {
	if (root === '' || [...seenHere.keys()].at(-1) === root) return;
	seenHere.delete(root);
	seenHere.set(root, true);
	if (seenHere.size > MAX_SEEN) seenHere.delete(seenHere.keys().next().value as string);
}

/** The roots this process was seen serving at, newest first. */
export function servedHere(): string[] {
	return [...seenHere.keys()].reverse();
}
