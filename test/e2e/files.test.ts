/**
 * Download Proof and Pages in a real n8n: a production execution (a webhook, so that in queue mode
 * it runs on a worker) reads status histories with the files, and the nodes after it read the
 * bytes where n8n's binary data mode keeps them: Extract From File reads the proof's text (a valid
 * PDF; on 2.x only: in the n8n 1.123.81 this project installs, that node does not load, its `ts-ics`
 * lacking `date-fns`), a Code node the PDF's header, end and size and each PNG's signature and size,
 * and the stored items show the binary data mode n8n used. The engine suite
 * (test/node/files.test.ts) holds the rest: the credential's hosts, the size limit, failures.
 */
import { randomUUID } from 'node:crypto';

import type { WorkflowJson } from '../../scripts/n8n/client';
import { nodeItems, nodeOutput } from '../../scripts/n8n/executions';
import { CREDENTIAL_TYPE, PRINT_STORE_TYPE } from '../../scripts/n8n/workflows';
import { describeE2E, e2e } from './helpers/harness';

type Json = Record<string, unknown>;

/** A Code node's view of each item's files, read through n8n's binary data helper. */
const READ_FILES = `
const out = [];
const items = $input.all();
for (let i = 0; i < items.length; i++) {
	const binary = items[i].binary || {};
	const proof = await this.helpers.getBinaryDataBuffer(i, 'proof');
	const pages = [];
	for (const key of Object.keys(binary).filter((name) => name.startsWith('page_')).sort()) {
		const bytes = await this.helpers.getBinaryDataBuffer(i, key);
		pages.push({ key, signature: bytes.subarray(0, 8).toString('hex'), width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), size: bytes.length, mimeType: binary[key].mimeType });
	}
	out.push({ json: { order: items[i].json.OrderID, pdfHeader: proof.subarray(0, 5).toString(), pdfEnd: proof.subarray(-8).toString().includes('%%EOF'), pdfSize: proof.length, pdfMimeType: binary.proof.mimeType, pdfFileName: binary.proof.fileName, pages } });
}
return out;
`;

function workflow(path: string, storeId: string, credential: { id: string; name: string }, extractText: boolean): WorkflowJson {
	const node = (name: string, type: string, typeVersion: number, x: number, parameters: Json, extra: Json = {}) => ({
		id: randomUUID(),
		name,
		type,
		typeVersion,
		position: [x, 0] as [number, number],
		parameters,
		...extra,
	});
	const to = (...names: string[]) => ({ main: [names.map((name) => ({ node: name, type: 'main', index: 0 }))] });
	return {
		name: `e2e: proofs and pages ${path}`,
		nodes: [
			node('Webhook', 'n8n-nodes-base.webhook', 2, 0, { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} }, { webhookId: randomUUID() }),
			node('Orders', 'n8n-nodes-base.code', 2, 220, { jsCode: 'return $json.body.orders.map((id) => ({ json: { id } }));' }),
			node(
				'Status with files',
				PRINT_STORE_TYPE,
				5,
				440,
				{
					resource: 'order',
					operation: 'getStatusHistory',
					storeId: { __rl: true, mode: 'id', value: storeId },
					orderId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
					statusOptions: { latestOnly: true },
					downloadFiles: 'both',
				},
				{ credentials: { [CREDENTIAL_TYPE]: credential } },
			),
			node('Read files', 'n8n-nodes-base.code', 2, 660, { jsCode: READ_FILES }),
			...(extractText ? [node('Proof text', 'n8n-nodes-base.extractFromFile', 1, 660, { operation: 'pdf', binaryPropertyName: 'proof', options: {} })] : []),
		],
		connections: { Webhook: to('Orders'), Orders: to('Status with files'), 'Status with files': to('Read files', ...(extractText ? ['Proof text'] : [])) },
		settings: { executionOrder: 'v1' },
	};
}

async function bytesOf(url: string, headers: Record<string, string> = {}): Promise<Buffer> {
	const answer = await fetch(url, { headers });
	expect(answer.status).toBe(200);
	return Buffer.from(await answer.arrayBuffer());
}

describeE2E('Download Proof and Pages in a real n8n', () => {
	test("a production run's next nodes read the proof (a valid PDF) and the pages (valid PNGs) from n8n's binary data", async () => {
		const { client, state, sandbox } = e2e();
		const storeId = state.sandbox.storeId;
		const created = await sandbox.api<Array<{ ID: string; OrderNumber: string }>>('POST', `/store/${storeId}/order`, {
			Items: [1, 2].map((index) => ({
				Product: { ID: index === 1 ? 'postcard-4x6' : 'letter-2-sheet', Quantity: 10 * index },
				Recipient: { NameFirst: 'Proof', NameLast: `Reader ${index}`, AddressLine1: '1 File Way', City: 'Springfield', Country: 'US' },
				PartnerOrderReference: `files-${randomUUID().slice(0, 8)}`,
			})),
		});
		expect(created.status).toBe(200);
		for (const order of created.body) await sandbox.advance(order.ID, { toStatusId: 3 });

		const path = `print-store-files-${randomUUID()}`;
		const onN8n1 = state.n8n.version.startsWith('1.');
		const saved = await client.createWorkflow(workflow(path, storeId, state.credential, !onN8n1));
		expect((await client.activateWorkflow(saved.id)).active).toBe(true);
		const response = await fetch(client.webhookUrl(path), {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ orders: created.body.map((order) => order.ID) }),
		});
		expect(response.status).toBe(200);
		const [execution] = await client.waitForExecutions(saved.id, 1);
		await client.deactivateWorkflow(saved.id);
		expect({ status: execution.status, error: execution.data?.resultData.error?.message }).toEqual({ status: 'success', error: undefined });

		const histories = nodeOutput(execution, 'Status with files');
		const read = nodeOutput(execution, 'Read files');
		const text = onN8n1 ? [] : nodeOutput(execution, 'Proof text');
		expect(read).toHaveLength(2);
		if (!onN8n1) expect(text).toHaveLength(2);
		// Where n8n kept the files, as its docs advise for each setup (docs/files.md).
		const modes = nodeItems(execution, 'Status with files').map((item) => String(((item as { binary?: Record<string, { id?: string }> }).binary?.proof.id) ?? 'in the execution').split(':')[0]);
		expect(modes).toEqual(Array(2).fill(state.mode === 'queue' ? 'database' : onN8n1 ? 'in the execution' : 'filesystem-v2'));
		const credentialHeaders = { Authorization: `Bearer ${state.sandbox.tokens.accessToken}`, 'Ocp-Apim-Subscription-Key': state.sandbox.subscriptionKey };
		for (const [index, order] of created.body.entries()) {
			const history = histories[index];
			expect(history.OrderID).toBe(order.ID);
			const pdf = await bytesOf(String(history.ProofUrl), credentialHeaders);
			const pageUrls = history.RenderedPageUrls as string[];
			expect(pageUrls.length).toBeGreaterThan(0);
			const pngs = await Promise.all(pageUrls.map((url) => bytesOf(url)));
			expect(read[index]).toEqual({
				order: order.ID,
				pdfHeader: '%PDF-',
				pdfEnd: true,
				pdfSize: pdf.length,
				pdfMimeType: 'application/pdf',
				pdfFileName: `proof-${order.OrderNumber}.pdf`,
				pages: pngs.map((png, page) => ({
					key: `page_${page + 1}`,
					signature: '89504e470d0a1a0a',
					width: png.readUInt32BE(16),
					height: png.readUInt32BE(20),
					size: png.length,
					mimeType: 'image/png',
				})),
			});
			if (!onN8n1) expect(String(text[index].text)).toContain(order.OrderNumber);
		}
	});
});
