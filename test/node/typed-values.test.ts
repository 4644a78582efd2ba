/**
 * Values as users type or map them, sent as meant (read from the sandbox's request log): a login
 * with spaces around it, and a JSON order item whose callback URLs are empty while Status Callbacks
 * gives them.
 */
import type { IDataObject } from 'n8n-workflow';

import { runPrintStore } from '../helpers/engine';
import { credentialsFor, crmOrderItem, useSandbox } from '../helpers/sandbox';

const env = useSandbox();

/** Create with one JSON order item and the given callback settings. */
async function createFromJson(orderItem: IDataObject, callbacks: IDataObject) {
	return await runPrintStore({
		parameters: { resource: 'order', operation: 'create', storeId: env.sandbox.storeId, inputMode: 'json', orderItemJson: JSON.stringify(orderItem), ...callbacks },
		credentials: await credentialsFor(env.sandbox),
	});
}

test('Get Current User: a login with spaces around it is sent without them', async () => {
	const result = await runPrintStore({
		parameters: { resource: 'user', operation: 'getCurrent', userOptions: { login: '  alice@print-store.test ' } },
		credentials: await credentialsFor(env.sandbox),
	});
	expect(result.json[0].Username).toBe('alice');
	const [sent] = (await env.api.requests()).filter((entry) => entry.path === '/api/v1/user');
	expect(sent.rawPath).toBe('/api/v1/user?login=alice%40print-store.test');
});

test('Create: empty callback URLs in the JSON order item do not clash with Custom URLs; the custom ones are sent', async () => {
	const orderItem = { ...crmOrderItem(3), StatusCallbackUrl: '', StatusDetailsCallbackUrl: '' };
	const result = await createFromJson(orderItem, { statusCallbacks: 'custom', statusCallbackUrl: 'http://127.0.0.1:9/status' });
	expect(result.error).toBeUndefined();
	const [sent] = (await env.api.requests()).filter((entry) => entry.method === 'POST' && entry.path.endsWith('/order'));
	const item = ((sent.body as IDataObject).Items as IDataObject[])[0];
	expect(item.StatusCallbackUrl).toBe('http://127.0.0.1:9/status');
	expect(item.StatusDetailsCallbackUrl).toBeUndefined();
});

test('Create: a Custom URL whose expression gives null (an empty CRM field) is left out; the other one is sent', async () => {
	const statusOnly = await createFromJson(crmOrderItem(5), { statusCallbacks: 'custom', statusCallbackUrl: 'http://127.0.0.1:9/status', statusDetailsCallbackUrl: '={{ null }}' });
	const detailsOnly = await createFromJson(crmOrderItem(6), { statusCallbacks: 'custom', statusCallbackUrl: '={{ null }}', statusDetailsCallbackUrl: 'http://127.0.0.1:9/details' });
	expect([statusOnly.error, detailsOnly.error]).toEqual([undefined, undefined]);
	const sent = (await env.api.requests())
		.filter((entry) => entry.method === 'POST' && entry.path.endsWith('/order'))
		.map((entry) => ((entry.body as IDataObject).Items as IDataObject[])[0]);
	expect(sent.map((item) => [item.StatusCallbackUrl, item.StatusDetailsCallbackUrl])).toEqual([
		['http://127.0.0.1:9/status', undefined],
		[undefined, 'http://127.0.0.1:9/details'],
	]);
});

test.each([
	['custom', { statusCallbackUrl: 'http://127.0.0.1:9/status' }, 'Custom URLs'],
	['trigger', {}, 'From Print Store Trigger in This Workflow'],
])('Create: a JSON order item with its own callback URL while Status Callbacks is "%s" is refused before sending', async (statusCallbacks, extra, label) => {
	const result = await createFromJson({ ...crmOrderItem(4), StatusDetailsCallbackUrl: 'http://127.0.0.1:9/mine' }, { statusCallbacks, ...extra });
	expect(result.error?.message).toBe(
		`Invalid "Order Item (JSON).StatusDetailsCallbackUrl" in item 0: is given in the order item while Status Callbacks is "${label}". Remove it from the JSON, or set Status Callbacks to "None" to send the order item's own URLs.`,
	);
	expect((await env.api.requests()).filter((entry) => entry.path.startsWith('/api/v1/'))).toEqual([]);
});

test('Create: Custom URLs with only spaces typed is "no URL", refused before sending', async () => {
	const result = await createFromJson(crmOrderItem(5), { statusCallbacks: 'custom', statusCallbackUrl: '   ', statusDetailsCallbackUrl: ' ' });
	expect(result.error?.message).toBe('Invalid "Status Callback URL" in item 0: give at least one callback URL, or choose "None"');
	expect((await env.api.requests()).filter((entry) => entry.path.startsWith('/api/v1/'))).toEqual([]);
});

test.each([
	['42', 'must be a JSON object, got 42'],
	['[1, 2]', 'must be a JSON object'],
	['null', 'must be a JSON object'],
])('Create with Custom URLs: a JSON order item %s is named as no object, the URLs not added to it', async (orderItemJson, problem) => {
	const result = await runPrintStore({
		parameters: { resource: 'order', operation: 'create', storeId: env.sandbox.storeId, inputMode: 'json', orderItemJson, statusCallbacks: 'custom', statusCallbackUrl: 'http://127.0.0.1:9/status' },
		credentials: await credentialsFor(env.sandbox),
	});
	expect(result.error?.message).toMatch(new RegExp(`^Invalid "Order Item \\(JSON\\)" in item 0: ${problem.replace(/[[\]]/g, '\\$&')}`));
});

test('Create: a bad Custom URL next to a JSON order item is named by its editor field, not as part of the JSON', async () => {
	const result = await runPrintStore({
		parameters: { resource: 'order', operation: 'create', storeId: env.sandbox.storeId, inputMode: 'json', orderItemJson: JSON.stringify(crmOrderItem(6)), statusCallbacks: 'custom', statusDetailsCallbackUrl: 'not a url' },
		credentials: await credentialsFor(env.sandbox),
	});
	expect(result.error?.message).toMatch(/^Invalid "Status Details Callback URL" in item 0: .*http\(s\) URL/);
});
