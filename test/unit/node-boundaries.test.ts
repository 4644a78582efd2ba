/**
 * Neither node imports from the other's folder (what both use lives in nodes/shared/): `npm run lint`
 * (the first step of `npm test`) refuses such an import at any depth of '../' anywhere in the tree.
 * This file checks the rule itself, through ESLint with the project's own configuration, so
 * removing or loosening it fails here; the tree as it is is the lint's to check, once.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');

/** The probes below, each linted as if it were that file of the tree. */
const PROBES: Array<[string, string]> = [
	['nodes/PrintStore/wait/probe.ts', "import { checkSecret } from '../../PrintStoreTrigger/setup/secret';\nexport const probe = checkSecret;\n"],
	['nodes/PrintStore/probe.ts', "export { PrintStoreTrigger } from '../PrintStoreTrigger/PrintStoreTrigger.node';\n"],
	['nodes/PrintStore/actions/order/probe.ts', "import type { Acknowledgement } from '../../../PrintStoreTrigger/pipeline/pass';\nexport type Probe = Acknowledgement;\n"],
	['nodes/PrintStoreTrigger/setup/probe.ts', "import { resumeSecret } from '../../PrintStore/wait/resumeAddress';\nexport const probe = resumeSecret;\n"],
	['nodes/PrintStoreTrigger/probe.ts', "export { PrintStore } from '../PrintStore/PrintStore.node';\n"],
];
const ALLOWED: Array<[string, string]> = [
	['nodes/PrintStore/wait/probe.ts', "import { readPayload } from '../../shared/callbacks/readBody';\nimport { settle } from './plan';\nexport const probe = [readPayload, settle];\n"],
	['nodes/PrintStoreTrigger/pipeline/probe.ts', "import { readPayload } from '../../shared/callbacks/readBody';\nimport { eventFilter } from './pass';\nexport const probe = [readPayload, eventFilter];\n"],
];

/**
 * The no-restricted-imports messages ESLint gives each source, in one ESLint process (its
 * configuration is an ES module, which jest's sandbox cannot load; one process, not one per probe).
 */
function restricted(sources: Array<[string, string]>): string[][] {
	const script = `
		import { ESLint } from 'eslint';
		const sources = JSON.parse(process.argv[1]);
		const eslint = new ESLint({ cwd: process.cwd() });
		const out = [];
		for (const [filePath, text] of sources) {
			const [result] = await eslint.lintText(text, { filePath });
			out.push(result.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message));
		}
		process.stdout.write(JSON.stringify(out));`;
	const run = spawnSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(sources)], { cwd: root, encoding: 'utf8' });
	expect(run.stderr).toBe('');
	return JSON.parse(run.stdout) as string[][];
}

const found = new Map<string, string[]>();
beforeAll(() => {
	const messages = restricted([...PROBES, ...ALLOWED]);
	[...PROBES, ...ALLOWED].forEach(([file, source], index) => found.set(`${file}\n${source}`, messages[index]));
});

test.each(PROBES)('%s: an import from the other node\'s folder is refused', (file, source) => {
	const messages = found.get(`${file}\n${source}`)!;
	expect(messages).toHaveLength(1);
	expect(messages[0]).toMatch(/move what both use to nodes\/shared\//);
});

test('imports of nodes/shared/ and within a node\'s own folder are allowed', () => {
	for (const [file, source] of ALLOWED) expect(found.get(`${file}\n${source}`)).toEqual([]);
});
