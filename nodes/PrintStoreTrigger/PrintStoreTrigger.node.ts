import type {
	IExecuteFunctions,
	IHookFunctions,
	INodeExecutionData,
	ILoadOptionsFunctions,
	INodePropertyOptions,
	INodeType,
	INodeTypeDescription,
	ITriggerFunctions,
	ITriggerResponse,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { toNodeError } from '../shared/errors';
import { downloadInto, type FileJob } from '../shared/files/attach';
import { searchStores } from '../shared/lists/stores';
import { TRIGGER_VERSIONS } from '../shared/n8nInternals';
import { loadStatusOptions } from '../shared/reads/statusOptions';
import { register, unregister } from './activation';
import { filesOfEvent, filesWantedInExecution, lookUp, lookUpInExecution } from './pipeline/lookUp';
import { receive } from './request';
import { CALLBACK_WEBHOOKS } from './setup/access';
import { failureIn } from './clock/failure';
import { startClock } from './clock/ticks';
import { CATCH_UP_PROPERTIES, DOWNLOAD_PROPERTIES, EVENTS_PROPERTIES, LOOK_UP_PROPERTIES, OPTIONS_PROPERTIES, STORE_PROPERTIES } from './setup/trigger.fields';
import { keepMemoryWhole } from './memory/door';

/**
 * The Print Store Trigger: its description, and n8n's entry points handed to the files that do the
 * work: webhook() to request.ts, trigger() to clock/ticks.ts, execute() to pipeline/lookUp.ts (and
 * clock/failure.ts), the webhook lifecycle to activation.ts.
 */
export class PrintStoreTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Print Store Trigger',
		name: 'printStoreTrigger',
		icon: { light: 'file:../../icons/printStore.svg', dark: 'file:../../icons/printStore.dark.svg' },
		group: ['trigger'],
		// 1.1 behaves exactly as 1 and costs n8n less per callback (n8nInternals, TRIGGER_VERSIONS).
		version: TRIGGER_VERSIONS.version,
		defaultVersion: TRIGGER_VERSIONS.defaultVersion,
		subtitle: '={{ "On " + ($parameter["events"] || []).join(" and ") + " events" }}',
		description: 'Starts the workflow when a print order changes status, such as printed, shipped or delivered',
		defaults: { name: 'Print Store Trigger' },
		// Always offered: the callback secret is derived from it (setup/access.ts). Not required, so a
		// trigger with a fixed Callback Secret, or activated by an earlier version, needs none.
		credentials: [{ name: 'printStoreOAuth2Api', required: false }],
		// n8n 2.x says "publish" where n8n 1.x says "activate": the texts name both.
		triggerPanel: {
			header: 'Send a test event to the test URL',
			executionsHelp: {
				inactive:
					"While listening, POST a status record as JSON to the status webhook's Test URL, e.g. {\"OrderNumber\": \"PS-100001\", \"StatusID\": 4, \"StatusDescription\": \"Shipped\"}, or GET it with ?OrderNumber=PS-100001 to have the status read from the API. To receive real events, publish the workflow (n8n 1.x: activate it).",
				active:
					"The workflow is published (n8n 1.x: active): orders created with this trigger's URLs start it once per status change.",
			},
			activationHint:
				"Once you've finished building your workflow, publish it (n8n 1.x: activate it): orders that Print Store > Create in this workflow makes then report here.",
		},
		webhooks: CALLBACK_WEBHOOKS,
		properties: [
			{
				displayName:
					'Use the credential of your Print Store > Create here, publish the workflow (n8n 1.x: activate it), and set Create\'s Status Callbacks to "From Print Store Trigger in This Workflow". Orders from elsewhere: <a href="https://github.com/print-store/n8n-nodes-print-store/blob/main/docs/trigger.md#wiring-it-up" target="_blank">wiring it up</a>.',
				name: 'wiringNotice',
				type: 'notice',
				default: '',
			},
			...EVENTS_PROPERTIES,
			{
				displayName: 'Status Names or IDs',
				name: 'statuses',
				type: 'multiOptions',
				// The statuses seen in the store's orders first, then example names (shared/reads/statusOptions.ts).
				typeOptions: { loadOptionsMethod: 'getOrderStatuses', loadOptionsDependsOn: ['enrichStoreId'] },
				default: [],
				description:
					"Start only for these statuses; leave empty for every status. The list shows the statuses seen in the store's orders, then examples. Choose from the list, or specify IDs using an <a href=\"https://docs.n8n.io/code/expressions/\">expression</a>",
			},
			{
				displayName: 'Other Statuses',
				name: 'otherStatuses',
				type: 'string',
				default: '',
				placeholder: 'e.g. 4, Out for Delivery',
				description: 'More statuses to start for, comma-separated: status IDs or descriptions as your store sends them',
			},
			{
				displayName: 'Completed Orders Only',
				name: 'completedOnly',
				type: 'boolean',
				default: false,
				description:
					'Whether to start only for events that say their order is completed. Plain status records carry no Completed flag, so leave it off unless the payload includes the order.',
			},
			...LOOK_UP_PROPERTIES,
			...STORE_PROPERTIES,
			...DOWNLOAD_PROPERTIES,
			...CATCH_UP_PROPERTIES,
			...OPTIONS_PROPERTIES,
		],
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
	};

	methods = {
		listSearch: { searchStores },
		loadOptions: {
			async getOrderStatuses(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
				return await loadStatusOptions(this, this.getCurrentNodeParameter('enrichStoreId'));
			},
		},
	};

	webhookMethods = {
		default: {
			// Nothing is registered anywhere: false makes n8n run create (the check) on every activation and start.
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return false;
			},
			async create(this: IHookFunctions): Promise<boolean> {
				await register(this);
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				unregister(this);
				return true;
			},
		},
	};

	/**
	 * The catch-up's clock (clock/ticks.ts), which n8n runs while the workflow is published, in
	 * the process that keeps it active, from every start of n8n on. Nothing without the catch-up.
	 */
	async trigger(this: ITriggerFunctions): Promise<ITriggerResponse> {
		return await startClock(this);
	}

	/**
	 * The trigger in its execution: the events webhook() gave (n8n runs a node that has a trigger()
	 * through its execute(), test events included: n8nInternals/trigger.ts). From version 2 on,
	 * Fetch From the API reads here, per event: a read that fails fails the item, unless the node's
	 * On Error setting goes on (the event then carries `enrichmentError`).
	 */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		keepMemoryWhole(this);
		const items = this.getInputData();
		// A failure of the catch-up, which its clock started this execution to show (clock/failure.ts).
		const failure = failureIn(this, items);
		if (failure) throw failure;
		const what = lookUpInExecution(this);
		const wanted = filesWantedInExecution(this);
		if (what === 'none' && !wanted) return [items];
		const output: INodeExecutionData[] = [];
		const jobs: FileJob[] = [];
		for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
			const event = { ...items[itemIndex].json };
			try {
				if (what !== 'none') await lookUp(this, event, what);
				const refs = wanted ? await filesOfEvent(this, event, wanted) : [];
				output.push({ json: event, pairedItem: { item: itemIndex } });
				if (wanted) jobs.push({ itemIndex, item: output[output.length - 1], refs, maxBytes: wanted.maxBytes });
			} catch (error) {
				const failure = toNodeError(this.getNode(), error, itemIndex);
				if (!this.continueOnFail()) throw failure;
				output.push({ json: { ...event, enrichmentError: failure.message }, pairedItem: { item: itemIndex } });
			}
		}
		const failures = jobs.length > 0 ? await downloadInto(this, jobs) : new Map<number, Error>();
		for (const job of jobs) {
			const error = failures.get(job.itemIndex);
			if (!error) continue;
			const failure = toNodeError(this.getNode(), error, job.itemIndex);
			if (!this.continueOnFail()) throw failure;
			job.item.json = { ...job.item.json, downloadError: failure.message };
			delete job.item.binary;
		}
		return [output];
	}

	/**
	 * A request to the trigger (request.ts): the catch-up clock's, which runs a catch-up
	 * (clock/clockCall.ts), or a callback, whose events go through the one pipeline (pipeline/pass.ts).
	 */
	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const answer = await receive(this);
		// n8n saves this request's static data as it ends: with everything this process has recorded.
		keepMemoryWhole(this);
		return answer;
	}
}

