/**
 * The example workflows as a new user meets them: imported and run on a real account, they order
 * nothing by mistake and show the newest form of each node. Every Print Store node, tool and trigger
 * is at its node's newest version; every Create sends test orders (Test Mode on, or, as an AI tool,
 * Create Live Orders off), and a workflow that creates orders says in a sticky note how to go live;
 * the store is picked from the list wherever the node offers one. test/e2e/examples.test.ts runs
 * them in a real n8n and reads the sandbox's request log for what they sent.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { PrintStore } from '../../nodes/PrintStore/PrintStore.node';
import { PrintStoreTrigger } from '../../nodes/PrintStoreTrigger/PrintStoreTrigger.node';

interface ExampleNode {
	name: string;
	type: string;
	typeVersion: number;
	parameters: Record<string, unknown>;
}

const folder = path.resolve(__dirname, '..', '..', 'examples');
const files = readdirSync(folder).filter((file) => file.endsWith('.json'));
const examples = files.map((file) => ({ file, nodes: (JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as { nodes: ExampleNode[] }).nodes }));

const newest = (versions: number | number[]) => Math.max(...([] as number[]).concat(versions));
const NEWEST: Record<string, number> = {
	'n8n-nodes-print-store.printStore': newest(new PrintStore().description.version),
	'n8n-nodes-print-store.printStoreTool': newest(new PrintStore().description.version),
	'n8n-nodes-print-store.printStoreTrigger': newest(new PrintStoreTrigger().description.version),
};

/** The package's nodes of an example below their node's newest version, as `name (type vN < M)`. */
export function olderNodes(nodes: ExampleNode[]): string[] {
	return nodes.filter((node) => NEWEST[node.type] !== undefined && node.typeVersion < NEWEST[node.type]).map((node) => `${node.name} (${node.type} v${node.typeVersion} < ${NEWEST[node.type]})`);
}

const isCreate = (node: ExampleNode) => NEWEST[node.type] !== undefined && node.parameters.resource === 'order' && node.parameters.operation === 'create';

/**
 * The Creates of an example that would send live orders: Test Mode off or set by an expression
 * (from version 3; left out, it is on); before version 3, Options > Test Mode not on; as an AI
 * tool, Create Live Orders on.
 */
export function liveCreates(nodes: ExampleNode[]): string[] {
	return nodes
		.filter(isCreate)
		.filter((node) => {
			if (node.type.endsWith('printStoreTool')) return node.parameters.toolLiveOrders !== undefined && node.parameters.toolLiveOrders !== false;
			if (node.typeVersion >= 3) return node.parameters.testMode !== undefined && node.parameters.testMode !== true;
			return (node.parameters.options as Record<string, unknown> | undefined)?.testMode !== true;
		})
		.map((node) => node.name);
}

/** The package's store fields of an example not picked from the list: `node: field`. */
function typedStores(nodes: ExampleNode[]): string[] {
	return nodes.flatMap((node) =>
		(['storeId', 'enrichStoreId'] as const)
			.filter((field) => NEWEST[node.type] !== undefined && field in node.parameters)
			.filter((field) => (node.parameters[field] as { mode?: string } | undefined)?.mode !== 'list')
			.map((field) => `${node.name}: ${field}`),
	);
}

test('there are example workflows, and each has nodes of this package', () => {
	expect(files.length).toBeGreaterThanOrEqual(8);
	for (const { nodes } of examples) expect(nodes.some((node) => NEWEST[node.type] !== undefined)).toBe(true);
});

test.each(examples.map(({ file, nodes }) => [file, nodes] as const))('%s: each node at its newest version, no live orders, the store picked from the list', (_file, nodes) => {
	expect(olderNodes(nodes)).toEqual([]);
	expect(liveCreates(nodes)).toEqual([]);
	expect(typedStores(nodes)).toEqual([]);
	if (nodes.some(isCreate)) {
		const notes = nodes.filter((node) => node.type === 'n8n-nodes-base.stickyNote').map((node) => String(node.parameters.content));
		expect(notes.join('\n')).toMatch(/test mode/i);
		expect(notes.join('\n')).toMatch(/turn (\*\*Test Mode\*\* off|on \*\*Create Live Orders\*\*)/);
	}
});

test('the checks can fail: an older node, a live Create in each form, a typed store', () => {
	const create = (typeVersion: number, parameters: Record<string, unknown>, type = 'n8n-nodes-print-store.printStore'): ExampleNode => ({
		name: `Create v${typeVersion}`,
		type,
		typeVersion,
		parameters: { resource: 'order', operation: 'create', ...parameters },
	});
	expect(olderNodes([create(4, {}), { ...create(2.1, {}, 'n8n-nodes-print-store.printStoreTrigger'), name: 'Trigger' }])).toEqual([
		'Create v4 (n8n-nodes-print-store.printStore v4 < 6)',
		'Trigger (n8n-nodes-print-store.printStoreTrigger v2.1 < 3)',
	]);
	expect(liveCreates([create(5, { testMode: false }), create(5, { testMode: '={{ false }}' }), create(1, {}), create(2, { options: { testMode: false } }), create(5, { toolLiveOrders: true }, 'n8n-nodes-print-store.printStoreTool')])).toHaveLength(5);
	expect(liveCreates([create(5, {}), create(5, { testMode: true }), create(1, { options: { testMode: true } }), create(5, { toolLiveOrders: false }, 'n8n-nodes-print-store.printStoreTool')])).toEqual([]);
	expect(typedStores([create(5, { storeId: { __rl: true, mode: 'id', value: 'store_main' } }), create(4, { storeId: 'store_main' })])).toHaveLength(2);
});
