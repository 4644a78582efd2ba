import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

import type {
	IDataObject,
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { registerCallbacks, unregisterCallbacks } from '../PrintStore/helpers/callbackRegistry';
import { firstSighting, forgetTrigger } from './dedupe';
import { enrich } from './enrich';
import type { NormalizedEvent } from './normalize';
import { checkPayloadShape, normalizeEvents, PayloadRejected } from './normalize';
import { decodeBody, eventFilter, KNOWN_STATUSES } from './request';

const enriching = { show: { enrich: ['order', 'statusHistory'] } };

interface Registration extends IDataObject {
	statusUrl: string;
	detailsUrl: string;
	secret: string;
	registeredAt: string;
}

const MAX_BODY_BYTES = 1024 * 1024;

function sha256(value: string): Buffer {
	return createHash('sha256').update(value, 'utf8').digest();
}

/** Constant-time: both sides are hashed to the same length first. */
function secretsMatch(given: string, expected: string): boolean {
	return timingSafeEqual(sha256(given), sha256(expected));
}

function registrationKey(isTest: boolean) {
	return isTest ? 'testRegistration' : 'registration';
}

function withSecret(url: string, secret: string): string {
	return `${url}${url.includes('?') ? '&' : '?'}secret=${encodeURIComponent(secret)}`;
}

function fixedSecret(ctx: IHookFunctions | IWebhookFunctions): string {
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	return typeof options.callbackSecret === 'string' ? options.callbackSecret : '';
}

function isTestWebhook(ctx: IHookFunctions): boolean {
	return ctx.getMode() === 'manual';
}

export class PrintStoreTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Print Store Trigger',
		name: 'printStoreTrigger',
		icon: { light: 'file:../../icons/printStore.svg', dark: 'file:../../icons/printStore.dark.svg' },
		group: ['trigger'],
		// 1.1 behaves exactly as 1. For every request to a start node at version 1, n8n 2.41 evaluates a
		// legacy Webhook-node expression ($parameter.options.binaryData) in its expression isolate;
		// from 1.1 on it skips that, so each callback costs n8n one isolate evaluation less.
		version: [1, 1.1],
		defaultVersion: 1.1,
		subtitle: '={{ "On " + ($parameter["events"] || []).join(" and ") + " events" }}',
		description: 'Starts the workflow when a print order changes status, such as printed, shipped or delivered',
		defaults: { name: 'Print Store Trigger' },
		credentials: [{ name: 'printStoreOAuth2Api', required: true, displayOptions: enriching }],
		triggerPanel: {
			header: 'Send a test event to the test URL',
			executionsHelp: {
				inactive:
					"While listening, POST a status record to the status webhook's Test URL, for example: curl -X POST '<Test URL>' -H 'Content-Type: application/json' -d '{\"OrderID\": \"ord_1\", \"OrderNumber\": \"PS-100001\", \"StatusID\": 4, \"StatusDescription\": \"Shipped\", \"TrackingNumber\": \"1Z999\", \"Timestamp\": \"2026-11-22T10:00:00Z\"}'. Test URLs need no secret unless you set a Callback Secret. To receive real events, activate the workflow: orders created with this trigger's URLs then start it once per status change.",
				active:
					'The workflow is active: orders created with this trigger\'s URLs start it once per status change. Each execution appears in the Executions list.',
			},
			activationHint:
				"Once you've finished building your workflow, activate it: the trigger then registers its production URLs, and Print Store > Create in this workflow sends them with every order.",
		},
		webhooks: [
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'status' },
			// n8n names webhooks 'default' or 'setup' only; 'setup' here is the status details webhook.
			{ name: 'setup', httpMethod: 'POST', responseMode: 'onReceived', path: 'details' },
		],
		properties: [
			{
				displayName:
					'Activate the workflow, then create orders with Print Store > Create and "Status Callbacks" set to "From Print Store Trigger in This Workflow": each order then reports here. For orders created in another workflow or system, set a Callback Secret under Options and use the Production URL of each webhook above followed by ?secret=YOUR_SECRET as the order\'s Status Callback URL (status webhook) and Status Details Callback URL (details webhook).',
				name: 'wiringNotice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				options: [
					{
						name: 'Status',
						value: 'status',
						description: 'Events posted to the Status Callback URL',
					},
					{
						name: 'Status Details',
						value: 'details',
						description: 'Events posted to the Status Details Callback URL',
					},
				],
				default: ['status', 'details'],
				description: 'Which callbacks start the workflow',
			},
			{
				displayName: 'Statuses',
				name: 'statuses',
				type: 'multiOptions',
				options: KNOWN_STATUSES.map((status) => ({ name: status, value: status })),
				default: [],
				description: 'Start only for these statuses, matched on the status description. Leave empty for every status.',
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
				description: 'Whether to start only for events of orders marked completed',
			},
			{
				displayName: 'Fetch From the API',
				name: 'enrich',
				type: 'options',
				options: [
					{ name: 'Nothing', value: 'none', description: 'Emit the event as received' },
					{ name: 'Order', value: 'order', description: 'Add the whole order under "order"' },
					{
						name: 'Status History',
						value: 'statusHistory',
						description: 'Add every status record of the order under "statusHistory"',
					},
				],
				default: 'none',
				description: 'Whether to read more about the order through the API before starting the workflow',
			},
			{
				displayName: 'Store ID',
				name: 'enrichStoreId',
				type: 'string',
				default: '',
				placeholder: 'e.g. store_1001',
				description: 'Store of the orders, for the lookup. Leave empty to use the StoreID the event carries.',
				displayOptions: enriching,
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Callback Secret',
						name: 'callbackSecret',
						type: 'string',
						typeOptions: { password: true },
						default: '',
						description:
							'A secret of your own for the callback URLs, needed when orders are created outside this workflow. Leave empty to generate a new one each time the workflow is activated.',
					},
					{
						displayName: 'Ignore Duplicate Events',
						name: 'ignoreDuplicates',
						type: 'boolean',
						default: true,
						description: 'Whether to start only once when the service delivers the same event more than once',
					},
					{
						displayName: 'Duplicate Window (Minutes)',
						name: 'duplicateWindowMinutes',
						type: 'number',
						typeOptions: { minValue: 1 },
						default: 60,
						description: 'How long an event is remembered for duplicate detection',
					},
				],
			},
		],
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
	};

	webhookMethods = {
		default: {
			/** Keeps an existing registration (and its secret) across n8n restarts. */
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const stored = this.getWorkflowStaticData('node')[registrationKey(isTestWebhook(this))] as Registration | undefined;
				if (!stored?.secret) return false;
				const fixed = fixedSecret(this);
				if (fixed && !secretsMatch(fixed, stored.secret)) return false;
				return stored.statusUrl === withSecret(this.getNodeWebhookUrl('default') as string, stored.secret);
			},

			async create(this: IHookFunctions): Promise<boolean> {
				const isTest = isTestWebhook(this);
				const secret = fixedSecret(this) || randomBytes(24).toString('hex');
				const registration: Registration = {
					statusUrl: withSecret(this.getNodeWebhookUrl('default') as string, secret),
					detailsUrl: withSecret(this.getNodeWebhookUrl('setup') as string, secret),
					secret,
					registeredAt: new Date().toISOString(),
				};
				this.getWorkflowStaticData('node')[registrationKey(isTest)] = registration;
				if (!isTest) {
					const { statusUrl, detailsUrl, registeredAt } = registration;
					registerCallbacks(this.getWorkflowStaticData('global'), this.getNode().name, { statusUrl, detailsUrl, registeredAt });
				}
				return true;
			},

			/** Retires the secret: callbacks carrying it are refused from now on. */
			async delete(this: IHookFunctions): Promise<boolean> {
				const isTest = isTestWebhook(this);
				const nodeData = this.getWorkflowStaticData('node');
				const stored = nodeData[registrationKey(isTest)] as Registration | undefined;
				if (stored?.secret) forgetTrigger(stored.secret);
				delete nodeData[registrationKey(isTest)];
				if (!isTest) unregisterCallbacks(this.getWorkflowStaticData('global'), this.getNode().name);
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const request = this.getRequestObject();
		const response = this.getResponseObject();
		const refuse = (status: number, error: string): IWebhookResponseData => {
			response.status(status).json({ received: false, error });
			return { noWebhookResponse: true };
		};

		const isTest = this.getMode() === 'manual';
		const stored = this.getWorkflowStaticData('node')[registrationKey(isTest)] as Registration | undefined;
		const expected = fixedSecret(this) || stored?.secret || '';
		const given = request.query?.secret;
		// A test URL listens only while someone waits in the editor; without a fixed secret it takes
		// events without one, so a sample can be sent by hand.
		const lenientTest = isTest && !fixedSecret(this) && given === undefined;
		if (!lenientTest) {
			if (typeof given !== 'string' || given === '') return refuse(401, 'Missing callback secret');
			if (!expected || !secretsMatch(given, expected)) return refuse(403, 'Wrong callback secret');
		}

		const declaredLength = Number(request.headers['content-length'] ?? 0);
		const rawLength = (request as { rawBody?: Buffer }).rawBody?.length ?? 0;
		if (declaredLength > MAX_BODY_BYTES || rawLength > MAX_BODY_BYTES) {
			return refuse(413, 'Payload larger than 1 MiB');
		}

		const kind = this.getWebhookName() === 'setup' ? 'details' : 'status';
		let events: NormalizedEvent[];
		try {
			const payload = decodeBody(this.getBodyData(), request.headers['content-type']);
			checkPayloadShape(payload);
			events = normalizeEvents(payload, kind, new Date());
		} catch (error) {
			if (error instanceof PayloadRejected) return refuse(error.httpStatus, error.message);
			throw new NodeOperationError(this.getNode(), error as Error);
		}

		const keep = eventFilter(this);
		const options = this.getNodeParameter('options', {}) as IDataObject;
		const dedupe = options.ignoreDuplicates !== false;
		const windowMs = Number(options.duplicateWindowMinutes ?? 60) * 60_000;
		let duplicates = 0;
		let filtered = 0;
		const emitted = events.filter((event) => {
			if (!keep(event)) {
				filtered++;
				return false;
			}
			if (dedupe && !firstSighting(expected || 'test', event.eventKey, windowMs)) {
				duplicates++;
				return false;
			}
			return true;
		});

		const acknowledgement = { received: true, events: events.length, emitted: emitted.length, duplicates, filtered };
		if (emitted.length === 0) return { webhookResponse: acknowledgement };

		const enrichment = this.getNodeParameter('enrich', 'none') as string;
		if (enrichment !== 'none') {
			// Answer the service first; the lookups must not hold up its callback.
			response.status(200).json(acknowledgement);
			await enrich(this, emitted, enrichment);
			return { noWebhookResponse: true, workflowData: [this.helpers.returnJsonArray(emitted)] };
		}
		return { webhookResponse: acknowledgement, workflowData: [this.helpers.returnJsonArray(emitted)] };
	}
}
