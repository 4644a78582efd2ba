/**
 * Every API call the package makes, named `<resource>.<operation>` exactly as the Print Store node
 * names its operations, so an error, a retry rule and an editor choice all use one name.
 */
export type ApiOperation =
	| 'store.joinWithInviteKey'
	| 'store.removeApplicationAssociation'
	| 'order.getPriceQuote'
	| 'order.create'
	| 'order.get'
	| 'order.getStatusHistory'
	| 'user.getCurrent'
	| 'custom.request';

/**
 * Writes that must not be repeated blindly: a second create could order twice, a second invite
 * could find the key spent, a second removal could report "no association" for one that worked.
 * They are retried only when the answer proves the service did nothing (429, 503, refused
 * connection). Everything else changes nothing when repeated, so any transient failure is retried.
 */
const ACTS_ONCE: ReadonlySet<ApiOperation> = new Set<ApiOperation>([
	'store.joinWithInviteKey',
	'store.removeApplicationAssociation',
	'order.create',
]);

export function isRepeatable(operation: ApiOperation, method: string): boolean {
	if (operation === 'custom.request') return method === 'GET' || method === 'HEAD';
	return !ACTS_ONCE.has(operation);
}
