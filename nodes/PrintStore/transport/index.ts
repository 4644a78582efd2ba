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
import { NodeOperationError, sleep } from 'n8n-workflow';

import { describeFailure, isAmbiguous, isProvenUnprocessed, isTransient } from './failures';
import { toNodeApiError } from './errors';
import type { PrintStoreOperation, RetryPolicy } from './operations';

export type { PrintStoreOperation, RetryPolicy } from './operations';

export const CREDENTIAL_TYPE = 'printStoreOAuth2Api';

type PrintStoreContext = IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions;

export interface PrintStoreRequest {
	method: IHttpRequestMethods;
	/** Raw path segments below /api/v1; each is URL-encoded here so an ID can never leave its segment. */
	path: readonly string[];
	body?: IDataObject | IDataObject[];
	qs?: IDataObject;
	operation: PrintStoreOperation;
	retry: RetryPolicy;
	itemIndex?: number;
}

export interface RetrySettings {
	maxAttempts: number;
	baseDelayMs: number;
	maxDelayMs: number;
}

export const DEFAULT_RETRY: RetrySettings = { maxAttempts: 6, baseDelayMs: 500, maxDelayMs: 30_000 };

const REQUEST_TIMEOUT_MS = 120_000;

/** What to check after a write failed in a way that does not show whether the service acted. */
const AMBIGUOUS: Partial<Record<PrintStoreOperation, string>> & { default: string } = {
	createOrder:
		'Not retried: the service may have created these orders before the connection failed. Look for them in the store (by order number, or by your Partner Order Reference) before running these items again, or they may be ordered twice.',
	joinStore:
		'Not retried: the service may have used the invite key already. Check with User > Get Current or the store before trying again; a second try may report the key as used.',
	default: 'Not retried: the service may have carried out the request before the failure. Check before trying again.',
};

interface PrintStoreCredentials {
	baseUrl?: string;
	subscriptionKey?: string;
}

/** `{base_url}/api/v1`, tolerating trailing slashes and a base URL that already ends in /api/v1. */
export function apiRoot(baseUrl: string): string {
	const trimmed = baseUrl.trim().replace(/\/+$/, '').replace(/\/api\/v1$/i, '');
	return `${trimmed}/api/v1`;
}

export function encodeSegment(segment: string): string {
	return encodeURIComponent(segment);
}

async function requestSettings(ctx: PrintStoreContext) {
	const credentials = (await ctx.getCredentials(CREDENTIAL_TYPE)) as PrintStoreCredentials;
	const baseUrl = String(credentials.baseUrl ?? '');
	if (!/^https?:\/\/[^/\s]+/i.test(baseUrl.trim())) {
		throw new NodeOperationError(ctx.getNode(), 'The Print Store credential has no valid API Base URL', {
			description: 'Open the credential and set API Base URL to an address such as https://api.your-print-store.com.',
		});
	}
	const subscriptionKey = String(credentials.subscriptionKey ?? '');
	if (!subscriptionKey) {
		throw new NodeOperationError(ctx.getNode(), 'The Print Store credential has no Subscription Key', {
			description: "Open the credential and paste the subscription key from your profile on the provider's portal.",
		});
	}
	return { root: apiRoot(baseUrl), subscriptionKey };
}

function backoffMs(attempt: number, settings: RetrySettings, retryAfterMs?: number): number {
	if (retryAfterMs !== undefined) return Math.min(retryAfterMs, settings.maxDelayMs);
	const exponential = settings.baseDelayMs * 2 ** (attempt - 1);
	// Full jitter keeps many executions from retrying in lockstep.
	return Math.min(settings.maxDelayMs, exponential / 2 + Math.random() * (exponential / 2));
}

/**
 * The one place the package sends HTTP. Adds the subscription key, lets n8n sign with (and refresh)
 * the OAuth2 token, retries what is safe to retry, and turns failures into errors users can act on.
 */
export async function printStoreApiRequest<T = unknown>(
	this: PrintStoreContext,
	request: PrintStoreRequest,
	retry: RetrySettings = DEFAULT_RETRY,
): Promise<{ statusCode: number; body: T }> {
	const { root, subscriptionKey } = await requestSettings(this);
	const options: IHttpRequestOptions = {
		method: request.method,
		url: `${root}/${request.path.map(encodeSegment).join('/')}`,
		headers: {
			Accept: 'application/json',
			'Ocp-Apim-Subscription-Key': subscriptionKey,
		},
		json: true,
		timeout: REQUEST_TIMEOUT_MS,
		returnFullResponse: true,
	};
	if (request.body !== undefined) options.body = request.body;
	if (request.qs !== undefined) options.qs = request.qs;

	for (let attempt = 1; ; attempt++) {
		try {
			const response = (await this.helpers.httpRequestWithAuthentication.call(
				this,
				CREDENTIAL_TYPE,
				// n8n signs a copy per attempt; keep ours pristine.
				{ ...options, headers: { ...options.headers } },
			)) as IN8nHttpFullResponse;
			return { statusCode: response.statusCode, body: (response.body ?? {}) as T };
		} catch (error) {
			const failure = describeFailure(error, [subscriptionKey]);
			const retryable =
				request.retry === 'safe' ? isTransient(failure) : isProvenUnprocessed(failure);
			if (retryable && attempt < retry.maxAttempts) {
				await sleep(backoffMs(attempt, retry, failure.retryAfterMs));
				continue;
			}
			const notes: string[] = [];
			if (attempt > 1) notes.push(`Gave up after ${attempt} attempts.`);
			if (request.retry === 'onlyIfNotProcessed' && isAmbiguous(failure)) notes.push(AMBIGUOUS[request.operation] ?? AMBIGUOUS.default);
			throw toNodeApiError(this.getNode(), request.operation, failure, {
				itemIndex: request.itemIndex,
				note: notes.join(' ') || undefined,
			});
		}
	}
}
