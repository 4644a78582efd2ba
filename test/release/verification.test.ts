/**
 * The community-node rules n8n documents upstream that the lint plugin installable here lacks
 * (test/helpers/community-rules.ts): the package meets each, and each is seen failing on a sample
 * that breaks it, so a rule that checked nothing would show here. docs/verification.md lists every
 * verification requirement and where the package meets it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';

import { PrintStoreOAuth2Api } from '../../credentials/PrintStoreOAuth2Api.credentials';
import { PrintStore } from '../../nodes/PrintStore/PrintStore.node';
import { PrintStoreTrigger } from '../../nodes/PrintStoreTrigger/PrintStoreTrigger.node';
import { RULES, type NodeView, type PackageView } from '../helpers/community-rules';

type Json = Record<string, unknown>;
const root = path.resolve(__dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

function nodeView(file: string, className: string, description: INodeTypeDescription): NodeView {
	return { file, className, description, source: read(file), codex: JSON.parse(read(file.replace(/\.ts$/, '.json'))) as Json };
}

function iconsOf(file: string, icon: unknown): PackageView['icons'] {
	const at = (reference: string) => path.relative(root, path.resolve(path.dirname(path.join(root, file)), reference.replace(/^file:/, '')));
	const entries: Array<[string, 'light' | 'dark' | 'both']> =
		typeof icon === 'string' ? [[icon, 'both']] : Object.entries(icon as Record<string, string>).map(([theme, reference]) => [reference, theme as 'light' | 'dark']);
	return entries.map(([reference, theme]) => ({ file: at(reference), svg: read(at(reference)), theme }));
}

function packageView(): PackageView {
	const credential = new PrintStoreOAuth2Api();
	const nodes = [
		nodeView('nodes/PrintStore/PrintStore.node.ts', 'PrintStore', new PrintStore().description),
		nodeView('nodes/PrintStoreTrigger/PrintStoreTrigger.node.ts', 'PrintStoreTrigger', new PrintStoreTrigger().description),
	];
	const credentialFile = 'credentials/PrintStoreOAuth2Api.credentials.ts';
	const icons = [...nodes.flatMap((node) => iconsOf(node.file, node.description.icon)), ...iconsOf(credentialFile, credential.icon)];
	return {
		packageJson: JSON.parse(read('package.json')) as Json,
		nodes,
		credentials: [{ file: credentialFile, className: 'PrintStoreOAuth2Api', name: credential.name, displayName: credential.displayName, properties: credential.properties }],
		icons: icons.filter((icon, index) => icons.findIndex((other) => other.file === icon.file && other.theme === icon.theme) === index),
	};
}

/** A small package that meets every rule; each sample below breaks one thing of it. */
function goodSample(): PackageView {
	const description = {
		displayName: 'Sample',
		name: 'sample',
		group: ['output'],
		version: 1,
		description: 'A sample',
		defaults: { name: 'Sample' },
		inputs: ['main'],
		outputs: ['main'],
		credentials: [{ name: 'sampleApi', required: true }],
		properties: [
			{ displayName: 'Resource', name: 'resource', type: 'options', noDataExpression: true, options: [{ name: 'Contact', value: 'contact' }, { name: 'User', value: 'user' }], default: 'contact' },
			{ displayName: 'Operation', name: 'operation', type: 'options', noDataExpression: true, options: [{ name: 'Get', value: 'get', action: 'Get a contact' }], default: 'get' },
			{ displayName: 'ID', name: 'id', type: 'string', required: true, hint: 'The contact ID', default: '' },
		],
	} as unknown as INodeTypeDescription;
	return {
		packageJson: { name: 'n8n-nodes-sample', license: 'MIT', keywords: ['n8n-community-node-package'], repository: { type: 'git', url: 'https://github.com/example/n8n-nodes-sample.git' } },
		nodes: [
			{
				file: 'nodes/Sample/Sample.node.ts',
				className: 'Sample',
				description,
				source: "export class Sample { async execute() { const clientId = this.getNodeParameter('clientId', 0); if (this.continueOnFail()) return []; throw new NodeOperationError(this.getNode(), 'x', { itemIndex: 0 }); } }",
				codex: { node: 'n8n-nodes-sample.sample', categories: ['Sales', 'Marketing & Content'] },
			},
		],
		credentials: [{ file: 'credentials/SampleApi.credentials.ts', className: 'SampleApi', name: 'sampleApi', displayName: 'Sample API', properties: [] }],
		icons: [{ file: 'icons/sample.svg', svg: '<svg><rect fill="#1F5FA8"/></svg>', theme: 'both' }],
	};
}

type Breaker = (sample: PackageView) => void;
const firstNode = (sample: PackageView) => sample.nodes[0];
const property = (sample: PackageView, name: string) => firstNode(sample).description.properties.find((entry) => entry.name === name) as INodeProperties & Json;
const addProperty = (sample: PackageView, entry: Json) => firstNode(sample).description.properties.push(entry as unknown as INodeProperties);

/** For each rule, what breaks it in the good sample (as upstream's documented examples do). */
const BREAKERS: Record<string, Breaker> = {
	'single-credential-per-node': (sample) => firstNode(sample).description.credentials!.push({ name: 'senderProfile', required: true }),
	'no-codex-subcategories': (sample) => (firstNode(sample).codex!.subcategories = { 'Core Nodes': ['Helpers'] }),
	'valid-node-categories': (sample) => (firstNode(sample).codex!.categories = ['Sales', 'Marketing']),
	'no-ai-codex-category': (sample) => (firstNode(sample).codex!.categories = ['AI']),
	'no-logic-or-flow-nodes': (sample) => (firstNode(sample).codex!.categories = ['Logic']),
	'hint-max-length': (sample) => (property(sample, 'id').hint = 'x'.repeat(121)),
	'options-sorted-alphabetically': (sample) => (property(sample, 'resource').options = [{ name: 'User', value: 'user' }, { name: 'Contact', value: 'contact' }]),
	'resource-operation-pattern': (sample) => delete (property(sample, 'operation').options![0] as unknown as Json).action,
	'require-mit-license': (sample) => (sample.packageJson.license = 'Apache-2.0'),
	'no-hardcoded-ids': (sample) => (firstNode(sample).source = "const options = { qs: { partner_id: 'fixed-partner' } };"),
	'require-param-default': (sample) => addProperty(sample, { displayName: 'Field', name: 'field', type: 'string' }),
	'no-duplicate-param-options': (sample) => (property(sample, 'resource').options = [{ name: 'Contact', value: 'contact' }, { name: 'Contact', value: 'person' }]),
	'no-asterisk-in-option-names': (sample) => (property(sample, 'resource').options = [{ name: '* All', value: 'all' }]),
	'node-class-description-non-core-color': (sample) => (firstNode(sample).description.defaults = { name: 'Sample', color: '#FF6D5A' }),
	'node-class-description-name-camelcase': (sample) => (firstNode(sample).description.name = 'My Node'),
	'node-filename-against-convention': (sample) => (firstNode(sample).file = 'nodes/Sample/Other.node.ts'),
	'cred-class-name-suffix': (sample) => (sample.credentials[0].className = 'SampleCredentials'),
	'cred-class-name-field-conventions': (sample) => (sample.credentials[0].name = 'Sample'),
	'cred-filename-against-convention': (sample) => (sample.credentials[0].file = 'credentials/Sample.credentials.ts'),
	'no-monorepo': (sample) => ((sample.packageJson.repository as Json).directory = 'packages/n8n-nodes-sample'),
	'require-community-node-keyword': (sample) => (sample.packageJson.keywords = ['n8n']),
	'require-continue-on-fail': (sample) => (firstNode(sample).source = 'export class Sample { async execute() { return await router.call(this); } }'),
	'node-execute-block': (sample) => (firstNode(sample).source = "export class Sample { async execute() { if (this.continueOnFail()) return []; throw new NodeOperationError(this.getNode(), 'x'); } }"),
	'open-ended-node-fields': (sample) => addProperty(sample, { displayName: 'Configuration', name: 'configuration', type: 'json', default: '{}' }),
	'icon-contrast': (sample) => (sample.icons = [{ file: 'icons/black.svg', svg: '<svg><path fill="#000000"/></svg>', theme: 'dark' }]),
};

describe("n8n's community-node rules that the installed lint plugin lacks", () => {
	const view = packageView();

	test('every rule has a sample that breaks it', () => {
		expect(Object.keys(BREAKERS).sort()).toEqual(Object.keys(RULES).sort());
	});

	test.each(Object.keys(RULES))('%s: the good sample passes, and the sample that breaks it is caught', (name) => {
		expect(RULES[name].check(goodSample())).toEqual([]);
		const broken = goodSample();
		BREAKERS[name](broken);
		expect(RULES[name].check(broken).length).toBeGreaterThan(0);
	});

	test("options-sorted-alphabetically: an Operation list may end with Custom API Call, as n8n's lists do; the others stay sorted", () => {
		const operations = (names: string[]) => {
			const sample = goodSample();
			property(sample, 'operation').options = names.map((name) => ({ name, value: name, action: name }));
			return RULES['options-sorted-alphabetically'].check(sample);
		};
		expect(operations(['Create', 'Get', 'Custom API Call'])).toEqual([]);
		expect(operations(['Get', 'Custom API Call', 'Update'])).toHaveLength(1);
		expect(operations(['Get', 'Create', 'Custom API Call'])).toHaveLength(1);
	});

	test.each(Object.keys(RULES))('%s: the package meets it', (name) => {
		expect(RULES[name].check(view)).toEqual([]);
	});
});
