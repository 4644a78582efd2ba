/**
 * The proof and the rendered pages on the API host (/api/v1/files/...): registered inside the API
 * plugin, so its request log, fault injection and authentication apply as to any endpoint. Any
 * authenticated caller may read them. With proofs set to 'redirect', a proof answers 302 to its
 * signed link on the file host instead, once the request has passed authentication.
 */
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../context';
import { proofOrder, renderedPage, sendPage, sendProof } from '../file-replies';

export function apiFileRoutes(ctx: SandboxContext) {
	return async function apiFiles(app: FastifyInstance): Promise<void> {
		app.get<{ Params: { file: string } }>('/files/proofs/:file', async (request, reply) => {
			const order = proofOrder(ctx, request.params.file);
			if (ctx.fileLinks.current.proofs === 'redirect') return reply.redirect(ctx.fileLinks.signedProofUrl(order), 302);
			return sendProof(ctx, reply, order);
		});
		app.get<{ Params: { orderId: string; file: string } }>('/files/renders/:orderId/:file', async (request, reply) => {
			const { order, page } = renderedPage(ctx, request.params.orderId, request.params.file);
			return sendPage(ctx, reply, order, page);
		});
	};
}
