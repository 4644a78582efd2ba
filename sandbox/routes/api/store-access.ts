/** The two store checks of the spec, each answering 400 invalid store, shared by the route plugins. */
import type { SandboxContext } from '../../context';
import { invalidStore } from '../../errors';
import { isRelated } from '../../domain/permissions';
import type { CallerContext, StoreRecord } from '../../domain/types';

/** The application-store association: the precondition of price, create and status history. */
export function associatedStore(ctx: SandboxContext, caller: CallerContext, storeId: string): StoreRecord {
	const store = ctx.state.stores.get(storeId);
	if (!store) throw invalidStore(storeId, 'no such store');
	if (!store.applications.has(caller.applicationId)) {
		throw invalidStore(storeId, 'the calling application is not associated with this store');
	}
	return store;
}

/** A relationship between the user and the store: what get order (and the two lists) need. */
export function relatedStore(ctx: SandboxContext, caller: CallerContext, storeId: string): StoreRecord {
	const store = ctx.state.stores.get(storeId);
	if (!store) throw invalidStore(storeId, 'no such store');
	if (!isRelated(caller.user, store)) throw invalidStore(storeId, 'you are not related to this store');
	return store;
}
