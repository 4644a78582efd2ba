/** Assembles the Fastify server of one sandbox: options, error handling, hooks and route plugins. */
import Fastify, { type FastifyInstance } from 'fastify';
import type { SandboxContext } from './context';
import { controlRoutes } from './routes/control';
import { errorBody } from './errors';
import './plugins/fastify-augment';
import { TOKEN_PATH } from './plugins/request-hooks';
import { BODY_LIMIT_BYTES, errorHandler, notFoundHandler } from './errors';
import { oauthRoutes } from './routes/oauth';
import { apiRoutes } from './routes/api';
import { fileRoutes } from './routes/files';

export function buildServer(ctx: SandboxContext): FastifyInstance {
	const app = Fastify({
		logger: ctx.options.logger,
		bodyLimit: BODY_LIMIT_BYTES,
		routerOptions: { maxParamLength: 1000, ignoreTrailingSlash: true },
		// Strict types (no coercion), every problem reported, unknown fields kept.
		ajv: { customOptions: { coerceTypes: false, allErrors: true, removeAdditional: false, useDefaults: false } },
		forceCloseConnections: true,
		// Requests Node cannot even parse (e.g. a newline inside a header) still get the error shape.
		clientErrorHandler: (error, socket) => {
			if (!socket.writable) return;
			const body = JSON.stringify(errorBody([`Malformed HTTP request (${(error as NodeJS.ErrnoException).code ?? 'parse error'})`]));
			socket.end(
				`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
			);
		},
	});
	app.decorateRequest('caller', null);
	app.decorateRequest('sandboxLog', null);
	app.decorateRequest('sandboxFaultAfter', null);
	app.setErrorHandler(errorHandler);
	app.setNotFoundHandler(notFoundHandler);

	app.get('/', async () => ({
		name: 'Print Store sandbox',
		apiUrl: `${ctx.baseUrl}/api/v1`,
		authorizationUrl: `${ctx.baseUrl}/oauth/authorize`,
		tokenUrl: `${ctx.baseUrl}${TOKEN_PATH}`,
		filesUrl: ctx.filesUrl,
		control: ctx.options.control,
		docs: 'sandbox/README.md in the n8n-nodes-print-store repository',
	}));
	app.get('/.well-known/oauth-authorization-server', async () => ({
		issuer: ctx.baseUrl,
		authorization_endpoint: `${ctx.baseUrl}/oauth/authorize`,
		token_endpoint: `${ctx.baseUrl}${TOKEN_PATH}`,
		response_types_supported: ['code'],
		grant_types_supported: ['authorization_code', 'refresh_token'],
		token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
		code_challenge_methods_supported: ['S256'],
	}));

	void app.register(oauthRoutes(ctx));
	void app.register(fileRoutes(ctx));
	void app.register(apiRoutes(ctx), { prefix: '/api/v1' });
	if (ctx.options.control) void app.register(controlRoutes(ctx), { prefix: '/_sandbox' });
	return app;
}
