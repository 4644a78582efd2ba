/** Reading what an n8n execution produced: each node's items, and the error n8n reports. */
import type { Execution, ExecutionError, TaskData } from './client';

export function nodeRuns(execution: Execution, nodeName: string): TaskData[] {
	return execution.data?.resultData.runData[nodeName] ?? [];
}

/** The JSON of the items a node put on one output, across all its runs. */
export function nodeOutput(execution: Execution, nodeName: string, output = 0): Array<Record<string, unknown>> {
	return nodeRuns(execution, nodeName).flatMap((run) => (run.data?.main?.[output] ?? []).map((item) => item.json));
}

/** The items with their pairedItem, for checks of item linking. */
export function nodeItems(execution: Execution, nodeName: string, output = 0) {
	return nodeRuns(execution, nodeName).flatMap((run) => run.data?.main?.[output] ?? []);
}

/** The error n8n recorded for the execution (what the editor shows), if any. */
export function executionError(execution: Execution): ExecutionError | undefined {
	return execution.data?.resultData.error;
}

/** The error recorded on one node's run, if any. */
export function nodeError(execution: Execution, nodeName: string): ExecutionError | undefined {
	return nodeRuns(execution, nodeName).find((run) => run.error)?.error;
}

/** A one-line description of a failed execution, for messages. */
export function describeFailure(execution: Execution): string {
	const error = executionError(execution);
	if (!error) return `execution ${execution.id} ended with status ${execution.status}`;
	const where = error.node?.name ? ` in node "${error.node.name}"` : '';
	const description = error.description ? ` (${error.description})` : '';
	return `execution ${execution.id} failed${where}: ${error.message}${description}`;
}

/** Throws unless the execution succeeded. */
export function assertSucceeded(execution: Execution): Execution {
	if (execution.status !== 'success') throw new Error(describeFailure(execution));
	return execution;
}
