/**
 * The permission model. Users carry permissions (`<Resource>.<Self|All>.<Read|Write>`); a store
 * administrator (seeded, or made one by an invite) additionally acts, inside that store, as if it held
 * Order.All.Read, Order.All.Write and Store.Self.Write ("granted admin rights", spec endpoint 1).
 */
import type { Permission, StoreRecord, UserRecord } from './types';

export function has(user: UserRecord, permission: Permission): boolean {
	return user.permissions.has(permission);
}

export function isRelated(user: UserRecord, store: StoreRecord): boolean {
	return store.members.has(user.id);
}

export function isAdmin(user: UserRecord, store: StoreRecord): boolean {
	return store.members.get(user.id) === 'admin';
}

/** Price and create: Order.Self.Write or Order.All.Write. */
export function canWriteOrders(user: UserRecord, store: StoreRecord): boolean {
	return has(user, 'Order.Self.Write') || has(user, 'Order.All.Write') || isAdmin(user, store);
}

/** Reading others' orders (get order, status history). */
export function canReadAllOrders(user: UserRecord, store: StoreRecord): boolean {
	return has(user, 'Order.All.Read') || isAdmin(user, store);
}

/** Status history: Order.Self.Read (own orders) or Order.All.Read (any). */
export function canReadStatus(user: UserRecord, store: StoreRecord): boolean {
	return has(user, 'Order.Self.Read') || canReadAllOrders(user, store);
}

/** Association removal, application half: All for any application, Self for the caller's own. */
export function canWriteApplication(user: UserRecord, applicationId: string, callerApplicationId: string): boolean {
	return (
		has(user, 'Application.All.Write') ||
		(has(user, 'Application.Self.Write') && applicationId === callerApplicationId)
	);
}

/** Association removal, store half: All for any store, Self for stores the user administers. */
export function canWriteStore(user: UserRecord, store: StoreRecord | undefined): boolean {
	if (has(user, 'Store.All.Write')) return true;
	return store !== undefined && isAdmin(user, store);
}
