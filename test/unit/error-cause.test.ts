/**
 * The cause toNodeError attaches to the error a user gets: the failure's name, message and stack (the
 * line that failed), secrets hidden, and nothing else of what was thrown. Read as n8n reads it: n8n
 * stores an error's own enumerable properties with the execution (`{ ...error, message, stack }`,
 * n8n-core's WorkflowExecute), and its log prints each cause's message and stack.
 */
import { ApiFailure, InvalidValue, toNodeError } from '../../nodes/shared/errors';
import { SECRET_MARKER } from '../../nodes/shared/hideSecrets';
import { API } from '../helpers/api-operations';

const node = { id: 'n', name: 'Print Store', type: 'n8n-nodes-print-store.printStore', typeVersion: 1, position: [0, 0] as [number, number], parameters: {} };

const KEY = 'sub-key-0123456789abcdef';
const TOKEN = 'at_0123456789abcdefghijklmnopqrstuv';
const CALLBACK_SECRET = 'f'.repeat(64);

/** What n8n keeps of an error with the execution, as JSON (the way it is saved and sent to the editor). */
const asN8nStoresIt = (error: Error) => JSON.stringify({ ...error, message: error.message, stack: error.stack });

/** Throws where the transport would: the cause's stack has to start here. */
function transportGivesUp(): ApiFailure {
	return new ApiFailure(API['order.get'], { status: 404, serviceMessages: ['Order PS-1 does not exist'], reason: '404' }, 2, false);
}

test('a failed request: the cause names the call, the answer and the attempts, and its stack starts where the transport gave up', () => {
	const error = toNodeError(node, transportGivesUp(), 0);
	const cause = error.cause as Error & Record<string, unknown>;
	expect(cause).toBeInstanceOf(Error);
	expect(cause.name).toBe('ApiFailure');
	expect(cause.message).toBe('order.get: HTTP 404 after 2 attempts: The requested order does not exist');
	expect(cause).toMatchObject({ operation: 'order.get', status: 404, code: null, attempts: 2 });
	const stack = String(cause.stack).split('\n');
	expect(stack[0]).toBe('ApiFailure: order.get: HTTP 404 after 2 attempts: The requested order does not exist');
	expect(stack[1]).toMatch(/^\s+at transportGivesUp \(.*error-cause\.test\.ts:\d+:\d+\)$/);
});

test('n8n keeps the cause with the execution: name, message and stack are own enumerable properties', () => {
	const stored = JSON.parse(asN8nStoresIt(toNodeError(node, transportGivesUp(), 0))) as { cause?: Record<string, unknown> };
	expect(stored.cause).toMatchObject({ name: 'ApiFailure', message: expect.stringContaining('order.get: HTTP 404') as unknown, stack: expect.stringContaining('transportGivesUp') as unknown });
});

test('secrets in what the service said or in the reason are hidden in the cause as in the error', () => {
	const failure = new ApiFailure(
		API['order.create'],
		{ status: 500, serviceMessages: [`callback https://n8n.example/webhook/x?secret=${CALLBACK_SECRET} refused`], reason: `Authorization: Bearer ${TOKEN}` },
		1,
		true,
	);
	const stored = asN8nStoresIt(toNodeError(node, failure, 0));
	expect(stored).not.toContain(TOKEN);
	expect(stored).not.toContain(CALLBACK_SECRET);
});

test("an error of n8n's request helpers goes on as a copy: its request, headers and body stay behind, secrets in its message hidden", () => {
	const thrown = Object.assign(new Error(`Request failed: Bearer ${TOKEN} for https://n8n.example/webhook-waiting/1?signature=${CALLBACK_SECRET}`), {
		name: 'AxiosError',
		config: { headers: { 'Ocp-Apim-Subscription-Key': KEY, Authorization: `Bearer ${TOKEN}` }, data: { secret: KEY } },
		request: { headers: { 'Ocp-Apim-Subscription-Key': KEY } },
	});
	const error = toNodeError(node, thrown, 1);
	const cause = error.cause as Error & Record<string, unknown>;
	expect(Object.keys(cause).sort()).toEqual(['message', 'name', 'stack']);
	expect(cause.name).toBe('AxiosError');
	expect(cause.message).toContain(`signature=${SECRET_MARKER}`);
	const stored = asN8nStoresIt(error);
	for (const secret of [KEY, TOKEN, CALLBACK_SECRET]) expect(stored).not.toContain(secret);
	// n8n's log follows the whole chain of causes: none of them is the thrown object.
	const chain: unknown[] = [];
	for (let link: unknown = error; link instanceof Error && chain.length < 5; link = link.cause) chain.push(link);
	expect(chain).not.toContain(thrown);
});

test('a value refused before sending: the cause is where it was refused', () => {
	function checkRecipient(): InvalidValue {
		return new InvalidValue('Recipient', 'is required');
	}
	const cause = toNodeError(node, checkRecipient(), 2).cause as Error;
	expect(cause.message).toBe('Recipient: is required');
	expect(String(cause.stack).split('\n')[1]).toMatch(/^\s+at checkRecipient \(/);
});
