import type { INodeProperties } from 'n8n-workflow';

import { downloadFields } from '../../shared/files/fields';
import { storeLocatorModes } from '../../shared/lists/stores';

/**
 * The trigger's fields, as the editor shows them version by version (setup/settings.ts reads them).
 * The catch-up's fields are shown from version 2 on (versions 1 and 1.1 have no catch-up), with
 * defaults as settings.ts's CATCH_UP_DEFAULTS.
 */
const FROM_VERSION_2 = { '@version': [{ _cnd: { gte: 2 } }] };
const BEFORE_VERSION_2 = { '@version': [{ _cnd: { lt: 2 } }] };

const VERSION_2 = { '@version': [2] };
const FROM_VERSION_2_1 = { '@version': [{ _cnd: { gte: 2.1 } }] };

const FROM_VERSION_3 = { '@version': [{ _cnd: { gte: 3 } }] };
const BEFORE_VERSION_3 = { '@version': [{ _cnd: { lt: 3 } }] };

const EVENT_KINDS = [
	{
		name: 'Status',
		value: 'status',
		description: "The status record, posted to the order's Status Callback URL",
	},
	{
		name: 'Status Details',
		value: 'details',
		description: "The detailed status record, posted to the order's Status Details Callback URL. It may add the order's own fields.",
	},
];

/**
 * Which callbacks start the workflow. Version 3 starts once per status change, whichever callbacks
 * report it (pipeline/pairs.ts); versions before start once per callback, as their workflows expect.
 */
const EVENTS: INodeProperties = { displayName: 'Events', name: 'events', type: 'multiOptions', options: EVENT_KINDS, default: ['status', 'details'] };

export const EVENTS_PROPERTIES: INodeProperties[] = [
	{
		...EVENTS,
		displayOptions: { show: FROM_VERSION_3 },
		description: 'Which callbacks to listen to. Each status change starts the workflow once, with the fields of every callback that reported it.',
	},
	{
		...EVENTS,
		displayOptions: { show: BEFORE_VERSION_3 },
		description: 'Which callbacks start the workflow. Each callback starts it: with both, a change reported to both URLs starts it twice.',
	},
];

/**
 * The store the trigger reads: version 2 picks it from the account's stores (as Print Store's Store
 * ID) and reads the account's only store when none is picked; versions 1 and 1.1 keep the text field
 * their workflows saved.
 */
export const STORE_PROPERTIES: INodeProperties[] = [
	{
		displayName: 'Store ID',
		name: 'enrichStoreId',
		type: 'string',
		default: '',
		placeholder: 'e.g. store_1001',
		displayOptions: { show: BEFORE_VERSION_2 },
		description:
			'Store of the orders, for reading them through the API (Fetch From the API, callbacks without a status, the statuses offered above). Empty: the store the event or its callback URL names.',
	},
	{
		displayName: 'Store',
		name: 'enrichStoreId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		displayOptions: { show: FROM_VERSION_2 },
		hint: 'Leave empty when your account has one store: that one is read',
		description:
			'The store whose orders the trigger reads through the API (the catch-up, Fetch From the API, the statuses offered above). With several stores and the catch-up on, pick one.',
		...storeLocatorModes('e.g. store_1001'),
	},
];

export const CATCH_UP_PROPERTIES: INodeProperties[] = [
	{
		displayName: 'Catch Up Missed Events',
		name: 'catchUp',
		type: 'options',
		displayOptions: { show: FROM_VERSION_2 },
		options: [
			{
				name: 'Every Order in the Store',
				value: 'storeOrders',
				description: 'Also orders made elsewhere (the provider\'s portal, other applications), which send this trigger no callbacks',
			},
			{ name: 'Off', value: 'off', description: 'Only callbacks start the workflow' },
			{
				name: "Orders Created with This Trigger's URLs",
				value: 'triggerOrders',
				description: 'Orders whose callback URLs are this trigger\'s, such as those Print Store > Create in this workflow makes',
			},
		],
		default: 'triggerOrders',
		description:
			'Whether to also read the store every interval, and start the workflow for status changes no callback delivered (e.g. while n8n was down). Each change still starts it once. Needs the credential and the Store above.',
	},
	{
		displayName:
			'On the first publish, the catch-up records the orders as they are and starts nothing for them; then it emits what changed since its last read. Its events carry source "catchUp", callbacks\' "callback".',
		name: 'catchUpNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { ...FROM_VERSION_2, catchUp: ['triggerOrders', 'storeOrders'] } },
	},
	{
		displayName: 'Catch-Up Options',
		name: 'catchUpOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { ...FROM_VERSION_2, catchUp: ['triggerOrders', 'storeOrders'] } },
		options: [
			{
				displayName: 'Catch Up Every (Minutes)',
				name: 'intervalMinutes',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 15,
				description:
					'How often the store is read. Each read lists the orders since the oldest one not yet completed and reads the history of each order that changed.',
			},
			{
				displayName: 'Emit Missed Changes up to (Days Old)',
				name: 'maxAgeDays',
				type: 'number',
				typeOptions: { minValue: 0.1, numberPrecision: 1 },
				default: 7,
				description:
					'After n8n was stopped or the workflow unpublished, changes older than this are passed over, not emitted',
			},
			{
				displayName: 'On First Publish, Emit the Last (Days)',
				name: 'firstActivationDays',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 1 },
				default: 0,
				description: 'The first time the workflow is published, also emit the status changes of these last days. 0 emits none.',
			},
			{
				displayName: 'Own Address',
				name: 'ownAddress',
				type: 'string',
				default: '',
				placeholder: 'e.g. http://127.0.0.1:5678',
				description:
					"Where this n8n reaches its own webhooks, for this trigger only (the credential's n8n Internal URL sets it for every node). Leave empty to let the trigger find it.",
			},
			{
				displayName: 'Watch Orders for (Days)',
				name: 'watchDays',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 30,
				description: 'How long after its creation an order is watched. Changes of older orders reach the workflow only by callback.',
			},
		],
	},
];

/** Download Proof and Pages, from version 2 on (read in the execution, like Fetch From the API). */
export const DOWNLOAD_PROPERTIES: INodeProperties[] = downloadFields(
	"From the event's record, else the order's newest records. A failed download fails the item unless On Error continues (then: downloadError)",
	false,
).map((field) => ({ ...field, displayOptions: { ...field.displayOptions, show: { ...field.displayOptions?.show, ...FROM_VERSION_2 } } }));

const LOOK_UP_CHOICES = [
	{ name: 'Nothing', value: 'none', description: 'Emit the event as received' },
	{ name: 'Order', value: 'order', description: 'Add the whole order under "order"' },
	{ name: 'Status History', value: 'statusHistory', description: 'Add every status record of the order under "statusHistory"' },
];

/**
 * Fetch From the API: read in the execution from version 2 on (a failed read fails the item), before
 * the workflow starts in versions 1 and 1.1 (a failed read is noted on the event); pipeline/lookUp.ts.
 */
const LOOK_UP: INodeProperties = { displayName: 'Fetch From the API', name: 'enrich', type: 'options', options: LOOK_UP_CHOICES, default: 'none' };

export const LOOK_UP_PROPERTIES: INodeProperties[] = [
	{
		...LOOK_UP,
		displayOptions: { show: FROM_VERSION_2 },
		description:
			'Whether to read more about the order through the API. A failed read fails the item unless On Error continues; the event then carries enrichmentError.',
	},
	{
		...LOOK_UP,
		displayOptions: { show: BEFORE_VERSION_2 },
		description:
			'Whether to read more about the order through the API before the workflow starts. A failed read is noted on the event (enrichmentError).',
	},
];

/**
 * The trigger's Options, one collection per version that reads them differently: the catch-up (from
 * version 2) remembers events longer and across processes; Secret in Callback URLs, when left out,
 * is the path before version 2.1 and the query from then on (shared/callbacks/urls.ts), so each
 * version's default is what it does without the option.
 */
function optionsCollection(catchUp: boolean, secretPlacement: 'path' | 'query'): INodeProperties {
	return {
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
					'A secret of your own for the callback URLs, needed when orders are created outside this workflow. Leave empty to use the secret derived from the credential, which stays the same across activations and restarts.',
			},
			{
				displayName: 'Duplicate Window (Minutes)',
				name: 'duplicateWindowMinutes',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 60,
				description: catchUp
					? 'How long an event is remembered, so that the same event delivered again starts nothing. With the catch-up on, at least as long as the catch-up could still find it.'
					: 'How long an event is remembered, so that the same event delivered again starts nothing',
			},
			{
				displayName: 'Ignore Duplicate Events',
				name: 'ignoreDuplicates',
				type: 'boolean',
				default: true,
				description: catchUp
					? 'Whether to start only once when the service delivers the same event more than once. Off, every delivery starts the workflow; a catch-up still never emits what a callback brought.'
					: 'Whether to start only once when the service delivers the same event more than once. Off, every delivery starts the workflow.',
			},
			{
				displayName: 'Remember Across Processes',
				name: 'acrossProcesses',
				type: 'boolean',
				default: false,
				description: catchUp
					? 'Whether to share the memory of events between n8n processes (queue mode with several webhook processes), so that a repeated delivery reaching another process starts nothing. Costs a database write per new event. Always on with the catch-up.'
					: 'Whether to share the memory of events between n8n processes (queue mode with several webhook processes), so that a repeated delivery reaching another process starts nothing. Costs a database write per new event.',
			},
			{
				displayName: 'Secret in Callback URLs',
				name: 'secretPlacement',
				type: 'options',
				options: [
					{
						name: 'As a Path Segment',
						value: 'path',
						description: "…/status/SECRET: survives services that drop or rewrite query strings, but n8n's log may show it",
					},
					{
						name: 'As a Query Parameter',
						value: 'query',
						description: "…/status?secret=SECRET: kept out of n8n's logs, which show webhook paths",
					},
				],
				default: secretPlacement,
				description:
					'How the URLs this trigger gives Print Store > Create carry the secret. Callbacks are accepted with the secret in either place.',
			},
		],
	};
}

export const OPTIONS_PROPERTIES: INodeProperties[] = [
	{ ...optionsCollection(false, 'path'), displayOptions: { show: BEFORE_VERSION_2 } },
	{ ...optionsCollection(true, 'path'), displayOptions: { show: VERSION_2 } },
	{ ...optionsCollection(true, 'query'), displayOptions: { show: FROM_VERSION_2_1 } },
];
