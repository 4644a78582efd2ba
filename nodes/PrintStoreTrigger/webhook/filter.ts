import type { IWebhookFunctions } from 'n8n-workflow';

import type { NormalizedEvent } from '../../shared/callbacks/normalize';
import { statusMatcher } from '../../shared/statuses';

/**
 * The trigger's filters: event kind, statuses picked or typed, completed only. An event whose
 * status could not be read matches no status, so it starts the workflow only when no status is
 * picked; likewise an event that does not say whether its order is completed never passes
 * "Completed Orders Only".
 */
export function eventFilter(ctx: IWebhookFunctions): (event: NormalizedEvent) => boolean {
	const kinds = ctx.getNodeParameter('events', ['status', 'details']) as string[];
	const picked = ctx.getNodeParameter('statuses', []) as string[];
	const typed = String(ctx.getNodeParameter('otherStatuses', '') ?? '')
		.split(',')
		.map((entry) => entry.trim())
		.filter(Boolean);
	const completedOnly = ctx.getNodeParameter('completedOnly', false) as boolean;
	const wanted = [...picked, ...typed].filter((entry) => String(entry).trim() !== '');
	// The rule the wait and Get Many use too (shared/statuses.ts); nothing wanted means any status.
	const matches = statusMatcher(wanted);
	const anyStatus = wanted.length === 0;
	return (event) => {
		if (kinds.length > 0 && !kinds.includes(event.event)) return false;
		if (completedOnly && event.Completed !== true) return false;
		return anyStatus || matches(event);
	};
}
