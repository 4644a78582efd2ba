import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import type { BatchGroup, BatchOperation, Outcome } from './batching';
import { sendInBatches } from './batching';
import { checkPathId } from './ids';
import type { ItemError } from './items';
import { errorItem, InvalidValue, toItemError } from './items';
import { readOrderItem } from './readOrderItem';

/**
 * n8n evaluates each item's expressions synchronously (about half a millisecond an item in n8n 2.41),
 * so reading 50,000 items in one go would keep n8n from answering anything else (webhooks, the
 * editor, health checks) for half a minute. Reading yields to the event loop every this many items.
 */
const ITEMS_PER_YIELD = 500;

export type OrderItemDecorator = (orderItem: IDataObject, itemIndex: number) => Promise<IDataObject> | IDataObject;

function orderRequestSettings(options: IDataObject): IDataObject {
	const settings: IDataObject = {};
	if (options.testMode !== undefined) settings.TestMode = options.testMode === true;
	if (options.maxRetries !== undefined) {
		const retries = Number(options.maxRetries);
		if (!Number.isInteger(retries) || retries < 0) {
			throw new InvalidValue('Options.Max Retries', `must be a whole number of at least 0, got ${String(options.maxRetries)}`);
		}
		settings.MaxRetries = retries;
	}
	return settings;
}

function batchSizeOf(options: IDataObject): number {
	if (options.batchSize === undefined) return 50;
	const size = Number(options.batchSize);
	if (!Number.isInteger(size) || size < 1 || size > 500) {
		throw new InvalidValue('Options.Batch Size', `must be a whole number from 1 to 500, got ${String(options.batchSize)}`);
	}
	return size;
}

function describeCreated(outcomes: Map<number, Outcome>, failedAt: number, total: number): string {
	const created: string[] = [];
	for (const [itemIndex, outcome] of [...outcomes.entries()].sort((a, b) => a[0] - b[0])) {
		if ('result' in outcome) created.push(`item ${itemIndex} (${String(outcome.result.OrderNumber ?? outcome.result.ID ?? 'order')})`);
	}
	const unsent = total - outcomes.size;
	const parts = [];
	if (created.length) {
		const shown = created.length > 20 ? `${created.slice(0, 20).join(', ')} and ${created.length - 20} more` : created.join(', ');
		parts.push(
			`${created.length} order(s) were created before the run stopped at item ${failedAt}: ${shown}. Remove those items before running again, or they will be ordered twice. Turn on "Continue On Fail" to get one output item per input item instead.`,
		);
	} else {
		parts.push('No order was created.');
	}
	if (unsent > 0) parts.push(`${unsent} item(s) were not sent.`);
	return parts.join(' ');
}

/**
 * Price and Create: read and check every item first, send them in batches, and give one output
 * item per input item, in input order, with pairedItem set.
 */
export async function runOrderBatch(
	ctx: IExecuteFunctions,
	operation: BatchOperation,
	decorate?: OrderItemDecorator,
): Promise<INodeExecutionData[]> {
	const count = ctx.getInputData().length;
	const stopOnError = !ctx.continueOnFail();
	const groups = new Map<string, BatchGroup>();
	const inputErrors = new Map<number, ItemError>();
	let batchSize = 50;

	for (let itemIndex = 0; itemIndex < count; itemIndex++) {
		if (itemIndex > 0 && itemIndex % ITEMS_PER_YIELD === 0) await sleep(0);
		try {
			const storeId = checkPathId(ctx.getNodeParameter('storeId', itemIndex, ''), 'Store ID');
			const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
			if (itemIndex === 0) batchSize = batchSizeOf(options);
			const settings = orderRequestSettings(options);
			let orderItem = readOrderItem(ctx, itemIndex);
			if (decorate) orderItem = await decorate(orderItem, itemIndex);
			const key = JSON.stringify([storeId, settings]);
			let group = groups.get(key);
			if (!group) groups.set(key, (group = { storeId, settings, entries: [] }));
			group.entries.push({ itemIndex, orderItem });
		} catch (error) {
			const itemError = toItemError(ctx, error, itemIndex);
			// Every item is checked before the first request, so a bad item stops the run with nothing sent.
			if (stopOnError) throw itemError;
			inputErrors.set(itemIndex, itemError);
		}
	}

	const { outcomes, stopped } = await sendInBatches(ctx, operation, [...groups.values()], batchSize, stopOnError);

	if (stopped) {
		const [failedAt, failed] = [...outcomes.entries()]
			.filter((entry): entry is [number, { error: ItemError }] => 'error' in entry[1])
			.sort((a, b) => a[0] - b[0])[0];
		if (operation === 'createOrder') {
			const note = describeCreated(outcomes, failedAt, count);
			failed.error.description = [failed.error.description, note].filter(Boolean).join('\n');
		}
		throw failed.error;
	}

	const out: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < count; itemIndex++) {
		const inputError = inputErrors.get(itemIndex);
		const outcome = outcomes.get(itemIndex);
		if (inputError) out.push(errorItem(inputError, itemIndex));
		else if (outcome && 'result' in outcome) out.push({ json: outcome.result, pairedItem: { item: itemIndex } });
		else if (outcome) out.push(errorItem(outcome.error, itemIndex));
	}
	return out;
}
