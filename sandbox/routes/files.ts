/**
 * Placeholder proof and page renders so the ProofUrl and RenderedPageUrls of status records resolve,
 * and product images for the ImageURL of the documented product list. Public (no key, no token),
 * like a CDN link.
 */
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { ApiError } from '../errors';
import { findProduct } from '../domain/catalogue';

const PDF = Buffer.from(
	'%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
		'3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 432 288]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** 1x1 white PNG. */
const PNG = Buffer.from(
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC',
	'base64',
);

export function fileRoutes(ctx: SandboxContext) {
	return async function files(app: FastifyInstance): Promise<void> {
		app.get<{ Params: { file: string } }>('/files/proofs/:file', async (request, reply) => {
			const id = request.params.file.replace(/\.pdf$/, '');
			if (!ctx.state.orders.has(id)) throw new ApiError(404, 'No proof for this order');
			return reply.type('application/pdf').send(PDF);
		});
		app.get<{ Params: { orderId: string; page: string } }>('/files/renders/:orderId/:page', async (request, reply) => {
			if (!ctx.state.orders.has(request.params.orderId)) throw new ApiError(404, 'No render for this order');
			return reply.type('image/png').send(PNG);
		});
		app.get<{ Params: { file: string } }>('/files/products/:file', async (request, reply) => {
			const id = request.params.file.replace(/\.png$/, '');
			if (!findProduct(id)) throw new ApiError(404, 'No image for this product');
			return reply.type('image/png').send(PNG);
		});
	};
}
