/**
 * The authorization server: GET/POST /oauth/authorize (login + consent page, then a redirect with
 * code and state) and POST /oauth/token (authorization_code and refresh_token grants; client
 * credentials under profile client-credentials). Under profile oauth-resource both also want
 * Azure AD v1's `resource`. The protocol is @node-oauth/oauth2-server's; this file only adapts
 * fastify requests, checks `resource` and renders pages.
 */
import formbody from '@fastify/formbody';
import OAuth2Server from '@node-oauth/oauth2-server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../../context';
import { isAcceptedRedirectUri } from '../../domain/oauth/model';
import { logRequests, TOKEN_PATH } from '../../plugins/request-hooks';
import { AUTHORIZE_PARAMS, errorPage, loginPage } from './pages';

type Params = Record<string, string | undefined>;

/** The library refuses an empty `scope=`; the spec names no scopes, so an empty one means none. */
function withoutEmptyScope(params: Params): Params {
	if (params.scope !== undefined && params.scope.trim() === '') {
		const { scope: _empty, ...rest } = params;
		return rest;
	}
	return params;
}

function libraryRequest(request: FastifyRequest, query: Params, body: Params): OAuth2Server.Request {
	return new OAuth2Server.Request({
		headers: request.headers as Record<string, string>,
		method: request.method,
		query: query as Record<string, string>,
		body,
	});
}

function sendLibraryResponse(reply: FastifyReply, response: OAuth2Server.Response): FastifyReply {
	return reply
		.code(response.status ?? 200)
		.headers(response.headers ?? {})
		.send(response.body);
}

export function oauthRoutes(ctx: SandboxContext) {
	const users = () => ctx.state.seed.users.map((u) => ({ username: u.username, password: u.password, role: u.role }));

	/** Client and redirect URI are checked before any page is shown; errors here never redirect. */
	function preflight(params: Params): string | undefined {
		const clientId = params.client_id;
		if (!clientId) return 'The authorization request has no client_id.';
		if (!ctx.state.applications.has(clientId)) return 'Unknown client_id: no application is registered with it.';
		if (params.redirect_uri !== undefined && !isAcceptedRedirectUri(params.redirect_uri, ctx.options.redirectUris)) {
			return 'The redirect_uri is not registered for this client.';
		}
		return resourceProblem(params.resource);
	}

	/** Under profile oauth-resource: what is wrong with a request's `resource`, if anything (Azure AD v1's wording). */
	function resourceProblem(resource: string | undefined, optional = false): string | undefined {
		const required = ctx.profiles.requiredResource();
		if (required === undefined || (optional && resource === undefined)) return undefined;
		if (resource === undefined || resource === '') return "The request must contain the parameter 'resource': the App ID URI of the API.";
		if (resource !== required) return `The resource '${resource}' is not registered: the API's App ID URI is ${required}.`;
		return undefined;
	}

	function renderLogin(reply: FastifyReply, status: number, params: Params, error?: string, username?: string) {
		const application = ctx.state.applications.get(params.client_id ?? '');
		return reply
			.code(status)
			.type('text/html; charset=utf-8')
			.header('cache-control', 'no-store')
			.send(loginPage({ applicationName: application?.name ?? 'An application', params, error, username, users: users() }));
	}

	return async function oauth(app: FastifyInstance): Promise<void> {
		await app.register(formbody);

		// Errors outside the protocol flow (e.g. an unparsable form) still answer in OAuth2's shape.
		app.setErrorHandler((error: { statusCode?: number; message?: string }, _request, reply) => {
			const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
			void reply.code(status).send({ error: 'invalid_request', error_description: error.message ?? 'Bad request' });
		});

		app.get<{ Querystring: Params }>('/oauth/authorize', async (request, reply) => {
			const params = withoutEmptyScope(request.query);
			const problem = preflight(params);
			if (problem) return reply.code(400).type('text/html; charset=utf-8').send(errorPage('Authorization request rejected', problem));
			return renderLogin(reply, 200, params);
		});

		app.post<{ Body: Params }>('/oauth/authorize', async (request, reply) => {
			const form = withoutEmptyScope(request.body ?? {});
			const params: Params = {};
			for (const name of AUTHORIZE_PARAMS) if (form[name] !== undefined) params[name] = form[name];
			const problem = preflight(params);
			if (problem) return reply.code(400).type('text/html; charset=utf-8').send(errorPage('Authorization request rejected', problem));

			const denied = form.allowed === 'false';
			let user: { id: string; username: string } = { id: 'anonymous', username: 'anonymous' };
			if (!denied) {
				const found = ctx.state.userByLogin(form.username ?? '');
				if (!found || found.password !== form.password) {
					return renderLogin(reply, 401, params, 'Incorrect username or password.', form.username);
				}
				user = { id: found.id, username: found.username };
			}

			const response = new OAuth2Server.Response();
			try {
				await ctx.oauth.authorize(libraryRequest(request, {}, { ...params, allowed: denied ? 'false' : 'true' }), response, {
					authenticateHandler: { handle: () => user },
				});
			} catch (error) {
				// Errors after the redirect URI is known travel back to the client in the redirect.
				if (!response.headers?.location) {
					const message = (error as Error).message ?? 'Authorization failed';
					return reply.code(400).type('text/html; charset=utf-8').send(errorPage('Authorization failed', message));
				}
			}
			return reply.code(302).header('location', response.headers!.location).header('cache-control', 'no-store').send();
		});

		// The token endpoint in a context of its own, so only its requests are logged.
		await app.register(async (token: FastifyInstance) => {
			logRequests(token, ctx);
			token.post<{ Body: Params }>(TOKEN_PATH, async (request, reply) => {
				const response = new OAuth2Server.Response();
				const body = request.body ?? {};
				// A refresh may leave resource out (Azure AD v1 recommends it there, requires it elsewhere).
				const problem = resourceProblem(body.resource, body.grant_type === 'refresh_token');
				if (problem) return reply.code(400).header('cache-control', 'no-store').send({ error: 'invalid_request', error_description: problem });
				try {
					await ctx.oauth.token(libraryRequest(request, {}, withoutEmptyScope(body)), response);
				} catch (error) {
					const e = error as { name?: string; message?: string; code?: number };
					const status = typeof e.code === 'number' && e.code >= 400 && e.code < 600 ? e.code : 400;
					return reply
						.code(status === 500 ? 400 : status)
						.headers(response.headers ?? {})
						.header('cache-control', 'no-store')
						.send({ error: e.name ?? 'invalid_request', error_description: e.message ?? 'Token request failed' });
				}
				return sendLibraryResponse(reply, response);
			});
		});
	};
}
