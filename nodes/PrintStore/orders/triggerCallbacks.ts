import type { ICredentialDataDecryptedObject, IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';

import { legacyCallbacks } from '../../shared/callbackRegistry';
import { triggerSecret } from '../../shared/callbacks/secrets';
import { triggerCallbackUrl, withStore } from '../../shared/callbacks/urls';
import { ItemProblem } from '../../shared/errors';
import { webhookBaseUrl, workflowNodes } from '../../shared/n8nInternals';
import { CREDENTIAL_TYPE } from '../../shared/transport';

/**
 * Status Callbacks "From Print Store Trigger in This Workflow": the callback addresses of a Print
 * Store Trigger of this workflow, computed here from what every n8n process has (the workflow's
 * nodes, the instance's webhook base URL, the credential), exactly as the trigger checks them. So
 * Create works wherever the execution runs, a queue-mode worker included, with nothing read from
 * static data. Whether the workflow is active is not checked: n8n 2.x runs an editor execution with
 * the draft, which reads as inactive even when the workflow is published. Until it is active, n8n
 * answers the service's callbacks with 404.
 */
const TRIGGER_TYPE_SUFFIX = '.printStoreTrigger';
const NOTHING_SENT = 'Nothing was sent.';

type Addresses = { statusUrl: string; detailsUrl: string } | ItemProblem;

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

/**
 * Reads the workflow's triggers once per execution; returns what picks one by name for an item
 * (empty: the only one) and gives its addresses with the order's store added (`withStore`, read back
 * by the trigger's Fetch From the API, since status records carry no store).
 */
export async function triggerCallbacks(ctx: IExecuteFunctions): Promise<(wanted: string, storeId: string) => IDataObject> {
	const triggers = workflowNodes(ctx).filter((node) => node.type.endsWith(TRIGGER_TYPE_SUFFIX) && node.disabled !== true);
	let credentials: Promise<ICredentialDataDecryptedObject> | undefined;
	const readCredentials = () => (credentials ??= ctx.getCredentials(CREDENTIAL_TYPE));
	const addresses = new Map<string, Addresses>();
	for (const trigger of triggers) addresses.set(trigger.name, await addressesOf(ctx, trigger, readCredentials));

	return (wanted, storeId) => {
		const chosen = wanted ? triggers.filter((node) => node.name === wanted) : triggers;
		if (chosen.length > 1) {
			throw new ItemProblem(
				`This workflow has several Print Store Triggers (${triggers.map((node) => `"${node.name}"`).join(', ')})`,
				`Set "Trigger Node Name" to the one to use. ${NOTHING_SENT}`,
			);
		}
		if (chosen.length === 0) {
			throw new ItemProblem(
				wanted ? `No Print Store Trigger named "${wanted}" in this workflow` : 'No Print Store Trigger in this workflow',
				`Add a Print Store Trigger to this workflow (not disabled), or set Status Callbacks to "Custom URLs". ${NOTHING_SENT}`,
			);
		}
		const found = addresses.get(chosen[0].name) as Addresses;
		if (found instanceof ItemProblem) throw found;
		return { StatusCallbackUrl: withStore(found.statusUrl, storeId), StatusDetailsCallbackUrl: withStore(found.detailsUrl, storeId) };
	};
}
