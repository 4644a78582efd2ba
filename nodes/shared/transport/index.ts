import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IWebhookFunctions,
} from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import type { FailureFacts } from '../errors';
import { ApiFailure, ItemProblem } from '../errors';
import type { ApiOperation } from '../apiCalls';
import { isRepeatable } from '../apiCalls';
import type { Pacing } from './pacing';
import { backoffMs, DEFAULT_BACKOFF, describeFailure, isAmbiguous, isProvenUnprocessed, isTransient } from './failures';

export const CREDENTIAL_TYPE = 'printStoreOAuth2Api';

type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions;

export interface ApiRequest {
	operation: ApiOperation;
	method: IHttpRequestMethods;
	/** Raw path segments below /api/v1; each is URL-encoded here so an ID can never leave its segment. */
	path: readonly string[];
	body?: IDataObject | IDataObject[];
	qs?: IDataObject;
	/** Shared by requests in flight together, so a slow-down asked of one holds back all. */
	pacing?: Pacing;
}

export interface ApiResponse<T> {
	statusCode: number;
	body: T;
}

const REQUEST_TIMEOUT_MS = 120_000;

/** `{base_url}/api/v1`, tolerating trailing slashes and a base URL that already ends in /api/v1. */
function apiRoot(baseUrl: string): string {
	const trimmed = baseUrl.trim().replace(/\/+$/, '').replace(/\/api\/v1$/i, '');
	return `${trimmed}/api/v1`;
}

export interface Connection {
	/** `{base_url}/api/v1`. */
	root: string;
	subscriptionKey: string;
	secrets: string[];
}

/**
 * What a context's requests need of the credential, read once per context (an execution's node run,
 * a webhook request, a list search): every read makes n8n decrypt the credential and resolve its
 * expressions, which in a webhook costs a new expression isolate each time (bench/RESULTS.md, the
 * catch-up), and n8n's OAuth2 helper reads it again to sign every request. A failed read is not
 * kept. Tokens n8n refreshes meanwhile are read again where they matter, to hide them
 * (`secretsNow`).
 */
const connections = new WeakMap<ApiContext, Promise<Connection>>();

export async function connection(ctx: ApiContext): Promise<Connection> {
	let read = connections.get(ctx);
	if (!read) {
		read = readConnection(ctx);
		connections.set(ctx, read);
		read.catch(() => connections.delete(ctx));
	}
	return await read;
}

async function readConnection(ctx: ApiContext): Promise<Connection> {
	const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
	const baseUrl = String(credentials.baseUrl ?? '');
	if (!/^https?:\/\/[^/\s]+/i.test(baseUrl.trim())) {
		throw new ItemProblem(
			'The Print Store credential has no valid API Base URL',
			'Open the credential and set API Base URL to an address such as https://api.your-print-store.com.',
		);
	}
	const subscriptionKey = String(credentials.subscriptionKey ?? '');
	if (!subscriptionKey) {
		throw new ItemProblem(
			'The Print Store credential has no Subscription Key',
			"Open the credential and paste the subscription key from your profile on the provider's portal.",
		);
	}
	return { root: apiRoot(baseUrl), subscriptionKey, secrets: credentialSecrets(credentials) };
}

/**
 * Every secret of the credential a service could echo in an error: the subscription key, the client
 * secret and the OAuth2 tokens (bare, not only after "Bearer").
 */
function credentialSecrets(credentials: IDataObject): string[] {
	const tokens = (credentials.oauthTokenData ?? {}) as IDataObject;
	return [credentials.subscriptionKey, credentials.clientSecret, tokens.access_token, tokens.refresh_token]
		.map((value) => (typeof value === 'string' ? value : ''))
		.filter((value) => value.length >= 4);
}

/** The credential's secrets now: after a token refresh during the request, the new tokens too. */
export async function secretsNow(ctx: ApiContext, before: string[]): Promise<string[]> {
	try {
		return [...new Set([...before, ...credentialSecrets(await ctx.getCredentials(CREDENTIAL_TYPE))])];
	} catch {
		return before;
	}
}

/**
 * The one place the package sends the API's requests (the only other HTTP it sends, the wait's calls
 * to n8n's own resume address, goes through the door to n8n, shared/n8nInternals). Adds the
 * subscription key, lets n8n sign with (and refresh)
 * the OAuth2 token, retries what is safe to retry, and throws an `ApiFailure` that carries no secret.
 */
export async function apiRequestWithStatus<T = unknown>(this: ApiContext, request: ApiRequest): Promise<ApiResponse<T>> {
	const { root, subscriptionKey, secrets } = await connection(this);
	const options: IHttpRequestOptions = {
		method: request.method,
		url: `${root}/${request.path.map((segment) => encodeURIComponent(segment)).join('/')}`,
		headers: { Accept: 'application/json', 'Ocp-Apim-Subscription-Key': subscriptionKey },
		json: true,
		timeout: REQUEST_TIMEOUT_MS,
		returnFullResponse: true,
	};
	if (request.body !== undefined) options.body = request.body;
	if (request.qs !== undefined) {
		options.qs = request.qs;
		// A list value as repeated keys (`status=4&status=5`): how an integer array binds in the API's query.
		options.arrayFormat = 'repeat';
	}
	const repeatable = isRepeatable(request.operation, request.method);

	for (let attempt = 1; ; attempt++) {
		if (request.pacing) await request.pacing.waitTurn();
		let facts: FailureFacts;
		try {
			// n8n signs a copy per attempt; keep ours pristine.
			const send = async (ignoreHttpStatusErrors: boolean) =>
				(await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, {
					...options,
					headers: { ...options.headers },
					ignoreHttpStatusErrors,
				})) as IN8nHttpFullResponse;
			// Error answers come back as answers, not as the error n8n wraps them in: n8n 1.x's wrapper
			// drops the response (the service's messages, Retry-After). A 401 is sent again the usual
			// way, so that n8n refreshes the OAuth2 token and retries (the service did nothing on a 401).
			let response = await send(true);
			if (response.statusCode === 401) response = await send(false);
			if (response.statusCode < 400) return { statusCode: response.statusCode, body: (response.body ?? {}) as T };
			facts = describeFailure({ response: { status: response.statusCode, headers: response.headers, data: response.body } }, await secretsNow(this, secrets));
		} catch (error) {
			// Only sanitized facts leave the catch: never the request, its headers or the raw error.
			facts = describeFailure(error, await secretsNow(this, secrets));
		}
		const retry = repeatable ? isTransient(facts) : isProvenUnprocessed(facts);
		if (!retry || attempt >= DEFAULT_BACKOFF.maxAttempts) {
			throw new ApiFailure(request.operation, facts, attempt, !repeatable && isAmbiguous(facts));
		}
		const delay = backoffMs(attempt, facts.retryAfterMs);
		if (request.pacing) request.pacing.slowDown(delay);
		else await sleep(delay);
	}
}

/** `apiRequestWithStatus` for callers that need only the body. */
export async function apiRequest<T = unknown>(this: ApiContext, request: ApiRequest): Promise<T> {
	return (await apiRequestWithStatus.call(this, request)).body as T;
}

