/**
 * Starts the one stack of the end-to-end run (n8n + package tarball + sandbox + owner + connected
 * credential) in jest's main process, and hands its coordinates to the test files through a JSON
 * file named by PRINT_STORE_E2E_STATE (workers inherit the environment).
 *
 * Which n8n it starts comes from the jest config's `globals.printStoreSetup` (see
 * jest.e2e*.config.js): `mode` 'single' (one process on SQLite) or 'queue' (main, worker and two
 * webhook processes on PostgreSQL and Redis), and `n8nVersion`.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import type { Config } from '@jest/types';

import { createLog } from '../../../scripts/n8n/log';
import { ARTIFACTS_DIR } from '../../../scripts/n8n/runtime';
import { startStack, type Stack } from '../../../scripts/n8n/stack';

declare global {
	var printStoreE2eStack: Stack | undefined;
	var printStoreE2eControl: http.Server | undefined;
}

/**
 * What test files cannot do from their worker processes, done here for them: `POST /restart`
 * restarts n8n's main process (a JSON body `{ "settings": { NAME: value } }` adds those to its
 * environment until the next restart, null leaving one unset; n8n's log comes back with a 500 when
 * it does not start), `POST /restart-all` the same for every n8n process (`mainOnly`: settings for
 * main alone), and in queue mode `POST /worker/stop?how=graceful|hard` and
 * `POST /worker/start?eventLog=kept|fresh` stop and start the worker; `POST /stop` and `POST /start`
 * stop n8n (main, and the webhook processes in queue mode) and start it again (the stack lives in
 * this process). `POST /defaults` gives every process the suite's own settings again, restarting
 * only those a restart left with others (a file that changes n8n's settings leaves them for the next
 * file, which asks for this before it starts: test/e2e/setup/settings.ts). One request at a time.
 */
async function startControl(stack: Stack): Promise<string> {
	let busy: Promise<void> = Promise.resolve();
	/** Which processes run with settings a restart gave them, not the suite's own. */
	const changed = { main: false, others: false };
	const given = (settings: Record<string, string | null>) => Object.keys(settings).length > 0;
	const server = http.createServer((request, response) => {
		const url = new URL(request.url ?? '/', 'http://control');
		if (request.method !== 'POST' || !['/restart', '/restart-all', '/defaults', '/worker/stop', '/worker/start', '/stop', '/start'].includes(url.pathname)) {
			response.writeHead(404).end();
			return;
		}
		const body = new Promise<string>((resolve) => {
			let text = '';
			request.on('data', (chunk: Buffer) => (text += chunk.toString()));
			request.on('end', () => resolve(text));
		});
		busy = busy.then(async () => {
			try {
				const asked = (await body) ? (JSON.parse(await body) as { settings?: Record<string, string | null>; mainOnly?: Record<string, string | null> }) : {};
				const settings = asked.settings ?? {};
				// A restart that fails leaves a process in no known state: counted as changed until one succeeds.
				if (url.pathname === '/restart') {
					changed.main = true;
					await stack.restartMain(settings);
					changed.main = given(settings);
				} else if (url.pathname === '/restart-all') {
					changed.main = true;
					changed.others = true;
					await stack.restartAll(settings, asked.mainOnly ?? {});
					changed.main = given(settings) || given(asked.mainOnly ?? {});
					changed.others = given(settings);
				} else if (url.pathname === '/defaults') {
					if (changed.others) await stack.restartAll();
					else if (changed.main) await stack.restartMain();
					changed.main = false;
					changed.others = false;
				}
				else if (url.pathname === '/stop') await stack.stopN8n();
				else if (url.pathname === '/start') await stack.startN8nAgain();
				else if (url.pathname === '/worker/stop') await stack.stopWorker(url.searchParams.get('how') === 'hard' ? 'hard' : 'graceful');
				else await stack.startWorker(url.searchParams.get('eventLog') === 'kept' ? 'kept' : 'fresh');
				response.writeHead(200, { 'content-type': 'application/json' }).end('{"restarted":true}');
			} catch (error) {
				response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: (error as Error).message }));
			}
		});
	});
	// Restarting n8n takes longer than Node's default request timeout allows.
	server.requestTimeout = 0;
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	globalThis.printStoreE2eControl = server;
	return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export interface E2eSetup {
	mode: 'single' | 'queue';
	n8nVersion: string;
}

export default async function globalSetup(_global: Config.GlobalConfig, project: Config.ProjectConfig): Promise<void> {
	const setup = project.globals.printStoreSetup as E2eSetup | undefined;
	process.stderr.write('\n');
	const stack = await startStack({
		log: createLog(`e2e ${setup?.mode ?? 'single'} ${setup?.n8nVersion ?? ''}`.trim()),
		// No auto-advance: tests move orders themselves, so every status is deterministic.
		// In queue mode, hundreds of callbacks arrive at once: retry as a real service would, for minutes.
		// In one process, refused callbacks are retried within seconds (tests wait for the service to give
		// up), but an answer gets as long as in queue mode: on a busy machine n8n takes seconds to answer
		// a burst, and a callback timed out is a callback the trigger never sees.
		// A subscription key of its own: npm test can run the queue setup beside a one-process one, and the
		// nodes derive their resume and callback secrets from the key, so with the seed's key in both an
		// execution of one could answer a check sent to the other's n8n (same execution ID, same secret).
		sandbox: {
			advanceEveryMs: 0,
			subscriptionKey: `sandbox-subscription-key-${randomBytes(8).toString('hex')}`,
			...(setup?.mode === 'queue' ? { callbackBaseDelayMs: 500, callbackAttempts: 9, callbackTimeoutMs: 30_000 } : { callbackBaseDelayMs: 100, callbackTimeoutMs: 30_000 }),
		},
		// Every line n8n logs is scanned for secrets at the end of the run (secrets.last.test.ts).
		n8nEnv: { N8N_LOG_LEVEL: 'debug' },
		// One process: n8n's own default port, where a process that cannot reach its public address
		// finds itself (nodes/shared/selfCalls/addresses.ts; out-of-reach.test.ts needs it, so the
		// one-process setups run one after the other). Queue mode reaches n8n through the credential's
		// n8n Internal URL: any free port, so it can run beside them.
		preferredPort: setup?.mode === 'queue' ? 0 : 5678,
		queue: setup?.mode === 'queue',
		n8nVersion: setup?.n8nVersion,
	});
	globalThis.printStoreE2eStack = stack;
	mkdirSync(ARTIFACTS_DIR, { recursive: true });
	const stateFile = path.join(stack.workDir, 'e2e-stack.json');
	writeFileSync(stateFile, JSON.stringify({ ...stack.state(), controlUrl: await startControl(stack) }, null, 2));
	process.env.PRINT_STORE_E2E_STATE = stateFile;
}
