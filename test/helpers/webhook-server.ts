/**
 * A small HTTP server that does what n8n's webhook server does before it calls a node's webhook():
 * reads the body whole, parses it as n8n would, keeps the raw bytes, the query and the path
 * parameters, and gives the node an Express-like response. Used by the trigger's and the wait's
 * test hosts (test/helpers/trigger.ts, test/helpers/wait.ts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ExpressLikeResponse extends http.ServerResponse {
	status(code: number): ExpressLikeResponse;
	json(body: unknown): void;
}

export function withExpressMethods(response: http.ServerResponse): ExpressLikeResponse {
	const res = response as ExpressLikeResponse;
	res.status = (code: number) => {
		res.statusCode = code;
		return res;
	};
	res.json = (body: unknown) => {
		res.setHeader('content-type', 'application/json');
		res.end(JSON.stringify(body));
	};
	return res;
}

/** The body as n8n's webhook server hands it to a node: JSON and forms parsed, anything else as text. */
export function parseBody(raw: Buffer, contentType: string): unknown {
	const text = raw.toString('utf8');
	if (raw.length === 0) return {};
	if (contentType.includes('json')) {
		try {
			return JSON.parse(text) as unknown;
		} catch {
			return text;
		}
	}
	if (contentType.includes('x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
	if (contentType.includes('xml')) return { xml: text };
	return text;
}

/** The query as Express parses it for n8n: a name given more than once becomes a list of its values. */
function queryOf(params: URLSearchParams): Record<string, string | string[]> {
	const query: Record<string, string | string[]> = {};
	for (const name of new Set(params.keys())) {
		const values = params.getAll(name);
		query[name] = values.length > 1 ? values : values[0];
	}
	return query;
}

export interface WebhookCall {
	url: URL;
	response: http.ServerResponse;
	res: ExpressLikeResponse;
	/** The request as n8n hands it to a node, with these path parameters. */
	request(params: Record<string, string>): http.IncomingMessage & { params: Record<string, string>; query: Record<string, string | string[]>; body: unknown; rawBody: Buffer };
}

/**
 * Starts the server on a free local port. `handle` answers each call; one that throws answers 500
 * with `{ error }` (n8n would answer an error too; the nodes must never get there).
 */
export async function serveLikeN8n(handle: (call: WebhookCall) => Promise<void>): Promise<{ server: http.Server; base: string }> {
	const server = http.createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	server.on('request', (incoming: http.IncomingMessage, response: http.ServerResponse) => {
		const chunks: Buffer[] = [];
		incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
		incoming.on('end', () => {
			const url = new URL(incoming.url ?? '/', base);
			const raw = Buffer.concat(chunks);
			const call: WebhookCall = {
				url,
				response,
				res: withExpressMethods(response),
				request: (params) =>
					Object.assign(incoming, {
						params,
						query: queryOf(url.searchParams),
						body: parseBody(raw, String(incoming.headers['content-type'] ?? '')),
						rawBody: raw,
					}),
			};
			handle(call).catch((error: Error) => {
				if (!response.headersSent) withExpressMethods(response).status(500).json({ error: error.message });
			});
		});
	});
	return { server, base };
}
