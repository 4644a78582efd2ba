/**
 * Download Proof and Pages, run by n8n's engine against a live sandbox: the files of status records
 * as binary properties, read with the credential only on the API's own host, bounded by a size
 * limit, a few at a time, and a failed download failing its own item only.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IBinaryData, IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { BinaryDataService } from 'n8n-core';
import { Container } from '@n8n/di';
import { PNG } from 'pngjs';

import { runPrintStore } from '../helpers/engine';
import { credentialsFor, crmOrderItem, useSandbox } from '../helpers/sandbox';
import { runTriggerExecution, TRIGGER_TYPE } from '../helpers/trigger';
import { pendingItem } from '../../nodes/PrintStore/wait/plan';
import { startWaitHost } from '../helpers/wait';

const env = useSandbox();

async function binaryBytes(binary: IBinaryData): Promise<Buffer> {
	if (binary.id) return await Container.get(BinaryDataService).getAsBuffer(binary);
	return Buffer.from(binary.data, 'base64');
}

/** `count` orders, each advanced to `status` (3: Printed, with proof and pages), of a product (one page, or `letter-2-sheet`: two). */
async function ordersAt(count: number, status = 3, product = 'postcard-4x6'): Promise<Array<{ ID: string; OrderNumber: string }>> {
	const created = await env.api.api<Array<{ ID: string; OrderNumber: string }>>('POST', `/store/${env.sandbox.storeId}/order`, {
		Items: Array.from({ length: count }, (_, index) => crmOrderItem(index, { Product: { ID: product, Quantity: 10, DeliveryMethod: 'Standard' } })),
	});
	expect(created.status).toBe(200);
	for (const order of created.body) await env.api.advance(order.ID, { toStatusId: status });
	return created.body;
}

async function history(orders: Array<{ ID: string }>, download: string, options: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
	return await runPrintStore({
		parameters: {
			resource: 'order',
			operation: 'getStatusHistory',
			storeId: env.sandbox.storeId,
			orderId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
			statusOptions: { latestOnly: true },
			downloadFiles: download,
			downloadOptions: options,
			...extra,
		},
		items: orders.map((order) => ({ id: order.ID })),
		credentials: await credentialsFor(env.sandbox),
		continueOnFail: extra.continueOnFail === true,
	});
}

const proofRequests = async () => (await env.api.requests()).filter((entry) => entry.path.includes('/files/proofs/'));

describe('Order > Get Status History: Download Proof and Pages', () => {
	test('each order gets its proof (a PDF) and its pages (PNGs) as binary properties, the URLs stay in the JSON', async () => {
		const orders = await ordersAt(3);
		const result = await history(orders, 'both');
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(3);
		for (const [index, item] of result.items.entries()) {
			expect(item.pairedItem).toEqual({ item: index });
			expect(item.json.OrderID).toBe(orders[index].ID);
			expect(item.json.ProofUrl).toEqual(expect.stringContaining('/files/proofs/'));
			const proof = item.binary?.proof as IBinaryData;
			expect(proof.mimeType).toBe('application/pdf');
			expect(proof.fileName).toBe(`proof-${orders[index].OrderNumber}.pdf`);
			const pdf = await binaryBytes(proof);
			expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
			expect(pdf.length).toBeGreaterThan(500);
			const pages = Object.keys(item.binary ?? {}).filter((key) => key.startsWith('page_'));
			expect(pages.length).toBe((item.json.RenderedPageUrls as string[]).length);
			expect(pages.length).toBeGreaterThan(0);
			const page = item.binary?.page_1 as IBinaryData;
			expect(page.mimeType).toBe('image/png');
			const png = PNG.sync.read(await binaryBytes(page));
			expect(png.width).toBeGreaterThan(0);
		}
	});

	test("the credential goes to the API's own host only: the proof with token and key, the pages' host gets neither", async () => {
		const orders = await ordersAt(2);
		await env.api.clearFileRequests();
		const result = await history(orders, 'both');
		expect(result.error).toBeUndefined();
		const proofs = await proofRequests();
		expect(proofs).toHaveLength(2);
		for (const entry of proofs) expect(entry.headers).toMatchObject({ authorization: 'Bearer [issued token]', 'ocp-apim-subscription-key': '[valid key]' });
		const atFileHost = await env.api.fileRequests();
		expect(atFileHost.length).toBe(result.items.reduce((sum, item) => sum + (item.json.RenderedPageUrls as string[]).length, 0));
		for (const entry of atFileHost) {
			expect(entry.headers.authorization).toBeUndefined();
			expect(entry.headers['ocp-apim-subscription-key']).toBeUndefined();
		}
	});

	test('a proof the API redirects to another host is fetched there without the credential', async () => {
		await env.api.fileSettings({ proofs: 'redirect' });
		const orders = await ordersAt(1);
		await env.api.clearFileRequests();
		const result = await history(orders, 'proof');
		expect(result.error).toBeUndefined();
		expect((await binaryBytes(result.items[0].binary?.proof as IBinaryData)).subarray(0, 5).toString()).toBe('%PDF-');
		const atFileHost = (await env.api.fileRequests()).filter((entry) => entry.path.includes('/proofs/'));
		expect(atFileHost).toHaveLength(1);
		expect(atFileHost[0].headers.authorization).toBeUndefined();
		expect(atFileHost[0].headers['ocp-apim-subscription-key']).toBeUndefined();
	});

	test('a file over Max File Size fails its item with its host, its size and the limit', async () => {
		const orders = await ordersAt(1);
		const result = await history(orders, 'proof', { maxFileSizeMb: 0.0001 });
		const host = new URL(env.sandbox.baseUrl).host;
		expect(result.error?.message).toMatch(new RegExp(`^The proof of item 0 could not be downloaded from ${host.replace(/\./g, '\\.')}: the file is [\\d.]+ MB, over the limit of 0 MB`));
		expect(result.error?.message).toContain('Max File Size');
		expect(result.items).toHaveLength(0);
	});

	test('the files go into each item in the order the record names them, however the downloads finish: the proof, answered last, first; a failed item names its first file that failed', async () => {
		const orders = await ordersAt(3, 3, 'letter-2-sheet');
		await env.api.fileSettings({ delayMs: { proofs: 400 }, missing: [orders[1].ID] });
		const result = await history(orders, 'both', {}, { continueOnFail: true });
		expect(result.error).toBeUndefined();
		for (const item of [result.items[0], result.items[2]]) expect(Object.keys(item.binary ?? {})).toEqual(['proof', 'page_1', 'page_2']);
		expect((result.items[0].binary!.page_2 as IBinaryData).fileName).toBe(`page-2-${orders[0].OrderNumber}.png`);
		// Its pages were refused before its proof was: the item's error is its proof's.
		expect(result.items[1].json.error).toMatch(/^The proof of item 1 could not be downloaded from .+: the file is missing \(HTTP 404\)/);
	});

	test('a file sent without a Content-Length (chunked) is read only up to Max File Size; one within it comes whole', async () => {
		const orders = await ordersAt(2);
		await env.api.fileSettings({ chunked: true });
		const whole = await history(orders.slice(0, 1), 'proof');
		expect(whole.error).toBeUndefined();
		const pdf = await binaryBytes(whole.items[0].binary?.proof as IBinaryData);
		expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

		const limited = await history(orders.slice(1), 'proof', { maxFileSizeMb: 0.0005 });
		expect(limited.items).toHaveLength(0);
		expect(limited.error?.message).toMatch(/^The proof of item 0 could not be downloaded from .+: the file is more than [\d.]+ MB, the limit \(Max File Size\)$/);

		// The same bytes as the proof sent whole, with its Content-Length.
		await env.api.fileSettings({ chunked: false });
		const sentWhole = await history(orders.slice(0, 1), 'proof');
		expect((await binaryBytes(sentWhole.items[0].binary?.proof as IBinaryData)).equals(pdf)).toBe(true);
	});

	test("a failed download names the file's host, never its URL: a signed link's signature stays out of the item's error", async () => {
		await env.api.fileSettings({ proofs: 'cdn' });
		const orders = await ordersAt(1);
		const url = (await env.api.api<Array<{ ProofUrl?: string }>>('GET', `/store/${env.sandbox.storeId}/order/${orders[0].ID}/status`)).body.at(-1)!.ProofUrl!;
		const signature = new URL(url).searchParams.get('sig')!;
		expect(signature.length).toBeGreaterThan(10);
		await env.api.fileSettings({ missing: [orders[0].ID] });
		const kept = await history(orders, 'proof', {}, { continueOnFail: true });
		expect(kept.items[0].json.error).toMatch(new RegExp(`^The proof of item 0 could not be downloaded from ${new URL(url).host}: the file is missing`));
		const stopped = await history(orders, 'proof');
		const cause = (stopped.error as { cause?: Error }).cause;
		for (const text of [JSON.stringify(kept.json), stopped.error?.message, stopped.error?.description, cause?.message, cause?.stack]) {
			expect(text).not.toContain(signature);
			expect(text).not.toContain(new URL(url).pathname);
		}
	});

	test('one missing file fails that item only with Continue On Fail; the other items keep their files', async () => {
		const orders = await ordersAt(3);
		await env.api.fileSettings({ missing: [orders[1].ID] });
		const result = await history(orders, 'both', {}, { continueOnFail: true });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(3);
		const [first, failed, third] = result.items as INodeExecutionData[];
		expect(failed.json.error).toMatch(/^The (proof|page 1) of item 1 could not be downloaded from .+: the file is missing \(HTTP 404\)/);
		expect(failed.binary).toBeUndefined();
		expect(failed.pairedItem).toEqual({ item: 1 });
		for (const item of [first, third]) expect(Object.keys(item.binary ?? {}).sort()).toEqual(['page_1', 'proof']);
		expect(JSON.stringify(result.json)).not.toContain(env.sandbox.subscriptionKey);
		expect(JSON.stringify(result.json)).not.toContain(env.sandbox.tokens.accessToken);
	});

	test('the histories are read 4 at a time, output in input order; an unknown order fails its own item, or stops the node naming it', async () => {
		const orders = await ordersAt(6);
		const ids = orders.map((order) => ({ ID: order.ID }));
		ids.splice(2, 0, { ID: 'ord_unknown' });
		const kept = await history(ids, 'proof', {}, { continueOnFail: true });
		expect(kept.error).toBeUndefined();
		expect(kept.json.map((json) => json.OrderID ?? json.error)).toEqual([orders[0].ID, orders[1].ID, 'The requested order does not exist', ...orders.slice(2).map((order) => order.ID)]);
		expect(kept.items.filter((item) => item.binary?.proof)).toHaveLength(6);
		const stopped = await history(ids, 'proof');
		expect(stopped.error?.message).toBe('The requested order does not exist');
		expect((stopped.error as { context?: { itemIndex?: number } }).context?.itemIndex).toBe(2);
	});

	test("the API's 429 with Retry-After is waited out: every file arrives", async () => {
		const orders = await ordersAt(4);
		await env.api.faults({ rate429: 0.4, retryAfterSeconds: 0, seed: 7 });
		const result = await history(orders, 'proof');
		await env.api.clearFaults();
		expect(result.error).toBeUndefined();
		expect(result.items.every((item) => item.binary?.proof !== undefined)).toBe(true);
		const proofs = await proofRequests();
		expect(proofs.some((entry) => entry.status === 429)).toBe(true);
		expect(proofs.filter((entry) => entry.status === 200)).toHaveLength(4);
	});

	test('Every Record: each record that names files gets its own; Pages only leaves the proof out', async () => {
		const orders = await ordersAt(1, 4);
		const result = await history(orders, 'pages', { filesOf: 'every' }, { statusOptions: {} });
		expect(result.error).toBeUndefined();
		const withPages = result.items.filter((item) => ((item.json.RenderedPageUrls as string[]) ?? []).length > 0);
		expect(withPages.length).toBeGreaterThanOrEqual(2);
		for (const item of result.items) {
			expect(item.binary?.proof).toBeUndefined();
			expect(Object.keys(item.binary ?? {}).length).toBe(((item.json.RenderedPageUrls as string[]) ?? []).length);
		}
	});
});

describe('Order > Get: Download Proof and Pages', () => {
	test('an order that carries no file URLs gets those of its status history, added to its JSON', async () => {
		const [order] = await ordersAt(1);
		const result = await runPrintStore({
			parameters: {
				resource: 'order',
				operation: 'get',
				storeId: env.sandbox.storeId,
				orderId: { __rl: true, mode: 'id', value: order.ID },
				downloadFiles: 'proof',
			},
			credentials: await credentialsFor(env.sandbox),
		});
		expect(result.error).toBeUndefined();
		expect(result.json[0].ID).toBe(order.ID);
		expect(result.json[0].ProofUrl).toEqual(expect.stringContaining(`/files/proofs/${order.ID}`));
		expect((await binaryBytes(result.items[0].binary?.proof as IBinaryData)).subarray(0, 5).toString()).toBe('%PDF-');
	});
});

describe('Print Store Trigger (version 2): Download Proof and Pages', () => {
	async function runTrigger(events: IDataObject[], parameters: INodeParameters, continueOnFail = false) {
		return await runTriggerExecution({ parameters, events, credentials: await credentialsFor(env.sandbox), continueOnFail });
	}

	test("an event's own record gives its files; an event without them takes the fetched history's; a failed download fails its item only", async () => {
		const orders = await ordersAt(3);
		const records = await Promise.all(
			orders.map(async (order) => (await env.api.api<IDataObject[]>('GET', `/store/${env.sandbox.storeId}/order/${order.ID}/status`)).body.at(-1)!),
		);
		await env.api.fileSettings({ missing: [orders[2].ID] });
		const bare = { OrderID: orders[1].ID, StoreID: env.sandbox.storeId, StatusID: 3, StatusDescription: 'Printed' };
		const result = await runTrigger([records[0], bare, records[2]], { enrich: 'statusHistory', enrichStoreId: env.sandbox.storeId, downloadFiles: 'both' }, true);
		expect(result.error).toBeUndefined();
		const [own, fetched, failed] = result.items;
		expect(Object.keys(own.binary ?? {}).sort()).toEqual(['page_1', 'proof']);
		expect(Object.keys(fetched.binary ?? {}).sort()).toEqual(['page_1', 'proof']);
		expect((await binaryBytes(fetched.binary!.proof)).subarray(0, 5).toString()).toBe('%PDF-');
		expect(failed.binary).toBeUndefined();
		expect(failed.json.OrderID).toBe(orders[2].ID);
		expect(failed.json.downloadError).toMatch(/^The (proof|page 1) of item 2 could not be downloaded from .+: the file is missing \(HTTP 404\)/);
	});

	test('an event that names no files, without Fetch From the API: its status history is read for them', async () => {
		const [order] = await ordersAt(1);
		const bare = { OrderID: order.ID, StoreID: env.sandbox.storeId, StatusID: 3, StatusDescription: 'Printed' };
		const result = await runTrigger([bare], { enrich: 'none', downloadFiles: 'proof' });
		expect(result.error).toBeUndefined();
		expect(result.json[0].statusHistory).toBeUndefined();
		expect((await binaryBytes(result.items[0].binary!.proof)).subarray(0, 5).toString()).toBe('%PDF-');
	});

	test('a URL without a scheme is the API\'s (read with the credential); one that is not http(s) fails its item, saying so', async () => {
		const [order] = await ordersAt(1);
		const event = (ProofUrl: string) => ({ OrderID: order.ID, StoreID: env.sandbox.storeId, StatusID: 3, ProofUrl });
		await env.api.clearRequests();
		const result = await runTrigger([event(`/api/v1/files/proofs/${order.ID}.pdf`), event('ftp://files.example.com/proof.pdf')], { downloadFiles: 'proof' }, true);
		expect(result.error).toBeUndefined();
		expect((await binaryBytes(result.items[0].binary!.proof)).subarray(0, 5).toString()).toBe('%PDF-');
		expect((await proofRequests())[0].headers).toMatchObject({ authorization: 'Bearer [issued token]', 'ocp-apim-subscription-key': '[valid key]' });
		expect(result.items[1].binary).toBeUndefined();
		expect(result.items[1].json.downloadError).toBe('The proof of item 1 could not be downloaded: its address is not an http(s) URL (ftp), so it is not downloaded');
	});

	test("one host's 429 with Retry-After holds back only that host: the other host's pages all arrive before the first host is asked again", async () => {
		// Both hosts write to one list, in the order their requests arrive: the test compares that order, not times.
		const arrivals: string[] = [];
		const listen = async (answer: (request: http.IncomingMessage, response: http.ServerResponse) => void) => {
			const server = http.createServer(answer);
			await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
			return { server, root: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
		};
		let answered429: () => void = () => undefined;
		const proofHostBusy = new Promise<void>((resolve) => (answered429 = resolve));
		// The proof's host: busy at first (429, Retry-After 2 s), then the file.
		const proofs = await listen((request, response) => {
			const first = !arrivals.some((entry) => entry.startsWith('proofs '));
			arrivals.push(`proofs ${first ? 429 : 200}`);
			if (first) {
				response.writeHead(429, { 'retry-after': '2', 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Slow down' }));
				answered429();
				return;
			}
			response.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4 proof');
		});
		// The pages' host: answers once the proof's host has said 429, each page 100 ms later, so that most pages are asked for while that 429 holds.
		const pages = await listen((request, response) => {
			arrivals.push(`pages ${String(request.url)}`);
			void proofHostBusy.then(() => setTimeout(() => response.writeHead(200, { 'content-type': 'image/png' }).end('page'), 100));
		});
		try {
			const pageUrls = Array.from({ length: 9 }, (_, index) => `${pages.root}/renders/b/page-${index + 1}.png`);
			const result = await runTrigger(
				[
					{ OrderID: 'a', StatusID: 3, ProofUrl: `${proofs.root}/proofs/a.pdf` },
					{ OrderID: 'b', StatusID: 3, RenderedPageUrls: pageUrls },
				],
				{ enrich: 'none', downloadFiles: 'both' },
			);
			expect(result.error).toBeUndefined();
			expect((await binaryBytes(result.items[0].binary!.proof)).toString()).toBe('%PDF-1.4 proof');
			expect(Object.keys(result.items[1].binary ?? {})).toEqual(pageUrls.map((_, index) => `page_${index + 1}`));
			const proofAsked = arrivals.filter((entry) => entry.startsWith('proofs '));
			expect(proofAsked).toEqual(['proofs 429', 'proofs 200']);
			const busyAt = arrivals.indexOf('proofs 429');
			const retriedAt = arrivals.indexOf('proofs 200');
			const pageArrivals = arrivals.map((entry, at) => [entry, at] as const).filter(([entry]) => entry.startsWith('pages '));
			expect(pageArrivals).toHaveLength(9);
			// The pages asked for while the proof's host was busy (all but the first few, asked with the proof), and every one before the proof was asked again.
			expect(pageArrivals.filter(([, at]) => at > busyAt).length).toBeGreaterThanOrEqual(6);
			expect(pageArrivals.filter(([, at]) => at > retriedAt)).toEqual([]);
		} finally {
			await Promise.all([proofs.server, pages.server].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
		}
	});

	test('version 1 has no downloads: the events go on as they came', async () => {
		const [order] = await ordersAt(1);
		const record = (await env.api.api<IDataObject[]>('GET', `/store/${env.sandbox.storeId}/order/${order.ID}/status`)).body.at(-1)!;
		const result = await runPrintStore({
			nodeType: TRIGGER_TYPE,
			typeVersion: 1,
			nodeName: 'Print Store Trigger',
			parameters: { events: ['status'], options: {}, downloadFiles: 'both' },
			items: [record],
			credentials: await credentialsFor(env.sandbox),
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0].binary).toBeUndefined();
	});
});

describe('Order > Wait Until Status: Download Proof and Pages', () => {
	const waitParameters = (extra: Record<string, unknown> = {}) => ({
		resource: 'order',
		operation: 'waitForStatus',
		storeId: env.sandbox.storeId,
		orderId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
		waitFor: ['Delivered'],
		...extra,
	});

	test('an order already there comes out with its files at once', async () => {
		const [order] = await ordersAt(1, 5);
		const result = await runPrintStore({
			parameters: waitParameters({ downloadFiles: 'both' }),
			items: [{ id: order.ID }],
			credentials: await credentialsFor(env.sandbox),
		});
		expect(result.error).toBeUndefined();
		expect(result.json[0]).toMatchObject({ outcome: 'reached', resumedBy: 'alreadyThere' });
		expect(Object.keys(result.items[0].binary ?? {}).sort()).toEqual(['page_1', 'proof']);
	});

	test('the resume call that ends the wait downloads each order\'s files; a failed one leaves its item with downloadError', async () => {
		const orders = await ordersAt(2, 5);
		await env.api.fileSettings({ missing: [orders[1].ID] });
		const plan = (order: string) => ({
			storeId: env.sandbox.storeId,
			order,
			orderBy: 'id' as const,
			waitFor: ['Delivered'],
			failOn: ['Failed'],
			timeLimit: new Date(Date.now() + 3_600_000).toISOString(),
		});
		const host = await startWaitHost({
			pending: orders.map((order, index) => pendingItem(plan(order.ID), [], index)),
			credentials: await credentialsFor(env.sandbox),
			parameters: { downloadFiles: 'proof' },
		});
		try {
			const call = await host.check();
			expect(call.status).toBe(200);
			const [first, second] = call.resumedWith!;
			expect(first.json).toMatchObject({ outcome: 'reached', orderId: orders[0].ID });
			expect((await binaryBytes(first.binary!.proof)).subarray(0, 5).toString()).toBe('%PDF-');
			expect(second.binary).toBeUndefined();
			expect(second.json).toMatchObject({ outcome: 'reached', orderId: orders[1].ID });
			expect(second.json.downloadError).toMatch(/^The proof of item 1 could not be downloaded from .+: the file is missing \(HTTP 404\)/);
		} finally {
			await host.close();
		}
	});
});
