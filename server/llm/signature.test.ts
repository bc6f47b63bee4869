// Signatures and predict(): the schema sent, validation of replies, one retry on malformed output, refusals not retried.

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ModelResponseError, ModelUnavailableError } from './errors';
import { createScriptedModel } from './scripted';
import { defineSignature, outputJsonSchema, predict } from './signature';

const sizeSignature = defineSignature({
  name: 'lesion_size',
  instructions: 'Return the size of the lesion described.',
  render: (input: { text: string }) => `Text: ${input.text}`,
  output: z.object({ sizeMm: z.number().nullable(), site: z.string() }),
});

const usage = { promptTokens: 10, completionTokens: 5 };

describe('predict', () => {
  it('sends instructions, rendered input and the strict output schema, then parses the reply', async () => {
    const model = createScriptedModel([{ json: { sizeMm: 28, site: 'liver' }, usage }]);
    const result = await predict(model, sizeSignature, { text: 'a 28 mm liver lesion' });
    expect(result.output).toEqual({ sizeMm: 28, site: 'liver' });
    expect(result.usage).toEqual({ llmCalls: 1, promptTokens: 10, completionTokens: 5 });
    const [req] = model.requests;
    expect(req?.messages[0]).toEqual({ role: 'system', content: 'Return the size of the lesion described.' });
    expect(req?.messages[1]?.content).toBe('Text: a 28 mm liver lesion');
    expect(req?.responseSchema?.name).toBe('lesion_size');
    expect(req?.responseSchema?.schema).toMatchObject({ required: ['sizeMm', 'site'], additionalProperties: false });
    expect(req?.responseSchema?.schema).not.toHaveProperty('$schema');
  });

  it('retries once after a reply that is not JSON, counting both calls', async () => {
    const model = createScriptedModel([
      { text: 'Sure! The size is 28 mm.', usage },
      { json: { sizeMm: 28, site: 'liver' }, usage },
    ]);
    const result = await predict(model, sizeSignature, { text: 'x' });
    expect(result.output.sizeMm).toBe(28);
    expect(result.usage).toEqual({ llmCalls: 2, promptTokens: 20, completionTokens: 10 });
  });

  it('fails after the retry when the shape stays wrong, naming the field', async () => {
    const model = createScriptedModel([
      { json: { sizeMm: '28' } },
      { json: { sizeMm: '28' } },
      { json: { sizeMm: 1, site: 'x' } },
    ]);
    await expect(predict(model, sizeSignature, { text: 'x' })).rejects.toThrow(
      /unusable after 2 attempts: wrong shape \(sizeMm/
    );
    expect(model.requests).toHaveLength(2);
  });

  it('does not retry a refusal and carries its text', async () => {
    const model = createScriptedModel([{ refusal: 'I cannot measure this.' }, { json: { sizeMm: 1, site: 'x' } }]);
    const err = await predict(model, sizeSignature, { text: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelResponseError);
    expect((err as ModelResponseError).refusal).toBe('I cannot measure this.');
    expect(model.requests).toHaveLength(1);
  });

  it('retries a garbled transport reply but not a rejected request or an unavailable model', async () => {
    const garbled = createScriptedModel([
      { error: new ModelResponseError('no choices') },
      { json: { sizeMm: null, site: 'lung' } },
    ]);
    expect((await predict(garbled, sizeSignature, { text: 'x' })).output).toEqual({ sizeMm: null, site: 'lung' });
    const rejected = createScriptedModel([{ error: new ModelResponseError('bad schema', { status: 400 }) }]);
    await expect(predict(rejected, sizeSignature, { text: 'x' })).rejects.toThrow('bad schema');
    const down = createScriptedModel([{ error: new ModelUnavailableError('down') }]);
    await expect(predict(down, sizeSignature, { text: 'x' })).rejects.toBeInstanceOf(ModelUnavailableError);
  });
});

describe('outputJsonSchema', () => {
  it('expresses nullable fields as required with a null type (strict mode)', () => {
    expect(outputJsonSchema(sizeSignature)).toMatchObject({
      properties: { sizeMm: { type: ['number', 'null'] } },
      required: ['sizeMm', 'site'],
    });
  });
});
