/**
 * Which of the Print Store Trigger's files a callback, a catch-up and a clock tick cross, measured:
 * each runs once through n8n-core's contexts against a sandbox (test/helpers/trigger.ts, as the
 * engine suite runs the trigger), while V8 counts the calls of every function
 * (`Profiler.startPreciseCoverage`). A file is crossed when one of its functions ran during the walk;
 * what ran while the modules loaded, and the getters through which another file reads an export,
 * do not count. Prints a Markdown table; docs/development.md quotes it.
 *
 *   npx tsx scripts/walks.ts
 *
 * To compare with another commit, run it in a worktree of that commit (`git worktree add`, then
 * `npm ci` there, or a link to this checkout's node_modules).
 *
 * The walks (a trigger of the newest version, as added from the panel, with the store picked):
 * - a callback: one status record POSTed to the status URL, until its execution starts (the
 *   trigger starts for both callbacks of a change, so it waits for the other one first);
 * - a catch-up: the clock's signed request (`{"printStoreCatchUp": "run"}`, as after a publish),
 *   answered after reading the sandbox's store;
 * - a clock tick: the trigger's `trigger()` published, from just after the publish until its
 *   first tick has been answered: the clock's own files and the catch-up it asks for.
 */
import { Session } from 'node:inspector/promises';
import path from 'node:path';

process.env.N8N_LOG_LEVEL = process.env.N8N_LOG_LEVEL || 'silent';

const repository = path.resolve(__dirname, '..');
const TRIGGER = `${path.join(repository, 'nodes', 'PrintStoreTrigger')}${path.sep}`;

interface Coverage {
	result: Array<{ scriptId: string; url: string; functions: Array<{ functionName: string; ranges: Array<{ startOffset: number; endOffset: number; count: number }> }> }>;
}

const session = new Session();
const sources = new Map<string, string>();

function fileOf(url: string): string {
	return url.startsWith('file://') ? new URL(url).pathname : url;
}

/** The trigger's files any of whose own functions ran since the last call, relative to its folder. */
async function crossed(): Promise<string[]> {
	const { result } = (await session.post('Profiler.takePreciseCoverage')) as Coverage;
	const files = new Set<string>();
	for (const script of result) {
		const file = fileOf(script.url);
		if (!file.startsWith(TRIGGER)) continue;
		let source = sources.get(script.scriptId);
		if (source === undefined) {
			source = ((await session.post('Debugger.getScriptSource', { scriptId: script.scriptId })) as { scriptSource: string }).scriptSource;
			sources.set(script.scriptId, source);
		}
		const ran = script.functions.some(({ ranges: [own] }) => {
			if (!own || own.count === 0 || own.startOffset === 0) return false;
			// An export's getter (`name: () => name`, as the compiled module reads it to another file) is no crossing.
			return !/^\(\)\s*=>\s*[\w$]+$/.test(source.slice(own.startOffset, own.endOffset).trim());
		});
		if (ran) files.add(path.relative(TRIGGER, file).split(path.sep).join('/'));
	}
	return [...files].sort();
}

async function main(): Promise<void> {
	session.connect();
	await session.post('Debugger.enable');
	await session.post('Profiler.enable');
	await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
	// Node (and tsx) resolve `X.node` to the codex file `X.node.json` before `X.node.ts`: the node's code first, as jest does.
	const Module = (await import('node:module')).default as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
	const resolve = Module._resolveFilename;
	Module._resolveFilename = (request, ...rest) => (request.endsWith('.node') ? resolve(`${request}.ts`, ...rest) : resolve(request, ...rest));
	// As the engine suite loads them: the engine first.
	await import('../test/helpers/engine');
	const { startTrigger } = await import('../test/helpers/trigger');
	const { credentialsFor, startTestSandbox } = await import('../test/helpers/sandbox');
	const sandbox = await startTestSandbox();
	const credentials = await credentialsFor(sandbox);
	const newest = 3;
	const parameters = { enrichStoreId: sandbox.storeId };
	const rows: Array<[string, string[]]> = [];
	try {
		const callbackHost = await startTrigger({ credentials, typeVersion: newest, parameters });
		await crossed();
		const record = { OrderID: 'ord_walk', OrderNumber: 'PS-WALK', StatusID: 4, StatusDescription: 'Shipped', Timestamp: new Date().toISOString() };
		const delivery = await callbackHost.post('status', JSON.stringify(record), { query: `?secret=${encodeURIComponent(callbackHost.secret())}` });
		if (delivery.status !== 200 || !delivery.emitted) throw new Error(`the callback was not passed on: ${JSON.stringify(delivery)}`);
		rows.push(['a callback', await crossed()]);
		await callbackHost.close();

		const catchUpHost = await startTrigger({ credentials, typeVersion: newest, parameters });
		await crossed();
		const caughtUp = await catchUpHost.catchUp(true);
		if (caughtUp.status !== 200 || caughtUp.answer?.caughtUp !== true) throw new Error(`the catch-up did not run: ${JSON.stringify(caughtUp)}`);
		rows.push(['a catch-up', await crossed()]);
		await catchUpHost.close();

		const clockHost = await startTrigger({ credentials, typeVersion: newest, parameters });
		await clockHost.activate();
		await crossed();
		for (let waited = 0; waited < 30_000 && !clockHost.requests.some((request) => request.startsWith('POST')); waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
		// The tick is answered within moments of its request; the clock then waits for the next one.
		await new Promise((resolve) => setTimeout(resolve, 3000));
		if (clockHost.failures.length > 0 || clockHost.clockEmitted.length > 0) throw new Error('the clock tick failed');
		rows.push(['a clock tick', await crossed()]);
		await clockHost.deactivate();
		await clockHost.close();
	} finally {
		await sandbox.close();
	}
	const { readdirSync, readFileSync } = await import('node:fs');
	const all = readdirSync(TRIGGER, { recursive: true }).filter((entry) => String(entry).endsWith('.ts')).length;
	const lines = (files: string[]) => files.reduce((sum, file) => sum + readFileSync(path.join(TRIGGER, file), 'utf8').split('\n').length, 0);
	console.log(`The Print Store Trigger's files (${all}) each walk crosses, and their lines in all (${path.basename(repository)}):\n`);
	console.log('| walk | files | lines | which |');
	console.log('|---|---:|---:|---|');
	for (const [walk, files] of rows) console.log(`| ${walk} | ${files.length} | ${lines(files)} | ${files.map((file) => `\`${file}\``).join(', ')} |`);
}

main().then(
	() => process.exit(0),
	(error: unknown) => {
		console.error(error);
		process.exit(1);
	},
);
