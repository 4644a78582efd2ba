/**
 * Version 5 of the Print Store node: every operation that takes a store has its Store ID picked From
 * List (the account's stores, GET /store) or typed By ID, and Create and Get Price Quote (fields)
 * fill the picked product's template fields with n8n's resource mapper. Workflows saved at versions 1
 * to 4, with a plain Store ID, send what they sent. Run by n8n's engine (and n8n-core's
 * LoadOptionsContext for the editor's list and mapper) against a live sandbox, whose request log is
 * the oracle.
 */
import type { INode, INodeProperties, ResourceMapperField } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { PrintStore } from '../../nodes/PrintStore/PrintStore.node';
import { PRINT_STORE_TYPE, resourceMapperFields, runPrintStore, searchList } from '../helpers/engine';
import { credentialsFor, crmOrderItem, useSandbox } from '../helpers/sandbox';

const env = useSandbox();

type Json = Record<string, unknown>;

const RECIPIENT = { NameFirst: 'Ada', NameLast: 'Lovelace', AddressLine1: '1 Main St', City: 'Springfield', Postalcode: '62701', Country: 'US' };
const MAIN_STORE_LABEL = 'Sandbox Print Co. (store_main)';

/** The Store ID as each version saves it: text up to 4; from 5 a locator, picked From List or typed By ID. */
const STORE_AS_SAVED = {
	'1 (text)': { typeVersion: 1, storeId: (id: unknown) => id },
	'4 (text)': { typeVersion: 4, storeId: (id: unknown) => id },
	'5 From List': { typeVersion: 5, storeId: (id: unknown) => ({ __rl: true, mode: 'list', value: id, cachedResultName: MAIN_STORE_LABEL }) },
	'5 By ID': { typeVersion: 5, storeId: (id: unknown) => ({ __rl: true, mode: 'id', value: id }) },
} as const;
type SavedAs = keyof typeof STORE_AS_SAVED;
const SAVED_AS = Object.keys(STORE_AS_SAVED) as SavedAs[];

/** Product as each version saves it: text up to 3, a locator from 4. */
const product = (typeVersion: number, id: string) => (typeVersion < 4 ? id : { __rl: true, mode: 'list', value: id });

/** API requests the sandbox received since the last reset, as "METHOD path" (with the query when asked). */
async function apiRequests(withQuery = false): Promise<string[]> {
	return (await env.api.requests()).filter((entry) => entry.path.startsWith('/api/v1/')).map((entry) => `${entry.method} ${withQuery ? entry.rawPath : entry.path}`);
}

async function createdOrder(toStatusId?: number): Promise<{ ID: string; OrderNumber: string }> {
	const answer = await env.api.api<Array<{ ID: string; OrderNumber: string }>>('POST', `/store/${env.sandbox.storeId}/order`, { Items: [crmOrderItem(7)] });
	expect(answer.status).toBe(200);
	if (toStatusId) await env.api.advance(answer.body[0].ID, { toStatusId });
	await env.api.clearRequests();
	return answer.body[0];
}

describe('Store ID: text up to version 4, picked From List or typed By ID from version 5', () => {
	const description = new PrintStore().description;
	const OPERATIONS_WITH_A_STORE = [
		['order', 'getPriceQuote'],
		['order', 'create'],
		['order', 'getAll'],
		['order', 'get'],
		['order', 'getStatusHistory'],
		['order', 'waitForStatus'],
		['product', 'getAll'],
		['store', 'removeApplicationAssociation'],
	];
	/** The Store ID fields n8n shows for a node of this version, resource and operation (n8n's own display rules). */
	const shownStoreFields = (typeVersion: number, resource: string, operation: string): INodeProperties[] => {
		const parameters = { resource, operation, inputMode: 'fields' };
		const node = { typeVersion, parameters } as unknown as INode;
		return description.properties.filter((property) => property.name === 'storeId' && NodeHelpers.displayParameter(parameters, property, node, description));
	};

	test.each(OPERATIONS_WITH_A_STORE)('%s > %s', (resource, operation) => {
		for (const typeVersion of [1, 2, 3, 4]) {
			const [field, ...more] = shownStoreFields(typeVersion, resource, operation);
			expect({ typeVersion, type: field?.type, more: more.length }).toEqual({ typeVersion, type: 'string', more: 0 });
		}
		for (const typeVersion of [5, 6]) {
			const [locator, ...more] = shownStoreFields(typeVersion, resource, operation);
			expect(more).toHaveLength(0);
			// Named as the trigger's store picker is.
			expect(locator).toMatchObject({ displayName: 'Store', type: 'resourceLocator', required: true, default: { mode: 'list', value: '' } });
			expect(locator.modes?.map((mode) => [mode.name, mode.type, mode.typeOptions?.searchListMethod])).toEqual([
				['list', 'list', 'searchStores'],
				['id', 'string', undefined],
			]);
			// By ID keeps the text field's placeholder and hint.
			expect(locator.modes?.[1]).toMatchObject({ placeholder: 'e.g. store_1001', hint: expect.stringMatching(/^The StoreID that Store > Join with Invite Key returns/) });
		}
	});

	test('operations without a store have none in any version', () => {
		for (const typeVersion of [1, 4, 5, 6]) {
			expect(shownStoreFields(typeVersion, 'store', 'joinWithInviteKey')).toEqual([]);
			expect(shownStoreFields(typeVersion, 'user', 'getCurrent')).toEqual([]);
		}
	});

	test('new nodes are version 6', () => {
		expect(description.defaultVersion).toBe(6);
		expect(description.version).toEqual([1, 2, 3, 4, 5, 6]);
	});
});

describe('every operation sends the same path whether the Store ID was saved as text (versions 1, 4) or picked or typed (version 5)', () => {
	/** Each operation's parameters for a node of `typeVersion` with this Store ID value, and what it must send. */
	const OPERATIONS: Record<string, { parameters: (typeVersion: number, order: { ID: string }) => Json; sends: (order: { ID: string }) => string[]; status?: number }> = {
		'Order > Create': {
			parameters: (typeVersion) => ({ resource: 'order', operation: 'create', inputMode: 'fields', productId: product(typeVersion, 'postcard-4x6'), quantity: 2, recipient: RECIPIENT, testMode: true, options: { testMode: true } }),
			sends: () => ['POST /api/v1/store/store_main/order'],
		},
		'Order > Get Price Quote': {
			parameters: (typeVersion) => ({ resource: 'order', operation: 'getPriceQuote', inputMode: 'fields', productId: product(typeVersion, 'postcard-4x6'), quantity: 2, recipient: RECIPIENT }),
			sends: () => ['POST /api/v1/store/store_main/order/price'],
		},
		'Order > Get': {
			parameters: (_version, order) => ({ resource: 'order', operation: 'get', orderId: { __rl: true, mode: 'id', value: order.ID } }),
			sends: (order) => [`GET /api/v1/store/store_main/order/${order.ID}`],
		},
		'Order > Get Status History': {
			parameters: (_version, order) => ({ resource: 'order', operation: 'getStatusHistory', orderId: { __rl: true, mode: 'id', value: order.ID } }),
			sends: (order) => [`GET /api/v1/store/store_main/order/${order.ID}/status`],
		},
		'Order > Wait Until Status (already delivered)': {
			parameters: (_version, order) => ({ resource: 'order', operation: 'waitForStatus', orderId: { __rl: true, mode: 'id', value: order.ID }, waitFor: ['Delivered'] }),
			sends: (order) => [`GET /api/v1/store/store_main/order/${order.ID}/status`],
			status: 5,
		},
		'Order > Get Many': {
			parameters: () => ({ resource: 'order', operation: 'getAll', limit: 5 }),
			sends: () => ['GET /api/v1/store/store_main/order'],
		},
		'Product > Get Many': {
			parameters: () => ({ resource: 'product', operation: 'getAll', returnAll: true }),
			sends: () => ['GET /api/v1/store/store_main/product'],
		},
		'Store > Remove Application Association': {
			parameters: () => ({ resource: 'store', operation: 'removeApplicationAssociation', applicationId: env.sandbox.clientId }),
			sends: () => [`DELETE /api/v1/application/${env.sandbox.clientId}/store/store_main`],
		},
	};

	describe.each(Object.keys(OPERATIONS))('%s', (name) => {
		const operation = OPERATIONS[name];
		test.each(SAVED_AS)('version %s', async (savedAs) => {
			const { typeVersion, storeId } = STORE_AS_SAVED[savedAs];
			const order = await createdOrder(operation.status);
			const result = await runPrintStore({ typeVersion, parameters: { ...operation.parameters(typeVersion, order), storeId: storeId(env.sandbox.storeId) }, credentials: await credentialsFor(env.sandbox) });
			expect(result.error).toBeUndefined();
			expect(result.json.length).toBeGreaterThan(0);
			expect(await apiRequests()).toEqual(operation.sends(order));
		});
	});
});

describe('Store ID from version 5: expressions, and nothing picked', () => {
	test('By ID with an expression: each item its own store, each checked (Continue On Fail names the item)', async () => {
		const result = await runPrintStore({
			typeVersion: 5,
			parameters: { resource: 'product', operation: 'getAll', limit: 1, storeId: { __rl: true, mode: 'id', value: '={{ $json.store }}' } },
			items: [{ store: 'store_main' }, { store: 'store_does_not_exist' }, { store: '../user' }],
			credentials: await credentialsFor(env.sandbox),
			continueOnFail: true,
		});
		expect(result.json[0].ID).toEqual(expect.any(String));
		expect(result.json[1].error).toBe('Invalid store');
		expect(result.json[2].error).toMatch(/^Invalid "Store" in item 2: "..\/user" is not a valid ID/);
		expect(await apiRequests()).toEqual(['GET /api/v1/store/store_main/product', 'GET /api/v1/store/store_does_not_exist/product']);
	});

	test('Create reads a per-item Store ID expression too, and groups the items by store', async () => {
		const result = await runPrintStore({
			typeVersion: 5,
			parameters: { resource: 'order', operation: 'create', storeId: { __rl: true, mode: 'id', value: '={{ $json.store }}' }, inputMode: 'json', orderItemJson: '={{ JSON.stringify($json.order) }}' },
			items: [{ store: 'store_main', order: crmOrderItem(1) }, { store: ' store_main ', order: crmOrderItem(2) }],
			credentials: await credentialsFor(env.sandbox),
		});
		expect(result.error).toBeUndefined();
		expect(result.json.map((order) => order.PartnerOrderReference)).toEqual(['crm-1', 'crm-2']);
		expect(await apiRequests()).toEqual(['POST /api/v1/store/store_main/order']);
	});

	test('no store picked: n8n refuses to run the node, naming the field, and nothing is sent', async () => {
		const result = await runPrintStore({
			typeVersion: 5,
			parameters: { resource: 'order', operation: 'getAll', storeId: { __rl: true, mode: 'list', value: '' } },
			credentials: await credentialsFor(env.sandbox),
		}).catch((error: Error) => ({ thrown: error.message }));
		// The picker's name from version 5 on: Store.
		expect(JSON.stringify(result)).toMatch(/Parameter \\"?Store\\"? is required|Parameter "Store" is required|Invalid \\"Store\\" in item 0: is required/);
		expect(await apiRequests()).toEqual([]);
	});

	test('as an AI tool, a Store ID the model fills in ($fromAI in By ID) is read like any other', async () => {
		const order = await createdOrder();
		const result = await runPrintStore({
			typeVersion: 5,
			tool: true,
			parameters: { resource: 'order', operation: 'get', storeId: { __rl: true, mode: 'id', value: '={{ "store_main" }}' }, orderId: { __rl: true, mode: 'id', value: order.ID } },
			credentials: await credentialsFor(env.sandbox),
		});
		expect(result.error).toBeUndefined();
		expect(result.json[0].ID).toBe(order.ID);
	});
});

describe('From List: the stores the connected account can use (searchStores)', () => {
	const lookup = async (filter?: string, username?: string, parameters: Json = {}) =>
		await searchList({ method: 'searchStores', parameters, credentials: await credentialsFor(env.sandbox, username), filter, typeVersion: 5 });

	test("the account's stores, by company name and ID, asked for verbose", async () => {
		expect((await lookup()).results).toEqual([
			{ name: 'Sandbox Print Co. (store_main)', value: 'store_main' },
			{ name: 'Elsewhere Printing Ltd. (store_unassociated)', value: 'store_unassociated' },
		]);
		expect(await apiRequests(true)).toEqual(['GET /api/v1/store?verbose=true']);
		// Another user: only the stores they are related to.
		expect((await lookup(undefined, 'bob')).results).toEqual([{ name: 'Sandbox Print Co. (store_main)', value: 'store_main' }]);
	});

	test('filtered by what is typed: every word, in the company name or the ID, any case', async () => {
		expect((await lookup('elsewhere')).results.map((result) => result.value)).toEqual(['store_unassociated']);
		expect((await lookup('PRINT co')).results.map((result) => result.value)).toEqual(['store_main']);
		expect((await lookup('store_main')).results.map((result) => result.value)).toEqual(['store_main']);
		expect((await lookup('nothing like it')).results).toEqual([]);
	});

	test('a list held under a key ({items, totalCount}) gives the same stores', async () => {
		const plain = await lookup();
		await env.api.setProfiles(['list-camel']);
		expect(await lookup()).toEqual(plain);
	});

	test('a store joined with an invite key is listed next time', async () => {
		const joined = await runPrintStore({ typeVersion: 5, parameters: { resource: 'store', operation: 'joinWithInviteKey', inviteKey: 'INVITE-JOIN-0001' }, credentials: await credentialsFor(env.sandbox, 'bob') });
		expect(joined.error).toBeUndefined();
		expect((await lookup(undefined, 'bob')).results).toEqual([
			{ name: 'Sandbox Print Co. (store_main)', value: 'store_main' },
			{ name: 'Join Me Print Shop (store_joinable)', value: 'store_joinable' },
		]);
	});

	test('a service without the store list (HTTP 404): one line that says so, instead of failing the panel', async () => {
		// An API root where the service has nothing: every address answers 404.
		const credentials = await credentialsFor(env.sandbox, undefined, { baseUrl: `${env.sandbox.baseUrl}/no-such-api` });
		const answer = await searchList({ method: 'searchStores', parameters: {}, credentials, typeVersion: 5 });
		expect(answer.results).toEqual([{ name: 'List unavailable: this service has no store list (HTTP 404). Choose By ID and type the store ID.', value: '' }]);
	});

	test('a store picked from the list is what the product and order lists use', async () => {
		const storeId = { __rl: true, mode: 'list', value: 'store_main', cachedResultName: MAIN_STORE_LABEL };
		const products = await searchList({ method: 'searchProducts', parameters: { storeId }, credentials: await credentialsFor(env.sandbox), typeVersion: 5 });
		expect(products.results.map((result) => result.value)).toContain('postcard-4x6');
		const order = await createdOrder();
		const orders = await searchList({ method: 'searchOrders', parameters: { storeId }, credentials: await credentialsFor(env.sandbox), typeVersion: 5 });
		expect(orders.results.map((result) => result.value)).toEqual([order.ID]);
		// Nothing picked yet, or an expression: the lists say what to do, as for the text field.
		const empty = await searchList({ method: 'searchProducts', parameters: { storeId: { __rl: true, mode: 'list', value: '' } }, credentials: await credentialsFor(env.sandbox), typeVersion: 5 });
		expect(empty.results).toEqual([{ name: 'Set the Store above first, then open this list again', value: '' }]);
		const expression = await searchList({ method: 'searchOrders', parameters: { storeId: { __rl: true, mode: 'id', value: '={{ $json.store }}' } }, credentials: await credentialsFor(env.sandbox), typeVersion: 5 });
		expect(expression.results[0].name).toMatch(/^The Store is an expression: type the ID here \(By ID\) or set a fixed Store to pick from the list$/);
	});
});

describe("Template Fields: the picked product's fields as n8n's resource mapper (getTemplateFields)", () => {
	const storeId = { __rl: true, mode: 'list', value: 'store_main', cachedResultName: MAIN_STORE_LABEL };
	const fieldsOf = async (productId: unknown, parameters: Json = {}) =>
		await resourceMapperFields({ method: 'getTemplateFields', parameters: { resource: 'order', operation: 'create', inputMode: 'fields', storeId, productId, ...parameters }, credentials: await credentialsFor(env.sandbox) });
	const picked = (id: string) => ({ __rl: true, mode: 'list', value: id });
	const field = (id: string, displayName: string, required: boolean, defaultValue?: string): ResourceMapperField => ({
		id,
		displayName,
		required,
		type: 'string',
		display: true,
		defaultMatch: false,
		canBeUsedToMatch: false,
		...(defaultValue === undefined ? {} : { defaultValue }),
	});

	test('as the provider documents them ([{FieldName, Prompt, Required, DefaultValue, ...}], the sandbox\'s default): prompts, required, defaults', async () => {
		expect(await fieldsOf(picked('postcard-4x6'))).toEqual({
			fields: [field('Headline', 'Headline', true), field('Message', 'Message on the back', true), field('SignOff', 'Sign-off line', false, 'Warm regards')],
		});
		// By ID, and a store typed as text (a locator's value either way).
		expect((await fieldsOf({ __rl: true, mode: 'id', value: 'letter-1-sheet' }, { storeId: { __rl: true, mode: 'id', value: 'store_main' } })).fields).toEqual([
			field('Salutation', 'Salutation', true, 'Dear customer,'),
			field('Body', 'Letter text', true),
			field('SignOff', 'Sign-off line', false, 'Warm regards'),
		]);
		// The product list was read once, for the picked store.
		expect((await apiRequests()).filter((request) => request.includes('/product'))).toEqual(['GET /api/v1/store/store_main/product', 'GET /api/v1/store/store_main/product']);
	});

	test.each([
		['sandbox-shapes (an object of name → default value)', ['sandbox-shapes']],
		['sandbox-shapes, list-bare', ['sandbox-shapes', 'list-bare']],
		['sandbox-shapes, list-camel', ['sandbox-shapes', 'list-camel']],
		['list-bare', ['list-bare']],
		['list-camel', ['list-camel']],
	])('as other shapes of the list give them too: %s', async (_shape, profiles) => {
		await env.api.setProfiles(profiles);
		const { fields } = await fieldsOf(picked('postcard-6x9'));
		expect(fields.map((entry) => entry.id)).toEqual(['Headline', 'Message', 'SignOff', 'OfferCode']);
		expect(fields.every((entry) => entry.display && entry.type === 'string' && !entry.defaultMatch && entry.canBeUsedToMatch === false)).toBe(true);
	});

	test('nothing to show is no error: no store or product picked, an expression, a product not listed, a service without the product list', async () => {
		const nothing = (notice: RegExp) => ({ fields: [], emptyFieldsNotice: expect.stringMatching(notice) });
		expect(await fieldsOf(picked(''))).toEqual(nothing(/^The template fields come from the product picked above, as the store's product list gives them: pick the Store and the Product/));
		expect(await fieldsOf(picked('postcard-4x6'), { storeId: { __rl: true, mode: 'list', value: '' } })).toEqual(nothing(/^The template fields come from the product picked above, as the store's product list gives them: pick the Store and the Product/));
		expect(await fieldsOf({ __rl: true, mode: 'id', value: '={{ $json.product }}' })).toEqual(nothing(/not expressions/));
		expect(await fieldsOf(picked('no-such-product'))).toEqual(nothing(/^The product "no-such-product" is not in the store's product list$/));
		await env.api.setProfiles(['no-list-endpoints']);
		expect(await fieldsOf(picked('postcard-4x6'))).toEqual(nothing(/^This service has no product list \(HTTP 405\)/));
	});

	test('a store the service does not know is an error the panel shows', async () => {
		await expect(fieldsOf(picked('postcard-4x6'), { storeId: { __rl: true, mode: 'id', value: 'store_does_not_exist' } })).rejects.toThrow('Invalid store');
	});
});

describe('Create and Get Price Quote (version 5, fields): the mapped template values are sent in Product.TemplateFields', () => {
	/** The Template Fields value as n8n's editor saves it, its schema from getTemplateFields. */
	const mapped = async (productId: string, value: Json, profiles: string[] = []) => {
		await env.api.setProfiles(profiles);
		const { fields } = await resourceMapperFields({
			method: 'getTemplateFields',
			parameters: { storeId: { __rl: true, mode: 'id', value: 'store_main' }, productId: { __rl: true, mode: 'list', value: productId } },
			credentials: await credentialsFor(env.sandbox),
		});
		await env.api.setProfiles([]);
		await env.api.clearRequests();
		return { mappingMode: 'defineBelow', value, matchingColumns: [], schema: fields, attemptToConvertTypes: false, convertFieldsToString: true };
	};
	const parameters = (operation: string, templateFieldValues: unknown, extra: Json = {}) => ({
		resource: 'order',
		operation,
		storeId: { __rl: true, mode: 'list', value: 'store_main', cachedResultName: MAIN_STORE_LABEL },
		inputMode: 'fields',
		productId: { __rl: true, mode: 'list', value: 'postcard-4x6' },
		quantity: 3,
		templateFieldValues,
		recipient: RECIPIENT,
		...extra,
	});
	const sentProducts = async () =>
		(await env.api.requests()).filter((entry) => entry.method === 'POST').flatMap((entry) => (entry.body as { Items: Array<{ Product: Json }> }).Items.map((item) => item.Product));

	test.each(['create', 'getPriceQuote'])('%s: the values as strings, empty ones left out, over Product Options > Template Fields of the same name', async (operation) => {
		const templateFieldValues = await mapped('postcard-4x6', { Headline: 'Hello', Message: '={{ $json.message }}', SignOff: '' });
		const productOptions = { templateFields: { field: [{ name: 'SignOff', value: 'Cheers' }, { name: 'Headline', value: 'overridden' }, { name: 'Extra', value: 'x' }] } };
		const result = await runPrintStore({
			typeVersion: 5,
			parameters: parameters(operation, templateFieldValues, { productOptions }),
			items: [{ message: 'See you soon' }, { message: 42 }],
			credentials: await credentialsFor(env.sandbox),
		});
		expect(result.error).toBeUndefined();
		expect(await sentProducts()).toEqual([
			{ ID: 'postcard-4x6', Quantity: 3, TemplateFields: { Headline: 'Hello', Message: 'See you soon', SignOff: 'Cheers', Extra: 'x' } },
			{ ID: 'postcard-4x6', Quantity: 3, TemplateFields: { Headline: 'Hello', Message: '42', SignOff: 'Cheers', Extra: 'x' } },
		]);
	});

	test('every mapped value empty, and no pairs: no TemplateFields sent', async () => {
		// The product list of sandbox-shapes marks no field required.
		const templateFieldValues = await mapped('postcard-4x6', { Headline: '', Message: null, SignOff: '' }, ['sandbox-shapes']);
		const result = await runPrintStore({ typeVersion: 5, parameters: parameters('create', templateFieldValues), credentials: await credentialsFor(env.sandbox) });
		expect(result.error).toBeUndefined();
		expect(await sentProducts()).toEqual([{ ID: 'postcard-4x6', Quantity: 3 }]);
	});

	test('a field the product requires left empty: n8n refuses to run the node, naming the field, and nothing is sent', async () => {
		const templateFieldValues = await mapped('postcard-4x6', { Headline: 'Hello', SignOff: 'Bye' });
		const result = await runPrintStore({ typeVersion: 5, parameters: parameters('create', templateFieldValues), credentials: await credentialsFor(env.sandbox) }).catch((error: Error) => ({ thrown: error.message, issues: JSON.stringify(error) }));
		expect(result).toMatchObject({ thrown: expect.stringMatching(/has issues:\n- Template field "Message" is required$/) });
		expect(await sentProducts()).toEqual([]);
	});

	test('a version 4 node sends no mapped values, whatever its parameters hold', async () => {
		const result = await runPrintStore({
			typeVersion: 4,
			parameters: { ...parameters('create', await mapped('postcard-4x6', { Headline: 'Hello' })), storeId: 'store_main', testMode: true },
			credentials: await credentialsFor(env.sandbox),
		});
		expect(result.error).toBeUndefined();
		expect(await sentProducts()).toEqual([{ ID: 'postcard-4x6', Quantity: 3 }]);
	});
});

test('the Template Fields parameter: version 5, fields mode of Create and Get Price Quote, its mapper asked again when the store or product changes', () => {
	const description = new PrintStore().description;
	const mappers = description.properties.filter((property) => property.name === 'templateFieldValues');
	// One per operation (each operation states where its fields show), the same field.
	expect(mappers.map((mapper) => mapper.displayOptions?.show?.operation)).toEqual([['create'], ['getPriceQuote']]);
	expect(mappers[0]).toMatchObject({
		displayName: 'Template Fields',
		type: 'resourceMapper',
		typeOptions: {
			loadOptionsDependsOn: ['storeId.value', 'productId.value'],
			resourceMapper: { resourceMapperMethod: 'getTemplateFields', mode: 'add', valuesLabel: 'Template Fields', addAllFields: true, multiKeyMatch: false, supportAutoMap: false },
		},
	});
	const shown = (typeVersion: number, parameters: Json) =>
		mappers.some((mapper) => NodeHelpers.displayParameter(parameters as never, mapper, { typeVersion, type: PRINT_STORE_TYPE, parameters } as unknown as INode, description));
	expect(shown(5, { resource: 'order', operation: 'create', inputMode: 'fields' })).toBe(true);
	expect(shown(5, { resource: 'order', operation: 'getPriceQuote', inputMode: 'fields' })).toBe(true);
	expect(shown(5, { resource: 'order', operation: 'create', inputMode: 'json' })).toBe(false);
	expect(shown(5, { resource: 'order', operation: 'create', inputMode: 'inputItem' })).toBe(false);
	expect(shown(4, { resource: 'order', operation: 'create', inputMode: 'fields' })).toBe(false);
	expect(shown(5, { resource: 'order', operation: 'get' })).toBe(false);
});
