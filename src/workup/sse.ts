// Parses a Server-Sent Events byte stream into messages, so the workup stream can be read with fetch (see api.ts).
/** One dispatched SSE message. */
export interface SseMessage {
  /** The `event:` field, or 'message' when absent. */
  event: string;
  data: string;
  id?: string;
}

/** Incremental SSE parser: feed text chunks as they arrive, get complete messages back. */
export interface SseParser {
  /**
   * Adds a decoded text chunk.
   * @param chunk - Text as it arrived (may split lines or messages anywhere).
   * @returns The messages completed by this chunk.
   */
  push(chunk: string): SseMessage[];
  /** Ends the stream: a message without its closing blank line is dropped, as the SSE spec says. */
  end(): SseMessage[];
}

/**
 * Creates a parser following the WHATWG event-stream rules (CRLF/LF/CR line ends, comments, multi-line data).
 * @returns The parser.
 */
export function createSseParser(): SseParser {
  let buffer = '';
  let data: string[] = [];
  let event = '';
  let id: string | undefined;
  // A chunk can end between the CR and LF of a CRLF; the LF then must not count as a second line end.
  let skipLf = false;

  function line(text: string, out: SseMessage[]): void {
    if (text === '') {
      if (data.length > 0) {
        out.push({ event: event || 'message', data: data.join('\n'), ...(id !== undefined ? { id } : {}) });
      }
      data = [];
      event = '';
      return;
    }
    if (text.startsWith(':')) {
      return;
    }
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) {
      value = value.slice(1);
    }
    if (field === 'data') {
      data.push(value);
    } else if (field === 'event') {
      event = value;
    } else if (field === 'id' && !value.includes('\0')) {
      id = value;
    }
  }

  return {
    push(chunk) {
      const out: SseMessage[] = [];
      buffer += skipLf && chunk.startsWith('\n') ? chunk.slice(1) : chunk;
      skipLf = false;
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        if (!match) {
          break;
        }
        if (match[0] === '\r' && match.index === buffer.length - 1) {
          skipLf = true;
        }
        line(buffer.slice(0, match.index), out);
        buffer = buffer.slice(match.index + match[0].length);
      }
      return out;
    },
    end() {
      buffer = '';
      data = [];
      return [];
    },
  };
}
