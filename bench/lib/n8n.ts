/**
 * The benchmarks' n8n: the project's stack (scripts/n8n/stack.ts: n8n 2.41.1 with this package from
 * its tarball, the sandbox, a Print Store credential connected through OAuth2), plus what the peers
 * need: n8n's generic OAuth2 credential (oAuth2Api) for the HTTP Request node, connected to the
 * sandbox through the same real authorization-code flow, and measured workflow runs.
 */
import { randomUUID } from 'node:crypto';

import type { Execution, WorkflowJson, WorkflowNode } from '../../scripts/n8n/client';
import type { Log } from '../../scripts/n8n/log';
import { connectOAuth2Credential } from '../../scripts/n8n/oauth';
import { sleep } from '../../scripts/n8n/process';
import { startStack, type Stack } from '../../scripts/n8n/stack';
import { MANUAL_TRIGGER_TYPE, type CredentialRef } from '../../scripts/n8n/workflows';
import { watchRss } from './rss';
import { crmRecordsCode } from './workload';

export interface BenchN8n {
	stack: Stack;
	/** n8n's own generic OAuth2 credential, connected to the sandbox as the same user. */
	oauth2: CredentialRef;
	close(): Promise<void>;
}

/** `tarball`: the package to install instead of this checkout's (lib/baseline.ts: another commit's). */
export async function startBenchN8n(log: Log, n8nEnv: Record<string, string> = {}, tarball?: string): Promise<BenchN8n> {
	// No auto-advance and no callback URLs on the created orders: the sandbox only creates.
	const stack = await startStack({ log, sandbox: { advanceEveryMs: 0 }, n8nEnv, ...(tarball ? { tarball } : {}) });
	try {
		const { client, sandbox } = stack;
		const oauth2 = await log.step('Connecting n8n\'s generic OAuth2 credential (for the HTTP Request node) to the sandbox', async () => {
			const created = await client.createCredential({
				name: 'Sandbox via generic OAuth2',
				type: 'oAuth2Api',
				data: {
					grantType: 'authorizationCode',
					authUrl: sandbox.authorizationUrl,
					accessTokenUrl: sandbox.tokenUrl,
					clientId: sandbox.clientId,
					clientSecret: sandbox.clientSecret,
					scope: '',
					authQueryParameters: '',
					authentication: 'header',
				},
			});
			await connectOAuth2Credential(client, created.id, stack.sandboxUser);
			return { id: created.id, name: created.name };
		});
		return { stack, oauth2, close: () => stack.close() };
	} catch (error) {
		await stack.close();
		throw error;
	}
}

export const START = 'Start';
export const RECORDS = 'CRM records';

export type NodeSpec = Omit<WorkflowNode, 'id' | 'position'> & { name: string; type: string; typeVersion: number; parameters: Record<string, unknown> };

/** Manual Trigger → each node in turn. */
export function manualWorkflow(name: string, nodes: NodeSpec[]): WorkflowJson {
	const all: NodeSpec[] = [{ name: START, type: MANUAL_TRIGGER_TYPE, typeVersion: 1, parameters: {} }, ...nodes];
	const connections: Record<string, unknown> = {};
	for (let index = 0; index < all.length - 1; index++) connections[all[index].name] = { main: [[{ node: all[index + 1].name, type: 'main', index: 0 }]] };
	return { name, settings: { executionOrder: 'v1' }, nodes: all.map((node, index): WorkflowNode => ({ id: randomUUID(), position: [index * 220, 0], ...node })), connections };
}

/** Manual Trigger → Code node making `count` CRM records → the node under test. */
export function recordsWorkflow(name: string, count: number, target: NodeSpec): WorkflowJson {
	const node = (spec: NodeSpec, x: number): WorkflowNode => ({ id: randomUUID(), position: [x, 0], ...spec });
	return {
		name,
		settings: { executionOrder: 'v1' },
		nodes: [
			node({ name: START, type: MANUAL_TRIGGER_TYPE, typeVersion: 1, parameters: {} }, 0),
			node({ name: RECORDS, type: 'n8n-nodes-base.code', typeVersion: 2, parameters: { jsCode: crmRecordsCode(count) } }, 220),
			node(target, 440),
		],
		connections: {
			[START]: { main: [[{ node: RECORDS, type: 'main', index: 0 }]] },
			[RECORDS]: { main: [[{ node: target.name, type: 'main', index: 0 }]] },
		},
	};
}

export interface MeasuredRun {
	status: string;
	error?: string;
	/** The node's own execution time as n8n recorded it. */
	nodeMs: number;
	/** From the manual-run request until n8n reported the execution finished (includes the Code node and saving). */
	wallMs: number;
	outputItems: number;
	rssStart: number;
	rssPeak: number;
	/** The longest any status poll waited for n8n's answer: how long n8n stopped answering during the run. */
	longestApiWaitMs: number;
}

const UNFINISHED = new Set(['new', 'running', 'waiting', 'unknown']);

/**
 * Runs a saved workflow from its Manual Trigger as the editor does, watching n8n's RSS until the
 * execution is finished (polled without its data, so reading it does not count), then reads the
 * node's timing and output and deletes the execution so the database stays small.
 */
export async function runMeasured(bench: BenchN8n, workflowId: string, nodeName: string, timeoutMs = 900_000): Promise<MeasuredRun> {
	const { client, n8n } = bench.stack;
	const rss = watchRss(n8n.pid);
	const started = performance.now();
	let watched: { peak: number; start: number } | undefined;
	const executionId = await client.startManualRun(workflowId, START);
	let longestApiWaitMs = 0;
	try {
		for (;;) {
			if (performance.now() - started > timeoutMs) throw new Error(`execution ${executionId} did not finish in ${timeoutMs / 1000} s`);
			const asked = performance.now();
			// A busy n8n may drop a kept-alive socket; the next poll simply asks again.
			const summary = await client.api<Execution>('GET', `/executions/${executionId}`).catch(() => undefined);
			longestApiWaitMs = Math.max(longestApiWaitMs, performance.now() - asked);
			if (summary && !UNFINISHED.has(summary.status) && summary.stoppedAt) break;
			await sleep(50);
		}
		const wallMs = performance.now() - started;
		watched = rss.stop();
		const execution = await client.getExecution(executionId);
		const task = execution.data?.resultData.runData[nodeName]?.[0] as { executionTime?: number } | undefined;
		return {
			status: execution.status,
			error: execution.data?.resultData.error?.message,
			nodeMs: task?.executionTime ?? NaN,
			wallMs,
			outputItems: execution.data?.resultData.runData[nodeName]?.[0]?.data?.main?.[0]?.length ?? 0,
			rssStart: watched.start,
			rssPeak: watched.peak,
			longestApiWaitMs,
		};
	} finally {
		if (!watched) rss.stop();
		await client.api('DELETE', `/executions/${executionId}`).catch(() => undefined);
	}
}

/** A finished manual run: the execution with its data, and what was measured around it. */
export interface ManualRun {
	execution: Execution;
	/** From the manual-run request until n8n reported the execution finished. */
	wallSeconds: number;
	/** n8n's peak RSS during the run, in bytes. */
	rssPeak: number;
}

/**
 * Runs a saved workflow from its Manual Trigger as the editor does, polling the execution without
 * its data (so reading it does not count) while n8n's RSS is watched, then hands the finished
 * execution with its data to `read` (which checks and counts what it needs, e.g. the sandbox's
 * request log) before the execution is deleted, so the database stays small.
 */
export async function runManualWorkflow<T>(bench: BenchN8n, workflowId: string, read: (run: ManualRun) => Promise<T> | T, timeoutMs = 900_000): Promise<T> {
	const { client, n8n } = bench.stack;
	const rss = watchRss(n8n.pid);
	const started = performance.now();
	let watched: { peak: number } | undefined;
	const executionId = await client.startManualRun(workflowId, START);
	try {
		for (;;) {
			if (performance.now() - started > timeoutMs) throw new Error(`execution ${executionId} did not finish in ${timeoutMs / 60_000} minutes`);
			// Polled without its data, so reading it does not count.
			const summary = await client.api<Execution>('GET', `/executions/${executionId}`).catch(() => undefined);
			if (summary && !UNFINISHED.has(summary.status) && summary.stoppedAt) break;
			await sleep(50);
		}
		const wallSeconds = (performance.now() - started) / 1000;
		watched = rss.stop();
		const execution = await client.getExecution(executionId);
		return await read({ execution, wallSeconds, rssPeak: watched.peak });
	} finally {
		if (!watched) rss.stop();
		await client.api('DELETE', `/executions/${executionId}`).catch(() => undefined);
	}
}

/** n8n's own time of an execution: its startedAt to stoppedAt, in seconds. */
export const executionSeconds = (execution: Execution) => (Date.parse(String(execution.stoppedAt)) - Date.parse(execution.startedAt)) / 1000;

/** The nodes' execution times as n8n recorded them (their first run each), added up, in seconds; NaN if one did not run. */
export function nodeSeconds(execution: Execution, nodes: string[]): number {
	const runData = execution.data?.resultData.runData ?? {};
	return nodes.reduce((total, name) => total + ((runData[name]?.[0] as { executionTime?: number } | undefined)?.executionTime ?? NaN), 0) / 1000;
}
