import type { ICredentialDataDecryptedObject, IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';

import { legacyCallbacks } from '../../shared/legacyCallbacks';
import { triggerSecret } from '../../shared/callbacks/secrets';
import { triggerCallbackUrl } from '../../shared/callbacks/urls';
import { ItemProblem } from '../../shared/errors';
import { webhookBaseUrl, workflowNodes } from '../../shared/n8nInternals';
import { CREDENTIAL_TYPE } from '../../shared/transport';
import { resumeAddress } from '../wait/resumeUrl';

/**
 * Create's Status Callbacks, resolved once per run into data (`CallbackChoice`) that
 * `callbackUrls.ts` then applies to each order item: the execution's resume address, or the
 * addresses of the workflow's Print Store Triggers.
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

/** A trigger's two callback addresses, or why it has none. */
export type Addresses = { statusUrl: string; detailsUrl: string } | ItemProblem;

function credentialOf(node: INode) {
	return node.credentials?.[CREDENTIAL_TYPE];
}

function addressesOf(ctx: IExecuteFunctions, trigger: INode, credentials: () => Promise<ICredentialDataDecryptedObject>): Promise<Addresses> | Addresses {
	const options = (trigger.parameters.options ?? {}) as IDataObject;
	const placement = options.secretPlacement;
	const workflowId = String(ctx.getWorkflow().id ?? '');
	const urls = (secret: string): Addresses => {
		const base = webhookBaseUrl(ctx);
		if (!/^https?:\/\//i.test(base)) {
			return new ItemProblem('n8n gave no usable webhook address for this execution', `Check n8n's webhook URL setting, N8N_WEBHOOK_URL (WEBHOOK_URL on n8n 1.x), on every process, workers included. ${NOTHING_SENT}`);
		}
		return {
			statusUrl: triggerCallbackUrl(base, workflowId, trigger, 'status', secret, placement),
			detailsUrl: triggerCallbackUrl(base, workflowId, trigger, 'details', secret, placement),
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
export async function callbackChoice(ctx: IExecuteFunctions): Promise<CallbackChoice> {
	const mode = String(ctx.getNodeParameter('statusCallbacks', 0, 'none'));
	if (mode === 'wait') return { mode, resume: await resumeAddress(ctx) };
	if (mode === 'trigger') return { mode, triggers: await triggerAddressBook(ctx) };
	return { mode };
}
