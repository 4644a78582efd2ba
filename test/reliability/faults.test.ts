/**
 * 2,000 creates (`npm run test:long`, the weekly canary; 200 in `npm test`, the same code) through
 * the node while the sandbox injects faults (10% 503, 5% 429 with Retry-After, 1% dropped
 * connections (3% in the short run, so that it meets some too), 200 ms latency spikes, access tokens
 * expiring every few seconds): every order is created at most once, every output item is paired,
 * and the only errors are for requests whose failure was not safe to retry, each saying what to check.
 */
import { logLines } from '../helpers/verbose-logs';

import { runPrintStore } from '../helpers/engine';
import { leaks, secretValues } from '../helpers/secrets';
import { sized } from '../helpers/long-run';
import { credentialsFor, crmOrderItem, jsonOrders, useSandbox } from '../helpers/sandbox';

const env = useSandbox({}, { resetEach: false });

const total = sized(200, 2000);

test(`${total} creates under injected faults: nothing created twice, nothing lost, honest errors`, async () => {
	await env.api.faults({
		rate503: 0.1,
		rate429: 0.05,
		retryAfterSeconds: 1,
		dropRate: sized(0.03, 0.01),
		latencySpikeMs: 200,
		latencySpikeRate: 0.1,
		// Short enough for the 200-order run to outlive a token too; long enough that a refreshed token
		// is still good when its request is sent on a busy machine (1 s was not, under load).
		tokenLifetimeSeconds: sized(2, 3),
		seed: 11,
	});
	const credentials = await credentialsFor(env.sandbox);
	const result = await runPrintStore({
		parameters: jsonOrders(env.sandbox.storeId, { batchSize: 10 }),
		items: Array.from({ length: total }, (_, index) => ({ order: crmOrderItem(index) })),
		credentials,
		continueOnFail: true,
	});
	await env.api.clearFaults();

	expect(result.error).toBeUndefined();
	expect(result.json).toHaveLength(total);
	result.items.forEach((item, index) => expect(item.pairedItem).toEqual({ item: index }));

	const counts = await env.api.counts();
	const created = result.json.filter((json) => json.ID);
	const failed = result.json.map((json, index) => ({ json, index })).filter(({ json }) => json.error);
	const log = await env.api.requests();
	const statuses = log.filter((entry) => entry.path.endsWith('/order')).map((entry) => entry.status);
	const summary = {
		items: total,
		created: created.length,
		failed: failed.length,
		createdTwice: Object.values(counts.byPartnerOrderReference).filter((n) => n > 1).length,
		requests: statuses.length,
		answered503: statuses.filter((s) => s === 503).length,
		answered429: statuses.filter((s) => s === 429).length,
		answered401: statuses.filter((s) => s === 401).length,
		tokenRefreshes: credentials.tokenUpdates.length,
		logLines: logLines().length,
	};
	process.stdout.write(`\nfaults run: ${JSON.stringify(summary)}\n`);

	// Exactly once: each created order once, each failed item not at all.
	expect(summary.createdTwice).toBe(0);
	expect(counts.total).toBe(created.length);
	result.json.forEach((json, index) => {
		expect(counts.byPartnerOrderReference[`crm-${index}`] ?? 0).toBe(json.ID ? 1 : 0);
		if (json.ID) expect(json.PartnerOrderReference).toBe(`crm-${index}`);
	});
	// The faults happened, and were retried where that was safe.
	expect(summary.answered503 + summary.answered429).toBeGreaterThan(0);
	expect(summary.tokenRefreshes).toBeGreaterThan(0);
	expect(summary.logLines).toBeGreaterThan(0);
	// Errors only where the connection broke mid-request: a create that may have gone through.
	expect(failed.length).toBeGreaterThan(0);
	for (const { json } of failed) {
		expect(json.error).toBe('Could not reach the Print Store service');
		expect(json.description).toMatch(/Not retried: the service may have created these orders/);
		expect(json.description).toMatch(/Partner Order Reference/);
	}
	// Each of them in a request whose connection the sandbox dropped: ten items (a batch) per drop.
	const droppedCreates = log.filter((entry) => entry.path.endsWith('/order') && entry.fault === 'drop').length;
	expect(failed.length).toBe(droppedCreates * 10);
	expect(failed.length).toBeLessThan(total * 0.2);

	const secrets = secretValues(env.sandbox, credentials.tokenUpdates.map((update) => update.accessToken));
	expect(leaks('output items', JSON.stringify(result.json), secrets)).toEqual([]);
	expect(leaks('log lines', logLines().join('\n'), secrets)).toEqual([]);
}, 300_000);

test('creates whose service acted and then failed (dropped, or a 500 after creating): never sent again, each named honestly', async () => {
	await env.api.reset();
	const total = 500;
	await env.api.faults({ dropAfterRate: 0.06, rate500After: 0.06, seed: 23 });
	const result = await runPrintStore({
		parameters: jsonOrders(env.sandbox.storeId, { batchSize: 10, parallelBatches: 1 }),
		items: Array.from({ length: total }, (_, index) => ({ order: crmOrderItem(index) })),
		credentials: await credentialsFor(env.sandbox),
		continueOnFail: true,
	});
	await env.api.clearFaults();
	expect(result.error).toBeUndefined();
	expect(result.json).toHaveLength(total);

	const counts = await env.api.counts();
	const faulted = (await env.api.requests()).filter((entry) => entry.fault === 'drop-after' || entry.fault === '500-after');
	expect(faulted.length).toBeGreaterThan(2);
	// The service created every order exactly once: the node sent no batch twice.
	for (let index = 0; index < total; index++) expect([index, counts.byPartnerOrderReference[`crm-${index}`]]).toEqual([index, 1]);
	const mayHaveCreated = result.json.filter((json) => json.error);
	expect(mayHaveCreated.length).toBe(faulted.length * 10);
	for (const json of mayHaveCreated) {
		expect(json.description).toMatch(/Not retried: the service may have created these orders/);
	}
	// ...and each of them was in fact created, once: what the error asks the user to check.
	result.json.forEach((json, index) => {
		if (json.error) expect(counts.byPartnerOrderReference[`crm-${index}`]).toBe(1);
	});
}, 120_000);
