// The provider-neutral model contract every caller (agent, answer, synoptic, tools) codes against.

/** A piece of a multimodal message. Images travel inline (base64), never as URLs the provider would fetch. */
export type ContentPart =
  | { type: 'text'; text: string }
  | {
      type: 'image';
      mediaType: 'image/png' | 'image/jpeg';
      /** Base64 without the `data:` prefix. */
      data: string;
      /** Provider hint on resolution: `low` is cheap, `high` reads fine detail. */
      detail?: 'low' | 'high' | 'auto';
    };

/**
 * A tool call as the model sent it. `rawArguments` is kept verbatim so the conversation can be replayed;
 * `arguments` is set when it parsed as JSON, `parseError` when it did not.
 */
export interface ToolCall {
  id: string;
  name: string;
  rawArguments: string;
  arguments?: unknown;
  parseError?: string;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | ContentPart[];
  /** Assistant messages: the calls the model made. */
  toolCalls?: ToolCall[];
  /** Tool messages: the id of the call this message answers. */
  toolCallId?: string;
}

/** A function the model may call; `parameters` is a JSON Schema object. */
export interface ToolDefinition {
  name: string;
  description: string;
  parameters: object;
}

export interface ModelRequest {
  messages: ChatMessage[];
  tools?: ToolDefinition[];
  /** Ask for JSON matching this schema (strict structured output). */
  responseSchema?: { name: string; schema: object };
  temperature?: number;
  maxTokens?: number;
  signal?: AbortSignal;
}

export interface Usage {
  promptTokens: number;
  completionTokens: number;
}

/** Why generation stopped; provider values outside these become `other`. */
export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'other';

export interface ModelResponse {
  text?: string;
  toolCalls: ToolCall[];
  /** The model declined to answer (structured-output refusal); `text` is then usually absent. */
  refusal?: string;
  finishReason: FinishReason;
  usage: Usage;
  /** The model that answered, as the provider names it (may be more specific than the configured id). */
  model: string;
}

export interface Model {
  /** The configured model name, e.g. `gpt-4o` or a local model's name. */
  id: string;
  supportsVision: boolean;
  /**
   * Runs one completion. Throws `ModelUnavailableError` when the provider cannot be reached or refuses the
   * credentials, `ModelResponseError` when the reply is unusable; a refusal is returned, not thrown.
   */
  generate(req: ModelRequest): Promise<ModelResponse>;
}

/**
 * Parses tool-call arguments, keeping the raw text either way.
 * @param id - The call id.
 * @param name - The function name.
 * @param rawArguments - JSON text as the model produced it.
 * @returns The call with `arguments` or `parseError`.
 */
export function toToolCall(id: string, name: string, rawArguments: string): ToolCall {
  try {
    return { id, name, rawArguments, arguments: JSON.parse(rawArguments === '' ? '{}' : rawArguments) };
  } catch (err) {
    return { id, name, rawArguments, parseError: err instanceof Error ? err.message : String(err) };
  }
}

/** The text of a message's content, images left out. */
export function contentText(content: string | ContentPart[]): string {
  if (typeof content === 'string') return content;
  return content.map((p) => (p.type === 'text' ? p.text : '')).join('');
}

/** Turns texts into dense vectors (one per text, same order, same length) for retrieval. */
export interface Embedder {
  /** The embedding model's name: vectors of different models are never mixed in one index. */
  id: string;
  /**
   * Embeds a batch. Throws `ModelUnavailableError` when the endpoint cannot be used, `ModelResponseError` when the
   * reply is unusable (wrong count, ragged or non-numeric vectors).
   */
  embed(texts: string[], options?: { signal?: AbortSignal }): Promise<number[][]>;
}
