/**
 * `npm run demo [-- --once] [-- --advance-every MS]`: the package in a real n8n, end to end.
 *
 * Builds and packs the package, installs the tarball into a fresh n8n user folder, starts the
 * sandbox and n8n on 127.0.0.1, creates the owner account and a credential connected to the
 * sandbox through its OAuth2 login, imports examples/, runs "CRM records → price → create orders"
 * on its sample records, lets the sandbox move the orders to Delivered, reads each order's status
 * history back through the node (the order-lookup example), runs "create orders → wait until
 * delivered → update the CRM records" (one execution that waits in n8n until the sandbox has
 * delivered its orders), then again with the service's callbacks dropped (the node's checks end the
 * wait), stops n8n before new orders move on while the service gives their callbacks up, starts it
 * again and shows the trigger's catch-up bring what it missed, and prints a summary.
 * Without --once it then leaves everything running until Ctrl-C; with --once it stops and exits,
 * non-zero if any step failed.
 *
 * Workflows run inside the running n8n: POST /rest/workflows/:id/run is what the editor's
 * "Execute workflow" button sends, and the results are read with the public API. (`n8n execute
 * --id` also works beside a running n8n on the same SQLite file, but starts a second n8n for
 * every run, about 2.5 s each.)
 */
import { parseArgs } from 'node:util';

import type { Execution, SavedWorkflow, WorkflowJson } from './n8n/client';
import { assertSucceeded, nodeItems, nodeOutput } from './n8n/executions';
import { createLog } from './n8n/log';
import { preferredPort, waitFor } from './n8n/process';
import { SandboxControl, type SandboxOrder } from './n8n/sandbox-control';
import { startStack, type Stack } from './n8n/stack';
import { activatableTriggers, exampleFiles, findNode, loadExample, manualTrigger, withCredential } from './n8n/workflows';
import { startModelServer, type ModelServer } from '../test/helpers/model-server';

const CRM_EXAMPLE = 'crm-records-to-print-orders.json';
const LOOKUP_EXAMPLE = 'order-lookup-by-number.json';
const WAIT_EXAMPLE = 'crm-orders-wait-until-delivered.json';
const DESK_EXAMPLE = 'order-desk-agent.json';
const WEEK_EXAMPLE = 'this-week-orders-and-products.json';
const QUICK_START_EXAMPLE = 'quick-start-deal-to-postcard.json';
const DELIVERED = 5;

interface Imported {
	file: string;
	workflow: SavedWorkflow;
	source: WorkflowJson;
	activated: boolean;
}

const { values: args } = parseArgs({
	options: {
		once: { type: 'boolean', default: false },
		'advance-every': { type: 'string', default: '1500' },
		help: { type: 'boolean', default: false },
	},
	strict: true,
});

if (args.help) {
	process.stdout.write(`Usage: npm run demo [-- --once] [-- --advance-every MS]
  --once               stop everything after the summary; exit code 1 if any step failed
  --advance-every MS   the sandbox moves every open order one status step every MS ms (default 1500)
`);
	process.exit(0);
}

const log = createLog('demo');
const print = (line = '') => process.stdout.write(`${line}\n`);
const failures: string[] = [];
let stack: Stack | undefined;
let model: ModelServer | undefined;

async function attempt<T>(title: string, run: () => Promise<T>): Promise<T | undefined> {
	try {
		return await log.step(title, run);
	} catch (error) {
		failures.push(`${title}: ${(error as Error).message}`);
		log.info(`  ${(error as Error).message}`);
		return undefined;
	}
}

let shuttingDown = false;
async function shutdown(code: number): Promise<void> {
	if (shuttingDown) return;
	shuttingDown = true;
	await model?.close().catch(() => undefined);
	await stack?.close();
	process.exit(code);
}

function money(value: unknown): string {
	return typeof value === 'number' ? value.toFixed(2) : String(value ?? '-');
}

function time(value: unknown): string {
	return typeof value === 'string' && value.length >= 19 ? value.slice(11, 19) : String(value ?? '');
}

function table(rows: string[][]): string[] {
	const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
	return rows.map((row) => `  ${row.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd()}`);
}

async function importExamples(current: Stack): Promise<Imported[]> {
	const imported: Imported[] = [];
	for (const file of exampleFiles()) {
		const source = withCredential(loadExample(file), current.credential);
		const workflow = await current.client.createWorkflow(source);
		let activated = false;
		// Trigger examples (webhook-style triggers) go live at once, so they receive the callbacks; not
		// those with a chat model, which needs an account of the user's own (the order desk's OpenAI).
		const models = source.nodes.filter((node) => node.type.startsWith('@n8n/n8n-nodes-langchain.lmChat') && !node.credentials);
		if (models.length > 0) log.info(`  ${file}: not activated on import: "${models.map((node) => node.name).join('", "')}" has no credential`);
		else if (activatableTriggers(source).length > 0) {
			try {
				await current.client.activateWorkflow(workflow.id);
				activated = true;
			} catch (error) {
				failures.push(`activating examples/${file}: ${(error as Error).message}`);
			}
		}
		imported.push({ file, workflow, source, activated });
		log.info(`  ${file} → ${current.n8n.url}/workflow/${workflow.id}${activated ? ' (active)' : ''}`);
	}
	return imported;
}

function importedExample(imported: Imported[], file: string): Imported {
	const found = imported.find((entry) => entry.file === file);
	if (!found) throw new Error(`examples/${file} was not imported`);
	return found;
}

interface QuickStart {
	order: Record<string, unknown>;
	sentTestOrders: boolean;
	email: Record<string, unknown>;
}

/**
 * The README's quick start: a CRM's "deal closed" call to the example's webhook orders one thank-you
 * postcard in test mode; once the sandbox's clock has moved it to Shipped, the trigger starts the
 * email step, once.
 */
async function runQuickStart(current: Stack, sandbox: SandboxControl, example: Imported, advanceEveryMs: number): Promise<QuickStart> {
	const path = String(findNode(example.source, 'Deal closed').parameters.path);
	const deal = {
		dealId: 'deal-demo-1001',
		contact: { firstName: 'Grace', lastName: 'Hopper', company: 'Cobol Works', street: '1 Navy Yard', city: 'Arlington', state: 'VA', postalCode: '22202', country: 'US', email: 'grace@example.com' },
	};
	const before = (await sandbox.requests()).at(-1)?.seq ?? 0;
	const answer = await fetch(current.client.webhookUrl(path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(deal) });
	if (!answer.ok) throw new Error(`the workflow answered HTTP ${answer.status}: ${await answer.text()}`);
	const order = (await answer.json()) as Record<string, unknown>;
	const creates = (await sandbox.requests()).filter((request) => request.seq > before && request.method === 'POST' && /\/order$/.test(request.path));
	const sentTestOrders = creates.length > 0 && creates.every((request) => (request.body as Record<string, unknown> | undefined)?.TestMode === true);
	if (!sentTestOrders) throw new Error('the quick start sent an order without TestMode');
	const email = await waitFor(
		`the email step for ${String(order.OrderNumber)} (Shipped)`,
		async () => {
			const runs = await current.client.listExecutions(example.workflow.id);
			return runs.flatMap((run) => nodeOutput(run, 'Email the customer'))[0];
		},
		{ timeoutMs: advanceEveryMs * 6 + 60_000, intervalMs: 500 },
	);
	return { order, sentTestOrders, email };
}

async function runExample(current: Stack, example: Imported): Promise<Execution> {
	const trigger = manualTrigger(example.source);
	if (!trigger) throw new Error(`examples/${example.file} has no Manual Trigger`);
	return assertSucceeded(await current.client.runManually(example.workflow.id, trigger.name));
}

const NOTIFY_EXAMPLE = 'notify-when-shipped-or-delivered.json';

/**
 * The notify example listens on its own URL (other systems' orders): the demo sends it one order's
 * Shipped record there, as the provider's details callback would, with the example's secret.
 */
async function sendShipped(current: Stack, sandbox: SandboxControl, notify: Imported, order: Record<string, unknown>): Promise<void> {
	const history = await sandbox.api<Array<Record<string, unknown>>>('GET', `/store/${current.sandbox.storeId}/order/${String(order.ID)}/status`);
	const shipped = history.body.find((record) => record.StatusID === 4);
	if (!shipped) throw new Error(`order ${String(order.OrderNumber)} has no Shipped record yet`);
	const trigger = activatableTriggers(notify.source)[0];
	const url = `${current.client.webhookUrl(`${String(trigger.webhookId)}/details`)}?secret=change-this-secret`;
	const body = { ...shipped, PartnerOrderReference: order.PartnerOrderReference, StoreID: current.sandbox.storeId };
	const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
	if (answer.status !== 200) throw new Error(`the trigger answered ${answer.status}`);
}

/** What a notification carries: its text, and each file attached to it. */
function describeNotification(run: Execution): string[] {
	return nodeItems(run, 'Notification').map((item) => {
		const files = Object.values((item as { binary?: Record<string, { fileName?: string; fileSize?: string; mimeType?: string }> }).binary ?? {});
		const attached = files.map((file) => `${String(file.fileName)} (${String(file.mimeType)}, ${String(file.fileSize)})`).join(', ');
		return `    notification: ${String(item.json.text)}${attached ? `, attached: ${attached}` : ''}`;
	});
}

/** Any event a trigger example received, printed from the fields a status event carries. */
function describeEvent(json: Record<string, unknown>): string {
	const pick = (...keys: string[]) => keys.map((key) => json[key]).find((value) => value !== undefined && value !== null);
	const parts = [pick('OrderNumber', 'orderNumber'), pick('StatusDescription', 'statusDescription', 'event'), time(pick('Timestamp', 'timestamp'))];
	return parts.filter((part) => part !== undefined && part !== '').join('  ');
}

interface CatchUpShown {
	/** Each new order's events, as `status (source)`, in the order the workflow received them. */
	orders: Array<[string, string[]]>;
	givenUp: number;
}

/**
 * Creates orders with the CRM example (its trigger's URLs on them) with the sandbox's clock off, and
 * waits for their Received callbacks; stops n8n; moves the orders to Delivered while n8n is down, the
 * service giving each callback up after two attempts; starts n8n again and waits for the trigger's
 * catch-up to bring every status: Received by callback, the rest by catch-up. A scene in which no
 * event came by catch-up shows nothing: it fails.
 */
async function showCatchUp(current: Stack, sandbox: SandboxControl, crm: Imported, advanceEveryMs: number): Promise<CatchUpShown> {
	await sandbox.setClock(0);
	await sandbox.callbackPolicy({ attempts: 2, baseDelayMs: 200 });
	try {
		const made = nodeOutput(await runExample(current, crm), 'Create orders');
		const ids = made.map((order) => String(order.ID));
		const settled = async (records: number) =>
			(await sandbox.callbacks()).filter((entry) => ids.includes(String(entry.orderId)) && (entry.outcome === 'gave-up' || entry.outcome === 'delivered')).length >= records;
		// Each order's Received record, on both of its callback URLs, before n8n stops.
		await waitFor('the Received callbacks', async () => ((await settled(ids.length * 2)) ? true : undefined), { timeoutMs: 60_000, intervalMs: 250 });
		await current.stopN8n();
		let givenUp = 0;
		try {
			for (let status = 2; status <= DELIVERED; status++) {
				for (const id of ids) await sandbox.advance(id, { toStatusId: status });
			}
			await waitFor(
				'the callbacks of the moves to be given up',
				async () => {
					givenUp = (await sandbox.callbacks()).filter((entry) => ids.includes(String(entry.orderId)) && entry.outcome === 'gave-up').length;
					// Five records an order, each on both of its callback URLs.
					return (await settled(ids.length * 10)) ? true : undefined;
				},
				{ timeoutMs: 120_000, intervalMs: 250 },
			);
		} finally {
			await current.startN8nAgain();
		}
		const events = await waitFor(
			"the trigger's catch-up",
			async () => {
				const runs = (await current.client.listExecutions(crm.workflow.id)).filter((run) => run.mode !== 'manual').reverse();
				const items = runs.flatMap((run) => nodeOutput(run, 'Print Store Trigger')).filter((item) => ids.includes(String(item.OrderID)));
				return items.filter((item) => item.StatusID === DELIVERED).length >= ids.length ? items : undefined;
			},
			{ timeoutMs: 120_000, intervalMs: 500 },
		);
		const caughtUp = events.filter((event) => event.source === 'catchUp').length;
		if (givenUp === 0 || caughtUp === 0) throw new Error(`the scene showed no catch-up: ${givenUp} callbacks given up, ${caughtUp} events by catch-up`);
		const orders = made.map((order): [string, string[]] => [
			String(order.OrderNumber),
			events.filter((event) => event.OrderID === order.ID).map((event) => `${String(event.StatusDescription)} (${String(event.source)})`),
		]);
		return { orders, givenUp };
	} finally {
		await sandbox.resetCallbackPolicy();
		await sandbox.setClock(advanceEveryMs);
	}
}

/**
 * Runs the wait example again with the service's callbacks dropped and its checks every 3 seconds:
 * the execution waits in n8n, the sandbox delivers the orders, and only the node's own checks can
 * end the wait. The example is put back as it was afterwards.
 */
async function showWaitByChecks(current: Stack, sandbox: SandboxControl, example: Imported, advanceEveryMs: number): Promise<Execution> {
	const source = structuredClone(example.source);
	Object.assign(findNode(source, 'Wait until delivered').parameters, { checkEvery: 3, checkEveryUnit: 'seconds' });
	await current.client.updateWorkflow(example.workflow.id, { nodes: source.nodes, connections: source.connections });
	await sandbox.setProfiles(['drop-callbacks']);
	try {
		const execution = await waitForWaitExample(current, { ...example, source }, advanceEveryMs);
		const waited = nodeOutput(execution, 'Wait until delivered');
		if (waited.length === 0 || waited.some((item) => item.outcome !== 'reached' || item.resumedBy !== 'check')) {
			throw new Error(`the wait did not end by its checks: ${waited.map((item) => `${String(item.orderNumber)} ${String(item.outcome)} by ${String(item.resumedBy)}`).join(', ')}`);
		}
		return execution;
	} finally {
		await sandbox.setProfiles([]);
		await current.client.updateWorkflow(example.workflow.id, { nodes: example.source.nodes, connections: example.source.connections });
	}
}

/** Runs the wait example by hand: its execution, once it has waited in n8n and ended. */
async function waitForWaitExample(current: Stack, example: Imported, advanceEveryMs: number): Promise<Execution> {
	const trigger = manualTrigger(example.source);
	if (!trigger) throw new Error(`examples/${example.file} has no Manual Trigger`);
	const executionId = await current.client.startManualRun(example.workflow.id, trigger.name);
	await waitFor(
		`execution ${executionId} to wait for the deliveries`,
		async () => {
			const execution = await current.client.getExecution(executionId);
			if (execution.status === 'success' || execution.status === 'error') return execution;
			return execution.status === 'waiting' ? execution : undefined;
		},
		{ timeoutMs: 120_000, intervalMs: 250 },
	);
	log.info(`  execution ${executionId} is waiting in n8n while the sandbox moves its orders`);
	return assertSucceeded(await current.client.waitForExecution(executionId, advanceEveryMs * 8 + 120_000));
}

async function main() {
	const advanceEveryMs = Number(args['advance-every']);
	if (!Number.isFinite(advanceEveryMs) || advanceEveryMs <= 0) throw new Error('--advance-every needs a positive number of milliseconds');
	const once = args.once === true;

	stack = await startStack({
		log,
		// A person at the keyboard gets the usual ports when they are free.
		port: once ? undefined : await preferredPort(5678),
		sandbox: { advanceEveryMs, port: once ? 0 : await preferredPort(8787) },
	});
	const current = stack;
	const sandbox = new SandboxControl({
		baseUrl: current.sandbox.baseUrl,
		subscriptionKey: current.sandbox.subscriptionKey,
		accessToken: current.sandbox.tokens.accessToken,
	});

	const imported = await attempt('Importing examples/*.json', () => importExamples(current));

	// 0. The README's quick start: a closed deal → a thank-you postcard (test mode) → the email when it ships.
	const quickStart =
		imported &&
		(await attempt('Running the quick start: a closed deal → a thank-you postcard in test mode → the email when it ships', () =>
			runQuickStart(current, sandbox, importedExample(imported, QUICK_START_EXAMPLE), advanceEveryMs),
		));

	// 1. CRM records → price → create.
	const requestsBefore = (await sandbox.requests()).length;
	const crmRun = imported && (await attempt('Running "CRM records → price → create orders in batches"', () => runExample(current, importedExample(imported, CRM_EXAMPLE))));
	const created = crmRun ? nodeOutput(crmRun, 'Create orders') : [];
	const quotes = crmRun ? nodeOutput(crmRun, 'Price each order') : [];
	const records = crmRun ? nodeOutput(crmRun, 'One item per record') : [];
	const requests = (await sandbox.requests()).slice(requestsBefore);
	const priceRequests = requests.filter((r) => r.method === 'POST' && r.path.endsWith('/order/price')).length;
	const createRequests = requests.filter((r) => r.method === 'POST' && r.path.endsWith('/order')).length;
	if (crmRun && created.length < 5) failures.push(`expected at least 5 created orders, got ${created.length}`);

	// 2. The sandbox moves each order along its lifecycle on its clock.
	const orderIds = created.map((order) => String(order.ID));
	let finalOrders: SandboxOrder[] = [];
	if (orderIds.length > 0) {
		await attempt(`Letting the sandbox advance the ${orderIds.length} orders (one step every ${advanceEveryMs} ms) until delivered`, async () => {
			let lastReport = '';
			finalOrders = await waitFor(
				'every created order to be delivered',
				async () => {
					const orders = (await sandbox.orders()).filter((order) => orderIds.includes(order.ID));
					const report = orders.map((order) => order.StatusDescription).join(', ');
					if (report !== lastReport) log.info(`  statuses: ${report}`);
					lastReport = report;
					return orders.length === orderIds.length && orders.every((order) => order.Completed) ? orders : undefined;
				},
				{ timeoutMs: advanceEveryMs * 8 + 60_000, intervalMs: 250 },
			);
			const undelivered = finalOrders.filter((order) => order.StatusID !== DELIVERED);
			if (undelivered.length > 0) throw new Error(`not delivered: ${undelivered.map((o) => `${o.OrderNumber} ${o.StatusDescription}`).join(', ')}`);
		});
	}

	// 3. Read every order back by its number, with its status history, through the node.
	let lookupRun: Execution | undefined;
	if (imported && created.length > 0) {
		lookupRun = await attempt('Reading each order and its status history back (example "order lookup by order number")', async () => {
			const lookup = importedExample(imported, LOOKUP_EXAMPLE);
			const source = structuredClone(lookup.source);
			findNode(source, 'Order numbers to look up').parameters.jsonOutput = JSON.stringify({ orderNumbers: created.map((order) => order.OrderNumber) }, null, 2);
			await current.client.updateWorkflow(lookup.workflow.id, { nodes: source.nodes, connections: source.connections });
			return await runExample(current, { ...lookup, source });
		});
	}
	const history = lookupRun ? nodeOutput(lookupRun, 'Get status history') : [];
	const fetched = lookupRun ? nodeOutput(lookupRun, 'Get order') : [];
	for (const order of created) {
		const orderHistory = history.filter((record) => record.OrderNumber === order.OrderNumber);
		const last = orderHistory[orderHistory.length - 1];
		if (lookupRun && last?.StatusID !== DELIVERED) failures.push(`status history of ${String(order.OrderNumber)} does not end with Delivered`);
	}

	// 3b. The store's lists: this week's orders (Order > Get Many) and its products (Product > Get Many).
	let weekRun: Execution | undefined;
	if (imported) {
		weekRun = await attempt('Listing this week\'s orders and the store\'s products (example "this week\'s orders and the store\'s products")', async () =>
			await runExample(current, importedExample(imported, WEEK_EXAMPLE)),
		);
	}
	const weekOrders = weekRun ? nodeOutput(weekRun, 'Orders placed this week') : [];
	const openThisWeek = weekRun ? nodeOutput(weekRun, 'Open orders this week') : [];
	const products = weekRun ? nodeOutput(weekRun, 'What the store can print') : [];
	for (const order of created) {
		if (weekRun && !weekOrders.some((listed) => listed.ID === order.ID)) failures.push(`Get Many did not list this week's order ${String(order.OrderNumber)}`);
	}

	// 4. One execution from order to delivery: create, wait in n8n until delivered, update the CRM.
	let waitRun: Execution | undefined;
	if (imported) {
		waitRun = await attempt('Running "CRM records → create orders → wait until delivered → update the CRM records"', async () =>
			await waitForWaitExample(current, importedExample(imported, WAIT_EXAMPLE), advanceEveryMs),
		);
	}
	const crmUpdates = waitRun ? nodeOutput(waitRun, 'Update the CRM record') : [];
	const waited = waitRun ? nodeOutput(waitRun, 'Wait until delivered') : [];
	if (waitRun && (crmUpdates.length === 0 || waited.some((item) => item.outcome !== 'reached'))) {
		failures.push(`the wait example did not end with every order delivered: ${waited.map((item) => `${String(item.orderNumber)} ${String(item.outcome)}`).join(', ')}`);
	}

	// 4b. The same, with the service's callbacks dropped: the node's own checks end the wait.
	let checksRun: Execution | undefined;
	if (imported) {
		checksRun = await attempt('Running it again with the service\'s callbacks dropped and checks every 3 s: the wait ends by its checks', async () =>
			await showWaitByChecks(current, sandbox, importedExample(imported, WAIT_EXAMPLE), advanceEveryMs),
		);
	}
	const checked = checksRun ? nodeOutput(checksRun, 'Wait until delivered') : [];

	// 5. The order desk agent (AI Agent with Print Store tools) asked where an order is. The demo has
	// no model account: a scripted stand-in plays the model (test/helpers/model-server.ts), calling
	// the Order status tool for the first order and answering from what the tool returned.
	let desk: { question: string; toolCall: string; toolResult: string; answer: string } | undefined;
	if (imported && created.length > 0) {
		desk = await attempt('Asking the order desk agent where an order is (a scripted stand-in plays the model)', async () => {
			model = await startModelServer({ fallback: 'This order desk runs on the demo\'s scripted stand-in model. Select your own OpenAI credential on "OpenAI Chat Model" to chat with it.' });
			const credential = (await current.client.createCredential({ name: 'Scripted stand-in model (demo)', type: 'openAiApi', data: { apiKey: 'demo', url: model.url } })) as { id: string; name: string };
			const example = importedExample(imported, DESK_EXAMPLE);
			const source = structuredClone(example.source);
			findNode(source, 'OpenAI Chat Model').credentials = { openAiApi: { id: credential.id, name: credential.name } };
			await current.client.updateWorkflow(example.workflow.id, { nodes: source.nodes, connections: source.connections });
			await current.client.activateWorkflow(example.workflow.id);
			const orderNumber = String(created[0].OrderNumber);
			const question = `Where is order ${orderNumber}?`;
			model.script([
				{ toolCalls: [{ name: 'Order_status', arguments: { orderNumber } }] },
				{
					answer: (results) => {
						const [summary] = (results[0]?.json ?? []) as Array<Record<string, unknown>>;
						if (!summary?.status) return `I could not find order ${orderNumber}.`;
						const tracking = summary.trackingNumber ? `, tracking number ${String(summary.trackingNumber)}` : '';
						const signed = summary.deliverySignedBy ? `, signed for by ${String(summary.deliverySignedBy)}` : '';
						return `Order ${orderNumber} is ${String(summary.status)} since ${time(summary.since)}${tracking}${signed}.`;
					},
				},
			]);
			const webhookId = String(findNode(source, 'When chat message received').webhookId);
			const response = await fetch(`${current.n8n.url}/webhook/${webhookId}/chat`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ action: 'sendMessage', sessionId: 'demo', chatInput: question }),
			});
			const body = (await response.json().catch(() => ({}))) as { output?: unknown };
			if (!response.ok || typeof body.output !== 'string') throw new Error(`the chat answered HTTP ${response.status}: ${JSON.stringify(body)}`);
			const [result] = model.toolResults();
			if (!result) throw new Error('the agent called no tool');
			return { question, toolCall: `${result.name} ${JSON.stringify(result.arguments)}`, toolResult: result.content, answer: body.output };
		});
	}

	// 6. The catch-up: orders move on while n8n is stopped and the service gives their callbacks up;
	// once n8n is back, the CRM workflow's trigger reads the store and emits what it missed.
	let catchUp: CatchUpShown | undefined;
	if (imported && crmRun) {
		catchUp = await attempt('Stopping n8n while new orders move on (the service gives their callbacks up), then starting it again: the trigger catches up', async () =>
			await showCatchUp(current, sandbox, importedExample(imported, CRM_EXAMPLE), advanceEveryMs),
		);
	}

	// 7. Trigger examples, if any: what they received.
	const triggerWorkflows = (imported ?? []).filter((entry) => entry.activated);
	const notify = triggerWorkflows.find((entry) => entry.file === NOTIFY_EXAMPLE);
	if (notify && created.length > 0) {
		await attempt(`Sending "${notify.workflow.name}" the shipped event of ${String(created[0].OrderNumber)}`, async () => await sendShipped(current, sandbox, notify, created[0]));
	}
	const triggerRuns = new Map<string, Execution[]>();
	for (const entry of triggerWorkflows) {
		const runs = await attempt(`Collecting the events "${entry.workflow.name}" received`, async () => {
			// Callbacks trail the last status change a little (and are retried on failure): wait until
			// the sandbox's delivery log and the workflow's trigger executions both stop changing.
			const webhookRuns = async () => (await current.client.listExecutions(entry.workflow.id)).filter((run) => run.mode !== 'manual');
			let last = '';
			let stableSince = Date.now();
			await waitFor(
				'the callbacks and their executions to settle',
				async () => {
					const snapshot = `${(await sandbox.callbacks()).length}/${(await webhookRuns()).length}`;
					if (snapshot !== last) {
						last = snapshot;
						stableSince = Date.now();
					}
					return Date.now() - stableSince >= 3000 ? true : undefined;
				},
				{ timeoutMs: 120_000, intervalMs: 500 },
			);
			return (await webhookRuns()).reverse();
		});
		triggerRuns.set(entry.workflow.id, runs ?? []);
	}

	// The summary.
	print('');
	print(`Print Store demo: n8n ${current.runtime.version} with this package installed from its npm tarball, against the sandbox`);
	print('');
	if (quickStart) {
		print(`Quick start: deal ${String(quickStart.order.PartnerOrderReference)} → postcard ${String(quickStart.order.OrderNumber)} (a test order) → when it shipped:`);
		print(`  to ${String(quickStart.email.to)}: "${String(quickStart.email.subject)}"`);
		print(`  ${String(quickStart.email.text)}`);
		print('');
	}
	if (created.length > 0) {
		print(`Orders created by "CRM records → price → create orders in batches": ${created.length} from ${records.length} CRM records`);
		print(`  (priced in ${priceRequests} request(s), created in ${createRequests} request(s) of up to 3 orders each)`);
		const rows = [['CRM record', 'Order', 'Order ID', 'Recipient', 'Product', 'Qty', 'Quote total']];
		let total = 0;
		created.forEach((order, index) => {
			const details = order.OrderDetails as { Recipient: Record<string, string>; Product: Record<string, unknown> };
			const quote = quotes[index]?.orderPrices as Record<string, number> | undefined;
			total += quote?.OrderTotalPrice ?? 0;
			rows.push([
				String(order.PartnerOrderReference),
				String(order.OrderNumber),
				String(order.ID),
				`${details.Recipient.NameFirst} ${details.Recipient.NameLast}`,
				String(details.Product.ID),
				String(details.Product.Quantity),
				money(quote?.OrderTotalPrice),
			]);
		});
		rows.push(['', '', '', '', '', 'Total', money(Math.round(total * 100) / 100)]);
		table(rows).forEach((line) => print(line));
		print('');
	}
	if (history.length > 0) {
		print(`Status history of each order, read back with Print Store › Get Status History (${fetched.length} orders found by number):`);
		for (const order of created) {
			const orderHistory = history.filter((record) => record.OrderNumber === order.OrderNumber);
			print(`  ${String(order.OrderNumber)}`);
			for (const record of orderHistory) {
				const extra = [
					record.TrackingNumber && record.StatusID === 4 ? `tracking ${String(record.TrackingNumber)}` : '',
					record.DeliverySignedBy && record.StatusID === DELIVERED ? `signed by ${String(record.DeliverySignedBy)}` : '',
				].filter(Boolean);
				print(`    ${time(record.Timestamp)}  ${String(record.StatusID)} ${String(record.StatusDescription).padEnd(14)} ${extra.join(', ')}`.trimEnd());
			}
		}
		print('');
	}
	if (weekRun) {
		print(`This week's orders, listed with Print Store › Order › Get Many: ${weekOrders.length} (${openThisWeek.length} not completed yet), newest first:`);
		for (const order of weekOrders.slice(0, 5)) {
			print(`  ${String(order.OrderNumber).padEnd(10)} ${time(order.Created)}  ${String(order.StatusDescription).padEnd(14)} ${String(order.PartnerOrderReference ?? '')}`.trimEnd());
		}
		if (weekOrders.length > 5) print(`  ... and ${weekOrders.length - 5} more`);
		print(`What the store can print (Product › Get Many): ${products.map((product) => String(product.ID)).join(', ')}`);
		print('');
	}
	if (crmUpdates.length > 0) {
		print(`One execution from order to delivery ("${String(waitRun?.id)}": created, waited in n8n until delivered, resumed once by the callbacks):`);
		const rows = [['CRM record', 'Order', 'Status', 'Delivered on', 'Signed by', 'Tracking']];
		for (const update of crmUpdates) {
			rows.push([update.Id, update.Print_Order_Number__c, update.Print_Status__c, time(update.Print_Delivered_On__c), update.Print_Signed_By__c, update.Print_Tracking_Number__c].map((cell) => String(cell ?? '')));
		}
		table(rows).forEach((line) => print(line));
		print('');
	}
	if (checked.length > 0) {
		print(`The same with the service's callbacks dropped ("${String(checksRun?.id)}"): the node's checks, every 3 s, saw each order delivered and ended the wait:`);
		for (const item of checked) print(`  ${String(item.orderNumber).padEnd(10)} ${String(item.outcome)} by ${String(item.resumedBy)}, ${String((item.status as Record<string, unknown> | undefined)?.StatusDescription)} at ${time((item.status as Record<string, unknown> | undefined)?.Timestamp)}`);
		print('');
	}
	if (desk) {
		print('The order desk agent (examples/order-desk-agent.json; a scripted stand-in played the model):');
		print(`  asked:        ${desk.question}`);
		print(`  tool call:    ${desk.toolCall}`);
		print(`  tool result:  ${desk.toolResult.length > 160 ? `${desk.toolResult.slice(0, 157)}...` : desk.toolResult}`);
		print(`  answer:       ${desk.answer}`);
		print('');
	}
	if (catchUp) {
		print(`The catch-up (the CRM workflow's trigger): n8n was stopped while ${catchUp.orders.length} new orders moved on, and the service gave up ${catchUp.givenUp} callbacks.`);
		print('Once n8n was back, the trigger read the store and started the workflow for every status it had missed, once, in order:');
		for (const [orderNumber, events] of catchUp.orders) print(`  ${orderNumber.padEnd(10)} ${events.join(', ')}`);
		print('');
	}
	for (const entry of triggerWorkflows) {
		const runs = triggerRuns.get(entry.workflow.id) ?? [];
		if (runs.length === 0) {
			print(`"${entry.workflow.name}" is active and listening; the demo's orders report to the CRM workflow's trigger, not to it.`);
			print('');
			continue;
		}
		// The Print Store Trigger's executions (the quick start's webhook starts executions of its own).
		const triggers = activatableTriggers(entry.source);
		const triggerName = (triggers.find((node) => node.type.endsWith('.printStoreTrigger')) ?? triggers[0]).name;
		const triggerRunsOf = runs.filter((run) => nodeOutput(run, triggerName).length > 0);
		print(`Events received by "${entry.workflow.name}" (${triggerRunsOf.length} executions):`);
		for (const run of triggerRunsOf) {
			for (const event of nodeOutput(run, triggerName)) print(`  ${describeEvent(event)}`);
		}
		const notifications = runs.flatMap((run) => describeNotification(run));
		notifications.slice(0, 3).forEach((line) => print(line));
		if (notifications.length > 3) print(`    ... and ${notifications.length - 3} more notifications`);
		print('');
	}

	if (failures.length > 0) {
		print(`${failures.length} step(s) FAILED:`);
		failures.forEach((failure) => print(`  - ${failure}`));
	} else {
		print('Every step passed.');
	}

	if (once) {
		await shutdown(failures.length > 0 ? 1 : 0);
		return;
	}

	print('');
	print(`n8n editor:  ${current.n8n.url}   (log in as ${current.owner.email} / ${current.owner.password})`);
	for (const entry of imported ?? []) print(`  ${entry.workflow.name}: ${current.n8n.url}/workflow/${entry.workflow.id}`);
	print(`  credential "${current.credential.name}" is connected to the sandbox as ${current.sandboxUser.username}`);
	print(`Sandbox:     ${current.sandbox.baseUrl}   (API ${current.sandbox.apiUrl}, control API ${current.sandbox.baseUrl}/_sandbox;`);
	print(`             sign-in page users: ${current.sandbox.seed.users.map((u) => `${u.username}/${u.password}`).slice(0, 2).join(', ')}, ...)`);
	print(`n8n log:     ${current.n8n.logFile}`);
	print('Press Ctrl-C to stop n8n and the sandbox.');
	await new Promise<void>(() => undefined);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
	process.on(signal, () => {
		if (!shuttingDown) log.info(`${signal}: stopping n8n and the sandbox...`);
		void shutdown(failures.length > 0 ? 1 : 0);
	});
}

main().catch(async (error: Error) => {
	process.stderr.write(`\nDemo failed: ${error.message}\n`);
	await shutdown(1);
});
