/**
 * Neither node imports from the other's folder (what both use lives in nodes/shared/): `npm run lint`
 * (the first step of `npm test`) refuses such an import at any depth of '../' anywhere in the tree.
 * This file checks the rule itself, through ESLint with the project's own configuration, so
 * removing or loosening it fails here; the tree as it is is the lint's to check, once.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');

/** ESLint's own command line (its configuration is an ES module, which jest's sandbox cannot load). */
async function restricted(file: string, source: string): Promise<string[]> {
	const run = spawnSync(process.execPath, [path.join(root, 'node_modules', 'eslint', 'bin', 'eslint.js'), '--format', 'json', '--stdin', '--stdin-filename', file], {
		cwd: root,
		input: source,
		encoding: 'utf8',
	});
	const [result] = JSON.parse(run.stdout) as Array<{ messages: Array<{ ruleId: string | null; message: string }> }>;
	return result.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

test.each([
	['nodes/PrintStore/wait/probe.ts', "import { secretsMatch } from '../../PrintStoreTrigger/webhook/secret';\nexport const probe = secretsMatch;\n"],
	['nodes/PrintStore/probe.ts', "export { PrintStoreTrigger } from '../PrintStoreTrigger/PrintStoreTrigger.node';\n"],
	['nodes/PrintStore/actions/order/probe.ts', "import type { Acknowledgement } from '../../../PrintStoreTrigger/webhook/receive';\nexport type Probe = Acknowledgement;\n"],
	['nodes/PrintStoreTrigger/webhook/probe.ts', "import { resumeSecret } from '../../PrintStore/wait/resumeUrl';\nexport const probe = resumeSecret;\n"],
	['nodes/PrintStoreTrigger/probe.ts', "export { PrintStore } from '../PrintStore/PrintStore.node';\n"],
])('%s: an import from the other node\'s folder is refused', async (file, source) => {
	const messages = await restricted(file, source);
	expect(messages).toHaveLength(1);
	expect(messages[0]).toMatch(/move what both use to nodes\/shared\//);
});

test('imports of nodes/shared/ and within a node\'s own folder are allowed', async () => {
	expect(await restricted('nodes/PrintStore/wait/probe.ts', "import { readPayload } from '../../shared/callbacks/read';\nimport { settle } from './plan';\nexport const probe = [readPayload, settle];\n")).toEqual([]);
	expect(await restricted('nodes/PrintStoreTrigger/webhook/probe.ts', "import { readPayload } from '../../shared/callbacks/read';\nimport { eventFilter } from './filter';\nexport const probe = [readPayload, eventFilter];\n")).toEqual([]);
});
