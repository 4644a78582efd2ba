/**
 * Whole lists read a few pages at a time (shared/lists/pages.ts, `whole`): Order > Get Many with
 * Return All, run by n8n's engine against a live sandbox whose order list delays a page, refuses one,
 * rate-limits one, or grows while it is read (PUT /_sandbox/list-pages). Page 1, then page 2 (which
 * confirms the page parameter's name), then the pages the count announces, PAGES_AT_ONCE at a time;
 * the orders in the list's order, each once, every page asked for once; the first page that fails
 * fails the item; a 429's Retry-After holds every page back; a list that changes while it is read is
 * whole or fails with both counts. A Limit, and a list without a count, are read one page after the other.
 */
import type { SandboxRequest } from '../../scripts/n8n/sandbox-control';
import { PAGES_AT_ONCE } from '../../nodes/shared/lists/pages';
import { runPrintStore } from '../helpers/engine';
import { credentialsFor, useSandbox } from '../helpers/sandbox';

const env = useSandbox();

type Json = Record<string, unknown>;

const ORDERS = 1_000;
/** Pages of 100, as Return All asks for them. */
const PAGES = ORDERS / 100;

async function getMany(extra: Json = {}, continueOnFail = false) {
	return await runPrintStore({
		parameters: { resource: 'order', operation: 'getAll', storeId: env.sandbox.storeId, returnAll: true, ...extra },
		credentials: await credentialsFor(env.sandbox),
		typeVersion: 4,
		continueOnFail,
	});
}

/** The store's orders as the list gives them: newest Created first, within one Created the later made first. */
async function newestFirst(): Promise<string[]> {
	const orders = await env.api.orders(env.sandbox.storeId);
	return orders
		.sort((a, b) => Date.parse(String(b.Created)) - Date.parse(String(a.Created)) || String(b.OrderNumber).localeCompare(String(a.OrderNumber)))
		.map((order) => String(order.ID));
}

/** The order list requests the sandbox received, oldest first, with the page each asked for (by the name given, default pageNumber). */
async function pagesAsked(pageName = 'pageNumber'): Promise<Array<SandboxRequest & { page: number }>> {
	return (await env.api.requests())
		.filter((request) => request.method === 'GET' && request.path === `/api/v1/store/${env.sandbox.storeId}/order`)
		.map((request) => ({ ...request, page: Number(new URL(`http://x${request.rawPath}`).searchParams.get(pageName) ?? 1) }));
}

/**
 * The most requests the sandbox held at one moment (one received before another was answered). A
 * request counts itself: times are in milliseconds, so one answered within the millisecond it arrived
 * would otherwise hold nothing.
 */
function mostAtOnce(requests: SandboxRequest[]): number {
	return Math.max(
		...requests.map(
			(request) =>
				1 + requests.filter((other) => other !== request && other.receivedAtMs <= request.receivedAtMs && request.receivedAtMs < (other.answeredAtMs ?? Infinity)).length,
		),
	);
}

const pageOrder = (requests: Array<{ page: number }>) => requests.map((request) => request.page);
const upTo = (last: number) => Array.from({ length: last }, (_, index) => index + 1);

beforeEach(async () => {
	await env.api.ordersElsewhere({ storeId: env.sandbox.storeId, count: ORDERS, createdOverDays: 1 });
	await env.api.clearRequests();
});

describe('Return All: page 1 and 2, then the rest a few at a time', () => {
	// As documented (a page count, TotalPageCount), and under sandbox-shapes (TotalCount only: the pages counted from it).
	test.each([['as documented', []], ['under sandbox-shapes', ['sandbox-shapes']]])('%s: page 3 answered last: the orders come out in the list\'s order, each once; every page is asked for once, at most PAGES_AT_ONCE at a time', async (_label, profiles) => {
		await env.api.setProfiles(profiles);
		await env.api.setListPages({ '3': { delayMs: 500 } });
		const result = await getMany();
		expect(result.error).toBeUndefined();
		expect(result.json.map((order) => order.ID)).toEqual(await newestFirst());
		const asked = await pagesAsked();
		// Page 1, then page 2 alone (it confirms the page's name); then the others, in page order.
		expect(pageOrder(asked)).toEqual(upTo(PAGES));
		expect(asked[1].receivedAtMs).toBeGreaterThanOrEqual(asked[0].answeredAtMs!);
		expect(asked[2].receivedAtMs).toBeGreaterThanOrEqual(asked[1].answeredAtMs!);
		// While page 3 was held back, the pages after it were asked for: a few at a time, never more.
		expect(asked.filter((request) => request.page > 3 && request.receivedAtMs < asked[2].answeredAtMs!).length).toBeGreaterThan(0);
		expect(mostAtOnce(asked)).toBeLessThanOrEqual(PAGES_AT_ONCE);
	});

	test('a page that fails for good fails the item with its own error: nothing output, and no page asked for past the few in flight', async () => {
		await env.api.setListPages({ '4': { status: 500 } });
		const result = await getMany();
		expect(result.json).toEqual([]);
		expect(result.error?.message).toBe('The service failed to process the request (HTTP 500)');
		expect(result.error?.description).toContain('Page 4 of the order list answers 500');
		const asked = pageOrder(await pagesAsked());
		expect(asked.filter((page) => page === 4)).toHaveLength(1);
		expect(Math.max(...asked)).toBeLessThanOrEqual(4 + PAGES_AT_ONCE - 1);

		const kept = await getMany({}, true);
		expect(kept.json).toEqual([expect.objectContaining({ error: 'The service failed to process the request (HTTP 500)' })]);
	});

	test("a 429 on one page holds every page back: no request reaches the service between the 429 and the moment its Retry-After names", async () => {
		// Page 5 is refused once, after the pages in flight with it have arrived; page 3 is answered after
		// the 429, so the read then has pages to ask for next.
		await env.api.setListPages({ '3': { delayMs: 1000 }, '5': { delayMs: 500, status: 429, retryAfterSeconds: 1, times: 1 } });
		const result = await getMany();
		expect(result.error).toBeUndefined();
		expect(result.json.map((order) => order.ID)).toEqual(await newestFirst());
		const asked = await pagesAsked();
		const refused = asked.find((request) => request.status === 429)!;
		expect(refused.page).toBe(5);
		const resumeAt = refused.answeredAtMs! + 1000;
		const during = (await env.api.requests()).filter((request) => request.path.startsWith('/api/') && request.receivedAtMs > refused.answeredAtMs! && request.receivedAtMs < resumeAt);
		expect(during.map((request) => request.rawPath)).toEqual([]);
		const again = asked.filter((request) => request.page === 5 && request.status === 200);
		expect(again).toHaveLength(1);
		expect(again[0].receivedAtMs).toBeGreaterThanOrEqual(resumeAt);
		// Pages were waiting to be asked for: they were, after the pause.
		expect(asked.filter((request) => request.receivedAtMs >= resumeAt && request.page !== 5).length).toBeGreaterThan(0);
	});
});

describe('a list that changes while it is read', () => {
	test('orders added in front while the pages are read: the item fails naming the count the service now reports and how many the node read', async () => {
		await env.api.setListPages({ '4': { addOrders: { count: 5, where: 'newest' } } });
		const result = await getMany();
		expect(result.json).toEqual([]);
		const read = /^The order list could not be read to its end: the service reports 1005 orders, the node could read (\d+)$/.exec(result.error?.message ?? '');
		expect(read).not.toBeNull();
		expect(Number(read![1])).toBeLessThanOrEqual(ORDERS);
		expect(result.error?.description).toMatch(/^The list changed while it was read: the service reported 1000 orders on the first page and 1005 on the last, so orders were added or removed meanwhile\. Nothing was output for this item/);
		expect(result.error?.description).toMatch(/Created Before/);
	});

	test('orders added at the end, where the read has not been yet: the whole list, each order once, read past the count page 1 gave', async () => {
		await env.api.setListPages({ '3': { addOrders: { count: 5, where: 'oldest' } } });
		const result = await getMany();
		expect(result.error).toBeUndefined();
		const expected = await newestFirst();
		expect(expected).toHaveLength(ORDERS + 5);
		expect(result.json.map((order) => order.ID)).toEqual(expected);
		expect(pageOrder(await pagesAsked())).toEqual(upTo(PAGES + 1));
	});
});

describe('one page after the other', () => {
	test('Limit asks for no page more than it needs, one at a time, whatever the count says', async () => {
		const result = await getMany({ returnAll: false, limit: 250 });
		expect(result.json.map((order) => order.ID)).toEqual((await newestFirst()).slice(0, 250));
		const asked = await pagesAsked();
		expect(pageOrder(asked)).toEqual([1, 2, 3]);
		expect(mostAtOnce(asked)).toBe(1);
	});

	test('a list whose answers give no count (a bare list) is read one page after the other, to its end', async () => {
		await env.api.setProfiles(['list-bare']);
		const result = await getMany();
		expect(result.json.map((order) => order.ID)).toEqual(await newestFirst());
		const asked = await pagesAsked();
		// The last page, short, ends it: the pages of 100 and none past it.
		expect(pageOrder(asked)).toEqual(upTo(PAGES + 1));
		expect(mostAtOnce(asked)).toBe(1);
	});

	test('as documented, under a page name the node learns on page 2: the pages after it are asked for at once under that name, each once', async () => {
		await env.api.setListQueryNames({ page: 'pageIndex' });
		await env.api.setListPages({ '3': { delayMs: 300 } });
		const result = await getMany();
		expect(result.error).toBeUndefined();
		expect(result.json.map((order) => order.ID)).toEqual(await newestFirst());
		const queries = (await pagesAsked()).map((request) => request.rawPath.split('?')[1]);
		// Page 2 under the first guess came back as page 1; under pageIndex it was page 2. Then pages 3 on, under pageIndex only.
		expect(queries.slice(0, 4)).toEqual(['pageNumber=1&pageSize=100', 'pageNumber=2&pageSize=100', 'page=2&pageSize=100', 'pageIndex=2&pageSize=100']);
		const learned = await pagesAsked('pageIndex');
		expect(pageOrder(learned.filter((request) => request.rawPath.includes('pageIndex=')))).toEqual(upTo(PAGES).slice(1));
		expect(mostAtOnce(learned.slice(4))).toBeGreaterThan(1);
	});
});
