/**
 * Benchmark 7 (with the catch-up, `--only catchup`): Order > Get Many with Return All over a whole
 * store against n8n's HTTP Request node with its own pagination ("Update a Parameter in Each
 * Request": pageNumber = $pageCount + 1, complete when HasNextPage is false) followed by Split Out
 * of each page's Items to output the orders (token and key in headers), and the same node with n8n's
 * OAuth2 credential, for what reading a credential for each request costs. All in the same n8n, on
 * the same store, in turn; each must output every order of the store, or the benchmark fails.
 */
import type { WorkflowJson } from '../scripts/n8n/client';
import type { Log } from '../scripts/n8n/log';
import type { SandboxControl } from '../scripts/n8n/sandbox-control';
import { PRINT_STORE_TYPE } from '../scripts/n8n/workflows';
import { executionSeconds, manualWorkflow, nodeSeconds, runManualWorkflow, type BenchN8n } from './lib/n8n';
import { countRequests, describeStore, fillStore, sameOrSpread, summaryOf } from './lib/order-store';
import type { Section } from './lib/report';
import { fixed, markdownTable, mib, ratio, spread } from './lib/stats';

export type ContenderKey = 'printStore' | 'httpRequest' | 'httpRequestOAuth2';
const LABELS: Record<ContenderKey, string> = {
	printStore: 'Print Store: Order > Get Many, Return All',
	httpRequest: "n8n's HTTP Request node with its pagination, then Split Out (the peer: token and key in headers)",
	httpRequestOAuth2: "The same HTTP Request node with n8n's OAuth2 credential instead of the token header (for the credential's cost)",
};

export interface ListRun {
	/** n8n's own: the execution's startedAt to stoppedAt. */
	executionSeconds: number;
	/** The nodes that read and output the orders, as n8n timed them (HTTP Request and Split Out together). */
	nodeSeconds: number;
	/** From the manual-run request until n8n reported the execution finished. */
	wallSeconds: number;
	listPages: number;
	otherRequests: number;
	ordersOut: number;
	rssPeak: number;
}

export interface ListContender {
	key: ContenderKey;
	workflowId: string;
	/** The nodes whose times add up to the node time; the last one outputs the orders. */
	nodes: string[];
	runs: ListRun[];
}

export interface GetManyRuns {
	orders: number;
	runs: number;
	contenders: ListContender[];
}

function printStoreGetMany(bench: BenchN8n): WorkflowJson {
	return manualWorkflow('bench: Order > Get Many, Return All', [
		{
			name: 'Print Store',
			type: PRINT_STORE_TYPE,
			typeVersion: 5,
			parameters: { resource: 'order', operation: 'getAll', storeId: bench.stack.sandbox.storeId, returnAll: true },
			credentials: { printStoreOAuth2Api: bench.stack.credential },
		},
	]);
}

/**
 * The HTTP Request node as a user pages the list with it: the sandbox's access token and the
 * subscription key in headers, or (`oauth2`) n8n's generic OAuth2 credential, connected to the
 * sandbox as the same user, with the key in a header.
 */
function httpRequestGetMany(bench: BenchN8n, oauth2 = false): WorkflowJson {
	const { sandbox } = bench.stack;
	const headers = [{ name: 'Ocp-Apim-Subscription-Key', value: sandbox.subscriptionKey }];
	if (!oauth2) headers.push({ name: 'Authorization', value: `Bearer ${sandbox.tokens.accessToken}` });
	return manualWorkflow(`bench: HTTP Request node's pagination over the order list${oauth2 ? ' (OAuth2 credential)' : ''}`, [
		{
			name: 'HTTP Request',
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			parameters: {
				method: 'GET',
				url: `${sandbox.apiUrl}/store/${sandbox.storeId}/order`,
				sendQuery: true,
				queryParameters: { parameters: [{ name: 'pageSize', value: '100' }] },
				...(oauth2 ? { authentication: 'genericCredentialType', genericAuthType: 'oAuth2Api' } : {}),
				sendHeaders: true,
				headerParameters: { parameters: headers },
				options: {
					pagination: {
						pagination: {
							paginationMode: 'updateAParameterInEachRequest',
							parameters: { parameters: [{ type: 'qs', name: 'pageNumber', value: '={{ $pageCount + 1 }}' }] },
							paginationCompleteWhen: 'other',
							completeExpression: '={{ $response.body.HasNextPage === false }}',
						},
					},
				},
			},
			...(oauth2 ? { credentials: { oAuth2Api: bench.oauth2 } } : {}),
		},
		{ name: 'Split Out', type: 'n8n-nodes-base.splitOut', typeVersion: 1, parameters: { fieldToSplitOut: 'Items', include: 'noOtherFields', options: {} } },
	]);
}

/** Runs the workflow from its Manual Trigger as the editor does: n8n's times, the requests it sent, the orders it output. */
async function runList(bench: BenchN8n, sandbox: SandboxControl, contender: ListContender, orders: number): Promise<ListRun> {
	await sandbox.clearRequests();
	return await runManualWorkflow(bench, contender.workflowId, async ({ execution, wallSeconds, rssPeak }) => {
		const runData = execution.data?.resultData.runData ?? {};
		const ordersOut = runData[contender.nodes[contender.nodes.length - 1]]?.[0]?.data?.main?.[0]?.length ?? 0;
		if (execution.status !== 'success' || ordersOut !== orders) {
			const error = execution.data?.resultData.error?.message;
			throw new Error(`${LABELS[contender.key]}: execution ${execution.status} with ${ordersOut} of ${orders} orders${error ? `: ${error}` : ''}`);
		}
		const counts = countRequests(await sandbox.requests(), bench.stack.sandbox.storeId);
		return {
			executionSeconds: executionSeconds(execution),
			nodeSeconds: nodeSeconds(execution, contender.nodes),
			wallSeconds,
			listPages: counts.listPages,
			otherRequests: counts.total - counts.listPages,
			ordersOut,
			rssPeak,
		};
	});
}

export interface GetManyOptions {
	orders: number;
	runs: number;
	/** Added by the sandbox to every API request (its latencyMs fault): 50 plays an API 50 ms away. */
	latencyMs?: number;
	/** The contenders measured (default: all three). */
	keys?: ContenderKey[];
}

export async function measureGetMany(bench: BenchN8n, sandbox: SandboxControl, options: GetManyOptions, log: Log): Promise<GetManyRuns> {
	return (await measureGetManyIn([{ bench, sandbox }], options, log))[0];
}

/**
 * The same in several n8n processes at once (each with its own sandbox and store; e.g. this package
 * and another version of it), their runs interleaved, so that each meets the machine as busy as the
 * others: one GetManyRuns per place.
 */
export async function measureGetManyIn(places: Array<{ bench: BenchN8n; sandbox: SandboxControl }>, options: GetManyOptions, log: Log): Promise<GetManyRuns[]> {
	const { orders, runs, latencyMs = 0, keys = ['printStore', 'httpRequest', 'httpRequestOAuth2'] } = options;
	const all: Array<{ place: (typeof places)[number]; contender: ListContender }> = [];
	const measured: GetManyRuns[] = [];
	for (const place of places) {
		const { bench, sandbox } = place;
		await fillStore(bench, sandbox, orders);
		if (latencyMs > 0) await sandbox.faults({ latencyMs });
		const workflows: Record<ContenderKey, () => WorkflowJson> = {
			printStore: () => printStoreGetMany(bench),
			httpRequest: () => httpRequestGetMany(bench),
			httpRequestOAuth2: () => httpRequestGetMany(bench, true),
		};
		const contenders: ListContender[] = [];
		for (const key of keys) {
			const workflowId = (await bench.stack.client.createWorkflow(workflows[key]())).id;
			contenders.push({ key, workflowId, nodes: key === 'printStore' ? ['Print Store'] : ['HTTP Request', 'Split Out'], runs: [] });
		}
		all.push(...contenders.map((contender) => ({ place, contender })));
		measured.push({ orders, runs, contenders });
	}
	for (let round = 1; round <= runs; round++) {
		// Each round starts with another, so none always meets a warmer or a busier n8n.
		const shift = (round - 1) % all.length;
		const order = [...all.slice(shift), ...all.slice(0, shift)];
		await log.step(`Get Many over ${orders} orders${latencyMs > 0 ? `, the API ${latencyMs} ms away` : ''}, round ${round} of ${runs}`, async () => {
			for (const { place, contender } of order) {
				const run = await runList(place.bench, place.sandbox, contender, orders);
				contender.runs.push(run);
				const where = places.length > 1 ? ` (n8n ${places.indexOf(place) + 1})` : '';
				log.info(`  ${contender.key}${where}: ${fixed(run.executionSeconds, 2)} s, ${run.listPages} list pages, ${run.ordersOut} orders`);
			}
		});
	}
	return measured;
}

/** The HTTP Request node's reading of the whole store: the peer the catch-up's cost is set against. */
export function fullRead(getMany: GetManyRuns): { orders: number; requests: number; seconds: number } {
	const http = getMany.contenders.find((contender) => contender.key === 'httpRequest')!;
	return {
		orders: getMany.orders,
		requests: summaryOf(http.runs, (run) => run.listPages + run.otherRequests).median,
		seconds: summaryOf(http.runs, (run) => run.executionSeconds).median,
	};
}

export function getManySection(getMany: GetManyRuns): Section {
	const { contenders } = getMany;
	const rows = contenders.map((contender) => [
		LABELS[contender.key],
		spread(summaryOf(contender.runs, (run) => run.executionSeconds), 2),
		spread(summaryOf(contender.runs, (run) => run.nodeSeconds), 2),
		spread(summaryOf(contender.runs, (run) => run.wallSeconds), 2),
		sameOrSpread(summaryOf(contender.runs, (run) => run.listPages)),
		sameOrSpread(summaryOf(contender.runs, (run) => run.otherRequests)),
		sameOrSpread(summaryOf(contender.runs, (run) => run.ordersOut)),
		spread(summaryOf(contender.runs, (run) => mib(run.rssPeak)), 0),
	]);
	const [printStore, httpRequest, httpRequestOAuth2] = (['printStore', 'httpRequest', 'httpRequestOAuth2'] as const).map((key) => contenders.find((contender) => contender.key === key)!);
	const over = (a: ListContender, b: ListContender, value: (run: ListRun) => number) => summaryOf(a.runs, value).median / summaryOf(b.runs, value).median;
	const ratios = markdownTable(
		['Ratio (medians of this run)', 'Value'],
		[
			['Execution time: Print Store / HTTP Request', ratio(over(printStore, httpRequest, (run) => run.executionSeconds), 2)],
			['Node time: Print Store / (HTTP Request + Split Out)', ratio(over(printStore, httpRequest, (run) => run.nodeSeconds), 2)],
			['Requests: Print Store / HTTP Request', ratio(over(printStore, httpRequest, (run) => run.listPages + run.otherRequests), 2)],
			['Execution time: Print Store / HTTP Request with the OAuth2 credential', ratio(over(printStore, httpRequestOAuth2, (run) => run.executionSeconds), 2)],
			['Execution time: HTTP Request, OAuth2 credential / token header', ratio(over(httpRequestOAuth2, httpRequest, (run) => run.executionSeconds), 2)],
		],
	);
	const orders = getMany.orders.toLocaleString('en-US');
	return {
		id: 'catchup-getmany',
		title: `7. Order > Get Many, Return All, over ${orders} orders (${getMany.runs} runs)`,
		body: [
			markdownTable(['Contender', 'Execution, s: median (min–max)', 'Node time, s', 'Wall time of the manual run, s', 'List pages', 'Other requests', 'Orders output', 'n8n peak RSS, MiB'], rows),
			'',
			ratios,
			'',
			`One store of ${orders} ${describeStore()}, read whole by each workflow from its Manual Trigger, in turn, each round starting with another.`,
			"\"Execution\" is n8n's own startedAt to stoppedAt; \"Node time\" the reading nodes' execution times as n8n recorded them (for the HTTP",
			'Request node with the Split Out node that turns the `Items` of its pages into one item per order); "Wall time" from the manual-run request until n8n',
			'reported the execution finished. The HTTP Request node (version 4.2) asks `GET /store/{id}/order?pageSize=100` with pagination "Update a',
			'Parameter in Each Request", `pageNumber` = `{{ $pageCount + 1 }}`, complete when `{{ $response.body.HasNextPage === false }}`, the',
			"subscription key and the sandbox's access token in headers (the peer), or with n8n's generic OAuth2 credential connected to the sandbox as",
			'the same user (for what reading an OAuth2 credential for each request costs: the Print Store node (version 5) uses its own OAuth2',
			`credential). Each must output all ${orders} orders or the benchmark fails. Requests are counted in the sandbox's request log, cleared before each run.`,
		].join('\n'),
		targets: [],
		data: getMany,
	};
}
