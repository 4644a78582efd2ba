/**
 * The control API under /_sandbox (only when the sandbox was started with control on): reset,
 * tokens, orders made elsewhere and order advance, clock, counts, request and callback logs, a
 * callback outage, fault injection, profiles, the order list's query names, what the order list
 * does at given pages, and where the files of status records live
 * (with the file host's request log).
 */
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../context';
import { ApiError } from '../../errors';
import { elsewhereItem, LISTED_ELSEWHERE_ORDERS, parseElsewhereOrders, planElsewhereOrders } from '../../domain/elsewhere-orders';
import { validateFaults } from '../../domain/faults';
import { fileSettingsBody, type FileSettingsChange } from '../../domain/file-links';
import { STATUSES } from '../../domain/lifecycle';
import { parseListPages } from '../../domain/list-pages';
import { DEFAULT_LIST_QUERY_NAMES, ListQueryNamesError, parseListQueryNames } from '../../domain/list-query-names';
import { parseProfiles, PROFILE_DESCRIPTIONS, PROFILE_NAMES, ProfileError } from '../../domain/profiles';
import type { ErrorRecord } from '../../domain/types';
import { normalizeBodyHeaders } from '../api/body-rules';
import { orderView } from '../../domain/views';

const tokensBody = {
	type: 'object',
	required: ['username'],
	properties: { username: { type: 'string', minLength: 1 }, clientId: { type: 'string', minLength: 1 } },
} as const;

/** Validated by hand: an empty POST (no body at all) must mean "one step". */
function advanceOptions(body: unknown): { toStatusId?: number; fail?: boolean; errors?: ErrorRecord[] } {
	if (body === undefined || body === null) return {};
	if (typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, 'Body must be a JSON object');
	const { toStatusId, fail, errors } = body as Record<string, unknown>;
	const problems: string[] = [];
	if (toStatusId !== undefined && !Number.isInteger(toStatusId)) problems.push('toStatusId must be an integer');
	if (fail !== undefined && typeof fail !== 'boolean') problems.push('fail must be a boolean');
	const validErrors =
		errors === undefined ||
		(Array.isArray(errors) &&
			errors.every(
				(e) =>
					e !== null &&
					typeof e === 'object' &&
					typeof (e as ErrorRecord).dataElement === 'string' &&
					Array.isArray((e as ErrorRecord).dataElementErrors) &&
					(e as ErrorRecord).dataElementErrors.every((m) => typeof m === 'string'),
			));
	if (!validErrors) problems.push('errors must be an array of {dataElement: string, dataElementErrors: string[]}');
	if (problems.length > 0) throw new ApiError(400, problems);
	return { toStatusId: toStatusId as number | undefined, fail: fail as boolean | undefined, errors: errors as ErrorRecord[] | undefined };
}

/** A year: the longest timed outage; leave forMs out for one that lasts until ended. */
const MAX_OUTAGE_MS = 365 * 86_400_000;

/** Validated by hand: an empty POST (no body at all) starts an outage that lasts until ended. */
function outageLength(body: unknown): number | undefined {
	if (body === undefined || body === null) return undefined;
	if (typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, 'Body must be a JSON object');
	const problems = Object.keys(body)
		.filter((key) => key !== 'forMs')
		.map((key) => `${key} is not a field of this request`);
	const { forMs } = body as { forMs?: unknown };
	if (forMs !== undefined && !(typeof forMs === 'number' && Number.isSafeInteger(forMs) && forMs >= 1 && forMs <= MAX_OUTAGE_MS)) {
		problems.push(`forMs must be a whole number of milliseconds from 1 to ${MAX_OUTAGE_MS}; leave it out for an outage that lasts until ended`);
	}
	if (problems.length > 0) throw new ApiError(400, problems);
	return forMs as number | undefined;
}

const policyBody = {
	type: 'object',
	additionalProperties: false,
	properties: { attempts: { type: 'integer', minimum: 1, maximum: 20 }, baseDelayMs: { type: 'integer', minimum: 0, maximum: 600_000 } },
} as const;

const origin = { type: 'string', pattern: '^https?://[^/?#]+/?$' } as const;
const routeBody = {
	type: 'object',
	additionalProperties: false,
	required: ['from', 'to'],
	properties: { from: origin, to: origin },
} as const;

const clockBody = {
	type: 'object',
	required: ['advanceEveryMs'],
	properties: { advanceEveryMs: { type: 'integer', minimum: 0 } },
} as const;

export function controlRoutes(ctx: SandboxContext) {
	return async function control(app: FastifyInstance): Promise<void> {
		// Bodies are optional on most control calls; an empty POST is fine.
		app.addHook('onRequest', normalizeBodyHeaders);

		app.get('/', async () => ({
			endpoints: [
				'POST /_sandbox/reset',
				'GET /_sandbox/seed',
				'POST /_sandbox/tokens {username, clientId?}',
				'POST /_sandbox/tokens/expire',
				'GET /_sandbox/orders?storeId=',
				'POST /_sandbox/orders {storeId, count?, username?, applicationId?, createdOverDays?, toStatusId?, statusMix?, product?, referencePrefix?}',
				'POST /_sandbox/orders/:orderId/advance {toStatusId?, fail?, errors?}',
				'GET|POST /_sandbox/clock {advanceEveryMs}',
				'GET /_sandbox/counts',
				'GET|DELETE /_sandbox/requests',
				'GET|DELETE /_sandbox/callbacks',
				'GET|POST|DELETE /_sandbox/callbacks/outage {forMs?}',
				'GET|PUT|DELETE /_sandbox/callbacks/policy {attempts?, baseDelayMs?}',
				'GET|PUT|DELETE /_sandbox/callbacks/routes {from, to}',
				'GET|POST|DELETE /_sandbox/faults',
				'GET|PUT|DELETE /_sandbox/profile {profiles: [...]}',
				'GET|PUT|DELETE /_sandbox/list-query-names {page?, size?, statuses?, createdAfter?, createdBefore?, details?}',
				'GET|PUT|DELETE /_sandbox/list-pages {"<page>": {delayMs?, status?, retryAfterSeconds?, times?, addOrders?}}',
				'GET|PUT|DELETE /_sandbox/files {proofs?, pages?, missing?, chunked?, delayMs?}',
				'GET|DELETE /_sandbox/files/requests',
			],
			statuses: STATUSES.map((s) => ({ StatusID: s.StatusID, StatusDescription: s.StatusDescription })),
		}));

		app.post('/reset', async () => {
			await ctx.reset();
			return { reset: true };
		});

		app.get('/seed', async () => ctx.state.seed);

		app.post<{ Body: { username: string; clientId?: string } }>('/tokens', { schema: { body: tokensBody } }, async (request) =>
			ctx.issueTokens(request.body.username, request.body.clientId),
		);

		app.post('/tokens/expire', async () => ({ expired: ctx.tokens.expireAllAccessTokens() }));

		app.get<{ Querystring: { storeId?: string } }>('/orders', async (request) => {
			const storeId = request.query.storeId;
			const orders = [...ctx.state.orders.values()].filter((o) => storeId === undefined || o.storeId === storeId);
			return {
				orders: orders.map((o) => ({
					...orderView(o),
					CreatedBy: o.userId,
					ApplicationID: o.applicationId,
				})),
			};
		});

		// Orders made elsewhere, built in one pass: nothing logged per order, no callbacks queued (they have no URLs).
		app.post('/orders', async (request) => {
			const wanted = parseElsewhereOrders(request.body, ctx.state);
			const plan = planElsewhereOrders(wanted.statuses, wanted.createdOverDays, Date.now());
			const creator = { userId: wanted.userId, applicationId: wanted.applicationId };
			const orders = plan.map((planned) =>
				ctx.lifecycle.createWithPast(wanted.storeId, creator, ({ number }) => elsewhereItem(wanted, number), planned.path, planned.recordMs),
			);
			if (orders.length > LISTED_ELSEWHERE_ORDERS) return { created: orders.length };
			return {
				created: orders.length,
				orders: orders.map((o) => ({ ID: o.id, OrderNumber: o.number, Created: o.created, StatusID: o.statusId })),
			};
		});

		app.post<{ Params: { orderId: string } }>('/orders/:orderId/advance', async (request) => {
			const options = advanceOptions(request.body);
			const order = ctx.state.findOrder(request.params.orderId);
			if (!order) throw new ApiError(404, `Order '${request.params.orderId}' does not exist`);
			return ctx.lifecycle.advance(order, options);
		});

		app.get('/clock', async () => ({ advanceEveryMs: ctx.clock.intervalMs }));
		app.post<{ Body: { advanceEveryMs: number } }>('/clock', { schema: { body: clockBody } }, async (request) => {
			ctx.clock.set(request.body.advanceEveryMs);
			return { advanceEveryMs: ctx.clock.intervalMs };
		});

		app.get('/counts', async () => ({
			total: ctx.state.countTotal,
			byStore: Object.fromEntries(ctx.state.countByStore),
			byPartnerOrderReference: Object.fromEntries(ctx.state.countByReference),
		}));

		app.get('/requests', async () => ({ requests: ctx.requestLog.list() }));
		app.delete('/requests', async () => {
			ctx.requestLog.clear();
			return { cleared: true };
		});

		app.get('/callbacks', async () => ({ deliveries: ctx.callbacks.deliveries() }));
		app.delete('/callbacks', async () => {
			ctx.callbacks.clear();
			return { cleared: true };
		});

		app.get('/callbacks/outage', async () => ctx.callbacks.outage());
		app.post('/callbacks/outage', async (request) => ctx.callbacks.startOutage(outageLength(request.body)));
		app.delete('/callbacks/outage', async () => ctx.callbacks.endOutage());
		app.get('/callbacks/policy', async () => ctx.callbacks.policy());
		app.put<{ Body: { attempts?: number; baseDelayMs?: number } }>('/callbacks/policy', { schema: { body: policyBody } }, async (request) => ctx.callbacks.setPolicy(request.body));
		app.delete('/callbacks/policy', async () => ctx.callbacks.resetPolicy());
		// The service's own network: callbacks to `from` (an origin) go to `to` (an n8n behind a proxy it reaches).
		app.get('/callbacks/routes', async () => ctx.callbacks.routesView());
		app.put<{ Body: { from: string; to: string } }>('/callbacks/routes', { schema: { body: routeBody } }, async (request) => ctx.callbacks.setRoute(request.body.from, request.body.to));
		app.delete('/callbacks/routes', async () => ctx.callbacks.clearRoutes());

		app.get('/faults', async () => ctx.faults.config);
		app.post('/faults', async (request) => {
			ctx.faults.set(validateFaults(request.body ?? {}));
			return ctx.faults.config;
		});
		app.delete('/faults', async () => {
			ctx.faults.clear();
			return ctx.faults.config;
		});

		const profileAnswer = () => ({
			profiles: ctx.profiles.list,
			available: PROFILE_NAMES.map((name) => ({ name, effect: PROFILE_DESCRIPTIONS[name] })),
		});
		app.get('/profile', async () => profileAnswer());
		app.put('/profile', async (request) => {
			const body = request.body;
			if (body === null || typeof body !== 'object' || Array.isArray(body) || !('profiles' in body)) {
				throw new ApiError(400, `Body must be {"profiles": [...]} with names from ${PROFILE_NAMES.join(', ')}`);
			}
			try {
				ctx.profiles.set(parseProfiles((body as { profiles: unknown }).profiles));
			} catch (error) {
				if (error instanceof ProfileError) throw new ApiError(400, error.message);
				throw error;
			}
			return profileAnswer();
		});
		app.delete('/profile', async () => {
			ctx.profiles.set([]);
			return profileAnswer();
		});

		// The names replace the whole set: roles a PUT leaves out take their default names.
		const namesAnswer = () => ({ names: ctx.listQueryNames.current, defaults: DEFAULT_LIST_QUERY_NAMES });
		app.get('/list-query-names', async () => namesAnswer());
		app.put('/list-query-names', async (request) => {
			try {
				ctx.listQueryNames.set(parseListQueryNames(request.body ?? {}));
			} catch (error) {
				if (error instanceof ListQueryNamesError) throw new ApiError(400, error.message);
				throw error;
			}
			return namesAnswer();
		});
		app.delete('/list-query-names', async () => {
			ctx.listQueryNames.set({ ...DEFAULT_LIST_QUERY_NAMES });
			return namesAnswer();
		});

		// A PUT replaces every page's settings, and starts counting each page's requests again.
		app.get('/list-pages', async () => ({ pages: ctx.listPages.current }));
		app.put('/list-pages', async (request) => {
			ctx.listPages.set(parseListPages(request.body ?? {}));
			return { pages: ctx.listPages.current };
		});
		app.delete('/list-pages', async () => {
			ctx.listPages.reset();
			return { pages: ctx.listPages.current };
		});

		// A PUT changes the settings it names; the URLs of records already written stay as they are.
		const filesAnswer = () => ({ ...ctx.fileLinks.current, filesUrl: ctx.filesUrl });
		app.get('/files', async () => filesAnswer());
		app.put<{ Body: FileSettingsChange }>('/files', { schema: { body: fileSettingsBody } }, async (request) => {
			ctx.fileLinks.set(request.body);
			return filesAnswer();
		});
		app.delete('/files', async () => {
			ctx.fileLinks.reset();
			return filesAnswer();
		});
		app.get('/files/requests', async () => ({ requests: ctx.fileRequests.list() }));
		app.delete('/files/requests', async () => {
			ctx.fileRequests.clear();
			return { cleared: true };
		});
	};
}
