// Checks the SSE parser against the ways a stream really arrives: split anywhere, CRLF, comments, multi-line data.
import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse';

describe('createSseParser', () => {
  it('returns messages only once their blank line has arrived, however the chunks split', () => {
    const parser = createSseParser();
    expect(parser.push('event: plan\nda')).toEqual([]);
    expect(parser.push('ta: {"a":1}\n')).toEqual([]);
    expect(parser.push('\ndata: x\n\n')).toEqual([
      { event: 'plan', data: '{"a":1}' },
      { event: 'message', data: 'x' },
    ]);
  });

  it('handles CRLF split between chunks, comments, ids and multi-line data', () => {
    const parser = createSseParser();
    const out = [
      ...parser.push(': keep-alive\r\nid: 7\r\ndata: line one\r'),
      ...parser.push('\ndata:line two\r\n\r'),
      ...parser.push('\n'),
    ];
    expect(out).toEqual([{ event: 'message', data: 'line one\nline two', id: '7' }]);
  });

  it('drops a message the stream ended in the middle of', () => {
    const parser = createSseParser();
    expect(parser.push('data: partial\n')).toEqual([]);
    expect(parser.end()).toEqual([]);
  });
});
