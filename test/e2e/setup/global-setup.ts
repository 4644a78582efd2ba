/**
 * Starts the one stack of the end-to-end run (n8n + package tarball + sandbox + owner + connected
 * credential) in jest's main process, and hands its coordinates to the test files through a JSON
 * file named by PRINT_STORE_E2E_STATE (workers inherit the environment).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { createLog } from '../../../scripts/n8n/log';
import { ARTIFACTS_DIR } from '../../../scripts/n8n/runtime';
import { startStack, type Stack } from '../../../scripts/n8n/stack';

declare global {
	var printStoreE2eStack: Stack | undefined;
}

export default async function globalSetup(): Promise<void> {
	process.stderr.write('\n');
	const stack = await startStack({
		log: createLog('e2e'),
		// No auto-advance: tests move orders themselves, so every status is deterministic.
		sandbox: { advanceEveryMs: 0, callbackBaseDelayMs: 100 },
		// Every line n8n logs is scanned for secrets at the end of the run (secrets.last.test.ts).
		n8nEnv: { N8N_LOG_LEVEL: 'debug' },
	});
	globalThis.printStoreE2eStack = stack;
	mkdirSync(ARTIFACTS_DIR, { recursive: true });
	const stateFile = path.join(stack.workDir, 'e2e-stack.json');
	writeFileSync(stateFile, JSON.stringify(stack.state(), null, 2));
	process.env.PRINT_STORE_E2E_STATE = stateFile;
}
