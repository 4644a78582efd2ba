/**
 * Domain types of the sandbox. Written from api-spec.md alone; nothing here is shared with nodes/.
 * Field names in PascalCase are wire names from the spec; camelCase fields are internal.
 */

export type Permission =
	| 'Order.Self.Write'
	| 'Order.All.Write'
	| 'Order.Self.Read'
	| 'Order.All.Read'
	| 'Application.All.Write'
	| 'Application.Self.Write'
	| 'Store.All.Write'
	| 'Store.Self.Write';

export interface UserRecord {
	id: string;
	username: string;
	password: string;
	firstName: string;
	lastName: string;
	email: string;
	phone: string;
	isServiceUser: boolean;
	permissions: ReadonlySet<Permission>;
}

/** 'admin' is what an invite grants; members are merely related to the store. */
export type StoreRole = 'admin' | 'member';

export interface ValueDescription {
	Value: string;
	Description: string;
}

export interface StoreRecord {
	id: string;
	companyName: string;
	/** A closed store answers invites with 404 store unavailable. */
	available: boolean;
	budgetEnabled: boolean;
	budgetTypes: ValueDescription[];
	budgetDuration: ValueDescription[];
	members: Map<string, StoreRole>;
	applications: Set<string>;
}

export interface ApplicationRecord {
	id: string;
	name: string;
	clientSecret: string;
}

export interface InviteKeyRecord {
	key: string;
	storeId: string;
	usedBy: string | null;
	usedAt: string | null;
}

/** The order item as submitted (validated against the JSON schema); kept as received. */
export type OrderItem = Record<string, unknown> & {
	Product: ProductInput;
	Products?: ProductInput[];
	Recipient: Record<string, unknown>;
	Recipients?: Array<Record<string, unknown>>;
	EddmDeliveryAreas?: Array<Record<string, unknown>>;
	PartnerOrderReference?: string;
	StatusCallbackUrl?: string;
	StatusDetailsCallbackUrl?: string;
};

export interface ProductInput {
	ID: string;
	Quantity: number;
	DeliveryMethod?: string;
	ProductionSpeedDays?: number;
	IntelligentMailingSerialNumber?: string;
	[key: string]: unknown;
}

export interface OrderRequestBody {
	Items: OrderItem[];
	MaxRetries?: number;
	TestMode?: boolean;
}

export interface PackageRecord {
	DeliveryDate: string | null;
	DeliverySignedBy: string | null;
	TrackingNumber: string | null;
}

export interface ErrorRecord {
	dataElement: string;
	dataElementErrors: string[];
}

/** Order status record, every field of the spec's table. */
export interface StatusRecord {
	ItemID: number;
	ProductID: string;
	OrderID: string;
	OrderNumber: string;
	TrackingNumber: string | null;
	ShippedDate: string | null;
	DeliveryMethod: string;
	DeliveryDate: string | null;
	DeliverySignedBy: string | null;
	Timestamp: string;
	StatusID: number;
	StatusDescription: string;
	StatusUpdateFailed: boolean;
	Packages: PackageRecord[];
	Errors: ErrorRecord[];
	ProofUrl: string | null;
	RenderedPageUrls: string[];
	IntelligentMailingBarcode: string | null;
	IntelligentMailingSerialNumber: string | null;
	_meta: { Messages: string[]; ChangeType: string };
}

export interface OrderRecord {
	id: string;
	number: string;
	/** Integer sequence of the order; also its status records' ItemID. */
	seq: number;
	storeId: string;
	userId: string;
	applicationId: string;
	partnerOrderReference: string | null;
	statusId: number;
	statusDescription: string;
	completed: boolean;
	created: string;
	updated: string;
	deliveryMethod: string;
	details: OrderItem;
	history: StatusRecord[];
}

/** Who is calling: resolved from the bearer token on every API request. */
export interface CallerContext {
	user: UserRecord;
	applicationId: string;
}
