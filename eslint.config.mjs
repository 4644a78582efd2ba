// Lints the published code with n8n's rules for community nodes: eslint-plugin-n8n-nodes-base
// (its nodes, credentials and community rulesets) and @n8n/eslint-plugin-community-nodes; and
// everything else (sandbox, scripts, bench, tests) with typescript-eslint's recommended rules.
import tsParser from '@typescript-eslint/parser';
import tseslint from 'typescript-eslint';
import * as jsoncParser from 'jsonc-eslint-parser';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import communityNodes from '@n8n/eslint-plugin-community-nodes';

const legacy = n8nNodesBase.configs;
const plugins = { 'n8n-nodes-base': n8nNodesBase };

export default [
	{ ignores: ['dist/**', 'node_modules/**', 'examples/**', 'coverage/**', 'test-artifacts/**', 'bench/.runs/**', '.stryker-tmp/**', 'reports/**'] },
	...tseslint.configs.recommended.map((config) => ({ ...config, files: ['sandbox/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', 'test/**/*.ts'] })),
	{
		files: ['sandbox/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', 'test/**/*.ts'],
		rules: {
			// A leading underscore names what is left out on purpose (a rest-destructured field, an unused handler argument).
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
		},
	},
	{
		files: ['scripts/**/*.js', 'test/**/*.js', '*.js'],
		languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', process: 'readonly', __dirname: 'readonly', console: 'readonly' } },
	},
	{ files: ['*.mjs'], languageOptions: { sourceType: 'module' } },
	{
		files: ['package.json'],
		languageOptions: { parser: jsoncParser },
		plugins,
		rules: legacy.community.rules,
	},
	{
		files: ['credentials/**/*.ts'],
		languageOptions: { parser: tsParser, parserOptions: { sourceType: 'module' } },
		plugins,
		rules: {
			...legacy.credentials.rules,
			// Applies to credentials inside n8n's own repository, whose docs live on n8n's site.
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		languageOptions: { parser: tsParser, parserOptions: { sourceType: 'module' } },
		plugins,
		rules: {
			...legacy.nodes.rules,
			// Superseded: community rules require NodeConnectionTypes.Main instead of the 'main' literal.
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
		},
	},
	{
		...communityNodes.configs.recommended,
		files: ['nodes/**/*.ts', 'credentials/**/*.ts', 'package.json'],
		languageOptions: { parser: tsParser, parserOptions: { sourceType: 'module' } },
	},
	{
		files: ['package.json'],
		languageOptions: { parser: jsoncParser },
	},
];
