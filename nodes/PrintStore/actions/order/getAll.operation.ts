import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { showFor } from '../../../shared/displayOptions';
import { storeIdField } from '../../descriptions/common.fields';
import { listFields } from '../../descriptions/list.fields';
import { ORDER_SIMPLIFY_HINT, simplifiedOrder, simplifies, simplifyField } from '../../descriptions/simplify';
import { forEachItem } from '../../perItem/run';
import { readStoreId } from '../../perItem/parameters';
import { isToolRun } from '../../toolCall/answer';
import { requestedLimit } from '../../descriptions/limit';
import { ItemProblem } from '../../../shared/errors';
import { isRecord, readField } from '../../../shared/json';
import { readOrder } from '../../../shared/reads/orders';
import {
	hasLocalFilters,
	hasOrderDetails,
	NO_FILTERS,
	LIST_ORDERS,
	matchesOrder,
	MAX_PAGE_SIZE,
	orderListSource,
	orderSummary,
	toUtcInstant,
	type OrderFilters,
	type OrderState,
} from '../../../shared/lists/orderList';
import { collect } from '../../../shared/lists/pages';

/** The API call: the store's order list (named by the API, not shown: docs/api-assumptions.md). */
export const api = LIST_ORDERS;

/** Its entry in the resource's Operation list, and what an AI model reads about it as a tool. */
export const option: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	description: "Get many of the store's orders, newest first, with filters",
	action: 'Get many orders',
};
export const toolDescription =
	"Find the store's print orders, newest first. Give words to search for (a recipient's or customer's name, company, city or e-mail, an order number, or a partner order reference) and whether you want only open orders (not yet completed, so not delivered yet), only completed ones, or any. Returns a short summary per order: order number and ID, reference, status, whether it is completed, when it was created, recipient and product. Use Get Status History for one order's tracking details.";

export const description: INodeProperties[] = showFor({ show: { resource: ['order'], operation: ['getAll'] } }, [
	storeIdField,
	...listFields('orders'),
	simplifyField(ORDER_SIMPLIFY_HINT),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Completed',
				name: 'state',
				type: 'options',
				options: [
					{ name: 'Any', value: 'any', description: 'Open and completed orders' },
					{ name: 'Completed Only', value: 'completed', description: 'Orders the service marks completed' },
					{ name: 'Open Only', value: 'open', description: 'Orders not completed yet (e.g. not delivered yet)' },
				],
				default: 'any',
				description: "Whether to keep orders by their Completed flag. Applied by the node to the service's answer.",
			},
			{
				displayName: 'Created After',
				name: 'createdFrom',
				type: 'dateTime',
				default: '',
				description: "Only orders created at or after this time (the workflow's time zone unless the value carries its own)",
			},
			{
				displayName: 'Created Before',
				name: 'createdTo',
				type: 'dateTime',
				default: '',
				description: "Only orders created at or before this time (the workflow's time zone unless the value carries its own)",
			},
			{
				displayName: 'Search',
				name: 'search',
				type: 'string',
				default: '',
				placeholder: 'e.g. Grace Hopper',
				description:
					"Words that must all appear in the order's number, ID or partner order reference, or in its recipients' or customer's name, company, city, postal code or e-mail (any case). Applied by the node.",
			},
			{
				displayName: 'Statuses',
				name: 'statuses',
				type: 'string',
				default: '',
				placeholder: 'e.g. Shipped, Delivered or 4, 5',
				description:
					'Status IDs or descriptions, separated by commas; an order matches any of them. IDs are also sent to the service.',
			},
		],
	},
]);

/** The item's filters; dates as UTC instants. */
function readFilters(ctx: IExecuteFunctions, itemIndex: number): OrderFilters {
	const raw = ctx.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const timeZone = ctx.getTimezone();
	const date = (value: unknown, name: string) =>
		typeof value === 'string' && value.trim() !== '' ? toUtcInstant(value, timeZone, `Filters > ${name}`) : undefined;
	const state = raw.state === 'open' || raw.state === 'completed' ? (raw.state as OrderState) : 'any';
	const statuses = (Array.isArray(raw.statuses) ? raw.statuses.map(String) : String(raw.statuses ?? '').split(','))
		.map((status) => status.trim())
		.filter(Boolean);
	return {
		statuses,
		createdFrom: date(raw.createdFrom, 'Created After'),
		createdTo: date(raw.createdTo, 'Created Before'),
		state,
		search: typeof raw.search === 'string' || typeof raw.search === 'number' ? String(raw.search) : '',
	};
}

/** Orders read one by one for a Search over a list without details, per input item, at most. */
export const MAX_DETAIL_READS = 250;

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const tool = isToolRun(this);
	return await forEachItem(this, async (itemIndex) => {
		const storeId = readStoreId(this, itemIndex);
		const limit = requestedLimit(this, itemIndex);
		const filters = readFilters(this, itemIndex);
		// Filters only the node applies may skip most of a page: then ask for full pages.
		const pageSize = limit === undefined || hasLocalFilters(filters) ? MAX_PAGE_SIZE : Math.min(limit, MAX_PAGE_SIZE);
		const search = searchInDetails(this, storeId, filters);
		const simplify = !tool && simplifies(this, itemIndex);
		// Search, a model's summaries and the simplified orders' recipient need each order's recipients, which a list may leave out unless asked.
		const source = orderListSource(storeId, filters, pageSize, search.needed || tool || simplify);
		const orders = await collect(this, source, search.keep, limit);
		if (!tool) return simplify ? orders.map(simplifiedOrder) : orders;
		// A model told nothing would read an empty answer as a failure.
		return orders.length > 0 ? orders.map(orderSummary) : [{ found: 0, note: 'No order of this store matches. Try fewer words, or Completed: any.' }];
	});
}

/**
 * Which orders pass the filters, Search included when the list leaves out the orders' details (the
 * provider's list gives them only when asked, under a name it does not publish): an order that passes
 * every other filter but whose number, ID and reference do not hold the words is read whole, one at a
 * time, up to MAX_DETAIL_READS per item; past that the item fails, never answering fewer orders
 * because their recipients were not in the list.
 */
function searchInDetails(ctx: IExecuteFunctions, storeId: string, filters: OrderFilters) {
	const needed = filters.search.trim() !== '';
	const withoutSearch: OrderFilters = { ...filters, search: '' };
	const ownFieldsOnly: OrderFilters = { ...NO_FILTERS, search: filters.search };
	let reads = 0;
	const keep = async (order: IDataObject): Promise<boolean> => {
		if (!matchesOrder(order, withoutSearch)) return false;
		if (!needed || hasOrderDetails(order) || matchesOrder(order, ownFieldsOnly)) return matchesOrder(order, filters);
		const id = String(readField(order, 'ID') ?? readField(order, 'OrderNumber') ?? '');
		if (reads >= MAX_DETAIL_READS || id === '') {
			throw new ItemProblem(
				'Search needs the orders\' details, which this service\'s order list leaves out',
				`The list gave the orders without their recipients and customer although the node asked for them, so each order that might match has to be read on its own; more than ${MAX_DETAIL_READS} would be. Nothing was output for this item. Narrow the list with Created After, Created Before or Statuses, or search for an order number or partner order reference, which the list does carry.`,
			);
		}
		reads += 1;
		const details = readField(await readOrder(ctx, { storeId, order: id }), 'OrderDetails');
		if (!isRecord(details)) return false;
		// The output gets the details it was read for, as a list that gives them would have.
		order.OrderDetails = details;
		return matchesOrder(order, filters);
	};
	return { needed, keep };
}
