import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { N8nChanged } from './changed';

/**
 * What the Print Store node takes from n8n when it runs as an AI tool (the variant n8n derives from
 * `usableAsTool`, called by an AI Agent or the MCP Server Trigger).
 */

/**
 * Whether the node runs as a tool.
 * Relies on: n8n names the tool variant's type after the node's with "Tool" appended, and gives it an
 * ai_tool output instead of the main one. A tool run that the name alone would miss would create
 * live orders without the tool's guard rails, so an ai_tool output without the name stops the node.
 * Tested: test/e2e/ai-agent.test.ts (AI Agent and MCP, 2.x and 1.x).
 */
export function isToolRun(ctx: IExecuteFunctions): boolean {
	const byName = ctx.getNode().type.endsWith('Tool');
	if (byName) return true;
	const outputs = typeof ctx.getNodeOutputs === 'function' ? (ctx.getNodeOutputs() as unknown) : undefined;
	const byOutput = Array.isArray(outputs) && outputs.some((output) => (typeof output === 'string' ? output : (output as { type?: unknown })?.type) === NodeConnectionTypes.AiTool);
	if (byOutput) throw new N8nChanged(ctx.getNode(), 'toolVariant', 'the node has an AI tool output, but its type name does not end in "Tool"');
	return false;
}

/** What the node's own code reads differently in a tool run over a list of orders. */
export interface ToolReads {
	getInputData(): INodeExecutionData[];
	getNodeParameter(name: string, itemIndex: number, fallback?: unknown, options?: IDataObject): unknown;
}

/**
 * The execution context, with the two reads the node's own code makes replaced: one tool call then
 * runs as a list of items through the same code as any other run.
 * Relies on: n8n's context methods work when called on the context itself from a wrapper (they are
 * bound to it here, so n8n's code inside them reads the context as n8n made it). Checked: the
 * context has both methods the wrapper replaces.
 * Tested: test/node/tool.test.ts (through n8n's engine) and test/e2e/ai-agent.test.ts.
 */
export function withToolReads(ctx: IExecuteFunctions, reads: ToolReads): IExecuteFunctions {
	if (typeof ctx.getInputData !== 'function' || typeof ctx.getNodeParameter !== 'function') {
		throw new N8nChanged(ctx.getNode(), 'toolContext', 'the execution context has no getInputData or getNodeParameter method');
	}
	return new Proxy(ctx, {
		get(target, property) {
			if (property === 'getInputData') return reads.getInputData;
			if (property === 'getNodeParameter') return reads.getNodeParameter;
			const value = Reflect.get(target, property, target) as unknown;
			return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
		},
	});
}
