/**
 * The trigger's payload handling, as pure functions: every parseable callback gives one normalized
 * item per status record (or per object when no status can be found); only hostile or unparseable
 * bodies are refused with a 4xx status.
 */
import { checkPayloadShape, normalizeEvents, PayloadRejected, toIsoTimestamp } from '../../nodes/shared/callbacks/normalize';
import { decodeBody } from '../../nodes/shared/callbacks/decode';

const received = new Date('2026-11-22T10:00:00.000Z');

const shipped = {
	ItemID: 1,
	ProductID: 'postcard-4x6',
	OrderID: 'ord_1',
	OrderNumber: 'PS-100001',
	TrackingNumber: '1Z999',
	ShippedDate: '2026-11-21T08:00:00Z',
	DeliveryMethod: 'Standard',
	DeliveryDate: null,
	DeliverySignedBy: '',
	Timestamp: '2026-11-21T08:00:00Z',
	StatusID: 4,
	StatusDescription: 'Shipped',
	StatusUpdateFailed: false,
	Packages: [{ TrackingNumber: '1Z999', DeliveryDate: null, DeliverySignedBy: '' }],
	Errors: [],
	_meta: { Messages: [], ChangeType: 'StatusChanged' },
};

function rejected(run: () => unknown): PayloadRejected {
	try {
		run();
	} catch (error) {
		if (error instanceof PayloadRejected) return error;
		throw error;
	}
	throw new Error('expected the payload to be refused');
}

describe('accepted shapes', () => {
	test('a status record', () => {
		const [event] = normalizeEvents(shipped, 'status', received);
		expect(event).toMatchObject({
			event: 'status',
			OrderID: 'ord_1',
			OrderNumber: 'PS-100001',
			StatusID: 4,
			StatusDescription: 'Shipped',
			Timestamp: '2026-11-21T08:00:00.000Z',
			TrackingNumber: '1Z999',
			ShippedDate: '2026-11-21T08:00:00Z',
			ChangeType: 'StatusChanged',
			StatusUpdateFailed: false,
			receivedAt: '2026-11-22T10:00:00.000Z',
		});
		expect(event.Packages).toEqual(shipped.Packages);
		expect(event.raw).toBe(shipped);
		expect(event.eventKey).toBe('status|ord_1|1|postcard-4x6|4|2026-11-21T08:00:00.000Z');
	});

	test('a list of status records gives one item each, in order', () => {
		const records = [1, 2, 3].map((StatusID) => ({ ...shipped, StatusID, StatusDescription: `S${StatusID}` }));
		expect(normalizeEvents(records, 'status', received).map((event) => event.StatusID)).toEqual([1, 2, 3]);
	});

	test('an order', () => {
		const order = { ID: 'ord_2', OrderNumber: 'PS-2', PartnerOrderReference: 'crm-2', StoreID: 'store_main', StatusID: 5, StatusDescription: 'Delivered', Completed: true, Updated: '2026-11-20T00:00:00Z' };
		const [event] = normalizeEvents(order, 'details', received);
		expect(event).toMatchObject({ event: 'details', OrderID: 'ord_2', OrderNumber: 'PS-2', PartnerOrderReference: 'crm-2', StoreID: 'store_main', StatusID: 5, Completed: true, Timestamp: '2026-11-20T00:00:00.000Z' });
	});

	test('a details record: status record plus its order', () => {
		const details = { ...shipped, Order: { ID: 'ord_1', PartnerOrderReference: 'crm-1', StoreID: 'store_main', Completed: false } };
		const [event] = normalizeEvents(details, 'details', received);
		expect(event).toMatchObject({ OrderID: 'ord_1', PartnerOrderReference: 'crm-1', StoreID: 'store_main', Completed: false, StatusID: 4 });
		expect(event.raw).toBe(details);
	});

	test.each([
		['data', { data: shipped }],
		['payload list', { payload: [shipped, shipped] }],
		['records', { records: [shipped] }],
		['nested wrapper', { event: { data: { statusRecords: [shipped] } } }],
		['camelCase fields', { statusId: 4, statusDescription: 'Shipped', orderId: 'ord_1', timestamp: 1795300000 }],
	])('a wrapper object (%s)', (_name, payload) => {
		const events = normalizeEvents(payload, 'status', received);
		expect(events.length).toBeGreaterThan(0);
		for (const event of events) {
			expect(event.StatusID).toBe(4);
			expect(event.OrderID).toBe('ord_1');
		}
	});

	test('a form-encoded body, flat or with a JSON field', () => {
		const flat = decodeBody({ StatusID: '4', StatusDescription: 'Shipped', OrderID: 'ord_1' }, 'application/x-www-form-urlencoded');
		expect(normalizeEvents(flat, 'status', received)[0]).toMatchObject({ StatusID: 4, OrderID: 'ord_1' });
		const wrapped = decodeBody({ payload: JSON.stringify(shipped) }, 'application/x-www-form-urlencoded');
		expect(normalizeEvents(wrapped, 'status', received)[0]).toMatchObject({ StatusID: 4, TrackingNumber: '1Z999' });
	});

	test('raw JSON text', () => {
		expect(normalizeEvents(decodeBody(JSON.stringify([shipped]), 'text/plain'), 'status', received)).toHaveLength(1);
	});

	test.each([
		['ISO', '2026-11-21T08:00:00Z', '2026-11-21T08:00:00.000Z'],
		['epoch seconds', 1795300000, '2026-11-21T22:26:40.000Z'],
		['epoch milliseconds', '1795300000000', '2026-11-21T22:26:40.000Z'],
		['.NET date', '/Date(1795300000000)/', '2026-11-21T22:26:40.000Z'],
		['garbage', 'soon', undefined],
	])('timestamps: %s', (_name, value, expected) => {
		expect(toIsoTimestamp(value)).toBe(expected);
	});
});

describe('refused shapes', () => {
	test.each([
		['empty text', '', 'Empty body'],
		['blank text', ' \n\t ', 'Empty body'],
		['empty object without a body', {}, 'Empty body'],
		['nothing', undefined, 'Empty body'],
		['null', null, 'Empty body'],
		['malformed JSON', '{"StatusID": 4,', 'Body is not valid JSON'],
		['a bare number', 42, 'Body is not a JSON object or list'],
	])('%s → 400 saying why', (_name, body, message) => {
		const refusal = rejected(() => decodeBody(body, 'application/json', 0));
		expect([refusal.httpStatus, refusal.message]).toEqual([400, message]);
	});

	test('a form field that starts like JSON but is not → 400', () => {
		const refusal = rejected(() => decodeBody({ payload: '{"StatusID": 4' }, 'application/x-www-form-urlencoded'));
		expect([refusal.httpStatus, refusal.message]).toEqual([400, 'Body is not valid JSON']);
	});

	test('{} is a payload, an empty request is not', () => {
		expect(decodeBody({}, 'application/json', 2)).toEqual({});
		expect(rejected(() => decodeBody({}, 'application/json', 0)).httpStatus).toBe(400);
	});

	test.each(['__proto__', 'constructor', 'prototype'])('a "%s" key at any depth is dropped, the event kept, nothing polluted', (key) => {
		const payload = JSON.parse(`{"data": {"StatusID": 4, "${key}": {"polluted": true}}}`) as Record<string, unknown>;
		checkPayloadShape(payload as never);
		expect(payload).toEqual({ data: { StatusID: 4 } });
		expect(normalizeEvents(payload, 'status', new Date())[0].StatusID).toBe(4);
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
	});

	test('deep nesting → 400', () => {
		let payload: unknown = shipped;
		for (let depth = 0; depth < 10_000; depth++) payload = { data: payload };
		expect(rejected(() => checkPayloadShape(payload)).httpStatus).toBe(400);
	});

	test('too many values → 413', () => {
		const payload = Array.from({ length: 30_000 }, (_, index) => index);
		expect(rejected(() => checkPayloadShape(payload)).httpStatus).toBe(413);
	});

	test('too many status records → 413', () => {
		const payload = Array.from({ length: 1001 }, () => ({ StatusID: 1 }));
		expect(rejected(() => normalizeEvents(payload, 'status', received)).httpStatus).toBe(413);
	});
});

describe('limits, at their edges', () => {
	const nested = (levels: number) => {
		let payload: unknown = {};
		for (let depth = 0; depth < levels; depth++) payload = { data: payload };
		return payload;
	};

	test('32 levels of nesting pass, 33 are refused saying so', () => {
		expect(() => checkPayloadShape(nested(32))).not.toThrow();
		const refusal = rejected(() => checkPayloadShape(nested(33)));
		expect([refusal.httpStatus, refusal.message]).toEqual([400, 'Payload is nested deeper than 32 levels']);
	});

	test('20,000 values pass, 20,001 are refused saying so', () => {
		expect(() => checkPayloadShape(Array.from({ length: 20_000 }, (_, index) => index))).not.toThrow();
		const refusal = rejected(() => checkPayloadShape(Array.from({ length: 20_001 }, (_, index) => index)));
		expect([refusal.httpStatus, refusal.message]).toEqual([413, 'Payload has more than 20000 values']);
	});

	test('1,000 status records pass, 1,001 are refused saying so', () => {
		expect(normalizeEvents(Array.from({ length: 1000 }, () => ({ StatusID: 1 })), 'status', received)).toHaveLength(1000);
		const refusal = rejected(() => normalizeEvents(Array.from({ length: 1001 }, () => ({ StatusID: 1 })), 'status', received));
		expect([refusal.httpStatus, refusal.message]).toEqual([413, 'Payload has more than 1000 status records']);
	});

	test('a _meta without Messages gives an empty Messages list, its ChangeType still read', () => {
		const [event] = normalizeEvents({ ...shipped, _meta: { ChangeType: 'StatusChanged' } }, 'status', received);
		expect([event.ChangeType, event.Messages]).toEqual(['StatusChanged', []]);
	});

	test('a list of plain values (no objects) is one event with the list under raw', () => {
		const payload = [1, 'two', null];
		const events = normalizeEvents(payload, 'status', received);
		expect(events).toHaveLength(1);
		expect(events[0]).toMatchObject({ OrderID: null, StatusID: null, missingFields: ['OrderID', 'OrderNumber', 'StatusID', 'StatusDescription', 'Timestamp'] });
		expect(events[0].raw).toBe(payload);
	});

	test.each([
		['.NET date with an offset', '/Date(1795300000000+0100)/', '2026-11-21T22:26:40.000Z'],
		['.NET date with text before it', 'at /Date(1795300000000)/', undefined],
		['.NET date with text after it', '/Date(1795300000000)/ UTC', undefined],
		['a date that ends in digits but is no number', '2026-11-21', '2026-11-21T00:00:00.000Z'],
		['1e11 is milliseconds (1973), not seconds', 1e11, '1973-03-03T09:46:40.000Z'],
		['just under 1e11 is seconds', 99_999_999_999, '5138-11-16T09:46:39.000Z'],
	])('timestamps: %s', (_name, value, expected) => {
		expect(toIsoTimestamp(value)).toBe(expected);
	});
});

describe('payloads the spec does not show', () => {
	test('no status anywhere: still one event, with what was found and what was not', () => {
		const [event] = normalizeEvents({ hello: 'world' }, 'status', received);
		expect(event).toMatchObject({ OrderID: null, StatusID: null, StatusDescription: null, raw: { hello: 'world' } });
		expect(event.missingFields).toEqual(['OrderID', 'OrderNumber', 'StatusID', 'StatusDescription', 'Timestamp']);
	});

	test('different unrecognized payloads are different events; the same payload is the same event', () => {
		const [a] = normalizeEvents({ hello: 'world' }, 'status', received);
		const [b] = normalizeEvents({ hello: 'moon' }, 'status', received);
		const [c] = normalizeEvents({ hello: 'world' }, 'status', received);
		expect(a.eventKey).not.toBe(b.eventKey);
		expect(a.eventKey).toBe(c.eventKey);
	});

	test.each([
		['Status as text, OrderId', { OrderId: 'ord_9', Status: 'Shipped' }, { OrderID: 'ord_9', StatusDescription: 'Shipped', StatusID: null }],
		['Status as a number', { orderNumber: 'PS-9', Status: 4 }, { OrderNumber: 'PS-9', StatusID: 4, StatusDescription: null }],
		['StatusCode and lower-case names', { order_id: 'ord_9', statusCode: '5', statusdescription: 'Delivered' }, { OrderID: 'ord_9', StatusID: 5, StatusDescription: 'Delivered' }],
		['a data envelope', { event: 'order.status', data: { OrderID: 'ord_9', StatusID: 2 } }, { OrderID: 'ord_9', StatusID: 2 }],
		['an Order envelope', { Order: { ID: 'ord_9', OrderNumber: 'PS-9', StatusID: 3, Completed: false } }, { OrderID: 'ord_9', OrderNumber: 'PS-9', StatusID: 3, Completed: false }],
		['occurredAt as the time', { data: { orderId: 'ord_9', status: 'Shipped', occurredAt: '2026-11-22T10:00:00Z' } }, { OrderID: 'ord_9', Timestamp: '2026-11-22T10:00:00.000Z' }],
		['a CloudEvents time', { type: 'order.status', time: '2026-11-22T11:00:00Z', data: { OrderID: 'ord_9', StatusID: 4 } }, { OrderID: 'ord_9', Timestamp: '2026-11-22T11:00:00.000Z' }],
	])('%s', (_name, payload, expected) => {
		const [event] = normalizeEvents(payload, 'status', received);
		expect(event).toMatchObject(expected);
		expect(event.raw).toEqual(payload);
	});

	test('nothing is made up: a plain ShippedDate stays as sent, StatusUpdateFailed stays unset', () => {
		const [event] = normalizeEvents({ OrderID: 'ord_1', StatusID: 4, ShippedDate: '20261122' }, 'status', received);
		expect(event.ShippedDate).toBe('20261122');
		expect('StatusUpdateFailed' in event).toBe(false);
		const [flagged] = normalizeEvents({ OrderID: 'ord_1', StatusID: 4, StatusUpdateFailed: true }, 'status', received);
		expect(flagged.StatusUpdateFailed).toBe(true);
	});

	test('every field of the status record is kept', () => {
		const record = {
			...shipped,
			ProofUrl: 'https://proofs.example/1.pdf',
			RenderedPageUrls: ['https://proofs.example/1-1.png'],
			IntelligentMailingBarcode: '0070012345678',
			IntelligentMailingSerialNumber: 'IM-1',
			_meta: { Messages: ['Handed to carrier'], ChangeType: 'StatusChanged' },
		};
		const [event] = normalizeEvents(record, 'details', received);
		expect(event).toMatchObject({
			ProofUrl: 'https://proofs.example/1.pdf',
			RenderedPageUrls: ['https://proofs.example/1-1.png'],
			IntelligentMailingBarcode: '0070012345678',
			IntelligentMailingSerialNumber: 'IM-1',
			Messages: ['Handed to carrier'],
			StatusUpdateFailed: false,
		});
	});
});
