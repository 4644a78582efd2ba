/**
 * Child processes that cannot leak: each long-running child gets its own process group, so stopping
 * it also stops what it spawned (n8n starts a task-runner process). A last-resort 'exit' hook kills
 * every group still alive when this process ends, also when a signal ends it.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createServer } from 'node:net';

const liveGroups = new Set<number>();
let exitHookInstalled = false;

function installExitHook() {
	if (exitHookInstalled) return;
	exitHookInstalled = true;
	process.on('exit', () => {
		for (const pid of liveGroups) killGroup(pid, 'SIGKILL');
	});
	// Node ends on these signals without 'exit' (e.g. jest stopped with Ctrl-C or kill, where its
	// global teardown never runs). Unless the program handles the signal itself (the demo and the
	// bench stop their stack gracefully), stop the children, then end as the signal asked.
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
		process.once(signal, () => {
			if (process.listenerCount(signal) > 0) return;
			for (const pid of liveGroups) killGroup(pid, 'SIGKILL');
			liveGroups.clear();
			process.kill(process.pid, signal);
		});
	}
}

function killGroup(pid: number, signal: NodeJS.Signals): boolean {
	try {
		process.kill(-pid, signal);
		return true;
	} catch {
		return false;
	}
}

export interface RunOptions {
	cwd?: string;
	env?: NodeJS.ProcessEnv;
	/** Called with each line of stdout and stderr as it arrives. */
	onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
}

export interface RunResult {
	code: number;
	stdout: string;
	stderr: string;
}

function lineSplitter(onLine: (line: string) => void) {
	let rest = '';
	return {
		push(chunk: Buffer | string) {
			rest += chunk.toString();
			const lines = rest.split(/\r?\n/);
			rest = lines.pop() ?? '';
			for (const line of lines) onLine(line);
		},
		end() {
			if (rest) onLine(rest);
			rest = '';
		},
	};
}

/** Runs a command to completion; rejects with its output when it exits non-zero. */
export async function run(command: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
	installExitHook();
	const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
	if (child.pid) liveGroups.add(child.pid);
	let stdout = '';
	let stderr = '';
	const out = lineSplitter((line) => options.onLine?.(line, 'stdout'));
	const err = lineSplitter((line) => options.onLine?.(line, 'stderr'));
	child.stdout!.on('data', (chunk) => {
		stdout += chunk;
		out.push(chunk);
	});
	child.stderr!.on('data', (chunk) => {
		stderr += chunk;
		err.push(chunk);
	});
	const code = await new Promise<number>((resolve, reject) => {
		child.on('error', reject);
		child.on('close', (exitCode, signal) => resolve(exitCode ?? (signal ? 128 : 1)));
	}).finally(() => {
		if (child.pid) liveGroups.delete(child.pid);
		out.end();
		err.end();
	});
	if (code !== 0) {
		const tail = (stderr || stdout).trim().split('\n').slice(-20).join('\n');
		throw new Error(`${command} ${args.join(' ')} exited with ${code}\n${tail}`);
	}
	return { code, stdout, stderr };
}

/** A long-running child in its own process group. */
export class ManagedProcess {
	readonly child: ChildProcess;
	readonly exited: Promise<number | null>;
	private exitCode: number | null | undefined;

	constructor(command: string, args: string[], options: SpawnOptions) {
		installExitHook();
		this.child = spawn(command, args, { ...options, detached: true });
		if (!this.child.pid) throw new Error(`Could not start ${command}`);
		liveGroups.add(this.child.pid);
		this.exited = new Promise((resolve) => {
			this.child.on('exit', (code) => {
				this.exitCode = code;
				resolve(code);
			});
			this.child.on('error', () => {
				this.exitCode = null;
				resolve(null);
			});
		});
	}

	get running(): boolean {
		return this.exitCode === undefined;
	}

	/** SIGTERM to the whole group, then SIGKILL if it is not gone within graceMs (0: SIGKILL at once, a crash). */
	async stop(graceMs = 15_000): Promise<void> {
		const pid = this.child.pid!;
		if (this.running && graceMs <= 0) {
			killGroup(pid, 'SIGKILL');
			await this.exited;
		} else if (this.running) {
			killGroup(pid, 'SIGTERM');
			const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), graceMs).unref());
			if ((await Promise.race([this.exited, timer])) === 'timeout') {
				killGroup(pid, 'SIGKILL');
				await this.exited;
			}
		}
		// Children the leader left behind (e.g. a task runner) go too.
		killGroup(pid, 'SIGKILL');
		liveGroups.delete(pid);
	}
}

/** `preferred` when it is free on 127.0.0.1, else any free port. */
export async function preferredPort(preferred: number): Promise<number> {
	return await freePort(preferred).catch(() => freePort());
}

/** A TCP port that was free on 127.0.0.1 a moment ago (0: any). */
export async function freePort(port = 0): Promise<number> {
	return await new Promise((resolve, reject) => {
		const server = createServer();
		server.unref();
		server.on('error', reject);
		server.listen(port, '127.0.0.1', () => {
			const address = server.address();
			const port = typeof address === 'object' && address ? address.port : 0;
			server.close(() => resolve(port));
		});
	});
}

/**
 * A free port held open until `release()`: while it is held, no server of this process listening on
 * port 0 (the sandbox, say) can be given it by the system. `preferred` when it is free, else any.
 */
export async function holdPort(preferred = 0): Promise<{ port: number; release: () => Promise<void> }> {
	return await holdAt(preferred).catch(async () => await holdAt(0));
}

async function holdAt(port: number): Promise<{ port: number; release: () => Promise<void> }> {
	return await new Promise((resolve, reject) => {
		const server = createServer();
		server.unref();
		server.on('error', reject);
		server.listen(port, '127.0.0.1', () => {
			const address = server.address();
			const port = typeof address === 'object' && address ? address.port : 0;
			resolve({ port, release: () => new Promise<void>((done) => server.close(() => done())) });
		});
	});
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls until check() returns a value other than undefined, or throws after timeoutMs. */
export async function waitFor<T>(
	what: string,
	check: () => Promise<T | undefined>,
	{ timeoutMs = 60_000, intervalMs = 250 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	let lastError: unknown;
	for (;;) {
		try {
			const value = await check();
			if (value !== undefined) return value;
		} catch (error) {
			lastError = error;
		}
		if (Date.now() > deadline) {
			const reason = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
			throw new Error(`Timed out after ${timeoutMs / 1000}s waiting for ${what}${reason}`);
		}
		await sleep(intervalMs);
	}
}
