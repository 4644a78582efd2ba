/** Stops n8n and the sandbox started by global-setup.ts, and removes the run's temporary folder. */
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

import { ARTIFACTS_DIR } from '../../../scripts/n8n/runtime';

export default async function globalTeardown(): Promise<void> {
	const stack = globalThis.printStoreE2eStack;
	if (!stack) return;
	globalThis.printStoreE2eStack = undefined;
	// n8n's log goes with the screenshots, for looking into a failed run afterwards.
	try {
		mkdirSync(ARTIFACTS_DIR, { recursive: true });
		copyFileSync(stack.n8n.logFile, path.join(ARTIFACTS_DIR, 'e2e-n8n.log'));
	} catch {
		// no log to keep
	}
	await stack.close();
}
