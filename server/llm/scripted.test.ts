// The scripted model: replies in order, records requests, estimates usage deterministically, fails loudly past the script.
import { describe, expect, it } from 'vitest';
import { ModelResponseError, ModelUnavailableError } from './errors';
import { createScriptedModel } from './scripted';
import { estimatePromptTokens } from './tokens';
import { metered, UsageMeter } from './usage';

const ask = (text: string) => ({ messages: [{ role: 'user' as const, content: text }] });

describe('createScriptedModel', () => {
  it('answers from a list in order and records each request', async () => {
    const model = createScriptedModel([{ text: 'first' }, { json: { a: 1 } }]);
    expect((await model.generate(ask('one'))).text).toBe('first');
    const second = await model.generate(ask('two'));
    expect(second.text).toBe('{"a":1}');
    expect(second.finishReason).toBe('stop');
    expect(model.requests.map((r) => r.messages[0]?.content)).toEqual(['one', 'two']);
  });

  it('throws a ModelResponseError naming the call once the script runs out', async () => {
    const model = createScriptedModel([{ text: 'only' }]);
    await model.generate(ask('one'));
    await expect(model.generate(ask('two'))).rejects.toThrow(
      new ModelResponseError('The scripted model has no reply for call 2')
    );
  });

  it('parses tool-call arguments and keeps bad JSON as a parse error', async () => {
    const model = createScriptedModel([
      {
        toolCalls: [
          { name: 'calculator', arguments: { expression: '1+1' } },
          { name: 'calculator', arguments: '{oops', id: 'bad' },
        ],
      },
    ]);
    const { toolCalls, finishReason } = await model.generate(ask('x'));
    expect(finishReason).toBe('tool_calls');
    expect(toolCalls[0]).toMatchObject({
      id: 'call_0_0',
      arguments: { expression: '1+1' },
      rawArguments: '{"expression":"1+1"}',
    });
    expect(toolCalls[1]).toMatchObject({ id: 'bad', rawArguments: '{oops' });
    expect(toolCalls[1]?.parseError).toBeTruthy();
  });

  it('lets a function script answer from the request, refuse, or throw', async () => {
    const model = createScriptedModel((req, index) => {
      const text = String(req.messages[0]?.content);
      if (text === 'refuse') return { refusal: 'No.' };
      if (text === 'down') return { error: new ModelUnavailableError('offline') };
      return { text: `${index}:${text.toUpperCase()}` };
    });
    expect((await model.generate(ask('abc'))).text).toBe('0:ABC');
    expect((await model.generate(ask('refuse'))).refusal).toBe('No.');
    await expect(model.generate(ask('down'))).rejects.toBeInstanceOf(ModelUnavailableError);
  });

  it('estimates usage from the size of the request and the reply, images at a fixed cost', async () => {
    const model = createScriptedModel([
      { text: 'x'.repeat(40) },
      { text: 'y', usage: { promptTokens: 7, completionTokens: 3 } },
    ]);
    const withImage = {
      messages: [
        {
          role: 'user' as const,
          content: [
            { type: 'text' as const, text: 'a'.repeat(16) },
            { type: 'image' as const, mediaType: 'image/png' as const, data: 'AAAA' },
          ],
        },
      ],
    };
    expect(estimatePromptTokens(withImage.messages)).toBe(4 + 4 + 85);
    const meter = new UsageMeter();
    const m = metered(model, meter);
    expect((await m.generate(withImage)).usage).toEqual({ promptTokens: 93, completionTokens: 10 });
    await m.generate(ask('z'));
    expect(meter.total()).toEqual({ llmCalls: 2, promptTokens: 100, completionTokens: 13 });
  });

  it('honours an aborted signal before answering', async () => {
    const model = createScriptedModel([{ text: 'never' }]);
    const controller = new AbortController();
    controller.abort();
    await expect(model.generate({ ...ask('x'), signal: controller.signal })).rejects.toThrow(/abort/i);
    expect(model.requests).toHaveLength(0);
  });
});
