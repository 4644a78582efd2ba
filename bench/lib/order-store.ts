/**
 * The store the catch-up and Get Many benchmarks read: the sandbox's main store filled with orders
 * another system made (no callback URLs) over the last 30 days, most of them delivered; and the
 * sandbox's request log sorted into list pages, status histories and the rest.
 */
import { SandboxControl, type SandboxRequest } from '../../scripts/n8n/sandbox-control';
import type { BenchN8n } from './n8n';
import { fixed, spread, summarize, type Summary } from './stats';

/** Shares of the store by StatusID, the rest delivered (5): 80% delivered, 20% open. */
export const STATUS_SHARES: Array<[status: number, share: number]> = [
	[4, 0.08],
	[3, 0.05],
	[2, 0.04],
	[1, 0.03],
];
export const CREATED_OVER_DAYS = 30;

export function sandboxControl(bench: BenchN8n): SandboxControl {
	const { sandbox } = bench.stack;
	return new SandboxControl({ baseUrl: sandbox.baseUrl, subscriptionKey: sandbox.subscriptionKey, accessToken: sandbox.tokens.accessToken });
}

/**
 * The sandbox reset and its store filled with `orders` made elsewhere, created over the last 30 days,
 * statuses as STATUS_SHARES (the sandbox lays a mix out oldest furthest along: the open orders are the newest).
 */
export async function fillStore(bench: BenchN8n, sandbox: SandboxControl, orders: number): Promise<{ open: number }> {
	await sandbox.reset();
	const statusMix: Record<string, number> = {};
	for (const [status, share] of STATUS_SHARES) statusMix[String(status)] = Math.round(orders * share);
	const open = Object.values(statusMix).reduce((total, count) => total + count, 0);
	statusMix['5'] = orders - open;
	const made = await sandbox.ordersElsewhere({ storeId: bench.stack.sandbox.storeId, createdOverDays: CREATED_OVER_DAYS, statusMix });
	if (made.created !== orders) throw new Error(`the sandbox made ${made.created} of ${orders} orders`);
	return { open };
}

export function describeStore(): string {
	return (
		`orders made elsewhere (no callback URLs), created over the last ${CREATED_OVER_DAYS} days, ` +
		`${STATUS_SHARES.map(([status, share]) => `${Math.round(share * 100)}% at status ${status}`).join(', ')}, the rest delivered (5), ` +
		'the oldest furthest along (so the open orders are the newest, as in a real store)'
	);
}

const listPath = (storeId: string) => `/api/v1/store/${storeId}/order`;

export function isListRequest(request: SandboxRequest, storeId: string): boolean {
	return request.method === 'GET' && request.path === listPath(storeId);
}

/** The page a list request asked for (1 when it named none). */
export function pageNumberOf(request: SandboxRequest): number {
	const query = new URL(`http://sandbox${request.rawPath}`).searchParams;
	return Number(query.get('pageNumber') ?? query.get('page') ?? 1);
}

export interface RequestCounts {
	listPages: number;
	histories: number;
	/** Anything else (another read, a token request). */
	other: number;
	total: number;
}

export function countRequests(requests: SandboxRequest[], storeId: string): RequestCounts {
	const listPages = requests.filter((request) => isListRequest(request, storeId)).length;
	const histories = requests.filter((request) => request.method === 'GET' && request.path.startsWith(`${listPath(storeId)}/`) && request.path.endsWith('/status')).length;
	return { listPages, histories, other: requests.length - listPages - histories, total: requests.length };
}

/** A count that is the same in every run, once; otherwise median (min–max). */
export function sameOrSpread(summary: Summary): string {
	return summary.min === summary.max ? fixed(summary.median, 0) : spread(summary, 0);
}

export const summaryOf = <T>(list: T[], value: (item: T) => number): Summary => summarize(list.map(value));
