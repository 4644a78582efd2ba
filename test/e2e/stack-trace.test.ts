/**
 * A failure's stack trace, as n8n stores it with the execution (and prints it to its log), names
 * this package's real files and functions: the package is published file by file and readable
 * (docs/development.md, "The build"), so the frames lead to the source a user or a maintainer reads.
 * n8n keeps the stack both on the execution's error (resultData.error) and on the node's run
 * (runData[node][0].error); the checks hold for either, in every n8n setup.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { describeE2E, e2e, runPrintStore } from './helpers/harness';

const repoRoot = path.resolve(__dirname, '..', '..');
/** Where n8n installs community packages, then this package's compiled code below it. */
const OUR_FILE = /^(.*\/\.n8n\/nodes\/node_modules\/n8n-nodes-print-store)\/dist\/((?:nodes|credentials)\/.+)\.js$/;

interface Frame {
	name?: string;
	file: string;
	line: number;
}

/** V8's frames: "at name (file:line:column)" or "at file:line:column". */
function framesOf(stack: string): Frame[] {
	return stack
		.split('\n')
		.map((line) => /^\s+at (?:async )?(?:(.+?) \()?(.+):(\d+):\d+\)?$/.exec(line))
		.filter((match): match is RegExpExecArray => match !== null)
		.map((match) => ({ name: match[1], file: match[2], line: Number(match[3]) }));
}

/**
 * The function a frame names is the one its line is in: the nearest function or method declaration
 * at or above that line has that name ("ExecuteContext.execute" names the method "execute").
 * A bundled or minified file would not pass this.
 */
function enclosingFunctionMatches(code: string, frame: Frame): boolean {
	const name = frame.name?.split('.').at(-1);
	if (!name) return false;
	const declaration = /^\s*(?:export\s+)?(?:async\s+)?(?:function\s*\*?\s*([\w$]+)|([\w$]+)\s*\([^)]*\)\s*\{)/;
	const lines = code.split('\n').slice(0, frame.line).reverse();
	for (const line of lines) {
		const match = declaration.exec(line);
		if (match && !['if', 'for', 'while', 'switch', 'catch'].includes(match[2] ?? '')) return (match[1] ?? match[2]) === name;
	}
	return false;
}

describeE2E('Stack traces name the package\'s own files', () => {
	test('Order › Get of an order that does not exist: the stored stack names dist/nodes/... files and the functions in them', async () => {
		const node = await runPrintStore({
			title: 'get an order number that does not exist, for its stack',
			parameters: { resource: 'order', operation: 'get', storeId: 'store_main', orderId: { __rl: true, mode: 'orderNumber', value: 'PS-999999' } },
		});
		expect(node.execution.status).toBe('error');
		expect(node.error?.message).toBe('The requested order does not exist');

		const stacks = [node.error?.stack, node.nodeError?.stack].filter((stack): stack is string => typeof stack === 'string');
		expect(stacks.length).toBeGreaterThan(0);
		for (const stack of stacks) {
			expect(stack.split('\n')[0]).toBe('NodeApiError: The requested order does not exist');
			const ours = framesOf(stack).filter((frame) => frame.file.includes('/node_modules/n8n-nodes-print-store/'));
			expect(ours.length).toBeGreaterThanOrEqual(5);
			// The error is made in our code: the top frame is ours.
			expect(framesOf(stack)[0]).toEqual(ours[0]);

			const named = ours.map((frame) => {
				const match = OUR_FILE.exec(frame.file);
				const relative = match?.[2];
				const installed = match ? readFileSync(frame.file, 'utf8') : '';
				return {
					frame: `${frame.name} ${frame.file}:${frame.line}`,
					// The installed package's file, whose source is the .ts at the same path.
					inInstalledDist: match !== null && existsSync(path.join(match[1], 'package.json')),
					hasSource: relative !== undefined && existsSync(path.join(repoRoot, `${relative}.ts`)),
					functionAtLine: enclosingFunctionMatches(installed, frame),
				};
			});
			expect(named).toEqual(named.map((entry) => ({ ...entry, inInstalledDist: true, hasSource: true, functionAtLine: true })));

			// Where the error is built, and the path that led there, by their names in our sources.
			const where = ours.map((frame) => `${frame.name?.split('.').at(-1)} ${OUR_FILE.exec(frame.file)?.[2]}`);
			expect(where).toEqual(
				expect.arrayContaining([
					'toNodeError nodes/shared/errors',
					'forEachItem nodes/PrintStore/perItem/run',
					'execute nodes/PrintStore/actions/order/get.operation',
					'router nodes/PrintStore/actions/router',
					'execute nodes/PrintStore/PrintStore.node',
				]),
			);
			// In n8n's single-process setup the run is in the main process, whose user folder the stack names.
			if (e2e().state.mode === 'single') {
				expect(ours[0].file.startsWith(`${e2e().state.n8n.userFolder}/.n8n/nodes/node_modules/n8n-nodes-print-store/dist/nodes/`)).toBe(true);
			}
		}
	});
});
