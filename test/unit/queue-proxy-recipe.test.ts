/**
 * The load balancer recipe users copy from docs/queue-mode.md ("One webhook process per
 * execution and per trigger") is the one the queue-mode suite runs (scripts/n8n/proxy.ts): the same routing and
 * balancing lines, only the addresses differ.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { proxyConfig } from '../../scripts/n8n/proxy';

/** The lines that decide where a call goes: everything but comments, addresses and logging. */
function routing(config: string): string[] {
	return config
		.split('\n')
		.map((line) => line.trim())
		.filter((line) => line !== '' && !line.startsWith('#') && !/^(bind|server|log|global|defaults|mode|option httplog|timeout)\b/.test(line));
}

function docsRecipe(): string {
	const docs = readFileSync(path.join(__dirname, '..', '..', 'docs', 'queue-mode.md'), 'utf8');
	const section = docs.slice(docs.indexOf('## One webhook process per execution and per trigger'));
	const block = /```\n([\s\S]*?)```/.exec(section);
	if (!block) throw new Error('docs/queue-mode.md has no configuration block under "One webhook process per execution and per trigger"');
	return block[1];
}

test("docs/queue-mode.md's haproxy recipe routes and balances as the suite's load balancer does", () => {
	const tested = routing(proxyConfig(8080, [5678, 5679]));
	expect(tested).toContain('balance uri depth 2');
	expect(tested).toContain('hash-type consistent');
	expect(routing(docsRecipe())).toEqual(tested);
});

test("resume calls of one execution and the Print Store Trigger's callbacks, and only they, go to the hashing backend", () => {
	const lines = routing(proxyConfig(8080, [5678, 5679]));
	expect(lines).toContain('acl resume_call path_beg /webhook-waiting/ /form-waiting/');
	expect(lines).toContain('acl print_store_callback path_reg ^/webhook/[^/]+/([^/]+/)?(status|details)(/|$)');
	expect(lines).toContain('use_backend by-path if resume_call || print_store_callback');
	expect(lines).toContain('default_backend round-robin');
	const byPath = lines.slice(lines.indexOf('backend by-path'), lines.indexOf('backend round-robin'));
	expect(byPath).toContain('balance uri depth 2');
	// The paths the rule takes: a trigger's callbacks, the secret in the query or in the path; not other webhooks, nor test URLs.
	const rule = new RegExp(lines.find((line) => line.startsWith('acl print_store_callback path_reg '))!.split(' ').pop()!);
	expect(['/webhook/5f1c7a9e/status', '/webhook/5f1c7a9e/details', '/webhook/5f1c7a9e/5f1c7a9e/status/secret', '/webhook/5f1c7a9e/5f1c7a9e/details/secret/store_main'].every((path) => rule.test(path))).toBe(true);
	expect(['/webhook/print-store-crm', '/webhook/crm/statuses', '/webhook-test/5f1c7a9e/status'].some((path) => rule.test(path))).toBe(false);
});
