/** Get Status History as a tool answers with a summary by default (historySummary): what it keeps and how it orders. */
import { historySummary } from '../../nodes/PrintStore/actions/order/getStatusHistory.operation';

const record = (StatusID: number, StatusDescription: string, Timestamp: string, extra: Record<string, unknown> = {}) => ({
	OrderID: 'ord-1',
	OrderNumber: 'PS-100001',
	StatusID,
	StatusDescription,
	Timestamp,
	ProofUrl: 'https://proofs.example/very/long/url',
	RenderedPageUrls: ['https://pages.example/1', 'https://pages.example/2'],
	...extra,
});

test('the latest status, the latest delivery details, and the history in time order, whatever order the service listed', () => {
	const records = [
		record(5, 'Delivered', '2026-11-20T10:00:00Z', { DeliveryDate: '2026-11-20T09:58:00Z', DeliverySignedBy: 'A. Lovelace', TrackingNumber: '' }),
		record(1, 'Received', '2026-11-18T08:00:00Z'),
		record(4, 'Shipped', '2026-11-19T12:00:00Z', { TrackingNumber: '1Z999', ShippedDate: '2026-11-19', DeliveryMethod: 'Standard' }),
	];
	expect(historySummary('PS-100001', records)).toEqual({
		order: 'PS-100001',
		orderNumber: 'PS-100001',
		orderId: 'ord-1',
		status: 'Delivered',
		since: '2026-11-20T10:00:00Z',
		// An empty TrackingNumber on the last record does not hide the one the order shipped with.
		trackingNumber: '1Z999',
		shippedDate: '2026-11-19',
		deliveryMethod: 'Standard',
		deliveryDate: '2026-11-20T09:58:00Z',
		deliverySignedBy: 'A. Lovelace',
		history: [
			{ status: 'Received', at: '2026-11-18T08:00:00Z' },
			{ status: 'Shipped', at: '2026-11-19T12:00:00Z' },
			{ status: 'Delivered', at: '2026-11-20T10:00:00Z' },
		],
		statusCount: 3,
	});
});

test('a failed status update is said; an order without records says so', () => {
	expect(historySummary('PS-1', [record(2, 'Printed', '2026-11-18T08:00:00Z', { StatusUpdateFailed: true })]).statusUpdateFailed).toBe(true);
	expect(historySummary('PS-2', [])).toEqual({ order: 'PS-2', status: null, statusCount: 0, note: 'The order has no status record yet.' });
});
