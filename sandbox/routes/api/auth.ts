/**
 * Every /api/v1 request: subscription key first, then the bearer token (checked by
 * @node-oauth/oauth2-server). Either missing or wrong -> 401 naming which, never echoing a value.
 */
import OAuth2Server from '@node-oauth/oauth2-server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../../context';
import { ApiError } from '../../errors';

const SUBSCRIPTION_HEADER = 'ocp-apim-subscription-key';

function tokenError(error: unknown): ApiError {
	const name = (error as { name?: string }).name;
	const message = String((error as { message?: string }).message ?? '');
	let text: string;
	let code: string | undefined;
	if (name === 'unauthorized_request') {
		text = 'Missing access token: send it as "Authorization: Bearer <access token>"';
	} else if (name === 'invalid_token' && /expired/.test(message)) {
		text = 'Expired access token: refresh it with the refresh token';
		code = 'invalid_token';
	} else if (name === 'invalid_token') {
		text = 'Invalid access token';
		code = 'invalid_token';
	} else if (name === 'invalid_request') {
		text = 'Malformed Authorization header: expected "Bearer <access token>" in the header only';
		code = 'invalid_request';
	} else {
		text = 'Invalid access token';
		code = 'invalid_token';
	}
	const challenge = code ? `Bearer realm="print-store-sandbox", error="${code}"` : 'Bearer realm="print-store-sandbox"';
	return new ApiError(401, text, { 'www-authenticate': challenge });
}

export function authenticate(ctx: SandboxContext) {
	return async function authenticateRequest(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
		const key = request.headers[SUBSCRIPTION_HEADER];
		if (key === undefined || key === '') {
			throw new ApiError(401, 'Missing subscription key: send it in the Ocp-Apim-Subscription-Key header');
		}
		if (key !== ctx.state.subscriptionKey) {
			throw new ApiError(401, 'Invalid subscription key: the Ocp-Apim-Subscription-Key header does not match any subscription');
		}
		let token: OAuth2Server.Token;
		try {
			token = await ctx.oauth.authenticate(
				new OAuth2Server.Request({
					headers: request.headers as Record<string, string>,
					method: request.method,
					query: (request.query ?? {}) as Record<string, string>,
					body: {},
				}),
				new OAuth2Server.Response(),
			);
		} catch (error) {
			throw tokenError(error);
		}
		const user = ctx.state.users.get((token.user as { id: string }).id);
		if (!user) throw new ApiError(401, 'Invalid access token: its user no longer exists');
		request.caller = { user, applicationId: token.client.id };
	};
}
