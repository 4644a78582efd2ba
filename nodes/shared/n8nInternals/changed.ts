import type { INode } from 'n8n-workflow';
import * as n8nWorkflow from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * The n8n versions every entry of this folder was tested on, by the end-to-end suites
 * (`npm run compatibility -- --n8n <version>`; README, "Compatibility").
 */
export const TESTED_ON = '2.33.7 and 2.35.7 to 2.41.1 (one process; 2.41.1 also in queue mode), and 1.123.81';

/**
 * Each n8n behaviour the package relies on without n8n documenting it for community nodes: the
 * feature that needs it, and what a user can do while it does not hold. The key is the guard's
 * name, as its error says it (`guard "<name>"`) and as `npm run compatibility` reports it.
 */
export const GUARDS = {
	executionStack: {
		feature: 'Order > Wait Until Status',
		relies: "the node's entry on the execution stack is the one n8n saves with the waiting execution",
		instead: 'Start a workflow from the Print Store Trigger instead of waiting, or use a tested n8n version.',
	},
	waitingItems: {
		feature: 'Order > Wait Until Status (resuming)',
		relies: 'the resume webhook reads the items the waiting node left, as $input.all()',
		instead: 'Start a workflow from the Print Store Trigger instead of waiting, or use a tested n8n version.',
	},
	resumeUrl: {
		feature: 'Order > Wait Until Status and Status Callbacks "Resume This Execution"',
		relies: '$execution.resumeUrl is an http(s) address that ends in the execution ID',
		instead: 'Use Status Callbacks "From Print Store Trigger in This Workflow" and the Print Store Trigger, or a tested n8n version.',
	},
	freshRead: {
		feature: 'Order > Wait Until Status (resuming in queue mode)',
		relies: "the resume webhook's context can send HTTP requests, so that a POST to the execution's resume address makes n8n load the execution again and run the waiting node's webhook, which says which wait it is at",
		instead: 'Route each execution\'s /webhook-waiting/<execution ID> calls to one webhook process (docs/queue-mode.md), or use a tested n8n version.',
	},
	backgroundChecks: {
		feature: 'Order > Wait Until Status (its checks while the execution waits)',
		relies: "the node's execution context can still send HTTP requests after execute() has returned",
		instead: 'Set Status Checks to Off: the orders\' callbacks still resume the wait, and its time limit ends it otherwise.',
	},
	catchUpClock: {
		feature: 'Print Store Trigger (its catch-up of missed events)',
		relies: "the trigger's trigger() context can send HTTP requests to n8n's own webhooks for as long as the workflow is published",
		instead: 'Set Catch Up Missed Events to Off: callbacks still start the workflow.',
	},
	workflowNodes: {
		feature: 'Create with Status Callbacks "From Print Store Trigger in This Workflow"',
		relies: "the execution context keeps the workflow's nodes, as saved, under workflow.nodes",
		instead: "Set a Callback Secret in the trigger's options and give its Production URLs as Custom URLs in Status Callbacks.",
	},
	webhookBaseUrl: {
		feature: 'Create with Status Callbacks "From Print Store Trigger in This Workflow"',
		relies: "the execution context keeps n8n's production webhook base URL under additionalData.webhookBaseUrl",
		instead: "Set a Callback Secret in the trigger's options and give its Production URLs as Custom URLs in Status Callbacks.",
	},
	triggerUrl: {
		feature: 'Print Store Trigger callback URLs, as Create computes them',
		relies: "n8n-workflow's NodeHelpers.getNodeWebhookUrl gives the production URL n8n serves the trigger at",
		instead: "Set a Callback Secret in the trigger's options and give its Production URLs as Custom URLs in Status Callbacks.",
	},
	webhookNames: {
		feature: 'Print Store Trigger callback URLs with the secret in the path',
		relies: 'n8n serves webhooks with names of their own (besides "default" and "setup") and tells their URL',
		instead: 'Set the trigger\'s "Secret in Callback URLs" option to "Query Parameter", or use a tested n8n version.',
	},
	staticDataSave: {
		feature: 'Print Store Trigger option "Remember Across Processes"',
		relies: "n8n marks the workflow's static data changed when a trigger writes to it, and saves it",
		instead: 'Turn "Remember Across Processes" off (each process then drops duplicates it has seen itself), or use a tested n8n version.',
	},
	staticDataCopies: {
		feature: "Print Store Trigger's memory of events (with the catch-up, or \"Remember Across Processes\")",
		relies: "each webhook request works on its own copy of the workflow's static data, which n8n saves whole as the request ends when a write to it marked it changed; a copy another request still holds is saved as that request ends",
		instead: 'Set Catch Up Missed Events to Off and turn "Remember Across Processes" off (each process then drops duplicates it has seen itself), or use a tested n8n version.',
	},
	toolVariant: {
		feature: 'Print Store as an AI tool (guard rails: test mode, Max Orders per Call)',
		relies: 'the tool variant n8n derives from the node has a type name ending in "Tool" and an ai_tool output',
		instead: 'Use the Print Store node in a workflow (not as a tool) until a release supports this n8n version.',
	},
	customApiCall: {
		feature: 'Custom API Call',
		relies: "n8n adds no Custom API Call of its own to a node whose versions are a list (it would send no subscription key)",
		instead: "Pick the node's own Custom API Call in the operation list.",
	},
} as const;

export type GuardName = keyof typeof GUARDS;

/**
 * The running n8n, as far as n8n tells a node: n8n-workflow exports its node API level (n8n 2.x);
 * no release number reaches a node.
 */
export function runningN8n(): string {
	const level = (n8nWorkflow as Record<string, unknown>).N8N_NODES_API_VERSION;
	return typeof level === 'number' ? `an n8n with node API level ${level}` : 'an n8n without node API levels (1.x or older)';
}

/**
 * n8n does not behave as a guarded entry relies on. Never a wrong result instead: the node stops,
 * saying what changed, on which n8n, what was tested, and what to do meanwhile.
 */
export class N8nChanged extends NodeOperationError {
	readonly guard: GuardName;

	constructor(node: INode, guard: GuardName, found: string) {
		const entry = GUARDS[guard];
		super(node, `${entry.feature} does not work on this n8n version: ${found} (guard "${guard}")`, {
			description:
				`Print Store relies on this: ${entry.relies}. It was tested on n8n ${TESTED_ON}; this is ${runningN8n()}, which behaves otherwise. ` +
				`${entry.instead} Please report it with your n8n version (Settings > About n8n).`,
		});
		this.guard = guard;
	}
}
