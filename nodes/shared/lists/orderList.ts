import type { IDataObject } from 'n8n-workflow';

import { InvalidValue } from '../errors';
import { isRecord, readField } from '../json';
import { CREDENTIALS, INVALID_STORE, type ApiOperation } from '../apiCalls';
import { isStatusId, matchesStatus } from '../statuses';
import { noSuchList, type ListSource } from './pages';

/**
 * A store's orders: `GET store/{storeID}/order`, which the API names ("the list that yields order
 * ids") without showing. The provider documents its six query parameters (page, page size, statuses,
 * created after and before, a flag for each order's details) but not their names: the page names are
 * found by pages.ts; the filters are sent under their plausible names and applied to what comes back
 * as well, so a service that ignores one still gives only the orders asked for
 * (docs/api-assumptions.md#the-order-and-product-lists).
 */
export const LIST_ORDERS: ApiOperation = {
	name: 'order.getAll',
	actsOnce: false,
	meanings: { 400: INVALID_STORE, 401: CREDENTIALS, 404: noSuchList('order list'), 405: noSuchList('order list') },
};

/** The most orders a page is asked for. */
export const MAX_PAGE_SIZE = 100;

/** Names the status filter plausibly goes by; each is sent, as repeated keys (how an integer array binds). */
export const STATUS_NAMES = ['status', 'statuses'] as const;
/** Names of the creation-time bounds, sent in pairs (inclusive, UTC). */
export const CREATED_NAMES = { from: ['createdFrom', 'createdAfter'], to: ['createdTo', 'createdBefore'] } as const;
/** Names of the flag that makes the list carry each order's details (recipients, customer, product). */
export const DETAILS_NAMES = ['includeDetails', 'includeOrderDetails', 'details', 'verbose'] as const;

export type OrderState = 'any' | 'open' | 'completed';

export interface OrderFilters {
	/** Status IDs (sent, and compared with StatusID) and descriptions (compared with StatusDescription). */
	statuses: string[];
	/** ISO 8601 instants, in UTC. */
	createdFrom?: string;
	createdTo?: string;
	state: OrderState;
	/** Words that must all appear in the order's number, ID, reference, recipients or customer. */
	search: string;
}

export const NO_FILTERS: OrderFilters = { statuses: [], state: 'any', search: '' };

/** Filters that only the node applies: with them, pages are read until enough orders match. */
export function hasLocalFilters(filters: OrderFilters): boolean {
	return filters.state !== 'any' || filters.search.trim() !== '' || filters.statuses.some((status) => !isStatusId(status));
}

function orderListQuery(filters: OrderFilters, details: boolean): IDataObject {
	const qs: IDataObject = {};
	const ids = filters.statuses.filter(isStatusId).map((status) => status.trim());
	// Descriptions cannot be sent as IDs: then the service is asked for every status, and the node filters.
	if (ids.length > 0 && ids.length === filters.statuses.length) for (const name of STATUS_NAMES) qs[name] = ids;
	if (filters.createdFrom) for (const name of CREATED_NAMES.from) qs[name] = filters.createdFrom;
	if (filters.createdTo) for (const name of CREATED_NAMES.to) qs[name] = filters.createdTo;
	if (details) for (const name of DETAILS_NAMES) qs[name] = true;
	return qs;
}

/**
 * The order list with these filters, `pageSize` orders a page. `details`: ask for each order's
 * details (Search and the summaries need its recipients).
 */
export function orderListSource(storeId: string, filters: OrderFilters, pageSize: number, details = false): ListSource {
	return {
		operation: LIST_ORDERS,
		path: ['store', storeId, 'order'],
		resourceKey: 'Orders',
		what: 'order list',
		entries: 'orders',
		query: orderListQuery(filters, details),
		pageSize,
	};
}

function text(value: unknown): string {
	return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** Whether a list entry carries the order's details (recipients, customer, product). */
export function hasOrderDetails(order: IDataObject): boolean {
	return isRecord(readField(order, 'OrderDetails'));
}

/** The people and places an order is for: its recipients, then its customer. */
function people(order: IDataObject): IDataObject[] {
	const details = readField(order, 'OrderDetails');
	if (!isRecord(details)) return [];
	const recipients = readField(details, 'Recipients');
	return [readField(details, 'Recipient'), ...(Array.isArray(recipients) ? recipients : []), readField(details, 'Customer')].filter(isRecord);
}

function personName(person: IDataObject): string {
	const name = [text(readField(person, 'NameFirst')), text(readField(person, 'NameLast'))].filter(Boolean).join(' ');
	return name || text(readField(person, 'CompanyName'));
}

function searchableText(order: IDataObject): string {
	const own = ['OrderNumber', 'ID', 'PartnerOrderReference'].map((name) => text(readField(order, name)));
	const them = people(order).flatMap((person) =>
		[personName(person), ...['CompanyName', 'Email', 'City', 'Postalcode', 'PostalCode'].map((name) => text(readField(person, name)))],
	);
	return [...own, ...them].join(' \n ').toLowerCase();
}

function isCompleted(order: IDataObject): boolean | undefined {
	const completed = readField(order, 'Completed');
	if (typeof completed === 'boolean') return completed;
	if (completed === 'true' || completed === 'false') return completed === 'true';
	return undefined;
}

/** Whether an order passes the filters, as far as its fields tell. */
export function matchesOrder(order: IDataObject, filters: OrderFilters): boolean {
	// The rule the trigger and the wait use too (shared/statuses.ts): an ID, or a name in any case, spaces and punctuation ignored.
	if (filters.statuses.length > 0 && !matchesStatus({ StatusID: readField(order, 'StatusID'), StatusDescription: readField(order, 'StatusDescription') }, filters.statuses)) {
		return false;
	}
	const created = Date.parse(text(readField(order, 'Created')));
	// An order whose creation time cannot be read is left to the service's filter.
	if (!Number.isNaN(created)) {
		if (filters.createdFrom && created < Date.parse(filters.createdFrom)) return false;
		if (filters.createdTo && created > Date.parse(filters.createdTo)) return false;
	}
	const completed = isCompleted(order);
	if (filters.state === 'open' && completed === true) return false;
	if (filters.state === 'completed' && completed !== true) return false;
	const words = filters.search.toLowerCase().split(/\s+/).filter(Boolean);
	if (words.length > 0) {
		const haystack = searchableText(order);
		if (!words.every((word) => haystack.includes(word))) return false;
	}
	return true;
}

/** An order as a model reads it in a list: enough to find it by recipient or reference, and what it is. */
export function orderSummary(order: IDataObject): IDataObject {
	const details = readField(order, 'OrderDetails');
	const product = isRecord(details) ? readField(details, 'Product') : undefined;
	const [recipient] = people(order);
	return {
		orderNumber: readField(order, 'OrderNumber') ?? null,
		orderId: readField(order, 'ID') ?? null,
		reference: readField(order, 'PartnerOrderReference') ?? null,
		status: readField(order, 'StatusDescription') ?? null,
		statusId: readField(order, 'StatusID') ?? null,
		completed: isCompleted(order) ?? null,
		created: readField(order, 'Created') ?? null,
		recipient: recipient ? [personName(recipient), text(readField(recipient, 'City'))].filter(Boolean).join(', ') : null,
		product: isRecord(product) ? [text(readField(product, 'ID')), text(readField(product, 'Quantity'))].filter(Boolean).join(' x ') : null,
	};
}

/** How an order is named in a list to pick from: number, recipient, status. */
export function orderLabel(order: IDataObject): string {
	const summary = orderSummary(order);
	const name = text(summary.orderNumber) || text(summary.orderId);
	return [name, text(summary.recipient), text(summary.status)].filter(Boolean).join(' · ');
}

/**
 * A date and time from the editor as an instant in UTC. A value with its own offset or `Z` keeps
 * it; one without (what n8n's date picker gives) is read in the workflow's time zone.
 */
export function toUtcInstant(value: string, timeZone: string, fieldName: string): string {
	const trimmed = value.trim();
	const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(trimmed);
	const asUtc = Date.parse(hasZone ? trimmed : /^\d{4}-\d{2}-\d{2}$/.test(trimmed) ? `${trimmed}T00:00:00Z` : `${trimmed}Z`);
	if (Number.isNaN(asUtc)) throw new InvalidValue(fieldName, `must be a date and time such as 2026-11-01T00:00:00, got ${JSON.stringify(value)}`);
	if (hasZone) return new Date(asUtc).toISOString();
	// The wall-clock time in the zone: shift by the zone's offset at that time (twice, across a DST change).
	let instant = asUtc - zoneOffsetMs(asUtc, timeZone);
	instant = asUtc - zoneOffsetMs(instant, timeZone);
	return new Date(instant).toISOString();
}

/** How far a time zone's wall clock is ahead of UTC at an instant. */
function zoneOffsetMs(instant: number, timeZone: string): number {
	let parts: Intl.DateTimeFormatPart[];
	try {
		parts = new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		}).formatToParts(new Date(instant));
	} catch {
		return 0;
	}
	const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
	const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
	return wall - Math.floor(instant / 1000) * 1000;
}
