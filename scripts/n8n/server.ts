/**
 * n8n processes on 127.0.0.1 with a fresh user folder and free ports; nothing leaves the machine
 * (telemetry, templates, version checks and the MCP registry fetch are off). `n8n start` for one
 * instance (or the main process of queue mode), and the same recipe for `n8n worker` and
 * `n8n webhook` (queue.ts).
 */
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import type { Log } from './log';
import { freePort, ManagedProcess, waitFor } from './process';
import { UNVERIFIED_ALLOWED } from './n8n3';
import { n8nChildEnv, type N8nRuntime } from './runtime';

export interface N8nServer {
	/** http://127.0.0.1:<port> without a trailing slash */
	url: string;
	port: number;
	/** The n8n main process (its task runner is a child of it), e.g. for reading /proc/<pid>/status. */
	pid: number;
	userFolder: string;
	logFile: string;
	/** n8n's OAuth2 redirect URI, which the authorization server must accept. */
	oauthRedirectUri: string;
	stop(): Promise<void>;
	/** The last lines of n8n's log, for error messages. */
	logTail(lines?: number): string;
}

export interface StartN8nOptions {
	runtime: N8nRuntime;
	userFolder: string;
	/** Default: a free port. */
	port?: number;
	/** More environment for n8n (wins over the defaults here; null leaves a setting unset). */
	env?: Record<string, string | null>;
	startTimeoutMs?: number;
}

export function oauthRedirectUriFor(port: number): string {
	return `http://127.0.0.1:${port}/rest/oauth2-credential/callback`;
}

/** One running n8n process: `n8n start`, `n8n worker` or `n8n webhook`. */
export interface N8nProcess {
	command: 'start' | 'worker' | 'webhook';
	/** http://127.0.0.1:<port>: the editor and webhooks (start), webhooks (webhook), health checks (worker). */
	url: string;
	port: number;
	pid: number;
	logFile: string;
	/** SIGTERM (n8n shuts down), then SIGKILL after `graceMs` (default 15 s; 0: SIGKILL at once). */
	stop(graceMs?: number): Promise<void>;
	logTail(lines?: number): string;
}

export interface StartN8nProcessOptions {
	runtime: N8nRuntime;
	command: N8nProcess['command'];
	userFolder: string;
	/** Where its output goes (default: <userFolder>/n8n.log). */
	logFile?: string;
	port?: number;
	/** Settings of this process (win over the defaults here; null leaves a setting unset). */
	env?: Record<string, string | null>;
	startTimeoutMs?: number;
}

/** The settings every n8n process of this project gets: loopback only, nothing sent out. */
function baseEnv(runtime: N8nRuntime, url: string, port: number, brokerPort: number, userFolder: string): Record<string, string> {
	return {
		N8N_USER_FOLDER: userFolder,
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		N8N_EDITOR_BASE_URL: `${url}/`,
		N8N_WEBHOOK_URL: `${url}/`,
		// Plain http on 127.0.0.1: a Secure cookie would be refused by some browsers.
		N8N_SECURE_COOKIE: 'false',
		// Every n8n process starts a task broker; a fixed 5679 would clash with a second process.
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_WHATS_NEW_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		// This 2.x module fetches a server list from api.n8n.io at start; there is no internet here.
		// (1.x has no such module and refuses to start when an unknown one is named.)
		...(runtime.major >= 2 ? { N8N_DISABLED_MODULES: 'mcp-registry' } : {}),
		// As README.md says until n8n verifies the package (scripts/n8n/n8n3.ts).
		...UNVERIFIED_ALLOWED,
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '10',
		N8N_LOG_LEVEL: 'info',
		DB_TYPE: 'sqlite',
	};
}

/** Starts one n8n process and waits until it answers its health check (or fails with its log). */
export async function startN8nProcess(log: Log, options: StartN8nProcessOptions): Promise<N8nProcess> {
	const port = options.port ?? (await freePort());
	const url = `http://127.0.0.1:${port}`;
	mkdirSync(options.userFolder, { recursive: true });
	const logFile = options.logFile ?? path.join(options.userFolder, 'n8n.log');
	const worker = options.command === 'worker';
	const env = n8nChildEnv(options.runtime, {
		...baseEnv(options.runtime, url, port, await freePort(), options.userFolder),
		// A worker has no web server of its own; its health endpoint stands in for readiness.
		...(worker ? { QUEUE_HEALTH_CHECK_ACTIVE: 'true', QUEUE_HEALTH_CHECK_PORT: String(port), N8N_WORKER_SERVER_ADDRESS: '127.0.0.1' } : {}),
		...options.env,
	});

	// n8n 1.x's main process answers /rest/settings before its startup has finished: its execution
	// recovery runs after that, and marks as crashed an execution that a webhook resumed in between
	// (seen with a callback arriving right after a restart). It prints this line once started.
	const startedLine = 'Editor is now accessible via';
	const startsLogged = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8').split(startedLine).length - 1 : 0);
	const startsBefore = startsLogged();
	const out = createWriteStream(logFile, { flags: 'a' });
	const child = new ManagedProcess(path.join(options.runtime.nodeBinDir, 'node'), [options.runtime.n8nEntry, options.command], {
		cwd: options.userFolder,
		env,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	child.child.stdout!.pipe(out);
	child.child.stderr!.pipe(out);

	const logTail = (lines = 40) => {
		try {
			return readFileSync(logFile, 'utf8').trim().split('\n').slice(-lines).join('\n');
		} catch {
			return '(no log)';
		}
	};
	const stop = async (graceMs?: number) => {
		await child.stop(graceMs);
		out.end();
	};
	// Readiness: /healthz/readiness answers once the database is up. n8n 1.x answers it (and every
	// /rest call, with 200 "n8n is starting up") before its REST API is mounted, so its main process
	// is ready when /rest/settings answers JSON; its worker has /healthz only.
	const health = options.runtime.major >= 2 ? '/healthz/readiness' : worker ? '/healthz' : options.command === 'start' ? '/rest/settings' : '/healthz/readiness';
	const ready = (response: Response | undefined) =>
		response?.ok === true &&
		(health !== '/rest/settings' || ((response.headers.get('content-type') ?? '').includes('json') && startsLogged() > startsBefore));

	try {
		await log.step(`Starting n8n ${options.runtime.version} (${options.command}) on ${url} (log: ${logFile})`, async () => {
			const outcome = await waitFor(
				`n8n (${options.command}) to answer ${health}`,
				async () => {
					if (!child.running) return 'exited';
					const response = await fetch(`${url}${health}`).catch(() => undefined);
					return ready(response) ? 'ready' : undefined;
				},
				{ timeoutMs: options.startTimeoutMs ?? 180_000, intervalMs: 500 },
			);
			if (outcome === 'exited') throw new Error(`n8n (${options.command}) exited before it was ready`);
		});
	} catch (error) {
		await stop();
		throw new Error(`${(error as Error).message}\n--- n8n ${options.command} log (last lines) ---\n${logTail()}`);
	}
	return { command: options.command, url, port, pid: child.child.pid!, logFile, stop, logTail };
}

export async function startN8n(log: Log, options: StartN8nOptions): Promise<N8nServer> {
	const started = await startN8nProcess(log, { ...options, command: 'start' });
	return {
		url: started.url,
		port: started.port,
		pid: started.pid,
		userFolder: options.userFolder,
		logFile: started.logFile,
		oauthRedirectUri: oauthRedirectUriFor(started.port),
		stop: started.stop,
		logTail: started.logTail,
	};
}
