/**
 * Product images for the ImageURL of the documented product list: public (no key, no token), like
 * a CDN link. The files of status records are served by the API plugin (routes/api/files.ts) and
 * the file host (file-host.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { ApiError } from '../errors';
import { CATALOGUE } from '../domain/catalogue';
import { send } from './file-replies';

export function fileRoutes(ctx: SandboxContext) {
	return async function files(app: FastifyInstance): Promise<void> {
		app.get<{ Params: { file: string } }>('/files/products/:file', async (request, reply) => {
			const id = /^(.+)\.png$/.exec(request.params.file)?.[1];
			const index = CATALOGUE.findIndex((product) => product.id === id);
			if (index < 0) throw new ApiError(404, 'No image for this product');
			// A picture of its own per product: the page generator's colour for its place in the catalogue.
			return send(reply, 'image/png', `${id}.png`, ctx.files.page(index + 1));
		});
	};
}
