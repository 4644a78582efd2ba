/**
 * The deterministic seed: every sandbox starts from (and `POST /_sandbox/reset` returns to) exactly
 * this data, so keys and secrets printed once stay valid for the life of the process.
 */
import type { Permission, StoreRole, UserRecord, ValueDescription } from './types';

export const USER_DOMAIN = 'print-store.test';

export const SUBSCRIPTION_KEY = 'sandbox-subscription-key-0001';

/** A user as seeded: the user record, its permissions as a list, and what it is for. */
export interface SeedUser extends Omit<UserRecord, 'permissions'> {
	permissions: Permission[];
	/** What the user is for, printed by the CLI and listed in the README. */
	role: string;
}

export interface SeedStore {
	id: string;
	companyName: string;
	available: boolean;
	budgetEnabled: boolean;
	budgetTypes: ValueDescription[];
	budgetDuration: ValueDescription[];
	members: Array<{ userId: string; role: StoreRole }>;
	applications: string[];
	note: string;
}

export interface SeedApplication {
	id: string;
	name: string;
	clientSecret: string;
	note: string;
}

export interface SeedInviteKey {
	key: string;
	storeId: string;
	usedBy: string | null;
	usedAt: string | null;
	note: string;
}

export interface SeedData {
	subscriptionKey: string;
	users: SeedUser[];
	stores: SeedStore[];
	applications: SeedApplication[];
	inviteKeys: SeedInviteKey[];
}

export const MAIN_APPLICATION_ID = 'app_sandbox_main';
export const OTHER_APPLICATION_ID = 'app_sandbox_other';
export const MAIN_STORE_ID = 'store_main';
export const UNASSOCIATED_STORE_ID = 'store_unassociated';
export const JOINABLE_STORE_ID = 'store_joinable';
export const CLOSED_STORE_ID = 'store_closed';
/** The user whose token pair startSandbox() issues and the CLI prints. */
export const ADMIN_USERNAME = 'alice';

function user(
	username: string,
	firstName: string,
	lastName: string,
	permissions: Permission[],
	role: string,
	phone: string,
	isServiceUser = false,
): SeedUser {
	return {
		id: `usr_${username.replace(/[^a-z0-9]/g, '_')}`,
		username,
		password: `${username}-password`,
		firstName,
		lastName,
		email: `${username}@example.com`,
		phone,
		isServiceUser,
		permissions,
		role,
	};
}

const joinBudget = {
	budgetTypes: [
		{ Value: 'Department', Description: 'One budget per department' },
		{ Value: 'User', Description: 'One budget per user' },
	],
	budgetDuration: [
		{ Value: 'Monthly', Description: 'Budgets reset on the first day of each month' },
		{ Value: 'Quarterly', Description: 'Budgets reset at the start of each quarter' },
	],
};

export function buildSeed(): SeedData {
	const users: SeedUser[] = [
		user(
			'alice',
			'Alice',
			'Anders',
			['Order.All.Read', 'Order.All.Write', 'Application.All.Write', 'Store.All.Write'],
			'administrator: reads and writes every order, may remove any application-store association',
			'+1-555-0101',
		),
		user('bob', 'Bob', 'Baker', ['Order.Self.Read', 'Order.Self.Write'], 'member of the main store: reads and writes his own orders', '+1-555-0102'),
		user('carol', 'Carol', 'Chen', [], 'member of the main store without any permission', '+1-555-0103'),
		user('dave', 'Dave', 'Diaz', ['Order.Self.Write'], 'may write orders but read none; not related to the main store', '+1-555-0104'),
		user(
			'svc-automation',
			'Automation',
			'Service',
			['Order.All.Read', 'Order.All.Write', 'Application.Self.Write', 'Store.Self.Write'],
			'service user for scripts; administrator of the main store',
			'+1-555-0199',
			true,
		),
	];
	const id = (name: string) => users.find((u) => u.username === name)!.id;
	return {
		subscriptionKey: SUBSCRIPTION_KEY,
		users,
		applications: [
			{
				id: MAIN_APPLICATION_ID,
				name: 'Print Store Sandbox App',
				clientSecret: 'sandbox-client-secret-main-7c1e4f2a9b',
				note: 'the seeded OAuth2 client; associated with the main store',
			},
			{
				id: OTHER_APPLICATION_ID,
				name: 'Unassociated Sandbox App',
				clientSecret: 'sandbox-client-secret-other-3d8b6a0e5f',
				note: 'a second OAuth2 client associated with no store',
			},
		],
		stores: [
			{
				id: MAIN_STORE_ID,
				companyName: 'Sandbox Print Co.',
				available: true,
				budgetEnabled: false,
				budgetTypes: [],
				budgetDuration: [],
				members: [
					{ userId: id('alice'), role: 'admin' },
					{ userId: id('svc-automation'), role: 'admin' },
					{ userId: id('bob'), role: 'member' },
					{ userId: id('carol'), role: 'member' },
				],
				applications: [MAIN_APPLICATION_ID],
				note: 'main store: associated with the seeded application; alice and svc-automation administer it, bob and carol are members',
			},
			{
				id: UNASSOCIATED_STORE_ID,
				companyName: 'Elsewhere Printing Ltd.',
				available: true,
				budgetEnabled: false,
				budgetTypes: [],
				budgetDuration: [],
				members: [
					{ userId: id('alice'), role: 'member' },
					{ userId: id('dave'), role: 'member' },
				],
				applications: [],
				note: 'associated with no application: price, create and status history answer 400 invalid store',
			},
			{
				id: JOINABLE_STORE_ID,
				companyName: 'Join Me Print Shop',
				available: true,
				budgetEnabled: true,
				...joinBudget,
				members: [],
				applications: [],
				note: 'has unused invite keys; joining makes the caller its administrator and associates the calling application',
			},
			{
				id: CLOSED_STORE_ID,
				companyName: 'Closed Press Inc.',
				available: false,
				budgetEnabled: false,
				budgetTypes: [],
				budgetDuration: [],
				members: [],
				applications: [],
				note: 'closed: its invite key answers 404 store unavailable',
			},
		],
		inviteKeys: [
			...[1, 2, 3, 4, 5].map((n) => ({
				key: `INVITE-JOIN-000${n}`,
				storeId: JOINABLE_STORE_ID,
				usedBy: null,
				usedAt: null,
				note: 'unused: joins store_joinable',
			})),
			{
				key: 'INVITE-USED-0001',
				storeId: JOINABLE_STORE_ID,
				usedBy: id('bob'),
				usedAt: '2024-01-15T09:30:00.000Z',
				note: 'already used: 400',
			},
			{
				key: 'INVITE-CLOSED-0001',
				storeId: CLOSED_STORE_ID,
				usedBy: null,
				usedAt: null,
				note: 'belongs to a closed store: 404 store unavailable',
			},
		],
	};
}
