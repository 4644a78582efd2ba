/**
 * Order > Wait Until Status and Create's "Resume This Execution", through n8n's engine against the
 * sandbox: the resume address Create sends (and hides), and the waits that end at once (every
 * order already settled, a time limit of 0, bad input). The waits that pause the execution run in
 * a real n8n (test/e2e/wait-for-status.test.ts).
 */

import type { IDataObject } from 'n8n-workflow';

import { runPrintStore } from '../helpers/engine';
import { credentialsFor, crmOrderItem, useSandbox } from '../helpers/sandbox';
import { derivedWaitSecret } from '../helpers/secrets';

const env = useSandbox();

async function createOrders(count: number) {
	const result = await runPrintStore({
		parameters: { resource: 'order', operation: 'create', storeId: env.sandbox.storeId, inputMode: 'json', orderItemJson: '={{ JSON.stringify($json.order) }}', statusCallbacks: 'wait' },
		items: Array.from({ length: count }, (_, index) => ({ order: crmOrderItem(index) })),
		credentials: await credentialsFor(env.sandbox),
	});
	expect(result.error).toBeUndefined();
	return result;
}

const waitParameters = (extra: IDataObject = {}) => ({
	resource: 'order',
	operation: 'waitForStatus',
	storeId: env.sandbox.storeId,
	orderId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
	waitFor: ['Delivered'],
	timeLimit: 1,
	timeLimitUnit: 'hours',
	checkEvery: 1,
	checkEveryUnit: 'minutes',
	...extra,
});

test("Create, Resume This Execution: each order carries the execution's resume address with the node's path and secret, hidden in the output", async () => {
	const result = await createOrders(2);
	const sent = (await env.api.requests()).filter((entry) => entry.method === 'POST' && entry.path.endsWith('/order'));
	const items = sent.flatMap((entry) => (entry.body as IDataObject).Items as IDataObject[]);
	expect(items).toHaveLength(2);
	const url = new URL(String(items[0].StatusCallbackUrl));
	expect(`${url.origin}${url.pathname}`).toMatch(/^http:\/\/127\.0\.0\.1:5678\/webhook-waiting\/exec-\d+\/print-store-status$/);
	expect(items[1].StatusCallbackUrl).toBe(items[0].StatusCallbackUrl);
	expect(items[0].StatusDetailsCallbackUrl).toBeUndefined();
	// The secret: an HMAC of the execution ID, keyed with the credential's subscription key and client secret.
	const executionId = url.pathname.split('/')[2];
	const expected = derivedWaitSecret(env.sandbox, executionId);
	expect(url.searchParams.get('secret')).toBe(expected);
	// n8n's own token of the execution (n8n 2.x) is kept too.
	expect(url.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
	for (const order of result.json) {
		const shown = String((order.OrderDetails as IDataObject).StatusCallbackUrl);
		expect(shown).toBe(`http://127.0.0.1:5678/webhook-waiting/${executionId}/print-store-status?signature=SECRET-HIDDEN&secret=SECRET-HIDDEN`);
	}
});

test('Wait Until Status: orders already at the status come out at once, one item per input item, without waiting', async () => {
	const created = await createOrders(3);
	const ids = created.json.map((order) => String(order.ID));
	for (const id of ids) await env.api.advance(id, { toStatusId: 5 });
	const result = await runPrintStore({ parameters: waitParameters(), items: ids.map((id) => ({ id })), credentials: await credentialsFor(env.sandbox) });
	expect(result.error).toBeUndefined();
	expect(result.run.waitTill).toBeUndefined();
	expect(result.json.map((item) => [item.orderId, item.outcome, item.resumedBy, (item.status as IDataObject).StatusDescription])).toEqual(
		ids.map((id) => [id, 'reached', 'alreadyThere', 'Delivered']),
	);
	expect(result.items.map((item) => item.pairedItem)).toEqual(ids.map((_, item) => ({ item })));
	expect(result.json.every((item) => (item.statusHistory as IDataObject[]).length === 5 && !('waitPlan' in item))).toBe(true);
});

test('Wait Until Status: a time limit of 0 ends at once, every order not yet there timed out, with the status it has', async () => {
	const created = await createOrders(2);
	const ids = created.json.map((order) => String(order.ID));
	await env.api.advance(ids[0], { toStatusId: 5 });
	await env.api.advance(ids[1], { toStatusId: 3 });
	const result = await runPrintStore({ parameters: waitParameters({ timeLimit: 0 }), items: ids.map((id) => ({ id })), credentials: await credentialsFor(env.sandbox) });
	expect(result.json.map((item) => [item.outcome, (item.status as IDataObject).StatusDescription])).toEqual([
		['reached', 'Delivered'],
		['timedOut', 'Printed'],
	]);
	expect(result.json[1].resumedBy).toBe('timeLimit');
	expect(String(result.json[1].error)).toMatch(/did not reach Delivered before the time limit/);
});

test('Wait Until Status: an order number, and a status given by its numeric ID', async () => {
	const created = await createOrders(1);
	await env.api.advance(String(created.json[0].ID), { toStatusId: 4 });
	const result = await runPrintStore({
		parameters: waitParameters({ orderId: { __rl: true, mode: 'orderNumber', value: '={{ $json.number }}' }, waitFor: '={{ ["4"] }}' }),
		items: [{ number: created.json[0].OrderNumber }],
		credentials: await credentialsFor(env.sandbox),
	});
	expect(result.json[0]).toMatchObject({ orderNumber: created.json[0].OrderNumber, orderId: created.json[0].ID, outcome: 'reached' });
	expect((result.json[0].status as IDataObject).StatusDescription).toBe('Shipped');
});

test('Wait Until Status: bad input names the field and the item; with Continue On Fail the other items go on', async () => {
	const created = await createOrders(1);
	const id = String(created.json[0].ID);
	await env.api.advance(id, { toStatusId: 5 });
	const credentials = await credentialsFor(env.sandbox);
	const badId = await runPrintStore({ parameters: waitParameters(), items: [{ id }, { id: '../x' }], credentials });
	expect(badId.error?.message).toMatch(/Order \(By ID\)/);
	expect(badId.error?.message).toMatch(/item 1/);
	// Empty from an expression (n8n itself refuses an empty pick in the editor).
	const noStatus = await runPrintStore({ parameters: waitParameters({ waitFor: '={{ [] }}' }), items: [{ id }], credentials });
	expect(noStatus.error?.message).toBe('Invalid "Wait For" in item 0: pick at least one status to wait for');
	const unknown = await runPrintStore({ parameters: waitParameters(), items: [{ id }, { id: 'ord_missing' }], credentials, continueOnFail: true });
	expect(unknown.json[0]).toMatchObject({ orderId: id, outcome: 'reached' });
	expect(String(unknown.json[1].error)).toMatch(/does not exist/);
	expect(unknown.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
});

test('Wait Until Status: statuses typed as text (commas, spaces, empty entries); durations that are no number, below 0 or in an unknown unit are refused by name', async () => {
	const created = await createOrders(1);
	const id = String(created.json[0].ID);
	await env.api.advance(id, { toStatusId: 4 });
	const credentials = await credentialsFor(env.sandbox);
	const typed = await runPrintStore({ parameters: waitParameters({ waitFor: '={{ " Shipped , ,Delivered " }}', failOn: '={{ "Cancelled" }}' }), items: [{ id }], credentials });
	expect(typed.error).toBeUndefined();
	expect(typed.json[0]).toMatchObject({ orderId: id, outcome: 'reached' });
	expect((typed.json[0].status as IDataObject).StatusDescription).toBe('Shipped');
	const refusal = async (extra: IDataObject) =>
		(await runPrintStore({ parameters: waitParameters(extra), items: [{ id }], credentials, continueOnFail: true })).json[0].error;
	expect(await refusal({ waitFor: '={{ null }}' })).toBe('Invalid "Wait For" in item 0: pick at least one status to wait for');
	expect(await refusal({ waitFor: '={{ " , " }}' })).toBe('Invalid "Wait For" in item 0: pick at least one status to wait for');
	expect(await refusal({ timeLimit: -1 })).toBe('Invalid "Time Limit" in item 0: must be a number of hours, 0 or more');
	expect(await refusal({ timeLimit: '={{ "soon" }}' })).toBe('Invalid "Time Limit" in item 0: must be a number of hours, 0 or more');
	expect(await refusal({ timeLimitUnit: '={{ "fortnights" }}' })).toBe('Invalid "Time Limit Unit" in item 0: must be one of seconds, minutes, hours, days');
	expect(await refusal({ checkEvery: -5, checkEveryUnit: 'minutes' })).toBe('Invalid "Check Every" in item 0: must be a number of minutes, 0 or more');
});

test('Wait Until Status: an order already at a Fail On status comes out failed at once; Fail On can be left empty', async () => {
	const created = await createOrders(2);
	const [failed, shipped] = created.json.map((order) => String(order.ID));
	await env.api.advance(failed, { fail: true });
	await env.api.advance(shipped, { toStatusId: 4 });
	const credentials = await credentialsFor(env.sandbox);
	const result = await runPrintStore({ parameters: waitParameters({ waitFor: ['Delivered'], failOn: ['Failed'] }), items: [{ id: failed }], credentials });
	expect(result.json[0]).toMatchObject({ orderId: failed, outcome: 'failed', resumedBy: 'alreadyThere' });
	expect((result.json[0].status as IDataObject).StatusDescription).toBe('Failed');
	// Shipped is a Fail On status by expression here: the wait ends at once, failed.
	const typed = await runPrintStore({ parameters: waitParameters({ failOn: '={{ "Shipped" }}' }), items: [{ id: shipped }], credentials });
	expect(typed.json[0]).toMatchObject({ orderId: shipped, outcome: 'failed' });
	// No Fail On at all is allowed: a time limit of 0 then ends the wait with the order as it is.
	const none = await runPrintStore({ parameters: waitParameters({ failOn: '={{ [] }}', timeLimit: 0 }), items: [{ id: shipped }], credentials });
	expect(none.json[0]).toMatchObject({ orderId: shipped, outcome: 'timedOut' });
});

test('Wait Until Status: a resume address from n8n that is no http(s) URL: nothing waits, and the error says why', async () => {
	const created = await createOrders(1);
	const credentials = await credentialsFor(env.sandbox);
	for (const webhookWaitingBaseUrl of ['localhost:5678/webhook-waiting', 'ftp://n8n.example.com/http://x']) {
		const result = await runPrintStore({ parameters: waitParameters(), items: [{ id: created.json[0].ID }], credentials, webhookWaitingBaseUrl });
		expect(result.run.waitTill).toBeUndefined();
		expect(result.error?.message).toMatch(/^n8n gave no usable resume address for this execution \(got ".*"\); check n8n's WEBHOOK_URL setting$/);
		expect(result.error?.message).toContain(`(got "${webhookWaitingBaseUrl}/exec-`);
		// n8n's token of the address (2.x signature=) is no part of the message.
		expect(result.error?.message).not.toMatch(/signature=(?!SECRET-HIDDEN)/);
	}
});
