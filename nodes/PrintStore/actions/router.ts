import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import * as order from './order';
import * as store from './store';
import * as user from './user';

type Execute = (this: IExecuteFunctions) => Promise<INodeExecutionData[]>;

const operations: Record<string, Record<string, Execute>> = {
	order: {
		create: order.create.execute,
		get: order.get.execute,
		getPriceQuote: order.getPriceQuote.execute,
		getStatusHistory: order.getStatusHistory.execute,
	},
	store: {
		joinWithInviteKey: store.joinWithInviteKey.execute,
		removeApplicationAssociation: store.removeApplicationAssociation.execute,
	},
	user: {
		getCurrent: user.getCurrent.execute,
	},
};

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const execute = operations[resource]?.[operation];
	if (!execute) {
		throw new NodeOperationError(this.getNode(), `The operation "${operation}" is not known for "${resource}"`);
	}
	return [await execute.call(this)];
}
