// Conversation mapping for the local adapter: tool results attach to their calls, the history ends on a model turn,
// replies map back with ids, finish reasons and usage.
import { describe, expect, it } from 'vitest';
import { fromChatResponse, toChatHistory, toFunctions } from './local-chat';
import { toToolCall } from './types';

describe('toChatHistory', () => {
  it('ends a user turn with an empty model response to be generated', () => {
    expect(
      toChatHistory([
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: [{ type: 'text', text: 'Stage?' }] },
      ])
    ).toEqual([
      { type: 'system', text: 'Be brief.' },
      { type: 'user', text: 'Stage?' },
      { type: 'model', response: [] },
    ]);
  });

  it('attaches each tool result (JSON or text) to the call it answers and continues that model turn', () => {
    const history = toChatHistory([
      { role: 'user', content: 'Measure both.' },
      {
        role: 'assistant',
        content: 'Measuring.',
        toolCalls: [toToolCall('a', 'segment_lesion', '{"study":"1"}'), toToolCall('b', 'segment_lesion', '{bad')],
      },
      { role: 'tool', toolCallId: 'b', content: 'failed: no such series' },
      { role: 'tool', toolCallId: 'a', content: '{"diameterMm":31}' },
    ]);
    expect(history).toHaveLength(2);
    expect(history[1]).toEqual({
      type: 'model',
      response: [
        'Measuring.',
        { type: 'functionCall', name: 'segment_lesion', params: { study: '1' }, result: { diameterMm: 31 } },
        { type: 'functionCall', name: 'segment_lesion', params: '{bad', result: 'failed: no such series' },
      ],
    });
  });

  it('refuses a tool message that answers no call', () => {
    expect(() => toChatHistory([{ role: 'tool', toolCallId: 'x', content: '{}' }])).toThrow(/answers no earlier call/);
  });
});

describe('toFunctions and fromChatResponse', () => {
  it('declares tools with grammar-ready parameters', () => {
    expect(toFunctions([])).toBeUndefined();
    const fns = toFunctions([
      {
        name: 'calc',
        description: 'Arithmetic',
        parameters: { type: 'object', properties: { e: { type: 'string', pattern: '.' } } },
      },
    ]);
    expect(fns).toEqual({
      calc: {
        description: 'Arithmetic',
        params: { type: 'object', properties: { e: { type: 'string' } }, additionalProperties: false },
      },
    });
  });

  it('maps calls, stop reasons and usage', () => {
    const usage = { promptTokens: 12, completionTokens: 3 };
    const called = fromChatResponse(
      {
        response: '',
        functionCalls: [{ functionName: 'calc', params: { e: '1+1' } }],
        metadata: { stopReason: 'functionCalls' },
      },
      'tiny',
      usage
    );
    expect(called.finishReason).toBe('tool_calls');
    expect(called.toolCalls[0]).toMatchObject({ name: 'calc', arguments: { e: '1+1' }, rawArguments: '{"e":"1+1"}' });
    expect(called.toolCalls[0]?.id).toMatch(/^call_/);
    expect(called.usage).toBe(usage);
    expect(fromChatResponse({ response: 'x', metadata: { stopReason: 'maxTokens' } }, 'tiny', usage).finishReason).toBe(
      'length'
    );
    expect(fromChatResponse({ response: 'x', metadata: { stopReason: 'eogToken' } }, 'tiny', usage)).toMatchObject({
      text: 'x',
      toolCalls: [],
      finishReason: 'stop',
      model: 'tiny',
    });
  });
});
