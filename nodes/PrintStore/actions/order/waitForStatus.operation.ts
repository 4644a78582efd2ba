import type { IExecuteFunctions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { showFor } from '../../../shared/displayOptions';
import { newestFiles, WithFiles } from '../../../shared/files/attach';
import { downloadFields, filesWanted } from '../../../shared/files/fields';
import { InvalidValue } from '../../../shared/errors';
import { storeIdField } from '../../descriptions/common.fields';
import { forEachItem } from '../../perItem/run';
import { leaveOnStack } from '../../../shared/n8nInternals';
import { startChecks, TIMER_GRACE_MS } from '../../wait/checks';
import { READ_HISTORY, readStatusHistory } from '../../../shared/reads/orders';
import { orderLocator } from '../../descriptions/order.fields';
import { orderRef } from '../../perItem/parameters';

/** The API call it makes: reading status histories (Get Status History's). */
export const api = READ_HISTORY;
import type { WaitPlan } from '../../wait/plan';
import { pendingItem, resultJson, settle } from '../../wait/plan';
import { findWaitingExecution } from '../../wait/reach';

const MINUTE = 60_000;
const UNIT_MS: Record<string, number> = { seconds: 1000, minutes: MINUTE, hours: 60 * MINUTE, days: 24 * 60 * MINUTE };

/** Its entry in the resource's Operation list, and what an AI model reads about it as a tool. */
export const option: INodePropertyOptions = {
	name: 'Wait Until Status',
	value: 'waitForStatus',
	description: 'Pause the execution until each order reaches a status, such as shipped or delivered, or runs out of time',
	action: 'Wait until order reaches status',
};
export const toolDescription =
	'Not for conversations: waiting pauses the whole workflow. Use the status lookup tool to answer where an order is.';

/** An amount and its unit, as two fields: `<name>` (a number) and `<name>Unit`, read back by `duration()`. */
function durationFields(amount: Omit<INodeProperties, 'type'>, units: string[], defaultUnit: string): INodeProperties[] {
	return [
		{ ...amount, type: 'number' },
		{
			displayName: `${amount.displayName} Unit`,
			name: `${amount.name}Unit`,
			type: 'options',
			// By name, as n8n's lists are (Days, Hours, Minutes).
			options: units.map((unit) => ({ name: unit.charAt(0).toUpperCase() + unit.slice(1), value: unit })).sort((a, b) => a.name.localeCompare(b.name)),
			default: defaultUnit,
		},
	];
}

export const description: INodeProperties[] = showFor({ show: { resource: ['order'], operation: ['waitForStatus'] } }, [
	{
		displayName:
			'The execution pauses here until every item\'s order reaches a status below or runs out of time, then goes on once. <a href="https://github.com/print-store/n8n-nodes-print-store/blob/main/docs/print-store-node.md#waiting-until-orders-ship-or-arrive" target="_blank">How it works</a>',
		name: 'waitNotice',
		type: 'notice',
		default: '',
	},
	storeIdField,
	{ ...orderLocator, description: 'The order to wait for' },
	{
		displayName: 'Wait for Status Names or IDs',
		name: 'waitFor',
		type: 'multiOptions',
		required: true,
		// The statuses seen in the store's orders first, then example names (shared/reads/statusOptions.ts).
		typeOptions: { loadOptionsMethod: 'getOrderStatuses', loadOptionsDependsOn: ['storeId', 'storeId.value'] },
		default: ['Delivered'],
		description:
			'Statuses that end the wait: the first one the order reaches releases it. The list shows the statuses seen in the store, then examples. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	},
	{
		displayName: 'Fail on Status Names or IDs',
		name: 'failOn',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getOrderStatuses', loadOptionsDependsOn: ['storeId', 'storeId.value'] },
		default: ['Failed', 'Cancelled'],
		description:
			'Statuses that end the wait with an error: the order\'s item comes out with outcome "failed". The list shows the statuses seen in the store, then examples. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	},
	...durationFields(
		{
			displayName: 'Time Limit',
			name: 'timeLimit',
			// No numberPrecision: it would show 3 as "3.00"; fractions such as 1.5 are still taken as typed.
			typeOptions: { minValue: 0 },
			default: 3,
			description: 'How long to wait at most. An order that has not reached a status by then comes out with outcome "timedOut".',
		},
		['minutes', 'hours', 'days'],
		'days',
	),
	{
		displayName: 'Status Checks',
		name: 'statusChecks',
		type: 'options',
		options: [
			{
				name: 'Every Interval',
				value: 'interval',
				description:
					"Read the orders' status histories every Check Every, in case a callback never arrives. The checks call this n8n's own webhooks: the wait stops at once, saying what to set, where they cannot.",
			},
			{
				name: 'Off (Callbacks Only)',
				value: 'off',
				description: "Only the orders' callbacks end the wait early (Create with Status Callbacks: Resume This Execution); otherwise n8n ends it at the time limit, unchecked",
			},
		],
		default: 'interval',
		description: 'Whether the node reads the statuses itself while it waits',
	},
	...durationFields(
		{
			displayName: 'Check Every',
			name: 'checkEvery',
			typeOptions: { minValue: 1 },
			default: 15,
			description: 'How often to read the status history of the orders that are still waited for, in case a callback never arrives',
		},
		['seconds', 'minutes', 'hours'],
		'minutes',
	).map((field) => ({ ...field, displayOptions: { show: { statusChecks: ['interval'] } } })),
	...downloadFields('From the newest records that name them, when the wait ends. If a download fails after a pause, its item gets downloadError instead', false),
]);

/** A list of status names or IDs, picked or typed (comma-separated); Wait For needs at least one. */
function statuses(ctx: IExecuteFunctions, name: string, label: string, itemIndex: number, required: boolean): string[] {
	const value = ctx.getNodeParameter(name, itemIndex, []) as unknown;
	const list = (Array.isArray(value) ? value : String(value ?? '').split(',')).map((entry) => String(entry).trim()).filter(Boolean);
	if (required && list.length === 0) throw new InvalidValue(label, 'pick at least one status to wait for');
	return list;
}

function duration(ctx: IExecuteFunctions, amountName: string, unitName: string, label: string, itemIndex: number): number {
	const amount = Number(ctx.getNodeParameter(amountName, itemIndex, 0));
	const unit = String(ctx.getNodeParameter(unitName, itemIndex, 'minutes'));
	if (!Number.isFinite(amount) || amount < 0) throw new InvalidValue(label, `must be a number of ${unit}, 0 or more`);
	if (!(unit in UNIT_MS)) throw new InvalidValue(`${label} Unit`, `must be one of ${Object.keys(UNIT_MS).join(', ')}`);
	return amount * UNIT_MS[unit];
}

function planFor(ctx: IExecuteFunctions, itemIndex: number, now: number): WaitPlan {
	const { storeId, order } = orderRef(ctx, itemIndex);
	const orderBy = (ctx.getNodeParameter('orderId', itemIndex, {}) as { mode?: string }).mode === 'orderNumber' ? 'orderNumber' : 'id';
	const limitMs = duration(ctx, 'timeLimit', 'timeLimitUnit', 'Time Limit', itemIndex);
	return {
		storeId,
		order,
		orderBy,
		waitFor: statuses(ctx, 'waitFor', 'Wait For', itemIndex, true),
		failOn: statuses(ctx, 'failOn', 'Fail On', itemIndex, false),
		timeLimit: new Date(now + limitMs).toISOString(),
	};
}

/**
 * Reads each order's status history once. If every order is already settled (or the time limit is
 * 0), the node outputs at once. Otherwise it leaves one pending item per input item on n8n's stack,
 * finds where its checks reach the execution in n8n (or fails, saying what to set), starts them,
 * and puts the execution to wait until the latest time limit (plus a margin, so its own last check
 * ends the wait with fresh histories; n8n's timer is the backstop, and its items say so).
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const now = Date.now();
	const waiting: WaitPlan[] = [];
	let checkEveryMs = Infinity;
	// One item per input item, as it stands now: settled (or out of time) already, or still waiting.
	let checks = false;
	const pending = await forEachItem(this, async (itemIndex) => {
		const plan = planFor(this, itemIndex, now);
		if (this.getNodeParameter('statusChecks', itemIndex, 'interval') !== 'off') {
			checks = true;
			checkEveryMs = Math.min(checkEveryMs, Math.max(1000, duration(this, 'checkEvery', 'checkEveryUnit', 'Check Every', itemIndex)));
		}
		const wanted = filesWanted((name, fallback) => this.getNodeParameter(name, itemIndex, fallback));
		const history = await readStatusHistory(this, plan);
		const readAt = new Date();
		const settlement = settle(history, plan);
		if (settlement || Date.parse(plan.timeLimit) <= now) {
			const json = resultJson(plan, history, settlement ? 'alreadyThere' : 'timeLimit', settlement);
			return wanted ? new WithFiles([json], new Map([[0, newestFiles(history, wanted)]]), wanted.maxBytes) : json;
		}
		waiting.push(plan);
		return pendingItem(plan, history, itemIndex, readAt).json;
	});
	if (waiting.length === 0) return pending;

	const latest = Math.max(...waiting.map((plan) => Date.parse(plan.timeLimit)));
	// The resume calls read the plans from these items, and n8n's own timer, should it end the
	// wait, outputs them as they are (unchecked).
	leaveOnStack(this, pending);
	// Stops here, before anything waits, when no address reaches the execution in n8n.
	const reach = checks ? await findWaitingExecution(this) : undefined;
	if (reach) startChecks(this, reach, checkEveryMs, latest);
	await this.putExecutionToWait(new Date(latest + (reach ? TIMER_GRACE_MS : 0)));
	return pending;
}
