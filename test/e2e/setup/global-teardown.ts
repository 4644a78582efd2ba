/** Stops n8n and the sandbox started by global-setup.ts, and removes the run's temporary folder. */
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

import { ARTIFACTS_DIR } from '../../../scripts/n8n/runtime';

export default async function globalTeardown(): Promise<void> {
	globalThis.printStoreE2eControl?.close();
	globalThis.printStoreE2eControl = undefined;
	const stack = globalThis.printStoreE2eStack;
	if (!stack) return;
	globalThis.printStoreE2eStack = undefined;
	// n8n's logs go with the screenshots, for looking into a failed run afterwards.
	const { mode, n8n } = stack.state();
	const suffix = mode === 'queue' ? '-queue' : n8n.version.startsWith('1.') ? '-n8n1' : '';
	const logs = [stack.n8n.logFile, ...(stack.queue ? [stack.queue.worker, ...stack.queue.webhooks].map((process) => process.logFile) : [])];
	mkdirSync(ARTIFACTS_DIR, { recursive: true });
	for (const log of logs) {
		try {
			const name = path.basename(log) === 'n8n.log' ? 'e2e-n8n' : `e2e-${path.basename(log, '.log')}`;
			copyFileSync(log, path.join(ARTIFACTS_DIR, `${name}${suffix}.log`));
		} catch {
			// no log to keep
		}
	}
	await stack.close();
}
