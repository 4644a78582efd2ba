/**
 * The trigger's payload handling, as pure functions: every accepted callback shape gives one
 * normalized item per status record; hostile shapes are refused with a 4xx status.
 */
import { firstSighting } from '../../nodes/PrintStoreTrigger/dedupe';
import { checkPayloadShape, normalizeEvents, PayloadRejected, toIsoTimestamp } from '../../nodes/PrintStoreTrigger/normalize';
import { decodeBody } from '../../nodes/PrintStoreTrigger/request';

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
			ShippedDate: '2026-11-21T08:00:00.000Z',
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
		['empty text', ''],
		['empty object', {}],
		['nothing', undefined],
		['malformed JSON', '{"StatusID": 4,'],
		['a bare number', 42],
	])('%s → 400', (_name, body) => {
		expect(rejected(() => decodeBody(body, 'application/json')).httpStatus).toBe(400);
	});

	test('no status record anywhere → 400', () => {
		expect(rejected(() => normalizeEvents({ hello: 'world' }, 'status', received)).httpStatus).toBe(400);
	});

	test.each(['__proto__', 'constructor', 'prototype'])('a "%s" key at any depth → 400, nothing polluted', (key) => {
		const payload = JSON.parse(`{"data": {"StatusID": 4, "${key}": {"polluted": true}}}`);
		expect(rejected(() => checkPayloadShape(payload)).httpStatus).toBe(400);
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

describe('duplicate memory', () => {
	test('lets a key through once per window, per trigger', () => {
		const now = 1_000_000;
		expect(firstSighting('trigger-a', 'k1', 60_000, now)).toBe(true);
		expect(firstSighting('trigger-a', 'k1', 60_000, now + 1)).toBe(false);
		expect(firstSighting('trigger-b', 'k1', 60_000, now + 2)).toBe(true);
		expect(firstSighting('trigger-a', 'k1', 60_000, now + 60_001)).toBe(true);
	});

	test('stays bounded', () => {
		for (let index = 0; index < 20_000; index++) firstSighting('trigger-c', `key-${index}`, 60_000, 5_000_000);
		// The oldest keys were dropped to keep the bound, so they pass again.
		expect(firstSighting('trigger-c', 'key-0', 60_000, 5_000_001)).toBe(true);
		expect(firstSighting('trigger-c', 'key-19999', 60_000, 5_000_001)).toBe(false);
	});
});
