/**
 * No two files or folders of nodes/ with one name for two things, so that a newcomer who meets
 * `orders.ts` or `lists/` knows which is meant: a file's name is used once among the files, a
 * folder's once among the folders. Except the names that say one role wherever they stand: `index.ts`
 * (a folder's face), an operation's file (`<operation>.operation.ts`, named for its operation within
 * its resource's folder, as n8n's own nodes do), and `reach.ts` (how a self-call reaches n8n, the
 * wait's and the trigger's clock's, so that a reader of wait/ knows clock/). The rule is also run on
 * a made-up tree that breaks it, so a check that finds nothing cannot pass unnoticed.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');

const ROLES = [/^index\.ts$/, /\.operation\.ts$/, /^reach\.ts$/];

function entries(folder: string): Array<{ path: string; folder: boolean }> {
	return readdirSync(path.join(root, folder)).flatMap((entry) => {
		const relative = `${folder}/${entry}`;
		if (statSync(path.join(root, relative)).isDirectory()) return [{ path: relative, folder: true }, ...entries(relative)];
		return relative.endsWith('.ts') ? [{ path: relative, folder: false }] : [];
	});
}

/** Each name two places share, as `name: place, place`. */
function sharedNames(tree: Array<{ path: string; folder: boolean }>): string[] {
	const byName = new Map<string, string[]>();
	for (const entry of tree) {
		const name = path.posix.basename(entry.path);
		if (!entry.folder && ROLES.some((role) => role.test(name))) continue;
		const key = `${entry.folder ? 'folder' : 'file'} ${name}`;
		byName.set(key, [...(byName.get(key) ?? []), entry.path]);
	}
	return [...byName].filter(([, places]) => places.length > 1).map(([name, places]) => `${name}: ${places.join(', ')}`);
}

test('nodes/: each file and folder name stands for one thing', () => {
	const tree = entries('nodes');
	expect(tree.length).toBeGreaterThan(60);
	expect(sharedNames(tree)).toEqual([]);
});

test('the check finds two files, or two folders, of one name; the roles are let through', () => {
	const tree = [
		{ path: 'nodes/shared/lists', folder: true },
		{ path: 'nodes/shared/lists/orders.ts', folder: false },
		{ path: 'nodes/shared/reads/orders.ts', folder: false },
		{ path: 'nodes/PrintStore/lists', folder: true },
		{ path: 'nodes/PrintStore/wait/reach.ts', folder: false },
		{ path: 'nodes/PrintStoreTrigger/clock/reach.ts', folder: false },
		{ path: 'nodes/PrintStore/actions/order/getAll.operation.ts', folder: false },
		{ path: 'nodes/PrintStore/actions/product/getAll.operation.ts', folder: false },
	];
	expect(sharedNames(tree)).toEqual(['folder lists: nodes/shared/lists, nodes/PrintStore/lists', 'file orders.ts: nodes/shared/lists/orders.ts, nodes/shared/reads/orders.ts']);
});
