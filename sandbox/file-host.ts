/**
 * The file host: a second server of each sandbox, on its own port, playing the provider's CDN. It asks
 * for no credentials, so a client that sends the API's token or key here is leaking them; it records
 * every request it receives (secrets replaced by markers) for GET /_sandbox/files/requests.
 *   GET /proofs/<ID>.pdf?sig=<signature>   a signed link: 403 without the right sig
 *   GET /renders/<ID>/page-<n>.png         public
 */
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { SandboxContext } from './context';
import { ApiError, errorHandler, notFoundHandler } from './errors';
import type { FileRequestEntry } from './domain/request-log';
import { loggedHeaders } from './plugins/request-hooks';
import { proofOrder, renderedPage, sendPage, sendProof } from './routes/file-replies';

export function buildFileHost(ctx: SandboxContext): FastifyInstance {
	const app = Fastify({ logger: ctx.options.logger, forceCloseConnections: true, routerOptions: { maxParamLength: 1000 } });
	const entries = new WeakMap<FastifyRequest, FileRequestEntry>();
	app.setErrorHandler(errorHandler);
	app.setNotFoundHandler(notFoundHandler);

	// Every request, unknown paths and refused signatures included: what a client sent is the point.
	app.addHook('onRequest', (request, _reply, done) => {
		const url = request.raw.url ?? '';
		const query = url.indexOf('?');
		entries.set(
			request,
			ctx.fileRequests.add({
				method: request.method,
				path: query < 0 ? url : url.slice(0, query),
				headersPresent: Object.keys(request.headers),
				headers: loggedHeaders(request, ctx),
				status: 0,
				at: new Date().toISOString(),
			}),
		);
		done();
	});
	app.addHook('onResponse', (request, reply, done) => {
		const entry = entries.get(request);
		if (entry) entry.status = reply.statusCode;
		done();
	});

	app.get<{ Params: { file: string }; Querystring: { sig?: unknown } }>('/proofs/:file', async (request, reply) => {
		// The signature first, as a CDN checks it before looking for the file.
		const id = /^(.+)\.pdf$/.exec(request.params.file)?.[1];
		if (id === undefined || !ctx.fileLinks.proofSigned(id, request.query.sig)) {
			throw new ApiError(403, `The link to proof ${request.params.file} is not signed (sig missing or wrong): use the ProofUrl of the order's status record`);
		}
		return sendProof(ctx, reply, proofOrder(ctx, request.params.file));
	});
	app.get<{ Params: { orderId: string; file: string } }>('/renders/:orderId/:file', async (request, reply) => {
		const { order, page } = renderedPage(ctx, request.params.orderId, request.params.file);
		return sendPage(ctx, reply, order, page);
	});
	return app;
}
