/**
 * Benchmark 8 (`--only files`): Order > Get Status History with Download Proof and Pages, which puts
 * the ProofUrl and RenderedPageUrls files of each order into its output item (binary `proof`,
 * `page_1`, ...), against what a user builds for it today: the same node without the download, Edit
 * Fields making the list of URLs, Split Out, and n8n's HTTP Request node downloading each URL as a
 * file, with the token and key in headers only for the API's own host. All in the same n8n, on the
 * same printed orders, in turn; each must output every file, or the benchmark fails.
 */
import { randomUUID } from 'node:crypto';

import type { Execution, WorkflowJson } from '../scripts/n8n/client';
import type { Log } from '../scripts/n8n/log';
import type { SandboxControl, SandboxFileRequest } from '../scripts/n8n/sandbox-control';
import { PRINT_STORE_TYPE } from '../scripts/n8n/workflows';
import { executionSeconds, manualWorkflow, nodeSeconds, runManualWorkflow, type BenchN8n, type NodeSpec } from './lib/n8n';
import { countRequests, sameOrSpread, summaryOf } from './lib/order-store';
import type { Section } from './lib/report';
import { fixed, markdownTable, mib, ratio, spread } from './lib/stats';
import { crmRecord, orderItemFor } from './lib/workload';

type ContenderKey = 'printStore' | 'httpRequest';
const LABELS: Record<ContenderKey, string> = {
	printStore: 'Print Store: Get Status History with Download Proof and Pages',
	httpRequest: "Print Store: Get Status History, then Edit Fields, Split Out and n8n's HTTP Request node (the peer: token and key in headers on the API host)",
};

/** Printed (StatusID 3): the status record names the proof and the rendered pages. */
const PRINTED = 3;
/** Every fourth order is a two-sheet letter (two rendered pages), the rest are 4x6 postcards (one). */
const LETTER_EVERY = 4;
const ORDER_IDS = 'Order IDs';

export interface FilesRun {
	/** n8n's own: the execution's startedAt to stoppedAt. */
	executionSeconds: number;
	/** The nodes after the Code node, as n8n timed them (for the peer: all four added up). */
	nodeSeconds: number;
	/** From the manual-run request until n8n reported the execution finished. */
	wallSeconds: number;
	itemsOut: number;
	/** Binary properties on the output items: proofs and pages. */
	filesOut: number;
	/** Status history reads (GET /store/{id}/order/{id}/status). */
	statusReads: number;
	/** File reads on the API host (the proofs, with the token and key). */
	apiFileReads: number;
	/** File reads on the file host (the pages, public). */
	fileHostReads: number;
	/** Anything else in the API's request log (a token request, another read). */
	otherRequests: number;
	/** File-host requests that carried a token the sandbox issued, or the subscription key (should be 0). */
	credentialsToFileHost: number;
	rssPeak: number;
}

export interface FilesContender {
	key: ContenderKey;
	workflowId: string;
	/** The nodes whose times add up to the node time; the last one outputs the files. */
	nodes: string[];
	runs: FilesRun[];
}

export interface FilesRuns {
	orders: number;
	/** Latency the sandbox adds to every request to the API's host (history reads and proofs), as a remote service has. */
	latencyMs: number;
	/** Rendered pages over all orders (the proofs are one per order). */
	pages: number;
	runs: number;
	contenders: FilesContender[];
}

/** The sandbox reset, `count` orders created through the API and each advanced to Printed; their IDs and page count. */
async function printedOrders(bench: BenchN8n, sandbox: SandboxControl, count: number): Promise<{ ids: string[]; pages: number }> {
	const { storeId } = bench.stack.sandbox;
	await sandbox.reset();
	const items = Array.from({ length: count }, (_, index) => {
		const item = orderItemFor(crmRecord(index));
		return index % LETTER_EVERY === LETTER_EVERY - 1 ? { ...item, Product: { ...item.Product, ID: 'letter-2-sheet' } } : item;
	});
	const created = await sandbox.api<Array<{ ID: string }>>('POST', `/store/${storeId}/order`, { Items: items });
	if (created.status >= 300 || !Array.isArray(created.body) || created.body.length !== count) {
		throw new Error(`creating ${count} orders answered ${created.status}: ${JSON.stringify(created.body).slice(0, 500)}`);
	}
	const ids = created.body.map((order) => order.ID);
	for (const id of ids) await sandbox.advance(id, { toStatusId: PRINTED });
	const pages = items.reduce((total, item) => total + (item.Product.ID === 'letter-2-sheet' ? 2 : 1), 0);
	// Checked at the source: every latest record names a proof on the API host and its pages on the file host.
	const { baseUrl } = bench.stack.sandbox;
	const { filesUrl } = await sandbox.fileSettings();
	let named = 0;
	for (const id of ids) {
		const history = await sandbox.api<Array<{ StatusID: number; ProofUrl: string | null; RenderedPageUrls: string[] }>>('GET', `/store/${storeId}/order/${id}/status?latest=true`);
		const latest = Array.isArray(history.body) ? history.body.at(-1) : undefined;
		if (latest?.StatusID !== PRINTED || !latest.ProofUrl?.startsWith(`${baseUrl}/`) || !latest.RenderedPageUrls.every((url) => url.startsWith(`${filesUrl}/`))) {
			throw new Error(`order ${id} is not printed with its proof on the API host and its pages on the file host: ${JSON.stringify(history.body).slice(0, 500)}`);
		}
		named += latest.RenderedPageUrls.length;
	}
	if (named !== pages) throw new Error(`the printed orders name ${named} pages, expected ${pages}`);
	return { ids, pages };
}

/** The input items: one `{ id }` per order, from a Code node right after the Manual Trigger. */
function orderIdsNode(ids: string[]): NodeSpec {
	return { name: ORDER_IDS, type: 'n8n-nodes-base.code', typeVersion: 2, parameters: { jsCode: `return ${JSON.stringify(ids)}.map((id) => ({ json: { id } }));` } };
}

function statusHistoryNode(bench: BenchN8n, downloadFiles: 'none' | 'both'): NodeSpec {
	return {
		name: 'Print Store',
		type: PRINT_STORE_TYPE,
		typeVersion: 5,
		parameters: {
			resource: 'order',
			operation: 'getStatusHistory',
			storeId: bench.stack.sandbox.storeId,
			orderId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
			statusOptions: { latestOnly: true },
			downloadFiles,
		},
		credentials: { printStoreOAuth2Api: bench.stack.credential },
	};
}

function printStoreFiles(bench: BenchN8n, ids: string[]): WorkflowJson {
	return manualWorkflow('bench: Get Status History with Download Proof and Pages', [orderIdsNode(ids), statusHistoryNode(bench, 'both')]);
}

/**
 * The peer: the latest record read without the download, its URLs made a list (Edit Fields), one
 * item per URL (Split Out), each read by the HTTP Request node as a file; the sandbox's access token
 * and the subscription key go in headers only when the URL is on the API's host (empty otherwise).
 */
function httpRequestFiles(bench: BenchN8n, ids: string[]): WorkflowJson {
	const { sandbox } = bench.stack;
	const onApiHost = `$json.files.startsWith(${JSON.stringify(`${sandbox.baseUrl}/`)})`;
	const onlyThere = (value: string) => `={{ ${onApiHost} ? ${JSON.stringify(value)} : '' }}`;
	return manualWorkflow("bench: Get Status History, Edit Fields, Split Out, HTTP Request node's file download", [
		orderIdsNode(ids),
		statusHistoryNode(bench, 'none'),
		{
			name: 'Edit Fields',
			type: 'n8n-nodes-base.set',
			typeVersion: 3.4,
			parameters: {
				mode: 'manual',
				assignments: { assignments: [{ id: randomUUID(), name: 'files', value: '={{ [$json.ProofUrl, ...$json.RenderedPageUrls] }}', type: 'array' }] },
				options: {},
			},
		},
		{ name: 'Split Out', type: 'n8n-nodes-base.splitOut', typeVersion: 1, parameters: { fieldToSplitOut: 'files', include: 'noOtherFields', options: {} } },
		{
			name: 'HTTP Request',
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			parameters: {
				method: 'GET',
				url: '={{ $json.files }}',
				sendHeaders: true,
				headerParameters: {
					parameters: [
						{ name: 'Authorization', value: onlyThere(`Bearer ${sandbox.tokens.accessToken}`) },
						{ name: 'Ocp-Apim-Subscription-Key', value: onlyThere(sandbox.subscriptionKey) },
					],
				},
				options: { response: { response: { responseFormat: 'file' } } },
			},
		},
	]);
}

type OutputItem = { json: Record<string, unknown>; binary?: Record<string, { mimeType?: string }> };

function outputOf(execution: Execution, node: string): OutputItem[] {
	return (execution.data?.resultData.runData[node]?.[0]?.data?.main?.[0] ?? []) as OutputItem[];
}

/**
 * What the last node output, checked: the Print Store node one item per order with its `proof` and
 * at least one page; the peer one item per file with its `data`. Either way every proof (PDF) and
 * every page (PNG) of the orders. Returns the items and files out, or throws saying what is missing.
 */
function checkedOutput(contender: FilesContender, execution: Execution, orders: number, pages: number): { itemsOut: number; filesOut: number } {
	const items = outputOf(execution, contender.nodes[contender.nodes.length - 1]);
	const files = items.flatMap((item) => Object.entries(item.binary ?? {}));
	const pdfs = files.filter(([, file]) => file.mimeType === 'application/pdf').length;
	const pngs = files.filter(([, file]) => file.mimeType === 'image/png').length;
	const problems: string[] = [];
	if (execution.status !== 'success') problems.push(`execution ${execution.status}${execution.data?.resultData.error ? `: ${execution.data.resultData.error.message}` : ''}`);
	if (contender.key === 'printStore') {
		if (items.length !== orders) problems.push(`${items.length} of ${orders} items`);
		const incomplete = items.filter((item) => !item.binary?.proof || !Object.keys(item.binary).some((name) => /^page_\d+$/.test(name))).length;
		if (incomplete > 0) problems.push(`${incomplete} items without a proof or a page`);
	} else {
		if (items.length !== orders + pages) problems.push(`${items.length} of ${orders + pages} items`);
		const without = items.filter((item) => !item.binary?.data).length;
		if (without > 0) problems.push(`${without} items without binary data`);
	}
	if (pdfs !== orders || pngs !== pages) problems.push(`${pdfs} of ${orders} proofs (PDF) and ${pngs} of ${pages} pages (PNG)`);
	if (problems.length > 0) throw new Error(`${LABELS[contender.key]}: ${problems.join('; ')}`);
	return { itemsOut: items.length, filesOut: files.length };
}

/** A file-host request that carried the API's credential: a token the sandbox issued, or the right subscription key. */
const carriesCredential = (request: SandboxFileRequest) =>
	request.headers.authorization === 'Bearer [issued token]' || request.headers['ocp-apim-subscription-key'] === '[valid key]';

/** Runs the workflow from its Manual Trigger as the editor does: n8n's times, the requests the sandbox received, the files output. */
async function runFiles(bench: BenchN8n, sandbox: SandboxControl, contender: FilesContender, orders: number, pages: number): Promise<FilesRun> {
	await sandbox.clearRequests();
	await sandbox.clearFileRequests();
	return await runManualWorkflow(bench, contender.workflowId, async ({ execution, wallSeconds, rssPeak }) => {
		const { itemsOut, filesOut } = checkedOutput(contender, execution, orders, pages);
		const requests = await sandbox.requests();
		const fileHost = await sandbox.fileRequests();
		const counts = countRequests(requests, bench.stack.sandbox.storeId);
		const apiFileReads = requests.filter((request) => request.method === 'GET' && request.path.startsWith('/api/v1/files/')).length;
		return {
			executionSeconds: executionSeconds(execution),
			nodeSeconds: nodeSeconds(execution, contender.nodes),
			wallSeconds,
			itemsOut,
			filesOut,
			statusReads: counts.histories,
			apiFileReads,
			fileHostReads: fileHost.length,
			otherRequests: counts.total - counts.histories - apiFileReads,
			credentialsToFileHost: fileHost.filter(carriesCredential).length,
			rssPeak,
		};
	});
}

const totalRequests = (run: FilesRun) => run.statusReads + run.apiFileReads + run.fileHostReads + run.otherRequests;

export async function measureFiles(bench: BenchN8n, sandbox: SandboxControl, options: { orders: number; runs: number; latencyMs: number }, log: Log): Promise<FilesRuns> {
	const { client } = bench.stack;
	const { orders, runs, latencyMs } = options;
	const { ids, pages } = await log.step(`Creating ${orders} orders and advancing them to Printed`, () => printedOrders(bench, sandbox, orders));
	if (latencyMs > 0) await sandbox.faults({ latencyMs });
	const contenders: FilesContender[] = [
		{ key: 'printStore', workflowId: (await client.createWorkflow(printStoreFiles(bench, ids))).id, nodes: ['Print Store'], runs: [] },
		{ key: 'httpRequest', workflowId: (await client.createWorkflow(httpRequestFiles(bench, ids))).id, nodes: ['Print Store', 'Edit Fields', 'Split Out', 'HTTP Request'], runs: [] },
	];
	for (let round = 1; round <= runs; round++) {
		// Each round starts with another, so none always meets a warmer or a busier n8n.
		const shift = (round - 1) % contenders.length;
		const order = [...contenders.slice(shift), ...contenders.slice(0, shift)];
		await log.step(`Proof and pages of ${orders} orders${latencyMs > 0 ? ` (API ${latencyMs} ms away)` : ''}, round ${round} of ${runs}`, async () => {
			for (const contender of order) {
				const run = await runFiles(bench, sandbox, contender, orders, pages);
				contender.runs.push(run);
				log.info(`  ${contender.key}: ${fixed(run.executionSeconds, 2)} s, ${run.filesOut} files, ${totalRequests(run)} requests`);
			}
		});
	}
	if (latencyMs > 0) await sandbox.clearFaults();
	return { orders, latencyMs, pages, runs, contenders };
}

export function filesSection(measured: FilesRuns): Section {
	const { contenders, orders, pages, latencyMs } = measured;
	const rows = contenders.map((contender) => [
		LABELS[contender.key],
		spread(summaryOf(contender.runs, (run) => run.executionSeconds), 2),
		spread(summaryOf(contender.runs, (run) => run.nodeSeconds), 2),
		spread(summaryOf(contender.runs, (run) => run.wallSeconds), 2),
		sameOrSpread(summaryOf(contender.runs, (run) => run.itemsOut)),
		sameOrSpread(summaryOf(contender.runs, (run) => run.filesOut)),
		sameOrSpread(summaryOf(contender.runs, (run) => run.statusReads)),
		sameOrSpread(summaryOf(contender.runs, (run) => run.apiFileReads)),
		sameOrSpread(summaryOf(contender.runs, (run) => run.fileHostReads)),
		sameOrSpread(summaryOf(contender.runs, (run) => run.otherRequests)),
		spread(summaryOf(contender.runs, (run) => mib(run.rssPeak)), 0),
	]);
	const [printStore, httpRequest] = (['printStore', 'httpRequest'] as const).map((key) => contenders.find((contender) => contender.key === key)!);
	const over = (value: (run: FilesRun) => number) => ratio(summaryOf(printStore.runs, value).median / summaryOf(httpRequest.runs, value).median, 2);
	const ratios = markdownTable(
		['Ratio (medians of this run): Print Store with the download / the peer', 'Value'],
		[
			['Execution time', over((run) => run.executionSeconds)],
			['Node time (Print Store / all four nodes of the peer)', over((run) => run.nodeSeconds)],
			['Wall time of the manual run', over((run) => run.wallSeconds)],
			['Files output', over((run) => run.filesOut)],
			['Requests the sandbox received (API and file host)', over(totalRequests)],
			['n8n peak RSS', over((run) => run.rssPeak)],
		],
	);
	const leaks = contenders.filter((contender) => contender.runs.some((run) => run.credentialsToFileHost > 0));
	const count = orders.toLocaleString('en-US');
	return {
		id: latencyMs > 0 ? 'files-latency' : 'files',
		title:
			latencyMs > 0
				? `8b. The same with the API ${latencyMs} ms away, as a remote service is (${measured.runs} runs)`
				: `8. Proof and pages of ${count} printed orders, downloaded into the workflow (${measured.runs} runs)`,
		body: [
			markdownTable(
				[
					'Contender',
					'Execution, s: median (min–max)',
					'Node time, s',
					'Wall time of the manual run, s',
					'Items output',
					'Files output',
					'Status reads',
					'File reads, API host',
					'File reads, file host',
					'Other requests',
					'n8n peak RSS, MiB',
				],
				rows,
			),
			'',
			ratios,
			'',
			...(latencyMs > 0
				? [`The sandbox waits ${latencyMs} ms before answering each request to the API's host (the status reads and the proofs; the file host answers at once); everything else as in section 8.`]
				: []),
			`${count} orders created through the API (every fourth a two-sheet letter with two rendered pages, the rest 4x6 postcards with one: ${orders + pages} files in all),`,
			"each advanced to Printed (StatusID 3), whose status record names a proof on the API's own host (`/api/v1/files/proofs/<id>.pdf`, behind the token and",
			'the subscription key) and its rendered pages on the sandbox\'s second, public file host. Each workflow runs from its Manual Trigger, a Code node',
			`outputting one item \`{ id }\` per order, in turn, each round starting with another. The Print Store node (version 5): Order > Get Status History,`,
			'Latest Record Only, Download Proof and Pages: Proof and Pages (binary `proof`, `page_1`, ...; 4 downloads at a time over all items; the',
			"credential only on the API's host). The peer: the same node without the download, Edit Fields making `files` = `{{ [$json.ProofUrl,",
			'...$json.RenderedPageUrls] }}`, Split Out on `files`, and the HTTP Request node (version 4.2, GET `{{ $json.files }}`, Response Format: File)',
			"with the sandbox's access token and subscription key in headers whose expressions give them only for URLs on the API's host (empty",
			`otherwise). "Node time" adds up the nodes after the Code node as n8n timed them. Each must output every proof (PDF) and page (PNG): the`,
			`Print Store node ${count} items each with its proof and pages, the peer one item per file; otherwise the benchmark fails. Requests are counted`,
			"in the sandbox's request log and the file host's, both cleared before each run. " +
				(leaks.length === 0
					? 'Neither sent a token or the subscription key to the file host.'
					: `**${leaks.map((contender) => LABELS[contender.key]).join(' and ')} sent the token or the subscription key to the file host.**`),
		].join('\n'),
		targets: [],
		data: measured,
	};
}
