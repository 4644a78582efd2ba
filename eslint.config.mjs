// `npm run lint` lints the whole tree:
// - the published code (nodes/, credentials/, package.json) with the rules n8n's starter config gives
//   it (`@n8n/node-cli/eslint`, which `n8n-node lint` insists on unchanged: scripts/n8n-node-check.sh
//   runs it on the published files): ESLint's and typescript-eslint's recommended rules, no console,
//   eslint-plugin-n8n-nodes-base's nodes, credentials and community rulesets, and
//   @n8n/eslint-plugin-community-nodes; with inline eslint-disable comments off, as n8n's scanner lints;
// - everything else (sandbox, scripts, bench, tests, the tooling's own files) with typescript-eslint's
//   recommended rules.
// That default config is not imported here: it applies n8n's node rules to every TypeScript file, and
// it brings its own copies of typescript-eslint and eslint-plugin-n8n-nodes-base.
import js from '@eslint/js';
import communityNodes from '@n8n/eslint-plugin-community-nodes';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import * as jsoncParser from 'jsonc-eslint-parser';
import tseslint from 'typescript-eslint';

const published = ['nodes/**/*.ts', 'credentials/**/*.ts'];
const unpublished = ['sandbox/**/*.ts', '{scripts,bench,test}/**/*.{ts,js,mjs}', '*.{js,mjs}'];
const plugins = { 'n8n-nodes-base': n8nNodesBase };

export default [
	{ ignores: ['dist/**', 'node_modules/**', 'examples/**', 'coverage/**', 'test-artifacts/**', 'bench/.runs/**', '.stryker-tmp/**', 'reports/**'] },

	// ESLint's recommended rules on the published code, before typescript-eslint's turn off those TypeScript checks itself.
	{ files: published, ...js.configs.recommended },
	// typescript-eslint's recommended rules: on all of it.
	...tseslint.configs.recommended.map((config) => ({ ...config, files: [...published, ...unpublished] })),
	{
		files: unpublished,
		rules: {
			// A leading underscore names what is left out on purpose (a rest-destructured field, an unused handler argument).
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
		},
	},
	{
		files: ['{scripts,bench,test}/**/*.js', '*.js'],
		languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', process: 'readonly', __dirname: 'readonly', console: 'readonly' } },
		// CommonJS is these files' module system (jest and gulp load them with require()).
		rules: { '@typescript-eslint/no-require-imports': 'off' },
	},

	// The published code, as n8n's starter config lints it.
	{ files: published, rules: { 'prefer-spread': 'off', 'no-console': 'error' } },
	{
		files: ['credentials/**/*.ts'],
		plugins,
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			// For credentials inside n8n's own repository, whose docs live on n8n's site.
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
			// @n8n/community-nodes/credential-password-field judges this better.
			'n8n-nodes-base/cred-class-field-type-options-password-missing': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		plugins,
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			// Superseded: the community rules require NodeConnectionTypes.Main instead of the 'main' literal.
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
			// A service limit (the batch size) is a valid maximum.
			'n8n-nodes-base/node-param-type-options-max-value-present': 'off',
		},
	},
	// Each node's folder is its own: what both nodes use lives in nodes/shared/. An import from one
	// node's folder into the other's, at any depth of '../', would let a change to one node silently
	// change the other.
	{
		files: ['nodes/PrintStore/**/*.ts'],
		rules: {
			'no-restricted-imports': ['error', { patterns: [{ group: ['**/PrintStoreTrigger', '**/PrintStoreTrigger/**'], message: 'The Print Store node must not import from the trigger\'s folder: move what both use to nodes/shared/.' }] }],
		},
	},
	{
		files: ['nodes/PrintStoreTrigger/**/*.ts'],
		rules: {
			'no-restricted-imports': ['error', { patterns: [{ group: ['**/PrintStore', '**/PrintStore/**'], message: 'The Print Store Trigger must not import from the action node\'s folder: move what both use to nodes/shared/.' }] }],
		},
	},
	{ ...communityNodes.configs.recommended, files: [...published, 'package.json'] },
	{
		files: ['package.json'],
		languageOptions: { parser: jsoncParser },
		plugins,
		rules: n8nNodesBase.configs.community.rules,
	},
	{
		// n8n's community package scanner lints the published source with inline configuration off, so an
		// eslint-disable comment there hides nothing from it: here it hides nothing either.
		files: published,
		linterOptions: { noInlineConfig: true },
	},
];
