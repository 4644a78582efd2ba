/**
 * GET /store/{storeID}/order: a store's orders, a page at a time, filtered by status and creation
 * time. The spec names this list ("the list that yields order ids") without showing it; README.md
 * documents the contract. Profiles change its answer's shape, stop it paging and filtering
 * (list-unpaged), remove it (no-list-endpoints: 404), or answer with the provider's documented
 * shape and parameters, bound as ASP.NET binds them (documented). The fault listTotalCountExtra makes
 * its reported total disagree with its pages; the page settings (PUT /_sandbox/list-pages) delay a
 * page, answer it with an error, or make orders as it is asked for.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../../context';
import { ApiError, noEndpoint } from '../../errors';
import { documentedListQuery } from '../../domain/documented-list';
import { elsewhereItem, planAtEnd } from '../../domain/elsewhere-orders';
import type { PageActions } from '../../domain/list-pages';
import { DEFAULT_PAGE_SIZE, listOrders, orderFilter, type OrderListQuery } from '../../domain/order-list';
import { canReadAllOrders } from '../../domain/permissions';
import { ADMIN_USERNAME, OTHER_APPLICATION_ID } from '../../domain/seed';
import { queryPairs } from '../../domain/query-binding';
import { documentedOrderListView, orderListView } from '../../domain/views';
import { orderListQuery, storeParams } from './schemas';
import { relatedStore } from './store-access';

const PAGING = ['pageNumber', 'pageSize'] as const;
const LIST_PARAMETERS = [...PAGING, 'status', 'createdFrom', 'createdTo'] as const;

export function orderListRoutes(ctx: SandboxContext) {
	/** What the page settings do to the store: orders made as another system makes them (alice's, no callback URLs). */
	const pageActions: PageActions = {
		addOrders(storeId, count, where) {
			const creator = { userId: ctx.state.userByLogin(ADMIN_USERNAME)!.id, applicationId: OTHER_APPLICATION_ID };
			const wanted = { productId: 'postcard-4x6', referencePrefix: 'elsewhere-' };
			for (const planned of planAtEnd(ctx.state.storeOrders(storeId), count, where, Date.now())) {
				ctx.lifecycle.createWithPast(storeId, creator, ({ number }) => elsewhereItem(wanted, number), planned.path, planned.recordMs);
			}
		},
		sleep: (ms) => ctx.faults.sleep(ms),
	};

	/** The page settings for the page served; an error answer they make is logged as a fault. */
	async function playPage(request: FastifyRequest, page: number, storeId: string): Promise<void> {
		try {
			await ctx.listPages.play(page, storeId, pageActions);
		} catch (error) {
			if (error instanceof ApiError && request.sandboxLog) request.sandboxLog.fault = String(error.statusCode);
			throw error;
		}
	}

	return async function orderList(app: FastifyInstance): Promise<void> {
		/**
		 * Before the schema: a list that does not exist answers 404; one that neither pages nor filters
		 * never reads its parameters; one as documented binds them from the raw query in the handler, so
		 * the schema sees none; otherwise the paging integers, text in a query, become numbers for the
		 * schema to check (the server's ajv does not coerce: bodies are strictly typed). An empty value
		 * counts as absent.
		 */
		async function prepareQuery(request: FastifyRequest): Promise<void> {
			if (ctx.profiles.listEndpointsAbsent()) throw noEndpoint(request.method, (request.raw.url ?? '').split('?')[0]);
			const query = request.query as Record<string, unknown>;
			if (ctx.profiles.documented()) {
				for (const name of Object.keys(query)) delete query[name];
				return;
			}
			const unread = ctx.profiles.orderListUnpaged();
			for (const name of LIST_PARAMETERS) {
				if (unread || query[name] === '') delete query[name];
			}
			// Statuses sent as repeated keys (status=4&status=5), as an integer array binds: the same as 4,5.
			if (Array.isArray(query.status)) query.status = query.status.join(',');
			for (const name of PAGING) {
				const value = query[name];
				if (typeof value === 'string' && /^[+-]?\d+$/.test(value)) query[name] = Number(value);
			}
		}

		app.get<{ Params: { storeID: string }; Querystring: OrderListQuery }>(
			'/store/:storeID/order',
			{ schema: { params: storeParams, querystring: orderListQuery }, preValidation: prepareQuery },
			async (request) => {
				const caller = request.caller!;
				const store = relatedStore(ctx, caller, request.params.storeID);
				const viewer = { userId: caller.user.id, allOrders: canReadAllOrders(caller.user, store) };
				if (ctx.profiles.documented()) {
					const query = documentedListQuery(queryPairs(request.raw.url ?? ''), ctx.listQueryNames.current);
					await playPage(request, query.pageIndex, store.id);
					return documentedOrderListView(listOrders(ctx.state.storeOrders(store.id), viewer, query.filter), query, ctx.faults.listTotalCountExtra);
				}
				const { filter, problems } = orderFilter(request.query);
				if (problems.length > 0) throw new ApiError(400, problems);
				await playPage(request, ctx.profiles.orderListUnpaged() ? 1 : (request.query.pageNumber ?? 1), store.id);
				const orders = listOrders(ctx.state.storeOrders(store.id), viewer, filter);
				// Unpaged: one page holding every order.
				const pageSize = ctx.profiles.orderListUnpaged() ? Math.max(orders.length, 1) : (request.query.pageSize ?? DEFAULT_PAGE_SIZE);
				return ctx.profiles.orderListBody(orderListView(orders, request.query.pageNumber ?? 1, pageSize, ctx.faults.listTotalCountExtra));
			},
		);
	};
}
