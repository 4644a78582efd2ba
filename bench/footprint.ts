/**
 * Benchmark 3, footprint: the packed tarball (size, file count, unpacked size) and the time to
 * require the built node and credential files in a fresh Node process, the n8n runtime's Node 24,
 * with n8n-workflow already loaded as it is in n8n. The peer is packed and required the same way:
 * n8n-nodes-transcript-lol, a popular community package of the same shape (an action node, a
 * trigger node and an OAuth2 credential) with no runtime dependencies, taken from the npm registry.
 * Information, not a target: the package is published readable, one .js per source file (the size
 * target that once made it one minified bundle is withdrawn), so the numbers say what that costs.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

import type { Log } from '../scripts/n8n/log';
import { buildAndPack } from '../scripts/n8n/package';
import { run } from '../scripts/n8n/process';
import { withoutNpmVariables, type N8nRuntime } from '../scripts/n8n/runtime';
import type { Section } from './lib/report';
import { fixed, markdownTable, ratio, spread, summarize } from './lib/stats';

export const FOOTPRINT_PEER = 'n8n-nodes-transcript-lol@0.3.3';
const WORK_DIR = path.join(__dirname, '.runs', 'footprint');

export interface FootprintOptions {
	runtime: N8nRuntime;
	repetitions: number;
}

interface Packed {
	name: string;
	tarball: string;
	dir: string;
	bytes: number;
	files: number;
	unpackedBytes: number;
}

/** Loads what n8n loads from a community package (package.json "n8n" section), timed; prints JSON. */
const REQUIRE_CHILD = `
const path = require('node:path');
const dir = process.argv[1];
const manifest = require(path.join(dir, 'package.json'));
require('n8n-workflow');
const files = [...manifest.n8n.nodes, ...(manifest.n8n.credentials || [])].map((file) => path.join(dir, file));
const t0 = process.hrtime.bigint();
const modules = files.map((file) => require(file));
const t1 = process.hrtime.bigint();
for (const exported of modules) for (const value of Object.values(exported)) if (typeof value === 'function') new value();
const t2 = process.hrtime.bigint();
process.stdout.write(JSON.stringify({ requireMs: Number(t1 - t0) / 1e6, instantiateMs: Number(t2 - t1) / 1e6, files: files.length }));
`;

function unpack(name: string, tarball: string): Packed {
	const dir = path.join(WORK_DIR, name);
	rmSync(dir, { recursive: true, force: true });
	mkdirSync(dir, { recursive: true });
	execFileSync('tar', ['-xzf', tarball, '-C', dir]);
	const root = path.join(dir, 'package');
	let files = 0;
	let unpackedBytes = 0;
	const walk = (folder: string) => {
		for (const entry of readdirSync(folder, { withFileTypes: true })) {
			const full = path.join(folder, entry.name);
			if (entry.isDirectory()) walk(full);
			else {
				files++;
				unpackedBytes += statSync(full).size;
			}
		}
	};
	walk(root);
	return { name, tarball, dir: root, bytes: statSync(tarball).size, files, unpackedBytes };
}

/** The peer's published tarball, fetched once from the registry and kept in bench/.runs. */
async function peerTarball(log: Log): Promise<string> {
	const folder = path.join(WORK_DIR, 'peer-tarball');
	mkdirSync(folder, { recursive: true });
	const existing = readdirSync(folder).find((file) => file.endsWith('.tgz'));
	if (existing) return path.join(folder, existing);
	return await log.step(`Fetching the peer's tarball (npm pack ${FOOTPRINT_PEER})`, async () => {
		const { stdout } = await run('npm', ['pack', FOOTPRINT_PEER, '--json', '--pack-destination', folder], { cwd: folder, env: withoutNpmVariables(process.env) });
		const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as Array<{ filename: string }>;
		return path.join(folder, packed.filename);
	});
}

function timeRequire(runtime: N8nRuntime, packed: Packed) {
	const out = execFileSync(path.join(runtime.nodeBinDir, 'node'), ['-e', REQUIRE_CHILD, packed.dir], {
		env: { PATH: process.env.PATH, NODE_PATH: path.join(runtime.dir, 'node_modules') },
		encoding: 'utf8',
	});
	return JSON.parse(out) as { requireMs: number; instantiateMs: number; files: number };
}

export async function benchFootprint(options: FootprintOptions, log: Log): Promise<Section> {
	mkdirSync(WORK_DIR, { recursive: true });
	const ours = unpack('ours', await buildAndPack(log, path.join(WORK_DIR, 'ours-tarball')));
	const peer = unpack('peer', await peerTarball(log));
	const timings = new Map<Packed, Array<{ requireMs: number; instantiateMs: number }>>([
		[ours, []],
		[peer, []],
	]);
	await log.step(`Requiring each package's nodes and credentials in ${options.repetitions} fresh Node processes each`, async () => {
		for (let index = 0; index < options.repetitions; index++) {
			// Alternating, so a busy moment of the machine hits both.
			for (const packed of index % 2 ? [peer, ours] : [ours, peer]) timings.get(packed)!.push(timeRequire(options.runtime, packed));
		}
	});
	if (!existsSync(ours.tarball)) throw new Error('our tarball vanished');

	const summary = (packed: Packed) => ({
		require: summarize(timings.get(packed)!.map((t) => t.requireMs)),
		total: summarize(timings.get(packed)!.map((t) => t.requireMs + t.instantiateMs)),
	});
	const [oursTime, peerTime] = [summary(ours), summary(peer)];
	const row = (label: string, packed: Packed, time: ReturnType<typeof summary>) => [
		label,
		`${fixed(packed.bytes / 1000, 1)} kB (${packed.bytes.toLocaleString('en-US')} bytes)`,
		String(packed.files),
		`${fixed(packed.unpackedBytes / 1000, 1)} kB`,
		spread(time.require, 2),
		spread(time.total, 2),
	];
	const table = markdownTable(
		['Package', 'Tarball', 'Files', 'Unpacked', 'Require, ms', 'Require + instantiate, ms'],
		[row('n8n-nodes-print-store (this package)', ours, oursTime), row(`${FOOTPRINT_PEER} (peer)`, peer, peerTime)],
	);
	const ratios = markdownTable(
		['This package / peer', 'Value'],
		[
			['Tarball size', ratio(ours.bytes / peer.bytes, 2)],
			['Files', ratio(ours.files / peer.files, 2)],
			['Require time', ratio(oursTime.require.median / peerTime.require.median, 2)],
			['Require + instantiate time', ratio(oursTime.total.median / peerTime.total.median, 2)],
		],
	);
	return {
		id: 'footprint',
		title: `3. Footprint (${options.repetitions} fresh processes per package)`,
		body: [
			table,
			'',
			ratios,
			'',
			`Require: the files listed in package.json's "n8n" section (nodes and credentials), in a fresh Node ${execFileSync(path.join(options.runtime.nodeBinDir, 'node'), ['--version'], { encoding: 'utf8' }).trim()} process,`,
			"after n8n-workflow is loaded (n8n has it loaded before any community package). Instantiate: `new` on every exported class, as n8n's",
			'loader does to read the descriptions. Both tarballs are unpacked the same way; the peer is the tarball the registry serves.',
			'These numbers are information, not targets: the package ships one readable .js per source file, so that a stack trace in',
			"an n8n log names the package's own files and functions.",
		].join('\n'),
		targets: [],
		data: { ours, peer, timings: { ours: timings.get(ours), peer: timings.get(peer) } },
	};
}
