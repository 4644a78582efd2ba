import type { ICredentialDataDecryptedObject, IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';

import { legacyCallbacks } from '../../shared/legacyCallbacks';
import { triggerSecret } from '../../shared/callbacks/secrets';
import { secretPlacement, triggerCallbackUrl, withStore } from '../../shared/callbacks/urls';
import { InvalidValue, ItemProblem } from '../../shared/errors';
import { isRecord } from '../../shared/json';
import { webhookBaseUrl, workflowNodes } from '../../shared/n8nInternals';
import { CREDENTIAL_TYPE } from '../../shared/transport';
import { resumeAddress } from '../wait/resumeAddress';
import { rootLabel, whereToRemove, type OrderItemDraft } from './check';

/**
 * Create's Status Callbacks, resolved once per run into data (`CallbackChoice`, by `callbackChoice`)
 * that `withCallbackUrls` then adds to each order item before it is checked: the execution's resume
 * address, the addresses of the workflow's Print Store Triggers, or the URLs given in the node.
 *
 * "From Print Store Trigger in This Workflow": the callback addresses of a Print
 * Store Trigger of this workflow, computed here from what every n8n process has (the workflow's
 * nodes, the instance's webhook base URL, the credential), exactly as the trigger checks them. So
 * Create works wherever the execution runs, a queue-mode worker included, with nothing read from
 * static data. Whether the workflow is active is not checked: n8n 2.x runs an editor execution with
 * the draft, which reads as inactive even when the workflow is published. Until it is active, n8n
 * answers the service's callbacks with 404.
 */
const TRIGGER_TYPE_SUFFIX = '.printStoreTrigger';
export const NOTHING_SENT = 'Nothing was sent.';

/** A trigger's callback addresses ('' for a kind it does not start for), or why it has none. */
export type Addresses = { statusUrl: string; detailsUrl: string } | ItemProblem;

/**
 * The kinds of callback a trigger starts for. From version 3 on, Create gives the service only those
 * URLs: the trigger would answer the other kind's callbacks and start nothing. Versions before get
 * both, as their orders always had. Events an expression sets (this node cannot evaluate another
 * node's) or none picked: both.
 */
function kindsStartedFor(trigger: INode): { status: boolean; details: boolean } {
	const events: unknown = trigger.parameters.events;
	if ((trigger.typeVersion ?? 1) < 3 || !Array.isArray(events) || events.length === 0) return { status: true, details: true };
	const picked = events.map(String);
	return { status: picked.includes('status'), details: picked.includes('details') };
}

function credentialOf(node: INode) {
	return node.credentials?.[CREDENTIAL_TYPE];
}

function addressesOf(ctx: IExecuteFunctions, trigger: INode, credentials: () => Promise<ICredentialDataDecryptedObject>): Promise<Addresses> | Addresses {
	const options = (trigger.parameters.options ?? {}) as IDataObject;
	const placement = secretPlacement(trigger, options.secretPlacement);
	const workflowId = String(ctx.getWorkflow().id ?? '');
	const urls = (secret: string): Addresses => {
		const base = webhookBaseUrl(ctx);
		if (!/^https?:\/\//i.test(base)) {
			return new ItemProblem('n8n gave no usable webhook address for this execution', `Check n8n's webhook URL setting, N8N_WEBHOOK_URL (WEBHOOK_URL on n8n 1.x), on every process, workers included. ${NOTHING_SENT}`);
		}
		const kinds = kindsStartedFor(trigger);
		return {
			statusUrl: kinds.status ? triggerCallbackUrl(base, workflowId, trigger, 'status', secret, placement) : '',
			detailsUrl: kinds.details ? triggerCallbackUrl(base, workflowId, trigger, 'details', secret, placement) : '',
		};
	};
	const fixed = typeof options.callbackSecret === 'string' ? options.callbackSecret : '';
	if (fixed.startsWith('=')) {
		return new ItemProblem(
			`The Callback Secret of the Print Store Trigger "${trigger.name}" is an expression`,
			`This node cannot evaluate another node's expression. Give the trigger a fixed Callback Secret, or clear it and select the same credential on both nodes. ${NOTHING_SENT}`,
		);
	}
	if (fixed) return urls(fixed);
	const theirs = credentialOf(trigger);
	const ours = credentialOf(ctx.getNode());
	if (theirs && theirs.id !== ours?.id) {
		return new ItemProblem(
			`The Print Store Trigger "${trigger.name}" uses another credential ("${theirs.name}") than this node ("${ours?.name ?? ''}")`,
			`The secret of the trigger's callback URLs is derived from its credential: select the same Print Store credential on both nodes. ${NOTHING_SENT}`,
		);
	}
	if (theirs) {
		return credentials().then((data) => urls(triggerSecret(data, workflowId, trigger)));
	}
	// Activated by an earlier version of the package, which kept its URLs in static data (main process only).
	const legacy = legacyCallbacks(ctx.getWorkflowStaticData('global'), trigger.name);
	if (legacy) return legacy;
	return new ItemProblem(
		`The Print Store Trigger "${trigger.name}" has no credential`,
		`Select the same Print Store credential on the trigger as on this node (the secret of its callback URLs is derived from it), or set a Callback Secret in the trigger's options. ${NOTHING_SENT}`,
	);
}

/** The workflow's Print Store Triggers (not disabled), by name, with their addresses. */
export interface TriggerAddressBook {
	names: string[];
	addresses: Map<string, Addresses>;
}

/** Status Callbacks, resolved once for the run: the mode, and what its URLs come from. */
export interface CallbackChoice {
	mode: string;
	/** The execution's resume address (Resume This Execution). */
	resume?: string;
	/** The workflow's triggers and their addresses (From Print Store Trigger). */
	triggers?: TriggerAddressBook;
	/**
	 * Callback addresses come from the node's settings only: an order item that brings its own is
	 * refused (Create as an AI tool, where the order items are the model's words).
	 */
	workflowOnly?: boolean;
	/** What the node gives for order `itemIndex`: the trigger's name, the Custom URLs. */
	given: (itemIndex: number) => GivenCallbacks;
}

/** Status Callbacks' fields of one order. */
export interface GivenCallbacks {
	trigger: string;
	statusUrl: string;
	detailsUrl: string;
}

/** Reads the workflow's triggers once per execution, with the credential read at most once. */
async function triggerAddressBook(ctx: IExecuteFunctions): Promise<TriggerAddressBook> {
	const triggers = workflowNodes(ctx).filter((node) => node.type.endsWith(TRIGGER_TYPE_SUFFIX) && node.disabled !== true);
	let credentials: Promise<ICredentialDataDecryptedObject> | undefined;
	const readCredentials = () => (credentials ??= ctx.getCredentials(CREDENTIAL_TYPE));
	const addresses = new Map<string, Addresses>();
	for (const trigger of triggers) addresses.set(trigger.name, await addressesOf(ctx, trigger, readCredentials));
	return { names: triggers.map((node) => node.name), addresses };
}

/**
 * Status Callbacks is one choice for the whole node (no expressions): the resume address is the
 * execution's and the triggers' addresses the workflow's, the same for every order.
 */
export async function callbackChoice(
	ctx: IExecuteFunctions,
	/** The input item order `itemIndex` reads the node's fields from (a tool call's list: all from the call's one item). */
	inputItemOf: (itemIndex: number) => number,
	workflowOnly: boolean,
): Promise<CallbackChoice> {
	const mode = String(ctx.getNodeParameter('statusCallbacks', 0, 'none'));
	const text = (name: string, itemIndex: number) => String(ctx.getNodeParameter(name, inputItemOf(itemIndex), '') ?? '').trim();
	const given = (itemIndex: number): GivenCallbacks => ({
		trigger: mode === 'trigger' ? text('callbackTrigger', itemIndex) : '',
		statusUrl: mode === 'custom' ? text('statusCallbackUrl', itemIndex) : '',
		detailsUrl: mode === 'custom' ? text('statusDetailsCallbackUrl', itemIndex) : '',
	});
	if (mode === 'wait') return { mode, resume: await resumeAddress(ctx), workflowOnly, given };
	if (mode === 'trigger') return { mode, triggers: await triggerAddressBook(ctx), workflowOnly, given };
	return { mode, workflowOnly, given };
}

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
	const urls: IDataObject = {};
	if (found.statusUrl) urls.StatusCallbackUrl = withStore(found.statusUrl, storeId);
	if (found.detailsUrl) urls.StatusDetailsCallbackUrl = withStore(found.detailsUrl, storeId);
	return urls;
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

function customCallbacks({ statusUrl: status, detailsUrl: details }: GivenCallbacks): IDataObject {
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
export function withCallbackUrls(choice: CallbackChoice, draft: OrderItemDraft, itemIndex: number, storeId: string): OrderItemDraft {
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
			? triggerUrls(triggers, choice.given(itemIndex).trigger, storeId)
			: mode === 'wait' && resume
				? { StatusCallbackUrl: resume }
				: customCallbacks(choice.given(itemIndex));
	const labels =
		mode === 'custom' ? { ...draft.labels, StatusCallbackUrl: 'Status Callback URL', StatusDetailsCallbackUrl: 'Status Details Callback URL' } : draft.labels;
	return { ...draft, value: { ...value, ...urls }, labels };
}
