import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { hideCredentialSecrets, hideSecretsInText } from './hideSecrets';
import type { ApiOperation, Explanation } from './apiCalls';

/** A value a user gave that cannot be sent. `field` names it the way the editor shows it. */
export class InvalidValue extends Error {
	constructor(
		readonly field: string,
		readonly problem: string,
	) {
		super(`${field}: ${problem}`);
	}
}

/** A problem with one item that is neither a bad value nor a failed request (e.g. no active trigger). */
export class ItemProblem extends Error {
	constructor(
		message: string,
		readonly description: string,
	) {
		super(message);
	}
}

/** What a failed request looked like, with nothing in it that could carry a secret. */
export interface FailureFacts {
	status?: number;
	/** A network error code (ECONNRESET, ...) when no HTTP answer came back. */
	code?: string;
	retryAfterMs?: number;
	serviceMessages: string[];
	/** The error code or message when no HTTP answer came back. */
	reason: string;
}

/**
 * A request the service refused, or that failed on the way. The transport throws it; the error a
 * user sees is built from it once, at the item boundary (`toNodeError`).
 */
export class ApiFailure extends Error {
	constructor(
		readonly operation: ApiOperation,
		readonly facts: FailureFacts,
		readonly attempts: number,
		/** The service may have carried out the request although it failed (a write that was not retried). */
		readonly mayHaveActed: boolean,
		/** The service messages are about one order item of a batch, which it refused alone. */
		readonly rejectedItem = false,
	) {
		super(explain(operation, facts).message);
		// Its stack starts where it was made (the transport giving up), and names it.
		this.name = 'ApiFailure';
	}

	get status(): number | undefined {
		return this.facts.status;
	}

	/** The same failure narrowed to what the service said about one order item. */
	aboutItem(messages: string[]): ApiFailure {
		return new ApiFailure(this.operation, { ...this.facts, serviceMessages: messages }, this.attempts, this.mayHaveActed, true);
	}
}

const ORDER_REJECTED: Explanation = {
	message: 'The service rejected the order request',
	description: 'Nothing was created. Correct what the service names below and run again.',
};

/**
 * The spec gives 400 on price and create one meaning, "invalid store". When the service says
 * something else (a field it refused), its words win over that guess.
 */
function isAboutSomethingElse(operation: ApiOperation, facts: FailureFacts): boolean {
	if (facts.status !== 400 || operation.sendsOrderItems !== true) return false;
	return facts.serviceMessages.length > 0 && !facts.serviceMessages.some((text) => /store/i.test(text));
}

function explain(operation: ApiOperation, facts: FailureFacts): Explanation {
	if (isAboutSomethingElse(operation, facts)) return ORDER_REJECTED;
	const known = facts.status !== undefined ? operation.meanings[facts.status] : undefined;
	if (known) return known;
	if (facts.status === 429) {
		return {
			message: 'The service is receiving too many requests',
			description: 'The node retried with backoff and gave up. Lower the Batch Size or run the workflow less often.',
		};
	}
	if (facts.status === 403) {
		return { message: 'Insufficient permissions', description: 'The connected account lacks a permission this operation needs.' };
	}
	if (facts.status !== undefined && facts.status >= 500) {
		return {
			message: `The service failed to process the request (HTTP ${facts.status})`,
			description: 'This is a problem on the service side. Try again later.',
		};
	}
	if (facts.status !== undefined) {
		return { message: `The service answered HTTP ${facts.status}`, description: 'See the service messages for details.' };
	}
	if (facts.code === undefined) {
		// No answer and no network error: n8n could not use the credential (e.g. a refused token refresh).
		return {
			message: `The Print Store credential could not be used: ${facts.reason}`,
			description: 'Open the Print Store credential and connect the account again ("Connect my account").',
		};
	}
	return {
		message: 'Could not reach the Print Store service',
		description: `The connection failed (${facts.reason}). Check the credential's API Base URL and that the service is reachable from n8n.`,
	};
}

const MAY_HAVE_ACTED_DEFAULT = 'Not retried: the service may have carried out the request before the failure. Check before trying again.';

function apiError(node: INode, failure: ApiFailure, itemIndex: number, note?: string): NodeApiError {
	const { facts } = failure;
	// Kept with the execution as the error's data: the transport hid secrets in the messages already; hidden again here, where the error is built.
	const response: IDataObject = { status: facts.status ?? null, messages: facts.serviceMessages.map((text) => hideSecretsInText(text)) };
	const httpCode = facts.status !== undefined ? String(facts.status) : undefined;
	if (failure.rejectedItem) {
		const [first, ...more] = facts.serviceMessages;
		const parts = ['Nothing was created for this item. Correct the item and run it again.'];
		if (more.length > 0) parts.push(`Service says: ${facts.serviceMessages.join(' | ')}`);
		if (note) parts.push(note);
		return new NodeApiError(node, response as JsonObject, {
			message: `The service rejected item ${itemIndex}: ${first}`,
			description: parts.join('\n'),
			httpCode,
			itemIndex,
		});
	}
	const { message, description } = explain(failure.operation, facts);
	const parts = [description];
	if (facts.serviceMessages.length) parts.push(`Service says: ${facts.serviceMessages.join(' | ')}`);
	if (failure.attempts > 1) parts.push(`Gave up after ${failure.attempts} attempts.`);
	if (failure.mayHaveActed) parts.push(failure.operation.mayHaveActed ?? MAY_HAVE_ACTED_DEFAULT);
	if (note) parts.push(note);
	return new NodeApiError(node, response as JsonObject, { message, description: parts.join('\n'), httpCode, itemIndex });
}

export type NodeError = NodeApiError | NodeOperationError;

/** Long enough for the package's frames below n8n's and the engine's; a cause is for reading, not for storing whole. */
const MAX_CAUSE_STACK_LENGTH = 4000;

/**
 * What was thrown, as the `cause` of the error a user gets: its name, message and stack (the line
 * that failed: for a failed request, where the transport gave up), with every secret hidden, and
 * nothing else of it. Never the thrown object itself: n8n's request errors carry the request, its
 * headers (the subscription key, the token) and its body. n8n stores an error's own enumerable
 * properties with the execution (the editor's "Error cause") and its log prints the cause's message
 * and stack, so these three are own enumerable properties here.
 */
function redactedCause(thrown: Error, message: string, details: IDataObject = {}): Error {
	const hide = (text: string) => hideCredentialSecrets(text, []);
	const name = hide(thrown.name || 'Error');
	const shownMessage = hide(message);
	const frames = String(thrown.stack ?? '')
		.split('\n')
		.filter((line) => /^\s+at\s/.test(line));
	const stack = hide([`${name}: ${shownMessage}`, ...frames].join('\n')).slice(0, MAX_CAUSE_STACK_LENGTH);
	const cause = new Error(shownMessage);
	for (const [key, value] of Object.entries({ name, message: shownMessage, stack })) {
		Object.defineProperty(cause, key, { value, enumerable: true, writable: true, configurable: true });
	}
	return Object.assign(cause, details);
}

/** A failed request's cause: the call, what came back, and the transport's stack. */
function failureCause(failure: ApiFailure): Error {
	const { facts } = failure;
	const outcome = facts.status !== undefined ? `HTTP ${facts.status}` : (facts.code ?? 'no answer');
	const attempts = failure.attempts > 1 ? ` after ${failure.attempts} attempts` : '';
	return redactedCause(failure, `${failure.operation.name}: ${outcome}${attempts}: ${failure.message}`, {
		operation: failure.operation.name,
		status: facts.status ?? null,
		code: facts.code ?? null,
		attempts: failure.attempts,
	});
}

/** Sets the cause as an own enumerable property (the one n8n's constructors set is not), so n8n keeps it with the execution. */
function withCause<T extends NodeError>(error: T, cause: Error): T {
	Object.defineProperty(error, 'cause', { value: cause, enumerable: true, writable: true, configurable: true });
	return error;
}

/**
 * The one place user-facing errors are built: a failed request, a bad value or an item problem
 * becomes the error n8n shows, naming the item. `note` adds what the caller knows (e.g. which
 * orders were created before a run stopped).
 */
export function toNodeError(node: INode, error: unknown, itemIndex: number, note?: string): NodeError {
	const built = buildNodeError(node, error, itemIndex, note);
	// A service may echo an order's callback URLs in its messages; their secrets never reach the user.
	built.message = hideSecretsInText(built.message);
	if (built.description) built.description = hideSecretsInText(built.description);
	return built;
}

function buildNodeError(node: INode, error: unknown, itemIndex: number, note?: string): NodeError {
	if (error instanceof ApiFailure) return withCause(apiError(node, error, itemIndex, note), failureCause(error));
	const withNote = (description: string) => [description, note].filter(Boolean).join('\n');
	if (error instanceof InvalidValue) {
		const built = new NodeOperationError(node, `Invalid "${error.field}" in item ${itemIndex}: ${error.problem}`, {
			itemIndex,
			description: withNote('Nothing was sent to the service for this item. Correct the value and run again.'),
		});
		return withCause(built, redactedCause(error, error.message));
	}
	if (error instanceof ItemProblem) {
		return withCause(new NodeOperationError(node, error.message, { itemIndex, description: withNote(error.description) }), redactedCause(error, error.message));
	}
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
		if (note) error.description = withNote(error.description ?? '');
		return error;
	}
	// Anything else (a bug, or an error of n8n's) goes on as a copy with its secrets hidden, never as thrown.
	const thrown = error instanceof Error ? error : new Error(String(error));
	const cause = redactedCause(thrown, thrown.message);
	return withCause(new NodeOperationError(node, cause, { itemIndex, description: note }), cause);
}
