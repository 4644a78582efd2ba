/**
 * Layers that only point down, read from the imports of every file in nodes/ (the TypeScript
 * parser's, type-only imports included): no import cycle; no operation file imports another; what
 * lies below the operations (the wait, the order run, the per-item runs, the lists, field descriptions)
 * imports no operation; nodes/shared/ imports neither node; no two folders import each other; User >
 * Get Current, the simplest operation, reaches no file of the door to n8n's internals; the trigger's
 * folders are layers in one order; outside the trigger's memory (memory/), only its one door
 * (memory/door.ts) is imported. Each rule is
 * also run on a small made-up tree that breaks it, so a check that finds nothing cannot pass unnoticed.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import ts from 'typescript';
import { sourceFiles } from '../helpers/source-files';

const root = path.resolve(__dirname, '..', '..');

type Graph = Map<string, string[]>;


/** Each file's relative imports and re-exports, resolved to files of the tree (`exists` says which are). */
function importGraph(sources: Record<string, string>, exists: (file: string) => boolean): Graph {
	const graph: Graph = new Map();
	for (const [file, text] of Object.entries(sources)) {
		const parsed = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022);
		const targets: string[] = [];
		for (const statement of parsed.statements) {
			const specifier = (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier;
			if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
			const base = path.posix.join(path.posix.dirname(file), specifier.text);
			const target = [`${base}.ts`, `${base}/index.ts`].find(exists);
			if (target) targets.push(target);
		}
		graph.set(file, targets);
	}
	return graph;
}

/** The import cycles (strongly connected groups of more than one file, or a file importing itself). */
function cycles(graph: Graph): string[][] {
	let next = 0;
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const found: string[][] = [];
	const visit = (file: string) => {
		index.set(file, next);
		low.set(file, next++);
		stack.push(file);
		onStack.add(file);
		for (const target of graph.get(file) ?? []) {
			if (!index.has(target)) {
				visit(target);
				low.set(file, Math.min(low.get(file)!, low.get(target)!));
			} else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
		}
		if (low.get(file) !== index.get(file)) return;
		const group: string[] = [];
		let member: string;
		do {
			member = stack.pop()!;
			onStack.delete(member);
			group.push(member);
		} while (member !== file);
		if (group.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(group.sort());
	};
	for (const file of graph.keys()) if (!index.has(file)) visit(file);
	return found;
}

const BELOW_OPERATIONS = /^nodes\/PrintStore\/(wait|orderRun|perItem|toolCall|descriptions|lookups)\//;

/** Imports that point up or sideways, as `from -> to: why`. */
function upward(graph: Graph): string[] {
	const found: string[] = [];
	for (const [file, targets] of graph) {
		for (const target of targets) {
			const say = (why: string) => found.push(`${file} -> ${target}: ${why}`);
			if (file.endsWith('.operation.ts') && target.endsWith('.operation.ts')) say('an operation imports another operation');
			if (BELOW_OPERATIONS.test(file) && target.startsWith('nodes/PrintStore/actions/')) say('below the operations, an import of one');
			if (file.startsWith('nodes/shared/') && /^nodes\/PrintStore(Trigger)?\//.test(target)) say("nodes/shared/ imports a node's folder");
		}
	}
	return found;
}

/**
 * Folders that import each other: folder A has a file importing a file of folder B, and B one
 * importing A. A file's folder is its immediate folder, so nested folders are compared like any
 * two: `actions/` and `actions/order/` are two folders, and a parent importing its subfolder while
 * the subfolder imports the parent is a pair (the parent does not contain the child for this rule).
 * Each pair as `A <-> B: <one import A -> B> / <one import B -> A>`, A before B.
 */
function folderPairs(graph: Graph): string[] {
	const between = new Map<string, string>();
	for (const [file, targets] of graph) {
		for (const target of targets) {
			const from = path.posix.dirname(file);
			const to = path.posix.dirname(target);
			if (from !== to && !between.has(`${from} -> ${to}`)) between.set(`${from} -> ${to}`, `${file} -> ${target}`);
		}
	}
	const found: string[] = [];
	for (const [key, example] of between) {
		const [from, to] = key.split(' -> ');
		const back = between.get(`${to} -> ${from}`);
		if (back && from < to) found.push(`${from} <-> ${to}: ${example} / ${back}`);
	}
	return found.sort();
}

/** The files `start` imports, directly or through others. */
function reachable(graph: Graph, start: string): string[] {
	const seen = new Set<string>();
	const todo = [start];
	while (todo.length > 0) {
		const file = todo.pop()!;
		if (seen.has(file)) continue;
		seen.add(file);
		todo.push(...(graph.get(file) ?? []));
	}
	return [...seen].sort();
}

const MEMORY = 'nodes/PrintStoreTrigger/memory/';
const MEMORY_DOOR = 'nodes/PrintStoreTrigger/memory/door.ts';

/** The files outside the trigger's memory (memory/) that import one of its files other than its one door (door.ts). */
function pastTheMemoryDoor(graph: Graph): string[] {
	return [...graph]
		.filter(([file, targets]) => !file.startsWith(MEMORY) && targets.some((target) => target.startsWith(MEMORY) && target !== MEMORY_DOOR))
		.map(([file]) => file);
}

/** The trigger's folders, top to bottom: a file imports only from its own folder or one below it. */
const TRIGGER = 'nodes/PrintStoreTrigger';
const TRIGGER_LAYERS = ['', 'clock', 'catchUp', 'pipeline', 'memory', 'setup'];

/** Imports between the trigger's folders that run up, as `from -> to`. */
function upTheTrigger(graph: Graph): string[] {
	const layer = (file: string) => TRIGGER_LAYERS.indexOf(path.posix.relative(TRIGGER, path.posix.dirname(file)));
	const found: string[] = [];
	for (const [file, targets] of graph) {
		if (!file.startsWith(`${TRIGGER}/`)) continue;
		for (const target of targets) if (target.startsWith(`${TRIGGER}/`) && layer(target) < layer(file)) found.push(`${file} -> ${target}`);
	}
	return found;
}

const files = sourceFiles('nodes');
const tree = importGraph(Object.fromEntries(files.map((file) => [file, readFileSync(path.join(root, file), 'utf8')])), (file) => existsSync(path.join(root, file)));

test('nodes/ has no import cycle', () => {
	expect(files.length).toBeGreaterThan(40);
	expect(cycles(tree)).toEqual([]);
});

test('nodes/: every import points down', () => {
	expect(upward(tree)).toEqual([]);
});

test("the trigger's memory has one door: outside memory/, only its door is imported (what others need of it, they get from the door)", () => {
	expect(tree.get(MEMORY_DOOR)?.filter((target) => target.startsWith(MEMORY)).length).toBeGreaterThan(2);
	expect(pastTheMemoryDoor(tree)).toEqual([]);
});

test("the trigger's folders are layers: (top) -> clock/ -> catchUp/ -> pipeline/ -> memory/ -> setup/, no import runs up", () => {
	const folders = new Set(files.filter((file) => file.startsWith(`${TRIGGER}/`)).map((file) => path.posix.relative(TRIGGER, path.posix.dirname(file))));
	expect([...folders].sort()).toEqual([...TRIGGER_LAYERS].sort());
	expect(upTheTrigger(tree)).toEqual([]);
});

test('nodes/: no two folders import each other', () => {
	expect(folderPairs(tree)).toEqual([]);
});

test('User > Get Current imports no file of the door to n8n internals (nodes/shared/n8nInternals/)', () => {
	const getCurrent = 'nodes/PrintStore/actions/user/getCurrent.operation.ts';
	expect(reachable(tree, getCurrent).filter((file) => file.startsWith('nodes/shared/n8nInternals/'))).toEqual([]);
	// The check reads something: the operation reaches the transport.
	expect(reachable(tree, getCurrent)).toContain('nodes/shared/transport/index.ts');
});

describe('the checks find what they forbid', () => {
	const made = (sources: Record<string, string>) => importGraph(sources, (file) => file in sources);

	test('a cycle through a type-only import', () => {
		const graph = made({
			'nodes/PrintStore/orderRun/a.ts': "import type { B } from './b';\nexport type A = B;",
			'nodes/PrintStore/orderRun/b.ts': "import { a } from './a';\nexport const b = a;",
			'nodes/PrintStore/orderRun/c.ts': "import { b } from './b';\nexport const c = b;",
		});
		expect(cycles(graph)).toEqual([['nodes/PrintStore/orderRun/a.ts', 'nodes/PrintStore/orderRun/b.ts']]);
	});

	test('an operation importing another, the wait importing an operation, shared importing a node', () => {
		const graph = made({
			'nodes/PrintStore/actions/order/get.operation.ts': 'export const get = 1;',
			'nodes/PrintStore/actions/order/wait.operation.ts': "import { get } from './get.operation';\nexport const w = get;",
			'nodes/PrintStore/wait/resumeCall.ts': "export { get } from '../actions/order/get.operation';",
			'nodes/shared/x.ts': "import '../PrintStoreTrigger/t';",
			'nodes/PrintStoreTrigger/t.ts': '',
		});
		expect(upward(graph)).toEqual([
			'nodes/PrintStore/actions/order/wait.operation.ts -> nodes/PrintStore/actions/order/get.operation.ts: an operation imports another operation',
			'nodes/PrintStore/wait/resumeCall.ts -> nodes/PrintStore/actions/order/get.operation.ts: below the operations, an import of one',
			"nodes/shared/x.ts -> nodes/PrintStoreTrigger/t.ts: nodes/shared/ imports a node's folder",
		]);
	});

	test('two folders importing each other, nested ones included; a one-way import and imports within a folder are no pair', () => {
		const graph = made({
			'nodes/PrintStore/actions/router.ts': "import { list } from './order/index';\nexport const all = list;",
			'nodes/PrintStore/actions/operation.ts': 'export const describe = 1;',
			'nodes/PrintStore/actions/order/index.ts': "import { describe } from '../operation';\nexport const list = describe;",
			'nodes/PrintStore/wait/plan.ts': "import type { Seen } from '../../shared/reads/orders';\nimport { b } from './b';\nexport const plan = b;",
			'nodes/PrintStore/wait/b.ts': "import { plan } from './plan';\nexport const b = plan;",
			'nodes/shared/reads/orders.ts': "import { request } from '../transport/index';\nexport type Seen = number;\nexport const read = request;",
			'nodes/shared/transport/index.ts': "import type { Seen } from '../reads/orders';\nexport const request = (seen: Seen) => seen;",
		});
		expect(folderPairs(graph)).toEqual([
			'nodes/PrintStore/actions <-> nodes/PrintStore/actions/order: nodes/PrintStore/actions/router.ts -> nodes/PrintStore/actions/order/index.ts / nodes/PrintStore/actions/order/index.ts -> nodes/PrintStore/actions/operation.ts',
			'nodes/shared/reads <-> nodes/shared/transport: nodes/shared/reads/orders.ts -> nodes/shared/transport/index.ts / nodes/shared/transport/index.ts -> nodes/shared/reads/orders.ts',
		]);
	});

	test("a file past the memory's door", () => {
		const graph = made({
			[`${MEMORY}shape.ts`]: 'export const memory = 1;',
			[`${MEMORY}events.ts`]: "import { memory } from './shape';\nexport const events = memory;",
			[MEMORY_DOOR]: "import { events } from './events';\nexport const select = events;",
			'nodes/PrintStoreTrigger/pipeline/pass.ts': "import { select } from '../memory/door';\nexport const pass = select;",
			'nodes/PrintStoreTrigger/catchUp/readStore.ts': "import type { Watch } from '../memory/shape';\nexport type W = Watch;",
		});
		expect(pastTheMemoryDoor(graph)).toEqual(['nodes/PrintStoreTrigger/catchUp/readStore.ts']);
	});

	test("an import up the trigger's layers", () => {
		const graph = made({
			[`${TRIGGER}/request.ts`]: "import { pass } from './pipeline/pass';\nexport const receive = pass;",
			[`${TRIGGER}/pipeline/pass.ts`]: "import { settings } from '../setup/settings';\nexport const pass = settings;",
			[`${TRIGGER}/setup/settings.ts`]: "import { answerClock } from '../clock/clockCall';\nexport const settings = answerClock;",
			[`${TRIGGER}/clock/clockCall.ts`]: 'export const answerClock = 1;',
		});
		expect(upTheTrigger(graph)).toEqual([`${TRIGGER}/setup/settings.ts -> ${TRIGGER}/clock/clockCall.ts`]);
	});

	test('an operation reaching the door through other files', () => {
		const graph = made({
			'nodes/PrintStore/actions/user/getCurrent.operation.ts': "import { run } from '../../perItem/run';\nexport const execute = run;",
			'nodes/PrintStore/perItem/run.ts': "import { hide } from '../../shared/callbacks/urls';\nexport const run = hide;",
			'nodes/shared/callbacks/urls.ts': "import { url } from '../n8nInternals';\nexport const hide = url;",
			'nodes/shared/n8nInternals/index.ts': 'export const url = 1;',
		});
		const getCurrent = 'nodes/PrintStore/actions/user/getCurrent.operation.ts';
		expect(reachable(graph, getCurrent).filter((file) => file.startsWith('nodes/shared/n8nInternals/'))).toEqual(['nodes/shared/n8nInternals/index.ts']);
	});
});
