// The one adapter to OpenAI-compatible chat completions (OpenAI, Azure-style gateways, vLLM, Ollama, LM Studio…).
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type {
  ChatCompletion,
  ChatCompletionContentPart,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { ModelResponseError, ModelUnavailableError } from './errors';
import {
  type ChatMessage,
  type ContentPart,
  contentText,
  type Embedder,
  type FinishReason,
  type Model,
  type ModelRequest,
  type ModelResponse,
  toToolCall,
} from './types';

export interface OpenAIModelOptions {
  /** Base URL including the API prefix, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 */
  baseUrl?: string;
  /** Sent as a bearer token; never logged. Local servers usually need none. */
  apiKey?: string;
  model?: string;
  /** Per request, each attempt (default 60 s). */
  timeoutMs?: number;
  /** Retries of connection errors, 408/409/429 and 5xx, with the client's exponential backoff (default 2). */
  maxRetries?: number;
  supportsVision?: boolean;
}

function toParts(content: ContentPart[]): ChatCompletionContentPart[] {
  return content.map((p) =>
    p.type === 'text'
      ? { type: 'text', text: p.text }
      : { type: 'image_url', image_url: { url: `data:${p.mediaType};base64,${p.data}`, detail: p.detail ?? 'auto' } }
  );
}

function toMessage(m: ChatMessage): ChatCompletionMessageParam {
  switch (m.role) {
    case 'user':
      return { role: 'user', content: typeof m.content === 'string' ? m.content : toParts(m.content) };
    case 'system':
      return { role: 'system', content: contentText(m.content) };
    case 'tool':
      if (!m.toolCallId) throw new TypeError('A tool message needs toolCallId');
      return { role: 'tool', tool_call_id: m.toolCallId, content: contentText(m.content) };
    case 'assistant': {
      const text = contentText(m.content);
      const calls = m.toolCalls ?? [];
      return {
        role: 'assistant',
        content: text === '' && calls.length > 0 ? null : text,
        ...(calls.length > 0
          ? {
              tool_calls: calls.map((c) => ({
                id: c.id,
                type: 'function' as const,
                function: { name: c.name, arguments: c.rawArguments },
              })),
            }
          : {}),
      };
    }
  }
}

/**
 * Builds the chat.completions body for a request (exported for tests).
 * @param model - Model name.
 * @param req - The provider-neutral request.
 * @returns The non-streaming request body.
 */
export function toRequestBody(model: string, req: ModelRequest): ChatCompletionCreateParamsNonStreaming {
  return {
    model,
    messages: req.messages.map(toMessage),
    ...(req.tools?.length
      ? {
          tools: req.tools.map((t) => ({
            type: 'function' as const,
            function: { name: t.name, description: t.description, parameters: t.parameters as Record<string, unknown> },
          })),
        }
      : {}),
    ...(req.responseSchema
      ? {
          response_format: {
            type: 'json_schema' as const,
            json_schema: {
              name: req.responseSchema.name,
              schema: req.responseSchema.schema as Record<string, unknown>,
              strict: true,
            },
          },
        }
      : {}),
    ...(req.temperature !== undefined ? { temperature: req.temperature } : {}),
    ...(req.maxTokens !== undefined ? { max_completion_tokens: req.maxTokens } : {}),
  };
}

const FINISH: Record<string, FinishReason> = {
  stop: 'stop',
  length: 'length',
  tool_calls: 'tool_calls',
  function_call: 'tool_calls',
  content_filter: 'content_filter',
};

/**
 * Maps a chat.completions reply to our response, checking its shape (exported for tests).
 * @param body - Whatever the endpoint returned.
 * @param fallbackModel - Used when the reply does not name its model.
 * @returns The response; throws ModelResponseError when the shape is wrong.
 */
export function fromCompletion(body: unknown, fallbackModel: string): ModelResponse {
  const completion = body as Partial<ChatCompletion> | null;
  const choice = typeof completion === 'object' && completion !== null ? completion.choices?.[0] : undefined;
  if (!choice || typeof choice.message !== 'object' || choice.message === null) {
    throw new ModelResponseError('The model endpoint replied without choices[0].message (not a chat completion)');
  }
  const message = choice.message;
  if (message.tool_calls != null && !Array.isArray(message.tool_calls)) {
    throw new ModelResponseError('The model endpoint replied with tool_calls that are not a list');
  }
  // Custom (free-text) tool calls are never requested, so only function calls are kept; a malformed one is an
  // unusable reply (retried), not a crash.
  const toolCalls = (message.tool_calls ?? []).flatMap((c) => {
    if (typeof c !== 'object' || c === null || !('function' in c) || !c.function) return [];
    const { name, arguments: args } = c.function as { name?: unknown; arguments?: unknown };
    if (typeof name !== 'string' || (args != null && typeof args !== 'string')) {
      throw new ModelResponseError('The model endpoint replied with a malformed tool call');
    }
    return [toToolCall(typeof c.id === 'string' ? c.id : '', name, args ?? '')];
  });
  return {
    ...(typeof message.content === 'string' ? { text: message.content } : {}),
    toolCalls,
    ...(message.refusal ? { refusal: message.refusal } : {}),
    finishReason: FINISH[choice.finish_reason ?? ''] ?? 'other',
    usage: {
      promptTokens: completion?.usage?.prompt_tokens ?? 0,
      completionTokens: completion?.usage?.completion_tokens ?? 0,
    },
    model: typeof completion?.model === 'string' && completion.model ? completion.model : fallbackModel,
  };
}

/** Short provider detail for messages; provider texts are cut so nothing long (or echoed content) travels on. */
function detailOf(err: APIError): string {
  const text = err.message.replace(/\s+/g, ' ').trim();
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

function toModelError(err: unknown, origin: string, model: string, opts: Required<OpenAIModelOptions>): unknown {
  if (err instanceof APIConnectionTimeoutError)
    return new ModelUnavailableError(`The model endpoint at ${origin} did not answer within ${opts.timeoutMs} ms`, {
      cause: err,
    });
  if (err instanceof APIConnectionError)
    return new ModelUnavailableError(`Cannot reach the model endpoint at ${origin}`, { cause: err });
  if (err instanceof APIError) {
    const status = err.status;
    const tail = `(${status}): ${detailOf(err)}`;
    // Providers echo part of a rejected key in the detail, so it is left out here.
    if (status === 401 || status === 403)
      return new ModelUnavailableError(`The model endpoint rejected the API key (${status})`, { status, cause: err });
    if (status === 404)
      return new ModelUnavailableError(`Model "${model}" was not found at ${origin} ${tail}`, { status, cause: err });
    if (status === 429 || (status !== undefined && status >= 500))
      return new ModelUnavailableError(
        `The model endpoint at ${origin} kept failing after ${opts.maxRetries} retries ${tail}`,
        { status, cause: err }
      );
    return new ModelResponseError(`The model endpoint refused the request ${tail}`, { status, cause: err });
  }
  if (err instanceof SyntaxError)
    return new ModelResponseError('The model endpoint replied with a body that is not JSON', { cause: err });
  return err;
}

/**
 * Checks the endpoint settings and makes the SDK client (this file is the only one importing `openai`).
 * @param options - Endpoint, key, model name, timeout, retries.
 * @param what - "model" or "embedding model", for the messages.
 * @returns The completed options, the endpoint's origin and the client.
 */
function connect(
  options: OpenAIModelOptions,
  what: string
): { opts: Required<OpenAIModelOptions>; origin: string; client: OpenAI } {
  const { baseUrl, model } = options;
  if (!baseUrl || !model) {
    throw new ModelUnavailableError(`No ${what} configured: a base URL and a model name are both needed`);
  }
  let origin: string;
  try {
    origin = new URL(baseUrl).origin;
  } catch {
    throw new ModelUnavailableError(`The ${what} base URL is not a URL: ${baseUrl}`);
  }
  const opts: Required<OpenAIModelOptions> = {
    baseUrl,
    model,
    apiKey: options.apiKey ?? '',
    timeoutMs: options.timeoutMs ?? 60_000,
    maxRetries: options.maxRetries ?? 2,
    supportsVision: options.supportsVision ?? false,
  };
  const client = new OpenAI({
    baseURL: baseUrl,
    // The SDK insists on a key; local servers ignore this placeholder.
    apiKey: opts.apiKey || 'no-key',
    timeout: opts.timeoutMs,
    maxRetries: opts.maxRetries,
    // Debug logging would print request bodies (patient data): keep it off whatever OPENAI_LOG says.
    logLevel: 'warn',
  });
  return { opts, origin, client };
}

/**
 * A model on any OpenAI-compatible endpoint.
 * @param options - Endpoint, key, model name, timeout and retries.
 * @returns The model; throws ModelUnavailableError when base URL or model name is missing.
 */
export function createOpenAIModel(options: OpenAIModelOptions): Model {
  const { opts, origin, client } = connect(options, 'model');
  const model = opts.model;
  return {
    id: model,
    supportsVision: opts.supportsVision,
    async generate(req: ModelRequest): Promise<ModelResponse> {
      let body: unknown;
      try {
        body = await client.chat.completions.create(toRequestBody(model, req), { signal: req.signal });
      } catch (err) {
        // The caller's own abort surfaces as its reason (an AbortError), not as a provider failure.
        if (req.signal?.aborted) throw req.signal.reason;
        throw toModelError(err, origin, model, opts);
      }
      return fromCompletion(body, model);
    },
  };
}

export interface OpenAIEmbedderOptions {
  /** Base URL including the API prefix, as for the chat model. */
  baseUrl?: string;
  apiKey?: string;
  /** Embedding model name (ONCOAGENT_EMBEDDING_MODEL). */
  model?: string;
  /** Ask the provider for shorter vectors (models that support it). */
  dimensions?: number;
  timeoutMs?: number;
  maxRetries?: number;
}

/**
 * An embedder on any OpenAI-compatible `/embeddings` endpoint.
 * @param options - Endpoint, key, model name, optional dimensions, timeout and retries.
 * @returns The embedder; throws ModelUnavailableError when base URL or model name is missing.
 */
export function createOpenAIEmbedder(options: OpenAIEmbedderOptions): Embedder {
  const { opts, origin, client } = connect({ ...options, supportsVision: false }, 'embedding model');
  const model = opts.model;
  return {
    id: model,
    async embed(texts: string[], embedOptions: { signal?: AbortSignal } = {}): Promise<number[][]> {
      if (texts.length === 0) return [];
      let body: { data?: { index?: number; embedding?: unknown }[] };
      try {
        body = await client.embeddings.create(
          {
            model,
            input: texts,
            encoding_format: 'float',
            ...(options.dimensions ? { dimensions: options.dimensions } : {}),
          },
          { signal: embedOptions.signal }
        );
      } catch (err) {
        if (embedOptions.signal?.aborted) throw embedOptions.signal.reason;
        throw toModelError(err, origin, model, opts);
      }
      return fromEmbeddings(body, texts.length);
    },
  };
}

/** Orders and checks an embeddings reply: one finite vector per input, all the same length. */
function fromEmbeddings(body: { data?: { index?: number; embedding?: unknown }[] }, count: number): number[][] {
  const data = Array.isArray(body?.data) ? body.data : [];
  const vectors: number[][] = new Array(count);
  for (const [i, item] of data.entries()) {
    const at = typeof item.index === 'number' ? item.index : i;
    if (at >= 0 && at < count && Array.isArray(item.embedding)) vectors[at] = item.embedding as number[];
  }
  const dims = vectors[0]?.length ?? 0;
  for (let i = 0; i < count; i++) {
    const v = vectors[i];
    if (!v || v.length !== dims || dims === 0 || v.some((x) => typeof x !== 'number' || !Number.isFinite(x)))
      throw new ModelResponseError(`The embedding endpoint returned no usable vector for input ${i} of ${count}`);
  }
  return vectors;
}
