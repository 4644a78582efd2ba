/**
 * How far each operation reaches: for every `*.operation.ts` of the Print Store node (and the
 * trigger), the files of nodes/ it imports, directly or through others (type-only imports
 * included), and how many of them are the n8n door (nodes/shared/n8nInternals/). Prints a Markdown
 * table; docs/development.md quotes it.
 *
 *   npx tsx scripts/layout.ts              this checkout
 *   npx tsx scripts/layout.ts ../other     another checkout (to compare before and after a change)
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import ts from 'typescript';

const root = path.resolve(process.argv[2] ?? path.join(__dirname, '..'));
const DOOR = 'nodes/shared/n8nInternals/';

function sourceFiles(folder: string): string[] {
	return readdirSync(path.join(root, folder)).flatMap((entry) => {
		const relative = `${folder}/${entry}`;
		if (statSync(path.join(root, relative)).isDirectory()) return sourceFiles(relative);
		return relative.endsWith('.ts') ? [relative] : [];
	});
}

/** The files of the tree a file imports or re-exports from. */
function importsOf(file: string): string[] {
	const parsed = ts.createSourceFile(file, readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.ES2022);
	const targets: string[] = [];
	for (const statement of parsed.statements) {
		const specifier = (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier;
		if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
		const base = path.posix.join(path.posix.dirname(file), specifier.text);
		const target = [`${base}.ts`, `${base}/index.ts`].find((candidate) => existsSync(path.join(root, candidate)));
		if (target) targets.push(target);
	}
	return targets;
}

function reach(file: string): Set<string> {
	const seen = new Set<string>([file]);
	const queue = [file];
	while (queue.length > 0) {
		for (const target of importsOf(queue.pop()!)) {
			if (seen.has(target)) continue;
			seen.add(target);
			queue.push(target);
		}
	}
	return seen;
}

const operations = sourceFiles('nodes').filter((file) => file.endsWith('.operation.ts') || file.endsWith('Trigger.node.ts'));
console.log(`Files each operation reaches (${path.basename(root)}):\n`);
console.log('| operation | files | folders | of them the n8n door |');
console.log('|---|---:|---:|---:|');
for (const file of operations.sort()) {
	const files = [...reach(file)];
	const folders = new Set(files.map((entry) => path.posix.dirname(entry)));
	const door = files.filter((entry) => entry.startsWith(DOOR)).length;
	console.log(`| ${file.replace('nodes/', '').replace('.ts', '')} | ${files.length} | ${folders.size} | ${door} |`);
}
