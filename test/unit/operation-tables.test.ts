/**
 * Each operation owns its truth: its `*.operation.ts` declares its fields, its execute and its API
 * call (name, whether it acts once, what each status code means). What lists operations elsewhere
 * (each resource's option list, which n8n's lint rules read literally; the canvas subtitle; the
 * tool descriptions) must name the same operations, and nothing else: this fails when one of them
 * has an operation the others lack.
 */
import type { INodePropertyOptions } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { TOOL_DESCRIPTIONS } from '../../nodes/PrintStore/actions/router';
import { api as customRequest } from '../../nodes/PrintStore/actions/custom/customApiCall.operation';
import { operations } from '../../nodes/PrintStore/actions/router';
import { PrintStore } from '../../nodes/PrintStore/PrintStore.node';
import { CREDENTIALS, isRepeatable } from '../../nodes/shared/apiCalls';
import { nodeTypes, PRINT_STORE_TYPE } from '../helpers/engine';

const description = new PrintStore().description;
const optionsOf = (name: string, resource?: string) =>
	description.properties
		.filter((property) => property.name === name && (resource === undefined || property.displayOptions?.show?.resource?.includes(resource)))
		.flatMap((property) => (property.options ?? []) as INodePropertyOptions[]);

// Both versions' Resource lists (version 1 also has Custom API Call as a resource).
const resources = [...new Set(optionsOf('resource').map((option) => String(option.value)))].filter((value) => value !== 'customApiCall');
/** Operations that make another operation's call, and say so. */
const SHARED_CALLS: Record<string, string> = { 'order.waitForStatus': 'order.getStatusHistory' };

test('every resource of the Resource list has its operations, and the router has no other resource', () => {
	expect(Object.keys(operations).sort()).toEqual([...resources].sort());
});

test.each(resources)('%s: its option list and its operations name the same operations (Custom API Call apart)', (resource) => {
	const listed = optionsOf('operation', resource).map((option) => String(option.value));
	expect(listed).toContain('customApiCall');
	expect(listed.filter((value) => value !== 'customApiCall').sort()).toEqual(Object.keys(operations[resource]).sort());
});

test.each(resources.flatMap((resource) => Object.keys(operations[resource]).map((operation) => [resource, operation])))(
	'%s.%s declares its fields, its execute and its API call',
	(resource, operation) => {
		const module = operations[resource][operation];
		expect(typeof module.execute).toBe('function');
		expect(module.description.length).toBeGreaterThan(0);
		for (const field of module.description) expect(field.displayOptions?.show?.operation).toEqual([operation]);
		const own = `${resource}.${operation}`;
		const shared = SHARED_CALLS[own];
		if (shared) {
			const [otherResource, otherOperation] = shared.split('.');
			expect(module.api).toBe(operations[otherResource][otherOperation].api);
		} else {
			expect(module.api.name).toBe(own);
		}
		// Every call can meet an expired or wrong credential.
		expect(module.api.meanings[401]).toBe(CREDENTIALS);
		expect(typeof isRepeatable(module.api, 'GET')).toBe('boolean');
	},
);

test('the operations that act once are the writes that could act twice, as their files declare', () => {
	const actsOnce = Object.values(operations)
		.flatMap((resource) => Object.values(resource))
		.filter((module) => module.api.actsOnce === true)
		.map((module) => module.api.name);
	expect([...new Set(actsOnce)].sort()).toEqual(['order.create', 'store.joinWithInviteKey', 'store.removeApplicationAssociation']);
	// Each says what to check when it may have acted, except the removal (a second try reports no association).
	for (const module of Object.values(operations).flatMap((resource) => Object.values(resource))) {
		if (module.api.mayHaveActed !== undefined) expect(module.api.actsOnce).toBe(true);
	}
	expect(customRequest.actsOnce).toBe('unlessRead');
});

/**
 * The canvas subtitle as n8n's editor shows it: the node description's subtitle resolved by n8n's
 * expression engine for a node with these parameters. The one test of the subtitle (the editor's
 * canvas shows what this resolves to).
 */
function subtitleFor(resource: string, operation: string, version = 4): unknown {
	const node = { id: 'n', name: 'Print Store', type: PRINT_STORE_TYPE, typeVersion: version, position: [0, 0] as [number, number], parameters: { resource, operation } };
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	return workflow.expression.getSimpleParameterValue(node, description.subtitle!, 'internal', {});
}

test('the canvas subtitle names each operation of each resource, also where two resources share an operation\'s value, and no other', () => {
	for (const resource of resources) {
		for (const [value, module] of Object.entries(operations[resource])) {
			expect({ resource, value, subtitle: subtitleFor(resource, value) }).toEqual({ resource, value, subtitle: module.option.action });
		}
	}
	expect(subtitleFor('order', 'getAll')).toBe('Get many orders');
	expect(subtitleFor('product', 'getAll')).toBe('Get many products');
	expect(subtitleFor('user', 'customApiCall')).toBe('Make custom API call');
	// Version 1 also has Custom API Call as a resource.
	expect(subtitleFor('customApiCall', 'customApiCall', 1)).toBe('Make custom API call');
	// And no operation that is not there.
	const actions = JSON.parse(/\((\{.*\})\) \}\}$/.exec(description.subtitle!)![1]) as Record<string, string>;
	const keys = resources.flatMap((resource) => Object.keys(operations[resource]).map((operation) => `${resource}.${operation}`)).concat('customApiCall').sort();
	expect(Object.keys(actions).sort()).toEqual(keys);
});

test('the tool descriptions name exactly the operations there are', () => {
	const toolKeys = Object.keys(TOOL_DESCRIPTIONS).sort();
	const expected = resources.flatMap((resource) => Object.keys(operations[resource]).map((operation) => `${resource}.${operation}`)).concat('customApiCall').sort();
	expect(toolKeys).toEqual(expected);
});

/**
 * Adding an operation is its own file and one line in its resource's `operations`: here a made-up
 * Order > Archive (the module below stands for its file; the mocked index adds it to `operations`,
 * the one line), and the node's Operation list, canvas subtitle, tool Description and router all
 * have it, with nothing else touched.
 */
test('a made-up operation added to its resource\'s operations alone appears everywhere operations are listed, and in the router', async () => {
	const archive = {
		option: { name: 'Archive', value: 'archive', description: 'Archive an order', action: 'Archive an order' },
		toolDescription: 'Archive a print order the user names. Returns the archived order.',
		description: [{ displayName: 'Reason', name: 'archiveReason', type: 'string' as const, default: '', displayOptions: { show: { resource: ['order'], operation: ['archive'] } } }],
		api: { name: 'order.archive', actsOnce: true, meanings: {} },
		execute: async function (this: { getInputData(): unknown[] }) {
			return this.getInputData().map((_, item) => ({ json: { archived: true }, pairedItem: { item } }));
		},
	};
	let node: { description: { properties: Array<{ name: string; options?: unknown[]; default?: unknown; displayOptions?: unknown }>; subtitle?: string } } | undefined;
	let isolatedRouter: typeof import('../../nodes/PrintStore/actions/router') | undefined;
	jest.isolateModules(() => {
		jest.doMock('../../nodes/PrintStore/actions/order/index', () => {
			const actual = jest.requireActual('../../nodes/PrintStore/actions/order/index');
			const { resourceDescription } = jest.requireActual('../../nodes/PrintStore/actions/operation');
			// The one line: `export const operations = { create, get, ..., archive };`
			const withArchive = { ...actual.operations, archive };
			return { ...actual, operations: withArchive, description: resourceDescription('order', withArchive, 'create') };
		});
		const { PrintStore: Isolated } = jest.requireActual('../../nodes/PrintStore/PrintStore.node') as { PrintStore: new () => typeof node };
		node = new Isolated();
		isolatedRouter = jest.requireActual<typeof import('../../nodes/PrintStore/actions/router')>('../../nodes/PrintStore/actions/router');
	});
	const orderOperations = node!.description.properties.find((property) => property.name === 'operation' && JSON.stringify(property.displayOptions).includes('"order"'));
	expect((orderOperations?.options as Array<{ name: string }>).map((option) => option.name)).toEqual(['Archive', 'Create', 'Get', 'Get Many', 'Get Price Quote', 'Get Status History', 'Wait Until Status', 'Custom API Call']);
	expect(node!.description.subtitle).toContain('"order.archive":"Archive an order"');
	expect(node!.description.properties.some((property) => property.name === 'archiveReason')).toBe(true);
	expect(isolatedRouter!.TOOL_DESCRIPTIONS['order.archive']).toBe(archive.toolDescription);
	expect(node!.description.properties.filter((property) => property.name === 'toolDescription').map((property) => property.default)).toContain(archive.toolDescription);
	expect(isolatedRouter!.operations.order.archive).toBe(archive);
});
