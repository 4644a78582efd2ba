/**
 * POST /store/invite: join a store with a single-use invite key. GET /store: the stores the caller
 * is related to, which the provider documents (only StoreID each unless `verbose=true`).
 */
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../context';
import { ApiError } from '../../errors';
import { isRelated } from '../../domain/permissions';
import { bindBool, queryPairs } from '../../domain/query-binding';
import type { StoreRecord } from '../../domain/types';
import { inviteSchema } from './schemas';

export function storeView(store: StoreRecord) {
	return {
		StoreID: store.id,
		BudgetEnabled: store.budgetEnabled,
		BudgetTypes: store.budgetTypes,
		BudgetDuration: store.budgetDuration,
		CompanyName: store.companyName,
	};
}

export function storeRoutes(ctx: SandboxContext) {
	return async function store(app: FastifyInstance): Promise<void> {
		// The same relation as get order: member or administrator. Every profile has this list.
		app.get('/store', async (request) => {
			const caller = request.caller!;
			const verbose = bindBool(queryPairs(request.raw.url ?? ''), 'verbose') === true;
			const stores = [...ctx.state.stores.values()].filter((store) => isRelated(caller.user, store));
			return ctx.profiles.storeListBody(stores.map((store) => (verbose ? storeView(store) : { StoreID: store.id })));
		});

		app.post<{ Body: { InviteKey: string } }>('/store/invite', { schema: { body: inviteSchema } }, async (request) => {
			const caller = request.caller!;
			// Messages never repeat the key: it is a credential.
			const invite = ctx.state.inviteKeys.get(request.body.InviteKey);
			if (!invite) throw new ApiError(404, 'Store unavailable: no store accepts this invite key');
			if (invite.usedBy !== null) throw new ApiError(400, 'This invite key has already been used');
			const target = ctx.state.stores.get(invite.storeId);
			if (!target || !target.available) throw new ApiError(404, 'Store unavailable: the store of this invite key is closed');
			invite.usedBy = caller.user.id;
			invite.usedAt = new Date().toISOString();
			// The user becomes the store's administrator; the calling application gets associated, so
			// the same credential can price and order there straight away.
			target.members.set(caller.user.id, 'admin');
			target.applications.add(caller.applicationId);
			return storeView(target);
		});
	};
}
