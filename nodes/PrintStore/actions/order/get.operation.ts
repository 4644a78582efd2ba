import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { showFor } from '../../../shared/displayOptions';
import { filesOf, newestFiles, WithFiles } from '../../../shared/files/attach';
import { downloadFields, filesWanted, readsAtOnce } from '../../../shared/files/fields';
import { READ_ORDER, readOrder, readStatusHistory } from '../../../shared/reads/orders';
import { storeIdField } from '../../descriptions/common.fields';
import { orderLocator } from '../../descriptions/order.fields';
import { ORDER_SIMPLIFY_HINT, simplifiedOrder, simplifies, simplifyField } from '../../descriptions/simplify';
import { forEachItem } from '../../perItem/run';
import { orderRef } from '../../perItem/parameters';

/** The API call: reading one order (shared with the trigger's Fetch From the API). */
export const api = READ_ORDER;

/** Its entry in the resource's Operation list, and what an AI model reads about it as a tool. */
export const option: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	description: 'Get an order by its ID or order number',
	action: 'Get order',
};
export const toolDescription =
	'Get one print order by its order number (like PS-100001) or order ID: its status, product and quantity, recipient, partner order reference and dates. Use it for questions about what an order contains.';

export const description: INodeProperties[] = showFor({ show: { resource: ['order'], operation: ['get'] } }, [
	storeIdField,
	orderLocator,
	simplifyField(ORDER_SIMPLIFY_HINT),
	...downloadFields("From the order, else from the newest record of its status history that has them (added to the order's JSON)", false),
]);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const ref = orderRef(this, itemIndex);
		const order = await readOrder(this, ref);
		const output = (read: IDataObject) => (simplifies(this, itemIndex) ? simplifiedOrder(read) : read);
		const wanted = filesWanted((name, fallback) => this.getNodeParameter(name, itemIndex, fallback));
		if (!wanted) return output(order);
		let refs = filesOf(order, wanted);
		if (refs.length === 0) {
			// The spec's order has no file fields; its status records do.
			const history = await readStatusHistory(this, ref);
			refs = newestFiles(history, wanted);
			const proof = refs.find((file) => file.property === 'proof');
			const pages = refs.filter((file) => file.property !== 'proof');
			if (proof) order.ProofUrl ??= proof.url;
			if (pages.length > 0) order.RenderedPageUrls ??= pages.map((file) => file.url);
		}
		return new WithFiles([output(order)], new Map([[0, refs]]), wanted.maxBytes);
	}, readsAtOnce(this));
}
