/**
 * Profiles: the other answers a real service could plausibly give where the spec says "not shown"
 * (callback payloads, query strings kept or dropped, error body shapes, 200 `{}` vs 204 on DELETE,
 * `_meta` present or not, the shapes of the two lists it names without showing). With no profile
 * active the sandbox answers exactly as documented in README.md: the lists and status records as the
 * provider's public documentation describes them. Each active profile changes one thing. All of
 * their logic is here; the API plugin applies it in one onSend hook (plugins/profile-hooks.ts), the
 * callback dispatcher through `callback()`, and the list routes through the `orderList*`,
 * `productList*` and `storeList*` methods (a list that pages or not, or does not exist, is decided
 * before the answer is built). Profile `sandbox-shapes` plays the sandbox's own shapes of the lists
 * and status records instead: the routes ask `sandboxShapes()` and build those answers themselves.
 * The list envelopes (list-bare, list-camel, list-unpaged) wrap whichever of the two was built.
 */
import type { CallbackKind } from './callbacks';

/** The API's App ID URI, as Azure AD v1 wants it in `resource` (profile oauth-resource). */
export const APP_ID_URI = 'api://print-store-sandbox';

/**
 * Status descriptions a service of its own might use (profile own-statuses), by StatusID: none of
 * them matches the sandbox's default names, however spelled, so only a status read from the store
 * (or typed) can match them.
 */
export const OWN_STATUS_NAMES: Readonly<Record<number, string>> = {
	1: 'Submitted',
	2: 'InProcess',
	3: 'PrintComplete',
	4: 'Dispatched',
	5: 'Fulfilled',
	9: 'Rejected',
};

export const PROFILE_NAMES = [
	'callback-shape-alt',
	'strip-query',
	'drop-callbacks',
	'gateway-errors',
	'aspnet-errors',
	'delete-204',
	'no-meta',
	'history-newest-first',
	'results-reordered',
	'echo-credentials',
	'sandbox-shapes',
	'list-bare',
	'list-camel',
	'list-unpaged',
	'no-list-endpoints',
	'oauth-resource',
	'client-credentials',
	'own-statuses',
] as const;

export type ProfileName = (typeof PROFILE_NAMES)[number];

export const PROFILE_DESCRIPTIONS: Record<ProfileName, string> = {
	'callback-shape-alt': 'callbacks as {"event": "order.status", "data": {camelCase fields}}',
	'strip-query': 'callback URLs called without their query string',
	'drop-callbacks': 'status events never sent (each logged as "dropped"), as a service that loses its callbacks',
	'gateway-errors': 'error bodies {"statusCode": N, "message": "..."} (API gateway)',
	'aspnet-errors': 'error bodies {"Message": "...", "ModelState": {...}} (ASP.NET)',
	'delete-204': 'DELETE answers 204 with no body',
	'no-meta': 'success bodies without _meta',
	'history-newest-first': 'status histories answered newest record first',
	'results-reordered': 'price and create answers list their results in reverse order of the items sent',
	'echo-credentials': "error answers repeat the request's subscription key and access token in their messages and headers, as a careless gateway might",
	'sandbox-shapes':
		"the sandbox's own list shapes instead of the provider's: the order list {Orders, PageNumber, PageSize, TotalCount, HasNextPage, _meta} with pageNumber, pageSize, status, createdFrom, createdTo (checked, 400 when invalid); products with Prices, MinQuantity, MaxQuantity, QuantityStep, DeliveryMethods and TemplateFields as an object; status records without PartnerOrderReference and PFLLinkStatus",
	'list-bare': 'the order list answers a bare array of the page\'s orders (paging and filters honoured); the product list {"Products": [...]}',
	'list-camel': 'the order list answers {"data": [...], "hasNextPage", "totalCount"}; the product list {"items": [...], "totalCount"}',
	'list-unpaged': 'the order list ignores paging and filters and answers every visible order as {"Orders": [...]}',
	'no-list-endpoints': 'the order list answers 404 and the product list 405, as a service without them',
	'oauth-resource': `sign-in as Azure AD v1: the authorize request and the code and client-credentials token requests must carry resource=${APP_ID_URI} (a refresh may leave it out)`,
	'client-credentials': "the token endpoint also issues tokens for the client credentials grant, acting as the seeded service user with the application's store associations",
	'own-statuses': `status descriptions of the store's own (${Object.values(OWN_STATUS_NAMES).join(', ')}) in every answer and callback; IDs unchanged`,
};

/** Pairs of profiles that change the same thing and cannot both be on, with what they both change. */
const EXCLUSIVE: ReadonlyArray<readonly [ProfileName, ProfileName, string]> = [
	['gateway-errors', 'aspnet-errors', 'an error body has one shape'],
	['list-bare', 'list-camel', 'a list answer has one shape'],
	['list-bare', 'list-unpaged', 'a list answer has one shape'],
	['list-camel', 'list-unpaged', 'a list answer has one shape'],
	['list-bare', 'no-list-endpoints', 'a list that does not exist has no shape'],
	['list-camel', 'no-list-endpoints', 'a list that does not exist has no shape'],
	['list-unpaged', 'no-list-endpoints', 'a list that does not exist has no shape'],
];

/**
 * Names accepted where profiles are named that select nothing: `none` and `default`, and
 * `documented`, the provider's documented answers, which are the default. `documented` names the
 * opposite of `sandbox-shapes`, so the two together are refused.
 */
const NO_PROFILE = new Set(['', 'none', 'default', 'documented']);

export class ProfileError extends Error {}

/**
 * Profile names from a flag, an option or a control body: strings, each possibly a comma-separated
 * list. Unknown names and exclusive pairs are refused; the result is in PROFILE_NAMES order.
 */
export function parseProfiles(values: unknown): ProfileName[] {
	const list = values === undefined || values === null ? [] : Array.isArray(values) ? values : [values];
	const names = new Set<ProfileName>();
	let documented = false;
	for (const value of list) {
		if (typeof value !== 'string') throw new ProfileError(`profiles must be names (strings), got ${JSON.stringify(value)}`);
		for (const part of value.split(',')) {
			const name = part.trim();
			if (NO_PROFILE.has(name)) {
				if (name === 'documented') documented = true;
				continue;
			}
			if (!(PROFILE_NAMES as readonly string[]).includes(name)) {
				throw new ProfileError(`Unknown profile '${name}'; use one of ${PROFILE_NAMES.join(', ')}`);
			}
			names.add(name as ProfileName);
		}
	}
	for (const [a, b, why] of EXCLUSIVE) {
		if (names.has(a) && names.has(b)) throw new ProfileError(`Profiles '${a}' and '${b}' cannot be combined: ${why}`);
	}
	if (documented && names.has('sandbox-shapes')) {
		throw new ProfileError("Profiles 'documented' and 'sandbox-shapes' cannot be combined: 'documented' (the default) asks for the provider's shapes, 'sandbox-shapes' for the sandbox's own");
	}
	return PROFILE_NAMES.filter((name) => names.has(name));
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** "OrderID" -> "orderId", "StatusUpdateFailed" -> "statusUpdateFailed", "_meta" stays. */
function camel(key: string): string {
	const name = key.replace(/ID$/, 'Id');
	return name.charAt(0).toLowerCase() + name.slice(1);
}

/** Top-level keys camelCased (values untouched), the way a camelCase service would serialize the record. */
function camelKeys(source: Json, rename: Record<string, string> = {}): Json {
	return Object.fromEntries(Object.entries(source).map(([key, value]) => [rename[key] ?? camel(key), value]));
}

/** The status record (or detailed record) as a camelCase service with an event envelope would send it. */
function alternativeCallbackBody(kind: CallbackKind, body: unknown): unknown {
	if (!isObject(body)) return body;
	// The description travels as "status", the number as "statusId".
	const data = camelKeys(body, { StatusDescription: 'status' });
	if (isObject(data._meta)) data._meta = camelKeys(data._meta);
	if (Array.isArray(data.packages)) data.packages = data.packages.map((entry) => (isObject(entry) ? camelKeys(entry) : entry));
	if (isObject(data.order)) {
		const order = camelKeys(data.order, { StatusDescription: 'status' });
		if (isObject(order._meta)) order._meta = camelKeys(order._meta);
		data.order = order;
	}
	return { event: kind === 'status' ? 'order.status' : 'order.status.details', data };
}

function withoutQuery(url: string): string {
	try {
		const parsed = new URL(url);
		parsed.search = '';
		parsed.hash = '';
		return parsed.toString();
	} catch {
		return url;
	}
}

/**
 * Every object carrying a StatusID of the lifecycle and a StatusDescription gets the store's own
 * description for that ID (own-statuses); a new value wherever something changed.
 */
function renameStatuses(value: unknown, depth = 0): unknown {
	if (depth > 16) return value;
	if (Array.isArray(value)) {
		const out = value.map((entry) => renameStatuses(entry, depth + 1));
		return out.some((entry, index) => entry !== value[index]) ? out : value;
	}
	if (!isObject(value)) return value;
	let out: Json | undefined;
	for (const [key, entry] of Object.entries(value)) {
		const renamed = renameStatuses(entry, depth + 1);
		if (renamed !== entry) (out ??= { ...value })[key] = renamed;
	}
	const own = typeof value.StatusID === 'number' ? OWN_STATUS_NAMES[value.StatusID] : undefined;
	if (own !== undefined && typeof value.StatusDescription === 'string' && value.StatusDescription !== own) (out ??= { ...value }).StatusDescription = own;
	return out ?? value;
}

/** A field path at the start of a message: Items[1].Product.ID, Items[0].Product.TemplateFields["a b"], InviteKey. */
const FIELD_MESSAGE = /^([A-Za-z_$][\w$]*(?:\[\d+\]|\.[A-Za-z_$][\w$]*|\["(?:[^"\\]|\\.)*"\])*) (.+)$/;
/** How a message about a top-level field goes on: tells "Items is required" from "Invalid store ...". */
const ROOT_FIELD_TAIL = /^(is required|is not a field of |must )/;

/** "Items[1].Recipient.Postalcode is required" -> ["Items[1].Recipient.Postalcode", "The Postalcode field is required."]. */
function modelStateEntry(message: string): [string, string] | undefined {
	const match = FIELD_MESSAGE.exec(message);
	if (!match) return undefined;
	const [, path, tail] = match;
	const nested = /[.[]/.test(path);
	if (!nested && !ROOT_FIELD_TAIL.test(tail)) return undefined;
	const name = /(?:^|\.)([A-Za-z_$][\w$]*)(?:\[\d+\])?$/.exec(path)?.[1] ?? path;
	if (tail === 'is required') return [path, `The ${name} field is required.`];
	if (tail.startsWith('must ')) return [path, `The field ${name} ${tail}.`];
	return [path, `${name} ${tail}`];
}

function aspNetErrorBody(status: number, messages: string[]): Json {
	const modelState: Record<string, string[]> = {};
	const other: string[] = [];
	if (status === 400) {
		for (const message of messages) {
			const entry = modelStateEntry(message);
			if (entry) (modelState[entry[0]] ??= []).push(entry[1]);
			else other.push(message);
		}
	}
	if (Object.keys(modelState).length === 0) return { Message: messages.join('; ') };
	// ASP.NET keeps errors about the body as a whole under the empty key.
	if (other.length > 0) modelState[''] = other;
	return { Message: 'The request is invalid.', ModelState: modelState };
}

/** GET /store/{storeID}/order/{orderID}/status (with or without the /api/v1 prefix and a query). */
const STATUS_HISTORY_PATH = /\/store\/[^/?]+\/order\/[^/?]+\/status(?:\?|$)/;
/** POST /store/{storeID}/order and /store/{storeID}/order/price (with or without the prefix and a query); GET of the first is the order list. */
const BATCH_PATH = /\/store\/[^/?]+\/order(?:\/price)?(?:\?|$)/;

/** Where an order list's wrapper keeps its orders: `Items` (no profile), `Orders` (sandbox-shapes, list-unpaged), `data` (list-camel). */
const ORDER_LIST_KEYS = ['Orders', 'data', 'Items'] as const;

/** The profiles active in one sandbox. `reset()` returns to the ones it was started with. */
export class Profiles {
	private active: ReadonlySet<ProfileName>;

	constructor(private readonly initial: readonly ProfileName[] = []) {
		this.active = new Set(initial);
	}

	get list(): ProfileName[] {
		return PROFILE_NAMES.filter((name) => this.active.has(name));
	}

	get none(): boolean {
		return this.active.size === 0;
	}

	has(name: ProfileName): boolean {
		return this.active.has(name);
	}

	/** Replaces the active profiles (already checked by parseProfiles). */
	set(names: readonly ProfileName[]): void {
		this.active = new Set(names);
	}

	reset(): void {
		this.active = new Set(this.initial);
	}

	/** The `resource` the authorize and token requests must carry (oauth-resource), or undefined. */
	requiredResource(): string | undefined {
		return this.has('oauth-resource') ? APP_ID_URI : undefined;
	}

	/** Whether the token endpoint issues tokens for the client credentials grant (client-credentials). */
	clientCredentials(): boolean {
		return this.has('client-credentials');
	}

	/** A copy of `value` with every status description renamed (own-statuses); the same value otherwise. */
	statusNames<T>(value: T): T {
		return this.has('own-statuses') ? (renameStatuses(value) as T) : value;
	}

	/** Where a status event goes and what it carries (strip-query, callback-shape-alt), or that it is lost (drop-callbacks). */
	callback(url: string, kind: CallbackKind, body: unknown): { url: string; body: unknown; drop?: boolean } {
		if (this.none) return { url, body };
		const named = this.statusNames(body);
		return {
			url: this.has('strip-query') ? withoutQuery(url) : url,
			body: this.has('callback-shape-alt') ? alternativeCallbackBody(kind, named) : named,
			...(this.has('drop-callbacks') ? { drop: true } : {}),
		};
	}

	/** The error body for `messages` (gateway-errors, aspnet-errors); undefined keeps `{_meta: {Messages}}`. */
	errorBody(status: number, messages: string[]): Json | undefined {
		if (this.has('gateway-errors')) return { statusCode: status, message: messages.join('; ') };
		if (this.has('aspnet-errors')) return aspNetErrorBody(status, messages);
		return undefined;
	}

	/**
	 * What an error answer adds when it repeats the request's credentials (echo-credentials): messages
	 * quoting the subscription key and the bare access token, and headers carrying both.
	 */
	credentialEcho(headers: Record<string, string | string[] | undefined>): { messages: string[]; headers: Record<string, string> } | undefined {
		if (!this.has('echo-credentials')) return undefined;
		const key = String(headers['ocp-apim-subscription-key'] ?? '');
		const authorization = String(headers.authorization ?? '');
		const token = authorization.replace(/^Bearer\s+/i, '');
		return {
			messages: [`Subscription key ${key} was presented with this request`, `Access token ${token} was presented with this request`],
			headers: { 'x-echo-subscription-key': key, 'x-echo-authorization': authorization, 'x-echo-token': token },
		};
	}

	/** Whether a successful DELETE answers 204 with no body (delete-204). */
	deleteAnswersNoContent(): boolean {
		return this.has('delete-204');
	}

	/** Whether the two lists are missing (no-list-endpoints): the order list answers 404, the product list 405. */
	listEndpointsAbsent(): boolean {
		return this.has('no-list-endpoints');
	}

	/** Whether the order list ignores paging and filters (list-unpaged): the route then neither checks nor applies them. */
	orderListUnpaged(): boolean {
		return this.has('list-unpaged');
	}

	/**
	 * Whether the lists and status records answer in the sandbox's own shapes (sandbox-shapes) instead
	 * of the provider's documented ones: the order list's `{Orders, PageNumber, ...}` with its own
	 * checked parameters, products with price tiers and quantity limits, status records without
	 * PartnerOrderReference and PFLLinkStatus.
	 */
	sandboxShapes(): boolean {
		return this.has('sandbox-shapes');
	}

	/**
	 * The order list's answer from the page the route built (`body`, the provider's
	 * `{PageIndex, ..., Items}` or, under sandbox-shapes, `{Orders, PageNumber, ...}`), its orders
	 * (`orders`), total and next-page flag: a bare array (list-bare), `{data, hasNextPage, totalCount}`
	 * (list-camel), `{Orders}` (list-unpaged), or the page itself.
	 */
	orderListBody(page: { body: unknown; orders: unknown[]; totalCount: number; hasNextPage: boolean }): unknown {
		if (this.has('list-bare')) return page.orders;
		if (this.has('list-camel')) return { data: page.orders, hasNextPage: page.hasNextPage, totalCount: page.totalCount };
		if (this.has('list-unpaged')) return { Orders: page.orders };
		return page.body;
	}

	/** The product list's answer from its own, a bare array. */
	productListBody(products: unknown[]): unknown {
		if (this.has('list-bare')) return { Products: products };
		if (this.has('list-camel')) return { items: products, totalCount: products.length };
		return products;
	}

	/** The store list's answer from its own, a bare array (list-camel: `{items, totalCount}`, as its product list). */
	storeListBody(stores: unknown[]): unknown {
		if (this.has('list-camel')) return { items: stores, totalCount: stores.length };
		return stores;
	}

	/**
	 * A success body of `method` `path` as the active profiles shape it: a status history newest first
	 * (history-newest-first); price and create results in reverse order (results-reordered); without
	 * `_meta` on the object itself, on each element of a list, and on each order of an order list's
	 * wrapper (no-meta).
	 */
	successBody(body: unknown, path = '', method = 'GET'): unknown {
		let shaped = this.statusNames(body);
		if (this.has('history-newest-first') && Array.isArray(shaped) && STATUS_HISTORY_PATH.test(path)) shaped = [...shaped].reverse();
		if (this.has('results-reordered') && method === 'POST' && Array.isArray(shaped) && BATCH_PATH.test(path)) shaped = [...shaped].reverse();
		if (!this.has('no-meta')) return shaped;
		const strip = (value: unknown) => {
			if (!isObject(value) || !('_meta' in value)) return value;
			const { _meta: _dropped, ...rest } = value;
			return rest;
		};
		if (Array.isArray(shaped)) return shaped.map(strip);
		const stripped = strip(shaped);
		if (!isObject(stripped)) return stripped;
		// A new object, never the parsed body changed in place: the hook answers the body untouched when it gets the same object back.
		const lists = ORDER_LIST_KEYS.filter((key) => Array.isArray(stripped[key])).map((key) => [key, (stripped[key] as unknown[]).map(strip)]);
		return lists.length > 0 ? { ...stripped, ...Object.fromEntries(lists) } : stripped;
	}
}
