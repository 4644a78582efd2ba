import type { INodeProperties } from 'n8n-workflow';

/**
 * Return All and Limit of the Get Many operations. In a workflow the limit starts at 50; the tool
 * variant (`@tool`) has no Return All and a small limit of its own, so one call cannot fill a model's
 * context.
 */
export const DEFAULT_TOOL_LIMIT = 10;

export function listFields(things: string): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			displayOptions: { hide: { '@tool': [true] } },
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] }, hide: { '@tool': [true] } },
		},
		{
			displayName: 'Limit',
			name: 'toolLimit',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 100, numberPrecision: 0 },
			default: DEFAULT_TOOL_LIMIT,
			description: `Most ${things} one call of the tool answers with (newest first)`,
			displayOptions: { show: { '@tool': [true] } },
		},
	];
}
