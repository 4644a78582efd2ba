import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { showFor } from '../../../shared/displayOptions';
import { storeIdField } from '../../descriptions/common.fields';
import { listFields } from '../../descriptions/list.fields';
import { forEachItem } from '../../perItem/run';
import { readStoreId } from '../../perItem/parameters';
import { requestedLimit } from '../../descriptions/limit';
import { collect } from '../../../shared/lists/pages';
import { LIST_PRODUCTS, matchesProduct, productListSource } from '../../lookups/products';

/** The API call: the store's products (named by the API, not shown: docs/api-assumptions.md). */
export const api = LIST_PRODUCTS;

/** Its entry in the resource's Operation list, and what an AI model reads about it as a tool. */
export const option: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	description: 'Get the products the store can print: IDs, names, template fields, prices and allowed quantities',
	action: 'Get many products',
};
export const toolDescription =
	'List the products this print store can print, with each product\'s ID (what an order item\'s Product.ID needs), name, template fields, prices and the quantities allowed. Give words to search for in the name or ID, or nothing for all.';

export const description: INodeProperties[] = showFor({ show: { resource: ['product'], operation: ['getAll'] } }, [
	storeIdField,
	...listFields('products'),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Search',
				name: 'search',
				type: 'string',
				default: '',
				placeholder: 'e.g. postcard',
				description: "Words that must all appear in the product's name or ID (any case)",
			},
		],
	},
]);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const storeId = readStoreId(this, itemIndex);
		const limit = requestedLimit(this, itemIndex);
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const search = typeof filters.search === 'string' ? filters.search : '';
		return await collect(this, productListSource(storeId), (product) => matchesProduct(product, search), limit);
	});
}
