/** Status lifecycle: records, fields per status, completion, failure, and the auto-advance clock. */
import type { AxiosInstance } from 'axios';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { apiClient, controlClient, eventually, http, messages, orderItem } from './support';

let sandbox: Sandbox;
let api: AxiosInstance;
let control: AxiosInstance;

const RECORD_FIELDS = [
	'ItemID', 'ProductID', 'OrderID', 'OrderNumber', 'TrackingNumber', 'ShippedDate', 'DeliveryMethod', 'DeliveryDate',
	'DeliverySignedBy', 'Timestamp', 'StatusID', 'StatusDescription', 'StatusUpdateFailed', 'Packages', 'Errors', 'ProofUrl',
	'RenderedPageUrls', 'IntelligentMailingBarcode', 'IntelligentMailingSerialNumber', '_meta',
].sort();

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0, control: true });
	api = apiClient(sandbox);
	control = controlClient(sandbox);
});
beforeEach(() => control.post('/reset'));
afterAll(() => sandbox.close());

async function createOrder(item = orderItem()) {
	const response = await api.post(`/store/${sandbox.storeId}/order`, { Items: [item] });
	expect(response.status).toBe(200);
	return response.data[0] as { ID: string; OrderNumber: string };
}

const history = async (id: string) => (await api.get(`/store/${sandbox.storeId}/order/${id}/status`)).data;

it('lists the statuses on the control API index', async () => {
	const index = (await control.get('/')).data;
	expect(index.statuses).toEqual([
		{ StatusID: 1, StatusDescription: 'Received' },
		{ StatusID: 2, StatusDescription: 'In Production' },
		{ StatusID: 3, StatusDescription: 'Printed' },
		{ StatusID: 4, StatusDescription: 'Shipped' },
		{ StatusID: 5, StatusDescription: 'Delivered' },
		{ StatusID: 9, StatusDescription: 'Failed' },
	]);
});

it('creation records Received with every field of the spec, and the two the provider documents besides', async () => {
	const order = await createOrder();
	const [received] = await history(order.ID);
	expect(Object.keys(received).sort()).toEqual([...RECORD_FIELDS, 'PFLLinkStatus', 'PartnerOrderReference'].sort());
	// Under sandbox-shapes, the spec's fields only.
	await control.put('/profile', { profiles: ['sandbox-shapes'] });
	expect(Object.keys((await history(order.ID))[0]).sort()).toEqual(RECORD_FIELDS);
	await control.put('/profile', { profiles: [] });
	expect(received).toMatchObject({
		ProductID: 'postcard-4x6',
		OrderID: order.ID,
		OrderNumber: order.OrderNumber,
		DeliveryMethod: 'Standard',
		StatusID: 1,
		StatusDescription: 'Received',
		StatusUpdateFailed: false,
		TrackingNumber: null,
		Packages: [],
		Errors: [],
		RenderedPageUrls: [],
		_meta: { Messages: ['Order received'], ChangeType: 'Created' },
	});
	expect(Number.isInteger(received.ItemID)).toBe(true);
});

it('advances one step at a time (by ID or OrderNumber) and fills the fields of each status', async () => {
	const order = await createOrder();
	const step = async (id: string) => {
		const response = await control.post(`/orders/${id}/advance`);
		expect(response.status).toBe(200);
		expect(response.data).toHaveLength(1);
		return response.data[0];
	};
	const production = await step(order.ID);
	expect(production).toMatchObject({ StatusID: 2, StatusDescription: 'In Production', _meta: { ChangeType: 'StatusChanged' } });
	// Default places (files.test.ts covers the others): the proof on the API host, behind its authentication.
	expect(production.ProofUrl).toBe(`${sandbox.apiUrl}/files/proofs/${order.ID}.pdf`);
	const proof = await api.get(production.ProofUrl, { responseType: 'arraybuffer' });
	expect(proof.status).toBe(200);
	expect(proof.headers['content-type']).toBe('application/pdf');

	const printed = await step(order.OrderNumber);
	expect(printed).toMatchObject({ StatusID: 3, StatusDescription: 'Printed', ProofUrl: production.ProofUrl });
	// The rendered pages on the file host, public.
	expect(printed.RenderedPageUrls).toEqual([`${sandbox.filesUrl}/renders/${order.ID}/page-1.png`]);
	expect((await http.get(printed.RenderedPageUrls[0])).headers['content-type']).toBe('image/png');

	const shipped = await step(order.ID);
	expect(shipped).toMatchObject({ StatusID: 4, StatusDescription: 'Shipped', IntelligentMailingBarcode: null });
	expect(shipped.TrackingNumber).toMatch(/^1ZPS\d{10}$/);
	expect(new Date(shipped.ShippedDate).toISOString()).toBe(shipped.ShippedDate);
	expect(shipped.Packages).toEqual([{ TrackingNumber: shipped.TrackingNumber, DeliveryDate: null, DeliverySignedBy: null }]);

	const delivered = await step(order.ID);
	expect(delivered).toMatchObject({ StatusID: 5, StatusDescription: 'Delivered', DeliverySignedBy: 'Jane Doe', TrackingNumber: shipped.TrackingNumber });
	expect(delivered.Packages).toEqual([{ TrackingNumber: shipped.TrackingNumber, DeliveryDate: delivered.DeliveryDate, DeliverySignedBy: 'Jane Doe' }]);

	const read = (await api.get(`/store/${sandbox.storeId}/order/${order.ID}`)).data;
	expect(read).toMatchObject({ StatusID: 5, StatusDescription: 'Delivered', Completed: true, Updated: delivered.Timestamp });
	expect((await history(order.ID)).map((r: { StatusID: number }) => r.StatusID)).toEqual([1, 2, 3, 4, 5]);

	const again = await control.post(`/orders/${order.ID}/advance`);
	expect(again.status).toBe(409);
	expect(messages(again.data)).toEqual([`Order '${order.ID}' is Delivered and cannot change status any more`]);
});

it('advances to a given status with one record per intermediate step', async () => {
	const order = await createOrder();
	const response = await control.post(`/orders/${order.ID}/advance`, { toStatusId: 4 });
	expect(response.data.map((r: { StatusID: number }) => r.StatusID)).toEqual([2, 3, 4]);
	expect((await control.post(`/orders/${order.ID}/advance`, { toStatusId: 3 })).status).toBe(400);
	expect((await control.post(`/orders/${order.ID}/advance`, { toStatusId: 7 })).status).toBe(400);
	expect((await control.post('/orders/ord_nope/advance')).status).toBe(404);
	expect((await control.post(`/orders/${order.ID}/advance`, { toStatusId: 'five' })).status).toBe(400);
});

it('fails an order: Failed, StatusUpdateFailed, Errors, Completed', async () => {
	const order = await createOrder();
	const [failed] = (await control.post(`/orders/${order.ID}/advance`, { fail: true })).data;
	expect(failed).toMatchObject({
		StatusID: 9,
		StatusDescription: 'Failed',
		StatusUpdateFailed: true,
		Errors: [{ dataElement: 'Recipient.AddressLine1', dataElementErrors: ['The carrier could not verify the delivery address'] }],
	});
	expect((await api.get(`/store/${sandbox.storeId}/order/${order.ID}`)).data.Completed).toBe(true);

	const other = await createOrder();
	const errors = [{ dataElement: 'Product.FileURL', dataElementErrors: ['File could not be downloaded'] }];
	const [custom] = (await control.post(`/orders/${other.OrderNumber}/advance`, { toStatusId: 9, errors })).data;
	expect(custom.Errors).toEqual(errors);
	expect(custom._meta.Messages).toEqual(['Order failed: File could not be downloaded']);
});

it('mail delivery carries the Intelligent Mail barcode and serial number', async () => {
	const order = await createOrder(orderItem({}, { DeliveryMethod: 'Mail', IntelligentMailingSerialNumber: '000123456' }));
	const records = (await control.post(`/orders/${order.ID}/advance`, { toStatusId: 4 })).data;
	const shipped = records[2];
	expect(shipped.DeliveryMethod).toBe('Mail');
	expect(shipped.IntelligentMailingSerialNumber).toBe('000123456');
	expect(shipped.IntelligentMailingBarcode).toMatch(/^\d{25}$/);
	expect(shipped.IntelligentMailingBarcode.endsWith('62701')).toBe(true);
});

it('the clock advances every open order one step per tick until completed, and can be stopped', async () => {
	const order = await createOrder();
	expect((await control.post('/clock', { advanceEveryMs: 10 })).data).toEqual({ advanceEveryMs: 10 });
	await eventually(async () => ((await api.get(`/store/${sandbox.storeId}/order/${order.ID}`)).data.Completed ? true : undefined));
	expect((await history(order.ID)).map((r: { StatusID: number }) => r.StatusID)).toEqual([1, 2, 3, 4, 5]);
	expect((await control.post('/clock', { advanceEveryMs: 0 })).data).toEqual({ advanceEveryMs: 0 });
	const later = await createOrder();
	expect((await control.get('/clock')).data).toEqual({ advanceEveryMs: 0 });
	expect((await history(later.ID)).map((r: { StatusID: number }) => r.StatusID)).toEqual([1]);
	expect((await control.post('/clock', { advanceEveryMs: -1 })).status).toBe(400);
});

it('the advanceEveryMs option starts the clock', async () => {
	const clocked = await startSandbox({ port: 0, advanceEveryMs: 10 });
	try {
		const created = await apiClient(clocked).post(`/store/${clocked.storeId}/order`, { Items: [orderItem()] });
		const id = created.data[0].ID;
		const records = await eventually(async () => {
			const list = (await apiClient(clocked).get(`/store/${clocked.storeId}/order/${id}/status`)).data;
			return list.length === 5 ? list : undefined;
		});
		expect(records[4].StatusDescription).toBe('Delivered');
	} finally {
		await clocked.close();
	}
});
