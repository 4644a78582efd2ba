import type { IDataObject } from 'n8n-workflow';

import { toIsoTimestamp } from '../../shared/callbacks/normalize';
import { squashStatusName, statusIdOf } from '../../shared/statuses';

/**
 * What makes two events the same status record: the order, the status, the order line and the time.
 * The memory (events.ts) and the pairing of a change's two callbacks (pipeline/pairs.ts, through
 * door.ts) compare by these.
 */
export interface RecordFacts {
	orderId: string;
	orderNumber: string;
	time: number | null;
	statusId: number | null;
	statusName: string;
	item: string;
}

function text(value: unknown): string {
	return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** The facts of an event, or undefined when it names no order or no status (it is then remembered by its event key). */
export function factsOf(event: IDataObject): RecordFacts | undefined {
	const orderId = text(event.OrderID);
	const orderNumber = text(event.OrderNumber);
	const statusId = statusIdOf(event.StatusID) ?? null;
	const statusName = squashStatusName(event.StatusDescription);
	if ((orderId === '' && orderNumber === '') || (statusId === null && statusName === '')) return undefined;
	const iso = toIsoTimestamp(event.Timestamp);
	const item = [text(event.ItemID), text(event.ProductID)].join('|');
	return { orderId, orderNumber, time: iso === undefined ? null : Date.parse(iso), statusId, statusName, item };
}

/** Whether two statuses are the same: by ID when both have one, else by name. */
export function sameStatus(a: { statusId: number | null; statusName: string }, b: { statusId: number | null; statusName: string }): boolean {
	if (a.statusId !== null && b.statusId !== null) return a.statusId === b.statusId;
	return a.statusName !== '' && a.statusName === b.statusName;
}

/**
 * Whether two events are the same record, as two callbacks of one change bring it: the same order
 * (by ID when both carry one, else by number), status and line (an event without a line is any
 * line), and the same time, or no time on one of them.
 */
export function sameRecord(a: RecordFacts, b: RecordFacts): boolean {
	const sameOrder = a.orderId !== '' && b.orderId !== '' ? a.orderId === b.orderId : a.orderNumber !== '' && a.orderNumber === b.orderNumber;
	if (!sameOrder || !sameStatus(a, b)) return false;
	if (a.item !== b.item && a.item !== '|' && b.item !== '|') return false;
	return a.time === b.time || a.time === null || b.time === null;
}
