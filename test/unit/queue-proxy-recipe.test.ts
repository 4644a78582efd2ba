/**
 * The load balancer recipe users copy from docs/queue-mode.md ("Waits: one webhook process per
 * execution") is the one the queue-mode suite runs (scripts/n8n/proxy.ts): the same routing and
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
	const section = docs.slice(docs.indexOf('## Waits: one webhook process per execution'));
	const block = /```\n([\s\S]*?)```/.exec(section);
	if (!block) throw new Error('docs/queue-mode.md has no configuration block under "Waits: one webhook process per execution"');
	return block[1];
}

test("docs/queue-mode.md's haproxy recipe routes and balances as the suite's load balancer does", () => {
	const tested = routing(proxyConfig(8080, [5678, 5679]));
	expect(tested).toContain('balance uri depth 2');
	expect(tested).toContain('hash-type consistent');
	expect(routing(docsRecipe())).toEqual(tested);
});

test('resume calls of one execution, and only they, go to the hashing backend', () => {
	const lines = routing(proxyConfig(8080, [5678, 5679]));
	expect(lines).toContain('acl resume_call path_beg /webhook-waiting/ /form-waiting/');
	expect(lines).toContain('use_backend by-execution if resume_call');
	expect(lines).toContain('default_backend round-robin');
	const byExecution = lines.slice(lines.indexOf('backend by-execution'), lines.indexOf('backend round-robin'));
	expect(byExecution).toContain('balance uri depth 2');
});
