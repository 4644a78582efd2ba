/**
 * Benchmark 6, the Print Store Trigger's catch-up, in a real n8n with the package installed: one
 * catch-up (trigger version 2, "Every Order in the Store", every catch-up option at its default) over
 * a store of orders made elsewhere over the last 30 days, most delivered (lib/order-store.ts):
 *   (a) the first after publishing, which records the store;
 *   (b) one after 1% of the open orders moved one status on;
 *   (c) an idle one, nothing changed.
 * Each is the request the trigger's clock sends, `{"printStoreCatchUp": "run", "first": true}` to the
 * trigger's own status webhook, signed with its secret (scripts/n8n/clock.ts; `first`: read now,
 * whenever the last one ran, and take even the newest records), timed from sending it to its answer; its requests are counted in
 * the sandbox's request log. The idle one times four is what an unchanged store costs an hour at the
 * default 15-minute interval. Set against the HTTP Request node reading the whole store (get-many.ts)
 * and, as a control, the same catch-ups in an n8n that evaluates expressions without an isolate.
 */
import { createHmac, randomUUID } from 'node:crypto';

import type { WorkflowJson, WorkflowNode } from '../scripts/n8n/client';
import { askCatchUp, type ClockTarget } from '../scripts/n8n/clock';
import type { Log } from '../scripts/n8n/log';
import { waitFor } from '../scripts/n8n/process';
import type { SandboxControl, SandboxRequest } from '../scripts/n8n/sandbox-control';
import { PACKAGE_NODE_PREFIX } from '../scripts/n8n/workflows';
import type { BenchN8n } from './lib/n8n';
import { countRequests, describeStore, fillStore, isListRequest, pageNumberOf, sameOrSpread, summaryOf, type RequestCounts } from './lib/order-store';
import type { Section } from './lib/report';
import { fixed, markdownTable, ratio, spread } from './lib/stats';
import { settledExecutions } from './trigger';

/** The trigger's default interval: 4 catch-ups an hour. */
const INTERVAL_MINUTES = 15;
const PER_HOUR = 60 / INTERVAL_MINUTES;
/** Share of the open orders moved one status on before catch-up (b). */
const MOVED_SHARE = 0.01;
/** Tries when the trigger's own clock got its first catch-up in before the measured one. */
const FIRST_ATTEMPTS = 3;

type Kind = 'first' | 'moved' | 'idle';
const KINDS: Kind[] = ['first', 'moved', 'idle'];
const KIND_LABELS: Record<Kind, string> = {
	first: '(a) first after publishing',
	moved: '(b) 1% of the open orders moved on',
	idle: '(c) idle, nothing changed',
};

/** What the catch-up answers (nodes/PrintStoreTrigger/clock/clockCall.ts, answerClock). */
interface CatchUpAnswer {
	caughtUp: boolean;
	listed: number;
	histories: number;
	watched: number;
	firstActivation: boolean;
	found: number;
	emitted: number;
	alreadyEmitted: number;
	filtered: number;
}

export interface CatchUpRun extends RequestCounts {
	seconds: number;
	/** By the sandbox's clock (same process): sending to its first request, first to last request, last request to the answer. */
	phases: { beforeMs: number; readingMs: number; afterMs: number };
	answer: CatchUpAnswer;
}

export interface SizeRuns {
	orders: number;
	open: number;
	moved: number;
	runs: Record<Kind, CatchUpRun[]>;
}

export interface CatchUpOptions {
	/** Orders in the store, one store per size. */
	sizes: number[];
	runs: number;
}

interface Trigger extends ClockTarget {
	url: string;
}

async function publishTrigger(bench: BenchN8n, label: string): Promise<Trigger> {
	const { client, credential, sandbox } = bench.stack;
	const webhookId = randomUUID();
	const secret = `bench-${randomUUID()}`;
	const node: WorkflowNode = {
		id: randomUUID(),
		name: 'Print Store Trigger',
		type: `${PACKAGE_NODE_PREFIX}printStoreTrigger`,
		typeVersion: 2,
		position: [0, 0],
		webhookId,
		// Every catch-up option at its default: every 15 minutes, orders watched for 30 days, ...
		parameters: { events: ['status'], catchUp: 'storeOrders', enrichStoreId: sandbox.storeId, options: { callbackSecret: secret } },
		credentials: { printStoreOAuth2Api: credential },
	};
	const workflow: WorkflowJson = { name: `bench: catch-up (${label})`, nodes: [node], connections: {}, settings: { executionOrder: 'v1' } };
	const saved = await client.createWorkflow(workflow);
	await client.activateWorkflow(saved.id);
	return { workflowId: saved.id, webhookId, secret, url: client.webhookUrl(`${webhookId}/status`) };
}

/** The header the trigger's catch-up request was signed in before `x-print-store-self-call` (the package up to cb6e95e). */
const LEGACY_CATCH_UP_HEADER = 'x-print-store-catch-up';

/** That header's value for a run: `v1,<time>,<nonce>,<HMAC-SHA256 of print-store-catch-up:<workflow>:<webhook>:<time>:<nonce>:run:<first>>`. */
function legacyCatchUpSignature(target: ClockTarget, first: boolean): string {
	const time = Date.now();
	const nonce = randomUUID();
	const subject = ['print-store-catch-up', target.workflowId, target.webhookId, time, nonce, 'run', first ? 1 : 0].join(':');
	return `v1,${time},${nonce},${createHmac('sha256', target.secret).update(subject).digest('hex')}`;
}

/** The clock's request, sent now: the catch-up's answer, and when it was sent and answered. */
async function catchUp(trigger: Trigger) {
	const sentAt = Date.now();
	const started = performance.now();
	// Both signatures: the one of this checkout, and the one the package read before its calls to n8n
	// itself went through one module (a --baseline of that time), each package reading its own.
	const response = await askCatchUp(trigger.url, trigger, { first: true, headers: { [LEGACY_CATCH_UP_HEADER]: legacyCatchUpSignature(trigger, true) } });
	const text = await response.text();
	const seconds = (performance.now() - started) / 1000;
	const answeredAt = Date.now();
	if (response.status !== 200) throw new Error(`the catch-up answered ${response.status}: ${text.slice(0, 500)}`);
	const answer = JSON.parse(text) as CatchUpAnswer;
	if (answer.caughtUp !== true) throw new Error(`the catch-up did not run: ${text.slice(0, 500)}`);
	return { answer, seconds, sentAt, answeredAt };
}

const firstPages = (requests: SandboxRequest[], storeId: string) =>
	requests.flatMap((request, index) => (isListRequest(request, storeId) && pageNumberOf(request) === 1 ? [index] : []));

/**
 * A measured catch-up: the log cleared, the request sent, its own requests counted. Every catch-up
 * starts with the first page of the order list, so the log is cut at the next first page: another
 * catch-up's (the trigger's clock, which waits for the measured one and reads right after it), which
 * only (a) may meet.
 */
async function measuredCatchUp(sandbox: SandboxControl, storeId: string, trigger: Trigger, clockMayFollow: boolean): Promise<CatchUpRun> {
	await sandbox.clearRequests();
	const { answer, seconds, sentAt, answeredAt } = await catchUp(trigger);
	const logged = await sandbox.requests();
	const starts = firstPages(logged, storeId);
	if (starts[0] !== 0) throw new Error(`the catch-up's first request was not the order list's first page (${logged[0]?.rawPath ?? 'no request'})`);
	if (starts.length > 1 && !clockMayFollow) throw new Error('another catch-up ran right after the measured one');
	const mine = starts.length > 1 ? logged.slice(0, starts[1]) : logged;
	const first = mine[0].receivedAtMs;
	const last = mine[mine.length - 1].receivedAtMs;
	return { ...countRequests(mine, storeId), seconds, phases: { beforeMs: first - sentAt, readingMs: last - first, afterMs: answeredAt - last }, answer };
}

/** MOVED_SHARE of the open orders, spread evenly over them, moved one status on. */
async function moveOpenOrders(sandbox: SandboxControl, storeId: string): Promise<number> {
	const open = (await sandbox.orders(storeId)).filter((order) => order.Completed !== true);
	const count = Math.max(1, Math.round(open.length * MOVED_SHARE));
	const step = open.length / count;
	for (let index = 0; index < count; index++) await sandbox.advance(String(open[Math.floor(index * step)].ID));
	return count;
}

/**
 * A new store and a newly published trigger, and its first catch-up, measured: sent as soon as n8n
 * reports the workflow published, before the trigger's clock sends its own first catch-up (5 s after
 * publishing; it then waits for the measured one), which is let finish before this returns. Published
 * again when the clock read the store first. `latencyMs`: the API that far away (the sandbox's
 * latency fault, set once the store is filled). The caller deactivates the trigger.
 */
async function publishAndCatchUp(bench: BenchN8n, sandbox: SandboxControl, orders: number, label: string, log: Log, latencyMs = 0) {
	const storeId = bench.stack.sandbox.storeId;
	for (let attempt = 1; ; attempt++) {
		const { open } = await fillStore(bench, sandbox, orders);
		if (latencyMs > 0) await sandbox.faults({ latencyMs });
		const trigger = await publishTrigger(bench, label);
		try {
			const first = await measuredCatchUp(sandbox, storeId, trigger, true);
			if (!first.answer.firstActivation) {
				if (attempt >= FIRST_ATTEMPTS) throw new Error(`the trigger's clock read the store before the measured first catch-up ${FIRST_ATTEMPTS} times`);
				log.info(`  the trigger's clock read the store first; publishing another trigger (attempt ${attempt + 1} of ${FIRST_ATTEMPTS})`);
				await bench.stack.client.deactivateWorkflow(trigger.workflowId).catch(() => undefined);
				continue;
			}
			// The clock's first catch-up starts, then one more of ours, which waits for it: afterwards nothing reads.
			await waitFor("the trigger's clock's first catch-up", async () => (firstPages(await sandbox.requests(), storeId).length >= 2 ? true : undefined), {
				timeoutMs: 60_000,
				intervalMs: 100,
			});
			await catchUp(trigger);
			return { trigger, open, first };
		} catch (error) {
			await bench.stack.client.deactivateWorkflow(trigger.workflowId).catch(() => undefined);
			throw error;
		}
	}
}

/** One run at one size: (a) the first catch-up of a new store and trigger, then (b) after 1% of the open orders moved on, then (c) idle. */
async function runSize(bench: BenchN8n, sandbox: SandboxControl, orders: number, label: string, log: Log) {
	const storeId = bench.stack.sandbox.storeId;
	const { trigger, open, first } = await publishAndCatchUp(bench, sandbox, orders, label, log);
	try {
		const moved = await moveOpenOrders(sandbox, storeId);
		const afterMove = await measuredCatchUp(sandbox, storeId, trigger, false);
		if (afterMove.answer.emitted !== moved) throw new Error(`after ${moved} orders moved on, the catch-up emitted ${afterMove.answer.emitted}`);
		// The execution those events started, finished before the idle catch-up.
		await settledExecutions(bench, trigger.workflowId, 1);
		const idle = await measuredCatchUp(sandbox, storeId, trigger, false);
		if (idle.answer.emitted !== 0) throw new Error(`the idle catch-up emitted ${idle.answer.emitted}`);
		return { open, moved, runs: { first, moved: afterMove, idle } };
	} finally {
		await bench.stack.client.deactivateWorkflow(trigger.workflowId).catch(() => undefined);
	}
}

/**
 * The first catch-up after publishing, `runs` times (a new store and trigger each), with the API
 * `latencyMs` away, in each n8n given (this package, another version of it), their runs interleaved:
 * one list of runs per place.
 */
export async function measureFirstCatchUps(
	places: Array<{ bench: BenchN8n; sandbox: SandboxControl; label: string }>,
	options: { orders: number; runs: number; latencyMs: number },
	log: Log,
): Promise<CatchUpRun[][]> {
	const runs: CatchUpRun[][] = places.map(() => []);
	for (let round = 1; round <= options.runs; round++) {
		// Each round starts with another n8n.
		const shift = (round - 1) % places.length;
		for (const place of [...places.slice(shift), ...places.slice(0, shift)]) {
			const { bench, sandbox, label } = place;
			await log.step(`${label}: the first catch-up over ${options.orders} orders, the API ${options.latencyMs} ms away, run ${round} of ${options.runs}`, async () => {
				const { trigger, first } = await publishAndCatchUp(bench, sandbox, options.orders, `${label}, ${options.latencyMs} ms, run ${round}`, log, options.latencyMs);
				await bench.stack.client.deactivateWorkflow(trigger.workflowId).catch(() => undefined);
				runs[places.indexOf(place)].push(first);
				log.info(`  ${fixed(first.seconds, 2)} s, ${first.listPages} list pages, ${first.total} requests`);
			});
		}
	}
	return runs;
}

/** `options.runs` rounds, each over every size (a new store and trigger each). */
export async function measureCatchUp(bench: BenchN8n, sandbox: SandboxControl, options: CatchUpOptions, log: Log, title = 'Catch-up'): Promise<SizeRuns[]> {
	const sizes: SizeRuns[] = options.sizes.map((orders) => ({ orders, open: 0, moved: 0, runs: { first: [], moved: [], idle: [] } }));
	for (let round = 1; round <= options.runs; round++) {
		for (const size of sizes) {
			await log.step(`${title} over ${size.orders} orders, run ${round} of ${options.runs}`, async () => {
				const run = await runSize(bench, sandbox, size.orders, `${size.orders} orders, run ${round}`, log);
				size.open = run.open;
				size.moved = run.moved;
				for (const kind of KINDS) {
					const result = run.runs[kind];
					size.runs[kind].push(result);
					const { beforeMs, readingMs, afterMs } = result.phases;
					log.info(
						`  ${kind}: ${fixed(result.seconds, 2)} s (${beforeMs} ms to its first request, ${readingMs} ms to its last, ${afterMs} ms after), ` +
							`${result.listPages} list pages, ${result.histories} histories, ${result.other} other; answer ${JSON.stringify(result.answer)}`,
					);
				}
			});
		}
	}
	return sizes;
}

const storeLabel = (size: SizeRuns) => `${size.orders.toLocaleString('en-US')} orders (${size.open.toLocaleString('en-US')} open)`;
const median = (size: SizeRuns, kind: Kind, value: (run: CatchUpRun) => number) => summaryOf(size.runs[kind], value).median;

/**
 * The section: the catch-ups in the stock n8n; the idle cost an hour, set against the HTTP Request
 * node reading the whole store (`peer`, from get-many.ts, same run); the control n8n's times.
 */
export function catchUpSection(options: CatchUpOptions, sizes: SizeRuns[], peer?: { orders: number; requests: number; seconds: number }, control?: SizeRuns[]): Section {
	const table = markdownTable(
		['Store', 'Catch-up', 'Orders listed', 'List pages', 'Status histories', 'Other requests', 'Requests', 'Seconds: median (min–max)', 'of which to its first request, s', 'Emitted'],
		sizes.flatMap((size) =>
			KINDS.map((kind) => {
				const runs = size.runs[kind];
				return [
					storeLabel(size),
					KIND_LABELS[kind],
					sameOrSpread(summaryOf(runs, (run) => run.answer.listed)),
					sameOrSpread(summaryOf(runs, (run) => run.listPages)),
					sameOrSpread(summaryOf(runs, (run) => run.histories)),
					sameOrSpread(summaryOf(runs, (run) => run.other)),
					sameOrSpread(summaryOf(runs, (run) => run.total)),
					spread(summaryOf(runs, (run) => run.seconds), 2),
					fixed(median(size, kind, (run) => run.phases.beforeMs) / 1000, 2),
					sameOrSpread(summaryOf(runs, (run) => run.answer.emitted)),
				];
			}),
		),
	);

	const idle = (size: SizeRuns) => ({ requests: median(size, 'idle', (run) => run.total), seconds: median(size, 'idle', (run) => run.seconds) });
	const hourTable = markdownTable(
		[
			'Store',
			'Idle catch-up: requests',
			'Idle catch-up: s',
			`An hour at ${INTERVAL_MINUTES} min (${PER_HOUR} idle catch-ups): requests`,
			'An hour: s of work',
			'Idle / (a) first catch-up (the store read whole)',
			"Idle / the HTTP Request node reading the store whole (section 7)",
		],
		sizes.map((size) => {
			const { requests, seconds } = idle(size);
			const first = { requests: median(size, 'first', (run) => run.total), seconds: median(size, 'first', (run) => run.seconds) };
			const againstPeer = peer?.orders === size.orders ? `${ratio(requests / peer.requests, 2)} requests, ${ratio(seconds / peer.seconds, 2)} time` : '-';
			return [
				storeLabel(size),
				fixed(requests, 0),
				fixed(seconds, 2),
				fixed(requests * PER_HOUR, 0),
				fixed(seconds * PER_HOUR, 1),
				`${ratio(requests / first.requests, 2)} requests, ${ratio(seconds / first.seconds, 2)} time`,
				againstPeer,
			];
		}),
	);

	const largest = sizes[sizes.length - 1];
	const largestIdle = idle(largest);
	const body = [
		table,
		'',
		hourTable,
		'',
		`**A store of ${largest.orders.toLocaleString('en-US')} orders (${largest.open.toLocaleString('en-US')} open) in which nothing changes costs ${fixed(largestIdle.requests * PER_HOUR, 0)} API requests`,
		`and ${fixed(largestIdle.seconds * PER_HOUR, 1)} s of catch-up work an hour** at the default interval of ${INTERVAL_MINUTES} minutes (${PER_HOUR} idle catch-ups of`,
		`${fixed(largestIdle.requests, 0)} requests and ${fixed(largestIdle.seconds, 2)} s each).`,
	];
	if (peer?.orders === largest.orders) {
		body.push(
			`The peer, n8n's HTTP Request node reading the same ${peer.orders.toLocaleString('en-US')} orders page by page in this run (section 7), sends ${fixed(peer.requests, 0)} requests in ${fixed(peer.seconds, 2)} s;`,
			`a workflow polling the whole store with it every ${INTERVAL_MINUTES} minutes would send ${fixed(peer.requests * PER_HOUR, 0)} requests and work ${fixed(peer.seconds * PER_HOUR, 1)} s an hour.`,
		);
	}
	if (control) {
		const rows = sizes.flatMap((size) => {
			const other = control.find((entry) => entry.orders === size.orders);
			if (!other) return [];
			return KINDS.map((kind) => {
				const stock = median(size, kind, (run) => run.seconds);
				const legacy = median(other, kind, (run) => run.seconds);
				const requests = median(size, kind, (run) => run.total);
				// From one request to the next: the time the catch-up spends per request while it reads.
				const between = (runs: SizeRuns) => (requests < 2 ? NaN : median(runs, kind, (run) => run.phases.readingMs / (run.total - 1)));
				return [storeLabel(size), KIND_LABELS[kind], fixed(requests, 0), fixed(stock, 2), fixed(legacy, 2), ratio(stock / legacy, 1), `${fixed(between(size), 0)} / ${fixed(between(other), 0)}`];
			});
		});
		const controlRuns = control[0]?.runs.first.length ?? 0;
		body.push(
			'',
			`Control: the same catch-ups (${controlRuns} run${controlRuns === 1 ? '' : 's'} each) in a second n8n started with \`N8N_EXPRESSION_ENGINE=legacy\`, which evaluates`,
			"expressions in-process instead of in an isolate. In the stock n8n every read of the credential during a catch-up costs an expression isolate built",
			"for it: the catch-up runs in the trigger's webhook, whose phase holds the pool's one isolate (pool size 1); a webhook's context has no run data,",
			"so `getDecrypted` → `applyDefaultsAndOverwrites` (n8n's `credentials-helper.js`) resolves the credential's expressions in a mock workflow and",
			"acquires an isolate for it from the exhausted pool, so builds a new one (seen in a CPU profile of n8n during catch-ups). n8n's OAuth2 helper reads",
			"the credential to sign every request (the package's transport reads it once per catch-up, for the base URL and subscription key). In an execution (Get Many,",
			"section 7) it is resolved with the run's own context and no isolate is built. The last column is the time from one request of a catch-up to",
			'its next, median, in each n8n.',
			'',
			markdownTable(['Store', 'Catch-up', 'Requests', 'Seconds, stock n8n', 'Seconds, control n8n', 'Stock / control', 'Request to request, ms: stock / control'], rows),
		);
	}
	body.push(
		'',
		`Each run: the sandbox reset and its store filled with ${describeStore()}; a new workflow holding only a Print Store Trigger (version 2,`,
		'Catch Up Missed Events: Every Order in the Store, every catch-up option at its default), published. Each catch-up is the request the',
		"trigger's clock sends, `{\"printStoreCatchUp\": \"run\", \"first\": true}` to its status webhook, signed with its secret, sent by the benchmark and timed",
		'from sending it to its answer (given once the catch-up has read the store and handed n8n its static data to save). `first` makes it read now,',
		"whenever the last one ran, and take records of the last minute too (the clock's later ticks leave those for the next one). (a) is sent as",
		"soon as n8n reports the workflow published, before the clock's own first catch-up (5 s after publishing), which is let finish before (b).",
		`(b) follows moving ${MOVED_SHARE * 100}% of the open orders one status on (\`POST /_sandbox/orders/{id}/advance\`), spread evenly over them: each is one`,
		'emitted event (checked). (c) follows (b), nothing changed. Requests are counted in the sandbox\'s request log, cleared before each catch-up:',
		'"List pages" are `GET /store/{id}/order`, "Status histories" `GET /store/{id}/order/{orderId}/status`, "Other" anything else (token',
		'requests included). "Orders listed" is the catch-up\'s own count: the oldest order, made 30 days before, has left the 30-day watch window',
		`when the first catch-up runs. ${options.runs} runs per size; a count that differs between runs shows median (min–max).`,
	);
	return {
		id: 'catchup',
		title: `6. Trigger catch-up (stores of ${sizes.map((size) => size.orders.toLocaleString('en-US')).join(' and ')} orders, ${options.runs} runs)`,
		body: body.join('\n'),
		targets: [],
		data: { intervalMinutes: INTERVAL_MINUTES, movedShare: MOVED_SHARE, sizes, control, peer },
	};
}
