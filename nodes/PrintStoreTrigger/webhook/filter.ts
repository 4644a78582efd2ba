import type { IWebhookFunctions } from 'n8n-workflow';

import type { NormalizedEvent } from '../../shared/callbacks/normalize';

const squash = (value: unknown) => String(value ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');

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
	const wantedIds = new Set(typed.filter((entry) => /^-?\d+$/.test(entry)).map(Number));
	const wantedNames = new Set([...picked, ...typed.filter((entry) => !/^-?\d+$/.test(entry))].map(squash));
	const anyStatus = wantedIds.size === 0 && wantedNames.size === 0;
	return (event) => {
		if (kinds.length > 0 && !kinds.includes(event.event)) return false;
		if (completedOnly && event.Completed !== true) return false;
		if (anyStatus) return true;
		if (event.StatusID !== null && wantedIds.has(Number(event.StatusID))) return true;
		return event.StatusDescription !== null && wantedNames.has(squash(event.StatusDescription));
	};
}
