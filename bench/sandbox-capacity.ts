/**
 * Capacity of the sandbox: order creates per second at concurrency 32 over loopback, for batches of
 * 1 and of 100 items, against a named peer measured in the same run: a bare Fastify route that parses
 * the same JSON body and answers a JSON array (the framework's ceiling on this machine).
 *
 * The server runs in a child process so the load generator does not steal its event loop.
 * Usage: npm run bench:sandbox [-- --duration 5 --concurrency 32]
 */
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { startSandbox } from '../sandbox/server';

interface Target {
	url: string;
	headers: Record<string, string>;
	controlUrl?: string;
}

const REQUIRED_SINGLE_CREATES_PER_SECOND = 2000;

function item(n: number) {
	return {
		PartnerOrderReference: `bench-${n}`,
		Product: { ID: 'postcard-4x6', Quantity: 250, DeliveryMethod: 'Standard' },
		Recipient: {
			NameFirst: 'Pat',
			NameLast: 'Jones',
			AddressLine1: '1 Main Street',
			City: 'Springfield',
			Province: 'IL',
			Postalcode: '62701',
			Country: 'US',
			RecipientKey: `r-${n}`,
		},
	};
}

const batch = (size: number) => Buffer.from(JSON.stringify({ Items: Array.from({ length: size }, (_, i) => item(i)) }));

// ---------------------------------------------------------------- child: the servers under test
async function serve(kind: string): Promise<void> {
	if (kind === 'sandbox') {
		const sandbox = await startSandbox({ port: 0, control: true });
		const target: Target = {
			url: `${sandbox.apiUrl}/store/${sandbox.storeId}/order`,
			headers: {
				'Ocp-Apim-Subscription-Key': sandbox.subscriptionKey,
				Authorization: `Bearer ${sandbox.tokens.accessToken}`,
			},
			controlUrl: `${sandbox.baseUrl}/_sandbox`,
		};
		process.send!(target);
	} else {
		const app = Fastify({ bodyLimit: 1024 * 1024 });
		app.post('/echo', async (request) => {
			const items = (request.body as { Items: unknown[] }).Items;
			return items.map((details, i) => ({ ID: `peer_${i}`, StatusID: 1, OrderDetails: details }));
		});
		await app.listen({ port: 0, host: '127.0.0.1' });
		const port = (app.server.address() as { port: number }).port;
		process.send!({ url: `http://127.0.0.1:${port}/echo`, headers: {} } satisfies Target);
	}
}

// ---------------------------------------------------------------- parent: load generator
function startServer(kind: string): Promise<{ child: ChildProcess; target: Target }> {
	return new Promise((resolve, reject) => {
		const child = fork(__filename, ['--serve', kind], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
		child.once('message', (target) => resolve({ child, target: target as Target }));
		child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
	});
}

interface RunResult {
	requests: number;
	errors: number;
	seconds: number;
	latenciesMs: number[];
}

async function run(target: Target, body: Buffer, concurrency: number, seconds: number): Promise<RunResult> {
	const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
	const url = new URL(target.url);
	const headers = { ...target.headers, 'Content-Type': 'application/json', 'Content-Length': String(body.length) };
	const send = () =>
		new Promise<number>((resolve) => {
			const req = http.request(
				{ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent, headers },
				(res) => {
					res.on('data', () => undefined);
					res.on('end', () => resolve(res.statusCode ?? 0));
				},
			);
			req.on('error', () => resolve(0));
			req.end(body);
		});
	const result: RunResult = { requests: 0, errors: 0, seconds, latenciesMs: [] };
	const deadline = Date.now() + seconds * 1000;
	const started = process.hrtime.bigint();
	await Promise.all(
		Array.from({ length: concurrency }, async () => {
			while (Date.now() < deadline) {
				const t0 = process.hrtime.bigint();
				const status = await send();
				result.latenciesMs.push(Number(process.hrtime.bigint() - t0) / 1e6);
				if (status === 200) result.requests++;
				else result.errors++;
			}
		}),
	);
	result.seconds = Number(process.hrtime.bigint() - started) / 1e9;
	agent.destroy();
	return result;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function main(): Promise<void> {
	const { values } = parseArgs({
		options: { serve: { type: 'string' }, duration: { type: 'string' }, concurrency: { type: 'string' } },
	});
	if (values.serve) return serve(values.serve);
	const seconds = Number(values.duration ?? 5);
	const concurrency = Number(values.concurrency ?? 32);

	const cases = [
		{ name: 'peer: bare Fastify JSON echo, 1 item', kind: 'peer', size: 1 },
		{ name: 'sandbox create, batch of 1', kind: 'sandbox', size: 1 },
		{ name: 'peer: bare Fastify JSON echo, 100 items', kind: 'peer', size: 100 },
		{ name: 'sandbox create, batch of 100', kind: 'sandbox', size: 100 },
	];
	const rows: Array<{ name: string; size: number; rps: number; ordersPerSecond: number; p50: number; p99: number; errors: number; verified?: number }> = [];
	process.stdout.write(`Sandbox capacity: loopback, concurrency ${concurrency}, ${seconds} s per run (+1 s warm-up), server in a child process\n`);
	for (const c of cases) {
		const { child, target } = await startServer(c.kind);
		try {
			const body = batch(c.size);
			await run(target, body, concurrency, 1); // warm-up: JIT, connections
			let before = 0;
			if (target.controlUrl) before = ((await (await fetch(`${target.controlUrl}/counts`)).json()) as { total: number }).total;
			const result = await run(target, body, concurrency, seconds);
			let verified: number | undefined;
			if (target.controlUrl) {
				const after = ((await (await fetch(`${target.controlUrl}/counts`)).json()) as { total: number }).total;
				verified = after - before;
			}
			const sorted = result.latenciesMs.sort((a, b) => a - b);
			const rps = result.requests / result.seconds;
			rows.push({ name: c.name, size: c.size, rps, ordersPerSecond: rps * c.size, p50: percentile(sorted, 50), p99: percentile(sorted, 99), errors: result.errors, verified });
			process.stdout.write(`  measured: ${c.name}\n`);
		} finally {
			child.kill('SIGTERM');
		}
	}

	const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
	const header = '| Run | Requests/s | Items/s (creates/s) | p50 ms | p99 ms | Errors | Orders counted by sandbox | vs peer (same batch) |';
	const lines = [header, '|---|---:|---:|---:|---:|---:|---:|---:|'];
	for (const row of rows) {
		const peer = rows.find((r) => r.name.startsWith('peer') && r.size === row.size)!;
		lines.push(
			`| ${row.name} | ${fmt(row.rps)} | ${fmt(row.ordersPerSecond)} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.errors} | ${row.verified === undefined ? '-' : fmt(row.verified)} | ${(row.rps / peer.rps).toFixed(2)}x |`,
		);
	}
	process.stdout.write(`\n${lines.join('\n')}\n\n`);
	const single = rows.find((r) => r.name === 'sandbox create, batch of 1')!;
	const verdict = single.ordersPerSecond >= REQUIRED_SINGLE_CREATES_PER_SECOND ? 'PASS' : 'FAIL';
	process.stdout.write(
		`${verdict}: ${fmt(single.ordersPerSecond)} single-item creates/s (required >= ${fmt(REQUIRED_SINGLE_CREATES_PER_SECOND)})\n`,
	);
	if (verdict === 'FAIL') process.exitCode = 1;
}

void main().catch((error) => {
	process.stderr.write(`${(error as Error).stack}\n`);
	process.exit(1);
});
