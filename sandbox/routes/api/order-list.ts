/**
 * GET /store/{storeID}/order: a store's orders, a page at a time, filtered by status and creation
 * time. The spec names this list ("the list that yields order ids") without showing it; it answers
 * with the provider's documented shape and parameters, bound as ASP.NET binds them, and README.md
 * documents the contract. Profile sandbox-shapes answers the sandbox's own shape with its own checked
 * parameters instead; list-bare, list-camel and list-unpaged wrap either answer another way
 * (list-unpaged also stops it paging and filtering); no-list-endpoints removes it (404). The fault
 * listTotalCountExtra makes its reported total disagree with its pages; the page settings
 * (PUT /_sandbox/list-pages) delay a page, answer it with an error, or make orders as it is asked for.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../../context';
import { ApiError, noEndpoint } from '../../errors';
import { documentedListQuery } from '../../domain/documented-list';
import { elsewhereItem, planAtEnd } from '../../domain/elsewhere-orders';
import type { PageActions } from '../../domain/list-pages';
import { listOrders, orderFilter, SANDBOX_SHAPES_PAGE_SIZE, type OrderListQuery } from '../../domain/order-list';
import { canReadAllOrders } from '../../domain/permissions';
import { ADMIN_USERNAME, OTHER_APPLICATION_ID } from '../../domain/seed';
import { queryPairs } from '../../domain/query-binding';
import { orderListView, sandboxShapesOrderListView } from '../../domain/views';
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
		 * Before the schema: a list that does not exist answers 404; the provider's list binds its
		 * parameters from the raw query in the handler, so the schema sees none; under sandbox-shapes, one
		 * that neither pages nor filters never reads its parameters, otherwise the paging integers, text in
		 * a query, become numbers for the schema to check (the server's ajv does not coerce: bodies are
		 * strictly typed). An empty value counts as absent.
		 */
		async function prepareQuery(request: FastifyRequest): Promise<void> {
			if (ctx.profiles.listEndpointsAbsent()) throw noEndpoint(request.method, (request.raw.url ?? '').split('?')[0]);
			const query = request.query as Record<string, unknown>;
			if (!ctx.profiles.sandboxShapes()) {
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
				const unpaged = ctx.profiles.orderListUnpaged();
				if (!ctx.profiles.sandboxShapes()) {
					const bound = documentedListQuery(queryPairs(request.raw.url ?? ''), ctx.listQueryNames.current);
					// Unpaged: one page holding every order, unfiltered; the details flag still counts (it filters nothing).
					const query = unpaged ? { ...bound, pageIndex: 1, filter: {} } : bound;
					await playPage(request, query.pageIndex, store.id);
					const orders = listOrders(ctx.state.storeOrders(store.id), viewer, query.filter);
					const page = orderListView(orders, unpaged ? { ...query, pageSize: Math.max(orders.length, 1) } : query, ctx.faults.listTotalCountExtra);
					return ctx.profiles.orderListBody({ body: page, orders: page.Items, totalCount: page.TotalCount, hasNextPage: page.HasNextPage });
				}
				const { filter, problems } = orderFilter(request.query);
				if (problems.length > 0) throw new ApiError(400, problems);
				await playPage(request, unpaged ? 1 : (request.query.pageNumber ?? 1), store.id);
				const orders = listOrders(ctx.state.storeOrders(store.id), viewer, filter);
				// Unpaged: one page holding every order.
				const pageSize = unpaged ? Math.max(orders.length, 1) : (request.query.pageSize ?? SANDBOX_SHAPES_PAGE_SIZE);
				const page = sandboxShapesOrderListView(orders, request.query.pageNumber ?? 1, pageSize, ctx.faults.listTotalCountExtra);
				return ctx.profiles.orderListBody({ body: page, orders: page.Orders, totalCount: page.TotalCount, hasNextPage: page.HasNextPage });
			},
		);
	};
}
