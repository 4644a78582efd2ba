/** Failure classification, error-body shapes, Retry-After and backoff: pure functions, no HTTP. */
import { ApiFailure } from '../../nodes/shared/errors';
import { toNodeError } from '../../nodes/shared/errors';
import {
	backoffMs,
	DEFAULT_BACKOFF,
	describeFailure,
	isAmbiguous,
	isProvenUnprocessed,
	isTransient,
	parseRetryAfter,
	serviceMessagesFrom,
} from '../../nodes/shared/transport/failures';
import { API } from '../helpers/api-operations';

const node = { id: 'n', name: 'Print Store', type: 'n8n-nodes-print-store.printStore', typeVersion: 1, position: [0, 0] as [number, number], parameters: {} };

/** What n8n's request helpers throw for an HTTP answer (an axios-like error, possibly wrapped). */
const httpError = (status: number, data: unknown, headers: Record<string, string> = {}) =>
	Object.assign(new Error(`Request failed with status code ${status}`), { cause: { response: { status, data, headers } } });
const networkError = (code: string) => Object.assign(new Error(`connect ${code}`), { code });

describe('classification', () => {
	test.each([
		['429', httpError(429, {}), { unprocessed: true, transient: true, ambiguous: false }],
		['503', httpError(503, {}), { unprocessed: true, transient: true, ambiguous: false }],
		['502', httpError(502, {}), { unprocessed: false, transient: true, ambiguous: true }],
		['500', httpError(500, {}), { unprocessed: false, transient: false, ambiguous: true }],
		['400', httpError(400, {}), { unprocessed: false, transient: false, ambiguous: false }],
		['ECONNREFUSED', networkError('ECONNREFUSED'), { unprocessed: true, transient: true, ambiguous: false }],
		['ECONNRESET', networkError('ECONNRESET'), { unprocessed: false, transient: true, ambiguous: true }],
		['ETIMEDOUT', networkError('ETIMEDOUT'), { unprocessed: false, transient: true, ambiguous: true }],
	])('%s', (_name, error, expected) => {
		const facts = describeFailure(error, []);
		expect({ unprocessed: isProvenUnprocessed(facts), transient: isTransient(facts), ambiguous: isAmbiguous(facts) }).toEqual(expected);
	});
});

describe('Retry-After and backoff', () => {
	test('seconds and HTTP dates', () => {
		expect(parseRetryAfter('3')).toBe(3000);
		expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:05 GMT', Date.parse('2026-11-22T10:00:00Z'))).toBe(5000);
		expect(parseRetryAfter('soon')).toBeUndefined();
		expect(describeFailure(httpError(429, {}, { 'retry-after': '2' }), []).retryAfterMs).toBe(2000);
	});

	test('the service’s Retry-After wins, capped at the maximum delay', () => {
		expect(backoffMs(1, 2000)).toBe(2000);
		expect(backoffMs(1, 10 * 60_000)).toBe(DEFAULT_BACKOFF.maxDelayMs);
	});

	test('without Retry-After: exponential with full jitter, capped', () => {
		expect(backoffMs(1, undefined, DEFAULT_BACKOFF, () => 0)).toBe(250);
		expect(backoffMs(1, undefined, DEFAULT_BACKOFF, () => 1)).toBe(500);
		expect(backoffMs(3, undefined, DEFAULT_BACKOFF, () => 1)).toBe(2000);
		expect(backoffMs(20, undefined, DEFAULT_BACKOFF, () => 1)).toBe(DEFAULT_BACKOFF.maxDelayMs);
	});
});

describe('error bodies of any shape', () => {
	test.each([
		['the spec\'s _meta.Messages', { _meta: { Messages: ['Invalid store'] } }, ['Invalid store']],
		['an API gateway', { statusCode: 401, message: 'Access denied due to invalid subscription key.' }, ['Access denied due to invalid subscription key.']],
		[
			'ASP.NET ModelState',
			{ Message: 'The request is invalid.', ModelState: { 'Items[0].Recipient': ['The Recipient field is required.'] } },
			['The request is invalid.', 'Items[0].Recipient: The Recipient field is required.'],
		],
		['problem+json', { title: 'Bad Request', errors: { 'Items[2].Product.ID': ['Unknown product'] } }, ['Bad Request', 'Items[2].Product.ID: Unknown product']],
		['OAuth2', { error: 'invalid_token', error_description: 'The token expired' }, ['The token expired']],
		['plain text', 'Service Unavailable', ['Service Unavailable']],
		['JSON as text', '{"message":"Quota exceeded"}', ['Quota exceeded']],
	])('%s', (_name, body, expected) => {
		expect(serviceMessagesFrom(body)).toEqual(expected);
	});

	test('a 400 on create that speaks of something else is not called "invalid store"', () => {
		const failure = new ApiFailure(API['order.create'], { status: 400, serviceMessages: ['Items[0].Recipient: is required'], reason: '400' }, 1, false);
		expect(toNodeError(node, failure, 0).message).toBe('The service rejected the order request');
		const store = new ApiFailure(API['order.create'], { status: 400, serviceMessages: ['Invalid store'], reason: '400' }, 1, false);
		expect(toNodeError(node, store, 0).message).toBe('Invalid store');
		const silent = new ApiFailure(API['order.create'], { status: 400, serviceMessages: [], reason: '400' }, 1, false);
		expect(toNodeError(node, silent, 0).message).toBe('Invalid store');
	});

	test('a 400 on a price quote that speaks of something else is not "invalid store" either; on other operations 400 keeps its meaning', () => {
		const price = new ApiFailure(API['order.getPriceQuote'], { status: 400, serviceMessages: ['Items[0].Product.ID: unknown product'], reason: '400' }, 1, false);
		expect(toNodeError(node, price, 0).message).toBe('The service rejected the order request');
		const invite = new ApiFailure(API['store.joinWithInviteKey'], { status: 400, serviceMessages: ['Key already used'], reason: '400' }, 1, false);
		expect(toNodeError(node, invite, 0).message).not.toBe('The service rejected the order request');
	});

	test('secrets never reach the messages', () => {
		const facts = describeFailure(
			httpError(400, { message: 'key sub-key-123 refused for https://n8n.test/webhook/0b9f2c84-6f1e-4f57-9a3e-2d4c7b1e8a90/status?secret=abc123 with Bearer eyJ.a.b' }),
			['sub-key-123'],
		);
		expect(facts.serviceMessages[0]).toBe(
			'key [redacted] refused for https://n8n.test/webhook/0b9f2c84-6f1e-4f57-9a3e-2d4c7b1e8a90/status?secret=SECRET-HIDDEN with Bearer [redacted]',
		);
	});

	test('a write that may have acted says so; attempts are counted', () => {
		const failure = new ApiFailure(API['order.create'], { code: 'ECONNRESET', serviceMessages: [], reason: 'ECONNRESET' }, 1, true);
		expect(toNodeError(node, failure, 3).description).toMatch(/Not retried: the service may have created these orders/);
		const retried = new ApiFailure(API['order.get'], { status: 503, serviceMessages: [], reason: '503' }, 6, false);
		expect(toNodeError(node, retried, 0).description).toMatch(/Gave up after 6 attempts/);
	});
});
