import type { INode } from 'n8n-workflow';

import { N8nChanged } from './changed';

/**
 * The node versions both nodes declare, and what their form relies on.
 *
 * Print Store: versions given as a list. Relies on: n8n's editor then adds no "Custom API Call" of its
 * own, which would run as the HTTP Request node without the subscription key; the node's own Custom
 * API Call sends both. Version 2 offers it in each resource's operations; version 1 (workflows saved
 * before) also keeps it as a resource. Checked: a run with n8n's own Custom API Call value stops.
 * Version 3 (new nodes) shows Create's Test Mode beside the order, on by default, marks the output of
 * test orders, and starts Order Item (JSON) empty; versions 1 and 2 keep their defaults and behaviour.
 * Version 4 (new nodes) makes Create's and Get Price Quote's Product a pick-from-the-list field
 * (resource locator); versions 1 to 3 keep the text field their workflows saved a plain ID in.
 * Version 5 (new nodes) makes every operation's Store ID a pick-from-the-list field too (the stores
 * the account can use, GET /store), and adds Template Fields to Create and Get Price Quote (fields
 * mode): n8n's resource mapper with the picked product's template fields, sent in
 * Product.TemplateFields; versions 1 to 4 keep the Store ID text field and send what they sent.
 * Version 6 (new nodes) adds Simplify to Order > Get, Get Many and Get Status History, on by default
 * (descriptions/simplify.ts), and answers Store > Remove Application Association with
 * `{ deleted: true }`; versions 1 to 5 keep their raw output and `{ success, applicationId, storeId }`.
 * Tested: test/node/custom-api-call.test.ts, test/e2e/custom-api-call.test.ts, test/e2e/editor.browser.test.ts,
 * test/node/saved-versions.test.ts, test/node/stores-and-template-fields.test.ts, test/node/simplify.test.ts.
 */
export const PRINT_STORE_VERSIONS = { version: [1, 2, 3, 4, 5, 6], defaultVersion: 6 };

/**
 * Print Store Trigger: 1.1 behaves exactly as 1. Relies on: for every request to a start node at
 * version 1, n8n 2.41 evaluates a legacy Webhook-node expression ($parameter.options.binaryData) in
 * its expression isolate; from 1.1 on it skips that. Nothing to check at run time: if n8n changes
 * this, only the cost of a callback changes.
 * Version 2 adds the catch-up (Catch Up Missed Events), on by default for the trigger's own orders
 * where a credential and a Store ID are set; 1 and 1.1 keep callbacks only.
 * Version 2.1 (new triggers) gives Create its callback URLs with the secret as a query parameter
 * unless "Secret in Callback URLs" says otherwise: n8n logs the path of a webhook it does not know
 * (a callback reaching a queue-mode webhook process before it has taken in a publish), never the
 * query. Versions before keep the path form their orders were created with.
 * Version 3 (new triggers) starts once per status change: the two callbacks of one change (status
 * and details) are one event, the item carrying what both brought, and Print Store > Create gives the
 * service only the URLs of the kinds the trigger starts for. Versions before start once per callback
 * kind, as their workflows were built for.
 */
export const TRIGGER_VERSIONS = { version: [1, 1.1, 2, 2.1, 3], defaultVersion: 3 };

/** The value n8n's editor gives a resource or operation for its own Custom API Call. */
const N8N_CUSTOM_API_CALL = '__CUSTOM_API_CALL__';

/** Stops a run of n8n's own Custom API Call on this node (see PRINT_STORE_VERSIONS). */
export function refuseN8nCustomApiCall(node: INode, resource: string, operation: string): void {
	if (resource === N8N_CUSTOM_API_CALL || operation === N8N_CUSTOM_API_CALL) {
		throw new N8nChanged(node, 'customApiCall', "n8n's own Custom API Call was selected on this node");
	}
}
