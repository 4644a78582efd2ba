/**
 * GET /store/{storeID}/product: the products a store offers (every store offers the seeded
 * catalogue), each with the fields the provider documents. The spec names this operation without
 * showing it; README.md documents the contract. Profiles give each product the sandbox's own fields
 * instead (sandbox-shapes), wrap the list (list-bare, list-camel), or remove it (no-list-endpoints: 405).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../../context';
import { methodNotAllowed } from '../../errors';
import { CATALOGUE } from '../../domain/catalogue';
import { productView, sandboxShapesProductView } from '../../domain/views';
import { storeParams } from './schemas';
import { relatedStore } from './store-access';

export function productRoutes(ctx: SandboxContext) {
	return async function products(app: FastifyInstance): Promise<void> {
		async function unlessAbsent(request: FastifyRequest): Promise<void> {
			if (ctx.profiles.listEndpointsAbsent()) throw methodNotAllowed(request.method, (request.raw.url ?? '').split('?')[0]);
		}

		// The query is not read: unknown parameters (and the documented `verbose`) are ignored.
		app.get<{ Params: { storeID: string } }>('/store/:storeID/product', { schema: { params: storeParams }, preValidation: unlessAbsent }, async (request) => {
			relatedStore(ctx, request.caller!, request.params.storeID);
			const products = ctx.profiles.sandboxShapes() ? CATALOGUE.map(sandboxShapesProductView) : CATALOGUE.map((product) => productView(product, ctx.baseUrl));
			return ctx.profiles.productListBody(products);
		});
	};
}
