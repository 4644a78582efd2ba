/** Request validation: messages name field and item index; nothing is created from a bad batch. */
import { request as httpRequest } from 'node:http';
import type { AxiosInstance } from 'axios';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { apiClient, controlClient, http, messages, orderItem } from './support';

let sandbox: Sandbox;
let api: AxiosInstance;
let orderPath: string;

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0, control: true });
	api = apiClient(sandbox);
	orderPath = `/store/${sandbox.storeId}/order`;
});
beforeEach(() => controlClient(sandbox).post('/reset'));
afterAll(() => sandbox.close());

const total = async () => (await controlClient(sandbox).get('/counts')).data.total as number;

/** Posts to create and to price; both must answer the same 400 and create nothing. */
async function expectRejected(body: unknown, expected: string[]) {
	for (const path of [orderPath, `${orderPath}/price`]) {
		const response = await api.post(path, body);
		expect(response.status).toBe(400);
		expect(messages(response.data)).toEqual(expected);
	}
	expect(await total()).toBe(0);
}

describe('structure', () => {
	it('Items is required, must be an array and must not be empty', async () => {
		await expectRejected({}, ['Items is required']);
		await expectRejected({ Items: {} }, ['Items must be an array']);
		await expectRejected({ Items: [] }, ['Items must contain at least one item']);
	});

	it('every item needs Product and Recipient, named with the item index', async () => {
		const { Product: _p, ...noProduct } = orderItem();
		const { Recipient: _r, ...noRecipient } = orderItem();
		await expectRejected({ Items: [orderItem(), noProduct, noRecipient] }, ['Items[1].Product is required', 'Items[2].Recipient is required']);
	});

	it('Product needs an ID and a Quantity', async () => {
		await expectRejected({ Items: [orderItem({ Product: { Quantity: 1 } })] }, ['Items[0].Product.ID is required']);
		await expectRejected({ Items: [orderItem({ Product: { ID: 'postcard-4x6' } })] }, ['Items[0].Product.Quantity is required']);
		await expectRejected({ Items: [orderItem({}, { ID: '' })] }, ['Items[0].Product.ID must not be empty']);
	});

	it.each([['5'], [0], [-3], [1.5], [null], [true]])('Quantity %p is refused as not an integer >= 1', async (quantity) => {
		await expectRejected({ Items: [orderItem(), orderItem(), orderItem({}, { Quantity: quantity })] }, [
			'Items[2].Product.Quantity must be an integer >= 1',
		]);
	});

	it('wrong JSON types are refused, never coerced', async () => {
		await expectRejected(
			{
				Items: [
					orderItem({ Recipient: 'Jane Doe', PartnerOrderReference: 42 }),
					orderItem({ EddmDeliveryAreas: {} }, { ProductionSpeedDays: '2', TemplateFields: { 'first name': 7 } }),
				],
				TestMode: 'yes',
				MaxRetries: '3',
			},
			[
				'Items[0].Recipient must be an object',
				'Items[0].PartnerOrderReference must be a string',
				'Items[1].Product.TemplateFields["first name"] must be a string',
				'Items[1].Product.ProductionSpeedDays must be an integer',
				'Items[1].EddmDeliveryAreas must be an array',
				'MaxRetries must be an integer',
				'TestMode must be a boolean',
			],
		);
	});

	it('a body that is not a JSON object is refused', async () => {
		for (const body of [[orderItem()], 'Items', 42, null]) {
			const response = await api.post(orderPath, JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
			expect(response.status).toBe(400);
			expect(messages(response.data)).toEqual(['Request body must be a JSON object']);
		}
		const empty = await api.post(orderPath, undefined);
		expect(empty.status).toBe(400);
		expect(messages(empty.data)).toEqual(['Request body must be a JSON object']);
		expect(await total()).toBe(0);
	});

	it('caps the list of problems at 20 and says how many more there were', async () => {
		const items = Array.from({ length: 25 }, () => orderItem({}, { Quantity: 0 }));
		const response = await api.post(orderPath, { Items: items });
		expect(response.status).toBe(400);
		expect(messages(response.data)).toHaveLength(21);
		expect(messages(response.data)[20]).toBe('... and 5 more problems');
	});
});

describe('field names are the spec’s, case included', () => {
	it('refuses a field the spec does not have, naming it and its item, and creates nothing', async () => {
		const wrongRecipient = orderItem();
		const { Postalcode, ...rest } = wrongRecipient.Recipient as Record<string, unknown>;
		await expectRejected(
			{
				Items: [
					orderItem(),
					{ ...wrongRecipient, Recipient: { ...rest, PostalCode: Postalcode } },
					orderItem({ Customer: { NameFirst: 'Grace', Postalcode: 'W1' } }),
					orderItem({}, { Id: 'postcard-4x6' }),
					orderItem({ Payments: [{ ExpectedAmount: 1, Amount: 1 }] }),
				],
				Testmode: true,
			},
			[
				'Testmode is not a field of the request',
				'Items[1].Recipient.PostalCode is not a field of Recipient',
				'Items[2].Customer.Postalcode is not a field of Customer',
				'Items[3].Product.Id is not a field of Product',
				'Items[4].Payments[0].Amount is not a field of Payments',
			],
		);
	});
});

describe('checks beyond the schema', () => {
	it('an unknown product is named with its item index, and the whole batch is refused', async () => {
		await expectRejected({ Items: [orderItem(), orderItem({}, { ID: 'poster-xxl' }), orderItem()] }, [
			"Items[1].Product.ID 'poster-xxl' is not a product of the catalogue",
		]);
	});

	it('products in Products are checked too', async () => {
		await expectRejected({ Items: [orderItem({ Products: [{ ID: 'flyer-a5', Quantity: 1 }, { ID: 'nope', Quantity: 1 }] })] }, [
			"Items[0].Products[1].ID 'nope' is not a product of the catalogue",
		]);
	});

	it('delivery methods: unknown, not mailable, EDDM without areas', async () => {
		await expectRejected({ Items: [orderItem({}, { DeliveryMethod: 'Teleport' })] }, [
			"Items[0].Product.DeliveryMethod 'Teleport' is not supported; use one of Standard, Express, Overnight, Pickup, Mail, EDDM",
		]);
		await expectRejected({ Items: [orderItem({}, { ID: 'poster-18x24', DeliveryMethod: 'Mail' })] }, [
			"Items[0].Product.DeliveryMethod Mail is not available for product 'poster-18x24'",
		]);
		await expectRejected({ Items: [orderItem({}, { DeliveryMethod: 'eddm' })] }, [
			'Items[0].Product.DeliveryMethod EDDM needs at least one entry in EddmDeliveryAreas',
		]);
	});

	it('callback URLs must be absolute http(s) URLs (an empty string means none)', async () => {
		await expectRejected({ Items: [orderItem({ StatusCallbackUrl: 'not a url', StatusDetailsCallbackUrl: 'ftp://x.example/cb' })] }, [
			'Items[0].StatusCallbackUrl must be an absolute http or https URL',
			'Items[0].StatusDetailsCallbackUrl must be an absolute http or https URL',
		]);
		const ok = await api.post(orderPath, { Items: [orderItem({ StatusCallbackUrl: '' })] });
		expect(ok.status).toBe(200);
	});

	it('a batch with one bad item in 100 creates nothing; the fixed batch creates all 100', async () => {
		const items = Array.from({ length: 100 }, (_, i) => orderItem({ PartnerOrderReference: `batch-${i}` }));
		items[57] = orderItem({ PartnerOrderReference: 'batch-57' }, { Quantity: 0 });
		const bad = await api.post(orderPath, { Items: items });
		expect(bad.status).toBe(400);
		expect(messages(bad.data)).toEqual(['Items[57].Product.Quantity must be an integer >= 1']);
		expect(await total()).toBe(0);
		items[57] = orderItem({ PartnerOrderReference: 'batch-57' });
		const good = await api.post(orderPath, { Items: items });
		expect(good.status).toBe(200);
		expect(good.data.map((o: { PartnerOrderReference: string }) => o.PartnerOrderReference)).toEqual(items.map((i) => i.PartnerOrderReference));
		const counts = (await controlClient(sandbox).get('/counts')).data;
		expect(counts.total).toBe(100);
		expect(counts.byPartnerOrderReference['batch-57']).toBe(1);
	});
});

describe('media types and sizes', () => {
	const headers = () => ({ 'Ocp-Apim-Subscription-Key': sandbox.subscriptionKey, Authorization: `Bearer ${sandbox.tokens.accessToken}` });
	/** Sends the string exactly as given (axios would otherwise re-encode invalid JSON as a JSON string). */
	const postRaw = (raw: string, contentType = 'application/json') =>
		http.post(`${sandbox.apiUrl}${orderPath}`, raw, {
			headers: { ...headers(), 'Content-Type': contentType },
			transformRequest: [(data: unknown) => data],
			maxBodyLength: Infinity,
		});

	it('a JSON body without Content-Type is read as JSON (the header is optional in the spec)', async () => {
		const response = await new Promise<{ status: number; body: string }>((resolve, reject) => {
			const url = new URL(`${sandbox.apiUrl}${orderPath}`);
			const payload = JSON.stringify({ Items: [orderItem()] });
			// Node's http module sends exactly the headers given: no Content-Type at all.
			const req = httpRequest(
				{ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { ...headers(), 'Content-Length': Buffer.byteLength(payload) } },
				(res: import('node:http').IncomingMessage) => {
					let body = '';
					res.on('data', (chunk) => (body += chunk));
					res.on('end', () => resolve({ status: res.statusCode!, body }));
				},
			);
			req.on('error', reject);
			req.end(payload);
		});
		expect(response.status).toBe(200);
		expect(JSON.parse(response.body)).toHaveLength(1);
		const log = (await controlClient(sandbox).get('/requests')).data.requests;
		expect(log[log.length - 1].headersPresent).not.toContain('content-type');
	});

	it('JSON with a charset, or a +json media type, is accepted', async () => {
		for (const type of ['application/json; charset=utf-8', 'application/vnd.print-store+json']) {
			const response = await postRaw(JSON.stringify({ Items: [orderItem()] }), type);
			expect(response.status).toBe(200);
		}
	});

	it('415 for a body that is not JSON', async () => {
		for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
			const response = await postRaw('Items=1', type);
			expect(response.status).toBe(415);
			expect(messages(response.data)).toEqual([`Content-Type '${type}' is not supported; send the body as application/json`]);
		}
		expect(await total()).toBe(0);
	});

	it('400 for malformed JSON', async () => {
		const response = await postRaw('{"Items": [');
		expect(response.status).toBe(400);
		expect(messages(response.data)).toEqual(['Request body is not valid JSON (keys __proto__ and constructor.prototype are refused)']);
	});

	it('413 for a body over 1 MiB, creating nothing', async () => {
		const items = Array.from({ length: 3000 }, (_, i) => orderItem({ PartnerOrderReference: `big-${i}`, Padding: 'x'.repeat(300) }));
		const body = JSON.stringify({ Items: items });
		expect(body.length).toBeGreaterThan(1024 * 1024);
		const response = await postRaw(body);
		expect(response.status).toBe(413);
		expect(messages(response.data)).toEqual(['Request body is larger than the limit of 1 MiB (1048576 bytes)']);
		expect(await total()).toBe(0);
	});

	it('prototype keys are refused and pollute nothing', async () => {
		for (const raw of [
			'{"Items":[{"Product":{"ID":"postcard-4x6","Quantity":1},"Recipient":{},"__proto__":{"polluted":true}}]}',
			'{"Items":[],"constructor":{"prototype":{"polluted":true}}}',
		]) {
			const response = await postRaw(raw);
			expect(response.status).toBe(400);
			expect(messages(response.data)).toEqual(['Request body is not valid JSON (keys __proto__ and constructor.prototype are refused)']);
		}
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
		expect(await total()).toBe(0);
	});

	it('never answers 500 to odd bodies', async () => {
		const odd = [
			'{"Items":[{"Product":{"ID":"postcard-4x6","Quantity":1e400},"Recipient":{}}]}',
			'{"Items":[{"Product":{"ID":"postcard-4x6","Quantity":2147483648},"Recipient":{}}]}',
			'{"Items":[{"Product":[],"Recipient":[]}]}',
			'{"Items":[null, 1, "x", []]}',
			'{"Items":[{"Product":{"ID":{"nested":1},"Quantity":1},"Recipient":{"Email":["a"]}}]}',
			'\u0000',
			'{"Items":' + '['.repeat(200) + ']'.repeat(200) + '}',
		];
		for (const raw of odd) {
			const response = await postRaw(raw);
			expect(response.status).toBeGreaterThanOrEqual(400);
			expect(response.status).toBeLessThan(500);
			expect(Array.isArray(messages(response.data))).toBe(true);
		}
		expect(await total()).toBe(0);
	});
});
