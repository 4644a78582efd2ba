/**
 * All mutable data of one sandbox. Each startSandbox() builds its own SandboxState, so several
 * sandboxes can run in one process without sharing anything.
 */
import { randomBytes } from 'node:crypto';
import { buildSeed, USER_DOMAIN, type SeedData } from './seed';
import type {
	ApplicationRecord,
	InviteKeyRecord,
	OrderRecord,
	StoreRecord,
	UserRecord,
} from './types';

export class SandboxState {
	readonly seed: SeedData;
	/** The seed's key unless the sandbox was given its own (SandboxOptions.subscriptionKey); kept across resets. */
	readonly subscriptionKey: string;

	users = new Map<string, UserRecord>();
	/** Lower-case Username and UsernameWithDomain -> user. */
	usersByLogin = new Map<string, UserRecord>();
	stores = new Map<string, StoreRecord>();
	applications = new Map<string, ApplicationRecord>();
	inviteKeys = new Map<string, InviteKeyRecord>();

	orders = new Map<string, OrderRecord>();
	ordersByNumber = new Map<string, OrderRecord>();
	/** Orders not yet completed; the auto-advance clock walks only these. */
	activeOrders = new Set<OrderRecord>();
	/** Each store's orders, oldest first (see storeOrders()); a store is in `unsorted` after an order older than its newest was added. */
	private readonly ordersByStore = new Map<string, OrderRecord[]>();
	private readonly unsorted = new Set<string>();

	countTotal = 0;
	countByStore = new Map<string, number>();
	countByReference = new Map<string, number>();

	/** Keeps growing across resets so an order number never names two different orders. */
	private orderSeq = 0;

	constructor(subscriptionKey?: string) {
		this.seed = buildSeed();
		this.subscriptionKey = subscriptionKey ?? this.seed.subscriptionKey;
		this.reset();
	}

	/** Back to the seed: same ids, keys and secrets; no orders; counts zero. */
	reset(): void {
		const seed = buildSeed();
		this.users.clear();
		this.usersByLogin.clear();
		for (const u of seed.users) {
			const record: UserRecord = {
				id: u.id,
				username: u.username,
				password: u.password,
				firstName: u.firstName,
				lastName: u.lastName,
				email: u.email,
				phone: u.phone,
				isServiceUser: u.isServiceUser,
				permissions: new Set(u.permissions),
			};
			this.users.set(record.id, record);
			this.usersByLogin.set(record.username.toLowerCase(), record);
			this.usersByLogin.set(usernameWithDomain(record).toLowerCase(), record);
		}
		this.applications = new Map(
			seed.applications.map((a) => [a.id, { id: a.id, name: a.name, clientSecret: a.clientSecret }]),
		);
		this.stores = new Map(
			seed.stores.map((s) => [
				s.id,
				{
					id: s.id,
					companyName: s.companyName,
					available: s.available,
					budgetEnabled: s.budgetEnabled,
					budgetTypes: s.budgetTypes,
					budgetDuration: s.budgetDuration,
					members: new Map(s.members.map((m) => [m.userId, m.role])),
					applications: new Set(s.applications),
				},
			]),
		);
		this.inviteKeys = new Map(
			seed.inviteKeys.map((k) => [k.key, { key: k.key, storeId: k.storeId, usedBy: k.usedBy, usedAt: k.usedAt }]),
		);
		this.orders.clear();
		this.ordersByNumber.clear();
		this.activeOrders.clear();
		this.ordersByStore.clear();
		this.unsorted.clear();
		this.countTotal = 0;
		this.countByStore.clear();
		this.countByReference.clear();
	}

	userByLogin(login: string): UserRecord | undefined {
		return this.usersByLogin.get(login.toLowerCase());
	}

	/** By ID or by OrderNumber, as the spec allows in paths. */
	findOrder(idOrNumber: string): OrderRecord | undefined {
		return this.orders.get(idOrNumber) ?? this.ordersByNumber.get(idOrNumber);
	}

	nextOrderIdentity(): { seq: number; id: string; number: string } {
		const seq = ++this.orderSeq;
		return { seq, id: `ord_${randomBytes(8).toString('hex')}`, number: `PS-${100000 + seq}` };
	}

	/**
	 * Stores an order. `counted` (the default) adds it to the counts of orders created since the last
	 * reset; orders made elsewhere (POST /_sandbox/orders) are not counted.
	 */
	addOrder(order: OrderRecord, counted = true): void {
		this.orders.set(order.id, order);
		this.ordersByNumber.set(order.number, order);
		if (!order.completed) this.activeOrders.add(order);
		const inStore = this.ordersByStore.get(order.storeId);
		if (!inStore) this.ordersByStore.set(order.storeId, [order]);
		else {
			// Orders created through the API come newest, so the list stays sorted; orders with a past do not.
			if (olderFirst(order, inStore[inStore.length - 1]) < 0) this.unsorted.add(order.storeId);
			inStore.push(order);
		}
		if (!counted) return;
		this.countTotal++;
		this.countByStore.set(order.storeId, (this.countByStore.get(order.storeId) ?? 0) + 1);
		const ref = order.partnerOrderReference;
		if (ref) this.countByReference.set(ref, (this.countByReference.get(ref) ?? 0) + 1);
	}

	/**
	 * A store's orders, oldest first: by Created, then by creation (sequence). Sorted again only after
	 * an order older than the store's newest was added, so paging a large store does not sort per page.
	 */
	storeOrders(storeId: string): readonly OrderRecord[] {
		const inStore = this.ordersByStore.get(storeId);
		if (!inStore) return [];
		if (this.unsorted.delete(storeId)) inStore.sort(olderFirst);
		return inStore;
	}
}

/** Created is always toISOString()'s fixed UTC form, so comparing the text compares the times. */
function olderFirst(a: OrderRecord, b: OrderRecord): number {
	if (a.created !== b.created) return a.created < b.created ? -1 : 1;
	return a.seq - b.seq;
}

export function usernameWithDomain(user: UserRecord): string {
	return `${user.username}@${USER_DOMAIN}`;
}
