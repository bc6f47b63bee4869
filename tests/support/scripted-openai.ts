// A scripted OpenAI-compatible HTTP server on 127.0.0.1 for tests of the real `openai` client: chat, embeddings, models.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// biome-ignore lint/suspicious/noExplicitAny: request bodies are whatever JSON the client sent
type Json = any;

/** What the server sends for one chat completion request. */
export interface ScriptedReply {
  status: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string is sent verbatim (with `application/json`, to test malformed bodies). */
  body: object | string;
  delayMs?: number;
}

export type ChatScript = (req: Json, index: number) => ScriptedReply | Promise<ScriptedReply>;

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Json;
}

export interface ScriptedOpenAI {
  /** Base URL with the `/v1` prefix, as OPENAI_BASE_URL expects. */
  baseUrl: string;
  /** Every request, in arrival order. */
  requests: RecordedRequest[];
  /** Bodies of the chat completion requests only. */
  chatRequests(): Json[];
  close(): Promise<void>;
}

export interface ScriptedOpenAIOptions {
  /** Dimensions of embedding vectors when the request names none (default 8). */
  embeddingDims?: number;
  models?: string[];
}

const MAX_BODY = 32 * 1024 * 1024;

function usageFor(req: Json, completion: string): Json {
  const prompt = Math.ceil(JSON.stringify(req?.messages ?? []).length / 4);
  const completionTokens = Math.ceil(completion.length / 4);
  return { prompt_tokens: prompt, completion_tokens: completionTokens, total_tokens: prompt + completionTokens };
}

function completion(message: Json, finishReason: string, usage: Json | undefined, model?: string): ScriptedReply {
  return {
    status: 200,
    body: {
      id: 'chatcmpl-scripted',
      object: 'chat.completion',
      created: 1_767_225_600,
      model: model ?? 'scripted-model',
      choices: [{ index: 0, message: { refusal: null, ...message }, finish_reason: finishReason, logprobs: null }],
      ...(usage ? { usage } : {}),
    },
  };
}

/** Builders for replies; `usage` (prompt, completion) overrides the size-based default. */
export const reply = {
  text(text: string, opts: { usage?: [number, number]; model?: string; finishReason?: string } = {}): ScriptedReply {
    const usage = opts.usage
      ? { prompt_tokens: opts.usage[0], completion_tokens: opts.usage[1], total_tokens: opts.usage[0] + opts.usage[1] }
      : usageFor(undefined, text);
    return completion({ role: 'assistant', content: text }, opts.finishReason ?? 'stop', usage, opts.model);
  },
  /** Structured output: the message content is the JSON text of `value`. */
  json(value: unknown, opts: { usage?: [number, number]; model?: string } = {}): ScriptedReply {
    return reply.text(JSON.stringify(value), opts);
  },
  toolCalls(
    calls: { name: string; arguments: unknown; id?: string }[],
    opts: { usage?: [number, number] } = {}
  ): ScriptedReply {
    const toolCalls = calls.map((c, i) => ({
      id: c.id ?? `call_${i}`,
      type: 'function',
      function: {
        name: c.name,
        arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments),
      },
    }));
    const [p, c] = opts.usage ?? [10, 10];
    return completion({ role: 'assistant', content: null, tool_calls: toolCalls }, 'tool_calls', {
      prompt_tokens: p,
      completion_tokens: c,
      total_tokens: p + c,
    });
  },
  refusal(text: string): ScriptedReply {
    return completion({ role: 'assistant', content: null, refusal: text }, 'stop', usageFor(undefined, text));
  },
  /** `non-json`: a JSON content type with a broken body; `no-choices`: valid JSON that is not a completion. */
  malformed(kind: 'non-json' | 'no-choices'): ScriptedReply {
    return kind === 'non-json'
      ? { status: 200, body: '{"id": "chatcmpl-broken", "choices": [' }
      : { status: 200, body: { id: 'chatcmpl-broken', object: 'chat.completion', usage: usageFor(undefined, '') } };
  },
  /** An error status with OpenAI's error body; `retryAfterMs` sets the header the client honours between retries. */
  httpError(status: number, message = 'scripted failure', opts: { retryAfterMs?: number } = {}): ScriptedReply {
    return {
      status,
      headers: opts.retryAfterMs !== undefined ? { 'retry-after-ms': String(opts.retryAfterMs) } : {},
      body: { error: { message, type: status >= 500 ? 'server_error' : 'invalid_request_error', code: null } },
    };
  },
  delay(ms: number, inner: ScriptedReply): ScriptedReply {
    return { ...inner, delayMs: ms };
  },
};

/**
 * A deterministic unit vector for a text (SHA-256 in counter mode), so equal inputs embed equally.
 * @param text - The input.
 * @param dims - Vector length.
 * @returns The vector.
 */
export function hashEmbedding(text: string, dims: number): number[] {
  const values: number[] = [];
  for (let block = 0; values.length < dims; block++) {
    const digest = createHash('sha256').update(`${block}\u0000${text}`).digest();
    for (let i = 0; i + 1 < digest.length && values.length < dims; i += 2)
      values.push(digest.readUInt16BE(i) / 32_767.5 - 1);
  }
  const norm = Math.hypot(...values) || 1;
  return values.map((v) => v / norm);
}

function embeddings(body: Json, defaultDims: number): ScriptedReply {
  const inputs: unknown[] = Array.isArray(body?.input) ? body.input : [body?.input];
  const dims = Number.isInteger(body?.dimensions) ? body.dimensions : defaultDims;
  const data = inputs.map((input, index) => {
    const vector = hashEmbedding(typeof input === 'string' ? input : JSON.stringify(input), dims);
    const embedding =
      body?.encoding_format === 'base64' ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector;
    return { object: 'embedding', index, embedding };
  });
  const tokens = inputs.reduce<number>((n, i) => n + Math.ceil(String(i).length / 4), 0);
  return {
    status: 200,
    body: {
      object: 'list',
      data,
      model: body?.model ?? 'scripted-embedding',
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    },
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error('request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, r: ScriptedReply): void {
  const text = typeof r.body === 'string' ? r.body : JSON.stringify(r.body);
  res.writeHead(r.status, { 'content-type': 'application/json', ...r.headers });
  res.end(text);
}

/**
 * Starts the server on 127.0.0.1 and a free port.
 * @param script - Chooses the reply to each chat completion request (0-based index across the server's life).
 * @param options - Embedding dimensions and listed models.
 * @returns Base URL, recorded requests and close().
 */
export async function startScriptedOpenAI(
  script: ChatScript,
  options: ScriptedOpenAIOptions = {}
): Promise<ScriptedOpenAI> {
  const requests: RecordedRequest[] = [];
  let chatIndex = 0;
  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      const raw = req.method === 'POST' ? await readBody(req) : '';
      const body = raw ? JSON.parse(raw) : undefined;
      requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      let r: ScriptedReply;
      if (req.method === 'POST' && path === '/v1/chat/completions') r = await script(body, chatIndex++);
      else if (req.method === 'POST' && path === '/v1/embeddings') r = embeddings(body, options.embeddingDims ?? 8);
      else if (req.method === 'GET' && path === '/v1/models') {
        const data = (options.models ?? ['scripted-model']).map((id) => ({
          id,
          object: 'model',
          created: 0,
          owned_by: 'scripted',
        }));
        r = { status: 200, body: { object: 'list', data } };
      } else r = reply.httpError(404, `no route ${req.method} ${path}`);
      if (r.delayMs) await new Promise((done) => setTimeout(done, r.delayMs));
      if (!res.destroyed) send(res, r);
    })().catch((err: unknown) => {
      // x-should-retry: false so a broken script fails the test at once instead of being retried.
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json', 'x-should-retry': 'false' });
      res.end(
        JSON.stringify({ error: { message: `scripted server: ${err instanceof Error ? err.message : String(err)}` } })
      );
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    chatRequests: () => requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.body),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
