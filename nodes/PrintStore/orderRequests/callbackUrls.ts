import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { withStore } from '../../shared/callbacks/urls';
import { InvalidValue, ItemProblem } from '../../shared/errors';
import { isRecord } from '../../shared/json';
import { rootLabel, whereToRemove, type OrderItemDraft } from './orderItemDraft';
import { NOTHING_SENT, type Addresses, type CallbackChoice, type TriggerAddressBook } from './callbackChoice';

/**
 * Create's callback URLs (Status Callbacks), added to each order item before it is checked, from
 * the choice resolved once for the run (`callbackChoice.ts`): the addresses of the workflow's Print
 * Store Trigger, the execution's resume address, or the URLs given in the node.
 */

const CALLBACK_KEYS = ['StatusCallbackUrl', 'StatusDetailsCallbackUrl'];

const MODE_NAMES: Record<string, string> = {
	trigger: 'From Print Store Trigger in This Workflow',
	custom: 'Custom URLs',
	wait: 'Resume This Execution (Wait Until Status)',
};

/**
 * The trigger an item names (empty: the only one), its addresses with the order's store added
 * (`withStore`, read back by the trigger's Fetch From the API, since status records carry no store).
 */
function triggerUrls(book: TriggerAddressBook, wanted: string, storeId: string): IDataObject {
	const chosen = wanted ? book.names.filter((name) => name === wanted) : book.names;
	if (chosen.length > 1) {
		throw new ItemProblem(
			`This workflow has several Print Store Triggers (${book.names.map((name) => `"${name}"`).join(', ')})`,
			`Set "Trigger Node Name" to the one to use. ${NOTHING_SENT}`,
		);
	}
	if (chosen.length === 0) {
		throw new ItemProblem(
			wanted ? `No Print Store Trigger named "${wanted}" in this workflow` : 'No Print Store Trigger in this workflow',
			`Add a Print Store Trigger to this workflow (not disabled), or set Status Callbacks to "Custom URLs". ${NOTHING_SENT}`,
		);
	}
	const found = book.addresses.get(chosen[0]) as Addresses;
	if (found instanceof ItemProblem) throw found;
	return { StatusCallbackUrl: withStore(found.statusUrl, storeId), StatusDetailsCallbackUrl: withStore(found.detailsUrl, storeId) };
}

/**
 * An order item written by an AI model may not say where the order's status reports go: a misled
 * model could send every report (recipient, tracking number) to any address. Keys are compared
 * without case, as a service may read them.
 */
function refuseOwnCallbacks(value: IDataObject): void {
	const own = Object.keys(value).filter((key) => CALLBACK_KEYS.some((name) => name.toLowerCase() === key.toLowerCase()));
	if (own.length === 0) return;
	throw new ItemProblem(
		`The order item gives "${own[0]}": where status reports go is set by the workflow, not by the tool's arguments`,
		`Send the order item without "StatusCallbackUrl" and "StatusDetailsCallbackUrl". ${NOTHING_SENT}`,
	);
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
	const { mode, resume, triggers } = choice;
	const value = draft.value;
	// Not an object: the order item check names that problem.
	if (!isRecord(value)) return draft;
	if (choice.workflowOnly) refuseOwnCallbacks(value);
	if (!(mode in MODE_NAMES)) return draft;
	const own = CALLBACK_KEYS.filter((key) => value[key] !== undefined && value[key] !== '');
	if (own.length > 0) {
		throw new InvalidValue(
			`${rootLabel(draft.mode)}.${own[0]}`,
			`is given in the order item while Status Callbacks is "${MODE_NAMES[mode]}". ${whereToRemove(draft.mode)}, or set Status Callbacks to "None" to send the order item's own URLs.`,
		);
	}
	const urls =
		mode === 'trigger' && triggers
			? triggerUrls(triggers, String(ctx.getNodeParameter('callbackTrigger', itemIndex, '') ?? '').trim(), storeId)
			: mode === 'wait' && resume
				? { StatusCallbackUrl: resume }
				: customCallbacks(ctx, itemIndex);
	const labels =
		mode === 'custom' ? { ...draft.labels, StatusCallbackUrl: 'Status Callback URL', StatusDetailsCallbackUrl: 'Status Details Callback URL' } : draft.labels;
	return { ...draft, value: { ...value, ...urls }, labels };
}
