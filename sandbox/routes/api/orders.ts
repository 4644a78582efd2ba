/**
 * Price, create, read and status history of orders (spec endpoints 2 to 5); the list is in
 * order-list.ts. The status history takes the provider's documented `latest` and `pricing` flags.
 */
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../context';
import { ApiError, forbidden, orderNotFound } from '../../errors';
import { canReadAllOrders, canReadStatus, canWriteOrders } from '../../domain/permissions';
import { quoteItem } from '../../domain/pricing';
import { bindBool, queryPairs } from '../../domain/query-binding';
import type { CallerContext, OrderRecord, OrderRequestBody, StoreRecord } from '../../domain/types';
import { checkOrderItems } from '../../domain/validation';
import { createdOrderView, orderView, statusHistoryView } from '../../domain/views';
import { orderParams, orderRequestSchema, storeParams } from './schemas';
import { associatedStore, relatedStore } from './store-access';

type StoreParams = { storeID: string };
type OrderParams = { storeID: string; orderID: string };

function writableStore(ctx: SandboxContext, caller: CallerContext, storeId: string, body: OrderRequestBody): StoreRecord {
	const store = associatedStore(ctx, caller, storeId);
	if (!canWriteOrders(caller.user, store)) throw forbidden('Order.Self.Write or Order.All.Write');
	const problems = checkOrderItems(body.Items);
	if (problems.length > 0) throw new ApiError(400, problems);
	return store;
}

/** Others' orders are invisible (404) without Order.All.Read, as if they did not exist. */
function visibleOrder(ctx: SandboxContext, caller: CallerContext, store: StoreRecord, orderId: string): OrderRecord {
	const order = ctx.state.findOrder(orderId);
	if (!order || order.storeId !== store.id) throw orderNotFound(orderId, store.id);
	if (order.userId !== caller.user.id && !canReadAllOrders(caller.user, store)) throw orderNotFound(orderId, store.id);
	return order;
}

export function orderRoutes(ctx: SandboxContext) {
	return async function orders(app: FastifyInstance): Promise<void> {
		app.post<{ Params: StoreParams; Body: OrderRequestBody }>(
			'/store/:storeID/order/price',
			{ schema: { params: storeParams, body: orderRequestSchema } },
			async (request) => {
				writableStore(ctx, request.caller!, request.params.storeID, request.body);
				return request.body.Items.map(quoteItem);
			},
		);

		app.post<{ Params: StoreParams; Body: OrderRequestBody }>(
			'/store/:storeID/order',
			{ schema: { params: storeParams, body: orderRequestSchema } },
			async (request) => {
				const caller = request.caller!;
				const store = writableStore(ctx, caller, request.params.storeID, request.body);
				// Everything is validated above, so the batch is created whole or not at all.
				const now = new Date().toISOString();
				return request.body.Items.map((item) => createdOrderView(ctx.lifecycle.create(caller, store.id, item, now)));
			},
		);

		app.get<{ Params: OrderParams }>('/store/:storeID/order/:orderID', { schema: { params: orderParams } }, async (request) => {
			const caller = request.caller!;
			const store = relatedStore(ctx, caller, request.params.storeID);
			return orderView(visibleOrder(ctx, caller, store, request.params.orderID));
		});

		app.get<{ Params: OrderParams }>(
			'/store/:storeID/order/:orderID/status',
			{ schema: { params: orderParams } },
			async (request) => {
				const caller = request.caller!;
				const { storeID, orderID } = request.params;
				const store = associatedStore(ctx, caller, storeID);
				if (!canReadStatus(caller.user, store)) throw forbidden('Order.Self.Read or Order.All.Read');
				const order = visibleOrder(ctx, caller, store, orderID);
				const query = queryPairs(request.raw.url ?? '');
				return statusHistoryView(order, {
					latest: bindBool(query, 'latest') === true,
					pricing: bindBool(query, 'pricing') === true,
					documentedFields: !ctx.profiles.sandboxShapes(),
				});
			},
		);
	};
}
