import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

/**
 * How both webhooks of the package (the trigger's callbacks, the wait's resume calls) answer a
 * request they do not pass on to n8n: this status and JSON body, and nothing started or resumed.
 */
export function answerJson(ctx: IWebhookFunctions, status: number, body: IDataObject): IWebhookResponseData {
	ctx.getResponseObject().status(status).json(body);
	return { noWebhookResponse: true };
}

/** Answers the sender with an error and starts nothing. */
export function refuse(ctx: IWebhookFunctions, status: number, error: string): IWebhookResponseData {
	return answerJson(ctx, status, { received: false, error });
}
