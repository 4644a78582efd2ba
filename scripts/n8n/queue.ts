/**
 * n8n in queue mode, the way teams scale it: a main process (`n8n start`: editor, API, activation),
 * one worker (`n8n worker`: runs every execution) and two webhook processes (`n8n webhook`: take
 * production webhook calls and queue them), on PostgreSQL and Redis. Every process shares the user
 * folder (so they load the same installed package), the database, the queue and one encryption key;
 * each has its own port and task-broker port (server.ts gives each a free one).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';

import { startPostgres, startRedis, type Backend, type Postgres } from './backends';
import type { Log } from './log';
import type { N8nRuntime } from './runtime';
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

export interface QueueProcesses {
	worker: N8nProcess;
	webhooks: N8nProcess[];
	stop(): Promise<void>;
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
	const start = (command: 'worker' | 'webhook', name: string) =>
		startN8nProcess(log, { runtime: options.runtime, command, userFolder: options.userFolder, logFile: path.join(options.userFolder, `${name}.log`), env });
	const started = await Promise.allSettled([
		start('worker', 'n8n-worker'),
		...Array.from({ length: WEBHOOK_PROCESSES }, (_, index) => start('webhook', `n8n-webhook-${index + 1}`)),
	]);
	const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
	const stop = async () => {
		await Promise.all(running.map((process) => process.stop()));
	};
	const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
	if (failed) {
		await stop();
		throw failed.reason as Error;
	}
	const [worker, ...webhooks] = running;
	return { worker, webhooks, stop };
}
