/**
 * Progress lines for slow steps. Every line goes to stderr, so a caller's stdout stays clean for
 * what it prints on purpose (the demo's summary). A step that runs longer than the heartbeat
 * prints "still ..." lines, so a first provisioning (minutes) never looks hung.
 */

export interface Log {
	info(message: string): void;
	step<T>(title: string, run: () => Promise<T>): Promise<T>;
}

const HEARTBEAT_MS = 15_000;

function seconds(ms: number): string {
	return `${(ms / 1000).toFixed(1)}s`;
}

export function createLog(prefix = 'print-store', write: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): Log {
	const started = Date.now();
	const stamp = () => `[${prefix} +${seconds(Date.now() - started)}]`;
	return {
		info(message) {
			write(`${stamp()} ${message}`);
		},
		async step(title, run) {
			const stepStarted = Date.now();
			write(`${stamp()} ${title}...`);
			const heartbeat = setInterval(() => write(`${stamp()}   ${title}: still working (${seconds(Date.now() - stepStarted)})`), HEARTBEAT_MS);
			heartbeat.unref();
			try {
				const result = await run();
				write(`${stamp()} ${title}: done in ${seconds(Date.now() - stepStarted)}`);
				return result;
			} catch (error) {
				write(`${stamp()} ${title}: FAILED after ${seconds(Date.now() - stepStarted)}`);
				throw error;
			} finally {
				clearInterval(heartbeat);
			}
		},
	};
}

/** For callers that want no progress output (e.g. a quiet test). */
export const silentLog: Log = {
	info() {},
	step: (_title, run) => run(),
};
