/**
 * GET /store/{storeID}/product: the products a store offers (every store offers the seeded
 * catalogue). The spec names this operation without showing it; README.md documents the contract.
 * Profiles change its answer's shape, remove it (no-list-endpoints: 405), or give each product the
 * provider's documented fields (documented).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../../context';
import { methodNotAllowed } from '../../errors';
import { CATALOGUE } from '../../domain/catalogue';
import { documentedProductView, productView } from '../../domain/views';
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
			if (ctx.profiles.documented()) return CATALOGUE.map((product) => documentedProductView(product, ctx.baseUrl));
			return ctx.profiles.productListBody(CATALOGUE.map(productView));
		});
	};
}
