import type { IExecuteFunctions } from 'n8n-workflow';

import { checkPathId } from '../../shared/ids';

/**
 * The item's Store ID, checked as a path segment. Versions 1 to 4 save it as text, version 5 as a
 * resource locator (From List, By ID); n8n's `extractValue` gives the ID for both (for text it
 * returns the text as it is).
 */
export function readStoreId(ctx: IExecuteFunctions, itemIndex: number): string {
	return checkPathId(ctx.getNodeParameter('storeId', itemIndex, '', { extractValue: true }), 'Store ID');
}
