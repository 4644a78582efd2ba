/**
 * Import first in a suite that checks log lines: turns n8n-core's logger on at debug level
 * (setup-env.js silences it elsewhere), writing to a log file of this run, and reads every line
 * back for secret checks. Console and stderr lines are kept too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'print-store-logs-')), 'n8n.log');
process.env.N8N_LOG_LEVEL = 'debug';
process.env.N8N_LOG_OUTPUT = 'file';
process.env.N8N_LOG_FILE_LOCATION = logFile;

const consoleLines: string[] = [];
const text = (args: unknown[]) =>
	args.map((arg) => (typeof arg === 'string' ? arg : (JSON.stringify(arg) ?? String(arg)))).join(' ');
for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
	console[method] = (...args: unknown[]) => void consoleLines.push(text(args));
}

/** Every line logged so far: n8n's log file and the console. */
export function logLines(): string[] {
	const fileLines = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n').filter(Boolean) : [];
	return [...fileLines, ...consoleLines];
}
