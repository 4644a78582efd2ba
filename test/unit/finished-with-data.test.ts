/**
 * The e2e suites read an execution as finished only once n8n has stored its data. n8n 1.x on SQLite
 * writes an execution's status and its data in two updates; these are the shapes a read between
 * them returns (seen in CI: a resumed wait read as "success" with no run of the waiting node).
 */
import type { Execution } from '../../scripts/n8n/client';
import { isFinishedWithData } from '../../scripts/n8n/client';

const run = { startTime: 1 };

function execution(status: string, resultData?: NonNullable<Execution['data']>['resultData'], stoppedAt: string | null = '2026-11-25T09:00:00.000Z'): Execution {
	return { id: '7', finished: status === 'success', mode: 'manual', status, workflowId: 'w', startedAt: '2026-11-25T08:59:00.000Z', stoppedAt, data: resultData && { resultData } };
}

describe('isFinishedWithData', () => {
	test('a finished execution whose last node executed has its run is finished', () => {
		expect(isFinishedWithData(execution('success', { runData: { Start: [run], Wait: [run] }, lastNodeExecuted: 'Wait' }))).toBe(true);
		expect(isFinishedWithData(execution('success', { runData: { Start: [run] } }))).toBe(true);
	});

	test('"success" with the data a resume stored (the waiting node\'s run taken off) is not finished yet', () => {
		expect(isFinishedWithData(execution('success', { runData: { Start: [run], Create: [run], Wait: [] }, lastNodeExecuted: 'Wait' }))).toBe(false);
		expect(isFinishedWithData(execution('error', { runData: { Start: [run], Wait: [] }, lastNodeExecuted: 'Wait' }))).toBe(false);
	});

	test('"success" or "error" before any data is stored is not finished yet', () => {
		expect(isFinishedWithData(execution('success', { runData: {} }))).toBe(false);
		expect(isFinishedWithData(execution('error', undefined))).toBe(false);
	});

	test('an error execution with its error stored is finished, whatever its runs', () => {
		expect(isFinishedWithData(execution('error', { runData: {}, error: { message: 'Invalid store' } }))).toBe(true);
	});

	test('still running, waiting or without a stop time: not finished', () => {
		for (const status of ['new', 'running', 'waiting', 'unknown']) {
			expect(isFinishedWithData(execution(status, { runData: { Start: [run] }, lastNodeExecuted: 'Start' }))).toBe(false);
		}
		expect(isFinishedWithData(execution('success', { runData: { Start: [run] }, lastNodeExecuted: 'Start' }, null))).toBe(false);
	});

	test('crashed and canceled executions count as they are: n8n stores nothing more for them', () => {
		expect(isFinishedWithData(execution('crashed', { runData: { Wait: [] }, lastNodeExecuted: 'Wait' }))).toBe(true);
		expect(isFinishedWithData(execution('canceled', undefined))).toBe(true);
	});
});
