import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { InvalidValue } from '../../shared/errors';
import { isRecord } from '../../shared/json';
import { resumeAddress } from '../wait/resumeUrl';
import type { OrderItemDraft } from './buildOrderItem';
import { triggerCallbacks } from './triggerCallbacks';

/**
 * Create's callback URLs (Status Callbacks), added to each order item before it is checked: the
 * addresses of the workflow's Print Store Trigger, the execution's resume address, or the URLs given
 * in the node.
 */

const CALLBACK_KEYS = ['StatusCallbackUrl', 'StatusDetailsCallbackUrl'];

const MODE_NAMES: Record<string, string> = {
	trigger: 'From Print Store Trigger in This Workflow',
	custom: 'Custom URLs',
	wait: 'Resume This Execution (Wait Until Status)',
};

type TriggerAddresses = Awaited<ReturnType<typeof triggerCallbacks>>;

/** Status Callbacks, resolved once for the run: the mode, and what its URLs come from. */
export interface CallbackChoice {
	mode: string;
	/** The execution's resume address (Resume This Execution). */
	resume?: string;
	/** The addresses of the workflow's Print Store Trigger (From Print Store Trigger). */
	fromTrigger?: TriggerAddresses;
}

/**
 * Status Callbacks is one choice for the whole node (no expressions): the resume address is the
 * execution's and the trigger's addresses the workflow's, the same for every order.
 */
export async function callbackChoice(ctx: IExecuteFunctions): Promise<CallbackChoice> {
	const mode = String(ctx.getNodeParameter('statusCallbacks', 0, 'none'));
	if (mode === 'wait') return { mode, resume: await resumeAddress(ctx) };
	if (mode === 'trigger') return { mode, fromTrigger: await triggerCallbacks(ctx) };
	return { mode };
}

function customCallbacks(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const status = String(ctx.getNodeParameter('statusCallbackUrl', itemIndex, '') ?? '').trim();
	const details = String(ctx.getNodeParameter('statusDetailsCallbackUrl', itemIndex, '') ?? '').trim();
	if (!status && !details) throw new InvalidValue('Status Callback URL', 'give at least one callback URL, or choose "None"');
	const urls: IDataObject = {};
	if (status) urls.StatusCallbackUrl = status;
	if (details) urls.StatusDetailsCallbackUrl = details;
	return urls;
}

/**
 * The order item with the callback URLs of the choice. A JSON order item that brings its own URLs
 * while the node is told where to send them is an error: either choice silently dropped would send
 * events somewhere the user did not expect.
 */
export function withCallbackUrls(ctx: IExecuteFunctions, choice: CallbackChoice, draft: OrderItemDraft, itemIndex: number, storeId: string): OrderItemDraft {
	const { mode, resume, fromTrigger } = choice;
	if (!(mode in MODE_NAMES)) return draft;
	const value = draft.value;
	// Not an object: the order item check names that problem.
	if (!isRecord(value)) return draft;
	const own = CALLBACK_KEYS.filter((key) => value[key] !== undefined && value[key] !== '');
	if (own.length > 0) {
		throw new InvalidValue(
			`Order Item (JSON).${own[0]}`,
			`is given in the order item while Status Callbacks is "${MODE_NAMES[mode]}". Remove it from the JSON, or set Status Callbacks to "None" to send the URLs of the JSON.`,
		);
	}
	const urls =
		mode === 'trigger' && fromTrigger
			? fromTrigger(String(ctx.getNodeParameter('callbackTrigger', itemIndex, '') ?? '').trim(), storeId)
			: mode === 'wait' && resume
				? { StatusCallbackUrl: resume }
				: customCallbacks(ctx, itemIndex);
	const labels =
		mode === 'custom' ? { ...draft.labels, StatusCallbackUrl: 'Status Callback URL', StatusDetailsCallbackUrl: 'Status Details Callback URL' } : draft.labels;
	return { ...draft, value: { ...value, ...urls }, labels };
}
