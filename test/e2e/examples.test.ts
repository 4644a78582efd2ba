/**
 * The workflows in examples/, imported into the real n8n and run there as a user would run them
 * (the editor's "Execute workflow"), checked against the sandbox's records.
 */
import { isFinishedWithData, type SavedWorkflow, type WorkflowJson } from '../../scripts/n8n/client';
import { assertSucceeded, nodeItems, nodeOutput } from '../../scripts/n8n/executions';
import { waitFor } from '../../scripts/n8n/process';
import { findNode, loadExample, manualTrigger, withCredential } from '../../scripts/n8n/workflows';
import { callbacksSettled } from './helpers/catch-up';
import { describeE2E, e2e, expectOnlyTestOrders } from './helpers/harness';

type Json = Record<string, unknown>;

async function importExample(file: string): Promise<{ source: WorkflowJson; saved: SavedWorkflow }> {
	const source = withCredential(loadExample(file), e2e().state.credential);
	return { source, saved: await e2e().client.createWorkflow(source) };
}

/**
 * When the CRM trigger passed on too few events: per order, every attempt the service made at its
 * status callbacks (status, attempt, outcome, HTTP status or error); then every execution of the
 * workflow with the events it carried, to tell a callback the service gave up on from one n8n
 * received and started nothing for, and a catch-up's execution (several events) from a callback's.
 */
async function callbackStory(orders: Json[], workflowId: string): Promise<string> {
	const { client, sandbox } = e2e();
	const deliveries = (await sandbox.callbacks()).filter((delivery) => delivery.kind === 'status');
	const sent = orders.map((order) => {
		const attempts = deliveries
			.filter((delivery) => String(delivery.orderId) === String(order.ID))
			.map((delivery) => {
				const body = (delivery.body ?? {}) as Json;
				const status = String(body.StatusDescription ?? body.StatusID ?? JSON.stringify(body).slice(0, 40));
				return `${status} #${String(delivery.attempt)} ${String(delivery.outcome)}${delivery.httpStatus ? ` ${String(delivery.httpStatus)}` : ''}${delivery.error ? ` (${String(delivery.error)})` : ''}`;
			});
		return `${String(order.OrderNumber)}: sent ${attempts.join(', ') || 'nothing'}`;
	});
	// Listed newest first: in the order they started.
	const executions = (await client.listExecutions(workflowId)).reverse().map((run) => {
		const events = run.data ? nodeOutput(run, 'Status event') : [];
		return `execution ${String(run.id)} ${String(run.mode)} ${String(run.status)}: ${events.map((event) => `${String(event.orderNumber)} ${String(event.status)}`).join(', ')}`;
	});
	return [...sent, ...executions].join('\n');
}

/** The order the sandbox stored for a sample CRM record: product and recipient, field by field, in the API's names. */
function expectOrderOf(record: Json, stored: { OrderDetails: Record<string, unknown> }) {
	expect(stored.OrderDetails.Product).toMatchObject({ ID: record.PrintProduct, Quantity: record.PrintQuantity, DeliveryMethod: record.DeliveryMethod });
	expect(stored.OrderDetails.Recipient).toEqual({
		NameFirst: record.FirstName,
		NameLast: record.LastName,
		CompanyName: record.Company,
		AddressLine1: record.MailingStreet,
		City: record.MailingCity,
		Province: record.MailingState,
		Postalcode: record.MailingPostalCode,
		Country: record.MailingCountry,
		Email: record.Email,
	});
}

describeE2E('examples/ in a real n8n', () => {
	let createdOrders: Json[] = [];
	let crmWorkflowId = '';

	test('"CRM records → price → create orders in batches" prices and creates one order per record, 3 per request', async () => {
		const { client, sandbox } = e2e();
		const { source, saved } = await importExample('crm-records-to-print-orders.json');
		crmWorkflowId = saved.id;
		// Its Print Store Trigger registers the callback URLs that Create orders sends.
		await client.activateWorkflow(saved.id);
		const records = (JSON.parse(String(findNode(source, 'Sample CRM records').parameters.jsonOutput)) as { records: Json[] }).records;
		expect(records.length).toBeGreaterThanOrEqual(5);

		const before = (await sandbox.requests()).at(-1)?.seq ?? 0;
		const execution = assertSucceeded(await client.runManually(saved.id, manualTrigger(source)!.name));
		const requests = (await sandbox.requests()).filter((request) => request.seq > before);
		const batches = Math.ceil(records.length / 3);
		expect(requests.filter((r) => r.method === 'POST' && r.path.endsWith('/order/price'))).toHaveLength(batches);
		expect(await expectOnlyTestOrders(before)).toBe(batches);

		const quotes = nodeOutput(execution, 'Price each order');
		createdOrders = nodeOutput(execution, 'Create orders');
		const summary = nodeOutput(execution, 'Order summary');
		expect(createdOrders).toHaveLength(records.length);
		expect(summary).toHaveLength(records.length);

		const recorded = await sandbox.orders('store_main');
		records.forEach((record, index) => {
			const order = createdOrders[index];
			const inSandbox = recorded.find((candidate) => candidate.ID === order.ID)!;
			expect(inSandbox).toBeDefined();
			expect(inSandbox.PartnerOrderReference).toBe(record.Id);
			expectOrderOf(record, inSandbox);
			expect(quotes[index].PartnerOrderReference).toBe(record.Id);
			expect(summary[index]).toEqual({
				crmRecordId: record.Id,
				orderNumber: inSandbox.OrderNumber,
				orderId: inSandbox.ID,
				status: 'Received',
				recipient: `${String(record.FirstName)} ${String(record.LastName)}`,
				product: record.PrintProduct,
				quantity: record.PrintQuantity,
				quotedTotal: (quotes[index].orderPrices as Json).OrderTotalPrice,
			});
		});
		for (const order of createdOrders) {
			// The trigger starts for both kinds (its declared default): both URLs, in the query form, the secret hidden, then the order's store.
			for (const [field, kind] of [['StatusCallbackUrl', 'status'], ['StatusDetailsCallbackUrl', 'details']]) {
				expect((order.OrderDetails as Json)[field]).toMatch(new RegExp(`/webhook/5f1c7a9e-2b8d-4c1e-9a57-3d6f0e8b4c21/${kind}\\?secret=SECRET-HIDDEN&store=store_main$`));
			}
			expect(order.testMode).toBe(true);
		}
		// Every item of the chain stays linked to its CRM record.
		expect(nodeItems(execution, 'Order summary').map((item) => item.pairedItem)).toEqual(records.map((_, item) => ({ item })));
	});

	test('"order lookup by order number" reads each order and its status history through Delivered', async () => {
		const { client, sandbox } = e2e();
		expect(createdOrders.length).toBeGreaterThan(0);
		for (const order of createdOrders) await sandbox.advance(String(order.ID), { toStatusId: 5 });

		const { source, saved } = await importExample('order-lookup-by-number.json');
		const numbers = createdOrders.map((order) => String(order.OrderNumber));
		findNode(source, 'Order numbers to look up').parameters.jsonOutput = JSON.stringify({ orderNumbers: numbers });
		await client.updateWorkflow(saved.id, { nodes: source.nodes, connections: source.connections });

		const execution = assertSucceeded(await client.runManually(saved.id, manualTrigger(source)!.name));
		const fetched = nodeOutput(execution, 'Get order');
		expect(fetched.map((order) => order.OrderNumber)).toEqual(numbers);
		expect(fetched.every((order) => order.StatusDescription === 'Delivered' && order.Completed === true)).toBe(true);
		// Simplified (version 6's default): the next node reads the order's ID from it.
		expect(fetched.every((order) => typeof order.ID === 'string' && !('OrderDetails' in order))).toBe(true);

		const timeline = nodeOutput(execution, 'Status timeline');
		expect(timeline).toHaveLength(numbers.length * 5);
		for (const number of numbers) {
			const own = timeline.filter((entry) => entry.orderNumber === number);
			expect(own.map((entry) => entry.status)).toEqual(['Received', 'In Production', 'Printed', 'Shipped', 'Delivered']);
			const expected = await sandbox.api<Json[]>('GET', `/store/store_main/order/${number}/status`);
			expect(own.map((entry) => entry.at)).toEqual(expected.body.map((record) => record.Timestamp));
			expect(own[4].signedBy).toBe(expected.body[4].DeliverySignedBy);
			expect(own[3].trackingNumber).toBe(expected.body[3].TrackingNumber);
		}
	});

	test('the CRM workflow\'s trigger passed on each status change of each order once, in order, by callback or by its catch-up', async () => {
		const { client } = e2e();
		const expected = createdOrders.length * 5;
		// Every callback answered first (each change goes to both URLs): a late one could still start an execution.
		await callbacksSettled(
			createdOrders.map((order) => String(order.ID)),
			expected * 2,
		);
		// The trigger's first catch-up (5 s after the publish) may read a status before its callback
		// reaches n8n: it passes that on with the others it found, in one execution, and the callback
		// then starts nothing. So the events are counted, not the executions.
		const runs = await waitFor(
			`${expected} status events of the CRM workflow, every execution finished`,
			async () => {
				const listed = (await client.listExecutions(crmWorkflowId)).filter((run) => run.mode === 'webhook');
				if (!listed.every(isFinishedWithData)) return undefined;
				const events = listed.reduce((count, run) => count + nodeOutput(run, 'Status event').length, 0);
				return events >= expected ? listed.reverse() : undefined;
			},
			{ timeoutMs: 120_000, intervalMs: 500 },
		).catch(async (error: Error) => {
			throw new Error(`${error.message}\n${await callbackStory(createdOrders, crmWorkflowId)}`);
		});
		expect(runs.map((run) => run.status).filter((status) => status !== 'success')).toEqual([]);
		// In the order the executions started, and within one in the order of its items.
		const events = runs.flatMap((run) => nodeOutput(run, 'Status event'));
		expect(events).toHaveLength(expected);
		for (const order of createdOrders) {
			const own = events.filter((event) => event.orderNumber === order.OrderNumber);
			expect(own.map((event) => event.status)).toEqual(['Received', 'In Production', 'Printed', 'Shipped', 'Delivered']);
			expect(own[3].trackingNumber).not.toBe('');
			// Each event links back to its CRM record, whichever callback (or the catch-up) brought it.
			expect(own.map((event) => event.crmRecordId)).toEqual(Array(5).fill(order.PartnerOrderReference));
		}
		await client.deactivateWorkflow(crmWorkflowId);
	});

	test('"orders straight from the input items" maps each CRM record once, 2 per request, 2 in parallel', async () => {
		const { client, sandbox } = e2e();
		const { source, saved } = await importExample('crm-records-to-orders-from-input-items.json');
		const records = (JSON.parse(String(findNode(source, 'Sample CRM records').parameters.jsonOutput)) as { records: Json[] }).records;
		const before = (await sandbox.requests()).at(-1)?.seq ?? 0;
		const execution = assertSucceeded(await client.runManually(saved.id, manualTrigger(source)!.name));
		expect(await expectOnlyTestOrders(before)).toBe(Math.ceil(records.length / 2));

		const created = nodeOutput(execution, 'Create orders');
		expect(created.map((order) => order.PartnerOrderReference)).toEqual(records.map((record) => record.Id));
		const recorded = await sandbox.orders('store_main');
		records.forEach((record, index) => {
			const inSandbox = recorded.find((candidate) => candidate.ID === created[index].ID)!;
			expectOrderOf(record, inSandbox);
		});
		expect(nodeOutput(execution, 'Order summary').map((row) => row.orderNumber)).toEqual(created.map((order) => order.OrderNumber));
	});

	test('"create orders → wait until delivered → update the CRM records": one execution waits in n8n, then writes each delivery back to its record', async () => {
		const { client, sandbox } = e2e();
		const { source, saved } = await importExample('crm-orders-wait-until-delivered.json');
		const records = (JSON.parse(String(findNode(source, 'Sample CRM records').parameters.jsonOutput)) as { records: Json[] }).records;
		const before = (await sandbox.requests()).at(-1)?.seq ?? 0;
		const executionId = await client.startManualRun(saved.id, manualTrigger(source)!.name);
		const waiting = await waitFor(
			`execution ${executionId} to wait`,
			async () => {
				const execution = await client.getExecution(executionId);
				if (execution.status === 'success' || execution.status === 'error') throw new Error(`execution ${executionId} ended "${execution.status}" without waiting`);
				return execution.status === 'waiting' ? execution : undefined;
			},
			{ timeoutMs: 120_000, intervalMs: 250 },
		);
		const created = nodeOutput(waiting, 'Create orders');
		expect(created.map((order) => order.PartnerOrderReference)).toEqual(records.map((record) => record.Id));
		expect(await expectOnlyTestOrders(before)).toBe(Math.ceil(records.length / 2));
		for (const order of created) await sandbox.advance(String(order.ID), { toStatusId: 5 });

		const execution = assertSucceeded(await client.waitForExecution(executionId));
		const updates = nodeOutput(execution, 'Update the CRM record');
		expect(updates).toHaveLength(records.length);
		for (const [index, record] of records.entries()) {
			const history = (await sandbox.api<Json[]>('GET', `/store/store_main/order/${String(created[index].ID)}/status`)).body;
			expect(updates[index]).toEqual({
				Id: record.Id,
				Print_Order_Number__c: created[index].OrderNumber,
				Print_Status__c: 'Delivered',
				Print_Delivered_On__c: history[4].DeliveryDate,
				Print_Signed_By__c: history[4].DeliverySignedBy,
				Print_Tracking_Number__c: history[3].TrackingNumber,
			});
		}
		expect(nodeItems(execution, 'Update the CRM record').map((item) => item.pairedItem)).toEqual(records.map((_, item) => ({ item })));
	});

	test('"notify when shipped or delivered" turns those two events into a notification with the proof attached, and nothing else', async () => {
		const { client, sandbox } = e2e();
		// Real orders: the example downloads each event's proof (read from the order's history, as these events name none).
		const made = await sandbox.api<Json[]>('POST', '/store/store_main/order', {
			Items: ['crm-notify', 'crm-sentinel'].map((reference) => ({ Product: { ID: 'postcard-4x6', Quantity: 10 }, Recipient: { NameFirst: 'Notify', AddressLine1: '1 Main St', City: 'Springfield', Country: 'US' }, PartnerOrderReference: reference })),
		});
		expect(made.status).toBe(200);
		const [order, sentinelOrder] = made.body.map((entry) => ({ id: String(entry.ID), number: String(entry.OrderNumber) }));
		for (const { id } of [order, sentinelOrder]) await sandbox.advance(id, { toStatusId: 4 });
		const { source, saved } = await importExample('notify-when-shipped-or-delivered.json');
		await client.activateWorkflow(saved.id);
		const trigger = findNode(source, 'Print Store Trigger');
		const url = `${client.webhookUrl(`${String(trigger.webhookId)}/details`)}?secret=change-this-secret`;
		const event = (StatusID: number, StatusDescription: string, extra: Json = {}) => ({
			OrderID: order.id,
			OrderNumber: order.number,
			PartnerOrderReference: 'crm-notify',
			StatusID,
			StatusDescription,
			Timestamp: new Date(Date.UTC(2026, 10, 20 + StatusID)).toISOString(),
			...extra,
		});
		for (const body of [
			event(3, 'Printed'),
			event(4, 'Shipped', { TrackingNumber: '1ZNOTIFY' }),
			event(5, 'Delivered', { DeliveryDate: '2026-11-25T12:00:00.000Z', DeliverySignedBy: 'R. Ceiver', Completed: true }),
		]) {
			const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
			expect(answer.status).toBe(200);
		}
		// A sentinel shipped event of another order, sent last: once its execution has finished, every
		// execution the events before it started is listed (no fixed quiet window).
		const sentinel = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event(4, 'Shipped', { OrderID: sentinelOrder.id, OrderNumber: sentinelOrder.number, Timestamp: new Date().toISOString() })) });
		expect(sentinel.status).toBe(200);
		const isSentinel = (run: { data?: unknown }) => nodeOutput(run as never, 'Notification').some((item) => String(item.text).includes(sentinelOrder.number));
		const finished = await client.waitForExecutions(saved.id, 3);
		expect(finished.filter(isSentinel)).toHaveLength(1);
		const runs = finished.filter((run) => !isSentinel(run));
		expect(runs).toHaveLength(2);
		const texts = runs.flatMap((run) => nodeOutput(run, 'Notification')).map((item) => item.text);
		expect(texts).toEqual([
			`🚚 Order ${order.number} (crm-notify) shipped, tracking 1ZNOTIFY`,
			`📬 Order ${order.number} (crm-notify) was delivered on 2026-11-25T12:00:00.000Z, signed by R. Ceiver`,
		]);
		const attached = runs.flatMap((run) => nodeItems(run, 'Notification')).map((item) => (item as { binary?: Record<string, { fileName?: string; mimeType?: string }> }).binary?.proof);
		expect(attached).toEqual(Array(2).fill(expect.objectContaining({ fileName: `proof-${order.number}.pdf`, mimeType: 'application/pdf' })));
		await client.deactivateWorkflow(saved.id);
	});

	test('"this week\'s orders and the store\'s products" lists what the sandbox lists for the same week, and every product', async () => {
		const { client, sandbox } = e2e();
		const { source, saved } = await importExample('this-week-orders-and-products.json');
		const open = await sandbox.api<Json[]>('POST', '/store/store_main/order', { Items: [{ Product: { ID: 'flyer-a5', Quantity: 10 }, Recipient: { NameFirst: 'Week', NameLast: 'Example', AddressLine1: '1 Main St', City: 'Springfield', Postalcode: '62701', Country: 'US' }, PartnerOrderReference: 'this-week-open' }] });
		expect(open.status).toBe(200);
		const before = (await sandbox.requests()).at(-1)?.seq ?? 0;
		const execution = assertSucceeded(await client.runManually(saved.id, manualTrigger(source)!.name));
		const lists = (await sandbox.requests()).filter((request) => request.seq > before && request.method === 'GET');

		// The start of the week n8n computed, as the node sent it, and the details Simplify's recipient needs; the sandbox's own list from then on.
		const orderList = lists.filter((request) => request.path === '/api/v1/store/store_main/order');
		expect(orderList.length).toBeGreaterThanOrEqual(1);
		const sent = Object.fromEntries(new URL(`http://x${orderList[0].rawPath}`).searchParams);
		const details = { includeDetails: 'true', includeOrderDetails: 'true', details: 'true', verbose: 'true' };
		expect(sent).toEqual({ pageNumber: '1', pageSize: '100', createdFrom: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00\.000Z$/), createdAfter: sent.createdFrom, ...details });
		// The sandbox's list as the provider documents it: the created-after bound under its own name, the page's orders in Items.
		const expected = await sandbox.api<{ Items: Json[]; TotalCount: number }>('GET', `/store/store_main/order?pageNumber=1&pageSize=100&createdAfter=${encodeURIComponent(sent.createdAfter)}`);
		const orders = nodeOutput(execution, 'Orders placed this week');
		expect(orders).toHaveLength(expected.body.TotalCount);
		expect(orders.slice(0, 100).map((order) => order.ID)).toEqual(expected.body.Items.map((order) => order.ID));
		// Simplified (version 6's default): the order's own fields and its recipient, nothing nested.
		expect(orders[0]).toEqual(expect.objectContaining({ ID: open.body[0].ID, PartnerOrderReference: 'this-week-open', RecipientName: 'Week Example', RecipientCity: 'Springfield' }));
		expect(orders[0]).not.toHaveProperty('OrderDetails');
		// The Filter after it keeps the orders not completed yet.
		const stillOpen = nodeOutput(execution, 'Open orders this week');
		expect(stillOpen.map((order) => order.ID)).toEqual(orders.filter((order) => order.Completed === false).map((order) => order.ID));
		expect(stillOpen.map((order) => order.ID)).toContain(open.body[0].ID);

		const products = nodeOutput(execution, 'What the store can print');
		expect(products).toEqual((await sandbox.api<Json[]>('GET', '/store/store_main/product')).body);
	});

	test('the quick start: a closed deal orders one thank-you postcard in test mode, and the email step runs once, when it has shipped', async () => {
		const { client, sandbox } = e2e();
		const { source, saved } = await importExample('quick-start-deal-to-postcard.json');
		await client.activateWorkflow(saved.id);
		const deal = {
			dealId: `deal-quick-start-${Date.now()}`,
			contact: { firstName: 'Ada', lastName: 'Lovelace', company: 'Analytical Engines Ltd', street: '12 St James Sq', city: 'London', state: '', postalCode: 'SW1Y 4JH', country: 'GB', email: 'ada@example.com' },
		};
		const before = (await sandbox.requests()).at(-1)?.seq ?? 0;
		const path = String(findNode(source, 'Deal closed').parameters.path);
		const answer = await fetch(client.webhookUrl(path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(deal) });
		expect(answer.status).toBe(200);
		const order = (await answer.json()) as Json;
		expect([order.PartnerOrderReference, order.testMode]).toEqual([deal.dealId, true]);
		expect(await expectOnlyTestOrders(before)).toBe(1);
		const stored = (await sandbox.orders('store_main')).find((candidate) => candidate.ID === order.ID)!;
		expect(stored.OrderDetails.Product).toMatchObject({ ID: 'postcard-4x6', Quantity: 1, TemplateFields: { Headline: 'Thank you, Ada!', SignOff: 'Warm regards' } });
		expect(stored.OrderDetails.Recipient).toMatchObject({ NameFirst: 'Ada', Email: 'ada@example.com' });

		await sandbox.advance(String(order.ID), { toStatusId: 5 });
		await callbacksSettled([String(order.ID)], 10);
		const [shipped, ...others] = await client.waitForExecutions(saved.id, 2);
		// The webhook's own execution, then the trigger's one for Shipped (and none for the other statuses).
		const emails = [shipped, ...others].flatMap((run) => nodeOutput(run, 'Email the customer'));
		const history = (await sandbox.api<Json[]>('GET', `/store/store_main/order/${String(order.ID)}/status`)).body;
		expect(emails).toEqual([
			{
				to: 'ada@example.com',
				subject: 'Your postcard is on its way',
				text: `Hi Ada, your thank-you card (order ${String(order.OrderNumber)}) has shipped. Tracking number: ${String(history[3].TrackingNumber)}.`,
				dealId: deal.dealId,
			},
		]);
		await new Promise((resolve) => setTimeout(resolve, 3000));
		expect((await client.listExecutions(saved.id)).filter((run) => nodeOutput(run, 'When it ships').length > 0)).toHaveLength(1);
		await client.deactivateWorkflow(saved.id);
	});
});
