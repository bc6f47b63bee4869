// The local adapter against the real llama.cpp runtime (node-llama-cpp's prebuilt CPU binary) and a tiny GGUF written
// here with random weights: its words are noise, so the tests check what must hold for any model — grammar-bound
// output parses and validates, tool calls name declared tools, usage is counted, failures are typed, nothing crashes.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { writeTinyGguf } from '../../tests/support/tiny-gguf';
import { citationCheckSignature, strategySignature, subQueriesSignature } from '../answer/signatures';
import { loadConfig } from '../config';
import { rerankSignature } from '../rag/rerank-llm';
import { TOOLS } from '../tools/registry';
import { toolSpec } from '../tools/run-tool';
import { ModelUnavailableError } from './errors';
import { createLocalModel, type LocalModel } from './local';
import { selectModel } from './select';
import { defineSignature, outputJsonSchema, predict } from './signature';

const dir = mkdtempSync(join(tmpdir(), 'oncoagent-gguf-'));
const gguf = join(dir, 'tiny-test.gguf');
let model: LocalModel;

const verdict = defineSignature({
  name: 'verdict',
  instructions: 'Answer the question about the lesion.',
  render: (input: { question: string }) => input.question,
  output: z.object({
    answer: z.enum(['yes', 'no', 'unknown']),
    confident: z.boolean(),
    sites: z.array(z.enum(['liver', 'lung', 'peritoneum'])).max(3),
  }),
});

beforeAll(async () => {
  writeTinyGguf(gguf, { contextLength: 16_384 });
  model = createLocalModel({ ggufPath: gguf, gpu: false, threads: 1, contextSize: 16_384, maxTokens: 256 });
});

afterAll(async () => {
  await model?.dispose();
});

describe('local GGUF model through node-llama-cpp', () => {
  it('returns structured output that parses and validates against the signature', async () => {
    const result = await predict(model, verdict, { question: 'Did the liver lesion grow?' });
    expect(verdict.output.safeParse(result.output).success).toBe(true);
    expect(result.usage.llmCalls).toBe(1);
    expect(result.usage.promptTokens).toBeGreaterThan(10);
    expect(result.usage.completionTokens).toBeGreaterThan(3);
  });

  it('keeps free text inside its JSON string (zod still has the last word on its length)', async () => {
    const schema = outputJsonSchema(
      defineSignature({
        name: 'reason',
        instructions: 'Explain.',
        render: (q: string) => q,
        output: z.object({ reason: z.string().max(24) }),
      })
    );
    const reply = await model.generate({
      messages: [{ role: 'user', content: 'Why was the scan repeated?' }],
      responseSchema: { name: 'reason', schema },
    });
    expect(reply.finishReason).toBe('stop');
    // The grammar counts UTF-8 characters; a random model's stray bytes decode to U+FFFD, so only the shape is fixed.
    expect(typeof JSON.parse(reply.text ?? '').reason).toBe('string');
  });

  it('builds a grammar for every tool and every signature the product sends', async () => {
    const schemas = [
      ...TOOLS.map((t) => toolSpec(t).parameters as object),
      ...[subQueriesSignature, strategySignature, citationCheckSignature, rerankSignature].map((s) =>
        outputJsonSchema(s as never)
      ),
    ];
    for (const schema of schemas) {
      const reply = await model.generate({
        messages: [{ role: 'user', content: 'Go.' }],
        responseSchema: { name: 's', schema },
        maxTokens: 1,
      });
      expect(reply.finishReason).toMatch(/length|stop/);
    }
  }, 120_000);

  it('offers the tools as functions; any call it makes names a declared tool with object arguments', async () => {
    const tools = TOOLS.slice(0, 3).map((t) => {
      const s = toolSpec(t);
      return { name: s.name, description: s.description, parameters: s.parameters as object };
    });
    const reply = await model.generate({
      messages: [
        { role: 'system', content: 'You prepare tumor-board workups.' },
        { role: 'user', content: 'Measure the lesion on both scans.' },
      ],
      tools,
      maxTokens: 48,
    });
    for (const call of reply.toolCalls) {
      expect(tools.map((t) => t.name)).toContain(call.name);
      expect(typeof call.arguments).toBe('object');
    }
    expect(reply.finishReason).toMatch(/length|stop|tool_calls/);
    expect(reply.model).toBe('tiny-test');
  });

  it('continues after tool results, returning only the new text', async () => {
    const reply = await model.generate({
      messages: [
        { role: 'user', content: 'How big is it?' },
        {
          role: 'assistant',
          content: 'PREVIOUS-TURN-MARKER',
          toolCalls: [{ id: 'c1', name: 'calculator', rawArguments: '{"expression":"2*3"}', arguments: {} }],
        },
        { role: 'tool', toolCallId: 'c1', content: '{"value":6}' },
      ],
      tools: [{ name: 'calculator', description: 'Arithmetic', parameters: { type: 'object' } }],
      maxTokens: 8,
    });
    expect(reply.text ?? '').not.toContain('PREVIOUS-TURN-MARKER');
    expect(reply.usage.completionTokens).toBeGreaterThan(0);
  });

  it('refuses a conversation longer than the context instead of dropping part of it, then keeps working', async () => {
    const small = createLocalModel({ ggufPath: gguf, gpu: false, threads: 1, contextSize: 256, maxTokens: 8 });
    try {
      const long = 'Liver segment VII lesion, 31 mm. '.repeat(40);
      await expect(small.generate({ messages: [{ role: 'user', content: long }] })).rejects.toThrow(
        /does not fit the local model's context window/
      );
      const ok = await small.generate({ messages: [{ role: 'user', content: 'Short.' }], maxTokens: 4 });
      expect(ok.usage.completionTokens).toBeGreaterThan(0);
    } finally {
      await small.dispose();
    }
  });

  it('stops on the caller abort and on its own timeout, with the right error', async () => {
    const controller = new AbortController();
    const pending = model.generate({
      messages: [{ role: 'user', content: 'Write a long report.' }],
      maxTokens: 400,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new DOMException('stopped by the user', 'AbortError')), 20);
    await expect(pending).rejects.toThrow(/stopped by the user/);

    // A request cancelled while it waits for its turn ends at once; the one running goes on.
    const order: string[] = [];
    const running = model
      .generate({ messages: [{ role: 'user', content: 'First.' }], maxTokens: 200 })
      .then(() => order.push('first done'));
    const waiting = new AbortController();
    const queued = model.generate({ messages: [{ role: 'user', content: 'Second.' }], signal: waiting.signal });
    waiting.abort(new DOMException('left the page', 'AbortError'));
    await expect(queued.finally(() => order.push('second ended'))).rejects.toThrow(/left the page/);
    await running;
    expect(order).toEqual(['second ended', 'first done']);

    const slow = createLocalModel({ ggufPath: gguf, gpu: false, threads: 1, contextSize: 512, timeoutMs: 1 });
    try {
      const err = await slow.generate({ messages: [{ role: 'user', content: 'Hi' }] }).catch((e) => e);
      expect(err).toBeInstanceOf(ModelUnavailableError);
      expect(err.message).toMatch(/did not answer within 1 ms/);
    } finally {
      await slow.dispose();
    }
  });

  it('says unavailable for images, a broken file and a missing runtime', async () => {
    await expect(
      model.generate({
        messages: [{ role: 'user', content: [{ type: 'image', mediaType: 'image/png', data: 'AAAA' }] }],
      })
    ).rejects.toBeInstanceOf(ModelUnavailableError);

    const broken = join(dir, 'broken.gguf');
    writeFileSync(broken, 'this is not a GGUF file');
    const bad = createLocalModel({ ggufPath: broken, gpu: false });
    const err = await bad.generate({ messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(err).toBeInstanceOf(ModelUnavailableError);
    expect(err.message).toMatch(/Cannot load the GGUF model at .*broken\.gguf/);

    const noRuntime = createLocalModel({
      ggufPath: gguf,
      importRuntime: () => Promise.reject(new Error("Cannot find package 'node-llama-cpp'")),
    });
    await expect(noRuntime.generate({ messages: [{ role: 'user', content: 'x' }] })).rejects.toThrow(
      /needs the optional dependency node-llama-cpp/
    );
  });

  it('reads the chat format from the file: a ChatML template is used as ChatML', async () => {
    const template =
      "{% for m in messages %}{{'<|im_start|>' + m['role'] + '\\n' + m['content'] + '<|im_end|>\\n'}}{% endfor %}" +
      "{% if add_generation_prompt %}{{'<|im_start|>assistant\\n'}}{% endif %}";
    const chatml = join(dir, 'tiny-chatml.gguf');
    writeTinyGguf(chatml, {
      chatTemplate: { template, specialTokens: ['<|im_start|>', '<|im_end|>'], eos: '<|im_end|>' },
    });
    const m = createLocalModel({ ggufPath: chatml, gpu: false, threads: 1, contextSize: 1024, maxTokens: 128 });
    try {
      expect(await m.info()).toEqual({ chatFormat: 'ChatML', contextSize: 1024, gpu: false });
      expect(await m.info()).toEqual({ chatFormat: 'ChatML', contextSize: 1024, gpu: false });
      expect((await predict(m, verdict, { question: 'Any new lesion?' })).output.answer).toMatch(/yes|no|unknown/);
    } finally {
      await m.dispose();
    }
    expect((await model.info()).chatFormat).not.toBe('ChatML');
  });

  it('is chosen by ONCOAGENT_LLM=local with ONCOAGENT_GGUF, and reports a bad setting clearly', () => {
    const s = selectModel(loadConfig({ ONCOAGENT_LLM: 'local', ONCOAGENT_GGUF: gguf, ONCOAGENT_LLM_GPU: 'cpu' }).llm);
    expect(s.mode).toBe('local');
    expect(s.model?.id).toBe('tiny-test');
    expect(s.model?.supportsVision).toBe(false);
    const again = selectModel(
      loadConfig({ ONCOAGENT_LLM: 'local', ONCOAGENT_GGUF: gguf, ONCOAGENT_LLM_GPU: 'cpu' }).llm
    );
    expect(again.model).toBe(s.model);
    const other = selectModel(
      loadConfig({ ONCOAGENT_LLM: 'local', ONCOAGENT_GGUF: gguf, ONCOAGENT_LLM_CONTEXT: '512' }).llm
    );
    expect(other.model).not.toBe(s.model);
    expect(() =>
      selectModel(loadConfig({ ONCOAGENT_LLM: 'local', ONCOAGENT_GGUF: join(dir, 'nope.gguf') }).llm)
    ).toThrow(/missing file/);
    expect(() =>
      selectModel(loadConfig({ ONCOAGENT_LLM: 'local', ONCOAGENT_GGUF: gguf, ONCOAGENT_LLM_GPU: 'tpu' }).llm)
    ).toThrow(/ONCOAGENT_LLM_GPU must be auto, cuda, vulkan, metal or cpu/);
  });
});
