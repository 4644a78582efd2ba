/**
 * Print Store > Create with Status Callbacks "From Print Store Trigger in This Workflow": it finds
 * the trigger among the workflow's nodes and derives its addresses, reading nothing from static
 * data (as on a queue-mode worker). With two triggers it must be told which one to use.
 * Triggers run through n8n-core's contexts (test/helpers/trigger.ts), Create through n8n's engine,
 * against the sandbox.
 */
import type { IDataObject, INode } from 'n8n-workflow';

import { runPrintStore } from '../helpers/engine';
import { credentialsFor, useSandbox } from '../helpers/sandbox';
import { startTrigger, type TriggerHost, useTriggerHosts } from '../helpers/trigger';

const env = useSandbox();

const hosts = useTriggerHosts();

const order = { Product: { ID: 'postcard-4x6', Quantity: 5 }, Recipient: { NameFirst: 'Ada', AddressLine1: '1 Way', City: 'London', Country: 'GB' } };

async function create(host: TriggerHost, credentials: Awaited<ReturnType<typeof credentialsFor>>, extra: { callbackTrigger?: string; nodes?: INode[]; credentialId?: string; webhookBaseUrl?: string } = {}) {
	return await runPrintStore({
		parameters: {
			resource: 'order',
			operation: 'create',
			storeId: env.sandbox.storeId,
			inputMode: 'json',
			orderItemJson: JSON.stringify(order),
			statusCallbacks: 'trigger',
			...(extra.callbackTrigger === undefined ? {} : { callbackTrigger: extra.callbackTrigger }),
		},
		credentials,
		credentialId: extra.credentialId,
		staticData: {},
		workflow: { ...host.workflow(), ...(extra.nodes ? { nodes: extra.nodes } : {}), ...(extra.webhookBaseUrl === undefined ? {} : { webhookBaseUrl: extra.webhookBaseUrl }) },
	});
}

async function sentUrls(): Promise<IDataObject[]> {
	return (await env.api.orders()).map((stored) => stored.OrderDetails as IDataObject);
}

test('Create sends the addresses the trigger accepts, with the store added; the trigger starts the workflow with them', async () => {
	const credentials = await credentialsFor(env.sandbox);
	const host = await startTrigger({ credentials });
	hosts.push(host);
	await host.activate();
	const created = await create(host, credentials);
	expect(created.error).toBeUndefined();
	const [sent] = await sentUrls();
	expect(sent.StatusCallbackUrl).toBe(`${host.pathUrl('status')}/${host.secret()}/${env.sandbox.storeId}`);
	expect(sent.StatusDetailsCallbackUrl).toBe(`${host.pathUrl('details')}/${host.secret()}/${env.sandbox.storeId}`);
	const delivery = await host.postTo(String(sent.StatusCallbackUrl), JSON.stringify({ OrderID: created.json[0].ID, StatusID: 4, StatusDescription: 'Shipped' }));
	expect(delivery.emitted).toEqual([expect.objectContaining({ OrderID: created.json[0].ID, StatusID: 4, StatusDescription: 'Shipped' })]);
});

test('Create asks which trigger to use, uses the one named, and names an unknown one; nothing is sent until it can tell', async () => {
	const credentials = await credentialsFor(env.sandbox);
	const a = await startTrigger({ name: 'Trigger A', credentials });
	const b = await startTrigger({ name: 'Trigger B', credentials });
	hosts.push(a, b);
	const nodes = [a.node, b.node];
	const either = await create(b, credentials, { nodes });
	expect(either.error?.message).toBe('This workflow has several Print Store Triggers ("Trigger A", "Trigger B")');
	expect(either.error?.description).toBe('Set "Trigger Node Name" to the one to use. Nothing was sent.');
	const unknown = await create(b, credentials, { nodes, callbackTrigger: 'Trigger C' });
	expect(unknown.error?.message).toBe('No Print Store Trigger named "Trigger C" in this workflow');
	expect(await sentUrls()).toHaveLength(0);

	const chosen = await create(b, credentials, { nodes, callbackTrigger: ' Trigger B ' });
	expect(chosen.error).toBeUndefined();
	const [sent] = await sentUrls();
	expect(sent.StatusCallbackUrl).toBe(`${b.createUrl('status')}/${env.sandbox.storeId}`);
	// A Trigger Node Name whose expression gives null is empty: the only trigger (A is disabled).
	const nullName = await create(b, credentials, { nodes: [{ ...a.node, disabled: true }, b.node], callbackTrigger: '={{ null }}' });
	expect(nullName.error).toBeUndefined();
	// A disabled trigger is not a candidate.
	const disabledA = await create(b, credentials, { nodes: [{ ...a.node, disabled: true }, b.node] });
	expect(disabledA.error).toBeUndefined();
});

test('Create says why and sends nothing: no trigger, another credential, no credential, no webhook URL', async () => {
	const credentials = await credentialsFor(env.sandbox);
	const host = await startTrigger({ credentials });
	hosts.push(host);
	const problems = [
		await create(host, credentials, { nodes: [] }),
		await create(host, credentials, { nodes: [{ ...host.node, credentials: { printStoreOAuth2Api: { id: 'cred-2', name: 'Other account' } } }] }),
		await create(host, credentials, { nodes: [{ ...host.node, credentials: undefined }] }),
		await create(host, credentials, { webhookBaseUrl: '' }),
	].map((run) => [run.error?.message, run.error?.description]);
	expect(problems).toEqual([
		['No Print Store Trigger in this workflow', expect.stringContaining('Add a Print Store Trigger')],
		['The Print Store Trigger "Print Store Trigger" uses another credential ("Other account") than this node ("Print Store account")', expect.stringContaining('select the same Print Store credential on both nodes')],
		['The Print Store Trigger "Print Store Trigger" has no credential', expect.stringContaining('or set a Callback Secret')],
		['n8n gave no usable webhook address for this execution', expect.stringContaining('N8N_WEBHOOK_URL')],
	]);
	expect(await sentUrls()).toHaveLength(0);
});

test("the trigger's own Callback Secret and placement are what Create sends, without a credential on the trigger", async () => {
	const credentials = await credentialsFor(env.sandbox);
	const host = await startTrigger({ credentials, credential: false, parameters: { options: { callbackSecret: 'fixed-secret-9', secretPlacement: 'query' } } });
	hosts.push(host);
	await host.activate();
	expect((await create(host, credentials)).error).toBeUndefined();
	const [sent] = await sentUrls();
	expect(sent.StatusCallbackUrl).toBe(`${host.url('status')}?secret=fixed-secret-9&store=${env.sandbox.storeId}`);
	expect((await host.postTo(String(sent.StatusCallbackUrl), JSON.stringify({ OrderID: 'ord_f', StatusID: 4 }))).emitted).toHaveLength(1);
});

test("a trigger whose Callback Secret is an expression: Create cannot evaluate it, says so and sends nothing", async () => {
	const credentials = await credentialsFor(env.sandbox);
	const host = await startTrigger({ credentials, parameters: { options: { callbackSecret: '={{ $vars.callbackSecret }}' } } });
	hosts.push(host);
	const created = await create(host, credentials);
	expect([created.error?.message, created.error?.description]).toEqual([
		'The Callback Secret of the Print Store Trigger "Print Store Trigger" is an expression',
		"This node cannot evaluate another node's expression. Give the trigger a fixed Callback Secret, or clear it and select the same credential on both nodes. Nothing was sent.",
	]);
	expect(await sentUrls()).toHaveLength(0);
	// A fixed secret with "=" elsewhere in it is no expression.
	const equals = await startTrigger({ credentials, parameters: { options: { callbackSecret: 'secret=with-equals=' } } });
	hosts.push(equals);
	expect((await create(equals, credentials)).error).toBeUndefined();
});

test('a trigger activated by an earlier version, without a credential: Create still sends the URLs it registered then', async () => {
	const credentials = await credentialsFor(env.sandbox);
	const host = await startTrigger({ credentials, credential: false });
	hosts.push(host);
	const legacy = { statusUrl: `${host.url('status')}?secret=legacy-1`, detailsUrl: `${host.url('details')}?secret=legacy-1`, registeredAt: '2026-01-01T00:00:00Z' };
	const created = await runPrintStore({
		parameters: { resource: 'order', operation: 'create', storeId: env.sandbox.storeId, inputMode: 'json', orderItemJson: JSON.stringify(order), statusCallbacks: 'trigger' },
		credentials,
		staticData: { global: { printStoreTriggerCallbacks: { 'Print Store Trigger': legacy } } },
		workflow: host.workflow(),
	});
	expect(created.error).toBeUndefined();
	const [sent] = await sentUrls();
	expect(sent.StatusCallbackUrl).toBe(`${legacy.statusUrl}&store=${env.sandbox.storeId}`);
});
