/**
 * Layers that only point down, read from the imports of every file in nodes/ (the TypeScript
 * parser's, type-only imports included): no import cycle; no operation file imports another; what
 * lies below the operations (the wait, the order run, the per-item runs, the lists, field descriptions)
 * imports no operation; nodes/shared/ imports neither node. Each rule is also run on a small
 * made-up tree that breaks it, so a check that finds nothing cannot pass unnoticed.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import ts from 'typescript';

const root = path.resolve(__dirname, '..', '..');

type Graph = Map<string, string[]>;

function sourceFiles(folder: string): string[] {
	return readdirSync(path.join(root, folder)).flatMap((entry) => {
		const relative = `${folder}/${entry}`;
		if (statSync(path.join(root, relative)).isDirectory()) return sourceFiles(relative);
		return relative.endsWith('.ts') ? [relative] : [];
	});
}

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

const BELOW_OPERATIONS = /^nodes\/PrintStore\/(wait|orderRun|perItem|descriptions|lists)\//;

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

const files = sourceFiles('nodes');
const tree = importGraph(Object.fromEntries(files.map((file) => [file, readFileSync(path.join(root, file), 'utf8')])), (file) => existsSync(path.join(root, file)));

test('nodes/ has no import cycle', () => {
	expect(files.length).toBeGreaterThan(40);
	expect(cycles(tree)).toEqual([]);
});

test('nodes/: every import points down', () => {
	expect(upward(tree)).toEqual([]);
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
});
