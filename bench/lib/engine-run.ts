/** Runs bench/engine-child.ts (the node in n8n-core's engine, in its own process) against the bench's sandbox. */
import { fork } from 'node:child_process';
import path from 'node:path';

import type { EngineChildOptions, EngineChildResult } from '../engine-child';
import type { BenchN8n } from './n8n';

export async function runEngineChild(bench: BenchN8n, options: Pick<EngineChildOptions, 'size' | 'batchSize' | 'timedRuns' | 'memory' | 'control' | 'mode' | 'parallelBatches'> & { cpuProfileDir?: string }): Promise<EngineChildResult> {
	const { sandbox } = bench.stack;
	const childOptions: EngineChildOptions = {
		sandbox: {
			baseUrl: sandbox.baseUrl,
			authorizationUrl: sandbox.authorizationUrl,
			tokenUrl: sandbox.tokenUrl,
			clientId: sandbox.clientId,
			clientSecret: sandbox.clientSecret,
			subscriptionKey: sandbox.subscriptionKey,
			storeId: sandbox.storeId,
		},
		tokens: sandbox.tokens,
		size: options.size,
		batchSize: options.batchSize,
		timedRuns: options.timedRuns,
		memory: options.memory,
		control: options.control,
		mode: options.mode,
		parallelBatches: options.parallelBatches,
	};
	const profiling = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
	const child = fork(path.join(__dirname, '..', 'engine-child.ts'), [JSON.stringify(childOptions)], {
		execArgv: ['--expose-gc', '--max-old-space-size=4096', ...profiling, '--import', 'tsx'],
		// n8n-core logs each failed node through its logger; the child reports failures itself.
		env: { ...process.env, N8N_LOG_LEVEL: 'silent' },
		stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
	});
	let out = '';
	child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
	const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
	if (code !== 0) throw new Error(`bench/engine-child.ts exited with ${code}`);
	return JSON.parse(out.trim().split('\n').pop()!) as EngineChildResult;
}
