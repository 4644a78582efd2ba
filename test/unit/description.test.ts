/** The node's description as n8n and its editor read it (its canvas subtitle: test/unit/operation-tables.test.ts). */
import type { INode, INodePropertyOptions } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { resourceDescriptions } from '../../nodes/PrintStore/actions/router';
import { PrintStore } from '../../nodes/PrintStore/PrintStore.node';

const description = new PrintStore().description;

test('a version list keeps n8n from adding its own Custom API Call; every resource offers the node’s own', () => {
	// n8n adds its entry only to a node whose defaultVersion equals its version.
	expect(description.defaultVersion).toBe(6);
	expect(description.version).toEqual([1, 2, 3, 4, 5, 6]);
	const lists = resourceDescriptions.filter((property) => property.name === 'operation');
	expect(lists).toHaveLength(5);
	for (const list of lists) {
		const values = (list.options as INodePropertyOptions[]).map((option) => option.value);
		expect(values).toContain('customApiCall');
		expect(values).not.toContain('__CUSTOM_API_CALL__');
	}
});

test('Custom API Call is one option in each resource\'s list from version 2 on; version 1 keeps it as a resource too', () => {
	const resourceLists = description.properties.filter((property) => property.name === 'resource');
	const byVersion = (version: number) =>
		resourceLists
			// n8n's own display rule, as the editor applies it to a node of this version.
			.filter((property) => NodeHelpers.displayParameter({}, property, { typeVersion: version } as INode, description))
			.flatMap((property) => (property.options as INodePropertyOptions[]).map((option) => option.value));
	for (const version of [2, 3, 4, 5, 6]) expect(byVersion(version)).toEqual(['order', 'product', 'store', 'user']);
	expect(byVersion(1)).toEqual(['customApiCall', 'order', 'product', 'store', 'user']);
	// And every resource's list offers it.
	for (const list of resourceDescriptions.filter((property) => property.name === 'operation' && !property.displayOptions?.show?.resource?.includes('customApiCall'))) {
		expect((list.options as INodePropertyOptions[]).map((option) => option.value)).toContain('customApiCall');
	}
});
