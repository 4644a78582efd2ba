/**
 * Everything the demo and the end-to-end tests need, in one call: the pinned n8n runtime, this
 * package built, packed and installed into a fresh user folder, the sandbox (in this process) and
 * n8n (a child process) on 127.0.0.1, the owner account, an API key, and a Print Store credential
 * connected to the sandbox through the real OAuth2 authorization-code flow. With `queue`, n8n runs
 * in queue mode (main, worker, two webhook processes; PostgreSQL and Redis: see queue.ts).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/server';
import { queryN8nDatabase, type DatabaseAddress } from './backends';
import { N8nClient, type ClientState } from './client';
import type { Log } from './log';
import { connectOAuth2Credential } from './oauth';
import { buildAndPack, installIntoUserFolder } from './package';
import { holdPort } from './process';
import { provisionRuntime, type N8nRuntime } from './runtime';
import { startQueueBackends, startQueueProcesses, type QueueBackends, type QueueProcesses, type WorkerEventLog, type WorkerStop } from './queue';
import { oauthRedirectUriFor, startN8n, type N8nServer } from './server';
import { CREDENTIAL_TYPE, type CredentialRef } from './workflows';

export interface Owner {
	email: string;
	password: string;
	firstName: string;
	lastName: string;
}

export const DEFAULT_OWNER: Owner = {
	email: 'owner@print-store.example',
	password: 'PrintStore-demo-1',
	firstName: 'Demo',
	lastName: 'Owner',
};

export const CREDENTIAL_NAME = 'Print Store sandbox account';

export interface StackOptions {
	log: Log;
	/** Sandbox options (port, advanceEveryMs, ...); control is always on, redirect URIs are added. */
	sandbox?: Omit<SandboxOptions, 'redirectUris'> & { redirectUris?: string[] };
	/** Sandbox user whose account the credential connects (default: the seeded admin, alice). */
	sandboxUser?: string;
	owner?: Owner;
	/** n8n's port (default: `preferredPort` when it is free, else a free one). */
	port?: number;
	preferredPort?: number;
	/** Where the user folder and the tarball go (default: a new temporary folder, removed on close). */
	workDir?: string;
	keepWorkDir?: boolean;
	/** Extra environment for the n8n process (e.g. N8N_LOG_LEVEL). */
	n8nEnv?: Record<string, string>;
	/** Queue mode: main + worker + two webhook processes on PostgreSQL and Redis. */
	queue?: boolean;
	/** n8n version (default: PRINT_STORE_N8N_VERSION, else the pinned 2.x). */
	n8nVersion?: string;
	/** The package to install (default: this checkout, built and packed): e.g. another version's, for a benchmark's before and after. */
	tarball?: string;
}

/** An n8n process of a queue-mode stack, as test processes see it. */
export interface ProcessState {
	url: string;
	port: number;
	logFile: string;
}

/** What a test process needs to use a stack started by another process (jest's globalSetup). */
export interface StackState {
	n8n: { url: string; port: number; userFolder: string; logFile: string; oauthRedirectUri: string; version: string };
	/** 'single': one n8n process on SQLite; 'queue': see `queue`. */
	mode: 'single' | 'queue';
	queue?: {
		worker: ProcessState;
		webhooks: ProcessState[];
		/** haproxy in front of the webhook processes, resume calls hashed on the execution ID (proxy.ts). */
		proxy: { url: string; port: number };
		/** n8n's PostgreSQL database, for tests that check what n8n stored. */
		database: DatabaseAddress;
	};
	/** The e2e run's control server (test/e2e/setup/global-setup.ts): `POST /restart` restarts n8n's main process, `POST /worker/stop` and `/worker/start` the worker. */
	controlUrl?: string;
	/** Where the n8n runtime is installed (its node_modules hold n8n's own libraries, `pg` among them). */
	runtimeDir: string;
	client: ClientState;
	owner: Owner;
	credential: CredentialRef;
	sandbox: Omit<Sandbox, 'issueTokens' | 'close'>;
	sandboxUser: { username: string; password: string };
}

export interface Stack {
	runtime: N8nRuntime;
	n8n: N8nServer;
	client: N8nClient;
	sandbox: Sandbox;
	owner: Owner;
	credential: CredentialRef;
	sandboxUser: { username: string; password: string };
	workDir: string;
	queue?: QueueProcesses;
	state(): StackState;
	/**
	 * Stops n8n's main process and starts it again on the same port, user folder and database (an n8n
	 * restart), with `settings` added to its environment until the next restart (e.g. n8n 3.0's
	 * defaults: scripts/n8n/n8n3.ts; null leaves one unset). Rejects, with n8n's log, when n8n does
	 * not start with them.
	 */
	restartMain(settings?: Record<string, string | null>): Promise<void>;
	/** In queue mode the worker and the webhook processes restarted with `settings`; then restartMain with `settings` and `mainOnly`. */
	restartAll(settings?: Record<string, string | null>, mainOnly?: Record<string, string | null>): Promise<void>;
	/**
	 * Stops n8n as a whole for callbacks (the main process, and in queue mode the webhook processes:
	 * the service's callbacks then fail), and starts it again on the same ports, folder and database.
	 */
	stopN8n(): Promise<void>;
	startN8nAgain(): Promise<void>;
	/** Queue mode: stops the worker (gracefully or not); startWorker starts another, with or without the previous one's event log. */
	stopWorker(how: WorkerStop): Promise<void>;
	startWorker(eventLog: WorkerEventLog): Promise<void>;
	close(): Promise<void>;
}

/**
 * The first execution ID of a queue-mode stack. npm test runs it beside a one-process n8n on port
 * 5678 (SQLite, IDs from 1), which a worker tries when nothing else answers
 * (nodes/shared/selfCalls/addresses.ts). At a wait's start the node takes n8n's word that the
 * execution runs there, which carries no signature (nodes/PrintStore/wait/reach.ts): the other
 * n8n, running an execution with the same ID at that moment, would answer for it. Apart, they
 * never share an ID.
 */
const QUEUE_FIRST_EXECUTION_ID = 1_000_000;

/** n8n's execution IDs (a PostgreSQL sequence, made by main's migrations) from `first` on. */
async function executionIdsFrom(runtime: N8nRuntime, address: DatabaseAddress, first: number): Promise<void> {
	await queryN8nDatabase(runtime.dir, address, "SELECT setval(pg_get_serial_sequence('execution_entity', 'id'), $1, false)", [first]);
}

/** n8n's PostgreSQL database, as n8n and the tests reach it. */
function databaseOf(backends: QueueBackends): DatabaseAddress {
	const { port, database, user, password } = backends.postgres;
	return { host: '127.0.0.1', port, database, user, password };
}

export async function startStack(options: StackOptions): Promise<Stack> {
	const { log } = options;
	const owner = options.owner ?? DEFAULT_OWNER;
	const workDir = options.workDir ?? mkdtempSync(path.join(os.tmpdir(), 'print-store-n8n-'));
	mkdirSync(workDir, { recursive: true });
	const userFolder = path.join(workDir, 'n8n-user-folder');

	let sandbox: Sandbox | undefined;
	let n8n: N8nServer | undefined;
	let backends: QueueBackends | undefined;
	let queue: QueueProcesses | undefined;
	let closing: Promise<void> | undefined;
	// Every caller (e.g. a second Ctrl-C) waits for the same, complete shutdown.
	const close = () =>
		(closing ??= (async () => {
			await queue?.stop().catch((error: Error) => log.info(`stopping n8n's worker and webhook processes: ${error.message}`));
			await n8n?.stop().catch((error: Error) => log.info(`stopping n8n: ${error.message}`));
			await backends?.stop().catch((error: Error) => log.info(`stopping PostgreSQL and Redis: ${error.message}`));
			await sandbox?.close().catch((error: Error) => log.info(`stopping the sandbox: ${error.message}`));
			if (!options.keepWorkDir) rmSync(workDir, { recursive: true, force: true });
		})());

	try {
		// Independent and both slow the first time: provisioning downloads, building compiles.
		const [runtime, tarball, startedBackends] = await Promise.all([
			provisionRuntime(log, options.n8nVersion),
			options.tarball ?? buildAndPack(log, path.join(workDir, 'pack')),
			options.queue ? startQueueBackends(log) : undefined,
		]);
		backends = startedBackends;
		await installIntoUserFolder(log, tarball, userFolder);

		// n8n's port first, so the OAuth2 redirect URI is known before n8n (or the sandbox) starts; held
		// until just before n8n starts, or the sandbox, started in between on a port the system picks,
		// could be given the same one.
		const reserved = options.port === undefined ? await holdPort(options.preferredPort) : undefined;
		const port = options.port ?? reserved!.port;
		const redirectUri = oauthRedirectUriFor(port);
		sandbox = await log.step('Starting the Print Store sandbox', () =>
			startSandbox({
				...options.sandbox,
				host: '127.0.0.1',
				control: true,
				redirectUris: [redirectUri, ...(options.sandbox?.redirectUris ?? [])],
			}),
		);
		log.info(`  sandbox on ${sandbox.baseUrl} (accepts n8n's OAuth2 redirect ${redirectUri})`);
		const n8nEnv = { ...backends?.env, ...options.n8nEnv };
		await reserved?.release();
		n8n = await startN8n(log, { runtime, userFolder, port, env: n8nEnv });
		if (backends) {
			await executionIdsFrom(runtime, databaseOf(backends), QUEUE_FIRST_EXECUTION_ID);
			queue = await startQueueProcesses(log, { runtime, userFolder, env: n8nEnv, publicUrl: n8n.url });
		}

		const client = new N8nClient({ url: n8n.url, n8nVersion: runtime.version, firstExecutionId: backends ? QUEUE_FIRST_EXECUTION_ID : 1 });
		await log.step(`Creating the owner account ${owner.email}`, async () => {
			await client.setupOwner(owner);
			await client.createApiKey('print-store harness');
		});

		const sandboxUsername = options.sandboxUser ?? 'alice';
		const seeded = sandbox.seed.users.find((user) => user.username === sandboxUsername);
		if (!seeded) throw new Error(`The sandbox has no user "${sandboxUsername}"`);
		const sandboxUser = { username: seeded.username, password: seeded.password };
		const activeSandbox = sandbox;
		const credential = await log.step(`Connecting a Print Store credential to the sandbox as ${sandboxUsername} (OAuth2)`, async () => {
			const created = await client.createCredential({
				name: CREDENTIAL_NAME,
				type: CREDENTIAL_TYPE,
				data: {
					baseUrl: activeSandbox.baseUrl,
					authUrl: activeSandbox.authorizationUrl,
					accessTokenUrl: activeSandbox.tokenUrl,
					clientId: activeSandbox.clientId,
					clientSecret: activeSandbox.clientSecret,
					scope: '',
					authentication: 'header',
					subscriptionKey: activeSandbox.subscriptionKey,
				},
			});
			await connectOAuth2Credential(client, created.id, sandboxUser);
			return { id: created.id, name: created.name };
		});

		const started = { runtime, n8n, client, sandbox, owner, credential, sandboxUser, workDir, queue };
		/** The settings of the last restartMain, kept when n8n is stopped and started again. */
		let mainSettings: Record<string, string | null> = {};
		const processState = ({ url, port, logFile }: ProcessState): ProcessState => ({ url, port, logFile });
		const restartMain = async (settings: Record<string, string | null> = {}) => {
			const named = (set: boolean) => Object.keys(settings).filter((name) => (settings[name] !== null) === set);
			const extra = `${named(true).length > 0 ? ` with ${named(true).join(', ')}` : ''}${named(false).length > 0 ? ` without ${named(false).join(', ')}` : ''}`;
			await log.step(`Restarting n8n (main process)${extra}`, async () => {
				await started.n8n.stop();
				mainSettings = settings;
				n8n = await startN8n(log, { runtime, userFolder, port, env: { ...n8nEnv, ...settings } });
				started.n8n = n8n;
			});
		};
		return {
			...started,
			close,
			restartMain,
			restartAll: async (settings: Record<string, string | null> = {}, mainOnly: Record<string, string | null> = {}) => {
				// Main and the others side by side: they share only the database and Redis, which stay up.
				await Promise.all([started.queue?.restartWith(settings), restartMain({ ...settings, ...mainOnly })]);
			},
			stopN8n: async () => {
				await log.step('Stopping n8n (main process, and the webhook processes in queue mode)', async () => {
					await queue?.stopWebhooks();
					await started.n8n.stop();
				});
			},
			startN8nAgain: async () => {
				await log.step('Starting n8n again', async () => {
					const startMain = async () => {
						n8n = await startN8n(log, { runtime, userFolder, port, env: { ...n8nEnv, ...mainSettings } });
						started.n8n = n8n;
					};
					await Promise.all([startMain(), queue?.startWebhooks()]);
				});
			},
			stopWorker: async (how: WorkerStop) => {
				if (!queue) throw new Error('Only a queue-mode stack has a worker to stop');
				await queue.stopWorker(how);
			},
			startWorker: async (eventLog: WorkerEventLog) => {
				if (!queue) throw new Error('Only a queue-mode stack has a worker to start');
				await queue.startWorker(eventLog);
			},
			state: () => ({
				n8n: {
					url: started.n8n.url,
					port: started.n8n.port,
					userFolder: started.n8n.userFolder,
					logFile: started.n8n.logFile,
					oauthRedirectUri: started.n8n.oauthRedirectUri,
					version: runtime.version,
				},
				mode: queue ? 'queue' : 'single',
				queue: queue &&
					backends && {
						worker: processState(queue.worker),
						webhooks: queue.webhooks.map(processState),
						proxy: { url: queue.proxy.url, port: queue.proxy.port },
						database: databaseOf(backends),
					},
				runtimeDir: runtime.dir,
				client: client.state,
				owner,
				credential,
				sandbox: sandboxSummary(started.sandbox),
				sandboxUser,
			}),
		};
	} catch (error) {
		const tail = n8n ? `\n--- n8n log (last lines) ---\n${n8n.logTail(30)}` : '';
		await close();
		throw new Error(`${(error as Error).message}${tail}`);
	}
}

function sandboxSummary(sandbox: Sandbox): StackState['sandbox'] {
	const { issueTokens: _issue, close: _close, ...rest } = sandbox;
	return rest;
}
