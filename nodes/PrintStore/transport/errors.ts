import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { PrintStoreOperation } from './operations';

/** What a failed request looked like, with nothing in it that could carry a secret. */
export interface RequestFailure {
	status?: number;
	code?: string;
	retryAfterMs?: number;
	serviceMessages: string[];
	/** The error code or message when no HTTP answer came back. */
	reason: string;
}

interface Explanation {
	message: string;
	description: string;
}

const CREDENTIALS: Explanation = {
	message: 'Invalid credentials',
	description:
		'The service rejected the access token or the subscription key. Open the Print Store credential, check the Subscription Key, and reconnect the account.',
};

const INVALID_STORE: Explanation = {
	message: 'Invalid store',
	description:
		'Check the Store ID, and that the connected account and its application are associated with that store (join it with an invite key first).',
};

const ORDER_NOT_FOUND: Explanation = {
	message: 'The requested order does not exist',
	description:
		'Check the order ID or order number, and that it belongs to this store. Without the Order.All.Read permission you only see orders your own account created.',
};

/** The spec's meaning of each status code, per operation. */
const MEANINGS: Record<PrintStoreOperation, Partial<Record<number, Explanation>>> = {
	joinStore: {
		400: {
			message: 'The invite key has already been used',
			description: 'Each invite key works once. Ask the store for a new invite key.',
		},
		401: CREDENTIALS,
		404: {
			message: 'Store unavailable',
			description: 'No available store matches this invite key. Check the key for typos, or ask the store for a new one.',
		},
	},
	priceOrder: { 400: INVALID_STORE, 401: CREDENTIALS },
	createOrder: { 400: INVALID_STORE, 401: CREDENTIALS },
	getOrder: { 400: INVALID_STORE, 401: CREDENTIALS, 404: ORDER_NOT_FOUND },
	getOrderStatus: { 400: INVALID_STORE, 401: CREDENTIALS, 404: ORDER_NOT_FOUND },
	getUser: { 401: CREDENTIALS },
	removeAssociation: {
		400: {
			message: 'Insufficient privileges, or no association exists between the application and the store',
			description:
				'The connected account needs Application (Self or All) Write and Store (Self or All) Write permissions, and the application must currently be associated with the store.',
		},
		401: CREDENTIALS,
	},
};

function explain(operation: PrintStoreOperation, failure: RequestFailure): Explanation {
	const known = failure.status !== undefined ? MEANINGS[operation][failure.status] : undefined;
	if (known) return known;
	if (failure.status === 429) {
		return {
			message: 'The service is receiving too many requests',
			description: 'The node retried with backoff and gave up. Lower the Batch Size or run the workflow less often.',
		};
	}
	if (failure.status === 403) {
		return {
			message: 'Insufficient permissions',
			description: 'The connected account lacks a permission this operation needs.',
		};
	}
	if (failure.status !== undefined && failure.status >= 500) {
		return {
			message: `The service failed to process the request (HTTP ${failure.status})`,
			description: 'This is a problem on the service side. Try again later.',
		};
	}
	if (failure.status !== undefined) {
		return {
			message: `The service answered HTTP ${failure.status}`,
			description: 'See the service messages for details.',
		};
	}
	if (failure.code === undefined) {
		// No answer and no network error: n8n could not use the credential (e.g. a refused token refresh).
		return {
			message: `The Print Store credential could not be used: ${failure.reason}`,
			description: 'Open the Print Store credential and connect the account again ("Connect my account").',
		};
	}
	return {
		message: 'Could not reach the Print Store service',
		description: `The connection failed (${failure.reason}). Check the credential's API Base URL and that the service is reachable from n8n.`,
	};
}

/** Builds the error users see. Only sanitized facts go in; never the request or its headers. */
export function toNodeApiError(
	node: INode,
	operation: PrintStoreOperation,
	failure: RequestFailure,
	extra: { itemIndex?: number; note?: string } = {},
): NodeApiError {
	const { message, description } = explain(operation, failure);
	const parts = [description];
	if (failure.serviceMessages.length) parts.push(`Service says: ${failure.serviceMessages.join(' | ')}`);
	if (extra.note) parts.push(extra.note);
	const response: IDataObject = { status: failure.status ?? null, messages: failure.serviceMessages };
	return new NodeApiError(node, response as JsonObject, {
		message,
		description: parts.join('\n'),
		httpCode: failure.status !== undefined ? String(failure.status) : undefined,
		itemIndex: extra.itemIndex,
	});
}
