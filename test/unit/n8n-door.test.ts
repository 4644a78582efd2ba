/**
 * One door to what n8n does not document: outside nodes/shared/n8nInternals/ no file of nodes/ or
 * credentials/ casts a context to reach what it does not declare, touches n8n's execution stack or
 * its static-data marks, holds a request's copy of n8n's static data past the request, reads n8n's
 * internal expressions, or sends HTTP; only the transport (nodes/shared/transport/) sends the API's
 * requests. No file at all, the door included, wraps n8n's
 * context in a Proxy: what a run reads is passed to it as a value. Each rule is also shown to catch a
 * sample of what it forbids, so a rule that matches nothing cannot pass unnoticed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sourceFiles } from '../helpers/source-files';

const root = path.resolve(__dirname, '..', '..');
const DOOR = 'nodes/shared/n8nInternals/';
const TRANSPORT = 'nodes/shared/transport/';

interface Rule {
	what: string;
	pattern: RegExp;
	/** Where it is allowed besides the door. */
	alsoIn?: string;
	/** Not even the door may do it. */
	nowhere?: true;
	sample: string;
}

const RULES: Rule[] = [
	{ what: 'a cast that reaches past a declared type', pattern: /\bas unknown as\b|\bas any\b|<any>/, sample: 'const nodes = (ctx as unknown as { workflow: Workflow }).workflow.nodes;' },
	{ what: "a webhook name n8n's types do not know", pattern: /\bas WebhookType\b/, sample: "const NAME = 'mine' as WebhookType;" },
	{ what: "n8n's execution stack", pattern: /getExecuteData\s*\(|nodeExecutionStack|runExecutionData/, sample: 'ctx.getExecuteData().data = { main: [items] };' },
	{ what: "the context's undeclared fields", pattern: /\.additionalData\b|\bctx\.workflow\b|\bthis\.workflow\b/, sample: 'const base = ctx.additionalData.webhookBaseUrl;' },
	{ what: "the static data's change mark", pattern: /__dataChanged/, sample: 'root.__dataChanged = true;' },
	{ what: "a hold on a request's copy of n8n's static data past the request", pattern: /new WeakRef\s*\(/, sample: "copies.push(new WeakRef(ctx.getWorkflowStaticData('node')));" },
	{ what: 'a wrapper around a context', pattern: /new Proxy\s*\(/, nowhere: true, sample: 'return new Proxy(ctx, { get: () => undefined });' },
	{ what: "n8n-workflow's NodeHelpers", pattern: /\bNodeHelpers\b/, sample: "NodeHelpers.getNodeWebhookUrl(base, id, node, 'status', false);" },
	{ what: "the tool variant's naming", pattern: /endsWith\(\s*['"]Tool['"]\s*\)/, sample: "const tool = ctx.getNode().type.endsWith('Tool');" },
	{ what: "n8n's own expressions for resuming", pattern: /\$input\.all\(\)|\$execution\.resumeUrl/, sample: "ctx.evaluateExpression('{{ $execution.resumeUrl }}', 0);" },
	{ what: "n8n's own Custom API Call value", pattern: /__CUSTOM_API_CALL__/, sample: "if (resource === '__CUSTOM_API_CALL__') return;" },
	{
		what: 'HTTP sent outside the transport',
		pattern: /helpers\.(httpRequest|request|requestWithAuthentication|requestOAuth2|httpRequestWithAuthentication)\b|\bfetch\s*\(|['"](node:)?https?['"]|['"]axios['"]/,
		alsoIn: TRANSPORT,
		sample: "await ctx.helpers.httpRequest({ method: 'POST', url });",
	},
];


/** Each line of `source` that breaks a rule, as `file:line: what`. */
function violations(file: string, source: string): string[] {
	const inDoor = file.startsWith(DOOR);
	const found: string[] = [];
	source.split('\n').forEach((line, index) => {
		for (const rule of RULES) {
			if (inDoor && !rule.nowhere) continue;
			if (rule.alsoIn && file.startsWith(rule.alsoIn)) continue;
			if (rule.pattern.test(line)) found.push(`${file}:${index + 1}: ${rule.what}`);
		}
	});
	return found;
}

test('nodes/ and credentials/: what n8n does not document is used only through the door, HTTP only through the transport', () => {
	const files = [...sourceFiles('nodes'), ...sourceFiles('credentials')];
	expect(files.length).toBeGreaterThan(40);
	expect(files.flatMap((file) => violations(file, readFileSync(path.join(root, file), 'utf8')))).toEqual([]);
});

test.each(RULES.map((rule) => [rule.what, rule] as const))('the rule against %s catches it outside the door, and inside it only where nothing may', (_what, rule) => {
	expect(violations('nodes/PrintStore/actions/order/probe.ts', rule.sample)).toEqual([`nodes/PrintStore/actions/order/probe.ts:1: ${rule.what}`]);
	expect(violations(`${DOOR}probe.ts`, rule.sample)).toEqual(rule.nowhere ? [`${DOOR}probe.ts:1: ${rule.what}`] : []);
});

test('the transport may send HTTP, and nothing else the door keeps', () => {
	expect(violations(`${TRANSPORT}probe.ts`, 'await this.helpers.httpRequestWithAuthentication.call(this, type, options);')).toEqual([]);
	expect(violations(`${TRANSPORT}probe.ts`, 'ctx.getExecuteData();')).toEqual([`${TRANSPORT}probe.ts:1: n8n's execution stack`]);
});

test('the door holds what the rules keep out of the rest: each rule matches a use inside it', () => {
	const door = sourceFiles(DOOR.replace(/\/$/, '')).map((file) => readFileSync(path.join(root, file), 'utf8')).join('\n');
	const unused = RULES.filter((rule) => !rule.alsoIn && !rule.nowhere && !rule.pattern.test(door)).map((rule) => rule.what);
	expect(unused).toEqual([]);
});
