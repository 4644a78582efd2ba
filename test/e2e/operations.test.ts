/**
 * The Print Store node in a real n8n, as a smoke test of each resource: the package installed from
 * its npm tarball, the credential connected through the sandbox's OAuth2 login and used by n8n
 * (its token, the node's subscription key), one operation per resource, and an error as n8n reports
 * it. What n8n sent is checked against the spec's shapes written out here; each result against the
 * sandbox's records. Each operation's contract (every field, filters, paging, every error) is held
 * by the engine suite (test/node), which runs the same node code through n8n-core; docs/test-map.md
 * lists the tests that moved there.
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

describeE2E('Print Store node in a real n8n: one operation per resource', () => {
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
	});

	test('Product › Get Many gives the store\'s products as the sandbox lists them', async () => {
		const node = await runPrintStore({ title: 'get many products', parameters: { resource: 'product', operation: 'getAll', storeId: STORE, returnAll: true } });
		expectSuccess(node);
		const expected = await e2e().sandbox.api<Json[]>('GET', `/store/${STORE}/product`);
		expect(node.json).toEqual(expected.body);
		expect(node.json.map((product) => product.ID)).toContain('postcard-4x6');
	});

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
		expect(node.error!.description).toContain('Check the store, and that');
		expect(node.error!.description).toContain("Service says: Invalid store 'store_unassociated'");
		expect(node.nodeError?.message).toBe('Invalid store');
	});
});
