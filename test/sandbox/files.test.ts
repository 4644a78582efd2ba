/**
 * The files status records link to: real PDFs and PNGs, on the API host behind its authentication
 * or on the file host without it, where they live set through /_sandbox/files, and what the file
 * host saw of each request.
 */
import net from 'node:net';
import { inflateSync } from 'node:zlib';
import type { AxiosInstance } from 'axios';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import { SandboxControl } from '../../scripts/n8n/sandbox-control';
import { proofPdf } from '../../sandbox/domain/files';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { apiClient, controlClient, http, messages, orderItem } from './support';

let sandbox: Sandbox;
let api: AxiosInstance;
let control: AxiosInstance;
let sandboxControl: SandboxControl;

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0, control: true });
	api = apiClient(sandbox);
	control = controlClient(sandbox);
	sandboxControl = new SandboxControl({ baseUrl: sandbox.baseUrl, subscriptionKey: sandbox.subscriptionKey, accessToken: sandbox.tokens.accessToken });
});
beforeEach(() => control.post('/reset'));
afterAll(() => sandbox.close());

const DEFAULTS = { proofs: 'api', pages: 'cdn', missing: [], chunked: false, delayMs: { proofs: 0, pages: 0 } };
const bytes = { responseType: 'arraybuffer' as const };

async function createOrder(product = 'postcard-4x6') {
	const response = await api.post(`/store/${sandbox.storeId}/order`, { Items: [orderItem({}, { ID: product })] });
	expect(response.status).toBe(200);
	return response.data[0] as { ID: string; OrderNumber: string };
}

/** The order's record at `toStatusId` (2: ProofUrl, 3: RenderedPageUrls). */
async function advanced(orderId: string, toStatusId: 2 | 3) {
	const response = await control.post(`/orders/${orderId}/advance`, { toStatusId });
	expect(response.status).toBe(200);
	return response.data[response.data.length - 1] as { ProofUrl: string; RenderedPageUrls: string[] };
}

/** The text a PDF draws: pdf-lib writes each run as a hex string in a Flate-compressed content stream. */
function pdfText(pdf: Buffer): string {
	const text: string[] = [];
	for (const match of pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
		let content: string;
		try {
			content = inflateSync(Buffer.from(match[1], 'latin1')).toString('latin1');
		} catch {
			continue;
		}
		for (const run of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) text.push(Buffer.from(run[1], 'hex').toString('latin1'));
	}
	return text.join('\n');
}

function pixel(png: PNG, x: number, y: number): string {
	const i = (y * png.width + x) * 4;
	return [...png.data.subarray(i, i + 3)].join(',');
}

function distinctColours(png: PNG): number {
	const seen = new Set<string>();
	for (let y = 0; y < png.height; y += 4) for (let x = 0; x < png.width; x += 4) seen.add(pixel(png, x, y));
	return seen.size;
}

describe('the files', () => {
	it('a proof is a one-page 6x4 in PDF showing the order, the same bytes on every download', async () => {
		const order = await createOrder();
		const { ProofUrl } = await advanced(order.ID, 2);
		expect(ProofUrl).toBe(`${sandbox.apiUrl}/files/proofs/${order.ID}.pdf`);
		const response = await api.get(ProofUrl, bytes);
		expect(response.status).toBe(200);
		const pdf = Buffer.from(response.data);
		expect(response.headers['content-type']).toBe('application/pdf');
		expect(Number(response.headers['content-length'])).toBe(pdf.length);
		expect(response.headers['content-disposition']).toBe(`inline; filename="proof-${order.OrderNumber}.pdf"`);
		expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
		const doc = await PDFDocument.load(pdf);
		expect(doc.getPageCount()).toBe(1);
		expect(doc.getPage(0).getSize()).toEqual({ width: 432, height: 288 });
		expect(doc.getTitle()).toBe(`Proof ${order.OrderNumber}`);
		const text = pdfText(pdf);
		for (const shown of ['Proof', order.OrderNumber, 'postcard-4x6', 'Jane Doe']) expect(text).toContain(shown);
		expect(Buffer.from((await api.get(ProofUrl, bytes)).data).equals(pdf)).toBe(true);
	});

	it('builds the same bytes for the same order every time, and prints what Helvetica lacks as ?', async () => {
		const content = { orderNumber: 'PS-1', productId: 'postcard-4x6', recipient: 'Zoë 王', created: '2024-05-01T10:00:00.000Z' };
		const first = await proofPdf(content);
		await new Promise((resolve) => setTimeout(resolve, 1100));
		expect((await proofPdf(content)).equals(first)).toBe(true);
		expect(pdfText(first)).toContain('Recipient Zoë ?');
		expect((await proofPdf({ ...content, orderNumber: 'PS-2' })).equals(first)).toBe(false);
	});

	it('rendered pages are public 240x160 PNGs on the file host, a colour per page, not one flat colour', async () => {
		const order = await createOrder('letter-2-sheet');
		const { RenderedPageUrls } = await advanced(order.ID, 3);
		expect(RenderedPageUrls).toEqual([1, 2].map((n) => `${sandbox.filesUrl}/renders/${order.ID}/page-${n}.png`));
		const pages: PNG[] = [];
		for (const [i, url] of RenderedPageUrls.entries()) {
			const response = await http.get(url, bytes);
			expect(response.status).toBe(200);
			expect(response.headers['content-type']).toBe('image/png');
			expect(Number(response.headers['content-length'])).toBe(response.data.byteLength);
			expect(response.headers['content-disposition']).toBe(`inline; filename="page-${i + 1}-${order.OrderNumber}.png"`);
			const png = PNG.sync.read(Buffer.from(response.data));
			expect([png.width, png.height]).toEqual([240, 160]);
			expect(distinctColours(png)).toBeGreaterThan(20);
			pages.push(png);
		}
		expect(pixel(pages[0], 120, 80)).not.toBe(pixel(pages[1], 120, 80));

		const beyond = await http.get(`${sandbox.filesUrl}/renders/${order.ID}/page-3.png`);
		expect(beyond.status).toBe(404);
		expect(messages(beyond.data)[0]).toMatch(/it has 2 rendered page\(s\)/);
		for (const path of [`/renders/ord_nope/page-1.png`, `/renders/${order.ID}/page-0.png`, `/renders/${order.ID}/page-1.jpg`, '/nothing']) {
			const response = await http.get(`${sandbox.filesUrl}${path}`);
			expect([path, response.status]).toEqual([path, 404]);
			expect(messages(response.data)).toHaveLength(1);
		}
	});

	it('a proof on the API host needs the subscription key and the token, and is logged as an API request', async () => {
		const order = await createOrder();
		const { ProofUrl } = await advanced(order.ID, 2);
		const key = { 'Ocp-Apim-Subscription-Key': sandbox.subscriptionKey };
		const token = { Authorization: `Bearer ${sandbox.tokens.accessToken}` };
		expect((await http.get(ProofUrl)).status).toBe(401);
		expect((await http.get(ProofUrl, { headers: token })).status).toBe(401);
		const keyOnly = await http.get(ProofUrl, { headers: key });
		expect(keyOnly.status).toBe(401);
		expect(keyOnly.headers['www-authenticate']).toMatch(/^Bearer/);
		expect((await http.get(ProofUrl, { headers: { ...key, Authorization: 'Bearer nope' } })).status).toBe(401);
		expect((await http.get(ProofUrl, { headers: { ...key, ...token } })).status).toBe(200);
		expect((await api.get(`/files/proofs/ord_nope.pdf`)).status).toBe(404);
		expect((await api.get(`/files/proofs/${order.ID}`)).status).toBe(404);

		const log = (await control.get('/requests')).data.requests.filter((r: { path: string }) => r.path.startsWith('/api/v1/files/'));
		expect(log.map((r: { status: number }) => r.status)).toEqual([401, 401, 401, 401, 200, 404, 404]);
		expect(log[4].headers).toMatchObject({ authorization: 'Bearer [issued token]', 'ocp-apim-subscription-key': '[valid key]' });
		expect((await sandboxControl.fileRequests())).toEqual([]);
	});

	it('fault injection applies to files on the API host, not to the file host', async () => {
		const order = await createOrder();
		const { ProofUrl, RenderedPageUrls } = await advanced(order.ID, 3);
		expect((await control.post('/faults', { rate429: 1, retryAfterSeconds: 2 })).status).toBe(200);
		const faulted = await api.get(ProofUrl);
		expect(faulted.status).toBe(429);
		expect(faulted.headers['retry-after']).toBe('2');
		expect(faulted.headers['x-sandbox-fault']).toBe('429');
		expect((await http.get(RenderedPageUrls[0])).status).toBe(200);
		expect((await control.post('/faults', { rate500After: 1 })).status).toBe(200);
		expect((await api.get(ProofUrl)).status).toBe(500);
		await control.delete('/faults');
		expect((await api.get(ProofUrl)).status).toBe(200);
	});
});

describe('the file host', () => {
	it('records method, path, status and the headers it got, secrets as markers', async () => {
		const order = await createOrder();
		const [url] = (await advanced(order.ID, 3)).RenderedPageUrls;
		await http.get(url, { headers: { Authorization: `Bearer ${sandbox.tokens.accessToken}`, 'Ocp-Apim-Subscription-Key': sandbox.subscriptionKey } });
		await http.get(url, { headers: { Authorization: 'Bearer not-a-token', 'Ocp-Apim-Subscription-Key': 'not-the-key' } });
		await http.get(url, { headers: { Authorization: 'Basic dXNlcjpwYXNz' } });
		const head = await http.head(url);
		expect([head.headers['content-type'], Number(head.headers['content-length'])]).toEqual(['image/png', (await http.get(url, bytes)).data.byteLength]);
		await http.get(`${sandbox.filesUrl}/proofs/${order.ID}.pdf?sig=wrong`);

		const requests = await sandboxControl.fileRequests();
		const path = new URL(url).pathname;
		expect(requests.map(({ method, path: p, status }) => [method, p, status])).toEqual([
			['GET', path, 200],
			['GET', path, 200],
			['GET', path, 200],
			['HEAD', path, 200],
			['GET', path, 200],
			['GET', `/proofs/${order.ID}.pdf`, 403],
		]);
		expect(requests.map((r) => r.headers)).toEqual([
			{ authorization: 'Bearer [issued token]', 'ocp-apim-subscription-key': '[valid key]' },
			{ authorization: 'Bearer [unknown token]', 'ocp-apim-subscription-key': '[wrong key]' },
			{ authorization: 'Basic [hidden]' },
			{},
			{},
			{},
		]);
		expect(requests[0].headersPresent).toEqual(expect.arrayContaining(['authorization', 'ocp-apim-subscription-key', 'host']));
		expect(requests[3].headersPresent).not.toContain('authorization');
		for (const r of requests) expect(new Date(r.at).toISOString()).toBe(r.at);
		const raw = JSON.stringify(requests);
		for (const secret of [sandbox.tokens.accessToken, sandbox.subscriptionKey, 'not-the-key', 'not-a-token', 'dXNlcjpwYXNz', 'sig=']) expect(raw).not.toContain(secret);

		await sandboxControl.clearFileRequests();
		expect(await sandboxControl.fileRequests()).toEqual([]);
	});

	it('is its own server: filesUrl on the Sandbox and in the / document, the filesPort option, closed by close()', async () => {
		expect(new URL(sandbox.filesUrl).port).not.toBe(new URL(sandbox.baseUrl).port);
		expect((await http.get(`${sandbox.baseUrl}/`)).data.filesUrl).toBe(sandbox.filesUrl);
		const port = await new Promise<number>((resolve) => {
			const probe = net.createServer().listen(0, '127.0.0.1', () => {
				const { port: free } = probe.address() as net.AddressInfo;
				probe.close(() => resolve(free));
			});
		});
		const other = await startSandbox({ port: 0, filesPort: port });
		expect(other.filesUrl).toBe(`http://127.0.0.1:${port}`);
		expect((await http.get(`${other.filesUrl}/nothing`)).status).toBe(404);
		await other.close();
		// A new connection (the agent's kept-alive one would only hang up).
		const connect = new Promise<void>((resolve, reject) => net.connect(port, '127.0.0.1', resolve).on('error', reject));
		await expect(connect).rejects.toThrow(/ECONNREFUSED/);
	});
});

describe('where the files live', () => {
	it('proofs cdn: a signed link on the file host; no sig, a wrong one or another order\'s is 403', async () => {
		const settings = await sandboxControl.fileSettings({ proofs: 'cdn' });
		expect(settings).toEqual({ ...DEFAULTS, proofs: 'cdn', filesUrl: sandbox.filesUrl });
		const order = await createOrder();
		const other = await createOrder();
		const { ProofUrl } = await advanced(order.ID, 2);
		const { ProofUrl: otherUrl } = await advanced(other.ID, 2);
		expect(ProofUrl).toMatch(new RegExp(`^${sandbox.filesUrl}/proofs/${order.ID}\\.pdf\\?sig=[\\w-]{20,}$`));
		const response = await http.get(ProofUrl, bytes);
		expect([response.status, response.headers['content-type']]).toEqual([200, 'application/pdf']);
		expect((await PDFDocument.load(Buffer.from(response.data))).getPageCount()).toBe(1);

		const sig = new URL(ProofUrl).searchParams.get('sig')!;
		const unsigned = `${sandbox.filesUrl}/proofs/${order.ID}.pdf`;
		const otherSig = new URL(otherUrl).searchParams.get('sig')!;
		for (const url of [unsigned, `${unsigned}?sig=`, `${unsigned}?sig=${sig.slice(1)}x`, `${unsigned}?sig=${otherSig}`, `${unsigned}?sig=${sig}&sig=${sig}`]) {
			const refused = await http.get(url);
			expect([url, refused.status]).toEqual([url, 403]);
			expect(messages(refused.data)[0]).toMatch(/not signed/);
		}
		// The signature is checked before the order: an unknown one is refused the same way.
		expect((await http.get(`${sandbox.filesUrl}/proofs/ord_nope.pdf`)).status).toBe(403);
		// Signed links are per sandbox.
		const second = await startSandbox({ port: 0 });
		try {
			expect((await http.get(`${second.filesUrl}/proofs/${order.ID}.pdf?sig=${sig}`)).status).toBe(403);
		} finally {
			await second.close();
		}
	});

	it('a record keeps the URLs it was written with; the setting applies to records written after it', async () => {
		const before = await createOrder('letter-2-sheet');
		const written = await advanced(before.ID, 3);
		await sandboxControl.fileSettings({ proofs: 'cdn', pages: 'api' });
		const after = await createOrder('letter-2-sheet');
		const later = await advanced(after.ID, 3);
		const history = (await api.get(`/store/${sandbox.storeId}/order/${before.ID}/status`)).data;
		expect(history[2]).toMatchObject({ ProofUrl: `${sandbox.apiUrl}/files/proofs/${before.ID}.pdf`, RenderedPageUrls: written.RenderedPageUrls });
		expect(written.RenderedPageUrls[0].startsWith(sandbox.filesUrl)).toBe(true);
		expect(later.ProofUrl.startsWith(`${sandbox.filesUrl}/proofs/`)).toBe(true);
		expect(later.RenderedPageUrls).toEqual([1, 2].map((n) => `${sandbox.apiUrl}/files/renders/${after.ID}/page-${n}.png`));
		// Both kinds keep working whatever the setting says now.
		for (const url of [history[2].ProofUrl, ...written.RenderedPageUrls, later.ProofUrl, ...later.RenderedPageUrls]) {
			expect([url, (await api.get(url)).status]).toEqual([url, 200]);
		}
	});

	it('pages api: renders on the API host behind its authentication', async () => {
		await sandboxControl.fileSettings({ pages: 'api' });
		const order = await createOrder();
		const [url] = (await advanced(order.ID, 3)).RenderedPageUrls;
		expect(url).toBe(`${sandbox.apiUrl}/files/renders/${order.ID}/page-1.png`);
		expect((await http.get(url)).status).toBe(401);
		const response = await api.get(url, bytes);
		expect([response.status, response.headers['content-type']]).toEqual([200, 'image/png']);
		expect(PNG.sync.read(Buffer.from(response.data)).width).toBe(240);
		expect((await api.get(`/files/renders/${order.ID}/page-2.png`)).status).toBe(404);
	});

	it('proofs redirect: the API host authenticates, then answers 302 to the signed link on the file host', async () => {
		await sandboxControl.fileSettings({ proofs: 'redirect' });
		const order = await createOrder();
		const { ProofUrl } = await advanced(order.ID, 2);
		expect(ProofUrl).toBe(`${sandbox.apiUrl}/files/proofs/${order.ID}.pdf`);
		const anonymous = await http.get(ProofUrl);
		expect(anonymous.status).toBe(401);
		expect(anonymous.headers.location).toBeUndefined();
		const redirect = await api.get(ProofUrl, { maxRedirects: 0 });
		expect(redirect.status).toBe(302);
		expect(redirect.headers.location).toMatch(new RegExp(`^${sandbox.filesUrl}/proofs/${order.ID}\\.pdf\\?sig=[\\w-]{20,}$`));
		expect(await sandboxControl.fileRequests()).toEqual([]);
		const followed = await http.get(redirect.headers.location, bytes);
		expect([followed.status, followed.headers['content-type']]).toEqual([200, 'application/pdf']);
		expect((await sandboxControl.fileRequests()).map((r) => [r.path, r.status, r.headers])).toEqual([[`/proofs/${order.ID}.pdf`, 200, {}]]);
		// Unknown orders are refused on the API host: there is nothing to sign.
		expect((await api.get('/files/proofs/ord_nope.pdf', { maxRedirects: 0 })).status).toBe(404);
	});

	it('missing: files of the orders named (by ID or OrderNumber) answer 404 on both hosts; others are served', async () => {
		await sandboxControl.fileSettings({ proofs: 'cdn' });
		const [gone, byNumber, kept] = [await createOrder(), await createOrder(), await createOrder()];
		const records = [await advanced(gone.ID, 3), await advanced(byNumber.ID, 3), await advanced(kept.ID, 3)];
		const settings = await sandboxControl.fileSettings({ missing: [gone.ID, byNumber.OrderNumber] });
		expect(settings).toEqual({ ...DEFAULTS, proofs: 'cdn', missing: [gone.ID, byNumber.OrderNumber], filesUrl: sandbox.filesUrl });
		for (const [i, order] of [gone, byNumber].entries()) {
			for (const url of [records[i].ProofUrl, records[i].RenderedPageUrls[0], `${sandbox.apiUrl}/files/proofs/${order.ID}.pdf`]) {
				const response = await api.get(url);
				expect([url, response.status]).toEqual([url, 404]);
				expect(messages(response.data)[0]).toMatch(new RegExp(`of order '${order.ID}' is gone$`));
			}
		}
		for (const url of [records[2].ProofUrl, records[2].RenderedPageUrls[0]]) expect((await http.get(url)).status).toBe(200);
		await sandboxControl.fileSettings({ missing: [] });
		expect((await http.get(records[0].ProofUrl)).status).toBe(200);
	});

	it('chunked: both hosts send each file in chunks without a Content-Length, the same bytes', async () => {
		const order = await createOrder('letter-2-sheet');
		const record = await advanced(order.ID, 3);
		const whole = [await api.get(record.ProofUrl, bytes), await http.get(record.RenderedPageUrls[1], bytes)];
		expect(whole.map((response) => response.headers['content-length'])).toEqual([String(whole[0].data.length), String(whole[1].data.length)]);
		const settings = await sandboxControl.fileSettings({ chunked: true });
		expect(settings.chunked).toBe(true);
		const chunked = [await api.get(record.ProofUrl, bytes), await http.get(record.RenderedPageUrls[1], bytes)];
		for (const [index, response] of chunked.entries()) {
			expect(response.status).toBe(200);
			expect(response.headers['content-length']).toBeUndefined();
			expect(response.headers['transfer-encoding']).toBe('chunked');
			expect(response.headers['content-type']).toBe(whole[index].headers['content-type']);
			expect(Buffer.from(response.data).equals(Buffer.from(whole[index].data))).toBe(true);
		}
	});

	it('delayMs: proofs and pages each answered that much later (found or not), the other kind at once', async () => {
		const order = await createOrder();
		const record = await advanced(order.ID, 3);
		const settings = await sandboxControl.fileSettings({ delayMs: { proofs: 400 } });
		expect(settings.delayMs).toEqual({ proofs: 400, pages: 0 });
		const timed = async (url: string) => {
			const started = Date.now();
			expect((await api.get(url, bytes)).status).toBe(200);
			return Date.now() - started;
		};
		expect(await timed(record.ProofUrl)).toBeGreaterThanOrEqual(400);
		// A file that is gone is refused as late.
		await sandboxControl.fileSettings({ missing: [order.ID] });
		const started = Date.now();
		expect((await api.get(record.ProofUrl)).status).toBe(404);
		expect(Date.now() - started).toBeGreaterThanOrEqual(400);
		await sandboxControl.fileSettings({ missing: [], delayMs: { pages: 300 } });
		expect(await timed(record.RenderedPageUrls[0])).toBeGreaterThanOrEqual(300);
		expect((await sandboxControl.fileSettings()).delayMs).toEqual({ proofs: 0, pages: 300 });
	});
});

describe('the settings', () => {
	it('are validated: unknown fields and bad values are refused and change nothing', async () => {
		expect(await sandboxControl.fileSettings()).toEqual({ ...DEFAULTS, filesUrl: sandbox.filesUrl });
		const refusals: Array<[unknown, RegExp]> = [
			[{ proofs: 'ftp' }, /^proofs must be one of api, cdn, redirect$/],
			[{ pages: 'redirect' }, /^pages must be one of cdn, api$/],
			[{ missing: 'ord_1' }, /^missing must be an array$/],
			[{ missing: [''] }, /^missing\[0\] must not be empty$/],
			[{ missing: [1] }, /^missing\[0\] must be a string$/],
			[{ proofs: 'cdn', where: 'else' }, /^where is not a field of the request$/],
			[{ chunked: 'yes' }, /^chunked must be a boolean$/],
			[{ delayMs: { proofs: -1 } }, /^delayMs\.proofs must be >= 0$/],
			[{ delayMs: { files: 10 } }, /^delayMs\.files is not a field of delayMs$/],
			[[], /^Request body must be a JSON object$/],
		];
		for (const [body, message] of refusals) {
			const response = await control.put('/files', body);
			expect([JSON.stringify(body), response.status]).toEqual([JSON.stringify(body), 400]);
			expect(messages(response.data)).toEqual([expect.stringMatching(message)]);
		}
		expect((await control.get('/files')).data).toEqual({ ...DEFAULTS, filesUrl: sandbox.filesUrl });
		expect((await control.put('/files', {})).data).toEqual({ ...DEFAULTS, filesUrl: sandbox.filesUrl });
		expect((await control.get('/')).data.endpoints).toEqual(expect.arrayContaining(['GET|PUT|DELETE /_sandbox/files {proofs?, pages?, missing?, chunked?, delayMs?}', 'GET|DELETE /_sandbox/files/requests']));
	});

	it('DELETE restores the defaults; reset restores them and clears the file host\'s requests', async () => {
		await sandboxControl.fileSettings({ proofs: 'redirect', pages: 'api', missing: ['PS-1'] });
		expect((await control.delete('/files')).data).toEqual({ ...DEFAULTS, filesUrl: sandbox.filesUrl });
		await sandboxControl.fileSettings({ proofs: 'redirect', pages: 'api', missing: ['PS-1'] });
		await http.get(`${sandbox.filesUrl}/anything`);
		expect(await sandboxControl.fileRequests()).toHaveLength(1);
		await sandboxControl.reset();
		expect(await sandboxControl.fileSettings()).toEqual({ ...DEFAULTS, filesUrl: sandbox.filesUrl });
		expect(await sandboxControl.fileRequests()).toEqual([]);
		const order = await createOrder();
		expect((await advanced(order.ID, 3)).RenderedPageUrls[0].startsWith(sandbox.filesUrl)).toBe(true);
	});
});
