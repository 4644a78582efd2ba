/**
 * n8n's community-node lint rules that @n8n/eslint-plugin-community-nodes documents upstream
 * (packages/@n8n/eslint-plugin-community-nodes/docs/rules in n8n-io/n8n) but the version installable
 * here (0.32.0, which `npm run lint` and n8n's scanner 0.32.0 run) does not have, written again as
 * checks of the package as n8n sees it: the node and credential classes loaded (so every field
 * counts, wherever it is defined, not only literals in the .node.ts file), the codex files,
 * package.json, the icons, and for the rules about code the .node.ts sources parsed with TypeScript.
 * Each rule follows its upstream documentation and source; where ours reads more (every depth of
 * the description, every published file), that is said beside it. test/release/verification.test.ts
 * runs each on the package and on a sample that breaks it; docs/verification.md lists them.
 */
import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import * as ts from 'typescript';

type Json = Record<string, unknown>;

export interface NodeView {
	/** e.g. nodes/PrintStore/PrintStore.node.ts */
	file: string;
	className: string;
	description: INodeTypeDescription;
	/** The .node.ts source. */
	source: string;
	/** The sibling .node.json codex file, parsed. */
	codex?: Json;
}

export interface CredentialView {
	file: string;
	className: string;
	name: string;
	displayName: string;
	properties: INodeProperties[];
}

export interface PackageView {
	packageJson: Json;
	nodes: NodeView[];
	credentials: CredentialView[];
	/** Every SVG icon the nodes and credentials name: path → content, and the theme it is shown on. */
	icons: Array<{ file: string; svg: string; theme: 'light' | 'dark' | 'both' }>;
}

export interface Problem {
	where: string;
	message: string;
}

export interface Rule {
	/** As upstream: `error` where its recommended config errors, `warn` where it warns. */
	upstream: 'error' | 'warn';
	what: string;
	check(view: PackageView): Problem[];
}

/** The node categories documented for codex files (docs.n8n.io, "Codex files", Node categories). */
export const DOCUMENTED_CATEGORIES = [
	'Analytics',
	'Communication',
	'Data & Storage',
	'Development',
	'Finance & Accounting',
	'Marketing & Content',
	'Miscellaneous',
	'Productivity',
	'Sales',
	'Utility',
];

/** n8n's core node colour, reserved for built-in nodes. */
const CORE_COLOR = '#ff6d5a';
const MAX_HINT = 120;
const PARAMETER_TYPES = new Set([
	'boolean', 'button', 'callout', 'collection', 'color', 'credentials', 'credentialsSelect', 'curlImport', 'cron', 'dateTime',
	'filter', 'fixedCollection', 'hidden', 'icon', 'json', 'multiOptions', 'notice', 'number', 'options', 'resourceLocator',
	'resourceMapper', 'string', 'workflowSelector', 'assignmentCollection',
]);
const CONFIGURABLE_ID_NAME = /^(?:partner|affiliate|reseller|account|tenant|customer|client)(?:[_-]?id)$/i;

/** Every parameter of a description, at every depth: collection options and fixedCollection values too. */
export function everyParameter(properties: INodeProperties[], at = ''): Array<{ parameter: INodeProperties; path: string }> {
	const found: Array<{ parameter: INodeProperties; path: string }> = [];
	for (const parameter of properties ?? []) {
		const path = `${at}/${parameter.name}`;
		found.push({ parameter, path });
		for (const option of (parameter.options ?? []) as unknown as Json[]) {
			if (Array.isArray(option.values)) found.push(...everyParameter(option.values as INodeProperties[], `${path}/${String(option.name)}`));
			else if (typeof option.type === 'string') found.push(...everyParameter([option as unknown as INodeProperties], path));
		}
	}
	return found;
}

const nodeParameters = (node: NodeView) => everyParameter(node.description.properties).map((entry) => ({ ...entry, where: `${node.file}: ${entry.path}` }));
const isTrigger = (node: NodeView) => node.description.group?.includes('trigger') || /Trigger$/.test(node.description.name);
const optionsOf = (parameter: INodeProperties) => ((parameter.options ?? []) as Array<{ name?: unknown; value?: unknown }>).filter((option) => !('type' in option) && !('values' in option));

/** Every `hint` anywhere in an object (upstream walks every object and array of the description). */
function hints(value: unknown, path: string, found: Array<{ hint: string; path: string }> = []) {
	if (Array.isArray(value)) value.forEach((entry, index) => hints(entry, `${path}[${index}]`, found));
	else if (value && typeof value === 'object') {
		for (const [key, entry] of Object.entries(value)) {
			if (key === 'hint' && typeof entry === 'string') found.push({ hint: entry, path });
			hints(entry, `${path}/${key}`, found);
		}
	}
	return found;
}

function parse(file: string, source: string): ts.SourceFile {
	return ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

function visit(node: ts.Node, each: (node: ts.Node) => void) {
	each(node);
	node.forEachChild((child) => visit(child, each));
}

const nameOf = (name: ts.PropertyName | ts.BindingName | ts.Expression | undefined): string | undefined =>
	name && (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name)) ? name.text : undefined;
const isStringLiteralValue = (node: ts.Node | undefined) => !!node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node));

/** WCAG contrast of two #rrggbb colours. */
function contrast(a: string, b: string): number {
	const luminance = (hex: string) => {
		const [r, g, bl] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
		return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
	};
	const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
	return (light + 0.05) / (dark + 0.05);
}

const expandHex = (hex: string) => (hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex).toLowerCase();

export const RULES: Record<string, Rule> = {
	'single-credential-per-node': {
		upstream: 'error',
		what: 'a node uses one credential at a time (alternatives only behind mutually exclusive displayOptions)',
		check: (view) =>
			view.nodes.flatMap((node) => {
				const credentials = node.description.credentials ?? [];
				const multi = new Set(nodeParameters(node).filter(({ parameter }) => parameter.type === 'multiOptions').map(({ parameter }) => parameter.name));
				const exclusive = (a: Json, b: Json) => {
					const show = (c: Json) => ((c.displayOptions as Json | undefined)?.show ?? {}) as Record<string, unknown[]>;
					return Object.entries(show(a)).some(([name, values]) => !multi.has(name) && Array.isArray(show(b)[name]) && values.every((value) => !show(b)[name].includes(value)));
				};
				for (let i = 0; i < credentials.length; i++)
					for (let j = i + 1; j < credentials.length; j++)
						if (!exclusive(credentials[i] as unknown as Json, credentials[j] as unknown as Json)) return [{ where: node.file, message: `credentials ${credentials[i].name} and ${credentials[j].name} can both be in use at once` }];
				return [];
			}),
	},
	'no-codex-subcategories': {
		upstream: 'error',
		what: 'no codex subcategories (the package does not use the AI Node SDK)',
		check: (view) =>
			view.nodes.flatMap((node) => [
				...(node.codex && 'subcategories' in node.codex ? [{ where: `${node.file} codex`, message: 'has subcategories' }] : []),
				...(node.description.codex && 'subcategories' in node.description.codex ? [{ where: node.file, message: 'description.codex has subcategories' }] : []),
			]),
	},
	'valid-node-categories': {
		upstream: 'error',
		what: 'codex categories are from the documented list (so "Marketing & Content", not "Marketing")',
		check: (view) =>
			view.nodes.flatMap((node) => {
				const categories = node.codex?.categories ?? node.description.codex?.categories;
				if (categories === undefined) return [];
				if (!Array.isArray(categories) || categories.length === 0) return [{ where: node.file, message: 'categories is not a non-empty list' }];
				return categories.filter((category) => !DOCUMENTED_CATEGORIES.includes(category as string)).map((category) => ({ where: `${node.file} codex`, message: `"${String(category)}" is not a documented category` }));
			}),
	},
	'no-ai-codex-category': {
		upstream: 'error',
		what: 'no "AI" codex category without the AI Node SDK',
		check: (view) => view.nodes.filter((node) => [...((node.codex?.categories as unknown[]) ?? []), ...(node.description.codex?.categories ?? [])].includes('AI')).map((node) => ({ where: node.file, message: 'category "AI"' })),
	},
	'no-logic-or-flow-nodes': {
		upstream: 'error',
		what: 'no Logic or Flow category or subcategory (n8n accepts no such community nodes)',
		check: (view) =>
			view.nodes.filter((node) => /"(Logic|Flow)"/.test(JSON.stringify([node.codex?.categories, node.codex?.subcategories, node.description.codex]))).map((node) => ({ where: node.file, message: 'Logic or Flow' })),
	},
	'hint-max-length': {
		upstream: 'warn',
		what: `every hint at most ${MAX_HINT} characters (longer text belongs in the description)`,
		check: (view) => view.nodes.flatMap((node) => hints(node.description, node.file).filter(({ hint }) => hint.length > MAX_HINT).map(({ path, hint }) => ({ where: path, message: `hint of ${hint.length} characters` }))),
	},
	'options-sorted-alphabetically': {
		upstream: 'warn',
		what: "the options of every options parameter sorted by name (case-insensitive), but an Operation list's Custom API Call last, where n8n puts its own; upstream reads the .node.ts top level only, this reads every depth",
		check: (view) =>
			view.nodes.flatMap((node) =>
				nodeParameters(node)
					.filter(({ parameter }) => parameter.type === 'options' && Array.isArray(parameter.options))
					.flatMap(({ parameter, where }) => {
						const all = optionsOf(parameter).map((option) => option.name);
						const names = parameter.name === 'operation' && all.at(-1) === 'Custom API Call' ? all.slice(0, -1) : all;
						if (names.length < 2 || names.some((name) => typeof name !== 'string')) return [];
						const sorted = [...(names as string[])].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
						return names.every((name, index) => name === sorted[index]) ? [] : [{ where, message: `options not sorted: ${names.join(', ')}` }];
					}),
			),
	},
	'resource-operation-pattern': {
		upstream: 'warn',
		what: 'a regular node has an Operation field whose every option has an action; more than 5 operations only grouped by resource',
		check: (view) =>
			view.nodes
				.filter((node) => !isTrigger(node))
				.flatMap((node) => {
					const top = node.description.properties;
					const operations = top.filter((parameter) => parameter.name === 'operation');
					if (operations.length === 0) return [{ where: node.file, message: 'no Operation field' }];
					const problems = operations.flatMap((parameter) => optionsOf(parameter).filter((option) => !('action' in option) || !(option as Json).action).map((option) => ({ where: `${node.file}: operation ${String(option.value)}`, message: 'no action' })));
					if (!top.some((parameter) => parameter.name === 'resource') && operations.some((parameter) => optionsOf(parameter).length > 5)) problems.push({ where: node.file, message: 'more than 5 operations without resources' });
					return problems;
				}),
	},
	'require-mit-license': {
		upstream: 'error',
		what: 'package.json license is MIT',
		check: (view) => (view.packageJson.license === 'MIT' ? [] : [{ where: 'package.json', message: `license is ${JSON.stringify(view.packageJson.license)}` }]),
	},
	'no-hardcoded-ids': {
		upstream: 'error',
		what: 'no fixed partner, affiliate, reseller, account, tenant, customer or client ID in the node sources',
		check: (view) =>
			view.nodes.flatMap((node) => {
				const problems: Problem[] = [];
				visit(parse(node.file, node.source), (each) => {
					let name: string | undefined;
					let value: ts.Node | undefined;
					if (ts.isVariableDeclaration(each)) [name, value] = [nameOf(each.name), each.initializer];
					else if (ts.isPropertyAssignment(each) || ts.isPropertyDeclaration(each)) [name, value] = [nameOf(each.name), each.initializer];
					else if (ts.isBinaryExpression(each) && each.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
						const left = each.left;
						name = ts.isIdentifier(left) ? left.text : ts.isPropertyAccessExpression(left) ? left.name.text : ts.isElementAccessExpression(left) && ts.isStringLiteral(left.argumentExpression) ? left.argumentExpression.text : undefined;
						value = each.right;
					}
					if (name && CONFIGURABLE_ID_NAME.test(name) && isStringLiteralValue(value)) problems.push({ where: node.file, message: `${name} is a fixed string` });
				});
				return problems;
			}),
	},
	'require-param-default': {
		upstream: 'error',
		what: 'every parameter, at every depth, declares a default',
		check: (view) =>
			view.nodes.flatMap((node) => nodeParameters(node).filter(({ parameter }) => PARAMETER_TYPES.has(parameter.type) && !('default' in parameter)).map(({ where }) => ({ where, message: 'no default' }))),
	},
	'no-duplicate-param-options': {
		upstream: 'warn',
		what: 'no two options of one parameter share a name or a value',
		check: (view) =>
			view.nodes.flatMap((node) =>
				nodeParameters(node)
					.filter(({ parameter }) => parameter.type === 'options' || parameter.type === 'multiOptions')
					.flatMap(({ parameter, where }) => {
						const options = optionsOf(parameter);
						const twice = (key: 'name' | 'value') => options.map((option) => JSON.stringify(option[key])).filter((entry, index, all) => all.indexOf(entry) !== index);
						return [...twice('name'), ...twice('value')].map((entry) => ({ where, message: `${entry} twice` }));
					}),
			),
	},
	'no-asterisk-in-option-names': {
		upstream: 'warn',
		what: 'no * in option names',
		check: (view) =>
			view.nodes.flatMap((node) => nodeParameters(node).flatMap(({ parameter, where }) => optionsOf(parameter).filter((option) => String(option.name).includes('*')).map((option) => ({ where, message: `option "${String(option.name)}"` })))),
	},
	'node-class-description-non-core-color': {
		upstream: 'warn',
		what: "not n8n's core colour #FF6D5A",
		check: (view) =>
			view.nodes.filter((node) => [node.description.defaults?.color, (node.description as unknown as Json).color].some((color) => typeof color === 'string' && color.toLowerCase() === CORE_COLOR)).map((node) => ({ where: node.file, message: 'core colour' })),
	},
	'node-class-description-name-camelcase': {
		upstream: 'error',
		what: 'description.name is camelCase',
		check: (view) => view.nodes.filter((node) => !/^[a-z][a-zA-Z0-9]*$/.test(node.description.name)).map((node) => ({ where: node.file, message: `name "${node.description.name}"` })),
	},
	'node-filename-against-convention': {
		upstream: 'error',
		what: 'the .node.ts file is named after description.name',
		check: (view) =>
			view.nodes.filter((node) => (node.file.split('/').pop() ?? '').replace(/\.node\.ts$/, '').toLowerCase() !== node.description.name.toLowerCase()).map((node) => ({ where: node.file, message: `name "${node.description.name}"` })),
	},
	'cred-class-name-suffix': {
		upstream: 'error',
		what: 'credential class names end in Api',
		check: (view) => view.credentials.filter((credential) => !/Api$/.test(credential.className)).map((credential) => ({ where: credential.file, message: credential.className })),
	},
	'cred-class-name-field-conventions': {
		upstream: 'error',
		what: 'credential name fields start in lower case and end in Api',
		check: (view) => view.credentials.filter((credential) => !/^[a-z][a-zA-Z0-9]*Api$/.test(credential.name)).map((credential) => ({ where: credential.file, message: credential.name })),
	},
	'cred-filename-against-convention': {
		upstream: 'error',
		what: 'credential files are named <ClassName>.credentials.ts',
		check: (view) => view.credentials.filter((credential) => !credential.file.endsWith(`/${credential.className}.credentials.ts`)).map((credential) => ({ where: credential.file, message: credential.className })),
	},
	'no-monorepo': {
		upstream: 'error',
		what: 'package.json has no repository.directory (one package per repository)',
		check: (view) => ((view.packageJson.repository as Json | undefined)?.directory ? [{ where: 'package.json', message: 'repository.directory' }] : []),
	},
	'require-community-node-keyword': {
		upstream: 'warn',
		what: 'package.json keywords include n8n-community-node-package',
		check: (view) => (((view.packageJson.keywords as string[] | undefined) ?? []).includes('n8n-community-node-package') ? [] : [{ where: 'package.json', message: 'keyword missing' }]),
	},
	'require-continue-on-fail': {
		upstream: 'error',
		what: "every node class's execute() calls this.continueOnFail()",
		check: (view) =>
			view.nodes.flatMap((node) => {
				const problems: Problem[] = [];
				visit(parse(node.file, node.source), (each) => {
					if (!ts.isMethodDeclaration(each) || nameOf(each.name) !== 'execute' || !each.body) return;
					let calls = false;
					visit(each.body, (inner) => {
						if (ts.isCallExpression(inner) && ts.isPropertyAccessExpression(inner.expression) && inner.expression.expression.kind === ts.SyntaxKind.ThisKeyword && inner.expression.name.text === 'continueOnFail') calls = true;
					});
					if (!calls) problems.push({ where: node.file, message: 'execute() does not call this.continueOnFail()' });
				});
				return problems;
			}),
	},
	'node-execute-block': {
		upstream: 'error',
		what: 'every NodeOperationError made in a .node.ts file has an { itemIndex } option',
		check: (view) =>
			view.nodes.flatMap((node) => {
				const problems: Problem[] = [];
				visit(parse(node.file, node.source), (each) => {
					if (!ts.isNewExpression(each) || !ts.isIdentifier(each.expression) || each.expression.text !== 'NodeOperationError') return;
					const last = each.arguments?.at(-1);
					const hasIndex = !!last && ts.isObjectLiteralExpression(last) && last.properties.some((property) => nameOf(property.name) === 'itemIndex');
					if (!hasIndex) problems.push({ where: node.file, message: 'NodeOperationError without itemIndex' });
				});
				return problems;
			}),
	},
	'open-ended-node-fields': {
		upstream: 'warn',
		what: 'no optional JSON field at the top level of a node (those belong in Additional Fields)',
		check: (view) =>
			view.nodes.flatMap((node) => node.description.properties.filter((parameter) => parameter.type === 'json' && parameter.required !== true).map((parameter) => ({ where: `${node.file}: /${parameter.name}`, message: 'optional JSON field at the top level' }))),
	},
	'icon-contrast': {
		upstream: 'warn',
		what: 'each icon has a colour of at least 1.5:1 contrast on the background it is shown on (white; #2b2b2b in the dark theme)',
		check: (view) =>
			view.icons.flatMap((icon) => {
				const colors = [...icon.svg.matchAll(/(?:fill|stroke|stop-color)\s*[=:]\s*"?\s*(#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3})\b/g)].map((match) => expandHex(match[1]));
				if (colors.length === 0) colors.push('#000000');
				const backgrounds = icon.theme === 'light' ? ['#ffffff'] : icon.theme === 'dark' ? ['#2b2b2b'] : ['#ffffff', '#2b2b2b'];
				return backgrounds
					.filter((background) => Math.max(...colors.map((color) => contrast(color, background))) < 1.5)
					.map((background) => ({ where: icon.file, message: `no colour stands out on ${background}` }));
			}),
	},
};
