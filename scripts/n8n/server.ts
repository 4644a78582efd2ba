/**
 * `n8n start` on 127.0.0.1 with Node 24, a fresh user folder and free ports; nothing leaves the
 * machine (telemetry, templates, version checks and the MCP registry fetch are off).
 */
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import type { Log } from './log';
import { freePort, ManagedProcess, waitFor } from './process';
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
	/** More environment for n8n (wins over the defaults here). */
	env?: Record<string, string>;
	startTimeoutMs?: number;
}

/** Picks the port first, so the OAuth2 redirect URI is known before n8n (or the sandbox) starts. */
export async function reservePort(): Promise<number> {
	return await freePort();
}

export function oauthRedirectUriFor(port: number): string {
	return `http://127.0.0.1:${port}/rest/oauth2-credential/callback`;
}

export async function startN8n(log: Log, options: StartN8nOptions): Promise<N8nServer> {
	const port = options.port ?? (await freePort());
	const brokerPort = await freePort();
	const url = `http://127.0.0.1:${port}`;
	mkdirSync(options.userFolder, { recursive: true });
	const logFile = path.join(options.userFolder, 'n8n.log');
	const env = n8nChildEnv(options.runtime, {
		N8N_USER_FOLDER: options.userFolder,
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		N8N_EDITOR_BASE_URL: `${url}/`,
		N8N_WEBHOOK_URL: `${url}/`,
		// Plain http on 127.0.0.1: a Secure cookie would be refused by some browsers.
		N8N_SECURE_COOKIE: 'false',
		// The task runner's broker listens too; a fixed 5679 would clash with a second instance.
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_WHATS_NEW_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		// This module fetches a server list from api.n8n.io at start; there is no internet here.
		N8N_DISABLED_MODULES: 'mcp-registry',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '10',
		N8N_LOG_LEVEL: 'info',
		DB_TYPE: 'sqlite',
		...options.env,
	});

	const out = createWriteStream(logFile, { flags: 'a' });
	const n8n = new ManagedProcess(path.join(options.runtime.nodeBinDir, 'node'), [options.runtime.n8nEntry, 'start'], {
		cwd: options.userFolder,
		env,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	n8n.child.stdout!.pipe(out);
	n8n.child.stderr!.pipe(out);

	const logTail = (lines = 40) => {
		try {
			return readFileSync(logFile, 'utf8').trim().split('\n').slice(-lines).join('\n');
		} catch {
			return '(no log)';
		}
	};
	const stop = async () => {
		await n8n.stop();
		out.end();
	};

	try {
		await log.step(`Starting n8n ${options.runtime.version} on ${url} (log: ${logFile})`, async () => {
			const outcome = await waitFor(
				'n8n to answer /healthz/readiness',
				async () => {
					if (!n8n.running) return 'exited';
					const response = await fetch(`${url}/healthz/readiness`).catch(() => undefined);
					return response?.ok ? 'ready' : undefined;
				},
				{ timeoutMs: options.startTimeoutMs ?? 180_000, intervalMs: 500 },
			);
			if (outcome === 'exited') throw new Error('n8n exited before it was ready');
		});
	} catch (error) {
		await stop();
		throw new Error(`${(error as Error).message}\n--- n8n log (last lines) ---\n${logTail()}`);
	}
	return { url, port, pid: n8n.child.pid!, userFolder: options.userFolder, logFile, oauthRedirectUri: oauthRedirectUriFor(port), stop, logTail };
}
