/** What an error says about one status code of one operation: what happened, and what to do. */
export interface Explanation {
	message: string;
	description: string;
}

/**
 * One API call the package makes, declared by the operation that makes it (each Print Store
 * `*.operation.ts`, and the trigger's lookups): everything the transport and the errors need to know
 * about it travels with the request, so no table elsewhere lists operations.
 */
export interface ApiOperation {
	/** `<resource>.<operation>`, as the Print Store node names its operations. */
	readonly name: string;
	/**
	 * Whether a repeated request could act twice (a second create could order twice, a second invite
	 * could find the key spent, a second removal could report "no association" for one that worked).
	 * Such requests are retried only when the answer proves the service did nothing (429, 503, refused
	 * connection); every other request is retried on any transient failure. 'unlessRead': only GET and
	 * HEAD are repeated (Custom API Call, which may call anything).
	 */
	readonly actsOnce: boolean | 'unlessRead';
	/** The spec's meaning of each status code for this call. */
	readonly meanings: Readonly<Partial<Record<number, Explanation>>>;
	/** What to check after it failed in a way that does not show whether the service acted. */
	readonly mayHaveActed?: string;
	/**
	 * It sends order items (price and create). The spec gives their 400 one meaning, "invalid store";
	 * when the service's messages name no store, they are about an order item, and its words win.
	 */
	readonly sendsOrderItems?: boolean;
}

export function isRepeatable(operation: ApiOperation, method: string): boolean {
	if (operation.actsOnce === 'unlessRead') return method === 'GET' || method === 'HEAD';
	return !operation.actsOnce;
}

/** Meanings several operations share. */
export const CREDENTIALS: Explanation = {
	message: 'Invalid credentials',
	description:
		'The service rejected the access token or the subscription key. Open the Print Store credential, check the Subscription Key, and reconnect the account.',
};

export const INVALID_STORE: Explanation = {
	message: 'Invalid store',
	description:
		'Check the store, and that the connected account and its application are associated with that store (join it with an invite key first).',
};

export const ORDER_NOT_FOUND: Explanation = {
	message: 'The requested order does not exist',
	description:
		'Check the order ID or order number, and that it belongs to this store. Without the Order.All.Read permission you only see orders your own account created.',
};

/** Reading one order, or its status history, by ID or order number: what both nodes' lookups mean. */
export const ORDER_READ_MEANINGS = { 400: INVALID_STORE, 401: CREDENTIALS, 404: ORDER_NOT_FOUND } as const;
