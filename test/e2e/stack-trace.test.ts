/**
 * What a user (or a maintainer reading a user's report) gets of a failure in a real n8n: the stack
 * trace and the failure behind the error.
 *
 * - Stack: the package is published file by file with a source map beside each file (docs/
 *   development.md, "The build"), and n8n installs source-map-support in its processes (bin/n8n), so
 *   the stack n8n stores with the execution and prints to its log names the package's .ts files and
 *   the lines in them (the path below the installed package, where the .ts is not published: it is
 *   the repository's).
 * - Cause: the error carries the failure as its `cause` (shared/errors.ts): the transport's failure
 *   with its own stack, which starts at the transport function that gave up. n8n keeps it with the
 *   execution (the editor shows it as "Error cause") and its log prints its message and stack.
 *   Neither, nor anything else of the execution or the log, holds the subscription key, the client
 *   secret or a token.
 * n8n keeps the error both on the execution (resultData.error) and on the node's run
 * (runData[node][0].error); the checks hold for either.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import type { ExecutionError } from '../../scripts/n8n/client';
import { describeE2E, e2e, runPrintStore } from './helpers/harness';

const repoRoot = path.resolve(__dirname, '..', '..');
/** Where n8n installs community packages, then a file of this package as the source map names it: `<package>/nodes/....ts`. */
const OUR_FILE = /^(.*\/\.n8n\/nodes\/node_modules\/n8n-nodes-print-store)\/((?:nodes|credentials)\/.+)\.ts$/;
const SANDBOX_TOKEN = /\b(?:at|rt)_[A-Za-z0-9_-]{32}/;

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

const ours = (stack: string) => framesOf(stack).filter((frame) => frame.file.includes('/node_modules/n8n-nodes-print-store/'));

/**
 * The function a frame names is the one its line is in: the nearest function, method or named arrow
 * function (`const name = (...) => {`, which V8 names after its variable) declared at or above that
 * line of the .ts source has that name ("ExecuteContext.execute" names the method "execute"); a
 * nameless frame is an arrow function's: the nearest of those at or above its line is an arrow
 * without a name. A frame of the compiled .js, or a line a map got wrong, would not pass this.
 */
function enclosingFunctionMatches(source: string, frame: Frame): boolean {
	const name = frame.name?.split('.').at(-1);
	const declaration = /^\s*(?:export\s+)?(?:async\s+)?(?:function\s*\*?\s*([\w$]+)|([\w$]+)\s*(?:<[^>]*>)?\([^)]*\)[^{;]*\{\s*$)/;
	const namedArrow = /^\s*(?:export\s+)?(?:const|let)\s+([\w$]+)\s*(?::[^=]+)?=\s*(?:async\s*)?(?:<[^>]*>)?\([^)]*\)[^=]*=>\s*\{?\s*$/;
	const lines = source.split('\n').slice(0, frame.line);
	const count = (line: string, brace: string) => line.split(brace).length - 1;
	// Braces opened and not closed between a line and the frame's: only a function still open encloses it.
	let open = 0;
	for (let index = lines.length - 1; index >= 0; index--) {
		const line = lines[index];
		if (index < lines.length - 1) open += count(line, '{') - count(line, '}');
		if (index < lines.length - 1 && open <= 0) continue;
		const arrow = namedArrow.exec(line);
		if (arrow) return arrow[1] === name;
		const match = declaration.exec(line);
		if (match && !['if', 'for', 'while', 'switch', 'catch'].includes(match[2] ?? '')) return (match[1] ?? match[2]) === name;
		if (!name && /=>\s*\{?\s*$/.test(line)) return true;
	}
	return false;
}

/** Each of our frames: in the installed package, naming a .ts of the repository, in the function it names. */
function checkOurFrames(stack: string) {
	return ours(stack).map((frame) => {
		const match = OUR_FILE.exec(frame.file);
		const source = match ? path.join(repoRoot, `${match[2]}.ts`) : '';
		return {
			frame: `${frame.name} ${frame.file}:${frame.line}`,
			inInstalledPackage: match !== null && existsSync(path.join(match[1], 'package.json')),
			hasSource: match !== null && existsSync(source),
			functionAtLine: match !== null && existsSync(source) && enclosingFunctionMatches(readFileSync(source, 'utf8'), frame),
		};
	});
}

const allPass = <T extends object>(entries: T[]) => entries.map((entry) => ({ ...entry, inInstalledPackage: true, hasSource: true, functionAtLine: true }));
const where = (stack: string) => ours(stack).map((frame) => `${frame.name?.split('.').at(-1)} ${OUR_FILE.exec(frame.file)?.[2]}`);

/** Every n8n process's log of this run (in queue mode the worker may run the execution), without its colours. */
function n8nLogs(): string {
	const { state } = e2e();
	const files = [state.n8n.logFile, state.queue?.worker.logFile, ...(state.queue?.webhooks ?? []).map((process) => process.logFile)];
	return files.filter((file): file is string => typeof file === 'string' && existsSync(file)).map((file) => readFileSync(file, 'utf8'))
		.join('\n')
		.replace(/\x1b\[[0-9;]*m/g, '');
}

describeE2E('Stack traces and causes reach the failing line', () => {
	let stacks: string[] = [];
	let errors: ExecutionError[] = [];
	let executionJson = '';

	beforeAll(async () => {
		const node = await runPrintStore({
			title: 'get an order number that does not exist, for its stack',
			parameters: { resource: 'order', operation: 'get', storeId: 'store_main', orderId: { __rl: true, mode: 'orderNumber', value: 'PS-999999' } },
		});
		expect(node.execution.status).toBe('error');
		expect(node.error?.message).toBe('The requested order does not exist');
		errors = [node.error, node.nodeError].filter((error): error is ExecutionError => error !== undefined);
		stacks = errors.map((error) => error.stack).filter((stack): stack is string => typeof stack === 'string');
		executionJson = JSON.stringify(await e2e().client.getExecution(node.execution.id));
	});

	test("Order › Get of an order that does not exist: the stored stack names the package's .ts files, lines and functions", () => {
		expect(stacks.length).toBe(2);
		for (const stack of stacks) {
			expect(stack.split('\n')[0]).toBe('NodeApiError: The requested order does not exist');
			expect(ours(stack).length).toBeGreaterThanOrEqual(5);
			// The error is made in our code: the top frame is ours.
			expect(framesOf(stack)[0]).toEqual(ours(stack)[0]);
			const checked = checkOurFrames(stack);
			expect(checked).toEqual(allPass(checked));
			// Where the error is built, and the path that led there, by their names in our sources.
			expect(where(stack)).toEqual(
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
				expect(ours(stack)[0].file.startsWith(`${e2e().state.n8n.userFolder}/.n8n/nodes/node_modules/n8n-nodes-print-store/nodes/`)).toBe(true);
			}
		}
	});

	test("the error's cause is the transport's failure, whose stack starts in the transport function that gave up", () => {
		expect(errors.length).toBe(2);
		for (const error of errors) {
			const cause = error.cause as { name?: string; message?: string; stack?: string; operation?: string; status?: number; attempts?: number } | undefined;
			expect(cause).toMatchObject({
				name: 'ApiFailure',
				message: 'order.get: HTTP 404: The requested order does not exist',
				operation: 'order.get',
				status: 404,
				attempts: 1,
			});
			const stack = String(cause?.stack);
			expect(stack.split('\n')[0]).toBe('ApiFailure: order.get: HTTP 404: The requested order does not exist');
			expect(where(stack)[0]).toBe('apiRequestWithStatus nodes/shared/transport/index');
			expect(framesOf(stack)[0]).toEqual(ours(stack)[0]);
			const checked = checkOurFrames(stack);
			expect(checked).toEqual(allPass(checked));
			expect(where(stack)).toEqual(expect.arrayContaining(['execute nodes/PrintStore/actions/order/get.operation']));
		}
	});

	test("n8n's log prints the cause's message, and on n8n 2.x its mapped stack", () => {
		const log = n8nLogs();
		const at = log.indexOf('order.get: HTTP 404: The requested order does not exist');
		expect(at).toBeGreaterThan(-1);
		// n8n 1.x's ErrorReporter prints a cause's stack only for n8n's own error classes; 2.x for every cause.
		if (e2e().state.n8n.version.startsWith('1.')) return;
		// The lines after it are its stack, as n8n's ErrorReporter prints each cause of an error it reports.
		const after = log.slice(at, at + 3000);
		expect(after).toMatch(/\nApiFailure: order\.get: HTTP 404: The requested order does not exist\n/);
		expect(after).toMatch(/\n\s+at (?:\S+\.)?apiRequestWithStatus \(\S*\/node_modules\/n8n-nodes-print-store\/nodes\/shared\/transport\/index\.ts:\d+:\d+\)/);
	});

	test('no secret in the execution or in the log: subscription key, client secret, tokens', () => {
		const { state } = e2e();
		const secrets = [state.sandbox.subscriptionKey, state.sandbox.clientSecret, state.sandbox.tokens.accessToken, state.sandbox.tokens.refreshToken];
		expect(executionJson).toContain('The requested order does not exist');
		for (const [where, text] of [
			['execution', executionJson],
			['n8n log', n8nLogs()],
		]) {
			expect({ where, found: secrets.filter((secret) => text.includes(secret)).map((secret) => `${secret.slice(0, 4)}…`) }).toEqual({ where, found: [] });
			expect({ where, token: SANDBOX_TOKEN.exec(text)?.[0].slice(0, 6) }).toEqual({ where, token: undefined });
		}
	});
});
