import { createHash } from 'node:crypto';

import type { IDataObject, INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { answerJson as answer, refuse } from '../../shared/callbacks/answer';
import { normalizeEvents } from '../../shared/callbacks/normalize';
import { readPayload } from '../../shared/callbacks/read';
import { secretsMatch } from '../../shared/callbacks/secrets';
import { hideSecretsInText } from '../../shared/callbacks/urls';
import { N8nChanged, waitingItems } from '../../shared/n8nInternals';
import { stopChecks } from './checks';
import { readStatusHistory as readHistory } from '../../shared/orderReads';
import type { ResumedBy, WaitPlan } from './plan';
import { matchesStatus, orderNames, planOf, resultJson, settle } from './plan';
import { resumeSecret } from './resumeUrl';

/**
 * The resume webhook of Order > Wait Until Status (n8n calls it for POSTs to the execution's
 * resume address while the execution waits at this node). A call is either a status callback of
 * the service (Create sent the address) or one of the node's own checks (wait/checks.ts).
 *
 * - Without the node's secret (wait/resumeUrl.ts) a call is refused: it resumes nothing, reads
 *   nothing, and n8n saves nothing.
 * - A callback of an order this wait does not cover, or with a status that settles nothing, is
 *   acknowledged and changes nothing.
 * - Otherwise the status histories are read again, order by order, stopping at the first that is
 *   neither settled nor out of time; when none is left, the execution resumes with one item per
 *   input item. A replayed call can only make the node look again: the histories decide.
 * - It never throws: n8n would resume the execution with its data wiped. A failed read answers 503,
 *   so the service retries (and the next check looks again).
 *
 * What a call decides rests on the execution as n8n loaded it for this call: the wait it is at (its
 * node and the items that node left, `waitKey`), never on what this process saw before. An
 * execution waits any number of times (two waits in a row, a wait in a loop, a restart between),
 * and each wait is resumed by its own calls. n8n 2.x lets one resume of a wait through, whichever
 * process it reaches; the memory below only spares a process a second resume of a wait it has just
 * resumed (n8n 1.x has no such guard: docs/reliability.md, "Waiting until status").
 */

/** Calls in one process are taken one at a time per execution, and a wait resumes there once. */
const queues = new Map<string, Promise<unknown>>();
const resumed = new Set<string>();
const RESUMED_MEMORY = 10_000;

/**
 * One wait of one execution: the node it waits at and the orders and time limits it left on the
 * stack. A later wait (another node, another round of a loop, another run after a restart) leaves
 * other items (each wait's time limit is set when it starts), so it has another key.
 */
function waitKey(ctx: IWebhookFunctions, executionId: string, items: INodeExecutionData[]): string {
	const digest = createHash('sha256');
	for (const item of items) digest.update(JSON.stringify([orderNames(item.json), item.json.timeLimit ?? null, item.json.storeId ?? null])).update('\n');
	return `${executionId}\n${ctx.getNode().name}\n${digest.digest('base64url')}`;
}

function remember(key: string): void {
	resumed.add(key);
	if (resumed.size > RESUMED_MEMORY) resumed.delete(resumed.values().next().value as string);
}

interface Waiting {
	item: INodeExecutionData;
	plan: WaitPlan | undefined;
}

/** Whether a status callback can settle one of the waiting orders; a refusal when its body is unreadable. */
function concerns(ctx: IWebhookFunctions, waiting: Waiting[]): { relevant: boolean; refused?: IWebhookResponseData } {
	const read = readPayload(ctx);
	if ('refused' in read) return { relevant: false, refused: refuse(ctx, read.refused.httpStatus, read.refused.message) };
	const events = normalizeEvents(read.payload, 'status', new Date());
	const relevant = events.some((event) =>
		waiting.some(({ item, plan }) => {
			if (!plan) return false;
			const names = orderNames(item.json);
			const isThisOrder = names.includes(String(event.OrderID ?? '')) || names.includes(String(event.OrderNumber ?? ''));
			return isThisOrder && (matchesStatus(event, plan.waitFor) || matchesStatus(event, plan.failOn));
		}),
	);
	return { relevant };
}

async function decide(ctx: IWebhookFunctions, executionId: string): Promise<IWebhookResponseData> {
	const given = (ctx.getQueryData() as IDataObject).secret;
	if (typeof given !== 'string' || given === '') return refuse(ctx, 401, 'Missing secret');
	if (!secretsMatch(given, await resumeSecret(ctx, executionId))) return refuse(ctx, 403, 'Wrong secret');

	const items = waitingItems(ctx);
	const waiting: Waiting[] = items.map((item) => ({ item, plan: planOf(item.json) }));
	const waitingCount = waiting.filter((entry) => entry.plan !== undefined).length;
	if (waitingCount === 0) return answer(ctx, 409, { received: true, resumed: false, error: 'This execution is not waiting for order statuses' });
	const key = waitKey(ctx, executionId, items);
	if (resumed.has(key)) return answer(ctx, 409, { received: true, resumed: false, error: 'This wait has resumed already' });

	const isCheck = (ctx.getBodyData() as IDataObject | undefined)?.printStoreCheck === true;
	if (!isCheck) {
		const { relevant, refused } = concerns(ctx, waiting);
		if (refused) return refused;
		if (!relevant) return answer(ctx, 200, { received: true, resumed: false });
	}

	const now = Date.now();
	const outputs: INodeExecutionData[] = [];
	let timedOut = false;
	for (const [index, { item, plan }] of waiting.entries()) {
		if (!plan) {
			outputs.push(item);
			continue;
		}
		const history = await readHistory(ctx, plan);
		const settlement = settle(history, plan);
		if (!settlement && Date.parse(plan.timeLimit) > now) {
			return answer(ctx, 200, { received: true, resumed: false, waitingFor: waitingCount });
		}
		timedOut ||= !settlement;
		const by: ResumedBy = !settlement ? 'timeLimit' : isCheck ? 'check' : 'callback';
		outputs.push({ json: resultJson(plan, history, by, settlement), pairedItem: item.pairedItem ?? { item: index } });
	}
	remember(key);
	stopChecks(executionId);
	return { webhookResponse: { received: true, resumed: true, timedOut }, workflowData: [outputs] };
}

export async function receiveResumeCall(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const executionId = this.getExecutionId();
	const previous = queues.get(executionId) ?? Promise.resolve();
	const turn = previous.then(async () => {
		try {
			return await decide(this, executionId);
		} catch (error) {
			const message = hideSecretsInText((error as Error).message ?? 'Unknown error');
			if (error instanceof N8nChanged) {
				// Not the service's fault and no retry mends it: n8n's log says what changed.
				this.logger.error(`${message}. ${error.description ?? ''}`);
				return answer(this, 500, { received: false, resumed: false, error: message });
			}
			return answer(this, 503, { received: false, resumed: false, error: message });
		}
	});
	queues.set(executionId, turn);
	try {
		return await turn;
	} finally {
		if (queues.get(executionId) === turn) queues.delete(executionId);
	}
}
