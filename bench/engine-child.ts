/**
 * The Print Store node outside the n8n server, in n8n-core's own engine (test/helpers/engine.ts:
 * WorkflowExecute, the real credential, real HTTP to the sandbox), in a process of its own, so its
 * time and heap can be measured alone. n8n-workflow here evaluates expressions in-process, without
 * the isolate the n8n 2.41 server uses, so its time shows the node without that cost.
 *
 * Memory: with --expose-gc, the heap is measured after a full GC at points the node passes through:
 * before it runs (the input items exist), when it sends its first batch (every item read and
 * checked, nothing sent), at its last batch, and after it returns (its output items alive).
 *
 * One size per process, so no earlier run's leftovers are in the memory baseline.
 * What n8n-core itself holds while any node runs (its copy of the input items for the node, in
 * ExecuteContext.connectionInputData) is measured the same way with a control node that only
 * returns its input, so it can be told apart from the node's own memory.
 *
 * Usage (from bench/scaling.ts and bench/create.ts): node --expose-gc --import tsx bench/engine-child.ts '<json>'
 */
import './lib/prefer-ts-sources';

import diagnostics from 'node:diagnostics_channel';

import type { IDataObject, IExecuteFunctions, INodeType } from 'n8n-workflow';

import { PRINT_STORE_TYPE, registerNodeType, runPrintStore, StoredCredentials } from '../test/helpers/engine';
import { createParameters, crmRecord, type OrderMode } from './lib/workload';

export interface EngineChildOptions {
	sandbox: { baseUrl: string; authorizationUrl: string; tokenUrl: string; clientId: string; clientSecret: string; subscriptionKey: string; storeId: string };
	tokens: { accessToken: string; refreshToken: string };
	size: number;
	batchSize: number;
	timedRuns: number;
	memory: boolean;
	/** How the order item is defined (default: the JSON expression). */
	mode?: OrderMode;
	parallelBatches?: number;
	/** Run the control node instead (memory only). */
	control?: boolean;
}

export interface EngineChildResult {
	size: number;
	timedMs: number[];
	/** Heap bytes: of the input items; then above that, at the first and last batch sent and after the run. */
	memory?: { inputBytes: number; firstBatchBytes: number; lastBatchBytes: number; afterBytes: number; requests: number };
	/** Control mode: heap growth while the control node runs. */
	n8nShareBytes?: number;
}

const gc = (globalThis as { gc?: () => void }).gc;
const heap = () => {
	if (!gc) throw new Error('run with --expose-gc to measure memory');
	gc();
	return process.memoryUsage().heapUsed;
};

/** A node that holds nothing of its own: measures the heap while it runs, then returns its input. */
function controlNode(onRunning: () => void): INodeType {
	return {
		description: {
			displayName: 'Control',
			name: 'control',
			group: ['transform'],
			version: 1,
			description: 'Returns its input',
			defaults: { name: 'Control' },
			inputs: ['main'],
			outputs: ['main'],
			properties: [],
		},
		async execute(this: IExecuteFunctions) {
			const input = this.getInputData();
			await new Promise((resolve) => setImmediate(resolve));
			onRunning();
			return [input];
		},
	};
}

async function main() {
	const options = JSON.parse(process.argv[2]) as EngineChildOptions;
	const credentials = new StoredCredentials();
	credentials.set('cred-1', {
		baseUrl: options.sandbox.baseUrl,
		authUrl: options.sandbox.authorizationUrl,
		accessTokenUrl: options.sandbox.tokenUrl,
		clientId: options.sandbox.clientId,
		clientSecret: options.sandbox.clientSecret,
		subscriptionKey: options.sandbox.subscriptionKey,
		oauthTokenData: { access_token: options.tokens.accessToken, refresh_token: options.tokens.refreshToken, token_type: 'Bearer' },
	});
	const parameters = createParameters(options.sandbox.storeId, options.mode ?? 'json', options.batchSize, options.parallelBatches ?? 1);
	const run = async (items: IDataObject[]) => {
		const result = await runPrintStore({ parameters, items, credentials });
		if (result.error || result.json.length !== items.length) throw new Error(`the node gave ${result.json.length} of ${items.length} items: ${result.error?.message ?? ''}`);
		return result;
	};

	const { size } = options;
	if (options.control) {
		let base = NaN;
		let during = NaN;
		// The engine runs whatever is registered under the Print Store type; in this process, the control node.
		registerNodeType(PRINT_STORE_TYPE, controlNode(() => (during = heap() - base)));
		await runPrintStore({ parameters: {}, items: [crmRecord(-1)], credentials });
		const items: IDataObject[] = Array.from({ length: size }, (_, index) => crmRecord(index));
		base = heap();
		await runPrintStore({ parameters: {}, items, credentials });
		process.stdout.write(`${JSON.stringify({ size, timedMs: [], n8nShareBytes: during } satisfies EngineChildResult)}\n`);
		return;
	}
	// A small first run loads what n8n-core loads lazily (HTTP client, OAuth2), so the baseline has it.
	await run([crmRecord(-1)]);
	const empty = options.memory ? heap() : 0;
	const items: IDataObject[] = Array.from({ length: size }, (_, index) => crmRecord(index));
	const result: EngineChildResult = { size, timedMs: [] };
	if (options.memory) {
		// Before the timed runs, so nothing a large earlier run left behind is in the baseline.
		const requests = Math.ceil(size / options.batchSize);
		const base = heap();
		const seen: number[] = [];
		const onRequest = () => {
			seen.push(NaN);
			// Only the first and the last batch are measured: a full GC on every request would dominate.
			if (seen.length === 1 || seen.length === requests) seen[seen.length - 1] = heap() - base;
		};
		diagnostics.subscribe('http.client.request.start', onRequest);
		let output: Awaited<ReturnType<typeof run>> | undefined = await run(items);
		diagnostics.unsubscribe('http.client.request.start', onRequest);
		const afterBytes = heap() - base;
		if (output.json.length !== size) throw new Error('lost output');
		output = undefined;
		result.memory = { inputBytes: base - empty, firstBatchBytes: seen[0], lastBatchBytes: seen[seen.length - 1], afterBytes, requests: seen.length };
	} else {
		await run(items); // warm-up: JIT, connections
	}
	for (let index = 0; index < options.timedRuns; index++) {
		const started = performance.now();
		await run(items);
		result.timedMs.push(performance.now() - started);
	}
	process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: Error) => {
	process.stderr.write(`${error.stack}\n`);
	process.exit(1);
});
