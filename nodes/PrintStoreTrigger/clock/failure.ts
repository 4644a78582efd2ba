import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isRecord } from '../../shared/json';
import { whereToPointIt, type Attempt } from '../../shared/selfCalls/ask';

/**
 * What the clock shows, and how: a failed execution of the workflow (its trigger's error, and the
 * error workflow, as for any execution that fails; the workflow stays published and callbacks go on).
 * The clock starts an execution with one item that carries the failure (`failureItems`); the trigger's
 * execute() throws it (`failureIn`), so n8n records it as it records any failed execution, on n8n 1.x
 * and 2.x alike. (A running trigger's `emitError` would unpublish the workflow until n8n activates it
 * again, and callbacks would go unanswered meanwhile.) When the clock reports: clock/ticks.ts.
 */

export interface ClockFailure {
	message: string;
	description: string;
}

/** The field of the item that carries a failure of the catch-up into the execution. */
const FAILURE = 'printStoreCatchUpFailure';

/** What the clock emits to start the execution that shows a failure. */
export function failureItems(failure: ClockFailure): INodeExecutionData[][] {
	return [[{ json: { [FAILURE]: failure } }]];
}

/** The failure an execution's items carry from the clock, as the error to throw, or undefined. */
export function failureIn(ctx: IExecuteFunctions, items: INodeExecutionData[]): NodeOperationError | undefined {
	const failure = items.length === 1 ? items[0].json[FAILURE] : undefined;
	if (!isRecord(failure) || typeof failure.message !== 'string') return undefined;
	return new NodeOperationError(ctx.getNode(), failure.message, { description: typeof failure.description === 'string' ? failure.description : undefined });
}

/** A catch-up that ran and failed (the store could not be read, the account's store is not known). */
export function catchUpFailed(message: string, description: string): ClockFailure {
	return {
		message,
		description:
			`${description ? `${description} ` : ''}Nothing was emitted by this catch-up and nothing was recorded as read: the next one reads the same changes again. ` +
			'Callbacks still start the workflow meanwhile.',
	};
}

/** No address answered as the trigger. */
export function unreachable(tried: string, attempts: Attempt[]): ClockFailure {
	return {
		message: 'The catch-up cannot reach this trigger: no n8n process answered at its own addresses',
		description:
			`Tried: ${tried}. The catch-up runs in a request to the trigger's own webhook, sent by the n8n process that keeps the workflow published (the main process). ` +
			whereToPointIt(attempts, '(Catch-Up Options > Own Address sets one for this trigger alone.) Or set Catch Up Missed Events to Off. Callbacks still start the workflow meanwhile.'),
	};
}
