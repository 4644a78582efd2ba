/**
 * What a run of Price or Create tells the user when it stops, and the run's own options, through
 * n8n's engine against the sandbox: the stop message must say exactly which orders exist (so a rerun
 * orders nothing twice) and how many items were never sent; batch options at their limits; options
 * that differ per item; reading many items gives the event loop a turn.
 */
import * as workflow from 'n8n-workflow';

import { runPrintStore } from '../helpers/engine';
import { credentialsFor, crmOrderItem, fromItems as parameters, useSandbox } from '../helpers/sandbox';

const env = useSandbox();

const BAD_PRODUCT = { Product: { ID: 'no-such-product', Quantity: 1 } };

const records = (count: number, badAt: number[] = [], extra: (index: number) => Record<string, unknown> = () => ({})) =>
	Array.from({ length: count }, (_, index) => ({
		storeId: env.sandbox.storeId,
		order: crmOrderItem(index, badAt.includes(index) ? BAD_PRODUCT : {}),
		...extra(index),
	}));

/** Create, one batch of 10 at a time, stopping at the first refused item. */
async function stoppedCreate(count: number, badAt: number) {
	const result = await runPrintStore({
		parameters: parameters('create', { batchSize: 10, parallelBatches: 1 }),
		items: records(count, [badAt]),
		credentials: await credentialsFor(env.sandbox),
	});
	const description = String(result.error?.description);
	const named = [...description.matchAll(/item (\d+) \((PS-[^)]+)\)/g)].map((match) => Number(match[1]));
	return { result, description, named, counts: await env.api.counts() };
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, index) => from + index);

describe('the message of a Create that stops', () => {
	test('nothing created yet: it says so, and how many other items were not created', async () => {
		const { result, description, counts } = await stoppedCreate(30, 3);
		expect(result.error?.message).toMatch(/^The service rejected item 3: /);
		expect(counts.total).toBe(0);
		// Items 0-2 and 4-9 were refused with item 3's batch, 10-29 never sent.
		expect(description).toMatch(/\nNo order was created\. 29 other item\(s\) were not created\.$/);
		expect(description).not.toMatch(/were created before/);
	});

	test('the item at fault alone in the last batch: no count of items not created', async () => {
		const { description, named, counts } = await stoppedCreate(11, 10);
		expect(counts.total).toBe(10);
		expect(named).toEqual(range(0, 10));
		expect(description).toMatch(/10 order\(s\) were created before the run stopped at item 10: .*\. Turn on "Continue On Fail" to get one output item per input item instead\.$/);
		expect(description).not.toMatch(/not created/);
		expect(description).not.toMatch(/No order was created/);
	});

	test('exactly 20 created: all 20 named, in input order, with their order numbers', async () => {
		const { description, named, counts } = await stoppedCreate(40, 25);
		expect(counts.total).toBe(20);
		expect(named).toEqual(range(0, 20));
		expect(description).not.toMatch(/ more\./);
		expect(description).toMatch(/item 19 \(PS-[^)]+\)\. Remove those items before running again, or they will be ordered twice\./);
		// Items 20-24 and 26-29 were refused with item 25's batch, 30-39 never sent.
		expect(description).toMatch(/ 19 other item\(s\) were not created\.$/);
	});

	test('more than 20 created: the first 20 named, the rest counted', async () => {
		const { description, named, counts } = await stoppedCreate(40, 35);
		expect(counts.total).toBe(30);
		expect(named).toEqual(range(0, 20));
		expect(description).toMatch(/30 order\(s\) were created before the run stopped at item 35: item 0 \(PS-[^)]+\), item 1 \(/);
		expect(description).toMatch(/item 19 \(PS-[^)]+\) and 10 more\. /);
		expect(description).toMatch(/ 9 other item\(s\) were not created\.$/);
	});

	test('a Price Quote that stops says nothing about orders created', async () => {
		const result = await runPrintStore({
			parameters: parameters('getPriceQuote', { batchSize: 10, parallelBatches: 1 }),
			items: records(30, [15]),
			credentials: await credentialsFor(env.sandbox),
		});
		expect(result.error?.message).toMatch(/^The service rejected item 15: /);
		expect(String(result.error?.description ?? '')).not.toMatch(/order\(s\) were created|No order was created|not created/);
	});
});

describe('options of the run', () => {
	test('On Rejected Batch "Fail the Whole Batch": one request, every item of the batch fails, nothing is narrowed or re-sent', async () => {
		const result = await runPrintStore({
			parameters: parameters('create', { batchSize: 10, onRejectedBatch: 'failBatch' }),
			items: records(10, [3]),
			credentials: await credentialsFor(env.sandbox),
			continueOnFail: true,
		});
		expect(result.json.map((json) => Boolean(json.error))).toEqual(Array(10).fill(true));
		expect(result.items.map((item) => item.pairedItem)).toEqual(range(0, 10).map((item) => ({ item })));
		const creates = (await env.api.requests()).filter((entry) => entry.method === 'POST' && entry.path.endsWith('/order'));
		expect(creates).toHaveLength(1);
		expect((await env.api.counts()).total).toBe(0);
	});

	test('by default a rejected batch is narrowed: the good items of it are created', async () => {
		const result = await runPrintStore({
			parameters: parameters('create', { batchSize: 10 }),
			items: records(10, [3]),
			credentials: await credentialsFor(env.sandbox),
			continueOnFail: true,
		});
		expect(result.json.map((json) => Boolean(json.error))).toEqual(range(0, 10).map((index) => index === 3));
		expect((await env.api.counts()).total).toBe(9);
	});

	test('Batch Size 500 and Batches in Parallel 16 are allowed; 17 batches in parallel is refused by name', async () => {
		const credentials = await credentialsFor(env.sandbox);
		const ok = await runPrintStore({ parameters: parameters('getPriceQuote', { batchSize: 500, parallelBatches: 16 }), items: records(3), credentials });
		expect(ok.error).toBeUndefined();
		expect(ok.json).toHaveLength(3);
		const refused = await runPrintStore({ parameters: parameters('getPriceQuote', { parallelBatches: 17 }), items: records(3), credentials });
		expect(refused.error?.message).toBe('Invalid "Options.Batches in Parallel" in item 0: must be a whole number from 1 to 16, got 17');
		expect(refused.error?.description).toBe('This setting is read from the first item and applies to the whole run. Nothing was sent.');
	});

	test('an option set by expression per item, beside a fixed one, is read for each item', async () => {
		const result = await runPrintStore({
			parameters: parameters('create', { batchSize: 10, testMode: '={{ $json.test }}' }),
			items: records(4, [], (index) => ({ test: index % 2 === 0 })),
			credentials: await credentialsFor(env.sandbox),
		});
		expect(result.error).toBeUndefined();
		const bodies = (await env.api.requests())
			.filter((entry) => entry.method === 'POST' && entry.path.endsWith('/order'))
			.map((entry) => entry.body as { TestMode: boolean; Items: Array<{ PartnerOrderReference: string }> });
		const byMode = Object.fromEntries(bodies.map((body) => [String(body.TestMode), body.Items.map((entry) => entry.PartnerOrderReference)]));
		expect(byMode).toEqual({ true: ['crm-0', 'crm-2'], false: ['crm-1', 'crm-3'] });
	});
});

test('reading 1,200 items yields to the event loop after items 500 and 1,000, not more often', async () => {
	const sleep = jest.spyOn(workflow, 'sleep');
	try {
		const result = await runPrintStore({
			parameters: parameters('getPriceQuote', { batchSize: 500 }),
			items: records(1200),
			credentials: await credentialsFor(env.sandbox),
		});
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(1200);
		// Nothing was retried or paced here, so every sleep is a yield while reading.
		expect(sleep.mock.calls).toEqual([[0], [0]]);
	} finally {
		sleep.mockRestore();
	}
});
