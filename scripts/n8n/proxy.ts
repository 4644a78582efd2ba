/**
 * The load balancer of the queue-mode setup: Debian's haproxy (scripts/ensure-haproxy.sh) in front
 * of the webhook processes. Production webhooks (`/webhook/...`) go round robin, as a plain load
 * balancer would send them, except two kinds of call that go to one webhook process, chosen by
 * hashing the path up to its second segment:
 * - an execution's resume calls (`/webhook-waiting/<execution ID>/...`, and `/form-waiting/...`),
 *   so that two calls of one execution never race in two processes;
 * - a Print Store Trigger's callbacks (`/webhook/<webhook ID>/status` and `/details`), so that the
 *   two callbacks of one status change meet in one process and start one execution.
 * docs/queue-mode.md ("One webhook process per execution and per trigger") shows this same configuration.
 */
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { Log } from './log';
import { freePort, ManagedProcess, run, waitFor } from './process';
import { REPO_ROOT } from './runtime';

export interface WebhookProxy {
	/** http://127.0.0.1:<port>, the address the service is given (N8N_WEBHOOK_URL in a deployment). */
	url: string;
	port: number;
	config: string;
	stop(): Promise<void>;
	/** Resolves once haproxy passes a call to a webhook process again (its health checks mark a new one up within seconds). */
	untilPassing(): Promise<void>;
}

/**
 * haproxy's configuration: `balance uri depth 2` hashes `/webhook-waiting/<execution ID>` and
 * `/webhook/<webhook ID>` (the path without its query, cut after two slashes), `hash-type
 * consistent` keeps every other execution and trigger on its process when one process goes away.
 */
export function proxyConfig(port: number, webhookPorts: number[]): string {
	const servers = webhookPorts.map((webhookPort, index) => `    server webhook-${index + 1} 127.0.0.1:${webhookPort} check`).join('\n');
	return `global
    log stdout format raw local0 info

defaults
    mode http
    log global
    option httplog
    timeout connect 5s
    timeout client 120s
    timeout server 120s

frontend n8n-webhooks
    bind 127.0.0.1:${port}
    acl resume_call path_beg /webhook-waiting/ /form-waiting/
    acl print_store_callback path_reg ^/webhook/[^/]+/([^/]+/)?(status|details)(/|$)
    use_backend by-path if resume_call || print_store_callback
    default_backend round-robin

backend by-path
    balance uri depth 2
    hash-type consistent
    option httpchk GET /healthz
${servers}

backend round-robin
    balance roundrobin
    option httpchk GET /healthz
${servers}
`;
}

export async function startWebhookProxy(log: Log, webhookPorts: number[]): Promise<WebhookProxy> {
	return await log.step("Starting the webhook processes' load balancer (Debian's haproxy)", async () => {
		const { stdout } = await run('bash', [path.join(REPO_ROOT, 'scripts', 'ensure-haproxy.sh')], {
			onLine: (line, stream) => stream === 'stderr' && log.info(`  ${line}`),
		});
		const binary = stdout.trim().split('\n').pop()!.trim();
		const dir = mkdtempSync(path.join(os.tmpdir(), 'print-store-haproxy-'));
		const port = await freePort();
		const config = proxyConfig(port, webhookPorts);
		const configFile = path.join(dir, 'haproxy.cfg');
		const logFile = path.join(dir, 'haproxy.log');
		writeFileSync(configFile, config);
		const out = createWriteStream(logFile, { flags: 'a' });
		// -db: stay in the foreground, so stopping the child stops haproxy.
		const child = new ManagedProcess(binary, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
		child.child.stdout!.pipe(out);
		child.child.stderr!.pipe(out);
		const url = `http://127.0.0.1:${port}`;
		const stop = async () => {
			await child.stop();
			out.end();
			rmSync(dir, { recursive: true, force: true });
		};
		const ready = await waitFor(
			'haproxy to pass a call to a webhook process',
			async () => {
				if (!child.running) return 'exited';
				const answer = await fetch(`${url}/healthz`).catch(() => undefined);
				return answer?.ok ? 'ready' : undefined;
			},
			{ timeoutMs: 30_000, intervalMs: 200 },
		).catch((error: Error) => error);
		if (ready !== 'ready') {
			const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').trim().split('\n').slice(-20).join('\n') : '(no log)';
			await stop();
			throw new Error(`haproxy did not start: ${ready instanceof Error ? ready.message : 'it exited'}\n${tail}`);
		}
		log.info(`  haproxy on ${url}: /webhook-waiting/<execution ID> by execution, /webhook/ round robin, over ports ${webhookPorts.join(', ')}`);
		const untilPassing = async () => {
			await waitFor('haproxy to pass a call to a webhook process', async () => ((await fetch(`${url}/healthz`).catch(() => undefined))?.ok ? true : undefined), {
				timeoutMs: 30_000,
				intervalMs: 200,
			});
		};
		return { url, port, config, stop, untilPassing };
	});
}
