// The OpenAI adapter through the real `openai` client against a scripted server: wire format both ways and failures.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ChatScript, reply, type ScriptedOpenAI, startScriptedOpenAI } from '../../tests/support/scripted-openai';
import { ModelResponseError, ModelUnavailableError } from './errors';
import { createOpenAIModel } from './openai';
import { metered, UsageMeter } from './usage';

let script: ChatScript = () => reply.text('hello');
let server: ScriptedOpenAI;

beforeAll(async () => {
  server = await startScriptedOpenAI((req, i) => script(req, i), { embeddingDims: 16, models: ['vision-1', 'text-1'] });
});
afterAll(() => server.close());
afterEach(() => {
  server.requests.length = 0;
});

const model = (opts: { maxRetries?: number; timeoutMs?: number } = {}) =>
  createOpenAIModel({ baseUrl: server.baseUrl, apiKey: 'sk-test-secret', model: 'vision-1', maxRetries: 0, ...opts });

describe('createOpenAIModel: request mapping', () => {
  it('sends images as data URLs, tools as function tools and the schema as strict json_schema', async () => {
    script = () => reply.text('ok', { usage: [120, 7], model: 'vision-1-2026' });
    const response = await model().generate({
      messages: [
        { role: 'system', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Describe' },
            { type: 'image', mediaType: 'image/png', data: 'iVBORw0KGgo=', detail: 'high' },
          ],
        },
      ],
      tools: [{ name: 'calculator', description: 'adds', parameters: { type: 'object', properties: {} } }],
      responseSchema: { name: 'report', schema: { type: 'object', properties: {}, additionalProperties: false } },
      maxTokens: 300,
    });
    const [body] = server.chatRequests();
    expect(body.model).toBe('vision-1');
    expect(body.messages[0]).toEqual({ role: 'system', content: 'Be brief.' });
    expect(body.messages[1].content[1]).toEqual({
      type: 'image_url',
      image_url: { url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'high' },
    });
    expect(body.tools[0]).toEqual({
      type: 'function',
      function: { name: 'calculator', description: 'adds', parameters: { type: 'object', properties: {} } },
    });
    expect(body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'report', strict: true } });
    expect(body.max_completion_tokens).toBe(300);
    expect(server.requests[0]?.headers.authorization).toBe('Bearer sk-test-secret');
    expect(response).toMatchObject({ text: 'ok', finishReason: 'stop', model: 'vision-1-2026' });
    expect(response.usage).toEqual({ promptTokens: 120, completionTokens: 7 });
  });

  it('replays an assistant tool call and the tool answer in the wire format', async () => {
    script = () => reply.text('done');
    await model().generate({
      messages: [
        { role: 'user', content: 'Add 1 and 2' },
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'c1', name: 'calculator', rawArguments: '{"expression":"1+2"}', arguments: {} }],
        },
        { role: 'tool', content: '3', toolCallId: 'c1' },
      ],
    });
    const [body] = server.chatRequests();
    expect(body.messages[1]).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'c1', type: 'function', function: { name: 'calculator', arguments: '{"expression":"1+2"}' } }],
    });
    expect(body.messages[2]).toEqual({ role: 'tool', tool_call_id: 'c1', content: '3' });
  });
});

describe('createOpenAIModel: reply mapping', () => {
  it('keeps raw tool arguments, parsed or with the parse error', async () => {
    script = () =>
      reply.toolCalls([
        { name: 'calculator', arguments: { expression: '2*3' }, id: 'a' },
        { name: 'calculator', arguments: '{"expression": ', id: 'b' },
      ]);
    const { toolCalls, finishReason } = await model().generate({ messages: [{ role: 'user', content: 'x' }] });
    expect(finishReason).toBe('tool_calls');
    expect(toolCalls[0]).toEqual({
      id: 'a',
      name: 'calculator',
      rawArguments: '{"expression":"2*3"}',
      arguments: { expression: '2*3' },
    });
    expect(toolCalls[1]?.rawArguments).toBe('{"expression": ');
    expect(toolCalls[1]?.arguments).toBeUndefined();
    expect(toolCalls[1]?.parseError).toMatch(/JSON/);
  });

  it('returns a refusal instead of throwing', async () => {
    script = () => reply.refusal('I cannot help with that.');
    const response = await model().generate({ messages: [{ role: 'user', content: 'x' }] });
    expect(response.refusal).toBe('I cannot help with that.');
    expect(response.text).toBeUndefined();
  });

  it.each(['non-json', 'no-choices'] as const)('turns a %s body into ModelResponseError', async (kind) => {
    script = () => reply.malformed(kind);
    await expect(model().generate({ messages: [{ role: 'user', content: 'x' }] })).rejects.toBeInstanceOf(
      ModelResponseError
    );
  });

  it('counts usage across calls with a meter', async () => {
    let n = 0;
    script = () => reply.text('x', { usage: [100 + n++, 10] });
    const meter = new UsageMeter();
    const m = metered(model(), meter);
    for (let i = 0; i < 3; i++) await m.generate({ messages: [{ role: 'user', content: 'x' }] });
    expect(meter.total()).toEqual({ llmCalls: 3, promptTokens: 303, completionTokens: 30 });
  });
});

describe('createOpenAIModel: failures', () => {
  const ask = { messages: [{ role: 'user' as const, content: 'patient text that must not leak' }] };

  it('retries HTTP 500 with the client backoff and then succeeds', async () => {
    let calls = 0;
    script = () => (calls++ < 2 ? reply.httpError(500, 'overloaded', { retryAfterMs: 5 }) : reply.text('finally'));
    const response = await model({ maxRetries: 2 }).generate(ask);
    expect(response.text).toBe('finally');
    expect(server.chatRequests()).toHaveLength(3);
  });

  it('gives up after maxRetries with ModelUnavailableError naming the status', async () => {
    script = () => reply.httpError(503, 'down', { retryAfterMs: 5 });
    const err = await model({ maxRetries: 1 })
      .generate(ask)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelUnavailableError);
    expect((err as ModelUnavailableError).status).toBe(503);
    expect(server.chatRequests()).toHaveLength(2);
  });

  it('treats a rejected key as unavailable without repeating the key', async () => {
    script = () => reply.httpError(401, 'Incorrect API key provided: sk-test-****cret');
    const err = await model()
      .generate(ask)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelUnavailableError);
    expect(String((err as Error).message)).toMatch(/API key/);
    expect(String((err as Error).message)).not.toContain('sk-test');
  });

  it('treats a 400 as a response error carrying the status', async () => {
    script = () => reply.httpError(400, "Invalid value for 'response_format'");
    const err = await model()
      .generate(ask)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelResponseError);
    expect((err as ModelResponseError).status).toBe(400);
    expect((err as Error).message).not.toContain('must not leak');
  });

  it('reports a refused connection as unavailable', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((done) => closed.close(() => done()));
    const m = createOpenAIModel({ baseUrl: `http://127.0.0.1:${port}/v1`, model: 'x', maxRetries: 0 });
    await expect(m.generate(ask)).rejects.toThrow(/Cannot reach the model endpoint at http:\/\/127\.0\.0\.1/);
  });

  it('times out a slow endpoint as unavailable', async () => {
    script = () => reply.delay(1_000, reply.text('late'));
    const err = await model({ timeoutMs: 100 })
      .generate(ask)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelUnavailableError);
    expect((err as Error).message).toMatch(/did not answer within 100 ms/);
  });

  it('lets the caller abort', async () => {
    script = () => reply.delay(1_000, reply.text('late'));
    const controller = new AbortController();
    const pending = model().generate({ ...ask, signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const err = await pending.catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(ModelUnavailableError);
    expect((err as Error).name).toMatch(/Abort/);
  });

  it('refuses to start without a base URL or model name', () => {
    expect(() => createOpenAIModel({ model: 'x' })).toThrow(ModelUnavailableError);
    expect(() => createOpenAIModel({ baseUrl: server.baseUrl })).toThrow(/base URL and a model name/);
  });
});

describe('startScriptedOpenAI: embeddings and models', () => {
  const client = () => new OpenAI({ baseURL: server.baseUrl, apiKey: 'k', maxRetries: 0 });

  it('embeds deterministically with the configured or requested dimensions', async () => {
    const a = await client().embeddings.create({ model: 'e', input: ['liver metastasis', 'liver metastasis', 'KRAS'] });
    expect(a.data).toHaveLength(3);
    expect(a.data[0]?.embedding).toHaveLength(16);
    expect(a.data[0]?.embedding).toEqual(a.data[1]?.embedding);
    expect(a.data[0]?.embedding).not.toEqual(a.data[2]?.embedding);
    expect(Math.hypot(...(a.data[2]?.embedding ?? []))).toBeCloseTo(1, 5);
    const b = await client().embeddings.create({ model: 'e', input: 'KRAS', dimensions: 4, encoding_format: 'float' });
    expect(b.data[0]?.embedding).toHaveLength(4);
  });

  it('lists the configured models', async () => {
    const ids: string[] = [];
    for await (const m of client().models.list()) ids.push(m.id);
    expect(ids).toEqual(['vision-1', 'text-1']);
  });
});
