/** Shared helpers of the sandbox suites: real HTTP clients and the browser-like OAuth2 login. */
import nodeHttp from 'node:http';
import type { AddressInfo } from 'node:net';

import axios, { type AxiosInstance } from 'axios';
import type { Sandbox } from '../../sandbox/server';

export const http: AxiosInstance = axios.create({ validateStatus: () => true, proxy: false, maxRedirects: 0 });

/** An API client with the subscription key and a bearer token (alice's by default). */
export function apiClient(sandbox: Sandbox, accessToken = sandbox.tokens.accessToken): AxiosInstance {
	return axios.create({
		baseURL: sandbox.apiUrl,
		validateStatus: () => true,
		proxy: false,
		headers: { 'Ocp-Apim-Subscription-Key': sandbox.subscriptionKey, Authorization: `Bearer ${accessToken}` },
	});
}

export function controlClient(sandbox: Sandbox): AxiosInstance {
	return axios.create({ baseURL: `${sandbox.baseUrl}/_sandbox`, validateStatus: () => true, proxy: false });
}

/** API client for a seeded user through the given client (the seeded application by default). */
export async function clientFor(sandbox: Sandbox, username: string, clientId?: string): Promise<AxiosInstance> {
	const tokens = await sandbox.issueTokens(username, clientId);
	return apiClient(sandbox, tokens.accessToken);
}

export function orderItem(overrides: Record<string, unknown> = {}, product: Record<string, unknown> = {}) {
	return {
		PartnerOrderReference: 'ref-default',
		Product: { ID: 'postcard-4x6', Quantity: 100, ...product },
		Recipient: {
			NameFirst: 'Jane',
			NameLast: 'Doe',
			AddressLine1: '1 Main St',
			City: 'Springfield',
			Province: 'IL',
			Postalcode: '62701',
			Country: 'US',
			RecipientKey: 'rk-1',
		},
		...overrides,
	};
}

export const messages = (body: unknown): string[] => (body as { _meta: { Messages: string[] } })._meta.Messages;

export const REDIRECT_URI = 'http://localhost:5678/rest/oauth2-credential/callback';

/** Hidden and visible inputs of the login form, as a browser would submit them. */
export function formFields(html: string): Record<string, string> {
	const fields: Record<string, string> = {};
	for (const match of html.matchAll(/<input[^>]*>/g)) {
		const name = /name="([^"]*)"/.exec(match[0])?.[1];
		const value = /value="([^"]*)"/.exec(match[0])?.[1] ?? '';
		if (name) fields[name] = value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
	}
	return fields;
}

export interface LoginResult {
	status: number;
	location?: string;
	code?: string;
	state?: string;
	error?: string;
	html?: string;
}

/**
 * Drives the login page like a browser: GET the authorization URL, fill the form, POST it (a plain
 * form POST to the form's action), and read the redirect.
 */
export async function browserLogin(
	sandbox: Sandbox,
	options: {
		username?: string;
		password?: string;
		redirectUri?: string;
		state?: string;
		clientId?: string;
		allowed?: 'true' | 'false';
		extraQuery?: Record<string, string>;
	} = {},
): Promise<LoginResult> {
	const query = new URLSearchParams({
		response_type: 'code',
		client_id: options.clientId ?? sandbox.clientId,
		redirect_uri: options.redirectUri ?? REDIRECT_URI,
		state: options.state ?? 'state-123',
		...options.extraQuery,
	});
	const page = await http.get(`${sandbox.authorizationUrl}?${query}`, { responseType: 'text' });
	if (page.status !== 200) return { status: page.status, html: page.data };
	const html = page.data as string;
	const action = /<form method="post" action="([^"]+)"/.exec(html)![1];
	const fields = formFields(html);
	fields.username = options.username ?? 'alice';
	fields.password = options.password ?? 'alice-password';
	fields.allowed = options.allowed ?? 'true';
	const posted = await http.post(new URL(action, sandbox.baseUrl).toString(), new URLSearchParams(fields).toString(), {
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		responseType: 'text',
	});
	if (posted.status !== 302) return { status: posted.status, html: posted.data };
	const location = posted.headers.location as string;
	const url = new URL(location);
	return {
		status: posted.status,
		location,
		code: url.searchParams.get('code') ?? undefined,
		state: url.searchParams.get('state') ?? undefined,
		error: url.searchParams.get('error') ?? undefined,
	};
}

export async function exchangeCode(
	sandbox: Sandbox,
	code: string,
	options: { redirectUri?: string; secret?: string; clientId?: string; via?: 'basic' | 'body'; extra?: Record<string, string> } = {},
) {
	const clientId = options.clientId ?? sandbox.clientId;
	const secret = options.secret ?? sandbox.clientSecret;
	const form: Record<string, string> = { grant_type: 'authorization_code', code, redirect_uri: options.redirectUri ?? REDIRECT_URI, ...options.extra };
	const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
	if ((options.via ?? 'basic') === 'basic') headers.Authorization = `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
	else Object.assign(form, { client_id: clientId, client_secret: secret });
	return http.post(sandbox.tokenUrl, new URLSearchParams(form).toString(), { headers });
}

export async function refresh(sandbox: Sandbox, refreshToken: string, clientId = sandbox.clientId, secret = sandbox.clientSecret) {
	return http.post(
		sandbox.tokenUrl,
		new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId, client_secret: secret }).toString(),
		{ headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
	);
}

/** Polls until `check` returns a value (no timing assertion: only a generous upper bound). */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 15000, everyMs = 25): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await check();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error('condition not met in time');
		await new Promise((resolve) => setTimeout(resolve, everyMs));
	}
}

export interface ReceivedCallback {
	path: string;
	attempt: string;
	event: string;
	body: Record<string, unknown>;
}

/**
 * A tiny local receiver of the sandbox's callbacks: records each POST (its path with the query, the
 * attempt and event headers, the parsed body); `plan(path, hit, body)` decides its status (or 'hang').
 */
export class CallbackReceiver {
	readonly received: ReceivedCallback[] = [];
	private server!: nodeHttp.Server;
	private counts = new Map<string, number>();
	plan: (path: string, hit: number, body: Record<string, unknown>) => number | 'hang' = () => 200;
	url = '';

	async start() {
		this.server = nodeHttp.createServer((req, res) => {
			let raw = '';
			req.on('data', (chunk) => (raw += chunk));
			req.on('end', () => {
				const path = req.url ?? '';
				const hit = (this.counts.get(path) ?? 0) + 1;
				this.counts.set(path, hit);
				const body = JSON.parse(raw);
				this.received.push({ path, attempt: String(req.headers['x-print-store-attempt']), event: String(req.headers['x-print-store-event']), body });
				const outcome = this.plan(path, hit, body);
				if (outcome === 'hang') return; // never answers: the sandbox times out
				res.writeHead(outcome, { 'Content-Type': 'text/plain' }).end('ok');
			});
		});
		await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
		this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
	}

	stop() {
		this.server.closeAllConnections();
		return new Promise<void>((resolve) => this.server.close(() => resolve()));
	}
}
