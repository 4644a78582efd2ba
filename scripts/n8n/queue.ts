/**
 * n8n in queue mode, the way teams scale it: a main process (`n8n start`: editor, API, activation),
 * one worker (`n8n worker`: runs every execution) and two webhook processes (`n8n webhook`: take
 * production webhook calls and queue them), on PostgreSQL and Redis. Every process shares the user
 * folder (so they load the same installed package), the database, the queue and one encryption key;
 * each has its own port and task-broker port (server.ts gives each a free one).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import path from 'node:path';

import { startPostgres, startRedis, type Backend, type Postgres } from './backends';
import type { Log } from './log';
import type { N8nRuntime } from './runtime';
import { startWebhookProxy, type WebhookProxy } from './proxy';
import { startN8nProcess, type N8nProcess } from './server';

export const WEBHOOK_PROCESSES = 2;

export interface QueueBackends {
	postgres: Postgres;
	redis: Backend;
	/** The settings every n8n process of the queue-mode instance needs. */
	env: Record<string, string>;
	stop(): Promise<void>;
}

export async function startQueueBackends(log: Log): Promise<QueueBackends> {
	const [postgres, redis] = await Promise.allSettled([startPostgres(log), startRedis(log)]);
	if (postgres.status === 'rejected' || redis.status === 'rejected') {
		if (postgres.status === 'fulfilled') await postgres.value.stop();
		if (redis.status === 'fulfilled') await redis.value.stop();
		throw (postgres.status === 'rejected' ? postgres.reason : (redis as PromiseRejectedResult).reason) as Error;
	}
	const pg = postgres.value;
	return {
		postgres: pg,
		redis: redis.value,
		env: {
			EXECUTIONS_MODE: 'queue',
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(pg.port),
			DB_POSTGRESDB_DATABASE: pg.database,
			DB_POSTGRESDB_USER: pg.user,
			DB_POSTGRESDB_PASSWORD: pg.password,
			QUEUE_BULL_REDIS_HOST: '127.0.0.1',
			QUEUE_BULL_REDIS_PORT: String(redis.value.port),
			// The default pool (2 connections per process) queues a burst of webhook calls behind
			// n8n's own database health ping, which then times out and the process answers 503.
			DB_POSTGRESDB_POOL_SIZE: '10',
			// Every process decrypts the same credentials.
			N8N_ENCRYPTION_KEY: randomBytes(24).toString('hex'),
			// Manual runs ("Execute workflow") stay on main, n8n's default (OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS
			// unset): production executions, started by webhooks and triggers, are the ones workers run.
		},
		stop: async () => {
			await Promise.all([pg.stop(), redis.value.stop()]);
		},
	};
}

/**
 * A worker restart, in two steps (docs/queue-mode.md, "Worker restarts"): the stop is 'graceful'
 * (SIGTERM: n8n's shutdown, as `docker stop` does) or 'hard' (SIGKILL: a crash, `docker kill`); the
 * new worker starts on the previous worker's event log ('kept': a shared user folder, or a container
 * restarted with its ~/.n8n volume) or without it ('fresh': a new container).
 */
export type WorkerStop = 'graceful' | 'hard';
export type WorkerEventLog = 'kept' | 'fresh';

export interface QueueProcesses {
	worker: N8nProcess;
	webhooks: N8nProcess[];
	/** haproxy in front of the webhook processes: resume calls by execution ID (proxy.ts). */
	proxy: WebhookProxy;
	stopWorker(how: WorkerStop): Promise<void>;
	/** A new worker on the same port and log file, with or without the previous one's event log. */
	startWorker(eventLog: WorkerEventLog): Promise<void>;
	/** Stops the webhook processes (haproxy stays, answering 503), and starts new ones on the same ports. */
	stopWebhooks(): Promise<void>;
	/** Restarts the worker and the webhook processes on the same ports, with `settings` added to their environment (null: left unset) until the next call. */
	restartWith(settings: Record<string, string | null>): Promise<void>;
	startWebhooks(): Promise<void>;
	stop(): Promise<void>;
}

/** The worker's event log files (n8n 2.x: `n8nEventLog-worker*.log` in the user folder's .n8n). */
function moveWorkerEventLogs(userFolder: string): string[] {
	const n8nFolder = path.join(userFolder, '.n8n');
	if (!existsSync(n8nFolder)) return [];
	const archive = path.join(userFolder, 'previous-worker-event-logs', String(Date.now()));
	const moved = readdirSync(n8nFolder).filter((name) => /^n8nEventLog-worker/.test(name));
	if (moved.length > 0) mkdirSync(archive, { recursive: true });
	for (const name of moved) renameSync(path.join(n8nFolder, name), path.join(archive, name));
	return moved;
}

/**
 * The worker and the webhook processes, started once the main process has migrated the database.
 * `publicUrl` is the address the instance is reached at (N8N_WEBHOOK_URL): the trigger registers
 * its callback URLs there, whichever process activates it.
 */
export async function startQueueProcesses(
	log: Log,
	options: { runtime: N8nRuntime; userFolder: string; env: Record<string, string>; publicUrl: string },
): Promise<QueueProcesses> {
	const env = { ...options.env, N8N_WEBHOOK_URL: `${options.publicUrl}/`, N8N_EDITOR_BASE_URL: `${options.publicUrl}/` };
	/** The settings of the last `restartWith`, kept for every later start of these processes. */
	let extra: Record<string, string | null> = {};
	const start = (command: 'worker' | 'webhook', name: string, port?: number) =>
		startN8nProcess(log, { runtime: options.runtime, command, userFolder: options.userFolder, logFile: path.join(options.userFolder, `${name}.log`), env: { ...env, ...extra }, port });
	const started = await Promise.allSettled([
		start('worker', 'n8n-worker'),
		...Array.from({ length: WEBHOOK_PROCESSES }, (_, index) => start('webhook', `n8n-webhook-${index + 1}`)),
	]);
	const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
	let proxy: WebhookProxy | undefined;
	const stop = async () => {
		await proxy?.stop();
		await Promise.all(running.map((process) => process.stop()));
	};
	const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
	if (failed) {
		await stop();
		throw failed.reason as Error;
	}
	const [worker, ...webhooks] = running;
	try {
		proxy = await startWebhookProxy(log, webhooks.map((process) => process.port));
	} catch (error) {
		await stop();
		throw error;
	}
	const processes: QueueProcesses = {
		worker,
		webhooks,
		proxy,
		stop,
		stopWorker: async (how) => {
			// hard: SIGKILL at once, as a crash or `docker kill` would; graceful: n8n's own shutdown
			// (it waits up to N8N_GRACEFUL_SHUTDOWN_TIMEOUT, 30 s, for running executions).
			await log.step(`Stopping n8n's worker (${how})`, async () => await processes.worker.stop(how === 'hard' ? 0 : 45_000));
		},
		stopWebhooks: async () => {
			await log.step("Stopping n8n's webhook processes", async () => await Promise.all(processes.webhooks.map((process) => process.stop())));
		},
		startWebhooks: async () => {
			await log.step("Starting n8n's webhook processes again", async () => {
				const next = await Promise.all(processes.webhooks.map((previous, index) => start('webhook', `n8n-webhook-${index + 1}`, previous.port)));
				next.forEach((process, index) => (running[running.indexOf(processes.webhooks[index])] = process));
				processes.webhooks = next;
				// Up, but haproxy answers 503 until its health checks have seen one.
				await processes.proxy.untilPassing();
			});
		},
		restartWith: async (settings) => {
			// Stopped together and started together: each process boots on its own (the database and
			// Redis stay up), and a queue-mode restart is four boots.
			await Promise.all([processes.stopWebhooks(), processes.stopWorker('graceful')]);
			extra = settings;
			await Promise.all([processes.startWorker('kept'), processes.startWebhooks()]);
		},
		startWorker: async (eventLog) => {
			await log.step(`Starting n8n's worker again (event log ${eventLog})`, async () => {
				const previous = processes.worker;
				if (eventLog === 'fresh') log.info(`  moved away: ${moveWorkerEventLogs(options.userFolder).join(', ') || 'no event log'}`);
				const next = await start('worker', 'n8n-worker', previous.port);
				running[running.indexOf(previous)] = next;
				processes.worker = next;
			});
		},
	};
	return processes;
}
