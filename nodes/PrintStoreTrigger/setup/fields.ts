import type { INodeProperties } from 'n8n-workflow';

import { downloadFields } from '../../shared/files/fields';
import { storeLocatorModes } from '../../shared/lists/stores';

/** The catch-up's fields, shown from version 2 on (versions 1 and 1.1 have no catch-up). Defaults as settings.ts's CATCH_UP_DEFAULTS. */
const FROM_VERSION_2 = { '@version': [{ _cnd: { gte: 2 } }] };
const BEFORE_VERSION_2 = { '@version': [{ _cnd: { lt: 2 } }] };

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
export const EVENTS_PROPERTIES: INodeProperties[] = [
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		options: EVENT_KINDS,
		default: ['status', 'details'],
		displayOptions: { show: FROM_VERSION_3 },
		description: 'Which callbacks to listen to. Each status change starts the workflow once, with the fields of every callback that reported it.',
	},
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		options: EVENT_KINDS,
		default: ['status', 'details'],
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
			'Store of the orders, for reading them through API: Fetch From the API, the status of callbacks that carry none (a GET, an empty POST), and the statuses offered above. Without it, the StoreID the event carries is used, or the store that Print Store > Create put in the callback URL.',
	},
	{
		displayName: 'Store',
		name: 'enrichStoreId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		displayOptions: { show: FROM_VERSION_2 },
		hint: 'Leave empty when your account has one store: that one is read',
		description:
			"The store whose orders the trigger reads through the API: the catch-up, Fetch From the API, the status of callbacks that carry none, and the statuses offered above. Leave it empty when your account has one store: that one is read. With several, publishing asks you to pick one (when the catch-up is on; otherwise the store the event or Print Store > Create's callback URL names is read).",
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
				name: "Orders Created With This Trigger's URLs",
				value: 'triggerOrders',
				description: 'Orders whose callback URLs are this trigger\'s, such as those Print Store > Create in this workflow makes',
			},
		],
		default: 'triggerOrders',
		description:
			"Whether to read the store through the API, every interval and when the workflow is published or n8n starts, and start the workflow for the status changes no callback delivered (n8n was down and the service gave up, or the order sends no callbacks). Each change starts it once, whether it came by callback or by catch-up. Needs the credential; reads the Store above (or your account's only store). Publishing is refused with the reason when it cannot run, and a catch-up that fails shows as a failed execution.",
	},
	{
		displayName:
			'The first time the workflow is published, the catch-up records the orders as they are and starts nothing for them; from then on it emits what changed since it last read the store. Events it emits carry source "catchUp", those callbacks bring "callback".',
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
					'How often the store is read. Each read lists the orders since the oldest one not yet completed (100 a request) and reads the history of each order that changed.',
			},
			{
				displayName: 'Emit Missed Changes Up To (Days Old)',
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
					"Where this n8n reaches its own webhooks, for this trigger alone; the credential's n8n Internal URL sets it once for every node. Each catch-up runs in a request to the trigger's own webhook; leave empty and the trigger finds the address (the one callbacks arrive at, n8n's default port 5678, then the Production URL).",
			},
			{
				displayName: 'Watch Orders For (Days)',
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
	"The URLs of the event's own status record; when it names none, those of the newest records of the order's status history (the one Fetch From the API read, or one more request). A failed download fails the item unless the node's On Error setting goes on (the event then carries downloadError).",
	false,
).map((field) => ({ ...field, displayOptions: { ...field.displayOptions, show: { ...field.displayOptions?.show, ...FROM_VERSION_2 } } }));
