/**
 * The editor's text against n8n's UX guidelines for community nodes, read from every field of both
 * nodes (each version's own fields, the AI tool's, the trigger's) and of the credential:
 * - an action (the Operation list's `action`, the node's name when added from the panel) has no
 *   article: "Get order", as n8n writes "Update row in sheet";
 * - a placeholder is an example and starts with "e.g.";
 * - Custom API Call ends each Operation list, where n8n puts its own;
 * - a tooltip (a description, an option's description, a hint, a notice) has at most 40 words and
 *   speaks neither of internals (query strings, static data, network jargon) nor of the node's history
 *   (a field that differs by version is one field per version, each saying only what it does);
 * - one object has one name: the store picker is named alike in every field of a version and in
 *   both nodes' newest versions.
 * Title case (display names, option names) is n8n's lint's (`npm run lint`), and wins where the
 * guidelines differ: docs/verification.md, "The editor's text and n8n's guidelines".
 */
import type { INodeProperties, INodePropertyCollection, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';

import { PrintStoreOAuth2Api } from '../../credentials/PrintStoreOAuth2Api.credentials';
import { storeFieldName } from '../../nodes/shared/ids';
import { PrintStore } from '../../nodes/PrintStore/PrintStore.node';
import { PrintStoreTrigger } from '../../nodes/PrintStoreTrigger/PrintStoreTrigger.node';

export const MAX_TOOLTIP_WORDS = 40;

/** One piece of text the editor shows, where it is, and the field it belongs to. */
export interface EditorText {
	where: string;
	kind: 'action' | 'placeholder' | 'tooltip';
	text: string;
	/** The field's type (a placeholder's meaning depends on it) and, for a resource locator's mode, the mode's type. */
	fieldType?: string;
	modeType?: string;
}

type Entry = INodeProperties | INodePropertyOptions | INodePropertyCollection;

const isProperty = (entry: Entry): entry is INodeProperties => 'type' in entry && typeof (entry as INodeProperties).type === 'string' && 'displayName' in entry;
const isCollectionSection = (entry: Entry): entry is INodePropertyCollection => 'values' in entry && Array.isArray((entry as INodePropertyCollection).values);

/** Every text of a list of fields, at every depth (collections, fixed collections, options, resource locator modes). */
export function editorTexts(fields: readonly Entry[], at: string): EditorText[] {
	const found: EditorText[] = [];
	for (const entry of fields) {
		if (isCollectionSection(entry)) {
			const where = `${at} > ${entry.displayName}`;
			const description = (entry as { description?: unknown }).description;
			if (typeof description === 'string' && description) found.push({ where, kind: 'tooltip', text: description });
			found.push(...editorTexts(entry.values, where));
			continue;
		}
		if (!isProperty(entry)) {
			const option = entry as INodePropertyOptions;
			const where = `${at} > ${option.name}`;
			if (option.description) found.push({ where, kind: 'tooltip', text: option.description });
			if (typeof option.action === 'string') found.push({ where, kind: 'action', text: option.action });
			continue;
		}
		const where = `${at} > ${entry.type === 'notice' ? 'notice' : entry.displayName}`;
		if (entry.type === 'notice') found.push({ where, kind: 'tooltip', text: entry.displayName });
		if (entry.description) found.push({ where, kind: 'tooltip', text: entry.description });
		if (entry.hint) found.push({ where, kind: 'tooltip', text: entry.hint });
		if (typeof entry.placeholder === 'string' && entry.placeholder !== '') found.push({ where, kind: 'placeholder', text: entry.placeholder, fieldType: entry.type });
		for (const mode of entry.modes ?? []) {
			const modeWhere = `${where} (${mode.displayName})`;
			if (mode.hint) found.push({ where: modeWhere, kind: 'tooltip', text: mode.hint });
			if (mode.placeholder) found.push({ where: modeWhere, kind: 'placeholder', text: mode.placeholder, fieldType: entry.type, modeType: mode.type });
		}
		if (Array.isArray(entry.options)) found.push(...editorTexts(entry.options as Entry[], where));
	}
	return found;
}

/** Words of a text as read: HTML tags (links) left out. */
export const wordCount = (text: string) => text.replace(/<[^>]*>/g, ' ').split(/\s+/).filter(Boolean).length;

const ARTICLE = /\b(a|an|the)\b/i;

/**
 * Placeholders that are no example, by what n8n makes of them, so "e.g." would be wrong: a collection's
 * or fixed collection's placeholder is its button ("Add Option"), and a resource locator's From List
 * placeholder is the search box's prompt ("Select a store..."), as in n8n's own nodes. No placeholder
 * of a field is exempt: n8n's lint demands none without "e.g." (it asks an email field for one, and
 * "e.g. name@email.com" is one).
 */
export function isExample(text: EditorText): boolean {
	if (text.fieldType === 'collection' || text.fieldType === 'fixedCollection') return false;
	return text.modeType !== 'list';
}

/** Words that tell of the node's internals or its history, which help no one act. */
const NOT_FOR_USERS: Array<[RegExp, string]> = [
	[/static data/i, 'internals (static data)'],
	[/hairpin/i, 'network jargon (hairpin)'],
	[/\(\w+=\w+\)/, 'a query string'],
	[/\bversions? \d/i, "the node's version history"],
];

export interface Finding {
	rule: string;
	where: string;
	text: string;
}

/** What breaks the guidelines among a description's texts. */
export function findings(texts: readonly EditorText[]): Finding[] {
	const out: Finding[] = [];
	for (const text of texts) {
		if (text.kind === 'action' && ARTICLE.test(text.text)) out.push({ rule: 'action with an article', where: text.where, text: text.text });
		if (text.kind === 'placeholder' && isExample(text) && !text.text.startsWith('e.g. ')) out.push({ rule: 'placeholder without "e.g."', where: text.where, text: text.text });
		if (text.kind === 'tooltip' && wordCount(text.text) > MAX_TOOLTIP_WORDS) out.push({ rule: `tooltip over ${MAX_TOOLTIP_WORDS} words (${wordCount(text.text)})`, where: text.where, text: text.text });
		if (text.kind === 'tooltip') for (const [pattern, what] of NOT_FOR_USERS) if (pattern.test(text.text)) out.push({ rule: `tooltip with ${what}`, where: text.where, text: text.text });
	}
	return out;
}

/** Operation lists whose last option is not Custom API Call, although they offer it. */
export function customApiCallNotLast(properties: readonly INodeProperties[], at: string): Finding[] {
	return properties
		.filter((property) => property.name === 'operation' && property.type === 'options')
		.map((property) => (property.options ?? []) as INodePropertyOptions[])
		.filter((options) => options.length > 1 && options.some((option) => option.value === 'customApiCall') && options.at(-1)?.value !== 'customApiCall')
		.map((options) => ({ rule: 'Custom API Call not last', where: at, text: options.map((option) => option.name).join(', ') }));
}

type VersionCondition = number | { _cnd: Record<string, number> };

function matches(version: number, conditions: VersionCondition[]): boolean {
	return conditions.some((condition) => {
		if (typeof condition === 'number') return condition === version;
		const [[operator, bound]] = Object.entries(condition._cnd);
		return { gte: version >= bound, gt: version > bound, lte: version <= bound, lt: version < bound, eq: version === bound }[operator] ?? false;
	});
}

/** Whether a field shows in a version of its node (its `@version` rules only). */
export function shownIn(property: INodeProperties, version: number): boolean {
	const show = property.displayOptions?.show?.['@version'] as VersionCondition[] | undefined;
	const hide = property.displayOptions?.hide?.['@version'] as VersionCondition[] | undefined;
	return (!show || matches(version, show)) && (!hide || !matches(version, hide));
}

const STORE_FIELDS = ['storeId', 'enrichStoreId'];
export const versionsOf = (description: INodeTypeDescription) => ([] as number[]).concat(description.version);

/** The names the store picker goes by in each version of a node: `version: names`. */
export function storeNames(description: INodeTypeDescription): Map<number, Set<string>> {
	return new Map(
		versionsOf(description).map((version) => [
			version,
			new Set(description.properties.filter((property) => STORE_FIELDS.includes(property.name) && shownIn(property, version)).map((property) => property.displayName)),
		]),
	);
}

/** A store picker with two names in one version, or named differently in the nodes' newest versions. */
export function storeNameFindings(nodes: readonly INodeTypeDescription[]): Finding[] {
	const out: Finding[] = [];
	const newest = new Set<string>();
	for (const node of nodes) {
		const names = storeNames(node);
		for (const [version, inVersion] of names) {
			if (inVersion.size > 1) out.push({ rule: 'one object with two names', where: `${node.displayName} v${version}`, text: [...inVersion].join(' / ') });
		}
		newest.add([...(names.get(Math.max(...versionsOf(node))) ?? [])].join(' / '));
	}
	if (newest.size > 1) out.push({ rule: 'one object with two names', where: 'the newest versions of both nodes', text: [...newest].join(' vs ') });
	return out;
}

const printStore = new PrintStore().description;
const trigger = new PrintStoreTrigger().description;
const credential = new PrintStoreOAuth2Api();

const everyFinding = () => [
	...findings(editorTexts(printStore.properties, 'Print Store')),
	...findings(editorTexts(trigger.properties, 'Print Store Trigger')),
	...findings(editorTexts(credential.properties, credential.displayName)),
	...customApiCallNotLast(printStore.properties, 'Print Store'),
	...storeNameFindings([printStore, trigger]),
];

test('the texts are read: every action, placeholder and tooltip of both nodes and the credential', () => {
	const texts = [...editorTexts(printStore.properties, 'Print Store'), ...editorTexts(trigger.properties, 'Print Store Trigger'), ...editorTexts(credential.properties, 'Credential')];
	// Eleven operations and Custom API Call, each with an action; it is in five lists.
	expect(new Set(texts.filter((text) => text.kind === 'action').map((text) => text.text)).size).toBe(11);
	expect(texts.filter((text) => text.kind === 'placeholder').length).toBeGreaterThan(20);
	expect(texts.filter((text) => text.kind === 'tooltip').length).toBeGreaterThan(150);
	// The notices, the modes' hints and the options' descriptions at depth are among them.
	expect(texts.some((text) => text.where.endsWith('> notice'))).toBe(true);
	expect(texts.some((text) => text.where.includes('(By ID)') && text.kind === 'tooltip')).toBe(true);
	expect(texts.some((text) => text.where.includes('Options > Secret in Callback URLs > As a Path Segment'))).toBe(true);
});

test('the editor follows n8n\'s guidelines: actions without articles, placeholders as examples, Custom API Call last, short tooltips for users, one name per object', () => {
	expect(everyFinding()).toEqual([]);
});

test('an error names the store field as the editor shows it in that version of each node', () => {
	for (const [description, type] of [
		[printStore, 'n8n-nodes-print-store.printStore'],
		[trigger, 'n8n-nodes-print-store.printStoreTrigger'],
	] as const) {
		for (const [version, names] of storeNames(description)) {
			// Every version of both nodes has a store field (the trigger's for reading orders).
			expect([version, [...names]]).toEqual([version, [storeFieldName({ type, typeVersion: version })]]);
		}
	}
});

describe('each rule finds what breaks it', () => {
	const field = (extra: Partial<INodeProperties>): INodeProperties => ({ displayName: 'Field', name: 'field', type: 'string', default: '', ...extra });
	const rulesOf = (properties: INodeProperties[]) => findings(editorTexts(properties, 'Sample')).map((finding) => finding.rule);

	test('an action with an article', () => {
		const operation = (action: string) => field({ name: 'operation', type: 'options', options: [{ name: 'Get', value: 'get', action }] });
		expect(rulesOf([operation('Get an order')])).toEqual(['action with an article']);
		expect(rulesOf([operation('Get the status history of order')])).toEqual(['action with an article']);
		expect(rulesOf([operation('Get order')])).toEqual([]);
	});

	test('a placeholder without "e.g.", but not a collection\'s button or a list\'s prompt', () => {
		expect(rulesOf([field({ placeholder: 'store_1001' })])).toEqual(['placeholder without "e.g."']);
		expect(rulesOf([field({ placeholder: 'name@email.com' })])).toEqual(['placeholder without "e.g."']);
		expect(rulesOf([field({ placeholder: 'e.g. store_1001' })])).toEqual([]);
		expect(rulesOf([field({ type: 'collection', placeholder: 'Add Option', options: [] })])).toEqual([]);
		const locator = (listPlaceholder: string, idPlaceholder: string) =>
			field({ type: 'resourceLocator', modes: [{ displayName: 'From List', name: 'list', type: 'list', placeholder: listPlaceholder }, { displayName: 'By ID', name: 'id', type: 'string', placeholder: idPlaceholder }] });
		expect(rulesOf([locator('Select a store...', 'e.g. store_1001')])).toEqual([]);
		expect(rulesOf([locator('Select a store...', 'store_1001')])).toEqual(['placeholder without "e.g."']);
	});

	test('a tooltip over 40 words, in a description, an option, a hint or a notice', () => {
		const long = Array.from({ length: 41 }, (_, index) => `word${index}`).join(' ');
		const forty = long.replace(/ word40$/, '');
		expect(rulesOf([field({ description: long })])).toEqual(['tooltip over 40 words (41)']);
		expect(rulesOf([field({ hint: long })])).toEqual(['tooltip over 40 words (41)']);
		expect(rulesOf([field({ type: 'notice', displayName: `${forty} <a href="https://example.com/a/b">x</a>` })])).toEqual(['tooltip over 40 words (41)']);
		expect(rulesOf([field({ type: 'options', options: [{ name: 'One', value: 'one', description: long }] })])).toEqual(['tooltip over 40 words (41)']);
		expect(rulesOf([field({ description: forty })])).toEqual([]);
	});

	test('a tooltip with internals or history', () => {
		expect(rulesOf([field({ description: "Whether to keep it in the workflow's static data" })])).toEqual(['tooltip with internals (static data)']);
		expect(rulesOf([field({ description: 'Behind a proxy without hairpin routing' })])).toEqual(['tooltip with network jargon (hairpin)']);
		expect(rulesOf([field({ description: 'Asks for the latest record (latest=true)' })])).toEqual(['tooltip with a query string']);
		expect(rulesOf([field({ description: 'Triggers added before version 2.1 use the path' })])).toEqual(["tooltip with the node's version history"]);
		expect(rulesOf([field({ description: 'Publish the workflow (n8n 1.x: activate it)' })])).toEqual([]);
	});

	test('Custom API Call not last in an Operation list', () => {
		const list = (names: string[]) => [field({ name: 'operation', type: 'options', options: names.map((name) => ({ name, value: name === 'Custom API Call' ? 'customApiCall' : name.toLowerCase() })) })];
		expect(customApiCallNotLast(list(['Custom API Call', 'Get']), 'Sample')).toHaveLength(1);
		expect(customApiCallNotLast(list(['Create', 'Custom API Call', 'Get']), 'Sample')).toHaveLength(1);
		expect(customApiCallNotLast(list(['Create', 'Get', 'Custom API Call']), 'Sample')).toEqual([]);
	});

	test('a store picker with two names in a version, or across the nodes\' newest versions', () => {
		const node = (version: number[], properties: INodeProperties[]) => ({ displayName: 'Sample', version, properties }) as unknown as INodeTypeDescription;
		const upTo1 = { show: { '@version': [{ _cnd: { lte: 1 } }] } };
		const from2 = { show: { '@version': [{ _cnd: { gte: 2 } }] } };
		const storeText = field({ name: 'storeId', displayName: 'Store ID', displayOptions: upTo1 });
		const storePicker = (displayName: string, displayOptions = from2) => field({ name: 'storeId', type: 'resourceLocator', displayName, displayOptions });
		expect(storeNameFindings([node([1, 2], [storeText, storePicker('Store')])])).toEqual([]);
		expect(storeNameFindings([node([1, 2], [storeText, storePicker('Store'), storePicker('Store ID', { show: { '@version': [2] } } as never)])])).toEqual([
			{ rule: 'one object with two names', where: 'Sample v2', text: 'Store / Store ID' },
		]);
		const other = node([1], [field({ name: 'enrichStoreId', type: 'resourceLocator', displayName: 'Store ID' })]);
		expect(storeNameFindings([node([1, 2], [storeText, storePicker('Store')]), other]).map((finding) => finding.where)).toEqual(['the newest versions of both nodes']);
	});
});
