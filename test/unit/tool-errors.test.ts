/**
 * forModel (nodes/PrintStore/toolCall/answer.ts): n8n 2.x hands a model only an error's message, so a
 * tool's error carries what to do in the message itself. These are the joins it makes.
 */
import type { INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { forModel } from '../../nodes/PrintStore/toolCall/answer';

const node: INode = { id: 'n1', name: 'Create orders', type: 'n8n-nodes-print-store.printStoreTool', typeVersion: 2, position: [0, 0], parameters: {} };

const joined = (message: string, description: string, itemIndex?: number) =>
	(forModel(node, new NodeOperationError(node, message, { description, itemIndex })) as NodeOperationError).message;

describe('forModel', () => {
	test('the description follows the message, after one full stop, both trimmed', () => {
		expect(joined('Invalid store', 'Check the Store ID.')).toBe('Invalid store. Check the Store ID.');
		expect(joined('Invalid store.', '  Check the Store ID.  ')).toBe('Invalid store. Check the Store ID.');
		expect(joined('Invalid store. ', 'Check the Store ID.')).toBe('Invalid store. Check the Store ID.');
		expect(joined('Invalid store..', 'Check the Store ID.')).toBe('Invalid store. Check the Store ID.');
	});

	test('the item the error names stays named', () => {
		const error = forModel(node, new NodeOperationError(node, 'Invalid "Quantity"', { description: 'Give 1 or more.', itemIndex: 2 })) as NodeOperationError;
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.context.itemIndex).toBe(2);
	});

	test('an error whose message already says what to do, or that has no description, is passed on as it is', () => {
		const already = new NodeOperationError(node, 'Nothing was sent. Correct the value and run again.', { description: 'Correct the value and run again.' });
		expect(forModel(node, already)).toBe(already);
		const bare = new NodeOperationError(node, 'Invalid store', { description: '   ' });
		expect(forModel(node, bare)).toBe(bare);
		const plain = new Error('socket hang up');
		expect(forModel(node, plain)).toBe(plain);
	});

	test("an API error's description joins its message too", () => {
		const api = new NodeApiError(node, { message: 'Forbidden' }, { message: 'Insufficient privileges', description: 'Ask the store owner for the Orders role.', httpCode: '403' });
		expect((forModel(node, api) as Error).message).toBe('Insufficient privileges. Ask the store owner for the Orders role.');
	});
});
