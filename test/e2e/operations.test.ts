/**
 * Every operation of the Print Store node, run by a real n8n (the package installed from its npm
 * tarball, the credential connected through the sandbox's OAuth2 login). What n8n sent is checked
 * against the spec's shapes written out here; each result field by field against the sandbox's
 * records, or (for answers passed through unchanged) its own answer to the same request.
 */
import { describeE2E, e2e, expectSuccess, runPrintStore } from './helpers/harness';

type Json = Record<string, unknown>;

const STORE = 'store_main';
const JOINABLE_STORE = 'store_joinable';
const run = `${Date.now().toString(36)}`;

const customers = [
	{ ref: `e2e-${run}-1`, product: 'postcard-4x6', quantity: 150, method: 'Mail', first: 'Ada', last: 'Lovelace', street: '12 Analytical Way', city: 'London', province: 'Greater London', postal: 'N1 9GU', country: 'GB' },
	{ ref: `e2e-${run}-2`, product: 'letter-2-sheet', quantity: 40, method: 'Standard', first: 'Grace', last: 'Hopper', street: '1 Cobol Court', city: 'Arlington', province: 'VA', postal: '22201', country: 'US' },
	{ ref: `e2e-${run}-3`, product: 'flyer-a5', quantity: 1200, method: 'Express', first: 'Alan', last: 'Turing', street: '7 Enigma Road', city: 'Milton Keynes', province: 'Bucks', postal: 'MK3 6EB', country: 'GB' },
	{ ref: `e2e-${run}-4`, product: 'brochure-trifold', quantity: 75, method: 'Overnight', first: 'Katherine', last: 'Johnson', street: '300 E Street SW', city: 'Washington', province: 'DC', postal: '20546', country: 'US' },
	{ ref: `e2e-${run}-5`, product: 'postcard-6x9', quantity: 500, method: 'Mail', first: 'Linus', last: 'Torvalds', street: '2 Penguin Street', city: 'Portland', province: 'OR', postal: '97201', country: 'US' },
];
type Customer = (typeof customers)[number];

/** The order item the node builds from one customer with the parameters below (the spec's shape). */
function orderItem(c: Customer): Json {
	return {
		Product: { ID: c.product, Quantity: c.quantity, DeliveryMethod: c.method },
		Recipient: { NameFirst: c.first, NameLast: c.last, AddressLine1: c.street, City: c.city, Province: c.province, Postalcode: c.postal, Country: c.country },
		PartnerOrderReference: c.ref,
	};
}

/** Order-item parameters ("Define Order Using: Fields Below"), mapped from the input item. */
function orderParameters(operation: 'create' | 'getPriceQuote', batchSize: number): Json {
	return {
		resource: 'order',
		operation,
		storeId: STORE,
		inputMode: 'fields',
		productId: '={{ $json.product }}',
		quantity: '={{ $json.quantity }}',
		productOptions: { DeliveryMethod: '={{ $json.method }}' },
		recipient: {
			NameFirst: '={{ $json.first }}',
			NameLast: '={{ $json.last }}',
			AddressLine1: '={{ $json.street }}',
			City: '={{ $json.city }}',
			Province: '={{ $json.province }}',
			Postalcode: '={{ $json.postal }}',
			Country: '={{ $json.country }}',
		},
		partnerOrderReference: '={{ $json.ref }}',
		options: { batchSize },
	};
}

/** Requests n8n sent to the sandbox while `action` ran. */
async function requestsDuring<T>(action: () => Promise<T>) {
	const { sandbox } = e2e();
	const before = (await sandbox.requests()).at(-1)?.seq ?? 0;
	const result = await action();
	const requests = (await sandbox.requests()).filter((request) => request.seq > before);
	return { result, requests };
}

/** An order placed straight through the API (not through n8n), to read back with the node. */
async function placeOrderDirectly(c: Customer): Promise<Json> {
	const { status, body } = await e2e().sandbox.api<Json[]>('POST', `/store/${STORE}/order`, { Items: [orderItem(c)] });
	expect(status).toBe(200);
	return body[0];
}

describeE2E('Print Store node in a real n8n: every operation', () => {
	test('User › Get Current returns the account the credential was connected as', async () => {
		const { result: node, requests } = await requestsDuring(() =>
			runPrintStore({ title: 'get current user', parameters: { resource: 'user', operation: 'getCurrent' } }),
		);
		expectSuccess(node);
		const expected = await e2e().sandbox.api<Json>('GET', '/user');
		expect(expected.status).toBe(200);
		expect(node.json).toHaveLength(1);
		const [user] = node.json;
		for (const field of ['ID', 'Username', 'UsernameWithDomain', 'FirstName', 'LastName', 'Email', 'Phone', 'IsServiceUser']) {
			expect({ field, value: user[field] }).toEqual({ field, value: expected.body[field] });
		}
		expect(user.Username).toBe(e2e().state.sandboxUser.username);
		expect(user).toEqual(expected.body);
		// n8n signed the request with its own OAuth2 token and the node added the subscription key.
		const userRequests = requests.filter((request) => request.path === '/api/v1/user');
		expect(userRequests).toHaveLength(1);
		expect(userRequests[0]).toMatchObject({ method: 'GET', status: 200, hasSubscriptionKey: true, subscriptionKeyValid: true });
		expect(userRequests[0].headersPresent).toContain('authorization');
	});

	test('Order › Get Price Quote prices every item, in one batch, exactly as the sandbox does', async () => {
		const priced = customers.slice(0, 3);
		const { result: node, requests } = await requestsDuring(() =>
			runPrintStore({ title: 'price 3 orders', parameters: orderParameters('getPriceQuote', 10), items: priced }),
		);
		expectSuccess(node);
		const priceRequests = requests.filter((r) => r.method === 'POST' && r.path === `/api/v1/store/${STORE}/order/price`);
		expect(priceRequests).toHaveLength(1);
		// What n8n sent, against the spec's shape written out in this file (not the sandbox's view of it).
		expect(priceRequests[0].body).toEqual({ Items: priced.map(orderItem) });

		// The output is the service's answer, unchanged: the sandbox's own answer to that request.
		const expected = await e2e().sandbox.api<Json[]>('POST', `/store/${STORE}/order/price`, { Items: priced.map(orderItem) });
		expect(expected.status).toBe(200);
		expect(node.json).toHaveLength(priced.length);
		node.json.forEach((quote, index) => {
			const want = expected.body[index];
			expect(quote.PartnerOrderReference).toBe(priced[index].ref);
			expect(quote.orderPrices).toEqual(want.orderPrices);
			expect(quote.items).toEqual(want.items);
			expect(quote).toEqual(want);
			expect(node.items[index].pairedItem).toEqual({ item: index });
		});
		const [first] = node.json as Array<{ orderPrices: { OrderTotalPrice: number }; items: Array<{ Quantity: number }> }>;
		expect(first.orderPrices.OrderTotalPrice).toBeGreaterThan(0);
		expect(first.items[0].Quantity).toBe(priced[0].quantity);
	});

	test('Order › Create creates one order per item, sent in batches, as the sandbox records them', async () => {
		const { result: node, requests } = await requestsDuring(() =>
			runPrintStore({ title: 'create 5 orders in batches of 2', parameters: orderParameters('create', 2), items: customers }),
		);
		expectSuccess(node);
		// 5 items in batches of 2: three create requests.
		const createRequests = requests.filter((r) => r.method === 'POST' && r.path === `/api/v1/store/${STORE}/order`);
		expect(createRequests).toHaveLength(3);
		// Each batch carried its items in input order, in the spec's shape written out in this file.
		// Batches go out in parallel (Batches in Parallel defaults to 4), so they may arrive in any order.
		const firstReference = (body: unknown) => String(((body as { Items: Json[] }).Items[0] ?? {}).PartnerOrderReference);
		const bodies = createRequests.map((r) => r.body).sort((a, b) => firstReference(a).localeCompare(firstReference(b)));
		expect(bodies).toEqual([
			{ Items: customers.slice(0, 2).map(orderItem) },
			{ Items: customers.slice(2, 4).map(orderItem) },
			{ Items: customers.slice(4).map(orderItem) },
		]);
		expect(node.json).toHaveLength(customers.length);

		const { sandbox } = e2e();
		const recorded = await sandbox.orders(STORE);
		const counts = await sandbox.counts();
		node.json.forEach((order, index) => {
			const c = customers[index];
			expect(node.items[index].pairedItem).toEqual({ item: index });
			expect(order).toMatchObject({ PartnerOrderReference: c.ref, StoreID: STORE, StatusID: 1, StatusDescription: 'Received', Completed: false });
			expect((order._meta as Json).ChangeType).toBe('Created');
			expect(counts.byPartnerOrderReference[c.ref]).toBe(1);

			const inSandbox = recorded.find((candidate) => candidate.ID === order.ID);
			expect(inSandbox).toBeDefined();
			for (const field of ['OrderNumber', 'PartnerOrderReference', 'StoreID', 'StatusID', 'StatusDescription', 'Completed', 'Created']) {
				expect({ field, value: order[field] }).toEqual({ field, value: inSandbox![field] });
			}
			expect(inSandbox!.OrderDetails.Product).toEqual(orderItem(c).Product);
			expect(inSandbox!.OrderDetails.Recipient).toEqual(orderItem(c).Recipient);
			expect(inSandbox!.CreatedBy).toBe(`usr_${e2e().state.sandboxUser.username}`);
			expect(inSandbox!.ApplicationID).toBe(e2e().state.sandbox.applicationId);
		});
	});

	describe('reading an order', () => {
		let placed: Json;

		beforeAll(async () => {
			placed = await placeOrderDirectly({ ...customers[0], ref: `e2e-${run}-read` });
		});

		test('Order › Get by ID returns the order the sandbox holds', async () => {
			const node = await runPrintStore({
				title: 'get order by ID',
				parameters: { resource: 'order', operation: 'get', storeId: STORE, orderId: { __rl: true, mode: 'id', value: placed.ID } },
			});
			expectSuccess(node);
			const expected = await e2e().sandbox.api<Json>('GET', `/store/${STORE}/order/${String(placed.ID)}`);
			expect(node.json).toHaveLength(1);
			for (const field of ['ID', 'OrderNumber', 'PartnerOrderReference', 'StoreID', 'StatusID', 'StatusDescription', 'Completed', 'Created', 'Updated']) {
				expect({ field, value: node.json[0][field] }).toEqual({ field, value: expected.body[field] });
			}
			expect(node.json[0].OrderDetails).toEqual(expected.body.OrderDetails);
			expect(node.json[0]).toEqual(expected.body);
		});

		test('Order › Get by order number returns the same order', async () => {
			const node = await runPrintStore({
				title: 'get order by number',
				parameters: { resource: 'order', operation: 'get', storeId: STORE, orderId: { __rl: true, mode: 'orderNumber', value: placed.OrderNumber } },
			});
			expectSuccess(node);
			const expected = await e2e().sandbox.api<Json>('GET', `/store/${STORE}/order/${String(placed.OrderNumber)}`);
			expect(node.json).toHaveLength(1);
			expect(node.json[0].ID).toBe(placed.ID);
			expect(node.json[0].OrderNumber).toBe(placed.OrderNumber);
			expect(node.json[0]).toEqual(expected.body);
		});

		test('Order › Get Status History returns every status record through Delivered', async () => {
			await e2e().sandbox.advance(String(placed.ID), { toStatusId: 5 });
			const node = await runPrintStore({
				title: 'status history by order number',
				parameters: {
					resource: 'order',
					operation: 'getStatusHistory',
					storeId: STORE,
					orderId: { __rl: true, mode: 'orderNumber', value: placed.OrderNumber },
				},
			});
			expectSuccess(node);
			const expected = await e2e().sandbox.api<Json[]>('GET', `/store/${STORE}/order/${String(placed.ID)}/status`);
			expect(expected.status).toBe(200);
			expect(node.json.map((record) => record.StatusID)).toEqual([1, 2, 3, 4, 5]);
			expect(node.json.map((record) => record.StatusDescription)).toEqual(['Received', 'In Production', 'Printed', 'Shipped', 'Delivered']);
			node.json.forEach((record, index) => {
				expect(record.OrderNumber).toBe(placed.OrderNumber);
				expect(record).toEqual(expected.body[index]);
				expect(node.items[index].pairedItem).toEqual({ item: 0 });
			});
			const delivered = node.json[4];
			expect(delivered.DeliverySignedBy).toBe(`${customers[0].first} ${customers[0].last}`);
			expect(String(delivered.TrackingNumber)).toMatch(/^1ZPS/);

			const latest = await runPrintStore({
				title: 'latest status only',
				parameters: {
					resource: 'order',
					operation: 'getStatusHistory',
					storeId: STORE,
					orderId: { __rl: true, mode: 'id', value: placed.ID },
					statusOptions: { latestOnly: true },
				},
			});
			expectSuccess(latest);
			expect(latest.json).toEqual([expected.body[4]]);
		});
	});

	describe('store access', () => {
		const priceOn = async (storeId: string) =>
			(await e2e().sandbox.api('POST', `/store/${storeId}/order/price`, { Items: [orderItem(customers[0])] })).status;

		test('Store › Join With Invite Key joins the store and associates the application with it', async () => {
			const { state } = e2e();
			expect(await priceOn(JOINABLE_STORE)).toBe(400);

			const node = await runPrintStore({
				title: 'join with invite key',
				parameters: { resource: 'store', operation: 'joinWithInviteKey', inviteKey: state.sandbox.inviteKey },
			});
			expectSuccess(node);
			const seed = await (await fetch(`${state.sandbox.baseUrl}/_sandbox/seed`)).json() as {
				stores: Array<{ id: string; companyName: string; budgetEnabled: boolean; budgetTypes: unknown[]; budgetDuration: unknown[] }>;
			};
			const store = seed.stores.find((candidate) => candidate.id === JOINABLE_STORE)!;
			expect(node.json).toHaveLength(1);
			expect(node.json[0]).toMatchObject({
				StoreID: store.id,
				CompanyName: store.companyName,
				BudgetEnabled: store.budgetEnabled,
				BudgetTypes: store.budgetTypes,
				BudgetDuration: store.budgetDuration,
			});
			// The effect, seen by the sandbox: the application may now order in that store.
			expect(await priceOn(JOINABLE_STORE)).toBe(200);

			// An invite key works once; n8n reports the node's message for the second use.
			const again = await runPrintStore({
				title: 'join with a used invite key',
				parameters: { resource: 'store', operation: 'joinWithInviteKey', inviteKey: state.sandbox.inviteKey },
			});
			expect(again.execution.status).toBe('error');
			expect(again.error?.message).toBe('The invite key has already been used');
		});

		test('Store › Remove Application Association ends the application’s access to the store', async () => {
			const { sandbox, state } = e2e();
			if ((await priceOn(JOINABLE_STORE)) !== 200) {
				// Independent of the test above: associate through the API with another invite key.
				const joined = await sandbox.api('POST', '/store/invite', { InviteKey: 'INVITE-JOIN-0002' });
				expect(joined.status).toBe(200);
			}
			expect(await priceOn(JOINABLE_STORE)).toBe(200);

			const { result: node, requests } = await requestsDuring(() =>
				runPrintStore({
					title: 'remove application association',
					parameters: {
						resource: 'store',
						operation: 'removeApplicationAssociation',
						applicationId: state.sandbox.applicationId,
						storeId: JOINABLE_STORE,
					},
				}),
			);
			expectSuccess(node);
			expect(node.json).toEqual([{ success: true, applicationId: state.sandbox.applicationId, storeId: JOINABLE_STORE }]);
			const deletes = requests.filter((r) => r.method === 'DELETE');
			expect(deletes).toHaveLength(1);
			expect(deletes[0].path).toBe(`/api/v1/application/${state.sandbox.applicationId}/store/${JOINABLE_STORE}`);
			expect([200, 204]).toContain(deletes[0].status);
			expect(await priceOn(JOINABLE_STORE)).toBe(400);
			// The main store is untouched.
			expect(await priceOn(STORE)).toBe(200);
		});
	});

	describe('the store\'s lists', () => {
		const listed = (requests: Array<{ method: string; path: string; rawPath: string }>, what: string) =>
			requests.filter((request) => request.method === 'GET' && request.path === `/api/v1/store/${STORE}/${what}`).map((request) => Object.fromEntries(new URL(`http://x${request.rawPath}`).searchParams));

		test('Order › Get Many gives the orders the sandbox lists, newest first; filters are sent and applied', async () => {
			const mine = customers.slice(0, 3).map((c, index) => ({ ...c, ref: `e2e-${run}-list-${index}` }));
			const placed: Json[] = [];
			for (const c of mine) placed.push(await placeOrderDirectly(c));
			await e2e().sandbox.advance(String(placed[1].ID), { toStatusId: 4 });

			const found = await requestsDuring(() =>
				runPrintStore({ title: 'get many orders by search', parameters: { resource: 'order', operation: 'getAll', storeId: STORE, returnAll: true, filters: { search: `e2e-${run}-list` } } }),
			);
			expectSuccess(found.result);
			expect(found.result.json.map((order) => order.PartnerOrderReference)).toEqual([`e2e-${run}-list-2`, `e2e-${run}-list-1`, `e2e-${run}-list-0`]);
			const expected = await e2e().sandbox.api<Json>('GET', `/store/${STORE}/order/${String(placed[1].ID)}`);
			expect(found.result.json[1]).toEqual(expected.body);
			// Search is the node's: full pages, with each order's details asked for, nothing of the words in the query.
			const details = { includeDetails: 'true', includeOrderDetails: 'true', details: 'true', verbose: 'true' };
			expect(listed(found.requests, 'order')[0]).toEqual({ ...details, pageNumber: '1', pageSize: '100' });

			const shipped = await requestsDuring(() =>
				runPrintStore({ title: 'get many shipped orders', parameters: { resource: 'order', operation: 'getAll', storeId: STORE, returnAll: true, filters: { statuses: '4', search: `e2e-${run}-list` } } }),
			);
			expectSuccess(shipped.result);
			expect(shipped.result.json.map((order) => order.ID)).toEqual([placed[1].ID]);
			expect(listed(shipped.requests, 'order')[0]).toEqual({ ...details, pageNumber: '1', pageSize: '100', status: '4', statuses: '4' });

			const newest = await requestsDuring(() => runPrintStore({ title: 'get the 2 newest orders', parameters: { resource: 'order', operation: 'getAll', storeId: STORE, limit: 2 } }));
			expectSuccess(newest.result);
			const page = await e2e().sandbox.api<{ Orders: Json[] }>('GET', `/store/${STORE}/order?pageNumber=1&pageSize=2`);
			expect(newest.result.json).toEqual(page.body.Orders);
			expect(listed(newest.requests, 'order')).toEqual([{ pageNumber: '1', pageSize: '2' }]);
		});

		test('Order › Get Many against the list as the provider documents it, under page, size and details names the node tries later: every order, and every match', async () => {
			const mine = customers.slice(0, 3).map((c, index) => ({ ...c, ref: `e2e-${run}-documented-${index}` }));
			const since = new Date(Date.now() - 1000).toISOString();
			for (const c of mine) await placeOrderDirectly(c);
			await e2e().sandbox.setProfiles(['documented']);
			await e2e().sandbox.setListQueryNames({ page: 'page', size: 'perPage', details: 'withDetails' });
			try {
				const all = await requestsDuring(() => runPrintStore({ title: 'get every order, documented list', parameters: { resource: 'order', operation: 'getAll', storeId: STORE, returnAll: true } }));
				expectSuccess(all.result);
				const total = (await e2e().sandbox.api<{ TotalCount: number }>('GET', `/store/${STORE}/order?page=1&perPage=1`)).body.TotalCount;
				expect(all.result.json).toHaveLength(total);
				expect(new Set(all.result.json.map((order) => order.ID)).size).toBe(total);
				// The list leaves the details out: a search by recipient reads the orders that may match (those
				// created since the test began: the suite's store holds many).
				const search = `${mine[0].first} ${mine[0].last} e2e-${run}-documented`;
				const found = await runPrintStore({ title: 'search by recipient, documented list', parameters: { resource: 'order', operation: 'getAll', storeId: STORE, returnAll: true, filters: { search, createdFrom: since } } });
				expectSuccess(found);
				expect(found.json.map((order) => order.PartnerOrderReference)).toEqual([`e2e-${run}-documented-0`]);
			} finally {
				await e2e().sandbox.setProfiles([]);
				await e2e().sandbox.setListQueryNames({});
			}
		});

		test('Product › Get Many gives the store\'s products as the sandbox lists them', async () => {
			const node = await runPrintStore({ title: 'get many products', parameters: { resource: 'product', operation: 'getAll', storeId: STORE, returnAll: true } });
			expectSuccess(node);
			const expected = await e2e().sandbox.api<Json[]>('GET', `/store/${STORE}/product`);
			expect(node.json).toEqual(expected.body);
			expect(node.json.map((product) => product.ID)).toContain('postcard-4x6');
		});

		test('Order › Create at version 4 sends the Product picked From List', async () => {
			const c = { ...customers[1], ref: `e2e-${run}-v4` };
			const { result: node, requests } = await requestsDuring(() =>
				runPrintStore({
					title: 'create with the product picked from the list',
					typeVersion: 4,
					parameters: {
						...orderParameters('create', 10),
						productId: { __rl: true, mode: 'list', value: 'letter-2-sheet', cachedResultName: 'Letter, 2 sheets, in envelope (letter-2-sheet)' },
						testMode: true,
					},
					items: [c],
				}),
			);
			expectSuccess(node);
			const created = requests.filter((request) => request.method === 'POST' && request.path === `/api/v1/store/${STORE}/order`);
			expect(created).toHaveLength(1);
			expect((created[0].body as { Items: Json[]; TestMode: boolean }).Items[0].Product).toEqual({ ID: 'letter-2-sheet', Quantity: c.quantity, DeliveryMethod: c.method });
			expect((created[0].body as { TestMode: boolean }).TestMode).toBe(true);
			expect(node.json[0]).toMatchObject({ PartnerOrderReference: c.ref, testMode: true });
		});
	});

	describe('errors as n8n reports them', () => {
		test('an invalid store fails the execution with the node’s "Invalid store" message', async () => {
			const node = await runPrintStore({
				title: 'price in a store the application is not associated with',
				parameters: { ...orderParameters('getPriceQuote', 10), storeId: 'store_unassociated' },
				items: customers.slice(0, 1),
			});
			expect(node.execution.status).toBe('error');
			expect(node.json).toEqual([]);
			// What the editor shows for the execution, and on the node.
			expect(node.error).toBeDefined();
			expect(node.error!.message).toBe('Invalid store');
			expect(node.error!.node?.name).toBe('Print Store');
			expect(node.error!.httpCode).toBe('400');
			expect(node.error!.description).toContain('Check the Store ID');
			expect(node.error!.description).toContain("Service says: Invalid store 'store_unassociated'");
			expect(node.nodeError?.message).toBe('Invalid store');
		});

		test('an unknown store on Get is "Invalid store" too, and an unknown order number is "does not exist"', async () => {
			const unknownStore = await runPrintStore({
				title: 'get order in an unknown store',
				parameters: { resource: 'order', operation: 'get', storeId: 'store_that_does_not_exist', orderId: { __rl: true, mode: 'orderNumber', value: 'PS-100001' } },
			});
			expect(unknownStore.execution.status).toBe('error');
			expect(unknownStore.error?.message).toBe('Invalid store');

			const unknownOrder = await runPrintStore({
				title: 'get an order number that does not exist',
				parameters: { resource: 'order', operation: 'get', storeId: STORE, orderId: { __rl: true, mode: 'orderNumber', value: 'PS-999999' } },
			});
			expect(unknownOrder.execution.status).toBe('error');
			expect(unknownOrder.error?.message).toBe('The requested order does not exist');
			expect(unknownOrder.error?.httpCode).toBe('404');
		});
	});
});
