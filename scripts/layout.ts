/**
 * How far each operation reaches: for every `*.operation.ts` of the Print Store node (and the
 * trigger), the files of nodes/ it imports, directly or through others (type-only imports
 * included), and how many of them are the n8n door (nodes/shared/n8nInternals/). Prints a Markdown
 * table; docs/development.md quotes it. With `--holds <folder>`: each file below that folder, folder
 * by folder, with what it holds, in the words of its first doc comment's first sentence.
 *
 *   npx tsx scripts/layout.ts                                      this checkout
 *   npx tsx scripts/layout.ts ../other                             another checkout (to compare before and after a change)
 *   npx tsx scripts/layout.ts --holds nodes/PrintStoreTrigger      what each file of the trigger holds
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import ts from 'typescript';

const holds = process.argv[2] === '--holds' ? process.argv[3] : undefined;
const root = path.resolve(holds === undefined ? (process.argv[2] ?? path.join(__dirname, '..')) : path.join(__dirname, '..'));
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

/** The first sentence of a file's first doc comment: what the file says it holds. */
function firstSentence(file: string): string {
	const comment = /\/\*\*([\s\S]*?)\*\//.exec(readFileSync(path.join(root, file), 'utf8'))?.[1] ?? '';
	const text = comment.replace(/\s*\n\s*\*\s?/g, ' ').trim();
	return /^[\s\S]*?\.(?=\s|$)/.exec(text)?.[0] ?? text;
}

if (holds !== undefined) {
	console.log(`What each file of ${holds} holds (the first sentence of its first doc comment):\n`);
	console.log('| folder | file | holds |');
	console.log('|---|---|---|');
	const files = sourceFiles(holds).sort((a, b) => path.posix.dirname(a).localeCompare(path.posix.dirname(b)) || a.localeCompare(b));
	for (const file of files) {
		const folder = path.posix.relative(holds, path.posix.dirname(file)) || '.';
		console.log(`| ${folder === '.' ? '(top)' : `${folder}/`} | \`${path.posix.basename(file)}\` | ${firstSentence(file).replace(/\|/g, '\\|')} |`);
	}
	process.exit(0);
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
