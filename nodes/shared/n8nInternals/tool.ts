import type { IExecuteFunctions } from 'n8n-workflow';
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
