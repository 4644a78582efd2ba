import type { IExecuteFunctions } from 'n8n-workflow';

import { InvalidValue } from '../../shared/errors';
import { DEFAULT_TOOL_LIMIT } from './list.fields';
import { isToolRun } from '../../shared/n8nInternals';

/** How many results an item asks for: undefined for Return All. The tool variant always has a limit. */
export function requestedLimit(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	const tool = isToolRun(ctx);
	if (!tool && ctx.getNodeParameter('returnAll', itemIndex, false) === true) return undefined;
	const limit = Number(tool ? ctx.getNodeParameter('toolLimit', itemIndex, DEFAULT_TOOL_LIMIT) : ctx.getNodeParameter('limit', itemIndex, 50));
	if (!Number.isInteger(limit) || limit < 1) {
		throw new InvalidValue('Limit', `must be a whole number of at least 1, got ${String(limit)}`);
	}
	return limit;
}
