import type { IDataObject, INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { answerJson as answer, readPayload, refuse } from '../../PrintStoreTrigger/webhook/receive';
import { normalizeEvents } from '../../PrintStoreTrigger/webhook/normalize';
import { secretsMatch } from '../../PrintStoreTrigger/webhook/secret';
import { hideSecretsInText } from '../../shared/callbackUrls';
import { stopChecks } from './checks';
import { readHistory } from './history';
import type { ResumedBy, WaitPlan } from './plan';
import { matchesStatus, planOf, resultJson, settle } from './plan';
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
 */

/** Calls in one process are taken one at a time per execution, and an execution resumes once. */
const queues = new Map<string, Promise<unknown>>();
const resumed = new Set<string>();
const RESUMED_MEMORY = 10_000;

function pendingItems(ctx: IWebhookFunctions): INodeExecutionData[] {
	const input = ctx.evaluateExpression('{{ $input.all() }}', 0) as unknown;
	return Array.isArray(input) ? (input as INodeExecutionData[]) : [];
}

/** The plans a status callback can settle: its order's, when its status is one waited for or failing. */
function concerned(ctx: IWebhookFunctions, plans: WaitPlan[]): { relevant: boolean; refused?: IWebhookResponseData } {
	const read = readPayload(ctx);
	if ('refused' in read) return { relevant: false, refused: refuse(ctx, read.refused.httpStatus, read.refused.message) };
	const events = normalizeEvents(read.payload as never, 'status', new Date());
	const relevant = events.some((event) =>
		plans.some(
			(plan) =>
				(event.OrderID === plan.order || event.OrderNumber === plan.order) &&
				(matchesStatus(event, plan.waitFor) || matchesStatus(event, plan.failOn)),
		),
	);
	return { relevant };
}

async function decide(ctx: IWebhookFunctions, executionId: string): Promise<IWebhookResponseData> {
	const given = (ctx.getQueryData() as IDataObject).secret;
	if (typeof given !== 'string' || given === '') return refuse(ctx, 401, 'Missing secret');
	if (!secretsMatch(given, await resumeSecret(ctx, executionId))) return refuse(ctx, 403, 'Wrong secret');
	if (resumed.has(executionId)) return answer(ctx, 409, { received: true, resumed: false, error: 'The execution has resumed already' });

	const items = pendingItems(ctx);
	const plans = items.map((item) => planOf(item.json));
	const waiting = plans.filter((plan): plan is WaitPlan => plan !== undefined);
	if (waiting.length === 0) return answer(ctx, 409, { received: true, resumed: false, error: 'This execution is not waiting for order statuses' });

	const isCheck = (ctx.getBodyData() as IDataObject | undefined)?.printStoreCheck === true;
	if (!isCheck) {
		const { relevant, refused } = concerned(ctx, waiting);
		if (refused) return refused;
		if (!relevant) return answer(ctx, 200, { received: true, resumed: false });
	}

	const now = Date.now();
	const outputs: INodeExecutionData[] = [];
	let timedOut = false;
	for (let index = 0; index < items.length; index++) {
		const plan = plans[index];
		if (!plan) {
			outputs.push(items[index]);
			continue;
		}
		const history = await readHistory(ctx, plan);
		const settlement = settle(history, plan);
		if (!settlement && Date.parse(plan.timeLimit) > now) {
			return answer(ctx, 200, { received: true, resumed: false, waitingFor: waiting.length });
		}
		timedOut ||= !settlement;
		const by: ResumedBy = !settlement ? 'timeLimit' : isCheck ? 'check' : 'callback';
		outputs.push({ json: resultJson(plan, history, by, settlement), pairedItem: items[index].pairedItem ?? { item: index } });
	}
	resumed.add(executionId);
	if (resumed.size > RESUMED_MEMORY) resumed.delete(resumed.values().next().value as string);
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
			return answer(this, 503, { received: false, resumed: false, error: hideSecretsInText((error as Error).message ?? 'Unknown error') });
		}
	});
	queues.set(executionId, turn);
	try {
		return await turn;
	} finally {
		if (queues.get(executionId) === turn) queues.delete(executionId);
	}
}
