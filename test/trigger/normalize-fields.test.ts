/**
 * The trigger's output item, field by field: what users map in later nodes must be exactly the
 * status record's values (or null / [] when absent, never undefined or made up), whatever the
 * sender's spelling, and a record must stay the record when it carries objects of its own.
 * Hostile payloads are refused wherever they hide, lists included.
 */
import { checkPayloadShape, normalizeEvents, PayloadRejected } from '../../nodes/shared/callbacks/normalize';

const received = new Date('2026-11-24T06:00:00.000Z');
const one = (payload: unknown, kind: 'status' | 'details' = 'status') => {
	const events = normalizeEvents(payload, kind, received);
	expect(events).toHaveLength(1);
	return events[0];
};

const delivered = {
	ItemID: 7,
	ProductID: 'postcard-4x6',
	OrderID: 'ord_1',
	OrderNumber: 'PS-100001',
	TrackingNumber: '1Z999',
	ShippedDate: '20261121',
	DeliveryMethod: 'Standard',
	DeliveryDate: '2026-11-23T15:30:00Z',
	DeliverySignedBy: 'A. Lovelace',
	Timestamp: '2026-11-23T15:31:00Z',
	StatusID: 5,
	StatusDescription: 'Delivered',
	StatusUpdateFailed: false,
	Packages: [{ TrackingNumber: '1Z999', DeliveryDate: '2026-11-23T15:30:00Z', DeliverySignedBy: 'A. Lovelace' }],
	Errors: [{ dataElement: 'Recipient.AddressLine2', dataElementErrors: ['too long'] }],
	ProofUrl: 'https://proofs.example/1.pdf',
	RenderedPageUrls: ['https://proofs.example/1-1.png'],
	IntelligentMailingBarcode: '0070012345678',
	IntelligentMailingSerialNumber: 'IM-1',
	_meta: { Messages: ['Signed at the door'], ChangeType: 'StatusChanged' },
};

test('every field of a full status record, exactly', () => {
	expect(one(delivered, 'details')).toEqual({
		event: 'details',
		OrderID: 'ord_1',
		OrderNumber: 'PS-100001',
		PartnerOrderReference: null,
		StoreID: null,
		StatusID: 5,
		StatusDescription: 'Delivered',
		Timestamp: '2026-11-23T15:31:00.000Z',
		Completed: null,
		ChangeType: 'StatusChanged',
		Messages: ['Signed at the door'],
		ItemID: 7,
		ProductID: 'postcard-4x6',
		TrackingNumber: '1Z999',
		ShippedDate: '20261121',
		DeliveryMethod: 'Standard',
		DeliveryDate: '2026-11-23T15:30:00.000Z',
		DeliverySignedBy: 'A. Lovelace',
		Packages: delivered.Packages,
		Errors: delivered.Errors,
		ProofUrl: 'https://proofs.example/1.pdf',
		RenderedPageUrls: ['https://proofs.example/1-1.png'],
		IntelligentMailingBarcode: '0070012345678',
		IntelligentMailingSerialNumber: 'IM-1',
		StatusUpdateFailed: false,
		receivedAt: '2026-11-24T06:00:00.000Z',
		eventKey: 'details|ord_1|7|postcard-4x6|5|2026-11-23T15:31:00.000Z',
		missingFields: [],
		raw: delivered,
	});
});

test('a bare record: every absent field is null or an empty list, and the key leaves empty places', () => {
	const record = { OrderID: 'ord_2', StatusDescription: 'Printed' };
	expect(one(record)).toEqual({
		event: 'status',
		OrderID: 'ord_2',
		OrderNumber: null,
		PartnerOrderReference: null,
		StoreID: null,
		StatusID: null,
		StatusDescription: 'Printed',
		Timestamp: null,
		Completed: null,
		ChangeType: null,
		Messages: [],
		ItemID: null,
		ProductID: null,
		TrackingNumber: null,
		ShippedDate: null,
		DeliveryMethod: null,
		DeliveryDate: null,
		DeliverySignedBy: null,
		Packages: [],
		Errors: [],
		ProofUrl: null,
		RenderedPageUrls: [],
		IntelligentMailingBarcode: null,
		IntelligentMailingSerialNumber: null,
		receivedAt: '2026-11-24T06:00:00.000Z',
		eventKey: 'status|ord_2|||Printed|',
		missingFields: ['OrderNumber', 'StatusID', 'Timestamp'],
		raw: record,
	});
});

test('other spellings of the same fields: ProductId, ProofURL, any letter case; numbers and booleans as text', () => {
	const event = one({ orderid: 'ord_3', STATUSID: '4', ProductId: 'flyer', ProofURL: 'https://proofs.example/3.pdf', OrderNumber: 100003, DeliverySignedBy: false });
	expect(event).toMatchObject({ OrderID: 'ord_3', StatusID: 4, ProductID: 'flyer', ProofUrl: 'https://proofs.example/3.pdf', OrderNumber: '100003', DeliverySignedBy: 'false' });
	// An exact name wins over another letter case of it.
	expect(one({ OrderID: 'ord_4', StatusID: 4, statusid: 9 }).StatusID).toBe(4);
});

test('epoch seconds with a fraction, as text, keep their milliseconds', () => {
	expect(one({ OrderID: 'o', StatusID: 4, Timestamp: '1763967600.125' }).Timestamp).toBe('2025-11-24T07:00:00.125Z');
	expect(one({ OrderID: 'o', StatusID: 4, Timestamp: '1763967600.5' }).Timestamp).toBe('2025-11-24T07:00:00.500Z');
});

test('status IDs: whole numbers (signs included) become numbers; anything else is kept as text', () => {
	expect(one({ OrderID: 'o', StatusID: '12' }).StatusID).toBe(12);
	expect(one({ OrderID: 'o', StatusID: '-1' }).StatusID).toBe(-1);
	expect(one({ OrderID: 'o', StatusID: 'S-12' }).StatusID).toBe('S-12');
	expect(one({ OrderID: 'o', StatusID: '12a' }).StatusID).toBe('12a');
	expect(one({ OrderID: 'o', Status: '12' })).toMatchObject({ StatusID: 12, StatusDescription: null });
	expect(one({ OrderID: 'o', Status: 'S-12' })).toMatchObject({ StatusID: null, StatusDescription: 'S-12' });
	expect(one({ OrderID: 'o', Status: '12 boxes' })).toMatchObject({ StatusID: null, StatusDescription: '12 boxes' });
});

describe('a record that carries objects of its own under names senders use as wrappers', () => {
	test.each([
		['a StatusID', { OrderID: 'ord_5', StatusID: 4, data: { note: 'left at reception' } }, { StatusID: 4, StatusDescription: null }],
		['a text Status', { OrderID: 'ord_5', Status: 'Shipped', result: { carrier: 'UPS' } }, { StatusID: null, StatusDescription: 'Shipped' }],
		['a numeric Status', { OrderID: 'ord_5', Status: 4, detail: { carrier: 'UPS' } }, { StatusID: 4, StatusDescription: null }],
	])('with %s stays the record', (_name, payload, status) => {
		expect(one(payload)).toMatchObject({ OrderID: 'ord_5', ...status, raw: payload });
	});

	test('an order posted under "Order" is read as the record: its own time and fields too', () => {
		const payload = { Order: { ID: 'ord_6', OrderNumber: 'PS-6', StatusID: 3, StatusDescription: 'Printed', Completed: false, Updated: '2026-11-23T10:00:00Z' } };
		expect(one(payload)).toMatchObject({ OrderID: 'ord_6', OrderNumber: 'PS-6', StatusID: 3, StatusDescription: 'Printed', Completed: false, Timestamp: '2026-11-23T10:00:00.000Z', raw: payload });
	});

	test('a record without an order ID takes the ID of the order beside it; empty texts count as absent', () => {
		const payload = { data: { StatusID: 4, OrderNumber: '', DeliverySignedBy: '' }, Order: { ID: 'ord_11', OrderNumber: 'PS-11' } };
		expect(one(payload)).toMatchObject({ OrderID: 'ord_11', OrderNumber: 'PS-11', StatusID: 4, DeliverySignedBy: null });
	});

	test('records in a list, each in its own wrapper, are read from inside the wrapper', () => {
		const payload = [{ data: { OrderID: 'ord_12', StatusID: 4 } }, { data: { OrderID: 'ord_13', StatusID: 5 } }];
		expect(normalizeEvents(payload, 'status', received).map((event) => [event.OrderID, event.StatusID])).toEqual([
			['ord_12', 4],
			['ord_13', 5],
		]);
	});

	test('a payload with no status but a wrapper object: what the wrapper holds is read', () => {
		expect(one({ event: 'order.updated', data: { OrderID: 'ord_14', note: 'address corrected' } })).toMatchObject({ OrderID: 'ord_14', StatusID: null, missingFields: ['OrderNumber', 'StatusID', 'StatusDescription', 'Timestamp'] });
	});

	test('events without an order (or without a status) are told apart by their whole payload, never by the empty parts', () => {
		const a = one({ StatusID: 4, note: 'first' });
		const b = one({ StatusID: 4, note: 'second' });
		expect(a.eventKey).toMatch(/^status\|payload\|[0-9a-f]{64}$/);
		expect(b.eventKey).not.toBe(a.eventKey);
		const c = one({ OrderID: 'ord_15', note: 'first' });
		const d = one({ OrderID: 'ord_15', note: 'second' });
		expect(c.eventKey).toMatch(/^status\|payload\|/);
		expect(d.eventKey).not.toBe(c.eventKey);
	});

	test('a wrapper holding something that is no object is passed over for the next one', () => {
		const payload = { data: 'ignored', payload: null, body: 7, records: [{ OrderID: 'ord_7', StatusID: 2 }, { OrderID: 'ord_8', StatusID: 3 }] };
		expect(normalizeEvents(payload, 'status', received).map((event) => [event.OrderID, event.StatusID, event.raw])).toEqual([
			['ord_7', 2, payload.records[0]],
			['ord_8', 3, payload.records[1]],
		]);
	});

	test('a wrapper object without records is passed over for the next wrapper', () => {
		const payload = { data: { source: 'print-store' }, records: [{ OrderID: 'ord_16', StatusID: 2 }, { OrderID: 'ord_17', StatusID: 3 }] };
		expect(normalizeEvents(payload, 'status', received).map((event) => event.OrderID)).toEqual(['ord_16', 'ord_17']);
	});

	test('records more than four lists deep are not searched either: one event, nothing read', () => {
		let nested: unknown = { OrderID: 'ord_18', StatusID: 4 };
		for (let level = 0; level < 6; level++) nested = [nested];
		const [event] = normalizeEvents(nested, 'status', received);
		expect([event.OrderID, event.StatusID, event.raw]).toEqual([null, null, nested]);
	});

	test('records nested deeper than four wrappers are not searched: the payload is one event as received', () => {
		const deep = { data: { data: { data: { data: { data: { OrderID: 'ord_9', StatusID: 4 } } } } } };
		const [event] = normalizeEvents(deep, 'status', received);
		expect([event.OrderID, event.StatusID, event.raw]).toEqual([null, null, deep]);
		const four = { data: { data: { data: { data: { OrderID: 'ord_9', StatusID: 4 } } } } };
		expect([one(four).OrderID, one(four).StatusID]).toEqual(['ord_9', 4]);
	});
});

describe('hostile payloads are refused wherever they hide', () => {
	const refusal = (payload: unknown) => {
		try {
			checkPayloadShape(payload);
		} catch (error) {
			if (error instanceof PayloadRejected) return [error.httpStatus, error.message];
			throw error;
		}
		return 'accepted';
	};

	test('a prototype key inside a list entry is dropped, the rest kept', () => {
		const payload = JSON.parse('[{"OrderID":"a"},{"x":{"__proto__":{"polluted":true},"y":1},"constructor":{"prototype":{}}}]') as unknown;
		expect(refusal(payload)).toBe('accepted');
		expect(payload).toEqual([{ OrderID: 'a' }, { x: { y: 1 } }]);
		expect(Object.keys((payload as Array<{ x?: object }>)[1].x ?? {})).toEqual(['y']);
	});

	test('nesting made of lists counts like nesting of objects', () => {
		let nested: unknown = { OrderID: 'a' };
		for (let level = 0; level < 33; level++) nested = [nested];
		expect(refusal(nested)).toEqual([400, 'Payload is nested deeper than 32 levels']);
	});

	test('a plain value at the deepest allowed level is fine: only objects and lists nest', () => {
		// The innermost list or object sits at level 32, the deepest allowed; the number inside is no level.
		let nested: unknown = 5;
		for (let level = 0; level < 33; level++) nested = [nested];
		expect(refusal(nested)).toBe('accepted');
		let nullInside: unknown = null;
		for (let level = 0; level < 33; level++) nullInside = [nullInside];
		expect(refusal(nullInside)).toBe('accepted');
		let inObject: unknown = { value: 5, nothing: null };
		for (let level = 0; level < 32; level++) inObject = { inner: inObject };
		expect(refusal(inObject)).toBe('accepted');
	});

	test('one object with 20,001 keys is too many values, as a list of 20,001 is', () => {
		const wide = Object.fromEntries(Array.from({ length: 20_001 }, (_, index) => [`k${index}`, index]));
		expect(refusal(wide)).toEqual([413, 'Payload has more than 20000 values']);
		const fine = Object.fromEntries(Array.from({ length: 20_000 }, (_, index) => [`k${index}`, index]));
		expect(refusal(fine)).toBe('accepted');
	});
});
