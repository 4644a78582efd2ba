/** The machine a run measured, for the header of every report. */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

import type { N8nRuntime } from '../../scripts/n8n/runtime';

export interface Machine {
	date: string;
	cpuModel: string;
	cores: number;
	memoryGiB: number;
	os: string;
	benchNode: string;
	n8nNode?: string;
	n8nVersion?: string;
}

export function describeMachine(runtime?: N8nRuntime): Machine {
	const cpus = os.cpus();
	return {
		date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
		cpuModel: cpus[0]?.model.trim() ?? 'unknown',
		cores: cpus.length,
		memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
		os: `${os.type()} ${os.release()} ${os.arch()}`,
		benchNode: process.version,
		n8nNode: runtime ? execFileSync(path.join(runtime.nodeBinDir, 'node'), ['--version'], { encoding: 'utf8' }).trim() : undefined,
		n8nVersion: runtime?.version,
	};
}

export function machineLines(machine: Machine): string[] {
	return [
		`- Date: ${machine.date}`,
		`- CPU: ${machine.cpuModel}, ${machine.cores} cores; memory ${machine.memoryGiB} GiB; ${machine.os}`,
		`- n8n ${machine.n8nVersion ?? '(not started)'} on Node ${machine.n8nNode ?? '-'}; benchmark driver, sandbox and plain client on Node ${machine.benchNode}`,
	];
}
