import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { InvalidValue } from '../../shared/errors';
import { withToolReads } from '../../shared/n8nInternals';
import { JSON_ROOT } from '../orderRequests/validateOrderItem';

/** From this version on, Create shows Test Mode beside the order and marks test orders in its output. */
const TEST_MODE_BESIDE_ORDER = 3;

export function testModeBesideOrder(ctx: IExecuteFunctions): boolean {
	return ctx.getNode().typeVersion >= TEST_MODE_BESIDE_ORDER;
}

/**
 * Create from version 3: the order request's TestMode comes from the Test Mode field beside the
 * order (read from the first item, for the whole run), not from Options; and an Order Item (JSON)
 * left empty is refused with what it needs, before anything is sent. Earlier versions run as saved.
 */
export function withTestModeField(ctx: IExecuteFunctions): IExecuteFunctions {
	if (!testModeBesideOrder(ctx)) return ctx;
	const testMode = ctx.getNodeParameter('testMode', 0, true) === true;
	return withToolReads(ctx, {
		getInputData: () => ctx.getInputData(),
		getNodeParameter: (name: string, itemIndex: number, fallback?: unknown, options?: IDataObject) => {
			const value = ctx.getNodeParameter(name, itemIndex, fallback as never, options);
			if (name === 'options') return { ...(value as IDataObject), testMode };
			if (name === 'orderItemJson' && typeof value === 'string' && value.trim() === '') {
				throw new InvalidValue(
					JSON_ROOT,
					'is empty: give one order item with Product (ID and Quantity) and Recipient (a name or company, and an address). Nothing was sent.',
				);
			}
			return value;
		},
	});
}

/**
 * Version 3 on: every output item of a run sent in test mode says so (`testMode: true`), so a test
 * order is never taken for a real one downstream. `ctx` is the context the run read its options from
 * (a tool run forces test mode there unless live orders are allowed).
 */
export function markTestOrders(ctx: IExecuteFunctions, items: INodeExecutionData[]): INodeExecutionData[] {
	if (!testModeBesideOrder(ctx)) return items;
	const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
	if (options.testMode !== true) return items;
	return items.map((item) => ({ ...item, json: { ...item.json, testMode: true } }));
}
