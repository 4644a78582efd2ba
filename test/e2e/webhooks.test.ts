/**
 * The production path: a workflow activated in n8n starts from its production webhook URL and runs
 * the Print Store node; its executions are read back. The same calls serve trigger workflows
 * (activate, then wait for the executions the sandbox's callbacks cause).
 */
import { randomUUID } from 'node:crypto';

import type { WorkflowJson } from '../../scripts/n8n/client';
import { nodeOutput } from '../../scripts/n8n/executions';
import { CREDENTIAL_TYPE, PRINT_STORE_TYPE } from '../../scripts/n8n/workflows';
import { describeE2E, e2e } from './helpers/harness';

describeE2E('a production webhook in the real n8n', () => {
	test('an activated workflow answers at its production URL with the Print Store node’s output', async () => {
		const { client, state } = e2e();
		const path = `print-store-e2e-${randomUUID()}`;
		const workflow: WorkflowJson = {
			name: 'e2e: webhook → Print Store',
			nodes: [
				{
					id: randomUUID(),
					name: 'Webhook',
					type: 'n8n-nodes-base.webhook',
					typeVersion: 2,
					position: [0, 0],
					webhookId: randomUUID(),
					parameters: { httpMethod: 'POST', path, responseMode: 'lastNode', options: {} },
				},
				{
					id: randomUUID(),
					name: 'Who am I',
					type: PRINT_STORE_TYPE,
					typeVersion: 1,
					position: [220, 0],
					parameters: { resource: 'user', operation: 'getCurrent', userOptions: { login: '={{ $json.body.login }}' } },
					credentials: { [CREDENTIAL_TYPE]: state.credential },
				},
			],
			connections: { Webhook: { main: [[{ node: 'Who am I', type: 'main', index: 0 }]] } },
			settings: { executionOrder: 'v1' },
		};
		const saved = await client.createWorkflow(workflow);
		const activated = await client.activateWorkflow(saved.id);
		expect(activated.active).toBe(true);

		const response = await fetch(client.webhookUrl(path), {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ login: state.sandboxUser.username }),
		});
		expect(response.status).toBe(200);
		const answer = (await response.json()) as Record<string, unknown>;
		expect(answer.Username).toBe(state.sandboxUser.username);

		const [execution] = await client.waitForExecutions(saved.id, 1);
		expect(execution).toMatchObject({ mode: 'webhook', status: 'success', workflowId: saved.id });
		expect(nodeOutput(execution, 'Who am I')).toEqual([answer]);

		await client.deactivateWorkflow(saved.id);
		expect((await fetch(client.webhookUrl(path), { method: 'POST' })).status).toBe(404);
	});
});
