/**
 * A small scripted OpenAI-compatible chat-completions server, for running n8n's AI Agent with its
 * OpenAI Chat Model node (the credential's Base URL pointed here) without a real model. Each answer
 * is the next step of the script a test sets: tool calls to make, then a final answer built from the
 * tool results the server received. Every request is kept, so a test can check the tools n8n
 * offered (names, descriptions, input schemas) and what each tool call returned.
 */
import Fastify, { type FastifyInstance } from 'fastify';

export interface ToolCall {
	/** The tool's name as n8n offers it (the node name, with characters outside [A-Za-z0-9_-] as _). */
	name: string;
	arguments: Record<string, unknown>;
}

export interface ToolResult {
	name: string;
	arguments: Record<string, unknown>;
	/** The tool message's content as n8n sent it (the tool's output items, as JSON text). */
	content: string;
	/** content parsed as JSON, when it is. */
	json?: unknown;
}

export type Step = { toolCalls: ToolCall[] } | { answer: (results: ToolResult[]) => string };

export interface OfferedTool {
	name: string;
	description: string;
	parameters: { properties?: Record<string, { type?: string; description?: string }>; required?: string[] };
}

export interface ModelRequest {
	body: {
		model: string;
		stream?: boolean;
		messages: Array<{ role: string; content: unknown; tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>; tool_call_id?: string }>;
		tools?: Array<{ type: string; function: OfferedTool }>;
	};
	authorization?: string;
}

export interface ModelServer {
	/** The Base URL for n8n's OpenAI credential (ends in /v1). */
	url: string;
	requests: ModelRequest[];
	/** Replaces the script: the next chat completions answer with these steps, in order. */
	script(steps: Step[]): void;
	/** Steps of the script not yet used (a test expects none left). */
	remaining(): number;
	/** The tool results of the last conversation, in the order the server received them. */
	toolResults(): ToolResult[];
	close(): Promise<void>;
}

let callCounter = 0;

function parse(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return undefined;
	}
}

/** The tool calls of a conversation and the results that came back for them. */
function resultsOf(messages: ModelRequest['body']['messages']): ToolResult[] {
	const calls = new Map<string, { name: string; arguments: Record<string, unknown> }>();
	const results: ToolResult[] = [];
	for (const message of messages) {
		for (const call of message.tool_calls ?? []) {
			calls.set(call.id, { name: call.function.name, arguments: (parse(call.function.arguments) ?? {}) as Record<string, unknown> });
		}
		if (message.role === 'tool' && message.tool_call_id) {
			const call = calls.get(message.tool_call_id) ?? { name: '?', arguments: {} };
			const content = typeof message.content === 'string' ? message.content : JSON.stringify(message.content);
			results.push({ ...call, content, json: parse(content) });
		}
	}
	return results;
}

function completion(message: Record<string, unknown>, finishReason: string) {
	return {
		id: `chatcmpl-${++callCounter}`,
		object: 'chat.completion',
		created: Math.floor(Date.now() / 1000),
		model: 'scripted',
		choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: finishReason, logprobs: null }],
		usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
	};
}

/**
 * `fallback`: the answer when the script has no step left (instead of an error), e.g. for the demo,
 * whose order desk stays open for a person to chat with.
 */
export async function startModelServer(options: { fallback?: string } = {}): Promise<ModelServer> {
	const app: FastifyInstance = Fastify({ bodyLimit: 16 * 1024 * 1024 });
	const requests: ModelRequest[] = [];
	let steps: Step[] = [];
	let lastResults: ToolResult[] = [];

	app.get('/v1/models', async () => ({ object: 'list', data: [{ id: 'gpt-4o-mini', object: 'model', owned_by: 'scripted' }] }));

	app.post('/v1/chat/completions', async (request, reply) => {
		const body = request.body as ModelRequest['body'];
		requests.push({ body, authorization: request.headers.authorization });
		const step = steps.shift();
		lastResults = resultsOf(body.messages ?? []);
		if (!step && options.fallback !== undefined) return completion({ content: options.fallback }, 'stop');
		if (!step) return reply.code(400).send({ error: { message: 'The model script has no step left for this request', type: 'invalid_request_error' } });
		if ('answer' in step) return completion({ content: step.answer(lastResults) }, 'stop');
		const offered = new Set((body.tools ?? []).map((tool) => tool.function.name));
		const missing = step.toolCalls.filter((call) => !offered.has(call.name)).map((call) => call.name);
		if (missing.length) {
			return reply.code(400).send({ error: { message: `The script calls ${missing.join(', ')}, which n8n did not offer (offered: ${[...offered].join(', ')})`, type: 'invalid_request_error' } });
		}
		const toolCalls = step.toolCalls.map((call) => ({
			id: `call_${++callCounter}`,
			type: 'function',
			function: { name: call.name, arguments: JSON.stringify(call.arguments) },
		}));
		return completion({ content: null, tool_calls: toolCalls }, 'tool_calls');
	});

	await app.listen({ host: '127.0.0.1', port: 0 });
	const address = app.server.address();
	const port = typeof address === 'object' && address ? address.port : 0;
	return {
		url: `http://127.0.0.1:${port}/v1`,
		requests,
		script(next) {
			steps = [...next];
			lastResults = [];
		},
		remaining: () => steps.length,
		toolResults: () => lastResults,
		close: async () => {
			await app.close();
		},
	};
}
