// Maps our provider-neutral conversation to node-llama-cpp's chat history and its reply back (pure, no runtime), so
// the local adapter's only job is running the model.
import { randomUUID } from 'node:crypto';
import type { ChatHistoryItem, ChatModelFunctionCall, ChatModelFunctions } from 'node-llama-cpp';
import { toGbnfSchema } from './gbnf-schema';
import {
  type ChatMessage,
  contentText,
  type FinishReason,
  type ModelResponse,
  type ToolDefinition,
  type Usage,
} from './types';

/** A tool result as the model will read it: parsed JSON when it is JSON, the text otherwise. */
function resultOf(content: string): unknown {
  try {
    return JSON.parse(content);
  } catch {
    return content;
  }
}

/**
 * Builds the chat history for the next model turn. Tool messages become the results of the calls they answer; the
 * history always ends with a model response for the runtime to continue (empty after a user turn).
 * @param messages - The conversation so far.
 * @returns node-llama-cpp's history items.
 */
export function toChatHistory(messages: ChatMessage[]): ChatHistoryItem[] {
  const history: ChatHistoryItem[] = [];
  const calls = new Map<string, ChatModelFunctionCall>();
  for (const m of messages) {
    const text = contentText(m.content);
    if (m.role === 'system') history.push({ type: 'system', text });
    else if (m.role === 'user') history.push({ type: 'user', text });
    else if (m.role === 'assistant') {
      const response: (string | ChatModelFunctionCall)[] = text ? [text] : [];
      for (const c of m.toolCalls ?? []) {
        const call: ChatModelFunctionCall = {
          type: 'functionCall',
          name: c.name,
          params: c.arguments ?? c.rawArguments,
          result: null,
        };
        calls.set(c.id, call);
        response.push(call);
      }
      history.push({ type: 'model', response });
    } else {
      const call = m.toolCallId ? calls.get(m.toolCallId) : undefined;
      if (!call) throw new TypeError(`A tool message answers no earlier call (toolCallId "${m.toolCallId ?? ''}")`);
      call.result = resultOf(text);
    }
  }
  if (history.at(-1)?.type !== 'model') history.push({ type: 'model', response: [] });
  return history;
}

/**
 * Declares the request's tools as functions the model may call; their parameters become grammar-enforceable.
 * @param tools - The request's tools.
 * @returns The functions, or undefined when there are none.
 */
export function toFunctions(tools: ToolDefinition[] | undefined): ChatModelFunctions | undefined {
  if (!tools?.length) return undefined;
  return Object.fromEntries(
    tools.map((t) => [t.name, { description: t.description, params: toGbnfSchema(t.parameters) }])
  ) as ChatModelFunctions;
}

/** The parts of node-llama-cpp's `LlamaChatResponse` read here. */
export interface LocalReply {
  response: string;
  functionCalls?: readonly { functionName: string; params?: unknown }[];
  metadata: { stopReason: string };
}

const FINISH: Record<string, FinishReason> = {
  eogToken: 'stop',
  stopGenerationTrigger: 'stop',
  customStopTrigger: 'stop',
  functionCalls: 'tool_calls',
  maxTokens: 'length',
};

/**
 * Maps a node-llama-cpp reply to ours. Thought segments (reasoning models) are not part of `response` and stay out.
 * @param reply - The runtime's response.
 * @param model - The model id to report.
 * @param usage - Tokens evaluated and generated for this call.
 * @returns The provider-neutral response.
 */
export function fromChatResponse(reply: LocalReply, model: string, usage: Usage): ModelResponse {
  const toolCalls = (reply.functionCalls ?? []).map((c) => {
    const args = c.params ?? {};
    return { id: `call_${randomUUID()}`, name: c.functionName, rawArguments: JSON.stringify(args), arguments: args };
  });
  return {
    text: reply.response,
    toolCalls,
    finishReason: toolCalls.length > 0 ? 'tool_calls' : (FINISH[reply.metadata.stopReason] ?? 'other'),
    usage,
    model,
  };
}
