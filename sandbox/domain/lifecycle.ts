/**
 * Order status lifecycle (the spec leaves codes and transitions open; README.md lists them):
 *   1 Received -> 2 In Production -> 3 Printed -> 4 Shipped -> 5 Delivered (Completed)
 *   any non-completed status -> 9 Failed (Completed, StatusUpdateFailed)
 * Each change appends a status record and emits it to the order's callback URLs.
 */
import { findDeliveryMethod } from './catalogue';
import type { CallbackDispatcher } from './callbacks';
import { ApiError } from '../errors';
import type { FileLinks } from './file-links';
import type { SandboxState } from './state';
import type { CallerContext, ErrorRecord, OrderItem, OrderRecord, StatusRecord } from './types';
import { detailsCallbackBody } from './views';

export interface StatusDefinition {
	StatusID: number;
	StatusDescription: string;
	completed: boolean;
	meaning: string;
}

export const STATUSES: readonly StatusDefinition[] = [
	{ StatusID: 1, StatusDescription: 'Received', completed: false, meaning: 'order accepted (set on create)' },
	{ StatusID: 2, StatusDescription: 'In Production', completed: false, meaning: 'proof rendered (ProofUrl set), printing' },
	{ StatusID: 3, StatusDescription: 'Printed', completed: false, meaning: 'pages printed (RenderedPageUrls set)' },
	{ StatusID: 4, StatusDescription: 'Shipped', completed: false, meaning: 'handed to the carrier: TrackingNumber, ShippedDate, Packages (Mail/EDDM: IntelligentMailingBarcode)' },
	{ StatusID: 5, StatusDescription: 'Delivered', completed: true, meaning: 'DeliveryDate and DeliverySignedBy set; Completed = true' },
	{ StatusID: 9, StatusDescription: 'Failed', completed: true, meaning: 'StatusUpdateFailed = true, Errors set; Completed = true' },
];

export const RECEIVED = 1;
export const DELIVERED = 5;
export const FAILED = 9;
const byId = new Map(STATUSES.map((s) => [s.StatusID, s]));

export const DEFAULT_FAILURE: ErrorRecord = {
	dataElement: 'Recipient.AddressLine1',
	dataElementErrors: ['The carrier could not verify the delivery address'],
};

export interface AdvanceOptions {
	toStatusId?: number;
	fail?: boolean;
	errors?: ErrorRecord[];
}

export class Lifecycle {
	constructor(
		private readonly state: SandboxState,
		private readonly callbacks: CallbackDispatcher,
		private readonly files: FileLinks,
	) {}

	/** Builds, stores and announces one order; `now` is shared by the whole batch. */
	create(caller: CallerContext, storeId: string, item: OrderItem, now: string): OrderRecord {
		const identity = this.state.nextOrderIdentity();
		const received = byId.get(RECEIVED)!;
		const order: OrderRecord = {
			id: identity.id,
			number: identity.number,
			seq: identity.seq,
			storeId,
			userId: caller.user.id,
			applicationId: caller.applicationId,
			partnerOrderReference: item.PartnerOrderReference ?? null,
			statusId: received.StatusID,
			statusDescription: received.StatusDescription,
			completed: false,
			created: now,
			updated: now,
			deliveryMethod: findDeliveryMethod(item.Product.DeliveryMethod)!.name,
			details: item,
			history: [],
		};
		const record = this.record(order, undefined, received, 'Created', now, ['Order received']);
		order.history.push(record);
		this.state.addOrder(order);
		this.emit(order, record);
		return order;
	}

	/**
	 * An order made elsewhere (POST /_sandbox/orders), with a past: created by `userId` through
	 * `applicationId`, with one record per status of `path` (Received first) written at `recordMs`
	 * (ms since the epoch; the first is Created). Nothing is emitted (the item has no callback URLs)
	 * and the order is not counted as created through the API.
	 */
	createWithPast(
		storeId: string,
		creator: { userId: string; applicationId: string },
		item: (identity: { number: string }) => OrderItem,
		path: readonly number[],
		recordMs: readonly number[],
	): OrderRecord {
		const identity = this.state.nextOrderIdentity();
		const details = item(identity);
		const created = new Date(recordMs[0]).toISOString();
		const order: OrderRecord = {
			id: identity.id,
			number: identity.number,
			seq: identity.seq,
			storeId,
			userId: creator.userId,
			applicationId: creator.applicationId,
			partnerOrderReference: details.PartnerOrderReference ?? null,
			statusId: RECEIVED,
			statusDescription: '',
			completed: false,
			created,
			updated: created,
			deliveryMethod: findDeliveryMethod(details.Product.DeliveryMethod)!.name,
			details,
			history: [],
		};
		path.forEach((statusId, step) => {
			const status = byId.get(statusId)!;
			const at = step === 0 ? created : new Date(recordMs[step]).toISOString();
			const previous = order.history[order.history.length - 1];
			const record = step === 0 ? this.record(order, undefined, status, 'Created', at, ['Order received']) : this.record(order, previous, status, 'StatusChanged', at, []);
			order.history.push(record);
			order.statusId = status.StatusID;
			order.statusDescription = status.StatusDescription;
			order.completed = status.completed;
			order.updated = at;
		});
		this.state.addOrder(order, false);
		return order;
	}

	/** One step, or every step up to `toStatusId`, or straight to Failed. Returns the new records. */
	advance(order: OrderRecord, options: AdvanceOptions = {}): StatusRecord[] {
		if (order.completed) {
			throw new ApiError(409, `Order '${order.id}' is ${order.statusDescription} and cannot change status any more`);
		}
		const fail = options.fail === true || options.toStatusId === FAILED;
		let targets: number[];
		if (fail) {
			targets = [FAILED];
		} else if (options.toStatusId !== undefined) {
			const target = byId.get(options.toStatusId);
			if (!target) {
				throw new ApiError(400, `toStatusId ${options.toStatusId} is not a status; use one of ${STATUSES.map((s) => s.StatusID).join(', ')}`);
			}
			if (target.StatusID <= order.statusId) {
				throw new ApiError(400, `Order '${order.id}' is already at status ${order.statusId} (${order.statusDescription})`);
			}
			targets = [];
			for (let id = order.statusId + 1; id <= target.StatusID; id++) targets.push(id);
		} else {
			targets = [order.statusId + 1];
		}
		const added: StatusRecord[] = [];
		for (const statusId of targets) {
			const now = new Date().toISOString();
			const status = byId.get(statusId)!;
			const previous = order.history[order.history.length - 1];
			const record = this.record(order, previous, status, 'StatusChanged', now, [], options.errors);
			order.history.push(record);
			order.statusId = status.StatusID;
			order.statusDescription = status.StatusDescription;
			order.updated = now;
			if (status.completed) {
				order.completed = true;
				this.state.activeOrders.delete(order);
			}
			this.emit(order, record);
			added.push(record);
		}
		return added;
	}

	/** The auto-advance clock: every active order moves one step. */
	advanceAll(): number {
		let moved = 0;
		for (const order of this.state.activeOrders) {
			this.advance(order);
			moved++;
		}
		return moved;
	}

	private emit(order: OrderRecord, record: StatusRecord): void {
		const statusUrl = order.details.StatusCallbackUrl;
		const detailsUrl = order.details.StatusDetailsCallbackUrl;
		if (statusUrl) this.callbacks.enqueue(order.id, statusUrl, 'status', record);
		if (detailsUrl) this.callbacks.enqueue(order.id, detailsUrl, 'details', detailsCallbackBody(order, record));
	}

	private record(
		order: OrderRecord,
		previous: StatusRecord | undefined,
		status: StatusDefinition,
		changeType: string,
		now: string,
		messages: string[],
		errors?: ErrorRecord[],
	): StatusRecord {
		const product = order.details.Product;
		const mail = findDeliveryMethod(order.deliveryMethod)!.mail;
		const record: StatusRecord = {
			ItemID: order.seq,
			ProductID: product.ID,
			OrderID: order.id,
			OrderNumber: order.number,
			TrackingNumber: previous?.TrackingNumber ?? null,
			ShippedDate: previous?.ShippedDate ?? null,
			DeliveryMethod: order.deliveryMethod,
			DeliveryDate: previous?.DeliveryDate ?? null,
			DeliverySignedBy: previous?.DeliverySignedBy ?? null,
			Timestamp: now,
			StatusID: status.StatusID,
			StatusDescription: status.StatusDescription,
			StatusUpdateFailed: false,
			Packages: previous ? previous.Packages.map((p) => ({ ...p })) : [],
			Errors: [],
			ProofUrl: previous?.ProofUrl ?? null,
			RenderedPageUrls: previous ? previous.RenderedPageUrls.slice() : [],
			IntelligentMailingBarcode: previous?.IntelligentMailingBarcode ?? null,
			IntelligentMailingSerialNumber:
				product.IntelligentMailingSerialNumber ?? (mail ? String(order.seq).padStart(9, '0') : null),
			_meta: { Messages: messages, ChangeType: changeType },
		};
		switch (status.StatusID) {
			case 2:
				// Where the file lives is read now: the URL stays as written whatever the setting later.
				record.ProofUrl = this.files.proofUrl(order);
				record._meta.Messages.push('Proof rendered; order is in production');
				break;
			case 3:
				record.RenderedPageUrls = this.files.pageUrls(order);
				record._meta.Messages.push('Order printed');
				break;
			case 4:
				record.TrackingNumber = `1ZPS${String(order.seq).padStart(10, '0')}`;
				record.ShippedDate = now;
				record.Packages = [{ TrackingNumber: record.TrackingNumber, DeliveryDate: null, DeliverySignedBy: null }];
				if (mail) record.IntelligentMailingBarcode = intelligentMailBarcode(order);
				record._meta.Messages.push(`Order shipped (${order.deliveryMethod})`);
				break;
			case 5: {
				const signedBy = recipientName(order.details.Recipient);
				record.DeliveryDate = now;
				record.DeliverySignedBy = signedBy;
				record.Packages = record.Packages.map((p) => ({ ...p, DeliveryDate: now, DeliverySignedBy: signedBy }));
				record._meta.Messages.push('Order delivered');
				break;
			}
			case FAILED:
				record.StatusUpdateFailed = true;
				record.Errors = errors && errors.length > 0 ? errors : [DEFAULT_FAILURE];
				record._meta.Messages.push(`Order failed: ${record.Errors.map((e) => e.dataElementErrors.join(', ')).join('; ')}`);
				break;
		}
		return record;
	}
}

export function recipientName(recipient: Record<string, unknown>): string {
	const name = [recipient.NameFirst, recipient.NameLast].filter((part) => typeof part === 'string' && part !== '').join(' ');
	if (name) return name;
	return typeof recipient.CompanyName === 'string' && recipient.CompanyName !== '' ? recipient.CompanyName : 'Front desk';
}

/** 20-digit tracking code + 5-digit ZIP, the shape of a USPS Intelligent Mail barcode. */
function intelligentMailBarcode(order: OrderRecord): string {
	const zip = String(order.details.Recipient.Postalcode ?? '').replace(/\D/g, '').slice(0, 5).padEnd(5, '0');
	return `00300123456${String(order.seq).padStart(9, '0')}${zip}`;
}
