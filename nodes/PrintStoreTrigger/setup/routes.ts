import type { IWebhookDescription, IWebhookFunctions } from 'n8n-workflow';

import type { EventKind } from '../../shared/callbacks/normalize';
import { CALLBACK_HTTP_METHODS, SECRET_AND_STORE_IN_PATH, SECRET_IN_PATH } from '../../shared/n8nInternals';

/**
 * The trigger's webhooks. Status and status details callbacks each have a static address that
 * takes the secret as `?secret=` (and Create's store as `&store=`). Both are also served by dynamic
 * addresses that take them as path segments, for services that drop or rewrite query strings:
 * `<n8n>/webhook/<webhook id>/<webhook id>/status/<secret>[/<store>]` (shared/callbacks/urls.ts
 * builds both forms).
 *
 * Why the webhook ID twice: n8n finds a dynamic webhook by the request's first segment (the node's
 * webhook ID) and the template the rest must match, and it keeps one template per path across all
 * workflows. A template of `:kind/:secret` alone would be taken by the first workflow activated; the
 * ID makes it this node's own. `isFullPath` keeps n8n from prefixing the ID a second time.
 *
 * The path-form ones have names of their own (n8nInternals: n8n's type names only 'default' and
 * 'setup'), no lifecycle methods, and no URL shown in the editor (it would show `:kind/:secret`).
 */
/**
 * Every webhook answers GET, POST, PUT and PATCH (n8nInternals, CALLBACK_HTTP_METHODS): the service
 * may be set to call with any method, with or without a payload.
 *
 * The answer to a callback that starts the workflow is the trigger's acknowledgement. Left unset,
 * n8n (1.x and 2.x) falls back to the text "firstEntryJson" for it; empty, it sends the trigger's own.
 */
const ANSWER = { responseMode: 'onReceived', responseData: '' } as const;

export const CALLBACK_WEBHOOKS: IWebhookDescription[] = [
	{ name: 'default', httpMethod: CALLBACK_HTTP_METHODS, ...ANSWER, path: 'status' },
	// 'setup' here is the status details webhook.
	{ name: 'setup', httpMethod: CALLBACK_HTTP_METHODS, ...ANSWER, path: 'details' },
	{ name: SECRET_IN_PATH, httpMethod: CALLBACK_HTTP_METHODS, ...ANSWER, path: '={{$webhookId}}/:kind/:secret', isFullPath: true, ndvHideUrl: true },
	{
		name: SECRET_AND_STORE_IN_PATH,
		httpMethod: CALLBACK_HTTP_METHODS,
		...ANSWER,
		path: '={{$webhookId}}/:kind/:secret/:store',
		isFullPath: true,
		ndvHideUrl: true,
	},
];

function pathParameter(ctx: IWebhookFunctions, name: string): string | undefined {
	const value = (ctx.getParamsData() as Record<string, unknown> | undefined)?.[name];
	return typeof value === 'string' && value !== '' ? value : undefined;
}

function queryParameter(ctx: IWebhookFunctions, name: string): string | undefined {
	const value = ctx.getRequestObject().query?.[name];
	return typeof value === 'string' ? value : undefined;
}

/** Which callback the request came to, or undefined for a path-form address of neither kind. */
export function callbackKind(ctx: IWebhookFunctions): EventKind | undefined {
	const name = ctx.getWebhookName();
	if (name === 'default') return 'status';
	if (name === 'setup') return 'details';
	const kind = pathParameter(ctx, 'kind');
	return kind === 'status' || kind === 'details' ? kind : undefined;
}

/** The secret the callback carries: the path segment, else `?secret=`; undefined when it has none. */
export function givenSecret(ctx: IWebhookFunctions): string | undefined {
	return pathParameter(ctx, 'secret') ?? queryParameter(ctx, 'secret');
}

/** The store Create put in the URL (path segment or `?store=`), or ''. */
export function callbackStore(ctx: IWebhookFunctions): string {
	return (pathParameter(ctx, 'store') ?? queryParameter(ctx, 'store') ?? '').trim();
}
