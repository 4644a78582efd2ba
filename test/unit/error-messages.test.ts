/**
 * The error a user reads for each kind of failure (toNodeError): message, first line of the
 * description, the service's words, and how errors n8n itself raised are passed on.
 * Pure functions, no HTTP: test/node/errors.test.ts shows the same errors coming from the sandbox.
 */
import { NodeOperationError } from 'n8n-workflow';

import { ApiFailure, toNodeError } from '../../nodes/shared/errors';
import type { FailureFacts } from '../../nodes/shared/errors';
import { API } from '../helpers/api-operations';

const node = { id: 'n', name: 'Print Store', type: 'n8n-nodes-print-store.printStore', typeVersion: 1, position: [0, 0] as [number, number], parameters: {} };

const failure = (facts: Partial<FailureFacts>, operation: ConstructorParameters<typeof ApiFailure>[0] = API['order.get']) =>
	new ApiFailure(operation, { serviceMessages: [], reason: String(facts.status ?? facts.code ?? ''), ...facts }, 1, false);

function shown(facts: Partial<FailureFacts>, operation?: ConstructorParameters<typeof ApiFailure>[0]) {
	const error = toNodeError(node, failure(facts, operation), 0);
	return { message: error.message, first: String(error.description).split('\n')[0], description: String(error.description) };
}

test.each([
	[403, 'Insufficient permissions', 'The connected account lacks a permission this operation needs.'],
	[500, 'The service failed to process the request (HTTP 500)', 'This is a problem on the service side. Try again later.'],
	[503, 'The service failed to process the request (HTTP 503)', 'This is a problem on the service side. Try again later.'],
	[499, 'The service answered HTTP 499', 'See the service messages for details.'],
	[418, 'The service answered HTTP 418', 'See the service messages for details.'],
])('HTTP %d on a read: "%s"', (status, message, first) => {
	expect(shown({ status })).toMatchObject({ message, first });
});

test('no answer: a network error names the connection; none at all points at the credential', () => {
	expect(shown({ code: 'ECONNREFUSED', reason: 'connect ECONNREFUSED' })).toMatchObject({
		message: 'Could not reach the Print Store service',
		first: "The connection failed (connect ECONNREFUSED). Check the credential's API Base URL and that the service is reachable from n8n.",
	});
	expect(shown({ reason: 'refresh token refused' })).toMatchObject({
		message: 'The Print Store credential could not be used: refresh token refused',
		first: 'Open the Print Store credential and connect the account again ("Connect my account").',
	});
});

test("the service's messages follow, joined by ' | '", () => {
	const { description } = shown({ status: 500, serviceMessages: ['Database busy', 'Try later'] });
	expect(description.split('\n')).toContain('Service says: Database busy | Try later');
});

test('a 400 on create is "invalid store" as soon as one of its messages speaks of the store', () => {
	expect(shown({ status: 400, serviceMessages: ['Invalid store', 'Items[0].Recipient: is required'] }, API['order.create']).message).toBe('Invalid store');
});

test('an error n8n raised (e.g. an expression) gets the item index and the note, but keeps an index it has', () => {
	const raised = new NodeOperationError(node, 'Expression failed', { description: 'Check the expression' });
	const passed = toNodeError(node, raised, 3, '2 orders were created before this item.');
	expect(passed).toBe(raised);
	expect(passed.context.itemIndex).toBe(3);
	expect(passed.description).toBe('Check the expression\n2 orders were created before this item.');
	const indexed = new NodeOperationError(node, 'Expression failed', { itemIndex: 1 });
	expect(toNodeError(node, indexed, 4).context.itemIndex).toBe(1);
	expect(toNodeError(node, indexed, 4).description ?? '').toBe('');
});

test("an item the service refused alone: its first message in the error, all of them joined by ' | ' below", () => {
	const refused = new ApiFailure(API['order.create'], { status: 400, serviceMessages: ['Recipient is required', 'Quantity is too large'], reason: '400' }, 1, false, true);
	const error = toNodeError(node, refused, 2);
	expect(error.message).toBe('The service rejected item 2: Recipient is required');
	expect((error as { httpCode?: string | null }).httpCode).toBe('400');
	expect(String(error.description).split('\n')).toEqual([
		'Nothing was created for this item. Correct the item and run it again.',
		'Service says: Recipient is required | Quantity is too large',
	]);
});

test('any other error names the item and carries the note', () => {
	const error = toNodeError(node, new Error('Something unexpected'), 5, '3 orders were created before this item.');
	expect(error.message).toBe('Something unexpected');
	expect(error.context.itemIndex).toBe(5);
	expect(error.description).toBe('3 orders were created before this item.');
});
