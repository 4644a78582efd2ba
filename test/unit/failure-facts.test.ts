/**
 * What the transport reads out of a failed request, at the edges that decide what users are told
 * and whether a request is sent again: which link of an error chain counts, codes and HTTP codes,
 * Retry-After values, the service's words in every body shape, limits on them, and secrets.
 */
import type { NodeApiError } from 'n8n-workflow';

import { ApiFailure, ItemProblem, toNodeError } from '../../nodes/shared/errors';
import { describeFailure, isAmbiguous, isProvenUnprocessed, isTransient, parseRetryAfter, serviceMessagesFrom } from '../../nodes/shared/transport/failures';
import { API } from '../helpers/api-operations';

const node = { id: 'n', name: 'Print Store', type: 'n8n-nodes-print-store.printStore', typeVersion: 1, position: [0, 0] as [number, number], parameters: {} };
const answer = (status: number, data: unknown = {}, headers: Record<string, unknown> = {}) => ({ response: { status, data, headers } });

describe('the error chain', () => {
	test('the first answer in the chain counts, its messages and Retry-After with it', () => {
		const error = Object.assign(new Error('outer'), answer(429, { message: 'slow down' }, { 'retry-after': '3' }), { cause: answer(500, { message: 'inner' }) });
		expect(describeFailure(error, [])).toMatchObject({ status: 429, retryAfterMs: 3000, serviceMessages: ['slow down'] });
	});

	test('a cycle of causes ends, and no more than 8 links are read', () => {
		const looped: { message: string; cause?: unknown } = { message: 'looped' };
		looped.cause = looped;
		expect(describeFailure(looped, [])).toMatchObject({ status: undefined, reason: 'looped' });
		let deep: unknown = answer(500);
		for (let link = 0; link < 8; link++) deep = { message: `link ${link}`, cause: deep };
		expect(describeFailure(deep, []).status).toBeUndefined();
		let eight: unknown = answer(500);
		for (let link = 0; link < 7; link++) eight = { message: `link ${link}`, cause: eight };
		expect(describeFailure(eight, []).status).toBe(500);
	});

	test('only an all-capitals code counts as a network code; the first message is the reason otherwise', () => {
		const error = { code: 'http.ECONNRESET', message: 'first words', cause: { code: 'ERR123', message: 'second words', cause: { code: 'ETIMEDOUT' } } };
		expect(describeFailure(error, [])).toMatchObject({ code: 'ETIMEDOUT', reason: 'ETIMEDOUT' });
		expect(describeFailure({ message: 'first words', cause: { message: 'second words' } }, []).reason).toBe('first words');
		expect(describeFailure({}, [])).toEqual({ status: undefined, code: undefined, retryAfterMs: undefined, serviceMessages: [], reason: 'unknown error' });
		expect(describeFailure({ message: 'x'.repeat(300) }, []).reason).toHaveLength(200);
	});

	test("n8n's httpCode counts when no answer is attached: the first whole number above 0", () => {
		expect(describeFailure({ httpCode: '0', cause: { httpCode: '-1', cause: { httpCode: 'abc', cause: { httpCode: '502' } } } }, []).status).toBe(502);
		expect(describeFailure({ httpCode: '404' }, []).status).toBe(404);
		expect(describeFailure({ ...answer(429), httpCode: '500' }, []).status).toBe(429);
		expect(describeFailure({ httpCode: '0' }, []).status).toBeUndefined();
	});
});

describe('classification at its edges', () => {
	test('504 is gateway trouble like 502: may pass, and a write may have acted', () => {
		const facts = describeFailure(answer(504), []);
		expect([isTransient(facts), isAmbiguous(facts)]).toEqual([true, true]);
	});

	test('408 (request timeout): a write may have acted', () => {
		expect(isAmbiguous(describeFailure(answer(408), []))).toBe(true);
	});

	test('an answer with a status is never read by its code, and a failure with neither is no proof of anything', () => {
		const answered = describeFailure({ ...answer(400), code: 'ECONNREFUSED' }, []);
		expect([isProvenUnprocessed(answered), isTransient(answered)]).toEqual([false, false]);
		const reset = describeFailure({ ...answer(400), code: 'ECONNRESET' }, []);
		expect(isTransient(reset)).toBe(false);
		const nothing = describeFailure({ message: 'odd' }, []);
		expect([isProvenUnprocessed(nothing), isTransient(nothing), isAmbiguous(nothing)]).toEqual([false, false, true]);
	});
});

describe('Retry-After', () => {
	const now = Date.parse('2026-11-24T06:00:00Z');
	test.each([
		['seconds as a number', 5, 5000],
		['seconds as text', '2', 2000],
		['zero', '0', 0],
		['a date in the past', 'Tue, 24 Nov 2026 05:59:00 GMT', 0],
		['a date ahead', 'Tue, 24 Nov 2026 06:00:30 GMT', 30_000],
		['a negative number', '-5', 0],
	])('%s', (_name, value, expected) => {
		expect(parseRetryAfter(value, now)).toBe(expected);
	});

	test.each([
		['infinite', 'Infinity'],
		['a boolean', true],
		['a list', ['5']],
		['nonsense', 'soon'],
	])('%s is no Retry-After', (_name, value) => {
		expect(parseRetryAfter(value, now)).toBeUndefined();
	});
});

describe("the service's words", () => {
	test.each([
		['blank text', '   ', []],
		['text around JSON', '  {"message": "Invalid store"}  ', ['Invalid store']],
		['a JSON list', '[{"message": "a"}, "b"]', ['a', 'b']],
		['text that starts like JSON but is not', ' {not json ', ['{not json']],
		['top-level Messages', { Messages: ['one', 'two'] }, ['one', 'two']],
		['blank messages in a list', { Messages: ['  ', 'real'] }, ['real']],
		['nulls where objects may be', { _meta: null, error: null, Messages: ['a', null], message: 'b' }, ['a', 'b']],
		['a body of null', null, []],
		['problem+json', { title: 'Bad Request', detail: 'Quantity is too large' }, ['Quantity is too large', 'Bad Request']],
		['OAuth2 error code alone', { error: 'invalid_grant' }, ['invalid_grant']],
		['OAuth2 code beside its description', { error: 'invalid_grant', error_description: 'Token expired' }, ['Token expired']],
		['an error object', { error: { message: 'inner words' } }, ['inner words']],
		['a field-keyed list with an empty key', { errors: { '': ['The body is empty'] } }, ['The body is empty']],
		['a message that already names its field', { ModelState: { 'Items[0].Recipient': ['Items[0].Recipient is required'] } }, ['Items[0].Recipient is required']],
	])('%s', (_name, body, expected) => {
		expect(serviceMessagesFrom(body)).toEqual(expected);
	});

	test('at most 50 messages of at most 500 characters each', () => {
		expect(serviceMessagesFrom({ Messages: Array.from({ length: 60 }, (_, index) => `message ${index}`) })).toHaveLength(50);
		const [cut, exact] = serviceMessagesFrom({ Messages: ['y'.repeat(501), 'z'.repeat(500)] });
		expect([cut.length, cut.endsWith('yyy...'), exact]).toEqual([500, true, 'z'.repeat(500)]);
	});
});

describe('secrets', () => {
	test('an empty secret removes nothing; bearer tokens go whatever the spacing', () => {
		const facts = describeFailure(Object.assign(new Error('sent Bearer   tok.en-123 with key sub-key-1'), answer(401, { message: 'key sub-key-1 refused' })), ['', 'sub-key-1']);
		expect(facts.reason).toBe('sent Bearer [redacted] with key [redacted]');
		expect(facts.serviceMessages).toEqual(['key [redacted] refused']);
	});
});

describe('the error users see', () => {
	test('a failure without an HTTP status has no HTTP code; one with a status has it as text', () => {
		const offline = toNodeError(node, new ApiFailure(API['user.getCurrent'], { code: 'ECONNREFUSED', serviceMessages: [], reason: 'ECONNREFUSED' }, 6, false), 0);
		const { httpCode, errorResponse } = offline as NodeApiError;
		expect([httpCode, errorResponse]).toEqual([null, { status: null, messages: [] }]);
		const refused = toNodeError(node, new ApiFailure(API['user.getCurrent'], { status: 401, serviceMessages: ['no'], reason: '401' }, 1, false), 0);
		expect([(refused as NodeApiError).httpCode, (refused as NodeApiError).errorResponse]).toEqual(['401', { status: 401, messages: ['no'] }]);
	});

	test('one attempt is not "gave up"; a lone service message of a refused item is not repeated', () => {
		const once = toNodeError(node, new ApiFailure(API['user.getCurrent'], { status: 500, serviceMessages: [], reason: '500' }, 1, false), 0);
		expect(once.description).not.toMatch(/Gave up/);
		expect(once.description).not.toMatch(/Service says/);
		const item = toNodeError(node, new ApiFailure(API['order.create'], { status: 400, serviceMessages: ['Quantity is too large'], reason: '400' }, 1, false, true), 3);
		expect([item.message, item.description]).toEqual(['The service rejected item 3: Quantity is too large', 'Nothing was created for this item. Correct the item and run it again.']);
	});

	test('an item problem keeps its own help text, the note after it', () => {
		const built = toNodeError(node, new ItemProblem('No active Print Store Trigger in this workflow', 'Activate the workflow.'), 2, 'A note.');
		expect([built.message, built.context.itemIndex, built.description]).toEqual(['No active Print Store Trigger in this workflow', 2, 'Activate the workflow.\nA note.']);
	});

	test('an error of an unknown kind keeps its message, names the item and carries the note', () => {
		const built = toNodeError(node, new Error('something odd'), 4, 'A note.');
		expect([built.message, built.context.itemIndex, built.description]).toEqual(['something odd', 4, 'A note.']);
	});
});
