/**
 * Every pointer in a comment of nodes/ resolves, so that a reader who follows one finds what it
 * names: a file (`catchUp/readStore.ts`, `docs/queue-mode.md`) is a file of the repository; a path
 * into the package's folders without an ending (`shared/selfCalls`) is a file or folder of nodes/;
 * a function (`readChanges()`) or a name in backquotes (`answerClock`) is a name the code of nodes/
 * uses (in any case: a comment may name an API field the code reads as `pageindex`), or one of n8n's,
 * Node's or the language's. The source paths that docs/ names in backquotes resolve the same way
 * (a built file, `dist/<path>.js`, by its source), but for the files of n8n itself that they quote.
 * Each kind of pointer is also shown failing on a sample that no longer resolves.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import ts from 'typescript';

const root = path.resolve(__dirname, '..', '..');

function walk(folder: string, keep: (file: string) => boolean): string[] {
	return readdirSync(path.join(root, folder)).flatMap((entry) => {
		const relative = `${folder}/${entry}`;
		if (statSync(path.join(root, relative)).isDirectory()) return walk(relative, keep);
		return keep(relative) ? [relative] : [];
	});
}

/** The repository's files (tracked, and new ones not ignored), and the folders they are in. */
const repoFiles = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
	.split('\n')
	.filter((file) => file !== '' && statSync(path.join(root, file), { throwIfNoEntry: false }) !== undefined);
const nodeFiles = walk('nodes', (file) => file.endsWith('.ts'));
const nodeFolders = [...new Set(nodeFiles.flatMap((file) => file.split('/').slice(0, -1).map((_, index, parts) => parts.slice(0, index + 1).join('/'))))];
const folderNames = new Set(nodeFolders.map((folder) => path.posix.basename(folder)));

/** The comments of a TypeScript source, and the names its code uses: identifiers, and the words of its strings. */
function split(source: string): { comments: string[]; code: string } {
	const parsed = ts.createSourceFile('source.ts', source, ts.ScriptTarget.ES2022, true);
	const comments = new Map<number, string>();
	const names: string[] = [];
	const visit = (node: ts.Node) => {
		for (const range of [...(ts.getLeadingCommentRanges(source, node.pos) ?? []), ...(ts.getTrailingCommentRanges(source, node.end) ?? [])]) {
			comments.set(range.pos, source.slice(range.pos, range.end));
		}
		if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) names.push(node.text);
		else if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) names.push(node.text);
		ts.forEachChild(node, visit);
	};
	visit(parsed);
	return { comments: [...comments.values()], code: names.join(' ') };
}

const WORD = /[A-Za-z_$][\w$]*/g;

/** Every name the code of nodes/ uses (identifiers and the words of its strings), and those n8n's, Node's and TypeScript's declarations name. */
function knownNames(): Set<string> {
	const names = new Set<string>();
	const add = (text: string) => {
		for (const [word] of text.matchAll(WORD)) names.add(word.toLowerCase());
	};
	for (const file of nodeFiles) add(split(readFileSync(path.join(root, file), 'utf8')).code);
	const declarations = [
		...['n8n-workflow/dist/cjs', 'n8n-core/dist', '@types/node'].flatMap((folder) => walk(`node_modules/${folder}`, (file) => file.endsWith('.d.ts'))),
		...walk('node_modules/typescript/lib', (file) => /\/lib\.[\w.]*\.d\.ts$/.test(file)),
	];
	for (const file of declarations) add(readFileSync(path.join(root, file), 'utf8'));
	return names;
}

interface Pointer {
	kind: 'file' | 'folder path' | 'function' | 'name';
	text: string;
}

/** The pointers a comment holds. */
function pointersIn(comment: string): Pointer[] {
	const found: Pointer[] = [];
	const text = comment.replace(/https?:\/\/\S+/g, '');
	for (const [file] of text.matchAll(/(?<![\w$.<>/-])[\w$][\w$.-]*(?:\/[\w$.-]+)*\.(?:ts|js|mjs|cjs|json|md)\b/g)) found.push({ kind: 'file', text: file });
	for (const [, candidate] of text.matchAll(/(?:^|[\s(`'"])((?:[\w$-]+\/)+[\w$-]+\/?)(?=[\s),:;`'"]|\.(?!\w)|$)/g)) {
		if (folderNames.has(candidate.split('/')[0])) found.push({ kind: 'folder path', text: candidate.replace(/\/$/, '') });
	}
	for (const [, name] of text.matchAll(/(?<![\w$.])([A-Za-z_$][\w$]*)\((?:[^()]*)\)/g)) found.push({ kind: 'function', text: name });
	for (const [, name] of text.matchAll(/`([A-Za-z_$][\w$]*)(?:\(\))?`/g)) found.push({ kind: 'name', text: name });
	return found;
}

function resolves(pointer: Pointer, from: string, known: Set<string>): boolean {
	if (pointer.kind === 'function' || pointer.kind === 'name') return known.has(pointer.text.toLowerCase());
	const near = path.posix.normalize(path.posix.join(path.posix.dirname(from), pointer.text));
	if (pointer.kind === 'file') return repoFiles.some((file) => file === pointer.text || file === near || file.endsWith(`/${pointer.text}`));
	const ends = (candidate: string) => candidate === pointer.text || candidate.endsWith(`/${pointer.text}`);
	return nodeFolders.some(ends) || nodeFiles.some((file) => ends(file.replace(/\.ts$/, '')));
}

/** The pointers of each comment of a file that do not resolve, as `file: kind text`. */
function unresolved(file: string, source: string, known: Set<string>): string[] {
	return split(source).comments.flatMap((comment) =>
		pointersIn(comment)
			.filter((pointer) => !resolves(pointer, file, known))
			.map((pointer) => `${file}: ${pointer.kind} ${pointer.text}`),
	);
}

const known = knownNames();

test('every file, folder, function and name a comment of nodes/ points at exists', () => {
	expect(nodeFiles.length).toBeGreaterThan(60);
	const broken = nodeFiles.flatMap((file) => unresolved(file, readFileSync(path.join(root, file), 'utf8'), known));
	expect([...new Set(broken)]).toEqual([]);
});

/** Files of n8n itself (n8n-io/n8n) that docs/ quote, not of this repository. */
const N8N_FILES = ['SlackV2.node.ts', 'GmailV2.node.ts', 'Telegram.node.ts', 'utils/sendAndWait/descriptions.ts', 'live-webhooks.js'];

/** The source paths a page of docs/ names in backquotes that are not files of the repository. */
function unresolvedInDocs(doc: string, markdown: string): string[] {
	return [...markdown.matchAll(/`([\w$.-]+(?:\/[\w$.-]+)*\.(?:ts|js|mjs|cjs))`/g)]
		.map(([, file]) => file)
		.filter((file) => !N8N_FILES.includes(file) && !/^[a-z]\.js$/.test(file) && !file.includes('/.../'))
		.filter((file) => !resolves({ kind: 'file', text: file.replace(/^dist\/(.*)\.js$/, '$1.ts') }, doc, known))
		.map((file) => `${doc}: ${file}`);
}

test('every source path docs/ names in backquotes is a file of the repository', () => {
	const docs = walk('docs', (file) => file.endsWith('.md'));
	expect(docs.length).toBeGreaterThan(10);
	expect(docs.flatMap((doc) => unresolvedInDocs(doc, readFileSync(path.join(root, doc), 'utf8')))).toEqual([]);
});

test('a pointer that no longer resolves is found, of each kind', () => {
	const sample = [
		'/**',
		' * The clock (catchUp/address.ts) asks through shared/selfCalls, as catchUp/address says;',
		' * the fresh look of `freshWaitCaller`, and checkTriggerUrls(), at shared/selfCalls/ask.ts.',
		' */',
	].join('\n');
	expect(unresolved('nodes/PrintStoreTrigger/clock/ticks.ts', sample, known).sort()).toEqual([
		'nodes/PrintStoreTrigger/clock/ticks.ts: file catchUp/address.ts',
		'nodes/PrintStoreTrigger/clock/ticks.ts: folder path catchUp/address',
		'nodes/PrintStoreTrigger/clock/ticks.ts: function checkTriggerUrls',
		'nodes/PrintStoreTrigger/clock/ticks.ts: name freshWaitCaller',
	]);
	expect(unresolvedInDocs('docs/sample.md', '`pipeline/memory.ts` beside `nodes/shared/json.ts`, built to `dist/nodes/shared/json.js`')).toEqual(['docs/sample.md: pipeline/memory.ts']);
});
