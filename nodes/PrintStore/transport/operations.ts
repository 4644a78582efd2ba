/** Every API call the node makes, named so errors can carry the spec's meaning for each. */
export type PrintStoreOperation =
	| 'joinStore'
	| 'priceOrder'
	| 'createOrder'
	| 'getOrder'
	| 'getOrderStatus'
	| 'getUser'
	| 'removeAssociation';

/**
 * `safe`: repeating the request cannot change anything, so any transient failure is retried.
 * `onlyIfNotProcessed`: repeating could act twice (create an order twice, spend an invite key), so
 * only answers that prove the service did nothing are retried: 429, 503, and refused connections.
 */
export type RetryPolicy = 'safe' | 'onlyIfNotProcessed';
