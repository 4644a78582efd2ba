/**
 * n8n 3.0's settings on the n8n this project pins (2.41.1, one process; n8n 3.0 itself runs only
 * from Docker images, which cannot run here). One stack, restarted with each set of settings
 * (scripts/n8n/n8n3.ts) and with the suite's own at the end:
 * - n8n's Migration Report for 3.0 with every example workflow imported: each finding is one
 *   docs/n8n-3.md answers (the order desk's embedded chat the only one naming an example), and the
 *   unverified-packages one shows until the package is verified (test-artifacts/migration-report-v3.json);
 * - the package installed from N8N_COMMUNITY_PACKAGES, as in a container, with unverified packages
 *   off (3.0's default): n8n does not start, and says why;
 * - unverified packages off and SSRF protection on, allowing only the API's host: what a user
 *   sees (2.41.1 still loads the npm-installed package; its in-app installer refuses it), every
 *   operation, the trigger, and a wait whose checks n8n's protection blocks (a clear error);
 * - the README's SSRF settings (n8n's own address allowed too): a wait resumes by its callbacks and,
 *   when the service drops them, by its checks.
 * The API's host here is `localhost` (the sandbox, by name) and n8n's own address 127.0.0.1, as a
 * public API and an n8n on a private address are in a deployment.
 * Only in the one-process setup (jest.e2e.config.js): queue mode's 3.0 run is
 * n8n-3-manual-runs.queue.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { Execution, WorkflowNode } from '../../scripts/n8n/client';
import { nodeOutput, nodeRuns } from '../../scripts/n8n/executions';
import { asEnvironment, CONTAINER_INSTALL, N8N3_UNVERIFIED_DEFAULT, SSRF_PROTECTION } from '../../scripts/n8n/n8n3';
import { connectOAuth2Credential } from '../../scripts/n8n/oauth';
import { ARTIFACTS_DIR } from '../../scripts/n8n/runtime';
import { CREDENTIAL_TYPE, exampleFiles, loadExample, PACKAGE_NODE_PREFIX, printStoreTestWorkflow, withCredential, type CredentialRef } from '../../scripts/n8n/workflows';
import { describeE2E, e2e, expectSuccess, restartN8n, runPrintStore, startCreateThenWait, type NodeRun, untilExecutionWaits } from './helpers/harness';

type Json = Record<string, unknown>;

const STORE = 'store_main';
const JOINABLE_STORE = 'store_joinable';
/** The API's host, by name: the sandbox listens on 127.0.0.1, which `localhost` resolves to here. */
const API_HOST = 'localhost';

/** What the report says, by rule: every finding there is, and whether it concerns this package or its examples. */
const ANSWERED: Record<string, 'package' | 'instance'> = {
	// The package and its examples: answered in docs/n8n-3.md and README.md.
	'unverified-packages-v3': 'package',
	'docker-only-deployment-v3': 'package',
	'offload-manual-executions-v3': 'package',
	'ssrf-default-blocked-ranges-v3': 'package',
	// The instance's own defaults, whatever it runs: recorded in docs/n8n-3.md.
	'compression-node-limits-v3': 'instance',
	'task-runner-task-timeout-v3': 'instance',
	'workflow-import-url-removed-v3': 'instance',
	// An example: the order desk's Chat Trigger is an embedded chat (README, "n8n 3.0 and Docker").
	'chat-trigger-embedded-json-v3': 'package',
};

/** The workflow findings that name an example, by rule: each answered as ANSWERED says. */
const EXAMPLE_FINDINGS: Record<string, string[]> = { 'chat-trigger-embedded-json-v3': ['order-desk-agent.json'] };

/** The examples each workflow finding names (the report's workflows of this file, by example file). */
function examplesNamed(report: { affected: Record<string, string[]> }): Record<string, string[]> {
	const named: Record<string, string[]> = {};
	for (const [rule, names] of Object.entries(report.affected)) {
		const examples = names.filter((name) => name.startsWith(REPORT_PREFIX)).map((name) => name.slice(REPORT_PREFIX.length)).sort();
		if (examples.length > 0) named[rule] = examples;
	}
	return named;
}
const REPORT_PREFIX = 'n8n 3 report: ';

interface ReportRule {
	ruleId: string;
	ruleTitle: string;
	nbAffectedWorkflows?: number;
	instanceIssues?: Array<{ title: string }>;
}
interface Report {
	report: { targetVersion: string; currentVersion: string; instanceResults: ReportRule[]; workflowResults: ReportRule[] };
	totalWorkflows: number;
}

/** The Migration Report for v3, computed afresh, with the workflows each workflow finding names. */
async function migrationReport() {
	const { client } = e2e();
	const light = await client.rest<Report>('POST', '/breaking-changes/report/refresh?version=v3');
	const affected: Record<string, string[]> = {};
	for (const rule of light.report.workflowResults) {
		const full = await client.rest<{ affectedWorkflows?: Array<{ name: string }> }>('GET', `/breaking-changes/report/${rule.ruleId}`);
		affected[rule.ruleId] = (full.affectedWorkflows ?? []).map((workflow) => workflow.name);
	}
	return { ...light, affected };
}

const ruleIds = (report: Report) => [...report.report.instanceResults, ...report.report.workflowResults].map((rule) => rule.ruleId).sort();

const recorded: Json = {};
function record(name: string, value: unknown) {
	recorded[name] = value;
	mkdirSync(ARTIFACTS_DIR, { recursive: true });
	writeFileSync(path.join(ARTIFACTS_DIR, 'migration-report-v3.json'), `${JSON.stringify(recorded, null, 2)}\n`);
}

/** A second credential for the same sandbox account, with the API's address by host name; connected through OAuth2 in the running n8n. */
async function credentialByHostName(): Promise<CredentialRef> {
	const { client, state } = e2e();
	const byName = (url: string) => url.replace('//127.0.0.1:', `//${API_HOST}:`);
	const created = await client.createCredential({
		name: `Print Store sandbox via ${API_HOST} ${randomUUID().slice(0, 6)}`,
		type: CREDENTIAL_TYPE,
		data: {
			baseUrl: byName(state.sandbox.baseUrl),
			authUrl: byName(state.sandbox.authorizationUrl),
			accessTokenUrl: byName(state.sandbox.tokenUrl),
			clientId: state.sandbox.clientId,
			clientSecret: state.sandbox.clientSecret,
			scope: '',
			authentication: 'header',
			subscriptionKey: state.sandbox.subscriptionKey,
		},
	});
	await connectOAuth2Credential(client, created.id, state.sandboxUser);
	return { id: created.id, name: created.name };
}

/** Runs one Print Store node with `credential`; returns the run and the API requests the sandbox received meanwhile. */
async function runAgainstApi(credential: CredentialRef, title: string, parameters: Json, options: { items?: Json[]; typeVersion?: number } = {}) {
	const { sandbox } = e2e();
	const before = (await sandbox.requests()).at(-1)?.seq ?? 0;
	const run = await runPrintStore({ title: `n8n 3 settings: ${title}`, parameters, credential, ...options });
	const requests = (await sandbox.requests()).filter((request) => request.seq > before && request.path.startsWith('/api/v1/'));
	return { run, requests };
}

function expectReachedApi({ run, requests }: { run: NodeRun; requests: unknown[] }) {
	expectSuccess(run);
	expect(requests.length).toBeGreaterThan(0);
}

const order = (reference: string) => ({
	order: {
		Product: { ID: 'postcard-4x6', Quantity: 25 },
		Recipient: { NameFirst: 'Settings', NameLast: 'Three', AddressLine1: '3 Release Road', City: 'Springfield', Country: 'US' },
		PartnerOrderReference: reference,
	},
});

/** Manual trigger → orders → Create (resume address as callback) → Wait Until Delivered; started, not awaited. */
async function startCreateAndWait(credential: CredentialRef, title: string, count: number, wait: Json): Promise<{ executionId: string; workflowId: string }> {
	return await startCreateThenWait({
		name: `n8n 3 settings: ${title}`,
		credential,
		storeId: STORE,
		items: Array.from({ length: count }, (_, index) => order(`n8n3-${randomUUID().slice(0, 8)}-${index}`)),
		wait,
	});
}

/** Waits until the execution waits, then moves its orders to Delivered; returns the finished execution. */
async function deliverWhileWaiting(executionId: string): Promise<Execution> {
	const { client, sandbox } = e2e();
	const waiting = await untilExecutionWaits(executionId);
	for (const created of nodeOutput(waiting, 'Create orders')) await sandbox.advance(String(created.ID), { toStatusId: 5 });
	return await client.waitForExecution(executionId, 180_000);
}

describeE2E('n8n 3.0 settings on n8n 2.41.1 (one process)', () => {
	// The suite's own settings again: restored by the next file (test/e2e/setup/settings.ts).
	afterAll(async () => {
		await e2e().sandbox.setProfiles([]);
	}, 120_000);

	test('Migration Report for 3.0 with every example imported: each finding is answered, the one example it names too; unverified packages show until verification', async () => {
		const { client, state } = e2e();
		const examples = exampleFiles();
		for (const file of examples) await client.createWorkflow({ ...withCredential(loadExample(file), state.credential), name: `${REPORT_PREFIX}${file}` });

		// With the suite's settings, which are the README's (N8N_UNVERIFIED_PACKAGES_ENABLED=true).
		const withReadme = await migrationReport();
		record('with the README settings', withReadme);
		expect(withReadme.report.targetVersion).toBe('v3');
		expect(examplesNamed(withReadme)).toEqual(EXAMPLE_FINDINGS);
		expect(ruleIds(withReadme).filter((id) => !(id in ANSWERED))).toEqual([]);
		expect(ruleIds(withReadme)).not.toContain('unverified-packages-v3');

		// As an instance that never set it: n8n warns that 3.0 will not load unverified packages.
		await restartN8n({ N8N_UNVERIFIED_PACKAGES_ENABLED: null });
		const asDefault = await migrationReport();
		record('N8N_UNVERIFIED_PACKAGES_ENABLED unset', asDefault);
		expect(ruleIds(asDefault)).toContain('unverified-packages-v3');
		expect(ruleIds(asDefault).filter((id) => !(id in ANSWERED))).toEqual([]);
		expect(examplesNamed(asDefault)).toEqual(EXAMPLE_FINDINGS);
	}, 300_000);

	test('installed from N8N_COMMUNITY_PACKAGES (a container install) with unverified packages off, 3.0\'s default: n8n does not start, and says why', async () => {
		const settings = { ...asEnvironment(CONTAINER_INSTALL), ...N8N3_UNVERIFIED_DEFAULT };
		const refused = await restartN8n(settings).then(
			() => 'started',
			(error: Error) => error.message,
		);
		record('N8N_COMMUNITY_PACKAGES with unverified packages off', { settings, answer: refused.slice(0, 4000) });
		expect(refused).toMatch(/N8N_COMMUNITY_PACKAGES: no checksum available for 'n8n-nodes-print-store@\d+\.\d+\.\d+' and unverified packages are disabled/);
	}, 180_000);

	describe('unverified packages off, SSRF protection on allowing only the API host', () => {
		let credential: CredentialRef;

		beforeAll(async () => {
			await restartN8n({ ...N8N3_UNVERIFIED_DEFAULT, ...asEnvironment(SSRF_PROTECTION, { N8N_SSRF_ALLOWED_HOSTNAMES: API_HOST }) });
			credential = await credentialByHostName();
		}, 180_000);

		test('2.41.1 still loads the package installed with npm; the editor hides unverified installs and its installer refuses the package', async () => {
			const { client } = e2e();
			const types = await (await client.raw('GET', '/types/nodes.json')).text();
			expect(types).toContain(`"${PACKAGE_NODE_PREFIX}printStore"`);
			expect(types).toContain(`"${PACKAGE_NODE_PREFIX}printStoreTrigger"`);
			const settings = await client.rest<Json>('GET', '/settings');
			expect(settings.unverifiedCommunityNodesEnabled).toBe(false);
			const install = await client.raw('POST', '/rest/community-packages', { body: { name: 'n8n-nodes-print-store' } });
			const answer = await install.text();
			record('the in-app installer, unverified packages off', { status: install.status, message: (JSON.parse(answer) as { message?: string }).message });
			expect(answer).toContain('Installation of unverified community packages is forbidden!');
			// The node runs.
			expectReachedApi(await runAgainstApi(credential, 'user', { resource: 'user', operation: 'getCurrent' }));
		});

		test('the credential through the API host: the suite\'s credential, at 127.0.0.1, is refused by n8n with its own message', async () => {
			const refused = await runPrintStore({ title: 'n8n 3 settings: API at a private address', parameters: { resource: 'user', operation: 'getCurrent' } });
			expect(refused.execution.status).toBe('error');
			expect(`${refused.error?.message} ${refused.error?.description}`).toMatch(/blocked|restricted/i);
		});

		test('every operation reaches the API', async () => {
			const { state, sandbox } = e2e();
			const [item] = [order(`n8n3-ops-${randomUUID().slice(0, 8)}`)];
			const orderJson = { inputMode: 'json', orderItemJson: '={{ JSON.stringify($json.order) }}' };
			expectReachedApi(await runAgainstApi(credential, 'price', { resource: 'order', operation: 'getPriceQuote', storeId: STORE, ...orderJson }, { items: [item] }));
			const created = await runAgainstApi(credential, 'create', { resource: 'order', operation: 'create', storeId: STORE, ...orderJson }, { items: [item] });
			expectReachedApi(created);
			const placed = created.run.json[0] as { ID: string; OrderNumber: string };
			await sandbox.advance(placed.ID);
			const runs: Array<[string, Json, number?]> = [
				['get by ID', { resource: 'order', operation: 'get', storeId: STORE, orderId: { __rl: true, mode: 'id', value: placed.ID } }],
				['get by number', { resource: 'order', operation: 'get', storeId: STORE, orderId: { __rl: true, mode: 'orderNumber', value: placed.OrderNumber } }],
				['status history', { resource: 'order', operation: 'getStatusHistory', storeId: STORE, orderId: { __rl: true, mode: 'id', value: placed.ID } }],
				['get many orders', { resource: 'order', operation: 'getAll', storeId: STORE, limit: 2 }, 4],
				['get many products', { resource: 'product', operation: 'getAll', storeId: STORE, returnAll: true }, 4],
				['custom API call', { resource: 'order', operation: 'customApiCall', method: 'GET', path: `/store/${STORE}/order/${placed.OrderNumber}` }, 2],
				['join with invite key', { resource: 'store', operation: 'joinWithInviteKey', inviteKey: 'INVITE-JOIN-0005' }],
				// Leaves the store as it was for the files after this one (operations.test.ts joins it).
				['remove application association', { resource: 'store', operation: 'removeApplicationAssociation', applicationId: state.sandbox.applicationId, storeId: JOINABLE_STORE }],
			];
			for (const [title, parameters, typeVersion] of runs) {
				const ran = await runAgainstApi(credential, title, parameters, { typeVersion });
				expect({ title, status: ran.run.execution.status, error: ran.run.error?.message }).toEqual({ title, status: 'success', error: undefined });
				expect(ran.requests.length).toBeGreaterThan(0);
			}
		}, 240_000);

		test("Download Proof and Pages: a file at an address n8n's SSRF protection blocks fails its item, saying so; the history itself arrives", async () => {
			const { sandbox } = e2e();
			const placed = await sandbox.api<Array<{ ID: string }>>('POST', `/store/${STORE}/order`, { Items: [order(`n8n3-files-${randomUUID().slice(0, 8)}`).order] });
			await sandbox.advance(placed.body[0].ID, { toStatusId: 3 });
			const parameters = { resource: 'order', operation: 'getStatusHistory', storeId: STORE, orderId: { __rl: true, mode: 'id', value: placed.body[0].ID }, statusOptions: { latestOnly: true } };
			// The records' file URLs name the sandbox by its private address (127.0.0.1), which only the API's host name is allowed past.
			const refused = await runAgainstApi(credential, 'files at a blocked address', { ...parameters, downloadFiles: 'both' });
			record('a proof at an address SSRF protection blocks', { message: refused.run.error?.message, description: refused.run.error?.description });
			expect(refused.run.execution.status).toBe('error');
			expect(refused.run.error?.message).toMatch(/^The (proof|page 1) of item 0 could not be downloaded from 127\.0\.0\.1:\d+: n8n's SSRF protection refuses requests to this host/);
			expect(refused.run.error?.description).toMatch(/N8N_SSRF_/);
			expectReachedApi(await runAgainstApi(credential, 'history without files', parameters));
		});

		test('the trigger: Create gives it the orders\' callbacks; each status event starts one execution, enriched through the API', async () => {
			const { client } = e2e();
			const built = printStoreTestWorkflow({
				name: 'n8n 3 settings: trigger',
				credential,
				items: [order(`n8n3-trigger-${randomUUID().slice(0, 8)}-0`), order(`n8n3-trigger-${randomUUID().slice(0, 8)}-1`)],
				nodeName: 'Create orders',
				parameters: { resource: 'order', operation: 'create', storeId: STORE, inputMode: 'json', orderItemJson: '={{ JSON.stringify($json.order) }}', statusCallbacks: 'trigger' },
			});
			const trigger: WorkflowNode = {
				id: randomUUID(),
				name: 'Print Store Trigger',
				type: `${PACKAGE_NODE_PREFIX}printStoreTrigger`,
				typeVersion: 1,
				position: [0, 300],
				webhookId: randomUUID(),
				parameters: { events: ['status'], enrich: 'statusHistory', options: {} },
				credentials: { printStoreOAuth2Api: credential },
			};
			built.workflow.nodes.push(trigger);
			const saved = await client.createWorkflow(built.workflow);
			await client.activateWorkflow(saved.id);
			try {
				const execution = await client.runManually(saved.id, built.triggerName);
				expect(execution.status).toBe('success');
				const [placed, other] = nodeOutput(execution, 'Create orders') as Array<{ ID: string }>;
				// Each order's Received first: two callbacks in flight at once start their executions in either order.
				await client.waitForExecutions(saved.id, 3);
				await e2e().sandbox.advance(placed.ID, { toStatusId: 2 });
				// The manual run, each order's Received, and the first order's In Production.
				const events = (await client.waitForExecutions(saved.id, 4)).filter((run) => run.mode === 'webhook');
				const items = events.flatMap((run) => nodeOutput(run, 'Print Store Trigger'));
				const of = (id: string) => items.filter((item) => item.OrderID === id).map((item) => item.StatusDescription);
				expect([of(placed.ID), of(other.ID)]).toEqual([['Received', 'In Production'], ['Received']]);
				for (const item of items) {
					expect(item.enrichmentError).toBeUndefined();
					expect(Array.isArray(item.statusHistory)).toBe(true);
				}
			} finally {
				await client.deactivateWorkflow(saved.id);
			}
		}, 240_000);

		test('a wait whose checks n8n\'s SSRF protection blocks (n8n\'s own address is private): the node stops at once, saying which setting to change', async () => {
			const { client } = e2e();
			const { executionId } = await startCreateAndWait(credential, 'wait, checks blocked', 2, { checkEvery: 3, checkEveryUnit: 'seconds' });
			const execution = await client.waitForExecution(executionId, 120_000);
			expect(execution.status).toBe('error');
			const error = execution.data?.resultData.error;
			record('a wait whose checks SSRF protection blocks', { message: error?.message, description: error?.description });
			expect(error?.message).toMatch(/n8n's SSRF protection/);
			expect(error?.description).toMatch(/N8N_SSRF_ALLOWED_HOSTNAMES/);
			expect(error?.description).toMatch(/N8N_SSRF_ALLOWED_IP_RANGES/);
		}, 240_000);
	});

	describe("the README's SSRF settings: the API host and n8n's own address allowed", () => {
		let credential: CredentialRef;

		beforeAll(async () => {
			const { state } = e2e();
			const n8nAddress = new URL(state.n8n.url).hostname;
			await restartN8n({
				...N8N3_UNVERIFIED_DEFAULT,
				// n8n's address here is an IP address: those are allowed by range.
				...asEnvironment(SSRF_PROTECTION, { N8N_SSRF_ALLOWED_HOSTNAMES: API_HOST, N8N_SSRF_ALLOWED_IP_RANGES: `${n8nAddress}/32` }),
			});
			credential = await credentialByHostName();
		}, 180_000);

		test('a wait resumes from its orders\' callbacks', async () => {
			const { executionId } = await startCreateAndWait(credential, 'wait, callbacks', 2, { checkEvery: 1, checkEveryUnit: 'hours' });
			const execution = await deliverWhileWaiting(executionId);
			expect(execution.status).toBe('success');
			expect(nodeRuns(execution, 'Wait until delivered')).toHaveLength(1);
			expect(nodeOutput(execution, 'Wait until delivered').map((item) => [item.outcome, item.resumedBy])).toEqual([
				['reached', 'callback'],
				['reached', 'callback'],
			]);
		}, 300_000);

		test('the service drops every callback: the wait\'s own checks resume it', async () => {
			await e2e().sandbox.setProfiles(['drop-callbacks']);
			try {
				const { executionId } = await startCreateAndWait(credential, 'wait, checks', 2, { checkEvery: 3, checkEveryUnit: 'seconds' });
				const execution = await deliverWhileWaiting(executionId);
				expect(execution.status).toBe('success');
				expect(nodeOutput(execution, 'Wait until delivered').map((item) => [item.outcome, item.resumedBy])).toEqual([
					['reached', 'check'],
					['reached', 'check'],
				]);
			} finally {
				await e2e().sandbox.setProfiles([]);
			}
		}, 300_000);
	});
});
