/**
 * When the node retries, timed by the sandbox's clock (receivedAtMs in its request log), not the
 * test's: Retry-After is honoured, reads back off, and writes are never repeated after an
 * ambiguous failure.
 */
import { runPrintStore } from '../helpers/engine';
import { credentialsFor, jsonOrders, useSandbox } from '../helpers/sandbox';

const env = useSandbox();

const userRequests = async () => (await env.api.requests()).filter((entry) => entry.path === '/api/v1/user');

test('a 429 with Retry-After: 2 is retried no sooner than 2 s later, by the service’s clock', async () => {
	await env.api.faults({ rate429: 1, retryAfterSeconds: 2 });
	const credentials = await credentialsFor(env.sandbox);
	const running = runPrintStore({ parameters: { resource: 'user', operation: 'getCurrent' }, credentials });
	// Let the first attempt be refused, then stop refusing, so the retry succeeds.
	for (let tries = 0; tries < 200 && (await userRequests()).length === 0; tries++) await new Promise((resolve) => setTimeout(resolve, 10));
	await env.api.clearFaults();
	const result = await running;
	expect(result.error).toBeUndefined();
	const [refused, retried] = await userRequests();
	expect(refused.status).toBe(429);
	expect(retried.status).toBe(200);
	expect(retried.receivedAtMs - refused.receivedAtMs).toBeGreaterThanOrEqual(2000);
});

test('a read whose connection drops (no Retry-After) is retried with exponential backoff', async () => {
	await env.api.faults({ dropRate: 1 });
	const credentials = await credentialsFor(env.sandbox);
	const running = runPrintStore({ parameters: { resource: 'user', operation: 'getCurrent' }, credentials, continueOnFail: true });
	for (let tries = 0; tries < 500 && (await userRequests()).length < 3; tries++) await new Promise((resolve) => setTimeout(resolve, 10));
	await env.api.clearFaults();
	await running;
	const times = (await userRequests()).map((entry) => entry.receivedAtMs);
	expect(times.length).toBeGreaterThanOrEqual(3);
	// Full jitter: the n-th wait lies between half and all of 500 ms × 2^(n-1).
	const waits = times.slice(1).map((time, index) => time - times[index]);
	expect(waits[0]).toBeGreaterThanOrEqual(250 - 5);
	expect(waits[1]).toBeGreaterThanOrEqual(500 - 5);
});

test('a create that failed after the service may have acted is not repeated', async () => {
	await env.api.faults({ rate500After: 1 });
	const credentials = await credentialsFor(env.sandbox);
	const result = await runPrintStore({
		parameters: jsonOrders(env.sandbox.storeId, {}, { Product: { ID: 'postcard-4x6', Quantity: 1 }, Recipient: { NameFirst: 'Ada', City: 'London' }, PartnerOrderReference: 'once' }),
		credentials,
		continueOnFail: true,
	});
	await env.api.clearFaults();
	expect(result.json[0].description).toMatch(/Not retried: the service may have created these orders/);
	expect((await env.api.requests()).filter((entry) => entry.path.endsWith('/order'))).toHaveLength(1);
	expect((await env.api.counts()).byPartnerOrderReference).toEqual({ once: 1 });
});
